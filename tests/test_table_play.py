"""Playing at the table from the terminal (issue 17): the session, odds from the live fight,
turn tracking (ENC-ORDER, ENC-ROUND-END), GM commands (ENC-GM), short results, suggestions."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console
from typer.testing import CliRunner

from encounter_support import WAREHOUSE, MemoryStore, warehouse_raid
from firefight.cli.app import app
from firefight.cli.encounter import compact_rows, play_scenario
from firefight.cli.play import Session, SessionCompleter, confirm_with, run_session
from firefight.cli.width import typed_table
from firefight.declarations import DeclarationError, field_named, parse_value
from firefight.dice import Dice, PromptSource
from firefight.encounter import engine
from firefight.encounter.replay import replay_log
from firefight.encounter.scenario import ScenarioError, load_scenario, parse_scenario
from firefight.encounter.turns import turn_line
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.fuzzy import closest, hint, match
from firefight.geometry import Point
from firefight.limits import LimitError
from firefight.odds.live import LiveOdds, live_odds
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.encounter import strike_words
from firefight.rulesets.rmu.shot_options import ShotOptions
from firefight.rulesets.rmu.struck import Missed, Struck
from firefight.rulesets.rmu.vitals import armor_of, rmu_stats
from firefight.scene.lines import example_line
from firefight.scene.points import scene_point
from firefight.service import EncounterService

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
# The warehouse's opening: Mara, then Viktor, then Jonah; Lev is flat-footed.


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def store(tmp_path: Path) -> list[str]:
    return ["--store", f"sqlite:///{tmp_path / 'fights.db'}"]


@pytest.fixture
def service() -> EncounterService:
    return warehouse_raid()


def new_raid(store: list[str]) -> None:
    code, _, err = run(
        "encounter", "new", "raid", "-s", str(WAREHOUSE), "--rolls", "7,4,3,9,6,6", *store
    )
    assert code == 0, err


# --- one fuzzy matcher ------------------------------------------------------------------------


def test_names_match_ignoring_case_and_suggest_the_same_name_spelled_otherwise() -> None:
    assert match("ba ii", ["BA I", "BA II"]) == "BA II"
    assert closest("BA2", ["AT 1", "BA I", "BA II", "BA III"]) == ["BA II"]
    assert closest("surprised", ["surprise", "side", "size"])[0] == "surprise"
    assert closest("weapon", ["ap", "prepared", "with"]) == ["with"]
    assert hint("zzz", ["shoots", "waits"], listing="verbs:") == "verbs: shoots, waits."


@pytest.mark.parametrize(
    ("example", "line", "meant"),
    [
        ("warehouse.toml", "Mara shoots Viktor --weapon glock", "--with"),
        ("night-market.toml", "Juno shoots V --weapon pistol", "--with"),
        ("dry-gulch.toml", "Ann shoots Bob --with 38", "--weapon"),
        ("cards-alley.toml", "Giga shoots Rico --with redhawk", "--weapon"),
    ],
)
def test_the_weapon_option_of_another_ruleset_points_to_this_one_s(
    example: str, line: str, meant: str
) -> None:
    """ENC-ACTION: rmu's and cpr's lines name the gun with --with, gurps's and cards's with
    --weapon. A GM used to rmu who typed --with in the cards alley was told only the list of
    fourteen options; each ruleset now points to its own spelling, either way round."""
    state = fight(example).state("raid")
    with pytest.raises(RuleRefusal, match=f"did you mean '{meant}'"):
        find_ruleset(state.ruleset).parse_action(line, state)


def test_armor_names_are_read_ignoring_case_and_a_near_miss_is_suggested() -> None:
    armor = field_named(ShotOptions, "armor")
    assert parse_value(armor, "ba ii") == "BA II"
    with pytest.raises(DeclarationError, match="Did you mean 'BA II'"):
        parse_value(armor, "BA2")


def test_lengths_are_read_with_their_unit_or_refused_naming_it() -> None:
    distance = field_named(ShotOptions, "distance")
    assert parse_value(distance, "40ft") == 40.0
    assert parse_value(distance, "12m") == pytest.approx(39.37)
    with pytest.raises(DeclarationError, match="is in ft; write 40 or 40ft"):
        parse_value(distance, "40 furlongs")


def test_units_on_the_command_line() -> None:
    code, out, err = run(
        "odds", "rmu", "shoot", "--weapon", "glock-17", "--ob", "70", "--distance", "12m",
        "--armor", "ba ii", "--json",
    )  # fmt: skip
    assert code == 0, err
    action = json.loads(out)["action"]
    assert action["distance_ft"] == pytest.approx(39.37) and action["armor"] == "BA II"


def test_an_action_line_with_weapon_suggests_with_and_a_bad_verb_lists_the_verbs(
    service: EncounterService,
) -> None:
    with pytest.raises(RuleRefusal, match="did you mean '--with'"):
        service.act("raid", "Mara shoots Viktor --weapon glock", Dice.seeded(1))
    with pytest.raises(RuleRefusal) as refused:
        service.act("raid", "Mara shots Viktor", Dice.seeded(1))
    assert "did you mean 'shoots'" in refused.value.reason
    assert "Its verbs: shoots, reloads, moves" in refused.value.reason


def test_a_scenario_key_typo_is_matched_to_the_key_it_meant() -> None:
    text = WAREHOUSE.read_text().replace('surprise = "flat-footed"', 'surprised = "flat-footed"')
    with pytest.raises(ScenarioError, match=r"surprised .*did you mean 'surprise'"):
        parse_scenario(text, label="raid.toml")


def test_ask_says_why_a_face_is_refused_and_asks_again() -> None:
    asked: list[str] = []
    answers = iter(["101", "42"])

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    assert PromptSource(ask).face(100, "attack roll") == 42
    assert asked[1].startswith("'101' is not a d100 face (1 to 100)")


# --- short results ----------------------------------------------------------------------------


def test_strike_words_say_a_miss_by_how_much_and_armor_that_stopped_it() -> None:
    """RMU-GEN-5: a total under the table's first row misses by the difference; a cell of no
    hits on a BA column is the armor stopping the round."""
    assert strike_words(Missed(column="AT 1", miss_by=12)) == "missed by 12"
    stopped = Struck(column="BA I", hits=0, severity=None)
    assert strike_words(stopped) == "hit, but the armor (BA I) stops it"
    assert strike_words(Struck(column="AT 1", hits=3, severity=None)) == "hit, 3 hits, no critical"


def test_a_miss_says_by_how_much_and_a_stray_round_that_missed_says_so(
    service: EncounterService,
) -> None:
    """RMU-GEN-5, RMU-COV-6: Mara's shot past the watchman misses Viktor; the stray round at
    Pavel misses too, and the headline no longer says it flew into him."""
    applied = service.act("raid", "Mara shoots Viktor --ap 3", Dice.seeded(2))
    summary = applied.record.summary
    headline = find_ruleset("rmu").headline(summary)
    assert summary["miss_by"] == 65 - summary["attack_total"]
    assert headline is not None
    assert f"missed by {summary['miss_by']}" in headline
    assert summary["shielder"]["result"] == "miss"
    assert "the stray round misses Pavel too" in headline


def test_a_fumble_says_what_it_did_to_the_gun(service: EncounterService) -> None:
    """RMU-GEN-8: the headline said only "fumble.", and the session prints the headline and
    the changes, so Mara's glock jammed (2 AP to clear) with nothing at the table saying so.
    It says the fumble table's cell, as the log's malfunction line does."""
    applied = service.act("raid", "Mara shoots Viktor --ap 3", Dice.scripted([1, 50]))
    headline = find_ruleset("rmu").headline(applied.record.summary)
    assert headline == "Mara fires the glock at Viktor: fumble (stovepipe): jammed: 2 AP to clear."
    assert "Mara's glock malfunctions (stovepipe): jammed: 2 AP to clear" in " ".join(
        applied.record.narration
    )


def test_act_prints_the_headline_and_what_changed_and_trace_prints_the_rest(
    store: list[str],
) -> None:
    new_raid(store)
    assert run("encounter", "act", "raid", "Mara moves -8,6", *store)[0] == 0
    code, out, err = run("encounter", "act", "raid", "Mara shoots Viktor --ap 3", "--rolls",
                         "97,45", *store)  # fmt: skip
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "#3 Mara fires the glock at Viktor: hit, 1 hit, no critical."
    assert "  Viktor: hits 50/50 → 49/50" in lines
    assert "attack total" not in out and len(lines) <= 6
    code, out, _ = run("encounter", "act", "raid", "Viktor waits", "--trace", *store)
    assert code == 0 and "Viktor waits, letting 4 AP go." in out


# --- turn tracking ----------------------------------------------------------------------------


def test_acting_out_of_initiative_order_is_refused_without_force(store: list[str]) -> None:
    """ENC-ORDER (DEC-410): Viktor may not act while Mara, ahead of him, has AP left."""
    new_raid(store)
    code, _, err = run("encounter", "act", "raid", "Viktor waits", *store)
    assert code == 2
    assert "ENC-ORDER: Viktor acts out of initiative order: Mara (4 AP) comes first" in err
    code, _, err = run("encounter", "act", "raid", "Viktor waits", "--force", *store)
    assert code == 0, err


def test_ending_a_round_with_turns_left_is_refused_without_force(store: list[str]) -> None:
    """ENC-ROUND-END (DEC-411): the round does not close while anyone has AP left."""
    new_raid(store)
    code, _, err = run("encounter", "next-round", "raid", "--seed", "1", *store)
    assert code == 2 and "ENC-ROUND-END: Round 1 is not over: Mara (4 AP)" in err
    for who in ("Mara", "Viktor", "Jonah"):
        assert run("encounter", "act", "raid", f"{who} waits", *store)[0] == 0
    code, out, err = run("encounter", "next-round", "raid", "--seed", "1", *store)
    assert code == 0, err
    assert "Round 2 begins" in out


def test_who_is_still_to_act_is_said_in_initiative_order(service: EncounterService) -> None:
    """ENC-ROUND-END (DEC-715): the round's end listed who still had a turn in the scenario's
    order ("Kes, Dova, Brick, Sable" for the queue Dova, Sable, Kes, Brick); it is said in the
    initiative order, anyone out of it (held) after."""
    yard = EncounterService(MemoryStore())
    yard.new("yard", load_scenario(ROOT / "examples" / "container-yard.toml"), Dice.seeded(3))
    assert yard.state("yard").initiative == (("Dova",), ("Sable",), ("Kes",), ("Brick",))
    yard.gm("yard", "hold Sable")
    turn = "(Move and Action)"
    with pytest.raises(RuleRefusal) as refused:
        yard.next_round("yard", Dice.seeded(1), force=False)
    assert f"Dova {turn}, Kes {turn}, Brick {turn}, Sable {turn} still have" in refused.value.reason


@pytest.mark.parametrize("example", ["dry-gulch.toml", "cards-alley.toml", "container-yard.toml"])
def test_the_prompt_and_the_turn_column_say_what_is_left_in_the_same_words(example: str) -> None:
    """DEC-787: the turn column said "ahead" in cards where gurps says what is left
    ("maneuver"), and cpr's said "Move + Action" where its prompt said "Move and Action". Each
    ruleset's prompt now says what is left in the words of its turn column."""
    service = fight(example)
    state = service.state("raid")
    ruleset = find_ruleset(state.ruleset)
    said = [(ruleset.turn_left(c), ruleset.describe_row(c)["turn"]) for c in state.combatants]
    said = [(left, cell) for left, cell in said if left is not None]
    assert said, "nobody has a turn left to compare"
    for left, cell in said:
        assert left in (cell, f"a {cell}", f"an {cell}"), (left, cell)


