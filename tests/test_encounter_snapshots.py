"""Snapshots are a cache that never changes a result: folding on from the newest usable one
gives exactly the full fold of the log (random play, undo included, on SQLite and PostgreSQL);
an undo that reaches behind a snapshot makes the fold start further back; a damaged, misfiled
or stale snapshot is ignored and rebuilt; deleting them all changes nothing."""

from __future__ import annotations

import hashlib
import itertools
import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text as sql_text

import firefight
import firefight.service as service_module
from encounter_support import MemoryStore, person, scene
from firefight.dice import Dice
from firefight.encounter.fold import fold
from firefight.encounter.scenario import Scenario, initial_state, load_scenario, scenario_from_data
from firefight.encounter.snapshot import (
    SNAPSHOT_VERSION,
    Folded,
    SnapshotError,
    _code_digest,
    _package_dirs,
    decode_snapshot,
    encode_snapshot,
    fingerprint,
    plain_state,
)
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.rulesets import find_ruleset
from firefight.scene.state import CombatantStats, EncounterState
from firefight.serialize import CLASS_KEY, adapter
from firefight.service import Applied, EncounterService
from firefight.store import ConflictError, Snapshot, SqlStore, open_store

ROOT = Path(__file__).resolve().parents[1]
RMU = find_ruleset("rmu")
_names = itertools.count()


def exactly(state: EncounterState) -> str:
    """The state as bytes: equal values of another kind (1 and 1.0) tell apart here."""
    return json.dumps(plain_state(state), sort_keys=True)


def snapshots_of(store: SqlStore, name: str, ruleset: Any = RMU) -> list[Snapshot]:
    """Every usable snapshot of ``name``, newest first."""
    found: list[Snapshot] = []
    before: int | None = None
    while (
        snap := store.snapshot(
            name, version=SNAPSHOT_VERSION, fingerprint=fingerprint(ruleset), before=before
        )
    ) is not None:
        found.append(snap)
        before = snap.seq
    return found


def assert_matches_the_full_fold(
    service: EncounterService, name: str, *, damaged: frozenset[int] = frozenset()
) -> None:
    """What commands fold (snapshot + the records after it) is what the whole log folds to;
    and every snapshot kept (bar the ``damaged`` ones) is the full fold up to its record."""
    loaded = service.load(name)
    current = service.current(name)
    assert current.head == loaded.head
    assert exactly(current.state) == exactly(loaded.state)
    assert current.state == loaded.state
    assert isinstance(service.store, SqlStore)
    for snap in snapshots_of(service.store, name, loaded.ruleset):
        if snap.seq in damaged:
            continue
        kept = decode_snapshot(snap.state, loaded.ruleset, seq=snap.seq)
        upto = [r for r in loaded.records if r.seq <= snap.seq]
        assert kept.state == fold(loaded.scene, upto, loaded.ruleset), snap.seq
        beyond = {r.reverts for r in upto if r.kind == "undo" and r.reverts is not None}
        assert kept.skip == {s for s in beyond if s > snap.seq}


# --- random play ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    path: str
    lines: tuple[str, ...]


PLAYS = {
    "loading-dock": Play(
        "examples/loading-dock.toml",
        (
            "Vik prepares rapid fire at Jonah",
            "Vik empties the gun at Jonah",
            "Dario sweeps 50 ft wide 30 ft toward 30,50 --ap 3",
            "Mara dashes to cover pallets",
            "Bruno shoots Mara --with m2",
            "Mara shoots Dario --ap 3",
            "Jonah shoots Vik --ap 3",
            "Teo reloads",
            "Sam drops-prone",
            "Lina waits --ap 1",
        ),
    ),
    "warehouse": Play(
        "examples/warehouse.toml",
        (
            "Mara moves -8,6",
            "Mara shoots Viktor --ap 3",
            "Viktor shoots Mara --ap 2",
            "Jonah shoots Lev --ap 3",
            "Lev shoots Jonah --ap 3 --prepared",
            "Mara reloads --ammo hollowpoint",
            "Mara drops-prone",
            "Jonah waits",
        ),
    ),
    "night-market": Play(
        "examples/night-market.toml",
        (
            "Juno shoots V --twice",
            "V shoots Juno --twice --move-between 2,3",
            "Rook autofires at V",
            "Juno moves to 3,9",
            "V shoots Rook --aim head",
            "Rook reloads",
            "Juno shoots V --aim held-item",
            "V throws grenade at 5,12",
            "Rook suppresses",
        ),
    ),
}

