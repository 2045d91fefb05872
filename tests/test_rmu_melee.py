"""The rmu melee attack, the grapple and breaking free (issue 14, melee half): RULINGS R-6 (2-4
AP), P-9 (no defenses for the helpless), RMU-GEN-1 (haste), RMU-GEN-2 (the roll), RMU-GEN-5 (the
table at the weapon's size), RMU-GEN-8 (fumbles), RMU-STAKE-2 (wood stabs at -10), RMU-BITE-2
(the grapple), RMU-BITE-3 (escape only by the contest), RMU-COV-7 (melee cover), M-4 (opposed
rolls); DEC-340..DEC-348 for the stand-ins; and the catalog DATA.md asks for."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from encounter_support import MemoryStore, in_memory, scene
from firefight.cli.app import app
from firefight.dice import Dice
from firefight.encounter.scenario import initial_state, load_scenario, scenario_from_data
from firefight.errors import RuleRefusal
from firefight.odds.api import odds, odds_stats
from firefight.outcome import Outcome
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.events import CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.melee.attack import MeleeAttack, resolve_melee_attack
from firefight.rulesets.rmu.melee.catalog import melee_catalog, melee_weapon
from firefight.rulesets.rmu.melee.encounter import PARRYING, melee_column
from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.rulesets.rmu.melee.fumble import melee_fumble_table
from firefight.rulesets.rmu.melee.grapple import Escape, HoldBroken, resolve_escape
from firefight.rulesets.rmu.melee.holds import GRAPPLED, hold_on
from firefight.rulesets.rmu.melee.results import MeleeFumble, MeleeHit, MeleeResult
from firefight.rulesets.rmu.vitals import vitals
from firefight.scene.events import ConditionEnded, ConditionStarted
from firefight.service import EncounterService
from firefight.trace import Lookup

runner = CliRunner()


def blow(out: Outcome[MeleeResult]) -> MeleeHit:
    """The blow of a melee attack that must have hit."""
    found = out.result.blow
    assert isinstance(found, MeleeHit)
    return found


def _terms(outcome: Any) -> dict[str, int]:
    total = next(e for e in outcome.trace if getattr(e, "label", "") == "melee attack total")
    return {p.label: p.value for p in total.parts}


def _entries(trace: Any) -> list[dict[str, Any]]:
    """A resolver's trace or a log record's, as JSON entries."""
    return [e.to_json() if hasattr(e, "to_json") else dict(e) for e in trace]


def _modifiers(trace: Any) -> list[dict[str, Any]]:
    return [p for e in _entries(trace) if e["type"] == "total" for p in e["parts"]]


def _step_rules(trace: Any) -> list[str | None]:
    return [e["rule"] for e in _entries(trace) if e["type"] == "step"]


# --- the catalog (DATA.md "Melee weapons") -----------------------------------------------------


def test_catalog_holds_what_the_kindred_rules_read() -> None:
    """DATA.md: stake, knife, hand axe, broadsword, club, crossbow with wooden bolts; each names
    its attack table and size. RMU-STAKE-2: the stake is wood. RMU-STAKE-3: axe and broadsword
    behead."""
    catalog = melee_catalog()
    for key in ("stake", "knife", "hand-axe", "broadsword", "club", "crossbow", "bite"):
        assert key in catalog
    stake = melee_weapon("stake")
    assert (stake.wooden, stake.stab_penalty, stake.attack_table) == (True, -10, "melee-puncture")
    assert melee_weapon("crossbow").wooden and melee_weapon("crossbow").ranged
    assert melee_weapon("hand-axe").beheads and melee_weapon("broadsword").beheads
    assert not melee_weapon("knife").beheads and not melee_weapon("club").beheads
    bite = melee_weapon("bite")
    assert (bite.attack_table, bite.size.value, bite.natural) == ("melee-puncture", "small", True)


def test_rmu_stake_2_a_wooden_stake_stabs_at_minus_10() -> None:
    out = resolve_melee_attack(MeleeAttack(weapon="stake", ob=50), Dice.scripted([50, 50]))
    assert _terms(out)["Wooden stake stabbing"] == -10
    assert any(m["rule"] == "RMU-STAKE-2" for m in _modifiers(out.trace))


# --- the worked examples through the resolver (DATA.md) ----------------------------------------


@pytest.mark.parametrize(
    ("weapon", "ob", "hits", "severity", "table"),
    [
        ("spear-2h", 89, 23, "D", "puncture"),  # 2H spear Big, total 139
        ("mace", 55, 7, "A", "krush"),  # Small mace, total 105
        ("hand-axe", 100, 16, "D", "slash"),  # Small hand axe, total 150
    ],
)
def test_rmu_gen_5_worked_examples_resolve_exactly(
    weapon: str, ob: int, hits: int, severity: str, table: str
) -> None:
    out = resolve_melee_attack(
        MeleeAttack(weapon=weapon, ob=ob, armor="AT 3"), Dice.scripted([50, 40])
    )
    s = blow(out)
    assert (s.hits, s.severity, s.critical_table) == (hits, severity, table)
    assert HitsInflicted(target="target", hits=hits, rule="RMU-GEN-5") in out.events
    crit = next(e for e in out.events if isinstance(e, CriticalInflicted))
    assert (crit.table, crit.severity, crit.roll) == (table, severity, 40)


# --- AP, haste, refusals (R-6, RMU-GEN-1) ------------------------------------------------------


def test_r_6_melee_takes_2_to_4_ap_at_minus_25_per_ap_short() -> None:
    two = resolve_melee_attack(MeleeAttack(weapon="knife", ob=50, ap=2), Dice.scripted([50, 50]))
    assert _terms(two)["haste: 2 AP short of 4"] == -50
    four = resolve_melee_attack(MeleeAttack(weapon="knife", ob=50), Dice.scripted([50, 50]))
    assert not any("haste" in label for label in _terms(four))
    for ap in (1, 5):
        with pytest.raises(RuleRefusal) as refused:
            resolve_melee_attack(MeleeAttack(weapon="knife", ob=50, ap=ap), Dice.scripted([]))
        assert refused.value.rule == "R-6"
    with pytest.raises(RuleRefusal) as refused:
        resolve_melee_attack(
            MeleeAttack(weapon="knife", ob=50, ap=3, ap_available=2), Dice.scripted([])
        )
    assert refused.value.rule == "RMU-GEN-1"


def test_r_6_a_crossbow_is_shot_not_swung() -> None:
    with pytest.raises(RuleRefusal, match="shot, not swung"):
        resolve_melee_attack(MeleeAttack(weapon="crossbow", ob=50), Dice.scripted([]))


# --- Table 9-5, parry, P-9, cover -------------------------------------------------------------


def test_table_9_5_melee_modifiers_come_from_data() -> None:
    """R-1's figures where R-1 gives them (higher ground, stunned foe, quarters); DEC-340's
    stand-ins for the rest."""
    figures = melee_figures()
    assert figures.modifier("higher-ground") == 10
    assert figures.modifier("stunned-foe") == 20
    assert figures.modifier("quarters-confined") == -100
    assert {"attacker-prone", "prone-target", "flank", "rear"} <= figures.provisional_modifiers
    out = resolve_melee_attack(
        MeleeAttack(weapon="knife", ob=50, situational=("flank", "attacker-prone")),
        Dice.scripted([50, 50]),
    )
    terms = _terms(out)
    assert terms["flank"] == figures.modifier("flank")
    assert terms["attacker prone"] == figures.modifier("attacker-prone")


def test_dec_340_only_a_two_handed_weapon_is_swung_one_handed() -> None:
    """DEC-340: the -20 for a two-hander in one hand counts for a weapon the catalog marks
    two-handed; naming it for a knife is refused before any die."""
    assert melee_weapon("spear-2h").two_handed and not melee_weapon("knife").two_handed
    one_hand = ("two-hander-one-hand",)
    out = resolve_melee_attack(
        MeleeAttack(weapon="spear-2h", ob=50, situational=one_hand), Dice.scripted([50, 50])
    )
    assert _terms(out)["two hander one hand"] == -20
    with pytest.raises(RuleRefusal, match="not a two-handed weapon") as caught:
        resolve_melee_attack(
            MeleeAttack(weapon="knife", ob=50, situational=one_hand), Dice.scripted([])
        )
    assert caught.value.rule == "DEC-340"


def test_dec_345_parry_moves_ob_into_db() -> None:
    out = resolve_melee_attack(
        MeleeAttack(weapon="knife", ob=50, parry=20, target_db=10, target_parry=15),
        Dice.scripted([50, 50]),
    )
    terms = _terms(out)
    assert (terms["OB moved to parry"], terms["defender's parry"]) == (-20, -15)
    assert terms["Quickness DB"] == -10
    with pytest.raises(RuleRefusal, match="more than there is"):
        resolve_melee_attack(MeleeAttack(weapon="knife", ob=10, parry=20), Dice.scripted([]))


def test_dec_345_no_parry_against_a_blow_from_behind() -> None:
    out = resolve_melee_attack(
        MeleeAttack(weapon="knife", ob=50, target_parry=15, situational=("rear",)),
        Dice.scripted([50, 50]),
    )
    assert "defender's parry" not in _terms(out)


def test_p_9_a_helpless_defender_brings_no_db_and_no_parry() -> None:
    awake = MeleeAttack(weapon="knife", ob=50, target_db=20, target_parry=30)
    out = resolve_melee_attack(awake, Dice.scripted([50, 50]))
    asleep = resolve_melee_attack(
        MeleeAttack(weapon="knife", ob=50, target_db=20, target_parry=30, helpless=True),
        Dice.scripted([50, 50]),
    )
    assert out.result.total == 50
    assert asleep.result.total == 100
    assert "P-9" in _step_rules(asleep.trace)


def test_rmu_cov_7_cover_against_melee() -> None:
    out = resolve_melee_attack(
        MeleeAttack(weapon="knife", ob=50, cover=parse_cover("half:hard")), Dice.scripted([50, 50])
    )
    assert _terms(out)["half:hard cover against melee"] == -40


@pytest.mark.parametrize(
    ("naked", "vest", "column"),
    [
        ("AT 1", "BA I", "AT 4"),
        ("AT 1", "BA II", "AT 5"),
        ("AT 1", "BA III", "AT 8"),
        ("AT 1", "BA IV", "AT 10"),
        ("AT 6", "BA I", "AT 6"),  # the hide is heavier than the vest: it stands
    ],
)
def test_dec_348_a_vest_counts_as_an_at_against_blades(naked: str, vest: str, column: str) -> None:
    """DEC-348: melee tables have AT columns only; a worn vest reads BA I AT 4, BA II AT 5,
    BA III AT 8, BA IV AT 10, unless the wearer's naked AT is heavier."""
    worn = person("Viktor", 0, 0, naked_at=naked, armor={"kind": vest})
    state = initial_state(scenario_from_data(scene(worn)))
    assert melee_column(state.combatant("Viktor")) == column


