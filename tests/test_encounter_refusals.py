"""Bad input is refused with the rule and a plain sentence, and changes nothing: neither the
state nor the stored log (RMU-GEN-1, R-2, R-5, R-6, and the encounter's own ENC-SCENE)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from encounter_support import MemoryStore, person, scene
from firefight.dice import Dice
from firefight.encounter.scenario import scenario_from_data
from firefight.errors import RuleRefusal
from firefight.service import EncounterService
from firefight.store import open_store
from firefight.store.base import EncounterStore


@pytest.fixture(params=["memory", "sqlite"])
def service(request: pytest.FixtureRequest) -> Iterator[EncounterService]:
    store: EncounterStore = MemoryStore() if request.param == "memory" else open_store("sqlite://")
    doc = scene(
        person("Mara", 0, 0),
        person("Viktor", 0, 30, rounds=(0,)),
        person("Lev", 20, 30, surprise="flat-footed"),
        person("Ilse", -20, 30, hits=10),
    )
    svc = EncounterService(store)
    svc.new("raid", scenario_from_data(doc), Dice.scripted([5, 5, 4, 4, 3, 3]))
    # Ilse goes down (10 hits) and Mara spends her AP, so both can be refused.
    svc.act("raid", "Mara moves 0,-80", Dice.scripted([]))
    yield svc
    store.close()


REFUSALS = [
    (
        "Marra shoots Viktor",
        "ENC-SCENE",
        "Nobody called 'Marra' is in the scene; did you mean 'Mara'?",
    ),
    ("Viktor shoots Vicktor", "ENC-SCENE", "did you mean 'Viktor'?"),
    ("Viktor dances", "R-6", "rmu knows no action 'dances'"),
    ("Viktor shots Mara", "R-6", "did you mean 'shoots'"),
    ("Viktor shoots Mara --aim", "R-6", "'shoots' has no option --aim"),
    ("Mara shoots Viktor", "RMU-GEN-1", "Mara has no AP left this round"),
    ("Mara waits", "RMU-GEN-1", "no AP left"),
    ("Viktor shoots Mara", "R-6", "Viktor's glock is empty"),
    ("Viktor reloads", "R-6", "no loaded spare magazine"),
    ("Lev shoots Mara", "R-5", "flat-footed and takes no action in round 1"),
    ("Viktor shoots Viktor", "R-6", "cannot shoot at themselves"),
    ("Viktor moves 0,130", "RMU-GEN-1", "costs 5 AP"),
    ("Viktor moves 20.5,30", "S-1", "Lev already takes up that spot"),
    ("Viktor stands-up", "R-6", "already standing"),
    ("Ilse shoots Mara --ap 4", "RMU-GEN-1", "A ranged attack takes 1 to 3 AP"),
]


def _snapshot(service: EncounterService) -> tuple[object, list[object]]:
    loaded = service.load("raid")
    return loaded.state, [r.payload for r in service.store.records("raid")]


@pytest.mark.parametrize(("text", "rule", "words"), REFUSALS)
def test_refused_actions_change_neither_state_nor_log(
    service: EncounterService, text: str, rule: str, words: str
) -> None:
    """RMU-GEN-1 (AP spent), R-6 (empty magazine, unknown verb), R-5 (flat-footed), ENC-SCENE
    (someone not in the scene): a plain sentence naming the rule, nothing written."""
    before = _snapshot(service)
    with pytest.raises(RuleRefusal) as refused:
        service.act("raid", text, Dice.scripted([50, 50, 50, 50]))
    assert refused.value.rule == rule
    assert words in refused.value.reason
    assert refused.value.reason.endswith((".", "?"))
    assert _snapshot(service) == before


def test_r_2_dead_and_unconscious_actors_are_refused_and_nothing_changes(
    service: EncounterService,
) -> None:
    """R-2: Ilse (10 hits) takes 10 and drops; Viktor (50, Body Development 20) takes 80."""
    from firefight.encounter.log import LogRecord
    from firefight.rulesets.rmu.events import HitsInflicted

    loaded = service.load("raid")
    for hits, target in ((10, "Ilse"), (80, "Viktor")):
        record = LogRecord(
            kind="action",
            round=1,
            text=f"GM: {target} takes {hits}",
            events=(HitsInflicted(target=target, hits=hits, rule="RMU-GEN-5"),),
        )
        service.store.append("raid", service.store.head("raid"), [record.payload()])
    loaded = service.load("raid")
    assert loaded.state.combatant("Ilse").unconscious
    assert loaded.state.combatant("Viktor").dead
    for text, words in (
        ("Ilse waits", "Ilse is unconscious (0 hits left of 10) and cannot act."),
        ("Viktor waits", "Viktor is dead and takes no more actions."),
        ("Lev waits", "flat-footed"),
    ):
        before = _snapshot(service)
        with pytest.raises(RuleRefusal) as refused:
            service.act("raid", text, Dice.scripted([]))
        assert words in str(refused.value)
        assert _snapshot(service) == before
    service.next_round("raid", Dice.scripted([5, 5, 5, 5]))
    before = _snapshot(service)
    with pytest.raises(RuleRefusal, match=r"R-2: Viktor is already dead\."):
        service.act("raid", "Mara shoots Viktor", Dice.scripted([]))
    assert _snapshot(service) == before


def test_undo_with_nothing_to_undo_is_refused(service: EncounterService) -> None:
    service.undo("raid")  # takes back Mara's move
    before = _snapshot(service)
    with pytest.raises(RuleRefusal, match="ENC-UNDO: There is nothing to undo"):
        service.undo("raid")
    assert _snapshot(service) == before