SCENARIOS: dict[str, Scenario] = {}


def scenario_of(play: str) -> Scenario:
    if play not in SCENARIOS:
        SCENARIOS[play] = load_scenario(ROOT / PLAYS[play].path)
    return SCENARIOS[play]


COMMANDS = st.lists(
    st.one_of(
        st.tuples(st.just("act"), st.integers(0, 99), st.integers(0, 2**16)),
        st.tuples(st.just("next-round"), st.just(0), st.integers(0, 2**16)),
        st.tuples(st.just("undo"), st.just(0), st.just(0)),
    ),
    min_size=1,
    max_size=24,
)


def run(service: EncounterService, name: str, play: str, command: tuple[str, int, int]) -> None:
    kind, line, seed = command
    applied: Applied
    try:
        if kind == "act":
            lines = PLAYS[play].lines
            applied = service.act(name, lines[line % len(lines)], Dice.seeded(seed))
        elif kind == "next-round":
            applied = service.next_round(name, Dice.seeded(seed))
        else:
            applied = service.undo(name)
    except RuleRefusal:
        return
    assert applied.state == service.load(name).state


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(play=st.sampled_from(sorted(PLAYS)), every=st.integers(1, 5), commands=COMMANDS)
def test_the_fold_from_a_snapshot_equals_the_full_fold_under_random_play(
    store: SqlStore, play: str, every: int, commands: list[tuple[str, int, int]]
) -> None:
    """Random commands (refusals, rounds and undos among them) with a snapshot every few
    records: after each, the fold from the newest usable snapshot is the full fold."""
    service = EncounterService(store, snapshot_every=every)
    name = f"fight-{next(_names)}"
    service.new(name, scenario_of(play), Dice.seeded(0))
    for command in commands:
        run(service, name, play, command)
        assert_matches_the_full_fold(service, name)
    # A cache: without any snapshot the same state comes out.
    final = exactly(service.current(name).state)
    store.delete_snapshots(name)
    assert exactly(service.current(name).state) == final


def test_commands_fold_from_the_snapshot_not_the_whole_log(store: SqlStore) -> None:
    service = EncounterService(store, snapshot_every=3)
    service.new("fight", scenario_of("warehouse"), Dice.seeded(0))
    for line in ("Mara moves -8,6", "Jonah waits", "Mara drops-prone", "Viktor shoots Mara"):
        service.act("fight", line, Dice.seeded(4))
    current = service.current("fight")
    # Records 1-3 made a snapshot at 3 (the first command 3 past the scene's record 0).
    assert (current.base.seq, [r.seq for r in current.tail], current.head) == (3, [4, 5], 5)
    assert [s.seq for s in snapshots_of(store, "fight")] == [3]
    assert_matches_the_full_fold(service, "fight")


# --- undo across a snapshot -----------------------------------------------------------------


def duel() -> Scenario:
    return scenario_from_data(scene(person("Mara", 0, 0), person("Viktor", 0, 30)))


def test_an_undo_behind_a_snapshot_makes_the_fold_start_before_the_undone_action(
    store: SqlStore,
) -> None:
    writer = EncounterService(store, snapshot_every=3)
    writer.new("raid", duel(), Dice.seeded(1))  # 1
    writer.act("raid", "Mara moves 0,-10", Dice.seeded(1))  # 2
    writer.act("raid", "Viktor moves 0,40", Dice.seeded(1))  # 3: snapshot
    writer.act("raid", "Mara drops-prone", Dice.seeded(1))  # 4
    after_five = writer.act("raid", "Viktor drops-prone", Dice.seeded(1)).state  # 5
    writer.act("raid", "Mara waits --ap 1", Dice.seeded(1))  # 6: snapshot
    assert [s.seq for s in snapshots_of(store, "raid")] == [6, 3]

    # An undo that writes no snapshot of its own, so that reading must step back.
    undoer = EncounterService(store, snapshot_every=1000)
    undone = undoer.undo("raid")  # 7 reverts 6, which the snapshot at 6 holds
    assert undone.reverted is not None and undone.reverted.seq == 6
    current = undoer.current("raid")
    assert current.base.seq == 3  # the snapshot before the undone action
    assert undone.state == current.state == undoer.load("raid").state == after_five

    undoer.undo("raid")  # 8 reverts 5
    undoer.undo("raid")  # 9 reverts 4
    undoer.undo("raid")  # 10 reverts 3: behind every snapshot, so the whole log is folded
    current = undoer.current("raid")
    assert current.base.seq == 0
    assert current.state == undoer.load("raid").state
    assert current.state.combatant("Viktor").position == duel_positions()["Viktor"]
    assert_matches_the_full_fold(undoer, "raid")

    # The next command that folds 3 records past its start snapshots again, undo included.
    writer.undo("raid")  # 11 reverts 2
    assert snapshots_of(store, "raid")[0].seq == 11
    assert writer.current("raid").tail == ()
    with pytest.raises(RuleRefusal, match="nothing to undo"):
        writer.undo("raid")
    assert_matches_the_full_fold(writer, "raid")


