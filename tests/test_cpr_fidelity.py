"""cpr rules pinned where a deliberate wrong change to the code or data went unnoticed, or was
noticed only by a test of something else (fidelity audit by mutation; each test names the rule
and the change it guards against). Figures are worked by hand from 001 and RULINGS C-*."""

from __future__ import annotations

import pytest

from cpr_support import person, start, step
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.rulesets.cpr import CprData
from firefight.rulesets.cpr.attack import RangedAttack, Shot, resolve_ranged_attack
from firefight.rulesets.cpr.checks import dodges_against
from firefight.rulesets.cpr.combatants import Dodge, Spot, Target
from firefight.rulesets.cpr.cover import Cover
from firefight.rulesets.cpr.events import CoverDamaged, DamageDealt
from firefight.rulesets.cpr.explosives import Explosion, resolve_explosion
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.cpr.shotgun import ShotgunShells, resolve_shotgun_shells
from firefight.rulesets.cpr.wounds import WoundState
from firefight.trace import QuietTraceBuilder, Total, TraceBuilder

DATA = CprData()


# --- CPR-HIT-1 --------------------------------------------------------------------------------


@pytest.mark.parametrize("quiet", [False, True], ids=["told", "quiet"])
def test_cpr_hit_1_a_tie_misses_whether_the_trace_is_told_or_not(quiet: bool) -> None:
    """CPR-HIT-1: a tie is a miss. REF 7 + Handgun 6 + d10 2 = 15 against the pistol's DV 15
    at 7-12 m: a miss, and no damage die is asked for; a 3 (16) hits. A simulation resolves
    with a quiet trace, which decides the tie on a path of its own: both paths are held."""
    attack = RangedAttack(
        weapon="heavy pistol", ref=7, skill=6, shots=(Shot(distance_m=10, target=Target()),)
    )

    def tb() -> TraceBuilder:
        return QuietTraceBuilder() if quiet else TraceBuilder()

    tie = resolve_ranged_attack(attack, Dice.scripted([2]), DATA, tb())
    assert (tie.result.shots[0].dv, tie.result.shots[0].attack_total) == (15, 15)
    assert (tie.result.shots[0].result, tie.result.hits) == ("miss", 0)
    beat = resolve_ranged_attack(attack, Dice.scripted([3, 1, 1, 1]), DATA, tb())
    assert (beat.result.shots[0].result, beat.result.hits) == ("hit", 1)


# --- C-9 --------------------------------------------------------------------------------------


def test_c_9_a_mortally_wounded_shooter_takes_minus_4() -> None:
    """C-9 gives the mortally wounded no figure; the public core rules' -4 to all actions is
    used (docs/cpr.md). REF 7 + Handgun 6 + d10 8 = 21 beats DV 20 at 18 m; mortally wounded,
    21 - 4 = 17 misses. Guards the -4 against any other figure (-2 is the serious one)."""
    attack = RangedAttack(
        weapon="heavy pistol",
        ref=7,
        skill=6,
        shots=(Shot(distance_m=18, target=Target()),),
        wound=WoundState.MORTAL,
    )
    outcome = resolve_ranged_attack(attack, Dice.scripted([8]), DATA)
    assert (outcome.result.shots[0].attack_total, outcome.result.shots[0].result) == (17, "miss")
    total = next(e for e in outcome.trace if isinstance(e, Total) and e.label == "attack total")
    assert [(p.value, p.rule) for p in total.parts] == [
        (7, "CPR-HIT-1"),
        (6, "CPR-HIT-2"),
        (-4, "C-9"),
        (8, "C-1"),
    ]


def test_c_9_a_mortally_wounded_fighter_moves_6_less() -> None:
    """C-9 (public core figure, docs/cpr.md): MOVE -6 while mortally wounded. Rook, MOVE 10 and
    at 0 HP, has MOVE 4: 8 m in one Move (2 m a point of MOVE), 9 m is too far."""
    service = start(
        [person("V", 0, 0, ref=7), person("Rook", 0, 10, hp_left=0, move=10)],
        [5, 5, 3],  # initiative V 7+5, Rook 6+5; Rook's death save 3 < BODY 6
    )
    with pytest.raises(RuleRefusal, match=r"Rook can move 8 m in one Move \(MOVE 4"):
        step(service, [], "Rook moves to 0,19")
    step(service, [], "Rook moves to 0,18")
    assert fighter(service.state("fight").combatant("Rook")).moved_m == 8


# --- C-13 -------------------------------------------------------------------------------------