def test_p_6_a_melee_total_over_175_adds_to_the_critical_roll() -> None:
    """P-6 in melee: roll 97 + 3 = 100 and OB 100 make 200 with the broadsword, read on the
    173-175 row, 25 over it: +5 on the critical roll, so a 62 (an arm, 56-65) reads as 67, a
    leg (67-75, RMU-BP-1's layout)."""
    out = resolve_melee_attack(MeleeAttack(weapon="broadsword", ob=100), Dice.scripted([97, 3, 62]))
    hit = blow(out)
    assert out.result.total == 200
    assert (hit.critical_roll, hit.location) == (67, "leg")


# --- fumbles (RMU-GEN-8) -----------------------------------------------------------------------


def test_rmu_gen_8_a_natural_in_the_fumble_range_rolls_the_melee_fumble_table() -> None:
    out = resolve_melee_attack(MeleeAttack(weapon="spear-2h", ob=80), Dice.scripted([4, 66]))
    assert out.result.result == "fumble"
    fumbled = out.result.blow
    assert isinstance(fumbled, MeleeFumble)
    assert (fumbled.fumble.column, fumbled.fumble.effect.nearest_ally) == ("two-handed", True)
    # 20 ranks shrink the spear's 01-04 to 01-01 (never below 1).
    ranked = resolve_melee_attack(
        MeleeAttack(weapon="spear-2h", ob=80, ranks=20), Dice.scripted([4, 50])
    )
    assert ranked.result.result == "hit"