def duel_positions() -> dict[str, Any]:
    return {c.name: c.position for c in initial_state(duel()).combatants}


def test_undo_right_after_a_snapshot_reverts_the_action_it_holds(store: SqlStore) -> None:
    service = EncounterService(store, snapshot_every=2)
    opened = service.new("raid", duel(), Dice.seeded(1))
    moved = service.act("raid", "Mara moves 0,-10", Dice.seeded(1))  # 2: snapshot at 2
    assert [s.seq for s in snapshots_of(store, "raid")] == [2]
    undone = service.undo("raid")
    assert undone.reverted is not None and undone.reverted.seq == moved.record.seq
    assert undone.state == opened.state == service.current("raid").state
    assert_matches_the_full_fold(service, "raid")


def test_a_hand_made_undo_of_a_later_record_is_honoured_across_a_snapshot(
    store: SqlStore,
) -> None:
    """Only a log put into the store by hand can hold an undo of a record after it (an import
    replays every record and refuses it); a snapshot keeps such reverts (``skip``) so that
    folding on from it still leaves that record out."""
    service = EncounterService(store, snapshot_every=1000)
    service.new("raid", duel(), Dice.seeded(1))
    service.act("raid", "Mara waits --ap 1", Dice.seeded(1))  # 2
    document = service.export("raid")
    forward = {"v": 1, "kind": "undo", "round": 1, "text": "undo #6", "reverts": 6}
    document["records"].append(
        {"seq": 3, "recorded_at": document["created_at"], "payload": forward}
    )
    document["records"].append({**document["records"][1], "seq": 4})
    store.import_(document, name="odd")
    writer = EncounterService(store, snapshot_every=2)
    writer.act("odd", "Viktor waits --ap 1", Dice.seeded(1))  # 5: snapshot, skipping 6
    writer.act("odd", "Mara drops-prone", Dice.seeded(1))  # 6: reverted by 3 all along
    assert_matches_the_full_fold(writer, "odd")
    assert writer.current("odd").base.seq == 5
    assert writer.state("odd").combatant("Mara").posture.value == "standing"
    writer.act("odd", "Viktor drops-prone", Dice.seeded(1))  # 7: snapshot
    kept = snapshots_of(store, "odd")
    assert [s.seq for s in kept] == [7, 5]
    assert decode_snapshot(kept[1].state, RMU, seq=5).skip == frozenset({6})
    assert decode_snapshot(kept[0].state, RMU, seq=7).skip == frozenset()
    assert_matches_the_full_fold(writer, "odd")


# --- damaged, misfiled and stale snapshots --------------------------------------------------


def played(store: SqlStore, every: int = 3) -> EncounterService:
    service = EncounterService(store, snapshot_every=every)
    service.new("raid", duel(), Dice.seeded(1))
    service.act("raid", "Mara moves 0,-10", Dice.seeded(1))
    service.act("raid", "Viktor moves 0,40", Dice.seeded(1))  # snapshot at 3
    service.act("raid", "Mara drops-prone", Dice.seeded(1))
    return service


def write_snapshot(store: SqlStore, name: str, seq: int, text: str, stamp: str = "") -> None:
    """Put ``text`` in as the snapshot at record ``seq``, with a digest that matches it: as if
    the encounter layer had written it, so only that layer can tell it is wrong."""
    with store._engine.begin() as connection:
        encounter_id = connection.execute(
            sql_text("SELECT id FROM encounters WHERE name = :name"), {"name": name}
        ).scalar_one()
        connection.execute(
            sql_text("DELETE FROM snapshots WHERE encounter_id = :id AND seq = :seq"),
            {"id": encounter_id, "seq": seq},
        )
        connection.execute(
            sql_text(
                "INSERT INTO snapshots VALUES (:id, :seq, :version, :stamp, :state, :digest, 'now')"
            ),
            {
                "id": encounter_id,
                "seq": seq,
                "version": SNAPSHOT_VERSION,
                "stamp": stamp or fingerprint(RMU),
                "state": text,
                "digest": hashlib.sha256(text.encode()).hexdigest(),
            },
        )


