"""The one service layer over a store that the command line (and later the web API) call.

Each command reads the encounter, folds the state, runs the engine and appends one record,
saying which head it built on: if someone else appended first, the store refuses with
:class:`~firefight.store.base.ConflictError` and nothing is written. A refused action raises
before anything is appended, so the log and the state stay as they were.

Commands read the encounter through :meth:`EncounterService.current`: the newest usable
snapshot (:mod:`firefight.encounter.snapshot`) and the records after it, so a command folds a
bounded run of records however long the log. When a command leaves the log
:data:`~firefight.encounter.snapshot.SNAPSHOT_EVERY` records or more past the snapshot it
started from, the state at the new head is written as a snapshot in the same transaction as the
record. :meth:`EncounterService.load` still reads and folds the whole log, as the log listing,
imports and scripted plays want it; both give the same state (property-tested).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.fold import fold, fold_from
from firefight.encounter.log import LogError, LogRecord, parse_record, reverted
from firefight.encounter.replay import fold_log, read_records, replay_log
from firefight.encounter.scenario import Scenario, initial_state, scenario_from_data
from firefight.encounter.snapshot import (
    SNAPSHOT_EVERY,
    SNAPSHOT_VERSION,
    Folded,
    SnapshotError,
    decode_snapshot,
    encode_snapshot,
    fingerprint,
)
from firefight.encounter.turns import check_order, check_round_end
from firefight.errors import FirefightError, RuleRefusal
from firefight.frozen import replace
from firefight.rulesets import find_ruleset
from firefight.scene.events import register_event_types
from firefight.scene.state import EncounterState

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset
    from firefight.scene.actions import Action
    from firefight.store.base import (
        EncounterInfo,
        EncounterStore,
        SettingsChange,
        Snapshot,
        SnapshotStore,
        TableSettingsStore,
        Written,
    )

__all__ = ["UNDO_RULE", "Applied", "Current", "EncounterService", "Loaded", "redoable"]

#: The encounter's own rule for undo: only what was done can be undone.
UNDO_RULE = "ENC-UNDO"


@dataclass(frozen=True, slots=True, kw_only=True)
class Loaded:
    """An encounter read from the store and folded: the whole log."""

    name: str
    scenario: Scenario
    ruleset: Ruleset
    scene: EncounterState
    records: tuple[LogRecord, ...]
    state: EncounterState
    head: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Current:
    """An encounter as it stands: where the fold started (``base``: a snapshot, or the initial
    scene at record 0), the records after it (``tail``) and the state at ``head``."""

    name: str
    scenario: Scenario
    ruleset: Ruleset
    base: Folded
    tail: tuple[LogRecord, ...]
    state: EncounterState
    head: int

    @property
    def pending(self) -> frozenset[int]:
        """Records past the head that undo records already in the log revert."""
        return frozenset(s for s in self.base.skip | reverted(self.tail) if s > self.head)

    def in_force(self) -> list[LogRecord]:
        """The tail's action and round records still in force, in order."""
        gone = reverted(self.tail) | self.base.skip
        return [r for r in self.tail if r.kind != "undo" and r.seq not in gone]


@dataclass(frozen=True, slots=True, kw_only=True)
class Applied:
    """A command that was appended: its record (with its seq) and the state after it.

    For an undo, ``record`` is the undo record and ``reverted`` the record it took back.
    """

    name: str
    record: LogRecord
    state: EncounterState
    reverted: LogRecord | None = None
    #: The declaration an ``act`` resolved, as the ruleset parsed it.
    action: Action | None = None
    #: The state the command started from (None for an undo).
    before: EncounterState | None = None


def _reaches_back(records: Iterable[LogRecord], seq: int) -> int | None:
    """The earliest record at or before ``seq`` that an undo among ``records`` reverts."""
    return min(
        (
            r.reverts
            for r in records
            if r.kind == "undo" and r.reverts is not None and r.reverts <= seq
        ),
        default=None,
    )


def redoable(records: Sequence[LogRecord]) -> list[LogRecord]:
    """The records a redo may play again, the next one last: those the last run of undos in
    ``records`` reverts, less those played again after it. A record played again comes back
    as its replay (the same kind, text and dice), so what is redone is known from the log
    alone, by any session or command; anything else played after the undos leaves nothing to
    redo."""
    end = len(records)
    while end and records[end - 1].kind != "undo":
        end -= 1
    start = end
    while start and records[start - 1].kind == "undo" and records[start - 1].reverts is not None:
        start -= 1
    by_seq = {r.seq: r for r in records[:start]}
    # Undone newest first, so the run's last undo reverts the earliest: it is redone first.
    waiting = [by_seq[u.reverts] for u in records[start:end] if u.reverts in by_seq]
    for played in records[end:]:
        if not waiting or not _replays(played, waiting[-1]):
            return []
        waiting.pop()
    return waiting