@pytest.mark.parametrize(
    ("example", "who", "column"),
    [
        ("warehouse.toml", "Jonah", "AP"),
        ("night-market.toml", "Rook", "turn"),
        ("dry-gulch.toml", "Bob", "turn"),
        ("cards-alley.toml", "Rico", "turn"),
    ],
)
def test_someone_down_shows_no_turn_left_in_every_ruleset(
    example: str, who: str, column: str
) -> None:
    """R-2, DEC-700: rmu's AP column went on saying "4" for someone unconscious (the round's
    AP are dealt to everyone), where cpr's, gurps's and cards's turn columns say "-": read at
    the table, "4" was a turn the rules give nobody down. Every ruleset's column says "-"."""
    service = fight(example)
    ruleset = find_ruleset(service.state("raid").ruleset)
    assert ruleset.describe_row(service.state("raid").combatant(who))[column] != "-"
    service.gm("raid", f"set {who} unconscious")
    assert ruleset.describe_row(service.state("raid").combatant(who))[column] == "-"


def test_the_prompt_says_when_the_fight_is_decided() -> None:
    """DEC-810: with the hunters down the warehouse session's prompt went on as before
    ("round 12 · Viktor (4 AP)"), nothing saying the fight was won. Once a single side is
    left standing, or none, the prompt and `encounter act`'s turn line say so; play may go on,
    and an undo takes it back."""
    service = fight("dry-gulch.toml")
    session = Session(service, "raid", confirm=lambda q: False, seed=1, trials=20)
    assert "standing" not in session.prompt()
    session.handle("set Bob dead")
    assert session.prompt() == "round 1 · law left standing · Ann (a maneuver) › "
    state = service.state("raid")
    assert turn_line(state, find_ruleset("gurps")).startswith("round 1 · law left standing · ")
    session.handle("set Ann unconscious")
    assert session.prompt() == "round 1 · nobody left standing · all done: next › "
    session.handle("undo")
    assert session.prompt().startswith("round 1 · law left standing · ")


def test_delay_hold_and_reorder_change_who_goes_first(service: EncounterService) -> None:
    """ENC-GM: delay puts Mara last, hold takes her out of the order (DEC-412), reorder sets
    the order; each is an undoable record."""
    service.gm("raid", "delay Mara")
    assert service.state("raid").initiative == (("Viktor",), ("Jonah",), ("Mara",))
    service.act("raid", "Viktor waits", Dice.seeded(0), force=False)
    service.gm("raid", "hold Jonah")
    assert service.state("raid").initiative == (("Viktor",), ("Mara",))
    service.act("raid", "Jonah waits", Dice.seeded(0), force=False)  # held: acts when he likes
    service.gm("raid", "reorder Mara Viktor")
    assert service.state("raid").initiative == (("Mara",), ("Viktor",))
    service.undo("raid")
    assert service.state("raid").initiative == (("Viktor",), ("Mara",))


# --- GM commands ------------------------------------------------------------------------------


def test_gm_commands_are_recorded_undone_and_replayed(service: EncounterService) -> None:
    """ENC-GM: every override is a ``gm`` record of events; undo takes it back; an export of
    the log imports again (each record replays)."""
    service.gm("raid", "hits Viktor 12")
    assert service.state("raid").combatant("Viktor").hits_left == 38
    service.gm("raid", "heal viktor 5")
    assert service.state("raid").combatant("Viktor").hits_left == 43
    service.gm("raid", "set Viktor prone")
    service.gm("raid", "set Lev unconscious")
    service.gm("raid", "move Pavel to 2,30")
    service.gm("raid", "add Goon like Lev at 30,57")  # Lev lies prone: a 3 ft circle (S-1)
    service.gm("raid", "remove Ilse")
    state = service.state("raid")
    assert state.combatant("Viktor").posture.value == "prone"
    assert state.combatant("Lev").unconscious and not state.combatant("Lev").can_act()
    assert state.combatant("Pavel").position.y_ft == 30
    assert state.combatant("Goon").hits_max == 45 and state.find("Ilse") is None
    assert state.initiative[-1] == ("Goon",)
    log = service.log("raid")
    assert [r.kind for r in log[1:]] == ["gm"] * 7
    service.undo("raid")
    assert service.state("raid").find("Ilse") is not None
    service.export("raid")
    assert "rules" in service.export("raid")  # it replays to the letter


def test_a_gm_s_dead_or_unconscious_falls_prone_as_the_rules_own_do(
    service: EncounterService,
) -> None:
    """ENC-GM, DEC-700 (R-2, DEC-72, S-1): rmu lays whoever drops unconscious or dead prone;
    the GM's `set NAME dead` left Viktor's corpse standing, on the map and as a screen. The
    GM's down falls as the rules' own does; `up` gets nobody to their feet (standing up is
    the GM's `set NAME standing`, or the 2 AP of R-6). The records hold the same events as
    before: a log written earlier replays, and folds to the corpse lying down."""
    service.gm("raid", "set Viktor dead")
    service.gm("raid", "set Jonah unconscious")
    state = service.state("raid")
    assert state.combatant("Viktor").dead and state.combatant("Viktor").posture.value == "prone"
    assert state.combatant("Jonah").posture.value == "prone"
    service.gm("raid", "set Jonah up")
    assert service.state("raid").combatant("Jonah").posture.value == "prone"
    service.gm("raid", "set Jonah unconscious")
    service.gm("raid", "set Jonah standing")  # propped up while out
    service.gm("raid", "set Jonah up")  # coming to fells nobody either
    assert service.state("raid").combatant("Jonah").posture.value == "standing"
    service.gm("raid", "set Jonah dead")  # from standing, once more
    assert service.state("raid").combatant("Jonah").posture.value == "prone"
    replayed = replay_log(load_scenario(WAREHOUSE), service.log("raid"), find_ruleset("rmu"))
    assert replayed == service.state("raid")


@pytest.mark.parametrize(
    ("scenario", "name"),
    [("dry-gulch.toml", "Bob"), ("cards-alley.toml", "Rico"), ("container-yard.toml", "Kes")],
)
def test_a_gm_s_dead_keeps_the_posture_where_the_rules_own_dead_do(
    scenario: str, name: str
) -> None:
    """DEC-700: gurps, cpr and cards leave the posture of whoever their own rules put down
    as it was (knocked down aside, which the GM sets as `prone`), so the GM's `dead` does
    too."""
    service = EncounterService(MemoryStore())
    service.new("fight", load_scenario(ROOT / "examples" / scenario), Dice.seeded(1))
    service.gm("fight", f"set {name} dead")
    c = service.state("fight").combatant(name)
    assert c.dead and c.posture.value == "standing"