def sound_document(service: EncounterService, name: str) -> dict[str, Any]:
    loaded = service.load(name)
    text = encode_snapshot(Folded(seq=loaded.head, state=loaded.state), loaded.ruleset)
    assert text is not None
    document: dict[str, Any] = json.loads(text)
    return document


def damaged_state(document: dict[str, Any]) -> str:
    document["state"]["combatants"][0]["hits_taken"] = "a lot"
    return json.dumps(document)


def unknown_stats(document: dict[str, Any]) -> str:
    document["state"]["combatants"][0]["stats"][CLASS_KEY] = "elsewhere:Stats"
    return json.dumps(document)


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda d: "{not json", id="not-json"),
        pytest.param(lambda d: '["a list"]', id="not-an-object"),
        pytest.param(damaged_state, id="bad-field"),
        pytest.param(unknown_stats, id="unknown-stats-class"),
        pytest.param(lambda d: json.dumps({**d, "seq": d["seq"] - 1}), id="misfiled"),
        pytest.param(lambda d: json.dumps({**d, "ruleset": "cpr"}), id="other-ruleset"),
        pytest.param(lambda d: json.dumps({**d, "version": 0}), id="other-version"),
        pytest.param(lambda d: json.dumps({**d, "skip": [1]}), id="bad-skip"),
    ],
)
def test_a_snapshot_that_does_not_read_back_is_ignored_and_rebuilt(
    store: SqlStore, damage: Any
) -> None:
    service = played(store, every=1000)
    head = service.current("raid").head
    write_snapshot(store, "raid", head, damage(sound_document(service, "raid")))
    current = service.current("raid")
    assert current.base.seq == 0  # the damaged one is passed over: the whole log is folded
    assert current.state == service.load("raid").state
    # The next command that goes far enough writes a sound one past it.
    writer = EncounterService(store, snapshot_every=2)
    writer.next_round("raid", Dice.seeded(2))
    assert writer.current("raid").base.seq == head + 1
    assert_matches_the_full_fold(writer, "raid", damaged=frozenset({head}))


def test_a_damaged_snapshot_gives_way_to_an_older_sound_one(store: SqlStore) -> None:
    service = played(store, every=2)  # snapshots at 2 and 4
    assert [s.seq for s in snapshots_of(store, "raid")] == [4, 2]
    write_snapshot(store, "raid", 4, damaged_state(sound_document(service, "raid")))
    current = service.current("raid")
    assert current.base.seq == 2
    assert current.state == service.load("raid").state


def test_a_row_changed_behind_the_store_s_back_is_passed_over(store: SqlStore) -> None:
    service = played(store, every=2)
    with store._engine.begin() as connection:
        connection.execute(
            sql_text("UPDATE snapshots SET state = replace(state, :old, :new) WHERE seq = 4"),
            {"old": '"hits_taken":0', "new": '"hits_taken":7'},
        )
    current = service.current("raid")
    assert current.base.seq == 2
    assert current.state == service.load("raid").state


@pytest.mark.parametrize("what", ["fingerprint", "version"])
def test_a_stale_snapshot_is_never_read_and_is_replaced(
    store: SqlStore, monkeypatch: pytest.MonkeyPatch, what: str
) -> None:
    """After an upgrade (or any edit of the code that folds) the old snapshots do not count."""
    service = played(store, every=3)
    before = service.load("raid").state
    assert service.current("raid").base.seq == 3
    if what == "fingerprint":
        monkeypatch.setattr(service_module, "fingerprint", lambda ruleset: "0" * 64)
    else:
        monkeypatch.setattr(service_module, "SNAPSHOT_VERSION", SNAPSHOT_VERSION + 1)
    current = service.current("raid")
    assert current.base.seq == 0 and current.state == before
    service.next_round("raid", Dice.seeded(2))  # 5: a fresh snapshot, 5 past the scene
    assert service.current("raid").base.seq == 5
    # ...and the stale ones went when it was written.
    assert store.snapshot("raid", version=SNAPSHOT_VERSION, fingerprint=fingerprint(RMU)) is None