def _replays(played: LogRecord, undone: LogRecord) -> bool:
    return (played.kind, played.text, played.dice.faces) == (
        undone.kind,
        undone.text,
        undone.dice.faces,
    )


@contextmanager
def _stored(name: str) -> Iterator[None]:
    """Reading ``name``'s stored log: a record this firefight cannot read or fold is said with
    the encounter's name and what to do, as the store says of a damaged one (DEC-751)."""
    try:
        yield
    except LogError as exc:
        from firefight.store.base import StoreError

        raise StoreError(
            name,
            f"{exc}; if the store was damaged or edited by hand, delete the encounter and "
            "import a good export of it",
        ) from None


def _as_written(record: LogRecord, written: Written) -> LogRecord:
    """The one record a write held, as the log reads it back: its number (the new head) and the
    time the store stamped on it (DEC-704)."""
    return replace(record, seq=written.head, recorded_at=written.recorded_at)


def _expecting(current: Current, expected_head: int | None) -> Current:
    """``current``, if it stands at the head the caller built on (when one is given): a
    command built on an older view of the fight is refused before it is resolved."""
    _at_head(current.name, current.head, expected_head)
    return current


def _at_head(name: str, head: int, expected_head: int | None) -> None:
    if expected_head is not None and expected_head != head:
        from firefight.store.base import ConflictError

        raise ConflictError(name, expected_head=expected_head, actual_head=head)


