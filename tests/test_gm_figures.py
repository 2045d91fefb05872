"""The GM's ``set NAME FIGURE N`` for each ruleset's own figures and ``repair`` where the
ruleset keeps armor wear (ENC-GM, DEC-551): recorded as ``gm`` records of a FigureSet event,
undone like any record, replayed from an export, refused with a sentence naming what is wrong
when a figure is not the ruleset's or the value is out of its bounds; nothing is written then."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cpr_support import person as cpr_person
from cpr_support import start
from encounter_support import MemoryStore
from firefight.cli.app import app
from firefight.cli.play import Session, SessionCompleter
from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.rulesets import find_ruleset
from firefight.rulesets.cards.encounter_model import stats_of
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.rmu.vitals import armor_of, rmu_stats, vitals
from firefight.scene.events import FigureSet
from firefight.scene.state import CombatantState, Surprise
from firefight.service import EncounterService

ROOT = Path(__file__).resolve().parents[1]


def opened(example: str) -> EncounterService:
    service = EncounterService(MemoryStore())
    scenario = load_scenario(ROOT / "examples" / example)
    service.new("f", scenario, Dice.scripted(scenario.opening_rolls or [5] * 40))
    return service


def refused(service: EncounterService, line: str, said: str) -> None:
    written = len(service.log("f"))
    with pytest.raises(RuleRefusal) as caught:
        service.gm("f", line)
    assert caught.value.rule == "ENC-GM" and said in caught.value.reason
    assert len(service.log("f")) == written


def test_enc_gm_rmu_sets_ap_bleeding_stun_and_a_kindred_s_hunger() -> None:
    service = opened("kindred-ambush.toml")
    service.gm("f", "set Jonah ap 1")
    service.gm("f", "set Jonah bleeding 3")
    service.gm("f", "set Jonah stun 2")
    service.gm("f", "set Mara hunger 4")
    state = service.state("f")
    jonah = vitals(state.combatant("Jonah"))
    assert (jonah.ap_left, jonah.bleed, jonah.stun) == (1, 3, ((-25, 2),))  # R-3's first tier
    kindred = rmu_stats(state.combatant("Mara")).kindred
    assert kindred is not None and kindred.hunger == 4
    record = service.log("f")[-1]
    assert record.kind == "gm" and record.events == (
        FigureSet(target="Mara", figure="hunger", value=4),
    )
    service.undo("f")
    kindred = rmu_stats(service.state("f").combatant("Mara")).kindred
    assert kindred is not None and kindred.hunger != 4
    assert "rules" in service.export("f")  # every record replays


@pytest.mark.parametrize(
    ("example", "line", "said"),
    [
        ("cards-alley.toml", "set Rico yellow 3 4", "set yellow takes one number, not 2 (3 4)"),
        ("night-market.toml", "set V hp 30 2", "set hp takes one number, not 2 (30 2)"),
        ("dry-gulch.toml", "set Bob shock -1 -2 -3", "set shock takes one number, not 3"),
    ],
)
def test_dec_910_a_figure_given_two_numbers_says_so(example: str, line: str, said: str) -> None:
    """ENC-GM, DEC-910: `set Rico yellow 3 4` was refused "'yellow' is left over", the name
    read up to the number too many: the GM was told the figure was wrong. The refusal says the
    figure takes one number, and nothing is written."""
    service = opened(example)
    refused(service, line, said)


def test_enc_gm_rmu_refuses_what_it_keeps_no_room_for() -> None:
    service = opened("kindred-ambush.toml")
    refused(service, "set Jonah ap 5", "AP runs from 0 to 4, not 5")
    refused(service, "set Jonah hunger 2", "Jonah is no Kindred")
    refused(service, "set Mara hunger 9", "Hunger runs from 0 to 5")
    refused(service, "set Jonah fp 2", "The rmu ruleset has no figure 'fp'")
    refused(service, "set Jonah bleding 2", "did you mean 'bleeding'")
    # A figure with no number after it was read as a status: "the GM's command is one person;
    # 'hunger' is left over". What is wrong is the number.
    refused(service, "set Mara hunger x", "set hunger takes a whole number, not 'x'.")
    refused(service, "set Jonah ap 1.5", "set ap takes a whole number from 0 to 4, not '1.5'.")


@pytest.mark.parametrize(
    ("example", "line", "said"),
    [
        ("kindred-ambush.toml", "set Jonah stun 1e308",
         "set stun takes a whole number from 0 to 999, not '1e308'"),
        ("kindred-ambush.toml", "set Jonah ap -1e3",
         "set ap takes a whole number from 0 to 4, not '-1e3'"),
        ("kindred-ambush.toml", "set Jonah bleeding 9999999999999", "from 0 to 999"),
        ("kindred-ambush.toml", "hits Jonah 1e9",
         "hits takes a whole number from 0 to 999, not '1e9'"),
        ("kindred-ambush.toml", "set Jonah hunger 1e9", "Jonah is no Kindred"),
        ("kindred-ambush.toml", "move Jonah to 1e300,1e300",
         "1e300,1e300 is past the scene's limits: a place's X and Y are each within "
         "±1,000,000 ft (README, Limits)"),
        ("kindred-ambush.toml", "add Goon like Jonah at 999999999999,0", "±1,000,000 ft"),
        ("cards-alley.toml", "set Jilly stun 1e308", "The cards ruleset has no figure 'stun'"),
        ("cards-alley.toml", "set Jilly green 1e308", "green takes a whole number from 0 to "),
        ("night-market.toml", "set V take-cover 0.5",
         "take-cover takes a whole number from 0 to 1,"),
        ("night-market.toml", "move V to 1e6,0", "within ±304,800 m"),
    ],
)  # fmt: skip
def test_enc_gm_a_number_past_what_it_may_be_is_refused_naming_the_bounds(
    example: str, line: str, said: str
) -> None:
    """DEC-851: a figure typed as no whole number ("1e308", "1.5") was refused "'stun' is left over"
    where the ruleset keeps no such figure, and "takes a whole number" with no word of its
    bounds where it does; a place past the scene's limits ("1e300,1e300") as unread. Each is
    refused saying what is wrong: the figure's bounds, as the ruleset's check gives them, or
    the scene's limit; nothing is written."""
    refused(opened(example), line, said)