def test_c_13_cover_at_0_hp_is_no_cover_and_a_blast_does_not_strike_it() -> None:
    """C-13: cover is destroyed at 0 HP (thin plaster has none to begin with). A placed 2d6
    charge (3 + 4 = 7) at 20,0 reaches Ana at 18,1 behind such a wall: she takes all 7, and
    the wall, being nothing, takes no damage event of its own. Guards against striking cover
    that has no HP left."""
    ana = Target(name="Ana", position=Spot(x_m=18, y_m=1), cover=Cover(name="Wall", hp=0))
    blast = Explosion(
        weapon="grenade launcher",
        aim_point=Spot(x_m=20, y_m=0),
        targets=(ana,),
        placed=True,
        damage_d6=2,
    )
    outcome = resolve_explosion(blast, Dice.scripted([3, 4]), DATA)
    assert not any(isinstance(e, CoverDamaged) for e in outcome.events)
    dealt = [e for e in outcome.events if isinstance(e, DamageDealt)]
    assert [(e.target, e.damage, e.through) for e in dealt] == [("Ana", 7, 7)]


# --- CPR-ROF-1 --------------------------------------------------------------------------------


def test_cpr_rof_1_the_move_between_two_shots_is_the_turns_one_move() -> None:
    """CPR-ROF-1 with the turn of one Move and one Action (CPR-REF-1): the move between a ROF 2
    pistol's two shots is the turn's Move, so after V has moved, a move between is refused and
    nothing changes; the two shots without it still stand."""
    service = start([person("V", 0, 0, ref=7), person("Rook", 0, 20)], [5, 5])
    step(service, [], "V moves to 0,2")
    before = service.state("fight")
    with pytest.raises(RuleRefusal) as refused:
        step(service, [9, 9], "V shoots Rook --twice --move-between 0,8")
    assert refused.value.rule == "CPR-REF-1"
    assert "already spent this turn's Move" in refused.value.reason
    assert service.state("fight") == before
    step(service, [2, 2], "V shoots Rook --twice")  # two misses: 7 + 6 + 2 = 15, DV 20 at 18 m


# --- C-14 -------------------------------------------------------------------------------------


def test_c_14_set_on_fire_twice_burns_as_once() -> None:
    """C-14 (incendiary: 2 HP at the end of each turn until put out): on fire is a state, not a
    count. Two incendiary hits from V's ROF 2 heavy pistol at 10 m (7 + 6 + 5 = 18 beats DV 15;
    3d6 1 + 2 + 3 = 6 through no SP, each) leave Rook at 28 HP, burning; the turn's end takes 2,
    not 4: 26."""
    incendiary = {"name": "pistol", "weapon": "heavy pistol", "ammo": "incendiary", "loaded": 8}
    service = start([person("V", 0, 0, ref=7, weapon=[incendiary]), person("Rook", 0, 10)], [5, 5])
    step(service, [5, 1, 2, 3, 5, 1, 2, 3], "V shoots Rook --twice")
    rook = service.state("fight").combatant("Rook")
    assert (rook.hits_left, fighter(rook).burning) == (28, 2)
    step(service, [])
    assert service.state("fight").combatant("Rook").hits_left == 26


# --- C-12 -------------------------------------------------------------------------------------


def test_c_12_a_medic_exactly_2_m_away_reaches_the_patient() -> None:
    """C-12 (stabilizing takes a hand on the patient: within 2 m, docs/cpr.md): Doc 2 m from
    Rook works on him, TECH 5 + First Aid 4 + d10 5 = 14 beats DV 13, stabilized; 2.5 m is too
    far. Guards the 2 m itself from being left out of reach."""
    doc = person("Doc", 0, 12, tech=5, skills={"First Aid": 4})
    rook = person("Rook", 0, 10, hp_left=0)
    service = start([person("V", 0, 0, ref=7), rook, doc], [5, 5, 4, 3])  # Rook saves 3
    step(service, [5], "Doc stabilizes Rook")
    assert fighter(service.state("fight").combatant("Rook")).stabilized
    far = person("Doc", 0, 12.5, tech=5, skills={"First Aid": 4})
    service = start([person("V", 0, 0, ref=7), rook, far], [5, 5, 4, 3])
    with pytest.raises(RuleRefusal, match="C-12: Doc must be within 2 m to work on Rook"):
        step(service, [5], "Doc stabilizes Rook")


# --- CPR-AIM-1 --------------------------------------------------------------------------------