@pytest.mark.parametrize(
    ("ranks", "natural", "fumbles"), [(9, 3, True), (9, 4, False), (10, 3, False)]
)
def test_rmu_gen_8_a_blades_fumble_range_falls_one_for_every_5_whole_ranks(
    ranks: int, natural: int, fumbles: bool
) -> None:
    """RMU-GEN-8 in melee: the two-handed spear fumbles on 01-04; 9 ranks hold one full 5, so
    01-03; 10 ranks hold two, so 01-02."""
    out = resolve_melee_attack(
        MeleeAttack(weapon="spear-2h", ob=80, ranks=ranks), Dice.scripted([natural, 50, 50])
    )
    assert (out.result.result == "fumble") is fumbles


def test_melee_fumble_table_has_the_chassis_and_66_goes_to_the_nearest_ally() -> None:
    """DATA.md: columns 1-Handed, 2-Handed, Unarmed; the firearm fumble table's bands."""
    table = melee_fumble_table()
    assert table.columns == ("one-handed", "two-handed", "unarmed")
    assert table.provisional and table.derivation
    assert [r.label for r in table.rows] == [
        "01-20", "21-30", "31-40", "41-50", "51-60", "61-65", "66", "67-70", "71-80", "81-85",
        "86-90", "91-95", "96-99", "100",
    ]  # fmt: skip
    for column in table.columns:
        assert table.read(66, column).effect.nearest_ally
        assert not table.read(65, column).effect.nearest_ally
    assert not any(r.cells["unarmed"].drops_weapon or r.cells["unarmed"].broken for r in table.rows)