def test_enc_gm_the_command_line_says_what_is_wrong_with_a_number(tmp_path: Path) -> None:
    """DEC-851: `encounter gm` (and `play`, through the same reader) tells the GM the bounds and the
    scene's limits too; nothing is written."""
    store = _new_on_disk(tmp_path, "warehouse", "raid")
    runner = CliRunner()
    for line, said in (
        ("set Mara stun 1e308", "set stun takes a whole number from 0 to 999, not '1e308'"),
        ("move Lev to 1e300,1e300", "1e300,1e300 is past the scene's limits"),
    ):
        done = runner.invoke(app, ["encounter", "gm", "raid", line, *store])
        assert done.exit_code != 0 and f"refused: ENC-GM: {said}" in done.stderr, done.stderr
    log = runner.invoke(app, ["encounter", "log", "raid", *store])
    assert "#2" not in log.stdout, log.stdout


def test_enc_gm_cpr_sets_hp_and_sp_and_repairs_armor() -> None:
    service = opened("night-market.toml")
    service.gm("f", "set V hp 12")
    service.gm("f", "set V sp 4")
    service.gm("f", "set V head-sp 2")
    v = service.state("f").combatant("V")
    assert v.hits_left == 12 and (fighter(v).body_sp, fighter(v).head_sp) == (4, 2)
    service.gm("f", "repair V")  # C-3: back to the armor's full SP
    v = service.state("f").combatant("V")
    assert (fighter(v).body_sp, fighter(v).head_sp) == (fighter(v).body_sp_max, 7)
    assert fighter(v).body_sp_max == 11
    refused(service, "set V sp 99", "body SP runs from 0 to")
    refused(service, "set V hp -1000", "V's HP runs from -999 to 40, not -1000")  # DEC-855
    refused(service, "repair Mei", "Mei wears no armor")
    service.undo("f")
    assert fighter(service.state("f").combatant("V")).body_sp == 4
    assert "rules" in service.export("f")