def test_cpr_aim_1_dec_762_a_shot_at_the_hand_drops_the_one_item_held() -> None:
    """CPR-AIM-1, DEC-762: aimed at the held item, damage through drops the item chosen: the
    one knife in Rook's hand, not the second he carries. V: 7 + 6 - 8 + d10 (10, then 5) = 20
    beats DV 15 at 10 m; 3d6 5 + 5 + 2 = 12 through no SP. One knife is left, in hand."""
    knives = {"name": "knives", "weapon": "knife", "count": 2}
    service = start([person("V", 0, 0, ref=7), person("Rook", 0, 10, weapon=[knives])], [5, 5])
    record = step(service, [10, 5, 5, 5, 2], "V shoots Rook --aim held-item")
    assert record.summary["shots"][0]["attack_total"] == 20
    rook = service.state("fight").combatant("Rook")
    assert rook.hits_left == 28
    assert rook.weapon("knives") is not None
    assert fighter(rook).count_of("knives") == 1


# --- C-8 --------------------------------------------------------------------------------------


def test_c_8_a_dodge_that_ties_the_blasts_roll_takes_the_target_clear() -> None:
    """C-8 with CPR-DOD-1 and CPR-HIT-1's ties: the launcher's REF 7 + Heavy Weapons 4 + d10 8
    = 19 only ties Bo's dodge, DEX 8 + Evasion 7 + d10 4 = 19 (rolled first): the defender wins
    the tie, Bo is clear and no damage die is rolled."""
    bo = Target(name="Bo", position=Spot(x_m=22, y_m=0), dodge=Dodge(ref=9, dex=8, evasion=7))
    blast = Explosion(
        weapon="grenade launcher", aim_point=Spot(x_m=20, y_m=0), stat=7, skill=4, targets=(bo,)
    )
    outcome = resolve_explosion(blast, Dice.scripted([4, 8]), DATA)
    assert outcome.result.attack_total == 19
    assert [(t.target, t.result, t.dodge) for t in outcome.result.targets] == [("Bo", "dodged", 19)]
    assert not any(isinstance(e, DamageDealt) for e in outcome.events)


# --- CPR-DOD-1, DEC-867 -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dv", "dodges"),
    [(19, True), (20, False)],
    ids=["19.5-over-19", "19.5-under-20"],
)
def test_cpr_dod_1_dec_867_a_fighter_dodges_where_the_dodge_averages_above_the_dv(
    dv: int, dodges: bool
) -> None:
    """DEC-867: DEX 8 + Evasion 6 and a d10's 5.5 average 19.5: taken against DV 19, not
    against DV 20; a dodge declared for the shot (not the fighter's own choice) is rolled
    against either."""
    chosen = Dodge(ref=8, dex=8, evasion=6, if_better=True)
    target = Target(name="Juno", dodge=chosen)
    assert dodges_against(target, dv, TraceBuilder(), DATA) is dodges
    declared = Target(name="Juno", dodge=Dodge(ref=8, dex=8, evasion=6))
    assert dodges_against(declared, dv, TraceBuilder(), DATA)


def test_c_7_dec_867_shells_meet_the_flat_dv_where_a_weak_dodge_would_fall_short() -> None:
    """C-7 with DEC-867: Bo's dodge (DEX 6, no Evasion) averages 11.5 against the shells'
    DV 13, so he does not dodge: no dodge die, and REF 6 + Shoulder Arms 5 + d10 3 = 14 hits
    him."""
    bo = Target(
        name="Bo", position=Spot(x_m=5, y_m=0), dodge=Dodge(ref=8, dex=6, evasion=0, if_better=True)
    )
    shells = ShotgunShells(ref=6, skill=5, toward=Spot(x_m=10, y_m=0), targets=(bo,))
    outcome = resolve_shotgun_shells(shells, Dice.scripted([3, 1, 1, 1]), DATA)
    assert outcome.trace.rolls[0].purpose == "shooter's shotgun shell"
    assert [(t.target, t.result) for t in outcome.result.targets] == [("Bo", "hit")]


# --- C-7 --------------------------------------------------------------------------------------


def test_c_7_a_dodge_that_ties_the_shells_roll_stands() -> None:
    """C-7 with CPR-DOD-1 and CPR-HIT-1's ties: REF 6 + Shoulder Arms 5 + d10 7 = 18 only ties
    Bo's dodge, DEX 7 + Evasion 6 + d10 5 = 18 (rolled first): the shell misses him and no
    damage die is rolled."""
    bo = Target(name="Bo", position=Spot(x_m=5, y_m=0), dodge=Dodge(ref=8, dex=7, evasion=6))
    shells = ShotgunShells(ref=6, skill=5, toward=Spot(x_m=10, y_m=0), targets=(bo,))
    outcome = resolve_shotgun_shells(shells, Dice.scripted([5, 7]), DATA)
    assert outcome.result.attack_total == 18
    assert [(t.target, t.result, t.dodge) for t in outcome.result.targets] == [("Bo", "miss", 18)]
    assert outcome.result.hits == 0