# --- the grapple and the escape (RMU-BITE-2, RMU-BITE-3, M-4) ----------------------------------


def test_rmu_bite_2_a_grapple_reads_the_grapple_table_and_takes_a_hold() -> None:
    out = resolve_melee_attack(MeleeAttack(weapon="grapple", ob=60), Dice.scripted([50, 40]))
    s = blow(out)
    assert s.critical_table == "grapple" and s.hold in (10, 30, 50, 70, 90)
    assert melee_weapon("grapple").skill == "unarmed"


def test_rmu_bite_3_escape_needs_the_victims_roll_to_beat_the_holders() -> None:
    """M-4: the victim adds 100 - the holder's total; 101+ (M-3 success) breaks the hold."""
    won = resolve_escape(Escape(ob=40, holder_ob=30, hold=50), Dice.scripted([70, 20]))
    assert won.result.contest == 70 + 40 - 50 + 100 - (20 + 30)
    assert won.result.result == "broke free"
    assert won.events == (HoldBroken(victim="victim", holder="holder", rule="RMU-BITE-3"),)
    tie = resolve_escape(Escape(ob=40, holder_ob=30, hold=50), Dice.scripted([60, 20]))
    assert (tie.result.contest, tie.result.result) == (100, "held")
    assert tie.events == ()
    edge = resolve_escape(Escape(ob=40, holder_ob=30, hold=50), Dice.scripted([61, 20]))
    assert (edge.result.contest, edge.result.result) == (101, "broke free")  # 101 is enough
    with pytest.raises(RuleRefusal) as refused:
        resolve_escape(Escape(ob=40, holder_ob=30, hold=0), Dice.scripted([]))
    assert refused.value.rule == "RMU-BITE-3"


# --- the command line and odds -----------------------------------------------------------------