def test_the_fingerprint_follows_the_code_and_data_that_fold(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "data").mkdir(parents=True)
    (package / "fold.py").write_text("X = 1\n")
    (package / "data" / "figures.toml").write_text("ap = 4\n")
    (package / "notes.txt").write_text("not code")
    first = _code_digest((package,))
    (package / "notes.txt").write_text("still not code")
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "fold.cpython-311.pyc").write_bytes(b"\0")
    assert _code_digest.__wrapped__((package,)) == first
    (package / "data" / "figures.toml").write_text("ap = 5\n")
    changed = _code_digest.__wrapped__((package,))
    assert changed != first
    (package / "fold.py").write_text("X = 2\n")
    assert _code_digest.__wrapped__((package,)) not in (first, changed)
    assert fingerprint(RMU) != fingerprint(find_ruleset("cpr"))
    assert len(fingerprint(RMU)) == 64


def test_a_plug_in_ruleset_s_own_package_is_in_its_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "plugged").mkdir()
    (tmp_path / "plugged" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))

    class Plugged:
        package = "plugged"

    dirs = _package_dirs(Plugged())  # type: ignore[arg-type]
    assert dirs[0] == Path(firefight.__file__).parent
    assert dirs[1:] == (tmp_path / "plugged",)
    assert _package_dirs(RMU) == dirs[:1]  # shipped rulesets are in firefight's own digest


# --- what a snapshot can hold ---------------------------------------------------------------


def test_a_state_that_would_not_read_back_exactly_makes_no_snapshot() -> None:
    state = initial_state(duel())
    mara = state.combatant("Mara")
    assert encode_snapshot(Folded(seq=1, state=state), RMU) is not None
    # An int where a float is declared reads back as 1.0: equal, but not the same bytes.
    turned = state.with_combatant(replace(mara, facing_deg=1))
    assert encode_snapshot(Folded(seq=1, state=turned), RMU) is None
    lost = state.with_combatant(replace(mara, hits_max=float("nan")))
    assert encode_snapshot(Folded(seq=1, state=lost), RMU) is None


def test_ruleset_figures_read_back_as_their_own_class() -> None:
    """A combatant's ``stats`` is declared as the base class; a snapshot names the subclass."""
    state = initial_state(duel())
    stats = state.combatant("Mara").stats
    assert type(stats) is not CombatantStats
    data = plain_state(state)["combatants"][0]["stats"]
    assert data[CLASS_KEY] == f"{type(stats).__module__}:{type(stats).__qualname__}"
    assert adapter(CombatantStats).validate_python(data) == stats
    assert adapter(CombatantStats).validate_python({}) == CombatantStats()
    with pytest.raises(ValueError, match="not a kind of CombatantStats"):
        adapter(CombatantStats).validate_python({CLASS_KEY: "os:Stats"})
    with pytest.raises(SnapshotError):
        decode_snapshot("{}", RMU, seq=1)


def test_a_store_without_snapshots_still_serves_every_command() -> None:
    service = EncounterService(MemoryStore(), snapshot_every=1)
    opened = service.new("raid", duel(), Dice.seeded(1))
    service.act("raid", "Mara moves 0,-10", Dice.seeded(1))
    assert service.current("raid").base.seq == 0
    assert service.undo("raid").state == opened.state == service.state("raid")


# --- concurrency ----------------------------------------------------------------------------


def test_racing_writers_never_leave_a_snapshot_of_a_state_the_log_does_not_fold_to(
    store_url: str,
) -> None:
    """Two clients act at once, retrying on conflict, with a snapshot every other record: the
    loser's snapshot goes down with its append, so every kept snapshot is sound."""
    with open_store(store_url) as first:
        EncounterService(first).new("siege", duel(), Dice.seeded(1))
    errors: list[BaseException] = []
    lines = {"Mara": ["Mara waits --ap 1"] * 3, "Viktor": ["Viktor waits --ap 1"] * 3}
    start = threading.Barrier(2)

    def client(who: str) -> None:
        with open_store(store_url) as own:
            service = EncounterService(own, snapshot_every=2)
            start.wait()
            for line in lines[who]:
                for _ in range(50):
                    try:
                        service.act("siege", line, Dice.seeded(1))
                        break
                    except ConflictError:
                        continue
                    except BaseException as exc:  # reported below, in the main thread
                        errors.append(exc)
                        return

    threads = [threading.Thread(target=client, args=(who,)) for who in lines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with open_store(store_url) as check:
        service = EncounterService(check)
        assert check.head("siege") == 7
        assert snapshots_of(check, "siege")
        assert_matches_the_full_fold(service, "siege")