class EncounterService:
    """new / act / next_round / undo / show / log / export / import over a store."""

    def __init__(self, store: EncounterStore, *, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        """``snapshot_every``: how far past the snapshot it folded from a command may leave the
        log before it writes a new one (on a store that keeps snapshots)."""
        if snapshot_every < 1:
            raise ValueError(f"snapshot_every must be at least 1, not {snapshot_every}")
        self.store = store
        self.snapshot_every = snapshot_every

    # --- reading --------------------------------------------------------------------------

    def _setup(self, name: str) -> tuple[Scenario, Ruleset]:
        scenario = scenario_from_data(self.store.scenario(name), label=f"encounter {name!r}")
        ruleset = find_ruleset(scenario.ruleset)
        register_event_types(*ruleset.event_types())
        return scenario, ruleset

    def _records(self, name: str, after: int = 0) -> tuple[LogRecord, ...]:
        stored = self.store.records(name, after)
        with _stored(name):
            return tuple(
                parse_record(r.payload, seq=r.seq, recorded_at=r.recorded_at) for r in stored
            )

    def load(self, name: str) -> Loaded:
        """The whole log read back and folded from the initial scene (no snapshot used)."""
        scenario, ruleset = self._setup(name)
        scene = initial_state(scenario)
        records = self._records(name)
        with _stored(name):
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

    def _snapshots(self) -> SnapshotStore | None:
        from firefight.store.base import SnapshotStore

        return self.store if isinstance(self.store, SnapshotStore) else None

    def _base(self, name: str, scenario: Scenario, ruleset: Ruleset, before: int | None) -> Folded:
        """The newest snapshot below record ``before`` that reads back, else the scene."""
        store = self._snapshots()
        if store is not None:
            stamp = fingerprint(ruleset)
            while before is None or before > 1:
                found = store.snapshot(
                    name, version=SNAPSHOT_VERSION, fingerprint=stamp, before=before
                )
                if found is None:
                    break
                try:
                    return decode_snapshot(found.state, ruleset, seq=found.seq, stamp=stamp)
                except SnapshotError:
                    before = found.seq  # damaged: ignored, and an older one tried
        return Folded(seq=0, state=initial_state(scenario))

    def current(self, name: str) -> Current:
        """The encounter now: the newest usable snapshot and the records after it, folded."""
        scenario, ruleset = self._setup(name)
        return self._current(name, scenario, ruleset)

    def _current(
        self,
        name: str,
        scenario: Scenario,
        ruleset: Ruleset,
        *,
        extra: Sequence[LogRecord] = (),
        in_force: int = 0,
    ) -> Current:
        """Fold from the newest snapshot that the records after it allow, plus ``extra``
        (records about to be appended, numbered on from the head).

        A snapshot is passed over for an older one (or the scene) when an undo after it
        reverts a record at or before it, and when the records after it hold fewer than
        ``in_force`` records still in force (undo must find what to revert).
        """
        before: int | None = None
        while True:
            base = self._base(name, scenario, ruleset, before)
            stored = self._records(name, base.seq)
            head = stored[-1].seq if stored else base.seq
            if extra and extra[0].seq != head + 1:
                from firefight.store.base import ConflictError

                raise ConflictError(name, expected_head=extra[0].seq - 1, actual_head=head)
            tail = (*stored, *extra)
            if base.seq > 0:
                reach = _reaches_back(tail, base.seq)
                if reach is not None:
                    before = reach
                    continue
                gone = reverted(tail) | base.skip
                if sum(1 for r in tail if r.kind != "undo" and r.seq not in gone) < in_force:
                    before = base.seq
                    continue
            with _stored(name):
                state = fold_from(base.state, tail, ruleset, skip=base.skip)
            return Current(
                name=name,
                scenario=scenario,
                ruleset=ruleset,
                base=base,
                tail=tail,
                state=state,
                head=tail[-1].seq if tail else base.seq,
            )

    def _extend(self, current: Current, records: Sequence[LogRecord]) -> Current:
        """``current`` with ``records`` (numbered on from its head) added at its end."""
        if current.base.seq > 0 and _reaches_back(records, current.base.seq) is not None:
            # An undo of a record the snapshot already holds: fold from an older start.
            return self._current(current.name, current.scenario, current.ruleset, extra=records)
        tail = (*current.tail, *records)
        if any(r.kind == "undo" for r in records):
            state = fold_from(current.base.state, tail, current.ruleset, skip=current.base.skip)
        else:
            state = fold_from(current.state, records, current.ruleset, skip=current.pending)
        return replace(current, tail=tail, state=state, head=records[-1].seq)

    def state(self, name: str) -> EncounterState:
        return self.current(name).state

    def log(self, name: str) -> list[LogRecord]:
        return list(self.load(name).records)

    def records(self, name: str) -> tuple[Ruleset, tuple[LogRecord, ...]]:
        """The encounter's ruleset and its whole log as stored, not folded (a listing)."""
        _, ruleset = self._setup(name)
        return ruleset, self._records(name)

    def list(self) -> list[EncounterInfo]:
        return self.store.list()

    # --- writing --------------------------------------------------------------------------

    def _append(
        self,
        current: Current,
        records: Sequence[LogRecord],
        after: Current | None = None,
        settings: SettingsChange | None = None,
    ) -> Written:
        """Append ``records`` after ``current``'s head; the new head and the time the store
        stamped on them (DEC-704).

        When that leaves the log ``snapshot_every`` records or more past the record the fold
        started from, a snapshot of the new head goes in the same transaction. ``after``
        is the encounter with the records already folded in, if the caller has it.
        ``settings``, a change of the table settings the records bring, goes in it too.
        """
        payloads = [r.payload() for r in records]
        new_head = current.head + len(payloads)
        store = self._snapshots()
        since = (after or current).base.seq
        if store is None:
            if settings is not None:
                raise TypeError(f"{self.store!r} keeps no table settings to change")
            return self.store.append(current.name, current.head, payloads)
        if new_head - since < self.snapshot_every:
            return store.append(current.name, current.head, payloads, None, settings)
        if after is None:
            # Fold the records as they will read back from the store, not the values in hand.
            stored = [
                parse_record(json.loads(json.dumps(p)), seq=seq)
                for seq, p in enumerate(payloads, start=current.head + 1)
            ]
            after = self._extend(current, stored)
        return store.append(
            current.name, current.head, payloads, self._snapshot_of(after), settings
        )

    def _snapshot_of(self, current: Current) -> Snapshot | None:
        """The snapshot of ``current``'s head; None if its state would not read back exactly."""
        from firefight.store.base import Snapshot

        stamp = fingerprint(current.ruleset)
        folded = Folded(seq=current.head, state=current.state, skip=current.pending)
        text = encode_snapshot(folded, current.ruleset, stamp)
        if text is None:
            return None
        return Snapshot(seq=current.head, version=SNAPSHOT_VERSION, fingerprint=stamp, state=text)

    def _applied(self, current: Current, resolution: engine.Resolution) -> Applied:
        record = resolution.record
        settings = self._settings_change(current.name, current.state, record)
        written = self._append(current, [record], settings=settings)
        return Applied(
            name=current.name,
            record=_as_written(resolution.record, written),
            state=resolution.state,
            action=resolution.action,
            before=current.state,
        )

    def _settings_change(
        self, name: str, before: EncounterState, record: LogRecord
    ) -> SettingsChange | None:
        """The change of the table settings ``record``, made on the scene ``before`` it,
        brings, written with it (DEC-986): none here; the web table's service brings one."""
        return None

    def new(self, name: str, scenario: Scenario, dice: Dice) -> Applied:
        """Store a new encounter from ``scenario`` and open round 1 (initiative rolled), under
        ``name`` as :func:`~firefight.store.base.encounter_name` keeps it (DEC-686)."""
        from firefight.store.base import encounter_name

        name = encounter_name(name)
        ruleset = find_ruleset(scenario.ruleset)
        opening = engine.open_fight(initial_state(scenario), ruleset, dice)
        # One write: an encounter without its opening round could never be played (DEC-752).
        written = self.store.create(
            name, ruleset.name, dict(scenario.data), [opening.record.payload()]
        )
        return Applied(name=name, record=_as_written(opening.record, written), state=opening.state)

    def act(
        self,
        name: str,
        text: str,
        dice: Dice,
        *,
        force: bool = True,
        expected_head: int | None = None,
    ) -> Applied:
        """Declare an action; refused actions change nothing. Unless ``force``, acting before
        someone ahead in initiative who still has some of their turn is refused (DEC-410).
        ``expected_head``: the head the caller saw; another head is a
        :class:`~firefight.store.base.ConflictError`."""
        current = _expecting(self.current(name), expected_head)
        if not force:
            self.check_order(current.state, current.ruleset, text)
        return self._applied(current, engine.act(current.state, text, current.ruleset, dice))

    @staticmethod
    def check_order(state: EncounterState, ruleset: Ruleset, text: str) -> None:
        """Refuse ``text`` if its actor acts out of initiative order. What the rules refuse
        is refused for that first: no --force would let it through (as the session asks)."""
        if state.round < 1:
            return
        action = ruleset.parse_action(text, state)
        engine.check_allowed(state, action, ruleset)
        check_order(state, action.actor, ruleset)

    def next_round(
        self, name: str, dice: Dice, *, force: bool = True, expected_head: int | None = None
    ) -> Applied:
        """Upkeep, then the next round and its initiative. Unless ``force``, a round with
        someone's turn still to take is not closed (DEC-411)."""
        current = _expecting(self.current(name), expected_head)
        if not force:
            check_round_end(current.state, current.ruleset)
        return self._applied(current, engine.next_round(current.state, current.ruleset, dice))

    @staticmethod
    def check_allowed(state: EncounterState, action: Action, ruleset: Ruleset) -> None:
        """Raise what the rules refuse ``action`` for, before any die and changing nothing
        (:func:`firefight.encounter.engine.check_allowed`): a player's page asks it before
        the initiative order (DEC-716)."""
        engine.check_allowed(state, action, ruleset)

    @staticmethod
    def check_gm(state: EncounterState, ruleset: Ruleset, text: str) -> None:
        """Raise what the GM's override ``text`` is refused for, recording nothing: the odds
        of a GM line are that it is done (DEC-711)."""
        engine.gm(state, text, ruleset)

    def gm(self, name: str, text: str, *, expected_head: int | None = None) -> Applied:
        """A GM's override (:mod:`firefight.encounter.gm`), recorded as a ``gm`` record.
        ``expected_head`` as for :meth:`act`."""
        current = _expecting(self.current(name), expected_head)
        return self._applied(current, engine.gm(current.state, text, current.ruleset))

    def redo(self, name: str, record: LogRecord, *, expected_head: int | None = None) -> Applied:
        """Play an undone ``record`` again, with the very dice it rolled: it comes out as it
        did when the state is the one it was played on. ``expected_head`` as for :meth:`act`:
        the head of the log the caller undid it in (DEC-750)."""
        dice = Dice.scripted(record.dice.faces)
        if record.kind == "round":
            return self.next_round(name, dice, expected_head=expected_head)
        if record.kind == "gm":
            return self.gm(name, record.text, expected_head=expected_head)
        if record.kind != "action":
            raise RuleRefusal(UNDO_RULE, "Only an action, a round or a GM command is redone.")
        return self.act(name, record.text, dice, expected_head=expected_head)

    def redo_next(self, name: str, *, expected_head: int | None = None) -> Applied:
        """Play again the next record :func:`redoable` finds in the log (the earliest of the
        last run of undos not yet played again); ``expected_head`` as for :meth:`act`, else
        the head of the log read here."""
        records = self.log(name)
        head = records[-1].seq if records else 0
        _at_head(name, head, expected_head)
        waiting = redoable(records)
        if not waiting:
            raise RuleRefusal(
                UNDO_RULE, "There is nothing to redo: the log does not end with an undo."
            )
        return self.redo(name, waiting[-1], expected_head=head)

    def undo(self, name: str, *, expected_head: int | None = None) -> Applied:
        """Revert the last action or round change still in force, by appending an undo."""
        scenario, ruleset = self._setup(name)
        # Two records in force after the fold's start: the one to revert and one before it
        # (the opening round is never undone). Short of that the fold starts further back.
        current = self._current(name, scenario, ruleset, in_force=2)
        return self._undo(current, expected_head)

    def _undo(self, current: Current, expected_head: int | None) -> Applied:
        """Undo from ``current``, folded from a start with two records in force after it (or
        from the scene)."""
        _expecting(current, expected_head)
        name = current.name
        in_force = current.in_force()
        if len(in_force) <= 1:
            raise RuleRefusal(UNDO_RULE, "There is nothing to undo: the fight has only begun.")
        target = in_force[-1]
        record = LogRecord(
            kind="undo",
            round=current.state.round,
            text=f"undo #{target.seq}: {target.text}",
            reverts=target.seq,
            seq=current.head + 1,
        )
        after = self._extend(current, [record])
        written = self._append(current, [record], after)
        return Applied(
            name=name, record=_as_written(record, written), state=after.state, reverted=target
        )

    def delete(self, name: str) -> None:
        self.store.delete(name)

    def table_settings(self, name: str) -> dict[str, Any] | None:
        """``name``'s table settings as the store keeps them (DEC-924); None if never set."""
        return self._tables().table_settings(name)

    def reset_table(self, name: str) -> bool:
        """Clear ``name``'s table settings to the defaults, leaving its fight as it is: the
        way out of damaged ones (DEC-888); whether there were any."""
        return self._tables().clear_table_settings(name)

    def _tables(self) -> TableSettingsStore:
        from firefight.store.base import TableSettingsStore

        if not isinstance(self.store, TableSettingsStore):
            raise FirefightError("this store keeps no table settings")
        return self.store

    def export(self, name: str) -> dict[str, Any]:
        """The encounter as one JSON document. When the rules in force play its log again to
        the letter, it is stamped with their fingerprint (``rules``), so that an import by the
        same rules replays it exactly; a log written by other rules goes without (DEC-187)."""
        data = self.store.export(name)
        ruleset = find_ruleset(str(data["ruleset"]))
        try:
            scenario = scenario_from_data(data["scenario"], label=f"encounter {name!r}")
            register_event_types(*ruleset.event_types())
            replay_log(
                scenario,
                read_records([(r["seq"], r["payload"]) for r in data["records"]]),
                ruleset,
            )
        except FirefightError:
            return data
        data["rules"] = fingerprint(ruleset)
        return data

    def import_(self, data: object, name: str | None = None) -> EncounterInfo:
        """Store an exported encounter once all of it checks out; nothing is stored otherwise.

        Checked first, as a whole: the document's structure and version
        (:func:`~firefight.store.exchange.parse_export`), its scenario (ruleset known, names,
        numbers in bounds), every record's events, and then the log itself: written by these
        very rules (its ``rules`` fingerprint is theirs), every record is played again and must
        come out exactly as stored (:func:`~firefight.encounter.replay.replay_log`), which no
        edit survives; written by other rules (an older firefight, a changed rule), the records
        cannot be expected to come out the same, so their events must fold cleanly and leave
        every figure in bounds (:func:`~firefight.encounter.replay.fold_log`, DEC-187). Then it
        is stored in one transaction.
        """
        from firefight.store.base import StoreError, encounter_name
        from firefight.store.exchange import parse_export

        doc = parse_export(data)
        try:
            target = encounter_name(doc.name if name is None else name)
        except StoreError as exc:
            # An export from before DEC-686 may carry a name no longer given: say how to keep it.
            hint = "; import it under another name (--name)" if name is None else ""
            raise StoreError(exc.name, f"not imported: {exc.problem}{hint}") from None
        try:
            scenario = scenario_from_data(doc.scenario, label="its scenario")
            if scenario.ruleset != doc.ruleset:
                raise LogError(
                    f"it says ruleset {doc.ruleset!r} but its scenario is for {scenario.ruleset!r}"
                )
            ruleset = find_ruleset(scenario.ruleset)
            register_event_types(*ruleset.event_types())
            records = read_records([(r.seq, r.payload) for r in doc.records])
            if doc.rules == fingerprint(ruleset):
                replay_log(scenario, records, ruleset)
            else:
                fold_log(scenario, records, ruleset)
        except FirefightError as exc:
            raise StoreError(target, f"not imported: {exc}") from None
        assert isinstance(data, dict)  # parse_export accepted it
        return self.store.import_(data, target)