def test_gm_move_and_add_take_a_spot_nobody_stands_on(service: EncounterService) -> None:
    """S-1, ENC-GM: `move Mara to 10,42` put her on Viktor (there at 10,42), after which each
    shot between them and Viktor's sweep were refused as from "the same spot"; `add` refused
    only the very same point, so a newcomer half a foot off stood inside Viktor. Both refuse a
    place where someone's body already is, as a move does, naming them; nothing changes."""
    for line in ("move Mara to 10,42", "move Mara to 10.5,42", "add Boris like Mara at 11,42"):
        with pytest.raises(RuleRefusal, match="ENC-GM: Viktor already stands there"):
            service.gm("raid", line)
    assert len(service.log("raid")) == 1
    service.gm("raid", "move Mara to 10,45")  # a body's width away
    service.gm("raid", "add Boris like Mara at 0,0")  # where Mara stood
    assert service.state("raid").combatant("Boris").position.x_ft == 0


def test_gm_repair_makes_the_armor_whole(service: EncounterService) -> None:
    service.act("raid", "Mara moves -8,6", Dice.seeded(0))
    service.act("raid", "Mara shoots Viktor --ap 3", Dice.scripted([97, 45]))
    service.act("raid", "Viktor shoots Mara --ap 3", Dice.scripted([97, 60, 30, 40]))
    worn = armor_of(service.state("raid").combatant("Mara"))
    assert worn is not None and worn.damage < 0
    service.gm("raid", "repair Mara")
    armor = armor_of(service.state("raid").combatant("Mara"))
    assert armor is not None and armor.damage == 0 and not armor.broken
    with pytest.raises(RuleRefusal, match="ENC-GM: Jonah wears no armor"):
        service.gm("raid", "repair Jonah")


def test_gm_add_like_brings_a_fresh_fighter_not_the_model_as_the_fight_left_them(
    service: EncounterService,
) -> None:
    """ENC-GM, DEC-705: after Mara shot (rounds spent), was hit (wounds, armor worn) and was
    set dead, `add Boris like Mara` brought a dead, wounded Mara with her magazine spent; now
    Boris is Mara as round 1 opened her, at her place unless told otherwise."""
    begun = service.state("raid").combatant("Mara")  # not surprised, AP not yet spent
    service.act("raid", "Mara moves -8,6", Dice.seeded(0))
    service.act("raid", "Mara shoots Viktor --ap 3", Dice.scripted([97, 45]))
    service.act("raid", "Viktor shoots Mara --ap 3", Dice.scripted([97, 60, 30, 40]))
    service.gm("raid", "set Mara dead")
    mara = service.state("raid").combatant("Mara")
    assert mara.weapons != begun.weapons and mara.hits_taken > 0
    assert armor_of(mara) != armor_of(begun)
    service.gm("raid", "add Boris like Mara at 0,0")
    boris = service.state("raid").combatant("Boris")
    assert boris == replace(begun, name="Boris", position=boris.position, initiative=None)
    assert boris.can_act() and boris.position.x_ft == 0


def test_gm_add_like_a_flat_footed_model_joins_able_to_act(service: EncounterService) -> None:
    """R-5, RMU-GEN-1, DEC-705: Lev began flat-footed (no action in round 1); a newcomer like
    him joins a fight under way, with the round's 4 AP and no surprise, and acts this round."""
    service.gm("raid", "set Lev dead")
    service.gm("raid", "add Goon like Lev at 30,57")
    goon = service.state("raid").combatant("Goon")
    assert goon.surprise.value == "none" and rmu_stats(goon).vitals.ap_left == 4
    service.act("raid", "Goon waits --ap 1", Dice.seeded(0))
    assert rmu_stats(service.state("raid").combatant("Goon")).vitals.ap_left == 3


def test_dec_731_gm_add_like_with_no_place_stands_the_newcomer_beside_the_model(
    service: EncounterService,
) -> None:
    """DEC-731 (DEC-705, S-1): with no `at X,Y`, `add` put the newcomer on the model's own spot,
    which the model's body always takes up, so the README's `add NEW like NAME` was always
    refused. They stand beside the model now, the nearest whole step of the scene's unit east,
    west, north or south that nobody takes up, and the headline says where."""
    added = service.gm("raid", "add Boris like Mara")
    assert added.state.combatant("Boris").position == Point(x_ft=2, y_ft=0)  # Mara at 0,0
    assert added.record.narration[0] == "GM: Boris joins the fight, like Mara, at 2,0 ft."
    again = service.gm("raid", "add Kas like Mara")  # east taken by Boris: west
    assert again.state.combatant("Kas").position == Point(x_ft=-2, y_ft=0)
    cpr = EncounterService(MemoryStore())
    play_scenario(cpr, WAREHOUSE.parent / "night-market.toml", "market")
    kenji = cpr.gm("market", "add Kenji like Rook")  # Rook at 6,14 m: one metre east
    assert kenji.state.combatant("Kenji").position == scene_point(7, 14, "m")
    assert kenji.record.narration[0].endswith("like Rook, at 7,14 m.")


def test_gm_add_keeps_a_name_within_the_limit(service: EncounterService) -> None:
    """README (Limits): a name is at most 100 characters, but `add` took one of 120 (and the
    state table and every prompt carried it); it is refused, nothing recorded."""
    with pytest.raises(LimitError, match="100 characters"):
        service.gm("raid", f"add {'A' * 101} like Mara at 20,0")
    assert len(service.log("raid")) == 1
    service.gm("raid", f"add {'A' * 100} like Mara at 20,0")
    service.gm("raid", "add Man at Arms like Mara at 30,0")  # the place's "at" is the last
    assert service.state("raid").combatant("Man at Arms").position.x_ft == 30


def test_a_place_past_the_limit_is_refused_in_the_unit_it_was_typed_in() -> None:
    """README (Limits): ±1,000,000 ft (±304,800 m). A cpr GM who typed 999999 (metres) was told
    "a position's x (ft) is 3280836.6141732284": a number never typed, against a limit in feet."""
    service = EncounterService(MemoryStore())
    play_scenario(service, WAREHOUSE.parent / "night-market.toml", "market")

    def act(line: str) -> None:
        service.act("market", line, Dice.scripted([]), force=True)

    with pytest.raises(LimitError) as err:
        act("V moves to 999999,0")
    assert str(err.value).startswith("a position's x (m) is 999999"), str(err.value)
    assert "304,800" in str(err.value)
    # The GM's line says it as its other refusals do (DEC-851), in the unit typed too.
    before = service.state("market").combatant("V").position
    with pytest.raises(RuleRefusal) as refused:
        service.gm("market", "move V to 999999,0")
    assert str(refused.value).endswith(
        "999999,0 is past the scene's limits: a place's X and Y are each within ±304,800 m "
        "(README, Limits)."
    ), str(refused.value)
    assert service.state("market").combatant("V").position == before


@pytest.mark.parametrize(
    "line", ["move Mara to 0,0", "set Mara standing", "heal Mara 5", "set Mara ap 4", "hits Mara 0"]
)
def test_dec_733_a_gm_line_that_changes_nothing_is_refused_not_recorded(
    service: EncounterService, line: str
) -> None:
    """ENC-GM: `set Mara hunger 5` typed twice was recorded twice, and the GM's `undo` then
    took back the second, which had done nothing, so the fight seemed not to change. A line
    that leaves the fight as it is says so and records nothing."""
    with pytest.raises(RuleRefusal, match="changes nothing") as err:
        service.gm("raid", line)  # Mara stands unhurt at 0,0 with her 4 AP
    assert err.value.rule == "ENC-GM" and len(service.log("raid")) == 1


def test_gm_add_like_without_starts_does_not_take_the_model_s_initiative() -> None:
    """CPR-REF-1 (R-5), DEC-705: a cpr scene kept without its starts has only the model as
    now; a newcomer like Juno is not given her initiative (15): he joins last in the order,
    with no roll of his own until the next round's."""
    service = EncounterService(MemoryStore())
    play_scenario(service, WAREHOUSE.parent / "night-market.toml", "market")
    state = service.state("market")
    assert state.combatant("Juno").initiative == 15
    joined = engine.gm(replace(state, starts=()), "add Kas like Juno at 0,0", find_ruleset("cpr"))
    assert joined.state.combatant("Kas").initiative is None
    assert joined.state.initiative[-1] == ("Kas",)


def test_a_bad_gm_line_is_refused_and_changes_nothing(service: EncounterService) -> None:
    with pytest.raises(RuleRefusal, match="ENC-GM: No status 'prne'; did you mean 'prone'"):
        service.gm("raid", "set Viktor prne")
    # DEC-913: 'dying' was offered 'standing', the nearest spelling; it says where dying comes
    # from and what the GM may set instead.
    dying = (
        "ENC-GM: No status 'dying': dying comes of the wounds as the ruleset counts them, not "
        "of the GM's word; 'set Viktor unconscious' or 'dead' puts them down."
    )
    before = service.load("raid")
    with pytest.raises(RuleRefusal) as refused:
        service.gm("raid", "set Viktor Dying")
    assert str(refused.value) == dying
    assert service.load("raid").records == before.records
    # The number is the GM's N, not an option the GM never typed ("--amount", "--ap").
    for line, says in (
        ("hits Viktor 99999999999999", "hits takes a whole number from 0 to 999"),
        ("heal Viktor 2.5", "heal takes a whole number from 0 to 999, not '2.5'"),
        ("set Viktor ap 99999999999999", "set ap takes a whole number from 0 to 4"),
    ):
        with pytest.raises(RuleRefusal, match=f"ENC-GM: {re.escape(says)}"):
            service.gm("raid", line)
    with pytest.raises(RuleRefusal, match="already in the scene"):
        service.gm("raid", "add Lev like Mara")
    assert len(service.log("raid")) == 1


