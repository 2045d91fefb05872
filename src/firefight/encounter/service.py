"""The one service layer over a store that the command line (and later the web API) call.

Each command reads the encounter (its scenario and log), folds the state, runs the engine and
appends one record, saying which head it built on: if someone else appended first, the store
refuses with :class:`~firefight.store.base.ConflictError` and nothing is written. A refused
action raises before anything is appended, so the log and the state stay as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.fold import fold
from firefight.encounter.log import LogRecord, live, parse_record, register_event_types
from firefight.encounter.scenario import Scenario, initial_state, scenario_from_data
from firefight.encounter.state import EncounterState
from firefight.errors import FirefightError, RuleRefusal
from firefight.rulesets import find_ruleset

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset
    from firefight.store.base import EncounterInfo, EncounterStore

__all__ = ["UNDO_RULE", "Applied", "EncounterService", "Loaded"]

#: The encounter's own rule for undo: only what was done can be undone.
UNDO_RULE = "ENC-UNDO"


@dataclass(frozen=True, slots=True, kw_only=True)
class Loaded:
    """An encounter read from the store and folded."""

    name: str
    scenario: Scenario
    ruleset: Ruleset
    scene: EncounterState
    records: tuple[LogRecord, ...]
    state: EncounterState
    head: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Applied:
    """A command that was appended: its record (with its seq) and the state after it.

    For an undo, ``record`` is the undo record and ``reverted`` the record it took back.
    """

    name: str
    record: LogRecord
    state: EncounterState
    reverted: LogRecord | None = None


class EncounterService:
    """new / act / next_round / undo / show / log / export / import over a store."""

    def __init__(self, store: EncounterStore) -> None:
        self.store = store

    # --- reading --------------------------------------------------------------------------

    def load(self, name: str) -> Loaded:
        scenario = scenario_from_data(self.store.scenario(name), label=f"encounter {name!r}")
        ruleset = find_ruleset(scenario.ruleset)
        register_event_types(*ruleset.event_types())
        scene = initial_state(scenario)
        records = tuple(
            parse_record(r.payload, seq=r.seq, recorded_at=r.recorded_at)
            for r in self.store.records(name)
        )
        state = fold(scene, records, ruleset)
        head = records[-1].seq if records else 0
        return Loaded(
            name=name,
            scenario=scenario,
            ruleset=ruleset,
            scene=scene,
            records=records,
            state=state,
            head=head,
        )

    def state(self, name: str) -> EncounterState:
        return self.load(name).state

    def log(self, name: str) -> list[LogRecord]:
        return list(self.load(name).records)

    def list(self) -> list[EncounterInfo]:
        return self.store.list()

    # --- writing --------------------------------------------------------------------------

    def _append(self, loaded: Loaded, resolution: engine.Resolution) -> Applied:
        seq = self.store.append(loaded.name, loaded.head, [resolution.record.payload()])
        return Applied(
            name=loaded.name, record=replace(resolution.record, seq=seq), state=resolution.state
        )

    def new(self, name: str, scenario: Scenario, dice: Dice) -> Applied:
        """Store a new encounter from ``scenario`` and open round 1 (initiative rolled)."""
        ruleset = find_ruleset(scenario.ruleset)
        opening = engine.open_fight(initial_state(scenario), ruleset, dice)
        self.store.create(name, ruleset.name, dict(scenario.data))
        try:
            seq = self.store.append(name, 0, [opening.record.payload()])
        except BaseException:
            self.store.delete(name)
            raise
        return Applied(name=name, record=replace(opening.record, seq=seq), state=opening.state)

    def act(self, name: str, text: str, dice: Dice) -> Applied:
        """Declare an action; refused actions change nothing."""
        loaded = self.load(name)
        return self._append(loaded, engine.act(loaded.state, text, loaded.ruleset, dice))

    def next_round(self, name: str, dice: Dice) -> Applied:
        """Upkeep, then the next round and its initiative."""
        loaded = self.load(name)
        return self._append(loaded, engine.next_round(loaded.state, loaded.ruleset, dice))

    def undo(self, name: str) -> Applied:
        """Revert the last action or round change still in force, by appending an undo."""
        loaded = self.load(name)
        in_force = live(loaded.records)
        if len(in_force) <= 1:
            raise RuleRefusal(UNDO_RULE, "There is nothing to undo: the fight has only begun.")
        target = in_force[-1]
        record = LogRecord(
            kind="undo",
            round=loaded.state.round,
            text=f"undo #{target.seq}: {target.text}",
            reverts=target.seq,
        )
        seq = self.store.append(name, loaded.head, [record.payload()])
        state = fold(loaded.scene, (*loaded.records, replace(record, seq=seq)), loaded.ruleset)
        return Applied(name=name, record=replace(record, seq=seq), state=state, reverted=target)

    def delete(self, name: str) -> None:
        self.store.delete(name)

    def export(self, name: str) -> dict[str, Any]:
        return self.store.export(name)

    def import_(self, data: Mapping[str, Any], name: str | None = None) -> EncounterInfo:
        """Store an exported encounter and check that it folds; a bad one is not kept."""
        info = self.store.import_(dict(data), name)
        try:
            self.load(info.name)
        except FirefightError:
            self.store.delete(info.name)
            raise
        return info