def test_enc_gm_c_6_dec_676_cpr_clears_and_sets_the_move_owed_to_cover() -> None:
    """ENC-GM, C-6, DEC-676: Tank's suppressive fire breaks Vic (8 + 6 - 2 + 3 = 15 against
    3 + 1 + 5 = 9), who owes a Move to cover from Tank; the GM's `set Vic take-cover 0`
    clears it (and whose fire it was), undone like any record; `take-cover 1` puts a debt
    on Rook, whose fire nobody's (any Move pays it); out of bounds, or on the unconscious, it
    is refused and nothing is written."""
    people = [
        cpr_person(
            "Tank",
            0,
            0,
            ref=8,
            skills={"Autofire": 6},
            armor={"body": "heavy armorjack"},
            weapon=[{"name": "smg", "weapon": "smg"}],
        ),
        cpr_person("Vic", 0, 10, will=3, skills={"Concentration": 1}),
        cpr_person("Rook", 0, 30),  # beyond suppressive fire's 25 m
    ]
    service = start(people, [9, 2, 3])
    service.act("fight", "Tank suppresses", Dice.scripted([3, 5]))
    vic = fighter(service.state("fight").combatant("Vic"))
    assert (vic.must_take_cover, vic.cover_from) == (True, ("Tank",))
    service.gm("fight", "set Vic take-cover 0")
    vic = fighter(service.state("fight").combatant("Vic"))
    assert (vic.must_take_cover, vic.cover_from) == (False, ())
    assert service.log("fight")[-1].events == (
        FigureSet(target="Vic", figure="take-cover", value=0),
    )
    service.undo("fight")
    assert fighter(service.state("fight").combatant("Vic")).cover_from == ("Tank",)
    service.gm("fight", "set Rook take-cover 1")
    rook = fighter(service.state("fight").combatant("Rook"))
    assert (rook.must_take_cover, rook.cover_from) == (True, ())
    with pytest.raises(RuleRefusal, match="changes nothing"):  # owed: Tank's fire stays (DEC-733)
        service.gm("fight", "set Vic take-cover 1")
    assert fighter(service.state("fight").combatant("Vic")).cover_from == ("Tank",)
    written = len(service.log("fight"))
    for line, said in (
        ("set Vic take-cover 2", "Vic's take-cover runs from 0 to 1, not 2"),
        ("set Vic take-cuver 0", "did you mean 'take-cover'"),
    ):
        with pytest.raises(RuleRefusal) as caught:
            service.gm("fight", line)
        assert caught.value.rule == "ENC-GM" and said in caught.value.reason
    row = find_ruleset("cpr").describe_row
    assert row(service.state("fight").combatant("Vic"))["conditions"] == "must take cover from Tank"
    service.gm("fight", "set Vic dead")  # the dead owe no Move: the row no longer says so
    assert row(service.state("fight").combatant("Vic"))["conditions"] == "-"
    written += 1
    service.gm("fight", "set Tank unconscious")
    with pytest.raises(RuleRefusal, match="Tank is unconscious: only someone who can act"):
        service.gm("fight", "set Tank take-cover 1")
    assert len(service.log("fight")) == written + 1
    assert "rules" in service.export("fight")


def test_enc_gm_gurps_sets_hp_shock_and_stun_and_has_no_fp() -> None:
    service = opened("dry-gulch.toml")
    service.gm("f", "set Bob hp -3")
    service.gm("f", "set Bob shock -2")
    service.gm("f", "set Bob stun 1")
    s = gurps_stats(service.state("f").combatant("Bob"))
    assert (s.hp - s.lost, s.shock, s.stunned) == (-3, -2, True)
    refused(service, "set Bob fp 3", "keeps no Fatigue Points")
    refused(service, "set Bob shock -5", "shock runs from -4 to 0")
    refused(service, "set Bob hp -51", "HP runs from -50 to 10")  # dead at -5 x HP
    refused(service, "repair Bob", "Bob wears no armor to repair")
    # Ann's leather shows in the table: the refusal names it, not "no armor" (ENC-GM).
    refused(service, "repair Ann", "gurps armor takes no wear: Ann's leather keeps its DR whole")
    assert "rules" in service.export("f")


def test_dec_895_a_gm_s_shock_weighs_on_the_fighter_s_own_next_turn_as_a_wound_s_does() -> None:
    """ENC-GM, GUR-CORE-1, DEC-895: a wound's shock weighs on the wounded fighter's next turn,
    this second's if still to come, else the next second's. `set Ann shock -3` after Ann's
    turn set the spent second's shock, so the GM's -3 weighed on nothing."""
    service = opened("dry-gulch.toml")
    service.gm("f", "set Bob shock -2")  # Bob has yet to act: his turn this second
    bob = gurps_stats(service.state("f").combatant("Bob"))
    assert (bob.shock, bob.shock_next) == (-2, 0)
    service.act("f", "Ann aims at Bob", Dice.scripted([]))
    refused(service, "set Ann shock 0", "changes nothing")  # her next turn has none yet
    service.gm("f", "set Ann shock -3")  # Ann has acted: her next turn is the next second's
    ann = gurps_stats(service.state("f").combatant("Ann"))
    assert (ann.shock, ann.shock_next) == (0, -3)
    assert (
        find_ruleset("gurps")
        .describe_row(service.state("f").combatant("Ann"))["conditions"]
        .startswith("shock -3 next turn")
    )
    service.next_round("f", Dice.scripted([]))
    assert gurps_stats(service.state("f").combatant("Ann")).shock == -3