def test_cli_rmu_melee_json_worked_example() -> None:
    result = runner.invoke(
        app,
        ["rmu", "melee", "--weapon", "mace", "--ob", "55", "--armor", "AT 3", "--rolls",
         "50,30", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["result"]["outcome"] == "hit"
    assert (doc["result"]["hits"], doc["result"]["severity"]) == (7, "A")


def test_cli_rmu_grapple_and_escape() -> None:
    grab = runner.invoke(app, ["rmu", "grapple", "--ob", "60", "--rolls", "50,40"])
    assert grab.exit_code == 0, grab.output
    assert "grappled" in grab.output
    out = runner.invoke(
        app,
        ["rmu", "escape", "--ob", "40", "--holder-ob", "30", "--hold", "50", "--rolls", "70,20",
         "--json"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["result"]["outcome"] == "success"


def test_cli_refuses_two_ap_short_of_the_range() -> None:
    result = runner.invoke(
        app, ["rmu", "melee", "--weapon", "knife", "--ob", "50", "--ap", "1", "--rolls", "50"]
    )
    assert result.exit_code != 0
    assert "R-6" in result.output


def test_odds_of_breaking_free_fast_path_equals_the_generic_engine() -> None:
    """RMU-BITE-3 and M-4 over every pair of rolls (depth 0: no chains followed)."""
    escape = Escape(ob=40, holder_ob=40, hold=30, ap=3)
    fast = odds(None, escape, depth=0)
    generic = odds(None, escape, method="generic", depth=0)
    assert fast.method == "fast exact"
    for view, p in generic.probabilities.items():
        assert fast.probabilities[view] == pytest.approx(p, abs=1e-12)
    assert fast.cut_off == pytest.approx(generic.cut_off)
    deep = odds(None, escape)
    p_free = next(v.value for v in odds_stats(deep, escape) if v.stat.name == "p_free")
    assert 0.05 < p_free < 0.5  # a 30% hold and haste against an equal holder: under even


def test_odds_of_a_grapple_list_the_hold() -> None:
    grab = MeleeAttack(weapon="grapple", ob=200, ap=4)
    dist = odds(None, grab, method="monte-carlo", samples=400, seed=1)
    stats = {v.stat.name: v.value for v in odds_stats(dist, grab)}
    assert stats["p_held"] > 0.9 and stats["expected_hold"] > 10


# --- encounters ---------------------------------------------------------------------------------


PAD = [5] * 40


def person(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "position": [x, y],
        "hits": 80,
        "stats": {"body_development": 25, "bmr_ft": 20, "strength": 10, "quickness_db": 5},
        "skills": {"blade": {"bonus": 50, "ranks": 5}, "unarmed": {"bonus": 40, "ranks": 5}},
        **extra,
    }


def fight(**viktor: Any) -> EncounterService:
    """Mara at the origin facing north; Viktor 4 ft north of her, facing her (south)."""
    data = scene(person("Mara", 0, 0), person("Viktor", 0, 4, **{"facing_deg": 180, **viktor}))
    return in_memory("m", data, Dice.seeded(1))


def test_encounter_mara_attacks_viktor_with_knife() -> None:
    service = fight()
    done = service.act("m", "Mara attacks Viktor with knife --ap 3", Dice.scripted([60, 40]))
    s = done.record.summary
    assert s["action"] == "attacks" and s["weapon"] == "knife"
    # 60 + 50 blade - 25 haste - 5 Quickness DB = 80
    assert s["total"] == 80
    assert vitals(done.state.combatant("Mara")).ap_left == 1
    assert done.state.combatant("Viktor").hits_taken == s["total_hits"]


def test_encounter_refuses_a_target_out_of_reach() -> None:
    service = fight()
    service.act("m", "Viktor moves 0,30", Dice.scripted([]))
    with pytest.raises(RuleRefusal) as refused:
        service.act("m", "Mara attacks Viktor with knife", Dice.scripted([]))
    assert refused.value.rule == "DEC-346"
    # 30 ft apart, 28 ft between the bodies' edges: 23 ft more than the 5 ft a blade reaches,
    # so the refusal gives the gap, not '28 ft beyond reach' (DEC-346).
    assert "28 ft between" in str(refused.value) and "beyond" not in str(refused.value)


@pytest.mark.parametrize(
    ("line", "example"),
    [("Mara grapples", "Mara grapples Viktor"), ("Mara attacks", "Mara attacks Viktor with stake")],
)
def test_a_melee_line_naming_nobody_is_refused_with_its_own_verb_as_the_example(
    line: str, example: str
) -> None:
    """R-6, DEC-775: a bare grapple was told 'e.g. Mara attacks Viktor with knife', an example
    of another verb, which a grapple refuses (it takes no weapon)."""
    service = fight()
    with pytest.raises(RuleRefusal) as refused:
        service.act("m", line, Dice.scripted([]))
    assert refused.value.reason.endswith(f"e.g. '{example}'.")


def test_r_6_a_melee_example_names_the_fight_s_own_foes() -> None:
    """R-6: the melee refusals' example was a fixed "Mara attacks Viktor with knife": in the
    kindred ambush that set Mara on her own ghoul, in another fight on strangers. It is the
    line's own people, the target when the line names one, else a foe."""
    service = EncounterService(MemoryStore())
    ambush = load_scenario(Path(__file__).parents[1] / "examples" / "kindred-ambush.toml")
    service.new("k", ambush, Dice.seeded(1))
    for line, example in (
        ("Mara attacks Jonah", "'attacks' needs a weapon, e.g. 'Mara attacks Jonah with stake'."),
        ("Mara attacks", "'attacks' needs a target, e.g. 'Mara attacks Jonah with stake'."),
        ("Jonah grapples", "'grapples' needs a target, e.g. 'Jonah grapples Mara'."),
    ):
        with pytest.raises(RuleRefusal) as refused:
            service.act("k", line, Dice.scripted([]), force=True)
        assert refused.value.reason == example


def test_encounter_a_blow_from_behind_is_rear() -> None:
    """DEC-346: Viktor faces north (0°) away from Mara, who stands south of him."""
    service = fight(facing_deg=0)
    done = service.act("m", "Mara attacks Viktor with knife", Dice.scripted([60, 40]))
    assert "DEC-346" in _step_rules(done.record.trace)
    assert done.record.summary["total"] == 60 + 50 - 5 + melee_figures().modifier("rear")


def test_encounter_grapple_hold_then_break_free_sequence_replays_from_the_log() -> None:
    """RMU-BITE-2: the hold is the victim's ``grappled`` condition with the grappler's name;
    RMU-BITE-3: only the contest ends it; DEC-343: the held may not walk away."""
    service = fight()
    grab = service.act("m", "Mara grapples Viktor", Dice.scripted([60, 40]))
    started = next(e for e in grab.record.events if isinstance(e, ConditionStarted))
    held = started.condition
    assert (held.kind, held.holder, held.get("grappler")) == (GRAPPLED, "Viktor", "Mara")
    hold = grab.record.summary["hold"]
    assert hold and hold_on(grab.state, "Viktor") == hold
    with pytest.raises(RuleRefusal) as refused:
        service.act("m", "Viktor moves 0,30", Dice.scripted([]))
    assert refused.value.rule == "DEC-343"
    # the round turns: the hold stays (Mara stands, within reach)
    turned = service.next_round("m", Dice.scripted(PAD))
    assert hold_on(turned.state, "Viktor") == hold
    failed = service.act("m", "Viktor breaks free --ap 2", Dice.scripted([10, 90]))
    assert failed.record.summary["result"] == "held"
    assert hold_on(failed.state, "Viktor") == hold
    freed = service.act("m", "Viktor breaks free from Mara --ap 2", Dice.scripted([99, 90, 20]))
    assert freed.record.summary["result"] == "broke free"
    assert any(isinstance(e, ConditionEnded) for e in freed.record.events)
    assert hold_on(freed.state, "Viktor") == 0
    assert service.load("m").state == freed.state


def test_r_6_breaking_free_short_of_ap_points_to_the_hastier_try_that_fits() -> None:
    """RMU-GEN-1, R-6: held with 2 AP left, 'Viktor breaks free' (4 AP) was refused "Breaking
    free costs 4 AP, but only 2 are left." where an attack's refusal names the hastier one that
    fits; the try is made at --ap 2 as well, so it says so, and nothing is saved."""
    service = fight()
    service.act("m", "Mara grapples Viktor", Dice.scripted([60, 40]))
    service.gm("m", "set Viktor ap 2")
    written = len(service.log("m"))
    with pytest.raises(RuleRefusal) as refused:
        service.act("m", "Viktor breaks free", Dice.scripted([10, 90]))
    assert str(refused.value) == (
        "RMU-GEN-1: Breaking free costs 4 AP, but only 2 are left: a hastier one fits, --ap 2."
    )
    assert len(service.log("m")) == written
    service.act("m", "Viktor breaks free --ap 2", Dice.scripted([10, 90]))
    assert vitals(service.state("m").combatant("Viktor")).ap_left == 0


def test_encounter_a_parry_shields_until_the_round_ends() -> None:
    service = fight()
    first = service.act(
        "m", "Viktor attacks Mara with knife --ap 2 --parry 20", Dice.scripted([50, 50])
    )
    assert any(
        isinstance(e, ConditionStarted) and e.condition.kind == PARRYING
        for e in first.record.events
    )
    hit = service.act("m", "Mara attacks Viktor with knife", Dice.scripted([60, 40]))
    assert any(
        p["label"] == "defender's parry" and p["value"] == -20 for p in _modifiers(hit.record.trace)
    )
    turned = service.next_round("m", Dice.scripted(PAD))
    assert not any(k.kind == PARRYING for k in turned.state.conditions)


def test_p_9_an_unconscious_target_has_no_db_in_an_encounter() -> None:
    service = fight(hits=1)
    service.act("m", "Mara attacks Viktor with knife --ap 2", Dice.scripted([90, 40]))
    assert service.load("m").state.combatant("Viktor").unconscious
    hit = service.act("m", "Mara attacks Viktor with knife --ap 2", Dice.scripted([50, 40]))
    assert "P-9" in _step_rules(hit.record.trace)
    assert not any(p["label"] == "Quickness DB" for p in _modifiers(hit.record.trace))


def test_fast_melee_odds_equal_the_generic_engine() -> None:
    """The fast exact path (RMU-GEN-2's roll, RMU-GEN-8's fumbles, V-1's step-down) finds the
    same outcomes as running every dice path."""
    for attack in (
        MeleeAttack(weapon="knife", ob=0, armor="AT 4"),  # Small: A criticals step down
        MeleeAttack(weapon="grapple", ob=-5, ap=3),
    ):
        fast = odds(None, attack, depth=0)
        generic = odds(None, attack, method="generic", depth=0)
        assert fast.method == "fast exact"
        assert set(fast.probabilities) == set(generic.probabilities)
        for view, p in generic.probabilities.items():
            assert fast.probabilities[view] == pytest.approx(p, abs=1e-12)
        assert fast.cut_off == pytest.approx(generic.cut_off)


def test_rmu_gen_8_a_fumble_in_an_encounter_costs_ap_and_stuns() -> None:
    """DEC-342: 01 with a knife (01-02, 5 ranks: 01-01), then 35 on the one-handed column:
    a stumble, 2 AP lost and a round stunned."""
    service = fight()
    done = service.act("m", "Mara attacks Viktor with knife --ap 2", Dice.scripted([1, 35]))
    assert done.record.summary["result"] == "fumble"
    mara = done.state.combatant("Mara")
    assert vitals(mara).ap_left == 0 and vitals(mara).stun_rounds == 1
    assert done.state.combatant("Viktor").hits_taken == 0


def test_v_1_a_small_weapons_a_steps_down_when_it_lands() -> None:
    """DATA.md: a Small knife's A on AT 4 (Medium 11AP at 101-103) is one below A; the
    critical roll 40 (leg 36-45) steps down to the leg row 06-10 on the A column (V-1)."""
    out = resolve_melee_attack(
        MeleeAttack(weapon="knife", ob=52, armor="AT 4"), Dice.scripted([50, 40])
    )
    s = blow(out)
    assert (out.result.total, s.hits, s.severity, s.step_down) == (102, 8, "A", 1)
    assert (s.row, s.location) == ("06-10", "leg")
    crit = next(e for e in out.events if isinstance(e, CriticalInflicted))
    assert crit.effect.hits == round(2 * 3 / 4)  # Ballistic Puncture leg 06-10 A: 2 hits x 3/4
    assert "V-1" in _step_rules(out.trace)


def test_tables_list_and_show_the_melee_tables() -> None:
    listed = json.loads(runner.invoke(app, ["tables", "list", "--json"]).stdout)
    names = {t["name"]: t for t in listed["tables"]}
    for name in ("melee-puncture", "melee-slash", "melee-krush", "melee-grapple"):
        assert names[name]["kind"] == "attack" and names[name]["provisional"] is True
    for name in ("puncture", "slash", "krush", "grapple"):
        assert names[name]["kind"] == "critical"
    shown = runner.invoke(app, ["tables", "show", "melee-puncture"])
    assert shown.exit_code == 0 and "13BP" in shown.stdout


def test_tables_check_reads_the_melee_files() -> None:
    checked = runner.invoke(app, ["tables", "check"])
    assert checked.exit_code == 0
    for name in ("melee.toml", "melee_weapons.toml", "melee_fumble.toml"):
        assert name in checked.stdout


def test_v_1_a_severity_shift_moves_the_critical_and_steps_below_a() -> None:
    """The seam V-1 needs: the 2H spear's 23 D read one lighter is 23 C; a Small knife's A
    (already one below A) read one lighter steps down twice."""
    spear = resolve_melee_attack(
        MeleeAttack(weapon="spear-2h", ob=89, armor="AT 3", severity_shift=-1, shift_why="Kindred"),
        Dice.scripted([50, 40]),
    )
    assert (blow(spear).hits, blow(spear).severity) == (23, "C")
    assert "V-1" in _step_rules(spear.trace)
    knife = resolve_melee_attack(
        MeleeAttack(weapon="knife", ob=52, armor="AT 4", severity_shift=-1),
        Dice.scripted([50, 40]),
    )
    assert (blow(knife).severity, blow(knife).step_down) == ("A", 2)
    assert blow(knife).row == "01"  # leg 36-45 -> leg 06-10 -> no lower leg row: 01
    fast = odds(None, MeleeAttack(weapon="knife", ob=0, armor="AT 4", severity_shift=-1), depth=0)
    generic = odds(
        None,
        MeleeAttack(weapon="knife", ob=0, armor="AT 4", severity_shift=-1),
        method="generic",
        depth=0,
    )
    assert set(fast.probabilities) == set(generic.probabilities)


def test_dec_343_the_state_table_lists_holds() -> None:
    service = fight()
    grab = service.act("m", "Mara grapples Viktor", Dice.scripted([60, 40]))
    lines = find_ruleset("rmu").describe_scene(grab.state)
    assert lines == [f"Viktor is grappled {grab.record.summary['hold']}% by Mara."]


def test_r_6_action_lines_name_a_weapon_and_a_living_other_target() -> None:
    service = fight()
    done = service.act("m", "Mara attacks Viktor with hand axe", Dice.scripted([60, 40]))
    assert done.record.summary["weapon"] == "hand-axe"
    for line, rule in (
        ("Viktor attacks Viktor with knife", "R-6"),
        ("Viktor attacks Mara", "R-6"),
        ("Viktor grapples Mara with knife", "R-6"),
        ("Viktor attacks Mara with crossbow", "R-6"),
    ):
        with pytest.raises(RuleRefusal) as refused:
            service.act("m", line, Dice.scripted([]))
        assert refused.value.rule == rule, line


def test_rmu_gen_5_the_trace_says_what_a_small_weapon_makes_of_the_cell() -> None:
    """The lookup said "11AP read small: 8A stepped down 1 puncture": the size's rule, three
    quarters of the hits and one severity lighter, was nowhere, so 11 hits becoming 8 read as a
    slip. The cell names it."""
    out = resolve_melee_attack(
        MeleeAttack(weapon="knife", ob=52, armor="AT 4"), Dice.scripted([50, 40])
    )
    cell = next(e.cell for e in out.trace.entries if isinstance(e, Lookup))
    assert cell.startswith("11AP read small (hits x0.75, one severity lighter): 8A")