def test_a_gm_line_given_as_an_action_is_named_a_gm_command(
    service: EncounterService, store: list[str]
) -> None:
    """ENC-GM (DEC-712): `encounter act raid "hits Jonah 3"` and its odds were refused as
    naming nobody called 'hits' ("did you mean 'Ilse'?"); the refusal says it is the GM's
    command and where it is given. Someone called 'delay' still acts."""
    for refuse in (
        lambda: service.act("raid", "hits Jonah 3", Dice.seeded(1)),
        lambda: live_odds(service.state("raid"), find_ruleset("rmu"), ["hits Jonah 3"]),
    ):
        with pytest.raises(RuleRefusal, match="ENC-GM: 'hits' is the GM's command") as refused:
            refuse()
        assert "encounter gm" in refused.value.reason
    new_raid(store)
    code, _, err = run("encounter", "act", "raid", "hits Jonah 3", "--seed", "1", *store)
    assert code != 0 and "'hits' is the GM's command" in err
    service.gm("raid", "add delay like Jonah at 26,55")
    service.act("raid", "delay waits", Dice.seeded(1), force=True)
    assert len(service.log("raid")) == 3


# --- odds from the live fight -----------------------------------------------------------------


def test_live_odds_read_the_target_s_hits_from_the_state(service: EncounterService) -> None:
    """The same shot is likelier to put Viktor down once he has few hits left (R-2: out at 0
    hits or fewer)."""
    service.act("raid", "Mara moves -8,6", Dice.seeded(0))
    current = service.current("raid")
    fresh = live_odds(
        current.state, current.ruleset, ["Mara shoots Viktor --ap 3"], trials=300, seed=5
    )
    service.gm("raid", "hits Viktor 49")
    current = service.current("raid")
    hurt = live_odds(
        current.state, current.ruleset, ["Mara shoots Viktor --ap 3"], trials=300, seed=5
    )
    assert fresh.target == "Viktor" and not hurt.down_now
    hit = dict(hurt.outcomes).get("hit", 0.0)
    assert hurt.down_after is not None and fresh.down_after is not None
    # One hit drops him: every hit that does damage puts him down.
    assert hurt.down_after > fresh.down_after
    assert hurt.down_after <= hit
    assert hurt.outcomes == fresh.outcomes  # same seeds, same dice: only the hits differ
    again = live_odds(
        current.state, current.ruleset, ["Mara shoots Viktor --ap 3"], trials=300, seed=5
    )
    assert again == hurt


def test_live_odds_of_a_round_count_the_upkeep_and_refuse_a_bad_first_line(
    service: EncounterService,
) -> None:
    current = service.current("raid")
    found = live_odds(
        current.state,
        current.ruleset,
        ["Mara shoots Viktor --ap 3", "Viktor waits"],
        trials=100,
    )
    assert found.down_by_end is not None and found.down_after is not None
    assert found.down_by_end >= found.down_after
    with pytest.raises(RuleRefusal, match="ENC-SCENE"):
        live_odds(current.state, current.ruleset, ["Mara shoots Nobody"], trials=10)


def test_dec_732_rmu_exp_9_live_odds_of_a_throw_say_the_blast_comes_after_them() -> None:
    """`odds Mara throws m67 at Viktor` answered "P(Viktor down by the round's end) = 0.0%":
    true, since the m67 goes off at the end of the next round, but read as "it cannot hurt
    him". The odds say what is still to come past the round they run to."""
    service = EncounterService(MemoryStore())
    room = WAREHOUSE.parent / "grenade-room.toml"
    service.new("room", load_scenario(room), Dice.scripted([6, 5, 4, 4, 7, 3]))
    current = service.current("room")
    found = live_odds(current.state, current.ruleset, ["Mara throws m67 at Viktor"], trials=20)
    assert found.pending == "the m67 goes off at the end of round 2, after these odds"
    assert f"  (not counted: {found.pending})" in found.text()
    assert found.to_json()["pending"] == found.pending
    flat = live_odds(current.state, current.ruleset, ["Viktor drops prone"], trials=5)
    assert flat.pending is None and not any("not counted" in line for line in flat.text())
    service.act("room", "Mara throws m67 at 0,45", Dice.scripted([70, 1]), force=True)
    service.next_round("room", Dice.seeded(0), force=True)  # round 2: it goes off at its end
    current = service.current("room")
    due = live_odds(current.state, current.ruleset, ["Viktor drops prone"], trials=5)
    assert due.pending == "the m67 goes off at the end of round 2, after these odds"


def test_live_odds_show_the_95_percent_interval_honest_at_0_and_100_percent() -> None:
    """Beside a share its 95% Wilson interval, the one every odds report uses: a share never
    seen in 10 trials may still be 28% (a "0.0% (±13.9)" read as at most 14%), one seen every
    time in 200 is still uncertain by about two points."""
    found = LiveOdds(
        lines=("Mara shoots Viktor",), target="Viktor", trials=10, seed=0,
        outcomes=(("miss", 1.0),), down_now=False, down_after=0.0, down_by_end=0.5,
        stopped=0.0, effects=(("Viktor dying", 1.0),),
    )  # fmt: skip
    told = "\n".join(found.text())
    assert "P(Viktor down after it) = 0.0% (95%: 0.0-27.8%)" in told
    assert "= 50.0% (95%: 23.7-76.3%)" in told
    assert "P(Viktor dying) = 100.0% (95%: 72.2-100.0%)" in told and "±" not in told


def test_live_odds_say_why_a_later_line_was_refused(service: EncounterService) -> None:
    """DEC-413: a later line the rules refuse ends that run's lines. The odds said only "a later
    line was refused in 100.0% of the runs", so a misspelt name or a turn already spent read as
    the round's odds with nothing to say they were not; each refusal is given with its rule."""
    current = service.current("raid")
    lines = ["Mara shoots Viktor --ap 3", "Zed waits"]
    found = live_odds(current.state, current.ruleset, lines, trials=20)
    assert found.stopped == 1.0
    why = "Zed waits: ENC-SCENE: Nobody called 'Zed' is in the scene"
    assert [(reason[: len(why)], share) for reason, share in found.refusals] == [(why, 1.0)]
    text = "\n".join(found.text())
    assert f"refused in 100.0% of the runs: {why}" in text
    assert found.to_json()["refusals"] == dict(found.refusals)


