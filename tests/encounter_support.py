"""Helpers for the encounter tests: a tiny in-memory store and small scenes."""

from __future__ import annotations

import builtins
import copy
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from firefight.dice import Dice
from firefight.encounter.scenario import Scenario, initial_state, load_scenario, scenario_from_data
from firefight.frozen import replace
from firefight.rulesets.rmu.vitals import vitals, with_vitals
from firefight.scene.state import EncounterState
from firefight.service import EncounterService
from firefight.store.base import (
    ConflictError,
    EncounterExists,
    EncounterInfo,
    EncounterNotFound,
    StoredRecord,
    Written,
)


class MemoryStore:
    """The store protocol in a dict, for tests of the layer above it."""

    def __init__(self) -> None:
        self._scenarios: dict[str, tuple[str, dict[str, Any]]] = {}
        self._logs: dict[str, list[StoredRecord]] = {}
        self.url = "memory://"

    def _log(self, name: str) -> list[StoredRecord]:
        if name not in self._logs:
            raise EncounterNotFound(name, self._logs)
        return self._logs[name]

    def create(
        self,
        name: str,
        ruleset: str,
        scenario: dict[str, Any],
        payloads: Sequence[dict[str, Any]] = (),
    ) -> Written:
        if name in self._logs:
            raise EncounterExists(name)
        self._scenarios[name] = (ruleset, json.loads(json.dumps(scenario)))
        self._logs[name] = []
        return self.append(name, 0, payloads)

    def scenario(self, name: str) -> dict[str, Any]:
        self._log(name)
        return copy.deepcopy(self._scenarios[name][1])

    def append(self, name: str, expected_head: int, payloads: Sequence[dict[str, Any]]) -> Written:
        log = self._log(name)
        if len(log) != expected_head:
            raise ConflictError(name, expected_head=expected_head, actual_head=len(log))
        for payload in payloads:
            # Round-trip through JSON, as a database would: tuples must not survive.
            text = json.dumps(payload, allow_nan=False)
            assert json.loads(text) == payload, "payload is not plain JSON"
            log.append(StoredRecord(seq=len(log) + 1, payload=json.loads(text), recorded_at="t"))
        return Written(head=len(log), recorded_at="t")

    def records(self, name: str, after: int = 0) -> builtins.list[StoredRecord]:
        return [r for r in self._log(name) if r.seq > after]

    def head(self, name: str) -> int:
        return len(self._log(name))

    def list(self) -> builtins.list[EncounterInfo]:
        return [
            EncounterInfo(name=n, ruleset=self._scenarios[n][0], created_at="t", head_seq=len(log))
            for n, log in sorted(self._logs.items())
        ]

    def delete(self, name: str) -> None:
        self._log(name)
        del self._logs[name], self._scenarios[name]

    def export(self, name: str) -> dict[str, Any]:
        return {
            "name": name,
            "ruleset": self._scenarios[name][0],
            "scenario": self.scenario(name),
            "records": [
                {"seq": r.seq, "recorded_at": r.recorded_at, "payload": r.payload}
                for r in self._log(name)
            ],
        }

    def import_(self, data: dict[str, Any], name: str | None = None) -> EncounterInfo:
        name = name or data["name"]
        self.create(name, data["ruleset"], data["scenario"])
        self.append(name, 0, [r["payload"] for r in data["records"]])
        return self.list()[[i.name for i in self.list()].index(name)]

    def close(self) -> None:
        pass


#: The Kindred sheet the Kindred tests give a combatant: Blood Potency 2, Hunger 2, and three
#: Disciplines (V-6).
KINDRED_SHEET: dict[str, Any] = {
    "kindred": True,
    "blood_potency": 2,
    "hunger": 2,
    "disciplines": {"celerity": 2, "potence": 3, "protean": 2},
}


def kindred_scene(*people: dict[str, Any], **kindred_rules: Any) -> EncounterState:
    """The rmu scene of ``people`` under these Kindred switches (``rules.kindred``), each of
    them with 4 AP left to act with."""
    data = scene(*people)
    if kindred_rules:
        data["rules"] = {"kindred": kindred_rules}
    state = initial_state(scenario_from_data(data))
    return replace(
        state,
        combatants=tuple(with_vitals(c, replace(vitals(c), ap_left=4)) for c in state.combatants),
    )


