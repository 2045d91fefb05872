"""How the traces word a throw's lengths (RMU-EXP-4, X-1, C-8, C-2): to the hundredth of the
scene's unit, as they word a shot's distance, not with every figure the geometry computed."""

from __future__ import annotations

from pathlib import Path

from encounter_support import MemoryStore
from firefight.dice import Dice
from firefight.encounter.narrate import render_trace
from firefight.encounter.scenario import load_scenario
from firefight.service import EncounterService
from firefight.wording import length_words

ROOT = Path(__file__).resolve().parents[1]


def traced(example: str, line: str, dice: Dice) -> list[str]:
    service = EncounterService(MemoryStore())
    scenario = load_scenario(ROOT / "examples" / example)
    service.new("f", scenario, Dice.scripted(scenario.opening_rolls or [5] * 40))
    return render_trace(service.act("f", line, dice).record.trace)


def test_a_length_reads_to_the_hundredth_but_never_loses_a_fraction_to_a_whole_number() -> None:
    """C-2 reads a table in whole metres, a fraction rounding up: 7.0007 m said "7 m" would
    then seem to round up to 8 m for nothing."""
    assert length_words(41.10961, "ft") == "41.11 ft"
    assert length_words(6.0, "m") == length_words(6, "m") == "6 m"
    assert length_words(7.0007, "m") == "7.0007 m"


def test_rmu_exp_4_x_1_a_scattered_throw_s_distances_read_to_the_hundredth() -> None:
    """A throw at 3,41 (41.1096 ft away) was traced "throw increment 2 (41.1096 ft)" and
    "52% of half the throw (20.5548 ft) = 10.6885 ft off"."""
    lines = traced("grenade-room.toml", "Mara throws m67 at 3,41", Dice.scripted([18, 10]))
    text = "\n".join(lines)
    assert "throw increment 2 (41.11 ft)" in text
    assert "52% of half the throw (20.55 ft) = 10.69 ft off, toward 10 o'clock" in text
    assert "41.1096" not in text and "10.6885" not in text


def test_c_8_c_2_a_grenade_s_distance_reads_to_the_hundredth() -> None:
    """V's grenade at 3,3 (4.24264 m away) was traced "4.24264 m away" and "4.24264 m rounds up
    to 5 m for the table"."""
    text = "\n".join(traced("night-market.toml", "V throws grenade at 3,3", Dice.seeded(1)))
    assert "V throws the grenade at (3, 3), 4.24 m away.  [C-8]" in text
    assert "4.24 m rounds up to 5 m for the table.  [C-2]" in text
    assert "4.24264" not in text