@pytest.mark.parametrize(
    ("example", "who", "floor"),
    [("dry-gulch.toml", "Bob", -50), ("night-market.toml", "V", -999)],
)
def test_enc_gm_dec_855_hits_and_set_hp_keep_one_floor(example: str, who: str, floor: int) -> None:
    """ENC-GM, DEC-855: `hits` took HP left as low as the GM typed (gurps Bob, 10 HP, to
    -1988 after two `hits Bob 999`; cpr V to -1958) while `set hp` refused anything below
    -5 x HP (gurps, GUR-CORE-1) or 0 (cpr). Both now keep one floor: -5 x HP for gurps, the
    -999 a cpr scenario and the command line keep (DEC-188). From 10 above it, `hits N` is
    taken exactly when `set hp` to what it leaves is, and leaves the same HP."""
    service = opened(example)
    track = find_ruleset(service.state("f").ruleset).hits_track
    start = floor + 10
    service.gm("f", f"set {who} hp {start}")
    for amount in (9, 10, 11, 999):
        for line in (f"set {who} hp {start - amount}", f"hits {who} {amount}"):
            if amount > 10:
                refused(service, line, str(floor))
            else:
                service.gm("f", line)
                assert track(service.state("f").combatant(who))[0] == start - amount
                service.undo("f")


def test_enc_gm_dec_855_gurps_hits_refused_past_dead_say_why_and_change_nothing() -> None:
    """ENC-GM, DEC-855, GUR-CORE-1: Bob (10 HP) taken to -45 may take 5 more, not 6; at -50
    none; a heal still heals, and `set hp` refuses the same -51."""
    service = opened("dry-gulch.toml")
    service.gm("f", "hits Bob 55")
    refused(
        service,
        "hits Bob 6",
        "6 more would leave Bob at -51 HP, and Bob's HP goes no lower than -50: at -5 x HP the "
        "core has them dead (GUR-CORE-1). Bob can take at most 5 more; nothing is changed.",
    )
    assert gurps_stats(service.state("f").combatant("Bob")).hp_left == -45
    service.gm("f", "hits Bob 5")
    refused(service, "hits Bob 1", "Bob is at it already; nothing is changed.")
    refused(service, "set Bob hp -51", "HP runs from -50 to 10")
    service.gm("f", "heal Bob 3")
    assert gurps_stats(service.state("f").combatant("Bob")).hp_left == -47
    assert "rules" in service.export("f")


def _new_on_disk(tmp_path: Path, example: str, name: str) -> list[str]:
    """``encounter new NAME`` of the bundled ``example`` in a store file under ``tmp_path``;
    the ``--store`` option that names it."""
    store = ["--store", f"sqlite:///{tmp_path / 'f.db'}"]
    scene = str(ROOT / "examples" / f"{example}.toml")
    assert CliRunner().invoke(app, ["encounter", "new", name, "-s", scene, *store]).exit_code == 0
    return store


def test_enc_gm_dec_855_the_command_line_refuses_hits_past_the_floor(tmp_path: Path) -> None:
    """ENC-GM, DEC-855: `encounter gm` takes V (40 HP) to -959 and refuses 41 more, past -999 HP
    left, saying why, and writes nothing; `set V hp -7`, refused below 0 before, is taken (HP
    runs on below 0, C-9)."""
    store = _new_on_disk(tmp_path, "night-market", "m")
    runner = CliRunner()
    done = runner.invoke(app, ["encounter", "gm", "m", "hits V 999", *store])
    assert done.exit_code == 0 and "HP 40/40 → -959/40" in done.stdout, done.stdout
    done = runner.invoke(app, ["encounter", "gm", "m", "hits V 41", *store])
    assert done.exit_code != 0, done.stdout
    said = " ".join(done.stderr.split())
    assert (
        "refused: ENC-GM: 41 more would leave V at -1000 HP, and V's HP goes no lower than -999: "
        "the rules set no floor, and a scenario and the command line take HP left down to -999 "
        "(DEC-188). V can take at most 40 more; nothing is changed." in said
    ), done.stderr
    assert "#3" not in runner.invoke(app, ["encounter", "log", "m", *store]).stdout
    done = runner.invoke(app, ["encounter", "gm", "m", "set V hp -7", *store])
    assert done.exit_code == 0 and "V's HP set to -7" in done.stdout, done.stdout + done.stderr