def thrower(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    """An rmu combatant at (``x``, ``y``) ft with a thrown skill and hits enough to see a
    blast through, as a scene's dict; ``extra`` adds or overrides fields."""
    return {
        "name": name,
        "position": [x, y],
        "hits": 80,
        "stats": {"body_development": 25, "bmr_ft": 20},
        "skills": {"thrown": {"bonus": 40, "ranks": 10}},
        **extra,
    }


def person(
    name: str,
    x: float,
    y: float,
    *,
    hits: int = 50,
    bd: int = 20,
    quickness: int = 0,
    armor: str | None = None,
    rounds: Sequence[int] = (17, 17),
    ammo: str = "ball",
    **core: Any,
) -> dict[str, Any]:
    """A combatant table with a Glock 17 (OB 80) and the given figures."""
    entry: dict[str, Any] = {
        "name": name,
        "position": [x, y],
        "hits": hits,
        "stats": {"quickness": quickness, "body_development": bd, "bmr_ft": 20},
        "skills": {"pistol": {"bonus": 80, "ranks": 10}},
        "weapon": [
            {
                "name": "glock",
                "weapon": "glock-17",
                "skill": "pistol",
                "magazines": [{"rounds": r, "ammo": ammo} for r in rounds],
            }
        ],
        **core,
    }
    if armor:
        entry["armor"] = {"kind": armor}
    return entry


def scene(
    *people: dict[str, Any], barriers: Sequence[dict[str, Any]] = (), ruleset: str = "rmu"
) -> dict[str, Any]:
    """A scenario document for ``ruleset`` with these people."""
    return {
        "scenario": {"title": "test scene", "ruleset": ruleset},
        "combatant": list(people),
        "barrier": list(barriers),
    }


def doorway(**mara: Any) -> dict[str, Any]:
    """Throwers in an rmu scene: Mara at the origin (``mara`` adds to her), Viktor in the door
    45 ft north of her, Sam well back at 160 ft."""
    return scene(thrower("Mara", 0, 0, **mara), thrower("Viktor", 0, 45), thrower("Sam", 0, 160))


def in_memory(name: str, doc: dict[str, Any], dice: Dice) -> EncounterService:
    """A service over a :class:`MemoryStore` holding the scenario document ``doc`` as the
    encounter ``name``, its first round opened with ``dice``."""
    service = EncounterService(MemoryStore())
    service.new(name, scenario_from_data(doc), dice)
    return service


#: The bundled warehouse fight, and opening rolls that set Mara, then Viktor, then Jonah.
WAREHOUSE = Path(__file__).resolve().parents[1] / "examples" / "warehouse.toml"
WAREHOUSE_OPENING = (7, 4, 3, 9, 6, 6)


def warehouse_raid() -> EncounterService:
    """The warehouse fight opened as the encounter ``raid`` in memory (Mara acts first)."""
    service = EncounterService(MemoryStore())
    service.new("raid", load_scenario(WAREHOUSE), Dice.scripted(list(WAREHOUSE_OPENING)))
    return service


def duel(**kw: Any) -> Scenario:
    """Mara and Viktor 30 ft apart in the open; keyword arguments go to Viktor."""
    return scenario_from_data(scene(person("Mara", 0, 0), person("Viktor", 0, 30, **kw)))


def play(path: str | Path) -> tuple[EncounterService, EncounterState]:
    """Run an example's script through the service as ``fight``, keeping the engine's own state
    as it goes (each undo checked to come back to the state before): the service and the last
    state."""
    scenario = load_scenario(path)
    service = EncounterService(MemoryStore())
    states = [service.new("fight", scenario, Dice.scripted(scenario.opening_rolls)).state]
    for step in scenario.steps:
        dice = Dice.scripted(step.rolls)
        if step.kind == "act":
            states.append(service.act("fight", step.text, dice).state)
        elif step.kind == "next-round":
            states.append(service.next_round("fight", dice).state)
        else:
            states.pop()
            assert service.undo("fight").state == states[-1]
    return service, states[-1]