def test_encounter_odds_on_the_command_line(store: list[str]) -> None:
    new_raid(store)
    code, out, err = run(
        "encounter", "odds", "raid", "Mara shoots Viktor --ap 3", "--trials", "50", "--json",
        *store,
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["target"] == "Viktor" and data["trials"] == 50
    assert sum(data["outcomes"].values()) == pytest.approx(1.0)
    code, out, _ = run("encounter", "odds", "raid", "Mara shoots Viktor", "--trials", "20", *store)
    assert "P(Viktor down after it)" in out


# --- the session ------------------------------------------------------------------------------


def test_a_question_the_piped_lines_leave_unanswered_is_shown_with_its_answer(
    store: list[str],
) -> None:
    """ENC-ORDER: a script that ends where the session asks "Go on? [y/N]" answered no with
    nothing printed, so its transcript never said what was asked. The question is shown, with
    the answer taken, and nothing is done."""
    new_raid(store)
    result = runner.invoke(
        app,
        ["encounter", "play", "raid", "--no-history", *store],
        input="Mara waits\nJonah waits\n",
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-2:] == [
        "Jonah acts out of turn: Viktor (4 AP) comes first. Go on? [y/N] "
        "(no answer: the input has ended) no",
        "not done: nothing changed",
    ]


def test_a_session_fed_from_a_pipe_prints_a_plain_transcript(store: list[str]) -> None:
    """docs/table-play.md pipes lines into `encounter play`: off a terminal each prompt is
    printed once with the line read after it, with no terminal redrawing (blank lines, every
    prompt twice, prompt_toolkit's warning), and the lines are done as typed."""
    new_raid(store)
    result = runner.invoke(
        app,
        ["encounter", "play", "raid", "--no-history", *store],
        input="Mara waits\nViktor shoots Mara --ap 3\nn\nquit\n",
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "" not in lines
    assert "round 1 · Mara (4 AP) › Mara waits" in lines
    assert "#2 Mara waits (4 AP)." in lines
    # Viktor is next now: no question asked, so the "n" is read as a line and refused
    assert "round 1 · Viktor (4 AP) › Viktor shoots Mara --ap 3" in lines
    assert sum(line.count("›") for line in lines) == 4
    assert "not a terminal" not in result.output


def play(service: EncounterService, typed: str, *, answers: str = "") -> Session:
    """Drive a session with ``typed`` as if from the keyboard (a pipe, not a terminal)."""
    replies = iter(answers)
    session = Session(
        service, "raid", confirm=lambda q: next(replies, "n") == "y", seed=1, trials=20
    )
    with create_pipe_input() as keys:
        keys.send_text(typed)
        prompt: PromptSession[str] = PromptSession(input=keys, output=DummyOutput())
        run_session(session, prompt)
    return session


def test_a_session_plays_undoes_redoes_and_asks_before_acting_out_of_turn(
    service: EncounterService, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = (
        "Viktor waits\n"  # out of turn: asked, answered no
        "Mara moves -8,6\n"
        "rolls 97,45\n"
        "Mara shoots Viktor --ap 3\n"
        "why\n"
        "undo\n"
        "redo\n"
        "hits Jonah 3\n"
        "odds Viktor shoots Mara --ap 3\n"
        "next\n"  # turns left: asked, answered yes
        "show compact\n"
        "log\n"
        "quit\n"
    )
    play(service, typed, answers="ny")
    out = capsys.readouterr().out
    assert "not done: nothing changed" in out
    assert "Mara fires the glock at Viktor: hit, 1 hit, no critical." in out
    assert "attack total = 89" in out  # why: the trace of the last action
    assert "undone: #3 Mara shoots Viktor --ap 3" in out
    assert "GM: Jonah takes 3 hits." in out and "P(Mara down after it)" in out
    assert "Round 2 begins" in out and "Jonah: side hunters · AP" in out
    kinds = [r.kind for r in service.log("raid")]
    assert kinds == ["round", "action", "action", "undo", "action", "gm", "round"]
    state = service.state("raid")
    assert state.round == 2 and state.combatant("Viktor").hits_left == 49


@pytest.mark.parametrize(
    ("example", "line"),
    [
        ("warehouse.toml", "Mara shoots Viktor --ap 3"),
        ("night-market.toml", "Juno shoots V --aim head"),
        ("dry-gulch.toml", "Ann shoots Bob --location head"),
        ("cards-alley.toml", "Giga shoots Rico --called"),
        ("container-yard.toml", "Dova shoots Brick --aim head"),
    ],
)
def test_help_shows_an_action_line_of_the_fight_s_own_ruleset(
    example: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 17: `help` showed rmu's "Mara shoots Viktor --ap 3" in every fight, where --ap
    means nothing to cpr, gurps or cards; it shows the ruleset's own line, one its rules take.
    DEC-746: it named the bundled fights' people in every fight ("V shoots Juno" in the
    container yard, where there is no V nor Juno); it names the fight's own, whoever is up
    acting."""
    service = EncounterService(MemoryStore())
    scenario = load_scenario(WAREHOUSE.parent / example)
    rolls = scenario.opening_rolls
    service.new("raid", scenario, Dice.scripted(rolls) if rolls else Dice.seeded(3))
    play(service, "help\nquit\n")
    out = capsys.readouterr().out
    assert f"an action, e.g. {line}" in out
    assert ("--ap" in out) == (example == "warehouse.toml")
    ruleset = service.load("raid").ruleset
    ruleset.validate(service.state("raid"), ruleset.parse_action(line, service.state("raid")))


def test_help_s_example_is_an_action_the_one_up_can_take() -> None:
    """DEC-746, RMU-BITE-1, DEC-343: the kindred ambush's help offered "Mara shoots Jonah
    --ap 3" of a Mara who carries no gun, a line the rules refuse ("Mara carries no weapon").
    Unarmed, a Kindred's example is a bite, anyone else's a grapple; the armed still shoot."""
    ambush = fight("kindred-ambush.toml").state("raid")
    rmu = find_ruleset("rmu")
    assert rmu.example_line(ambush, "Mara") == "Mara bites Jonah"
    assert rmu.example_line(ambush, "Viktor") == "Viktor grapples Jonah"
    assert rmu.example_line(ambush, "Jonah") == "Jonah shoots Mara --ap 3"
    for who in ("Mara", "Viktor", "Jonah"):
        line = rmu.example_line(ambush, who)
        assert line is not None
        rmu.parse_action(line, ambush)


def test_cpr_a_held_action_holds_nobody_up(capsys: pytest.CaptureFixture[str]) -> None:
    """CPR-REF-1, DEC-747: `Juno holds` kept her Action for later in the turn, yet the session
    still waited on her ("V acts out of turn: Juno (Move and Action) comes first") and the
    command line refused V: holding was no way to pass. Held, she waits on her own time: V
    and Rook act in turn, and Juno takes the held Action when she chooses."""
    service = EncounterService(MemoryStore())
    scenario = load_scenario(WAREHOUSE.parent / "night-market.toml")
    service.new("raid", scenario, Dice.scripted(scenario.opening_rolls))
    session = play(service, "Juno holds\nV holds\nRook holds\nJuno shoots V\nquit\n")
    out = capsys.readouterr().out
    assert "acts out of turn" not in out and "not done" not in out
    assert [r.text for r in service.log("raid")][1:] == [
        "Juno holds",
        "V holds",
        "Rook holds",
        "Juno shoots V",
    ]
    assert session.prompt() == "round 1 · all done: next › "


def test_ctrl_d_or_ctrl_c_at_a_question_answers_no_and_the_session_goes_on(
    service: EncounterService, capsys: pytest.CaptureFixture[str]
) -> None:
    """ENC-ORDER: Ctrl-D (the end of the input) or Ctrl-C at "Go on? [y/N]" ended the whole
    session ("Aborted!"), where at the prompt they do not; they answer no, nothing changes."""
    with create_pipe_input() as keys:
        prompt: PromptSession[str] = PromptSession(input=keys, output=DummyOutput())
        session = Session(service, "raid", confirm=confirm_with(prompt), seed=1)
        keys.send_text("Viktor waits\n")
        keys.close()
        run_session(session, prompt)
    assert "not done: nothing changed" in capsys.readouterr().out
    assert len(service.log("raid")) == 1


def test_a_session_resumed_redoes_what_the_last_one_undid(
    service: EncounterService, capsys: pytest.CaptureFixture[str]
) -> None:
    """ENC-UNDO: everything is saved as you go, so a session opened again takes up where the
    last left off; what it had undone last could not be redone ("nothing to redo"). The undos
    at the log's end are redone from the newest back, each with its own dice."""
    play(service, "Mara moves -8,6\nrolls 97,45\nMara shoots Viktor --ap 3\nundo\nundo\nquit\n")
    before = service.log("raid")
    play(service, "redo\nredo\nredo\nquit\n")
    out = capsys.readouterr().out
    assert out.count("nothing to redo") == 1
    again = service.log("raid")[len(before) :]
    assert [r.text for r in again] == ["Mara moves -8,6", "Mara shoots Viktor --ap 3"]
    assert again[1].dice.faces == (97, 45)
    assert service.state("raid").combatant("Viktor").hits_left == 49


def test_why_in_a_session_opened_again_explains_the_log_s_last_record(
    service: EncounterService, capsys: pytest.CaptureFixture[str]
) -> None:
    """ENC-UNDO: a GM back from a break asked `why` and was told "no action yet this session",
    as after an undo: the last record still in force is the log's, whichever session made it."""
    play(service, "Mara moves -8,6\nrolls 97,45\nMara shoots Viktor --ap 3\nquit\n")
    capsys.readouterr()
    play(service, "why\nundo\nwhy\nquit\n")
    before, undone, after = capsys.readouterr().out.partition("undone: #3")
    assert undone and "attack total = 89" in before
    assert "#2 round 1: Mara moves -8,6" in after and "attack total" not in after


def test_a_session_word_alone_is_the_session_s_whoever_bears_its_name(
    service: EncounterService,
) -> None:
    """ENC-GM: `add next like Lev` brought in someone called "next", and from then on `next`
    was read as an action of theirs with no verb: the round could not be ended. A word of the
    session's typed alone is the session's (no action is a name alone)."""
    session = play(service, "add next like Lev at 26,55\nnext\nquit\n", answers="y")
    assert session.state.round == 2
    assert [r.kind for r in service.log("raid")] == ["round", "gm", "round"]


def test_someone_whose_name_is_a_verb_acts_and_is_acted_on(service: EncounterService) -> None:
    """R-6, CPR-REF-1 (DEC-713): the line's verb was taken as the first word that spells one,
    so a 'Dash' (rmu dashes), a 'Fire' or a 'Grapple Jones' could never act: "rmu knows no
    action 'waits'; did you mean 'waits'?". The verb follows the actor's whole name."""
    for at, name in enumerate(("Dash", "Fire", "Grapple Jones", "Fire Dash")):
        service.gm("raid", f'add "{name}" like Jonah at {-20 - 5 * at},0')
    for line, says in (
        ("Dash waits", "Dash waits ("),
        ("Fire Dash waits", "Fire Dash waits ("),  # the longest name, as names are read
        ("Fire moves -30,5", "Fire moves 7 ft to (-30, 5)."),
        ("Grapple Jones waits", "Grapple Jones waits ("),
        ("Fire shoots Viktor --ap 1", "Fire fires the sks at Viktor"),
    ):
        applied = service.act("raid", line, Dice.seeded(1), force=True)
        assert applied.record.narration[0].startswith(says), applied.record.narration
    with pytest.raises(RuleRefusal, match="R-6: rmu knows no action 'dances'"):
        service.act("raid", "Dash dances", Dice.seeded(1), force=True)
    cpr = EncounterService(MemoryStore())
    cpr.new("yard", load_scenario(ROOT / "examples" / "container-yard.toml"), Dice.seeded(3))
    cpr.gm("yard", "add Hold like Kes at -10,0")
    applied = cpr.act("yard", "Hold shoots Brick", Dice.seeded(1), force=True)
    assert applied.record.narration[0].startswith("Hold fires the pistol at Brick")


@pytest.mark.parametrize(
    ("line", "example"),
    [
        ("shoots Viktor --ap 3", "Mara shoots Viktor --ap 3"),
        ("rolls on the ground", "Mara rolls on the ground"),
    ],
)
def test_a_line_that_opens_with_a_verb_says_who_acts_comes_first(
    service: EncounterService, line: str, example: str
) -> None:
    """R-6: 'shoots Viktor' (the fighter up's name left out) was refused "Nobody called
    'shoots' is in the scene", as if a verb were a person; it says a line starts with who acts,
    with the line as it would read, and nothing is saved."""
    written = len(service.log("raid"))
    with pytest.raises(RuleRefusal) as refused:
        service.act("raid", line, Dice.seeded(1), force=True)
    verb = " ".join(line.split()[: 4 if line.startswith("rolls") else 1])
    assert str(refused.value) == (
        f"R-6: A line starts with who acts: {verb!r} is what they do, e.g. {example!r}."
    )
    assert len(service.log("raid")) == written
    service.gm("raid", 'add "Shoots" like Jonah at -20,0')
    applied = service.act("raid", "Shoots waits", Dice.seeded(1), force=True)  # DEC-713
    assert applied.record.narration[0].startswith("Shoots waits (")


def test_the_prompt_says_the_round_whose_turn_and_what_is_left(
    service: EncounterService,
) -> None:
    session = Session(service, "raid", confirm=lambda q: False)
    assert session.prompt() == "round 1 · Mara (4 AP) › "
    session.handle("Mara moves -8,6")
    assert session.prompt() == "round 1 · Mara (3 AP) › "


def test_dec_877_words_after_a_session_command_that_reads_none_are_refused(
    service: EncounterService, capsys: pytest.CaptureFixture[str]
) -> None:
    """DEC-877: `undo 3` took back the last record, not #3; words after a command that reads
    none are refused, and nothing changes."""
    session = Session(service, "raid", confirm=lambda q: False)
    session.handle("Mara moves -8,6")
    head = len(service.log("raid"))
    for line in ("undo 3", "redo it", "next now", "log 5", "why x", "show nonsense", "rolls"):
        capsys.readouterr()
        assert session.handle(line)
        assert "error: '" in capsys.readouterr().out, line
    assert len(service.log("raid")) == head
    session.handle("undo")
    assert len(service.log("raid")) == head + 1


def test_completion_offers_people_verbs_options_and_weapons(service: EncounterService) -> None:
    completer = SessionCompleter(Session(service, "raid", confirm=lambda q: False))
    assert "Mara" in completer.candidates([]) and "next" in completer.candidates([])
    assert {"shoots", "reloads", "moves"} <= set(completer.candidates(["Mara"]))
    after = list(completer.candidates(["Mara", "shoots"]))
    assert "--ap" in after and "--with" in after and "Viktor" in after and "Mara" not in after
    assert list(completer.candidates(["Mara", "shoots", "Viktor", "--with"])) == ["glock"]
    assert "prone" in completer.candidates(["set", "Mara"])


def fight(example: str) -> EncounterService:
    """A fresh fight of ``examples/example``, named "raid" as :func:`play` drives it."""
    service = EncounterService(MemoryStore())
    scenario = load_scenario(ROOT / "examples" / example)
    rolls = scenario.opening_rolls
    service.new("raid", scenario, Dice.scripted(rolls) if rolls else Dice.seeded(1))
    return service


def completions(service: EncounterService, typed: str) -> list[str]:
    """What Tab offers at the end of ``typed``, as the completion would write it."""
    completer = SessionCompleter(Session(service, "raid", confirm=lambda q: False))
    return [c.text for c in completer.get_completions(Document(typed), CompleteEvent())]


EXAMPLES = ["warehouse.toml", "night-market.toml", "dry-gulch.toml", "cards-alley.toml"]


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_verb_tab_offers_is_one_the_ruleset_s_lines_read(example: str) -> None:
    """ENC-ACTION: Tab offered gurps's inner keys 'all-out' and 'move-and-attack', which its
    lines refuse ("gurps knows no action 'all-out'"). It offers each verb as the lines spell it
    (Ruleset.action_verbs, as the web table's form does), and each is read as that verb."""
    service = fight(example)
    state = service.state("raid")
    ruleset = find_ruleset(state.ruleset)
    actor = state.names[0]
    verbs = completions(service, f"{actor} ")
    assert "shoots" in verbs and "reloads" in verbs
    unread = []
    for verb in verbs:
        try:
            ruleset.parse_action(f"{actor} {verb}", state)
        except RuleRefusal as refused:
            if "knows no action" in refused.reason:
                unread.append(verb)
    assert unread == []


def test_a_verb_of_several_words_completes_as_typed_then_its_options() -> None:
    """A verb spelled in words ("all-out attacks", "gets up") was offered quoted, as a name is,
    and its options never followed it: Tab gives the words bare, the rest of a verb begun, then
    the verb's options."""
    gulch = fight("dry-gulch.toml")
    assert completions(gulch, "Ann all") == ["all-out attacks"]
    assert completions(gulch, "Ann all-out ") == ["attacks"]
    after = completions(gulch, "Ann all-out attacks ")
    assert "--location" in after and "Bob" in after and "attacks" not in after
    assert "and" in completions(gulch, "Ann moves ")  # "moves and shoots" goes on
    assert completions(fight("cards-alley.toml"), "Giga ge") == ["gets up"]


def test_tab_offers_an_option_s_choices_and_the_words_of_a_gm_line() -> None:
    """An option's choices come from its declaration (cards' --mode, cpr's --aim); a GM line's
    words follow its form (add NEW like NAME at X,Y; move NAME to X,Y) instead of every name
    with 'like', 'at' and 'to' after any GM word."""
    assert completions(fight("cards-alley.toml"), "Rico shoots Giga --mode ") == [
        "SS", "SA", "BF", "FA",
    ]  # fmt: skip
    market = fight("night-market.toml")
    assert completions(market, "V shoots Juno --aim ") == ["head", "held-item", "leg"]
    # RMU-EXP-12, V-3: what the rules let the first word be, right after the verb only.
    raid = fight("warehouse.toml")
    assert completions(raid, "Mara throws m6") == ["m67"]
    assert completions(raid, "Mara rouses c") == ["celerity"]
    assert "prone-target" in completions(raid, "Mara shoots Viktor --situation ")
    assert "m67" not in completions(raid, "Mara throws m67 at ")
    assert completions(market, "add Kid ") == ["like"]
    assert completions(market, "add Kid like R") == ["Rook"]
    assert completions(market, "add Kid like Rook ") == ["at"]
    assert completions(market, "move V ") == ["to"]
    assert completions(market, "hits ") == ["V", "Juno", "Rook", "Mei"]
    assert completions(market, "hits Juno ") == []


def test_enc_gm_tab_and_help_offer_only_the_figures_set_takes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """DEC-551, DEC-786: gurps's `set NAME fp N` was offered by Tab and listed by `help`, though
    it is always refused (the encounter keeps no Fatigue Points). Both offer the figures `set`
    takes alone; a typed `fp` is still refused saying why, and changes nothing."""
    gulch = fight("dry-gulch.toml")
    assert completions(gulch, "set Bob ")[-3:] == ["hp", "shock", "stun"]
    assert completions(gulch, "set Bob f") == []
    play(gulch, "help\nset Bob fp 3\nquit\n")
    out = capsys.readouterr().out
    assert "gurps figures for set NAME FIGURE N: hp, shock, stun\n" in out
    assert "refused: ENC-GM: The gurps encounter keeps no Fatigue Points" in out
    assert len(gulch.log("raid")) == 1


def test_help_lists_the_fight_s_actions_and_help_verb_says_what_one_takes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`help` gave one example line and no list of the actions: a GM had to mistype a verb to
    see them. It lists the ruleset's own; `help VERB` gives its words and each option with what
    it means; an unknown one is refused under ENC-ACTION and changes nothing."""
    service = fight("cards-alley.toml")
    play(service, "help\nhelp shoots\nhelp get\nhelp dance\nquit\n")
    out = capsys.readouterr().out
    assert "cards actions: shoots, reloads, aims, cocks, gets up, waits" in out
    assert "cards figures for set NAME FIGURE N: green, yellow, red, wear" in out
    assert "  NAME shoots TARGET\n" in out
    assert re.search(r"--mode SS\|SA\|BF\|FA +Firing mode", out)
    assert "  NAME gets up\n" in out  # the start of one verb is enough
    assert "refused: ENC-ACTION: No action 'dance': the actions: shoots, reloads" in out
    assert len(service.log("raid")) == 1
    # rmu has 28 verbs: past twenty the refusal said "the actions: 28 names", none of them.
    raid = fight("kindred-ambush.toml")
    play(raid, "help nosuch\nquit\n")
    out = capsys.readouterr().out
    assert "No action 'nosuch': the actions: shoots, reloads, moves," in out
    assert "bites, feeds on, lets go of, tears free of, stakes, beheads, attacks" in out
    gulch = fight("dry-gulch.toml")
    play(gulch, "help all-out\nhelp moves\nquit\n")
    out = capsys.readouterr().out
    assert "  NAME all-out attacks [at] TARGET\n" in out
    assert "  NAME moves [to] X,Y (X,Y in ft)\n" in out  # gurps's Move is in yards (DEC-779)
    # rmu's aimed shot says what its options mean, as `rmu shoot --help` does (RMU-GEN-1).
    play(fight("warehouse.toml"), "help shoots\nhelp attacks\nhelp tears\nquit\n")
    out = capsys.readouterr().out
    assert re.search(
        r"--ap N +AP on the shot \(default: a full shot.s\); each AP short costs \(RMU-GEN-1\)\.",
        out,
    )
    # What a melee or Kindred verb takes follows it, as a shot's TARGET does (R-6, RMU-BITE-3).
    assert (
        "  NAME attacks TARGET [with WEAPON]\n" in out and "  NAME tears free of [BITER]\n" in out
    )


@pytest.mark.parametrize("ruleset", ["rmu", "cpr", "gurps", "cards"])
def test_help_verb_says_what_every_option_of_every_action_means(ruleset: str) -> None:
    """DEC-773: `help reloads` in the cards alley listed a bare `--weapon TEXT`, and `help
    shoots` said of it "Weapon key (see `firefight weapons -r cards`)", though a line names the
    weapon as the scenario does (`--weapon g11`). Every option of every action has its meaning,
    and none of a line's weapon options asks for a catalog key."""
    for verb in find_ruleset(ruleset).action_verbs():
        for spelled in verb.options:
            option = verb.param_of(spelled)
            assert option is not None, (verb.name, spelled)
            meaning = option.param.said()
            assert meaning, (verb.name, spelled)
            if spelled in ("weapon", "with"):
                assert "key" not in meaning.lower(), (verb.name, meaning)


@pytest.mark.parametrize(
    ("example", "line", "weapon"),
    [
        ("warehouse.toml", "Mara reloads glock", "glock"),
        ("night-market.toml", "V reloads pistol", "pistol"),
        ("dry-gulch.toml", "Ann reloads 38", "38"),
        ("cards-alley.toml", "Jilly reloads g11", "g11"),
    ],
)
def test_every_ruleset_reads_the_weapon_a_reload_names(
    example: str, line: str, weapon: str
) -> None:
    """ENC-ACTION: rmu and cpr read `reloads WEAPON`, while gurps refused it ("'reloads' takes no
    name: '38'") and cards too, wanting --weapon: a GM moving between them met a refusal for the
    same words. Every ruleset reads the weapon so; named twice, two ways, it is refused."""
    state = fight(example).state("raid")
    ruleset = find_ruleset(state.ruleset)
    assert ruleset.parse_action(line, state).weapon == weapon  # type: ignore[attr-defined]
    if state.ruleset in ("gurps", "cards"):
        with pytest.raises(RuleRefusal, match="names the weapon twice"):
            ruleset.parse_action(f"{line} --weapon other", state)


def test_show_names_each_barrier_where_it_stands_in_the_scene_s_unit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RMU-MOV-1: `Mara dashes to cover crates` names a barrier, but rmu's `show` (and gurps's
    and cards's) named none: the GM had to read the scenario file. Each is listed under the
    table, in the unit places are typed in; cpr's too, its cover's HP after each (DEC-812: it
    gave the HP alone, so a cpr GM had no spot to move behind)."""
    raid = fight("warehouse.toml")
    play(raid, "show\nMara dashes to cover crates\nquit\n")
    out = capsys.readouterr().out
    assert "barrier: crates, hard, 3.5 ft high, from 0,38 to 22,38" in out
    assert "barrier: forklift, hardened, 4 ft high, from 24,46 to 36,46" in out
    assert raid.log("raid")[-1].text == "Mara dashes to cover crates"
    gurps = find_ruleset("gurps")
    stockyard = gurps.describe_scene(fight("stockyard.toml").state("raid"))
    assert "barrier: wagon, hard, 4.5 ft high, from 14,64 to 24,64" in stockyard
    yard = fight("container-yard.toml").state("raid")
    assert (
        "barrier: container, hardened, 2.44 m high, from -8,20 to -3,20; cover steel thick: "
        "50/50 HP"
    ) in find_ruleset("cpr").describe_scene(yard)


@pytest.mark.parametrize("example", [*EXAMPLES, "container-yard.toml"])
def test_a_line_with_too_little_is_shown_one_of_the_fight_s_own_people(example: str) -> None:
    """ENC-ACTION, R-6: a line of one word was answered "e.g. 'V shoots ...'" in every cpr fight
    and "e.g. 'Ann shoots Bob --mode BF'" in every cards one, naming nobody in the container
    yard or the alley. The example names whoever was typed and someone of another side."""
    state = fight(example).state("raid")
    ruleset = find_ruleset(state.ruleset)
    actor = state.combatants[-1]
    with pytest.raises(RuleRefusal) as refused:
        ruleset.parse_action(actor.name, state)
    said = re.search(r"e\.g\. '(\S+) (\S+) (\S+)'", refused.value.reason)
    assert said is not None and said[1] == actor.name
    assert state.combatant(said[3]).side != actor.side


def test_odds_with_no_line_give_the_fight_s_own_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`odds` alone said "e.g. 'Mara shoots Viktor'" in every fight: rmu's people, in a cpr
    night market. It gives the ruleset's example, as `help` does, whoever is up acting (DEC-746):
    Juno opens the market's round, and V is up once she has shot."""
    play(fight("night-market.toml"), "odds\nJuno shoots V\nodds\nquit\n")
    out = capsys.readouterr().out
    first, then = re.findall(r"odds need an action line, e\.g\. '([^']*)'", out)
    assert (first, then) == ("Juno shoots V --aim head", "V shoots Juno --aim head")
    # Nor "after the upkeep", rmu's word, in a gurps fight: the round's end says it.
    play(fight("dry-gulch.toml"), "odds Ann shoots Bob; Bob waits\nquit\n")
    out = capsys.readouterr().out
    assert "P(Bob down by the round's end, after Bob waits) = " in out and "upkeep" not in out


# --- width ------------------------------------------------------------------------------------


def test_a_narrow_table_never_cuts_a_typed_key() -> None:
    rows = [["zastava-m85-folded", "Zastava M85 (stock folded) " * 3, "9mm"]]
    table = typed_table("weapons", ["key", "name", "caliber"], rows, typed={"key"})
    out = Console(width=60, record=True, force_terminal=False)
    out.print(table)
    assert "zastava-m85-folded" in out.export_text()


def test_compact_rows_are_one_line_a_person() -> None:
    row: dict[str, Any] = {"name": "Mara", "side": "hunters", "conditions": "-", "AP": "4"}
    assert compact_rows([row]) == ["Mara: side hunters · AP 4"]


def test_show_compact_and_help_at_80_columns(store: list[str]) -> None:
    new_raid(store)
    code, out, _ = run("encounter", "show", "raid", "--compact", *store)
    assert code == 0
    assert sum(1 for line in out.splitlines() if line.startswith(("Mara:", "Viktor:"))) == 2


@pytest.mark.parametrize(
    ("scenario", "expected"),
    [
        ("warehouse.toml", "Viktor fires the zastava at Mara: missed by 4."),
        ("dry-gulch.toml", "Bob shoots Ann with the 45: missed by 8."),
        ("night-market.toml", "Juno fires the pistol twice at V: shot 1 missed by 4; shot 2 hit"),
    ],
)
def test_every_ruleset_s_miss_says_who_and_by_how_much(scenario: str, expected: str) -> None:
    """RMU-GEN-5, GUR-CORE-1 and CPR-HIT-1: an rmu miss by the points under the table's first
    row, a gurps miss by the roll's margin, a cpr miss by the points that would have beaten the
    DV; each headline names who shot whom, in the same words ("missed by": rmu alone said
    "miss by")."""
    service = EncounterService(MemoryStore())
    _, records, _ = play_scenario(service, ROOT / "examples" / scenario, "x")
    headlines = [str(r.summary.get("headline")) for r in records if r.kind == "action"]
    assert any(h.startswith(expected) for h in headlines), headlines


def test_declared_help_is_grouped_and_fits_80_columns() -> None:
    result = CliRunner().invoke(app, ["rmu", "shoot", "--help"], env={"COLUMNS": "80"})
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert any("Required" in line for line in lines)
    assert any("Dice and output" in line for line in lines)
    assert any("--distance" in line and " FT " in line for line in lines)


def test_gm_hits_move_each_ruleset_s_own_damage_track() -> None:
    """ENC-GM (DEC-415): gurps loses and heals HP (never past full); cards refuses, saying
    why, and nothing is written."""
    service = EncounterService(MemoryStore())
    gulch = load_scenario(ROOT / "examples" / "dry-gulch.toml")
    service.new("gulch", gulch, Dice.scripted(gulch.opening_rolls))
    service.gm("gulch", "hits Bob 4")
    row = find_ruleset("gurps").describe_row(service.state("gulch").combatant("Bob"))
    assert row["HP"] == "6/10"
    service.gm("gulch", "heal Bob 9")
    row = find_ruleset("gurps").describe_row(service.state("gulch").combatant("Bob"))
    assert row["HP"] == "10/10"
    alley = load_scenario(ROOT / "examples" / "cards-alley.toml")
    service.new("alley", alley, Dice.scripted(alley.opening_rolls))
    with pytest.raises(RuleRefusal, match="ENC-GM: The cards ruleset keeps wounds"):
        service.gm("alley", "hits Rico 3")
    assert len(service.log("alley")) == 1


def test_an_unknown_command_line_option_is_matched_by_the_one_helper() -> None:
    """--range means --distance, not --ranks (issue 17)."""
    result = CliRunner().invoke(
        app, ["rmu", "shoot", "--weapon", "glock-17", "--ob", "60", "--range", "40"]
    )
    assert result.exit_code == 2 and "(Possible options: --distance)" in result.output


def test_the_session_asks_in_good_grammar_who_comes_first(service: EncounterService) -> None:
    """ENC-ORDER: one person ahead "comes first", several "come first"."""
    asked: list[str] = []

    def no(question: str) -> bool:
        asked.append(question)
        return False

    session = Session(service, "raid", confirm=no, seed=1)
    order = [name for group in service.state("raid").initiative for name in group]
    with create_pipe_input() as keys:
        keys.send_text(f"{order[1]} waits\n{order[-1]} waits\nquit\n")
        run_session(session, PromptSession(input=keys, output=DummyOutput()))
    assert asked[0].endswith(f"{order[0]} (4 AP) comes first. Go on?")
    assert asked[1].endswith(" come first. Go on?") and asked[1].count("AP)") > 1


def test_the_session_asks_about_the_order_only_of_an_action_the_rules_allow(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """K-2, ENC-ORDER: in cards the reaction order is the rules' own, so acting before one's
    draw is refused whatever the GM answers; the session asked "Go on?" first and then refused
    anyway. An action the rules refuse is refused at once (one they allow is still asked:
    test_the_session_asks_in_good_grammar_who_comes_first)."""
    service = EncounterService(MemoryStore())
    service.new("raid", load_scenario(WAREHOUSE.parent / "cards-alley.toml"), Dice.seeded(4))
    first, second = (group[0] for group in service.state("raid").initiative[:2])
    asked: list[str] = []

    def yes(question: str) -> bool:
        asked.append(question)
        return True

    session = Session(service, "raid", confirm=yes, seed=1)
    session.handle(f"{second} waits")
    said = capsys.readouterr().out
    assert asked == [] and f"refused: K-2: {first} drew higher" in said
    # What the GM may do instead, since no answer would do (ENC-GM).
    assert f"(the GM's 'delay NAME' puts {first} last this round)" in said
    assert len(service.log("raid")) == 1
    session.handle(f"delay {first}")
    session.handle(f"{second} waits")
    assert service.log("raid")[-1].text == f"{second} waits"


def test_an_action_the_rules_refuse_is_refused_for_that_before_the_order_is_checked() -> None:
    """K-2, ENC-ORDER: `encounter act` without --force checked the order first, so a cards
    fighter who had already taken the round's turn, with the GM's reorder putting someone who
    had not ahead of them, was told to wait for that one "or force it (--force)", and forced,
    was refused for the turn already taken. The rules' refusal comes first, as in the session."""
    service = EncounterService(MemoryStore())
    service.new("raid", load_scenario(WAREHOUSE.parent / "cards-alley.toml"), Dice.seeded(4))
    first, second = (group[0] for group in service.state("raid").initiative[:2])
    service.act("raid", f"{first} waits", Dice.seeded(0), force=False)
    service.gm("raid", f"reorder {second} {first}")
    with pytest.raises(RuleRefusal) as refused:
        service.act("raid", f"{first} waits", Dice.seeded(0), force=False)
    assert str(refused.value) == (
        f"K-2: {first} has already taken this round's turn (one turn a round); "
        "wait for the next round."
    )


@pytest.mark.parametrize(
    ("scenario", "verb", "refusal"),
    [
        ("warehouse.toml", "waits", r"RMU-GEN-1: \w+ has no AP left .*; wait for the next round\."),
        ("night-market.toml", "shoots", r"CPR-REF-1: .*; wait for the next turn\."),
        ("dry-gulch.toml", "shoots", r"GUR-CORE-1: .*; wait for the next second\."),
        ("cards-alley.toml", "shoots", r"K-2: .*; wait for the next round\."),
    ],
)
def test_acting_again_after_the_turn_is_spent_names_the_rule_and_what_to_do(
    scenario: str, verb: str, refusal: str
) -> None:
    """RMU-GEN-1, CPR-REF-1, GUR-CORE-1 (DEC-216), K-2: whoever has spent their turn and acts
    again is told, in every ruleset, which of its rules spends it and to wait for the next one
    (gurps said "ENC-ACTION: Bob has taken this second's maneuver already.", naming no rule of
    its own and nothing to do); nothing is written."""
    service = EncounterService(MemoryStore())
    service.new("fight", load_scenario(ROOT / "examples" / scenario), Dice.seeded(2))
    first = service.state("fight").initiative[0][0]
    state = service.state("fight")
    line = example_line(state, verb, first) if verb == "shoots" else f"{first} {verb}"
    service.act("fight", line, Dice.seeded(0), force=True)
    written = len(service.log("fight"))
    with pytest.raises(RuleRefusal, match=refusal):
        service.act("fight", line, Dice.seeded(0), force=True)
    assert len(service.log("fight")) == written


def test_a_refusal_the_resolver_makes_before_any_die_comes_before_the_order(
    service: EncounterService, capsys: pytest.CaptureFixture[str]
) -> None:
    """RMU-SUP-4, RMU-RF-3, ENC-ORDER (DEC-716): a sweep 5 ft out (inside the SKS's 20 ft) or a
    2 AP preparation with 1 AP left is refused by its resolver, before any die, not by the
    validation; so the session asked "Jonah acts out of turn ... Go on?" and, answered yes,
    refused it, and `encounter act` without --force said to force it, then refused it forced."""
    asked: list[str] = []

    def yes(question: str) -> bool:
        asked.append(question)
        return True

    session = Session(service, "raid", confirm=yes, seed=1)
    session.handle("Jonah sweeps 5 ft out, 20 ft wide toward Viktor")
    assert asked == [] and "RMU-SUP-4" in capsys.readouterr().out
    for line, rule in (
        ("Jonah sweeps 5 ft out, 20 ft wide toward Viktor", "RMU-SUP-4"),
        ("Viktor prepares rapid fire at Mara --ap 1", "RMU-RF-3"),
    ):
        with pytest.raises(RuleRefusal) as refused:
            service.act("raid", line, Dice.seeded(0), force=False)
        assert refused.value.rule == rule
    assert len(service.log("raid")) == 1


def test_live_odds_read_the_typed_result_s_word_in_every_ruleset() -> None:
    """CRD-HIT-1: `encounter odds` on a cards fight said "Giga shoots Rico: done 100.0%",
    the word of a record written before results were typed; a shot's result says hit or miss
    itself, as `encounter act --json` prints it."""
    service = EncounterService(MemoryStore())
    alley = WAREHOUSE.parent / "cards-alley.toml"
    service.new("alley", load_scenario(alley), Dice.seeded(2))
    current = service.current("alley")
    found = live_odds(current.state, current.ruleset, ["Rico shoots Giga"], trials=60)
    words = dict(found.outcomes)
    assert "done" not in words
    assert set(words) <= {"hit", "miss"} and words.get("hit", 0) > 0


def test_the_gm_s_dice_wait_for_the_action_that_takes_them(
    service: EncounterService, capsys: pytest.CaptureFixture[str]
) -> None:
    """D-3: `rolls 97,45` gives the GM's own faces to the next action done. An action the rules
    refuse rolls nothing, so the faces wait for the next one (they were thrown away, and the
    next shot rolled seeded dice instead); faces an action cannot use are set aside, said so;
    faces left over are named, as `encounter act --rolls` names them."""
    session = play(
        service,
        "Mara moves -8,6\n"
        "rolls 97,45\n"
        "Viktor shoots Mara --ap 9\n"  # refused (RMU-GEN-1): nothing rolled
        "Mara shoots Viktor --ap 3\n"
        "rolls 5\n"
        "next\n"  # the initiative takes more than one face
        "quit\n",
        answers="yy",
    )
    out = capsys.readouterr().out
    shot = service.log("raid")[-1]
    assert shot.text == "Mara shoots Viktor --ap 3"
    assert shot.dice.source == "scripted" and shot.dice.faces == (97, 45)
    assert "Mara fires the glock at Viktor: hit, 1 hit, no critical." in out
    assert "error: D-3: ran out of scripted dice: 1 given" in out
    assert "give them again with 'rolls'" in out
    assert session.scripted is None
    session.handle("rolls 1,2,3,4,5,6,7,8,30")  # a face more than the initiative takes
    session.handle("next")
    assert "note: 1 scripted die was not needed: [30]" in capsys.readouterr().out
    session.handle("rolls 97,\u00b2")  # passes str.isdigit, not int: it crashed the session
    assert "error: D-3: rolls takes whole die faces separated by commas" in capsys.readouterr().out
    assert session.scripted is None


def test_rmu_gen_1_an_attack_refused_for_its_ap_says_the_hastier_one_that_fits() -> None:
    """A GM who types "Jonah stakes Mara" with 3 AP left was told only "That costs 4 AP, but
    Jonah has only 3": the attack takes 2 to 4 AP, and the --ap that fits is said."""
    service = EncounterService(MemoryStore())
    service.new("alley", load_scenario(WAREHOUSE.parent / "kindred-ambush.toml"), Dice.seeded(0))
    service.act("alley", "Jonah moves 0,27", Dice.seeded(0), force=True)  # 2 AP of his 4
    for line, fits in (("Jonah stakes Mara", "--ap 2"), ("Jonah shoots Mara", "--ap 2")):
        with pytest.raises(RuleRefusal) as err:
            service.act("alley", line, Dice.scripted([]), force=True)
        assert err.value.rule == "RMU-GEN-1" and fits in err.value.reason, err.value.reason
    service.act("alley", "Jonah waits --ap 1", Dice.seeded(0), force=True)
    with pytest.raises(RuleRefusal) as err:  # 1 AP: no melee attack fits at all
        service.act("alley", "Jonah stakes Mara", Dice.scripted([]), force=True)
    assert "--ap" not in err.value.reason