def test_enc_gm_cards_sets_wound_boxes_and_wear_and_repairs_armor() -> None:
    service = opened("cards-alley.toml")
    service.gm("f", "set Jilly yellow 5")
    service.gm("f", "set Jilly wear 2")
    s = stats_of(service.state("f").combatant("Jilly"))
    assert (s.yellow, s.wear) == (5, 2)
    service.gm("f", "repair Jilly")
    assert stats_of(service.state("f").combatant("Jilly")).wear == 0
    refused(service, "set Jilly red 13", "Red level has 12 boxes (K-3)")
    refused(service, "set Rico wear 1", "Rico wears no armor, so it has no wear to set (CRD-DMG-2)")
    refused(service, "hits Jilly 3", "set them with 'set NAME green|yellow|red N'")
    assert "rules" in service.export("f")


@pytest.mark.parametrize(
    ("example", "model", "other"),
    [
        ("kindred-ambush.toml", "Jonah", "Viktor"),
        ("night-market.toml", "Rook", "Mei"),
        ("dry-gulch.toml", "Bob", "Ann"),
        ("cards-alley.toml", "Rico", "Dee"),
    ],
)
def test_enc_gm_add_move_and_remove_serve_every_ruleset(
    example: str, model: str, other: str
) -> None:
    """ENC-GM: the shared overrides take each ruleset's own figures along (a copy keeps them
    as the model began, DEC-705) and read places in the ruleset's scene unit; every record
    replays."""
    service = opened(example)
    service.gm("f", f"add Goon like {model} at 40,40")
    service.gm("f", "move Goon to 41,42")
    service.gm("f", f"remove {other}")
    state = service.state("f")
    goon, source = state.combatant("Goon"), state.combatant(model)
    begun = service.load("f").scene.combatant(model)
    assert (
        goon.stats == service.current("f").ruleset.joined(begun).stats and state.find(other) is None
    )
    assert goon.position != source.position
    assert "rules" in service.export("f")


def test_enc_gm_the_session_completes_a_ruleset_s_figures_after_set() -> None:
    service = opened("dry-gulch.toml")
    completer = SessionCompleter(Session(service, "f", confirm=lambda q: False))
    offered = list(completer.candidates(["set", "Bob"]))
    assert {"hp", "shock", "stun", "prone", "unconscious"} <= set(offered)


@pytest.mark.parametrize(
    ("example", "model"),
    [
        ("kindred-ambush.toml", "Jonah"),
        ("night-market.toml", "Rook"),
        ("dry-gulch.toml", "Bob"),
        ("cards-alley.toml", "Rico"),
    ],
)
def test_enc_gm_add_like_brings_a_fresh_fighter_as_the_scenario_began_them(
    example: str, model: str
) -> None:
    """ENC-GM, DEC-705: `add NEW like NAME` copies the model as the scenario began them (sheet,
    gear, full magazines, whole armor, standing and up), not as the fight has left them, with
    the round's share a round's opening hands out (the ruleset's `joined`) and no surprise; a
    newcomer's own start is when they joined, so a copy of a copy is fresh too."""
    service = opened(example)
    start = service.load("f").scene.combatant(model)
    ruleset = service.current("f").ruleset

    def fresh(name: str, c: CombatantState) -> CombatantState:
        return ruleset.joined(
            replace(start, name=name, position=c.position, initiative=None, surprise=Surprise.NONE)
        )

    figure = next(iter(ruleset.gm_figures()))
    for line in (f"set {model} {figure} 1", f"set {model} prone", f"set {model} dead"):
        service.gm("f", line)
    worn = service.state("f").combatant(model)
    assert worn.dead and worn != replace(start, position=worn.position)
    service.gm("f", f"add Goon like {model} at 40,40")
    goon = service.state("f").combatant("Goon")
    assert goon == fresh("Goon", goon)
    assert not goon.dead and goon.posture.value == "standing"
    if ruleset.name == "cpr":  # CPR-REF-1: a Move and an Action this turn
        assert fighter(goon).action_left and fighter(goon).move_left
    if ruleset.name == "rmu":  # RMU-GEN-1: the round's AP
        assert vitals(goon).ap_left == 4
    for line in (f"set Goon {figure} 1", "set Goon dead", "add Goon2 like Goon at 50,50"):
        service.gm("f", line)
    again = service.state("f").combatant("Goon2")
    assert again == fresh("Goon2", again)
    assert "rules" in service.export("f")


