"""Headlines that tell what the rules did (issue 17): a grenade that has yet to go off says
when it will, a stake gives its hits and critical, a cpr hit names the critical injury it
caused and says when the armor held, a gurps shot names an All-Out Attack, a critical failure
and a knockdown. Each is read off the bundled fights the review script plays
(scripts/review_headlines.py)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from encounter_support import MemoryStore, doorway, in_memory
from firefight.cli.app import app
from firefight.cli.encounter import play_scenario
from firefight.dice import Dice
from firefight.encounter.log import LogRecord
from firefight.service import EncounterService

EXAMPLES = Path(__file__).parent.parent / "examples"


def _records(fight: str) -> list[LogRecord]:
    _, records, _ = play_scenario(EncounterService(MemoryStore()), EXAMPLES / f"{fight}.toml", "x")
    return records


def _acted(records: list[LogRecord], text: str) -> LogRecord:
    return next(r for r in records if r.kind == "action" and r.text.startswith(text))


def test_rmu_exp_9_a_thrown_grenade_s_headline_says_when_it_goes_off() -> None:
    """RMU-EXP-2, RMU-EXP-9: the m67 thrown in round 1 lands, and the headline says it goes
    off at the end of round 2 -- which it does, at the change to round 3."""
    records = _records("grenade-room")
    thrown = _acted(records, "Mara throws m67")
    assert thrown.round == 1
    assert thrown.narration[0] == (
        "Mara throws the m67; it lands at (6.3, 45); it goes off at the end of round 2."
    )
    gone_off = next(r for r in records if any("m67-1-1) goes off" in n for n in r.narration))
    assert gone_off.kind == "round" and gone_off.round == 3


def test_rmu_stake_2_the_encounter_stake_headline_gives_the_hits_and_the_critical() -> None:
    """RMU-STAKE-2 (V-1, DEC-373): Jonah's stake does 20 hits (Mara 25 -> 5) and a B to the
    chest, a C before Kindred flesh softened it: the headline says all of that and that
    she is staked."""
    stake = _acted(_records("kindred-ambush"), "Jonah stakes Mara")
    assert stake.summary["headline"] == (
        "Jonah stakes Mara: 20 hits and a critical B (struck as C) to the chest: staked."
    )


def test_rmu_stake_3_the_standalone_stake_and_beheading_give_the_hits_and_the_critical() -> None:
    """RMU-STAKE-2, RMU-STAKE-3: ``firefight rmu stake`` words the blow as the encounter does,
    then what the victim is left in."""
    runner = CliRunner()
    staked = runner.invoke(app, ["rmu", "stake", "--ob", "60", "--rolls", "97,20,23"])
    assert staked.exit_code == 0, staked.output
    assert (
        "STAKE: 21 hits and a critical B (struck as C) to the chest: staked; the victim: staked"
        in staked.output
    )
    beheaded = runner.invoke(
        app,
        ["rmu", "stake", "--ob", "60", "--behead", "--weapon", "broadsword", "--rolls", "90,23"],
    )
    assert beheaded.exit_code == 0, beheaded.output
    assert (
        "BEHEAD: 30 hits and a critical D to the head: the head comes off; "
        "the victim: FINAL DEATH" in beheaded.output
    )


def test_c_4_a_head_shot_s_headline_names_the_critical_injury() -> None:
    """C-4 (and C-3): V's head shot does 14 damage and 19 HP with the concussion's 5 bonus
    damage; the headline names the injury that makes the difference."""
    shot = _acted(_records("night-market"), "V shoots Rook --aim head")
    assert shot.summary["headline"] == (
        "V fires the pistol at Rook (aimed at the head): hit (14 damage, 19 HP lost; concussed)."
    )


def test_c_3_a_hit_the_armor_stops_says_the_armor_held() -> None:
    """C-3: Juno's 11 damage against V's SP 11 gets nothing through: the headline says the SP
    held it rather than only '0 HP lost'."""
    shot = _acted(_records("night-market"), "Juno shoots V --twice")
    assert shot.summary["headline"] == (
        "Juno fires the pistol twice at V: shot 1 missed by 4; "
        "shot 2 hit (11 damage, SP 11 holds it: 0 HP lost)."
    )


def test_g_1_an_all_out_attack_that_fails_critically_says_both() -> None:
    """G-1, GUR-CORE-1: Bob's All-Out Attack rolls 15 against an effective skill of -1, a
    critical failure: the headline names the maneuver and the critical failure, not a
    margin."""
    shot = _acted(_records("alley-crossing"), "Bob all-out attacks Ann")
    assert shot.summary["critical_miss"] is True
    assert shot.summary["headline"] == (
        "Bob shoots Ann with the 9mm (all-out attack): a critical failure."
    )


def test_rmu_exp_2_a_fumbled_throw_names_what_drops() -> None:
    """RMU-EXP-2: the line of a fumbled throw names the load, not "it"; told once, by the
    headline, not again in the narration after it (DEC-912)."""
    service = in_memory("g", doorway(), Dice.seeded(1))
    thrown = service.act("g", "Mara throws m67 at 0,45", Dice.scripted([1]))
    assert thrown.record.narration[0].startswith(
        "Mara fumbles the m67: it drops at Mara's feet, at (0, 0);"
    )
    assert sum("fumbles" in line for line in thrown.record.narration) == 1


def test_rmu_exp_3_a_fumble_thrown_at_someone_drops_at_the_throwers_feet() -> None:
    """RMU-EXP-3, DEC-703: a fumble thrown at Viktor lies at Mara's feet, and the headline says
    so by name ("their feet" after "meant for Viktor" read as Viktor's)."""
    service = in_memory("g", doorway(), Dice.seeded(1))
    thrown = service.act("g", "Mara throws m67 at Viktor", Dice.scripted([1]))
    assert thrown.record.summary["headline"] == (
        "Mara fumbles the m67 meant for Viktor: it drops at Mara's feet, at (0, 0); "
        "it goes off at the end of round 2."
    )
