"""``firefight play``: both bundled scenarios validate, play deterministically (their dice are in
the file) and end where the golden summaries say."""

from __future__ import annotations

from pathlib import Path

import pytest

from encounter_support import MemoryStore
from firefight.cli.encounter import play_scenario
from firefight.encounter.scenario import load_scenario
from firefight.rulesets.rmu.vitals import armor_of, dying, vitals
from firefight.scene.state import CombatantState
from firefight.service import EncounterService

ROOT = Path(__file__).resolve().parents[1]


def _summary(c: CombatantState) -> tuple[object, ...]:
    status = "dead" if c.dead else "dying" if dying(c) else "unconscious" if c.unconscious else "up"
    weapon = c.weapon()
    loaded = str(weapon.loaded) if weapon and weapon.loaded else None
    return (
        c.name,
        c.hits_left,
        status,
        vitals(c).bleed,
        loaded,
        armor.damage if (armor := armor_of(c)) else None,
    )


GOLDEN = {
    "warehouse.toml": (
        4,
        19,
        [
            ("Mara", 14, "up", 0, "16/17 hollowpoint", -20),
            ("Jonah", -9, "unconscious", 4, "7/10 ball", None),
            ("Viktor", -31, "dead", 6, "28/30 ball", 0),
            ("Lev", 14, "up", 1, "15/17 ball", None),
            ("Pavel", 40, "up", 0, None, None),
            ("Ilse", 35, "up", 0, None, None),
        ],
    ),
    "street-ambush.toml": (
        3,
        12,
        [
            ("Sofia", -23, "dying", 13, "17/17 ball", -20),
            ("Teo", -22, "dying", 9, "16/17 ball", 0),
            ("Rook", 55, "up", 0, "8/10 armor-piercing", None),
            ("Vasco", 48, "up", 0, "28/30 hollowpoint", 0),
            ("Walker", 40, "up", 0, None, None),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_play_of_each_example_ends_at_its_golden_summary(name: str) -> None:
    """R-2, R-4, RMU-GEN-7: hits, bleeding and dying as the scripted dice leave them; P-5 for
    the armor's running breakage total."""
    round_number, count, people = GOLDEN[name]
    _, records, state = play_scenario(
        EncounterService(MemoryStore()), ROOT / "examples" / name, "x"
    )
    assert state.round == round_number
    assert len(records) == count
    assert [_summary(c) for c in state.combatants] == people


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_play_is_deterministic(name: str) -> None:
    runs = [
        play_scenario(EncounterService(MemoryStore()), ROOT / "examples" / name, "x")
        for _ in range(2)
    ]
    first, second = ([r.payload() for r in records] for _, records, _ in runs)
    assert first == second
    assert runs[0][2] == runs[1][2]


def test_examples_show_what_the_issue_asks_for() -> None:
    """RMU-COV-5, RMU-COV-6, R-5, P-5: cover by barrier and by bystander, body armor, surprise,
    undo and reload all happen in the warehouse raid; a dying count runs in the ambush."""
    _, records, _ = play_scenario(
        EncounterService(MemoryStore()), ROOT / "examples" / "warehouse.toml", "x"
    )
    types = {type(e).__name__ for r in records for e in r.events}
    assert {"BreakageTaken", "Reloaded", "Moved", "PostureChanged", "ActionPointsLost"} <= types
    assert any(r.kind == "undo" for r in records)
    rules = {t.get("rule") for r in records for t in r.trace} | {
        p["rule"] for r in records for t in r.trace for p in t.get("parts", ())
    }
    assert {"RMU-COV-3", "RMU-COV-5", "P-1", "R-5", "RMU-BRK-1"} <= rules
    _, records, _ = play_scenario(
        EncounterService(MemoryStore()), ROOT / "examples" / "street-ambush.toml", "x"
    )
    assert "DyingCountdown" in {type(e).__name__ for r in records for e in r.events}
    assert "RMU-COV-6" in {t.get("rule") for r in records for t in r.trace}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_examples_validate(name: str) -> None:
    scenario = load_scenario(ROOT / "examples" / name)
    assert scenario.ruleset == "rmu" and scenario.steps
    assert any(c.bystander for c in scenario.combatants)  # type: ignore[attr-defined]