def test_enc_gm_dec_881_rmu_sets_the_body_armor_s_wear_and_undo_restores_it() -> None:
    """RMU-BRK-2, DEC-881: the GM had `repair` alone for rmu armor wear. `set Mara wear -20`
    sets the piece's running breakage total, as the state table shows it (`BA II -20`), and
    undo takes it back; a total above 0 (penalties only add up), below the sanity limit, or on
    someone who wears no armor is refused naming the rule, and nothing is written."""
    service = opened("warehouse.toml")
    service.gm("f", "set Mara wear -20")
    worn = armor_of(service.state("f").combatant("Mara"))
    assert worn is not None and (worn.damage, worn.broken) == (-20, False)
    record = service.log("f")[-1]
    assert record.events == (FigureSet(target="Mara", figure="wear", value=-20),)
    assert record.narration[0] == "GM: Mara's armor wear set to -20."
    row = service.current("f").ruleset.describe_row(service.state("f").combatant("Mara"))
    assert row["armor"] == "BA II -20"
    refused(service, "set Mara wear 5", "armor wear runs from -999 to 0 (RMU-BRK-2: breakage")
    refused(service, "set Mara wear -1000", "runs from -999 to 0 (RMU-BRK-2")
    refused(service, "set Mara wear 1e9", "set wear takes a whole number from -999 to 0")
    refused(
        service, "set Jonah wear -10", "Jonah wears no armor, so it has no wear to set (RMU-BRK-2)"
    )
    refused(service, "set Mara wear -20", "changes nothing")  # DEC-733
    service.undo("f")
    worn = armor_of(service.state("f").combatant("Mara"))
    assert worn is not None and worn.damage == 0
    service.gm("f", "set Mara wear -60")  # past -50: beaten open from the next shot on
    assert "rules" in service.export("f")  # every record replays


def test_enc_gm_dec_881_a_plate_the_gm_wears_past_minus_50_is_beaten_open() -> None:
    """RMU-BRK-2, DEC-881: the wear set is the one the next shot reads: past -50 the armor is
    beaten open and the naked column is fired."""
    service = opened("warehouse.toml")
    service.gm("f", "set Viktor wear -60")
    service.act("f", "Mara moves -8,6", Dice.seeded(0))
    service.act("f", "Mara shoots Viktor --ap 3", Dice.scripted([97, 45, 50, 50, 50, 50]))
    trace = " ".join(str(step.get("text")) for step in service.log("f")[-1].trace)
    assert "BA I has taken -60 in breakage, past -50: beaten open" in trace, trace


def test_enc_gm_dec_881_the_session_offers_wear_and_the_command_line_sets_it(
    tmp_path: Path,
) -> None:
    """DEC-881: `wear` is offered after `set NAME` as the other figures are, and `encounter gm`
    sets it and refuses one above 0 saying why, writing nothing."""
    completer = SessionCompleter(Session(opened("warehouse.toml"), "f", confirm=lambda q: False))
    assert {"ap", "bleeding", "stun", "hunger", "wear"} <= set(
        completer.candidates(["set", "Mara"])
    )
    store = _new_on_disk(tmp_path, "warehouse", "raid")
    runner = CliRunner()
    done = runner.invoke(app, ["encounter", "gm", "raid", "set Mara wear -30", *store])
    assert done.exit_code == 0 and "GM: Mara's armor wear set to -30." in done.stdout, done.stdout
    done = runner.invoke(app, ["encounter", "gm", "raid", "set Mara wear 10", *store])
    assert done.exit_code != 0 and "refused: ENC-GM: Mara's armor wear runs from -999 to 0" in (
        " ".join(done.stderr.split())
    ), done.stderr
    shown = runner.invoke(app, ["encounter", "show", "raid", *store])
    assert "BA II -30" in shown.stdout, shown.stdout
    assert "#3" not in runner.invoke(app, ["encounter", "log", "raid", *store]).stdout
