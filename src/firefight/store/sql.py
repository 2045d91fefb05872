"""The store on SQLAlchemy: an SQLite file by default, PostgreSQL by URL.

Every method is one transaction. An append checks the head inside its transaction and the
primary key ``(encounter_id, seq)`` refuses a second record with the same number, so of two
writers racing on one encounter exactly one commits and the other gets :class:`ConflictError`.

SQLite: the file runs in WAL mode (readers never block the writer), foreign keys on, and every
write transaction starts with ``BEGIN IMMEDIATE`` so that racing writers queue for the lock (up
to the busy timeout) instead of failing halfway with "database is locked"; the one that comes
second then sees the moved head and reports the conflict. Writers in one process (the web
server's request threads) first queue on a lock of the store's own: SQLite takes one writer at a
time anyway, and its busy handler would let a waiting writer sleep up to 100 ms between tries
where a lock wakes it as soon as the other commits (DEC-532).
"""

from __future__ import annotations

import builtins
import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from sqlalchemy import Column, Table, create_engine, delete, event, func, insert, or_, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError
from sqlalchemy.pool import ConnectionPoolEntry, StaticPool

from firefight.store.base import (
    ConflictError,
    EncounterExists,
    EncounterInfo,
    EncounterNotFound,
    SettingsChange,
    Snapshot,
    StoredRecord,
    StoreError,
    Written,
    damaged_table_settings,
    encounter_name,
)
from firefight.store.exchange import (
    EXPORT_FORMAT,
    EXPORT_VERSION,
    canonical_json,
    parse_export,
)
from firefight.store.migrate import WRITE, upgrade
from firefight.store.schema import encounters, records, snapshots, table_settings
from firefight.tables.registry import user_home
from firefight.text import controls

__all__ = [
    "BUSY_TIMEOUT_S",
    "SNAPSHOTS_KEPT",
    "URL_VARIABLE",
    "SqlStore",
    "chosen_url",
    "held_in_memory",
    "make_engine",
    "open_store",
    "resolve_url",
]

# How long a SQLite writer waits for another writer's transaction before giving up.
BUSY_TIMEOUT_S = 30.0
RULESET_MAX = 100
FINGERPRINT_MAX = 64

#: The environment variable naming the store when none is given (docs/store.md).
URL_VARIABLE = "FIREFIGHT_DATABASE_URL"

#: Snapshots kept per encounter: the newest, and a few before it for an undo that reaches back
#: past the newest (older ones are dropped when a new one is written).
SNAPSHOTS_KEPT = 3


def resolve_url(url: str | None) -> str:
    """The database URL to use: ``url``, else ``$FIREFIGHT_DATABASE_URL``, else the user's file.

    The default file is ``firefight.db`` in the user's data directory, which is created.
    ``postgresql://`` and ``postgres://`` mean the psycopg 3 driver, the one firefight installs.

    >>> resolve_url("postgres://gm@db.example/firefight")
    'postgresql+psycopg://gm@db.example/firefight'
    """
    url = chosen_url(url)
    if url is None:
        home = user_home()
        try:
            home.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                None,
                f"cannot create the data folder {str(home)!r} ({exc.strerror or exc}): check its "
                "permissions, or set FIREFIGHT_HOME or --store to a place you can write",
            ) from None
        return _read_only_if_unwritable(f"sqlite:///{home / 'firefight.db'}")
    scheme, sep, rest = url.partition("://")
    if sep and scheme in ("postgresql", "postgres"):
        return f"postgresql+psycopg://{rest}"
    return _read_only_if_unwritable(url)


def chosen_url(url: str | None) -> str | None:
    """The store a person chose: ``url``, else ``$FIREFIGHT_DATABASE_URL`` when set and not
    empty; None for the default file."""
    return url if url is not None else os.environ.get(URL_VARIABLE) or None


def _read_only_if_unwritable(url: str) -> str:
    """A SQLite file that exists but cannot be written (a read-only mount, a file the user may
    only read) opened read-only, so that reading commands still work; writing ones then say
    the store is read-only. Only a plain ``sqlite:///path`` URL, with no arguments, is changed.
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        return url  # make_engine says what is wrong with it
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or parsed.query or _names_no_file(parsed):
        return url
    assert database is not None
    file = Path(database)
    if (
        database.startswith("file:")
        or not file.is_file()
        or (os.access(file, os.W_OK) and os.access(file.parent, os.W_OK))
    ):
        return url
    # immutable: nothing can write there, so SQLite need not create its lock files beside it.
    immutable = {} if os.access(file.parent, os.W_OK) else {"immutable": "1"}
    return parsed.set(query={"mode": "ro", **immutable}).render_as_string(hide_password=False)


def _escaped(path: str) -> str:
    """``path`` as a URL spells it: the characters that would end it (``?``, ``#``) or start an
    escape (``%``) escaped, as both SQLAlchemy's URLs and SQLite's URIs read them back.

    >>> _escaped("/srv/raid #2 ?50%.db")
    '/srv/raid %232 %3F50%25.db'
    """
    return path.replace("%", "%25").replace("?", "%3F").replace("#", "%23")


def _redacted(url: str) -> str:
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url)


def make_engine(url: str) -> Engine:
    """A SQLAlchemy engine for ``url``, set up for the store (no schema work)."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        # A file's path where its URL belongs is the likely slip: say how to write it.
        said = (
            f"; an SQLite file is written sqlite:///{_escaped(url)}"
            if url and "://" not in url
            else ""
        )
        raise StoreError(None, f"not a database URL: {url!r}{said}") from exc
    backend = parsed.get_backend_name()
    try:
        if backend == "sqlite":
            _known_arguments(url)
            if _names_no_file(parsed):
                return _sqlite_engine(parsed, in_memory=True)
            _read_only_file_there(parsed)
            return _sqlite_engine(_as_uri(parsed), in_memory=False)
        if backend == "postgresql":
            # pre_ping: a pooled connection the server dropped is replaced, not handed out.
            return create_engine(parsed, pool_pre_ping=True)
    except (NoSuchModuleError, ImportError) as exc:
        raise StoreError(
            None,
            f"no driver for {_redacted(url)}: install firefight[postgres] for PostgreSQL ({exc})",
        ) from exc
    raise StoreError(
        None, f"unsupported database {backend!r} in {_redacted(url)}: use sqlite or postgresql"
    )


def held_in_memory(url: str) -> bool:
    """Whether ``url`` is an SQLite database held in memory, which lasts as long as the one
    process that opened it: on the command line, one command.

    >>> held_in_memory("sqlite://"), held_in_memory("sqlite:///:memory:")
    (True, True)
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        return False
    return parsed.get_backend_name() == "sqlite" and _names_no_file(parsed)


def _names_no_file(parsed: URL) -> bool:
    return parsed.database in (None, "", ":memory:")


#: What a SQLite URL's arguments may be: the driver's own and SQLite's URI parameters.
_SQLITE_ARGUMENTS = frozenset(
    ("uri", "timeout", "isolation_level", "detect_types", "check_same_thread", "cached_statements")
) | frozenset(("vfs", "mode", "cache", "psow", "nolock", "immutable", "modeof"))


def _known_arguments(url: str) -> None:
    """Refuse a SQLite URL whose ``?`` starts no arguments SQLite knows: it is most likely part
    of the file's name, and ``sqlite:///raid?1.db`` opened (or made) the file ``raid``.

    >>> _known_arguments("sqlite:///raid.db?mode=ro")
    >>> _known_arguments("sqlite:///raid?1.db")
    Traceback (most recent call last):
    ...
    firefight.store.base.StoreError: 'sqlite:///raid?1.db': SQLite reads what follows '?' as \
arguments and knows no '1.db'; a '?' in the file's name is written %3F, a '%' %25 and a '#' %23
    """
    _, sep, arguments = url.partition("?")
    if not sep:
        return
    for argument in arguments.split("&"):
        key, eq, _ = argument.partition("=")
        if not eq or key not in _SQLITE_ARGUMENTS:
            raise StoreError(
                None,
                f"{url!r}: SQLite reads what follows '?' as arguments and knows no "
                f"{argument!r}; a '?' in the file's name is written %3F, a '%' %25 and a '#' "
                "%23",
            )


def _as_uri(parsed: URL) -> URL:
    """A file's URL with arguments (``sqlite:///x.db?mode=ro``) as the SQLite URI that reads
    them (DEC-816): without ``uri=true`` the driver ignores them with a warning, and a store
    asked for read-only was written.

    >>> uri = _as_uri(make_url("sqlite:///x.db?mode=ro"))
    >>> uri.database, dict(uri.query)
    ('file:x.db', {'mode': 'ro', 'uri': 'true'})
    >>> _as_uri(make_url("sqlite:///x.db")).database
    'x.db'
    >>> _as_uri(make_url("sqlite:///raid%20%232%3F.db?mode=ro")).database
    'file:raid %232%3F.db'
    """
    if not parsed.query or "uri" in parsed.query:
        return parsed
    # A URI ends its path at '?' or '#' and reads '%' as an escape: the file's name keeps them.
    path = _escaped(str(parsed.database))
    return parsed.set(database=f"file:{path}", query={**parsed.query, "uri": "true"})


def _read_only_file_there(parsed: URL) -> None:
    """A store asked for read-only (``mode=ro``) must be a file that is there: SQLite's own
    "unable to open database file" was met with advice to check the folder could be written."""
    path = Path(str(parsed.database).removeprefix("file:"))
    if parsed.query.get("mode") == "ro" and not path.is_file():
        raise StoreError(
            None,
            f"no store at {str(path)!r} to read: mode=ro opens only a file that is there; "
            "leave mode=ro out to start a new store",
        )


def _sqlite_engine(url: URL, *, in_memory: bool) -> Engine:
    if in_memory:
        # One shared connection, else every checkout would see a new empty database.
        engine = create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
    else:
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _: ConnectionPoolEntry) -> None:
        # The driver's own BEGIN handling would start write transactions too late (DEFERRED)
        # and commit around DDL; turn it off and issue our own BEGIN below.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
            cursor.execute("PRAGMA foreign_keys = ON")
            if not in_memory:
                cursor.execute("PRAGMA journal_mode = WAL")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        write = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def open_store(url: str | None = None, *, create: bool = True, any_case: bool = False) -> SqlStore:
    """Open (creating and migrating as needed) the store at ``url``; see :func:`resolve_url`.
    With ``create`` False an SQLite file the person named that is not there is refused, not
    made: a mistyped ``--store`` given to a command that reads would leave an empty store
    behind and report no encounter in it (DEC-932). ``any_case``: as :class:`SqlStore`.

    >>> store = open_store("sqlite://")
    >>> store.create("ambush", "rmu", {"map": "alley"}).head
    0
    >>> store.append("ambush", 0, [{"kind": "round", "round": 1}]).head
    1
    >>> [r.payload for r in store.records("ambush")]
    [{'kind': 'round', 'round': 1}]
    >>> store.close()
    """
    resolved = resolve_url(url)
    engine = make_engine(resolved)  # refuses a URL it cannot read first, making no file
    asked = _asked_read_only(chosen_url(url))
    try:
        if not create:
            _refuse_missing_file(chosen_url(url))
        upgrade(engine)
    except StoreError:
        engine.dispose()
        raise
    except DBAPIError as exc:
        engine.dispose()
        raise StoreError(
            None, f"cannot open the store at {_redacted(resolved)}: {_reason(exc, asked)}"
        ) from exc
    return SqlStore(engine, asked_read_only=asked, any_case=any_case)


def _refuse_missing_file(url: str | None) -> None:
    """Refuse a plain ``sqlite:///path`` URL the person chose whose file does not exist."""
    if url is None:
        return  # the data folder's own store: made at the first use, whatever the command
    try:
        parsed = make_url(url)
    except ArgumentError:
        return  # make_engine says what is wrong with it
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or parsed.query or _names_no_file(parsed):
        return
    assert database is not None
    if database.startswith("file:") or Path(database).exists():
        return
    raise StoreError(
        None,
        f"no store at {database!r}: nothing was ever saved there; check the path (an "
        "encounter's `new` or `import` starts a store)",
    )


def _asked_read_only(url: str | None) -> bool:
    """Whether the person chose a store read-only (``mode=ro`` in the URL they gave), rather
    than firefight opening a file it may not write read-only (:func:`resolve_url`).

    >>> _asked_read_only("sqlite:///x.db?mode=ro"), _asked_read_only("sqlite:///x.db")
    (True, False)
    """
    if url is None:
        return False
    try:
        return make_url(url).query.get("mode") == "ro"
    except ArgumentError:
        return False


#: SQLite's words for a write to a store opened read-only.
_READ_ONLY = ("readonly database", "read-only")

#: What the database's own words mean for the user, and what to do about it.
_ADVICE = (
    (
        ("database or disk is full", "disk i/o error"),
        "the disk is out of space (or failing): free some space and try again",
    ),
    (
        _READ_ONLY,
        "the store is read-only: reading commands work, but to change it use a copy you can "
        "write (--store) or fix its permissions",
    ),
    (
        ("unable to open database file",),
        "check that its folder exists and that you may write there, or pass --store",
    ),
    (
        ("database is locked",),
        f"another program held the store past the {BUSY_TIMEOUT_S:.0f} s this one waits (a "
        "command still running, the web table, a database browser with a change not saved); "
        "nothing was changed: let it finish and try again",
    ),
    (
        ("file is not a database", "database disk image is malformed"),
        "the file is no firefight store, or a damaged one: pass --store to another file, or "
        "put back a copy of it",
    ),
)


#: A write refused by a store the person opened read-only on purpose: no permission is wrong.
_ASKED_READ_ONLY = (
    "the store was opened read-only (mode=ro in its URL): reading commands work; to change it, "
    "open it without mode=ro"
)


def _reason(exc: DBAPIError, asked_read_only: bool = False) -> str:
    """The database's words on ``exc`` and what to do about them; ``asked_read_only``: the
    store was opened read-only by choice (:func:`_asked_read_only`)."""
    reason = str(exc.orig).strip().splitlines()[0] if exc.orig is not None else str(exc)
    low = reason.lower()
    if asked_read_only and any(n in low for n in _READ_ONLY):
        return f"{reason}: {_ASKED_READ_ONLY}"
    for needles, advice in _ADVICE:
        if any(n in low for n in needles):
            return f"{reason}: {advice}"
    return reason


def _stored_json(
    name: str, text: str, what: str, damaged: Callable[[str], StoreError] | None = None
) -> Any:
    """JSON the store holds, read back; damaged text is a :class:`StoreError` saying which,
    ``damaged(why)`` where what to do differs from a damaged log's."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:
        why = f"{type(exc).__name__}: {str(exc)[:80]}"
        if damaged is not None:
            raise damaged(why) from None
        raise StoreError(
            name,
            f"{what} is damaged in the store ({why}): delete the encounter and import a good "
            "export of it",
        ) from None
    if not isinstance(value, dict):
        if damaged is not None:
            raise damaged("not a JSON object")
        raise StoreError(name, f"{what} is damaged in the store: not a JSON object")
    return value


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _check_snapshot(name: str, snapshot: Snapshot, new_head: int) -> None:
    if snapshot.seq != new_head:
        raise StoreError(
            name,
            f"a snapshot written with an append must be of the new head (record {new_head}), "
            f"not of record {snapshot.seq}",
        )
    if not snapshot.fingerprint or len(snapshot.fingerprint) > FINGERPRINT_MAX:
        raise StoreError(
            name, f"a snapshot's fingerprint must be 1 to {FINGERPRINT_MAX} characters long"
        )
    if not isinstance(snapshot.state, str):
        raise StoreError(name, "a snapshot's state must be JSON text")


def _check_label(name: str, value: object, what: str, longest: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > longest:
        raise StoreError(name, f"{what} must be a non-blank text of at most {longest} characters")
    if any(controls(value)):
        raise StoreError(name, f"{what} must not hold control characters")
    return value


class SqlStore:
    """:class:`~firefight.store.base.SnapshotStore` on a SQLAlchemy engine. Thread-safe."""

    def __init__(
        self, engine: Engine, *, asked_read_only: bool = False, any_case: bool = False
    ) -> None:
        """``asked_read_only``: the person opened the store read-only (``mode=ro``), which a
        refused write then says rather than blaming the file's permissions. ``any_case``: an
        encounter is found by its name in any case ("raid" finds "Raid", as a line finds a
        combatant), the command line's reading; else only as stored, the web API's, whose
        address names the encounter's live events and its players' links (DEC-983)."""
        self._engine = engine
        self._asked_read_only = asked_read_only
        self._any_case = any_case
        self._writer: AbstractContextManager[object] = (
            threading.Lock() if engine.dialect.name == "sqlite" else nullcontext()
        )

    @property
    def url(self) -> str:
        """The database URL, password hidden."""
        return self._engine.url.render_as_string(hide_password=True)

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._engine.dialect.name

    def __repr__(self) -> str:
        return f"<SqlStore {self.url}>"

    def __enter__(self) -> SqlStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- transactions -------------------------------------------------------------------

    @contextmanager
    def _transaction(self, name: str | None, *, write: bool) -> Iterator[Connection]:
        """One transaction; database failures other than integrity become :class:`StoreError`.

        Integrity errors pass through: each writer knows what they mean for it.
        """
        try:
            with self._writer if write else nullcontext(), self._engine.connect() as connection:
                if write:
                    connection.execution_options(**{WRITE: True})
                with connection.begin():
                    yield connection
        except IntegrityError:
            raise
        except DBAPIError as exc:
            raise StoreError(
                name, f"the database failed: {_reason(exc, self._asked_read_only)}"
            ) from exc

    def _encounter_id(self, connection: Connection, name: str) -> int:
        return int(self._of_encounter(connection, name, encounters.c.id))

    def _of_encounter(self, connection: Connection, name: str, column: Column[Any]) -> Any:
        """``column`` of the encounter called ``name`` (:meth:`_stored_name`);
        :class:`EncounterNotFound` if none is."""
        found = connection.execute(
            select(column).where(encounters.c.name == name)
        ).scalar_one_or_none()
        if found is None:
            stored = self._stored_name(connection, name)
            found = connection.execute(
                select(column).where(encounters.c.name == stored)
            ).scalar_one()
        return found

    def _stored_name(self, connection: Connection, name: str) -> str:
        """``name`` as the store spells it: itself, or (``any_case``) the one name stored that
        is it in another case (DEC-983); :class:`EncounterNotFound` (the closest offered) when
        none is, or when two are, as a store written before DEC-983 may hold."""
        known = connection.execute(select(encounters.c.name)).scalars().all()
        if name in known:
            return name
        same = [str(k) for k in known if k.casefold() == name.casefold()]
        if self._any_case and len(same) == 1:
            return same[0]
        raise EncounterNotFound(name, known)

    @staticmethod
    def _head(connection: Connection, encounter_id: int) -> int:
        head = connection.execute(
            select(func.coalesce(func.max(records.c.seq), 0)).where(
                records.c.encounter_id == encounter_id
            )
        ).scalar_one()
        return int(head)

    @staticmethod
    def _insert_records(
        connection: Connection, encounter_id: int, first: int, logged: Sequence[tuple[str, str]]
    ) -> None:
        """Insert log records ``(payload text, recorded_at)``, numbered from ``first``."""
        if logged:
            connection.execute(
                insert(records),
                [
                    {
                        "encounter_id": encounter_id,
                        "seq": seq,
                        "payload": payload,
                        "recorded_at": recorded_at,
                    }
                    for seq, (payload, recorded_at) in enumerate(logged, start=first)
                ],
            )

    # -- the protocol -------------------------------------------------------------------

    def create(
        self,
        name: str,
        ruleset: str,
        scenario: dict[str, Any],
        payloads: Sequence[dict[str, Any]] = (),
    ) -> Written:
        name = encounter_name(name)
        created_at = _now()
        logged = [
            (canonical_json(payload, name=name, what=f"payload {index}"), created_at)
            for index, payload in enumerate(payloads, start=1)
        ]
        self._insert_encounter(name, ruleset, scenario, created_at=created_at, logged=logged)
        return Written(head=len(logged), recorded_at=created_at)

    def _insert_encounter(
        self,
        name: str,
        ruleset: str,
        scenario: dict[str, Any],
        *,
        created_at: str,
        logged: Sequence[tuple[str, str]],
    ) -> None:
        """Insert an encounter and (for an import) its records ``(payload text, recorded_at)``."""
        _check_label(name, ruleset, "the ruleset", RULESET_MAX)
        scenario_text = canonical_json(scenario, name=name, what="the scenario")
        try:
            with self._transaction(name, write=True) as connection:
                # DEC-983: "raid" beside "Raid" would be two encounters a line of the command
                # line, finding either in any case, could not tell apart.
                known = connection.execute(select(encounters.c.name)).scalars().all()
                taken = next((k for k in known if k.casefold() == name.casefold()), None)
                if taken is not None:
                    raise EncounterExists(taken)
                key = connection.execute(
                    insert(encounters).values(
                        name=name, ruleset=ruleset, scenario=scenario_text, created_at=created_at
                    )
                ).inserted_primary_key
                assert key is not None, "an insert always has a primary key"
                self._insert_records(connection, int(key[0]), 1, logged)
        except IntegrityError as exc:
            # Another writer created the same name between our check and our insert.
            raise EncounterExists(name) from exc

    def scenario(self, name: str) -> dict[str, Any]:
        with self._transaction(name, write=False) as connection:
            text = self._of_encounter(connection, name, encounters.c.scenario)
        loaded: dict[str, Any] = _stored_json(name, text, "its scenario")
        return loaded

    def append(
        self,
        name: str,
        expected_head: int,
        payloads: Sequence[dict[str, Any]],
        snapshot: Snapshot | None = None,
        settings: SettingsChange | None = None,
    ) -> Written:
        if isinstance(expected_head, bool) or not isinstance(expected_head, int):
            raise StoreError(
                name, f"the expected head must be a whole number, not {expected_head!r}"
            )
        if expected_head < 0:
            raise StoreError(name, f"the expected head cannot be negative ({expected_head})")
        texts = [
            canonical_json(payload, name=name, what=f"payload {index}")
            for index, payload in enumerate(payloads, start=1)
        ]
        if snapshot is not None:
            _check_snapshot(name, snapshot, expected_head + len(texts))
        recorded_at = _now()
        try:
            with self._transaction(name, write=True) as connection:
                encounter_id = self._encounter_id(connection, name)
                head = self._head(connection, encounter_id)
                if head != expected_head:
                    raise ConflictError(name, expected_head=expected_head, actual_head=head)
                self._insert_records(
                    connection, encounter_id, expected_head + 1, [(t, recorded_at) for t in texts]
                )
                if snapshot is not None:
                    self._put_snapshot(connection, encounter_id, snapshot, recorded_at)
                if settings is not None:
                    self._change_settings(connection, name, encounter_id, settings)
                return Written(head=expected_head + len(texts), recorded_at=recorded_at)
        except IntegrityError as exc:
            # On PostgreSQL two writers can both read the same head; the primary key refused
            # the second one's first seq once the first committed (or the encounter was
            # deleted under us, and head() below says so).
            raise ConflictError(
                name, expected_head=expected_head, actual_head=self.head(name)
            ) from exc

    def records(self, name: str, after: int = 0) -> builtins.list[StoredRecord]:
        with self._transaction(name, write=False) as connection:
            encounter_id = self._encounter_id(connection, name)
            rows = connection.execute(
                select(records.c.seq, records.c.payload, records.c.recorded_at)
                .where(records.c.encounter_id == encounter_id, records.c.seq > after)
                .order_by(records.c.seq)
            ).all()
        found: builtins.list[StoredRecord] = []
        for expected, (seq, payload, recorded_at) in enumerate(rows, start=after + 1):
            if seq != expected:
                raise StoreError(
                    name,
                    f"the log has a gap: record {expected} is missing (the next is {seq}); the "
                    "store was damaged or edited by hand: delete the encounter and import a "
                    "good export",
                )
            loaded = _stored_json(name, payload, f"record {seq}")
            found.append(StoredRecord(seq=seq, payload=loaded, recorded_at=recorded_at))
        return found

    def head(self, name: str) -> int:
        with self._transaction(name, write=False) as connection:
            return self._head(connection, self._encounter_id(connection, name))

    # -- snapshots ----------------------------------------------------------------------

    @staticmethod
    def _put_snapshot(
        connection: Connection, encounter_id: int, snapshot: Snapshot, created_at: str
    ) -> None:
        """Write ``snapshot``, replacing one at the same record, then drop the stale ones
        (another version or fingerprint) and all but the newest :data:`SNAPSHOTS_KEPT`."""
        mine = snapshots.c.encounter_id == encounter_id
        connection.execute(
            delete(snapshots).where(
                mine,
                or_(
                    snapshots.c.seq == snapshot.seq,
                    snapshots.c.version != snapshot.version,
                    snapshots.c.fingerprint != snapshot.fingerprint,
                ),
            )
        )
        connection.execute(
            insert(snapshots).values(
                encounter_id=encounter_id,
                seq=snapshot.seq,
                version=snapshot.version,
                fingerprint=snapshot.fingerprint,
                state=snapshot.state,
                digest=_digest(snapshot.state),
                created_at=created_at,
            )
        )
        kept = (
            connection.execute(
                select(snapshots.c.seq)
                .where(mine)
                .order_by(snapshots.c.seq.desc())
                .limit(SNAPSHOTS_KEPT + 1)
            )
            .scalars()
            .all()
        )
        if len(kept) > SNAPSHOTS_KEPT:
            connection.execute(
                delete(snapshots).where(mine, snapshots.c.seq <= kept[SNAPSHOTS_KEPT])
            )

    def snapshot(
        self, name: str, *, version: int, fingerprint: str, before: int | None = None
    ) -> Snapshot | None:
        with self._transaction(name, write=False) as connection:
            encounter_id = self._encounter_id(connection, name)
            # At or below the head: a snapshot past the log would show a state no record made.
            head = (
                select(func.coalesce(func.max(records.c.seq), 0))
                .where(records.c.encounter_id == encounter_id)
                .scalar_subquery()
            )
            query = (
                select(
                    snapshots.c.seq,
                    snapshots.c.version,
                    snapshots.c.fingerprint,
                    snapshots.c.state,
                    snapshots.c.digest,
                    snapshots.c.created_at,
                )
                .where(
                    snapshots.c.encounter_id == encounter_id,
                    snapshots.c.version == version,
                    snapshots.c.fingerprint == fingerprint,
                    snapshots.c.seq <= head,
                )
                .order_by(snapshots.c.seq.desc())
            )
            if before is not None:
                query = query.where(snapshots.c.seq < before)
            for (
                seq,
                found_version,
                found_fingerprint,
                state,
                digest,
                created_at,
            ) in connection.execute(query):
                if _digest(state) != digest:
                    continue  # damaged since it was written: an older one may still serve
                return Snapshot(
                    seq=int(seq),
                    version=int(found_version),
                    fingerprint=found_fingerprint,
                    state=state,
                    created_at=created_at,
                )
        return None

    def delete_snapshots(self, name: str) -> int:
        return self._delete_rows(name, snapshots)

    def _delete_rows(self, name: str, table: Table) -> int:
        """Delete ``name``'s rows of ``table`` (one keyed by ``encounter_id``): how many."""
        with self._transaction(name, write=True) as connection:
            encounter_id = self._encounter_id(connection, name)
            gone = connection.execute(delete(table).where(table.c.encounter_id == encounter_id))
            return int(gone.rowcount)

    # -- table settings (DEC-924) ---------------------------------------------------------

    def table_settings(self, name: str) -> dict[str, Any] | None:
        with self._transaction(name, write=False) as connection:
            encounter_id = self._encounter_id(connection, name)
            text = connection.execute(
                select(table_settings.c.settings).where(
                    table_settings.c.encounter_id == encounter_id
                )
            ).scalar_one_or_none()
        if text is None:
            return None
        loaded: dict[str, Any] = _stored_json(
            name, text, "its table settings", partial(damaged_table_settings, name)
        )
        return loaded

    def put_table_settings(self, name: str, settings: dict[str, Any]) -> None:
        text = canonical_json(settings, name=name, what="the table settings")
        with self._transaction(name, write=True) as connection:
            self._write_settings(connection, self._encounter_id(connection, name), text)

    def change_table_settings(self, name: str, change: SettingsChange) -> dict[str, Any] | None:
        with self._transaction(name, write=True) as connection:
            encounter_id = self._encounter_id(connection, name)
            return self._change_settings(connection, name, encounter_id, change)

    def _change_settings(
        self, connection: Connection, name: str, encounter_id: int, change: SettingsChange
    ) -> dict[str, Any] | None:
        """Make ``change`` to the settings of ``name`` (``encounter_id``) in ``connection``'s
        transaction; the settings stored after."""
        # The encounter's row locked (PostgreSQL; SQLite's write is the database's alone): a
        # second writer reads the settings only once this one has committed (DEC-982).
        connection.execute(
            select(encounters.c.id).where(encounters.c.id == encounter_id).with_for_update()
        )
        text = connection.execute(
            select(table_settings.c.settings).where(table_settings.c.encounter_id == encounter_id)
        ).scalar_one_or_none()
        stored = None
        if text is not None:
            stored = _stored_json(
                name, text, "its table settings", partial(damaged_table_settings, name)
            )
        settings = change(stored)
        if settings is None:
            return stored
        new = canonical_json(settings, name=name, what="the table settings")
        self._write_settings(connection, encounter_id, new)
        return settings

    def _write_settings(self, connection: Connection, encounter_id: int, text: str) -> None:
        """Insert or replace the encounter's settings with ``text``, in one statement: two
        servers putting at once on PostgreSQL cannot both find no row and then collide on the
        key."""
        changed_at = _now()
        upsert = (pg_insert if self.backend == "postgresql" else sqlite_insert)(
            table_settings
        ).values(encounter_id=encounter_id, settings=text, changed_at=changed_at)
        connection.execute(
            upsert.on_conflict_do_update(
                index_elements=[table_settings.c.encounter_id],
                set_={"settings": text, "changed_at": changed_at},
            )
        )

    def clear_table_settings(self, name: str) -> bool:
        return bool(self._delete_rows(name, table_settings))

    def list(self) -> builtins.list[EncounterInfo]:
        head = func.coalesce(func.max(records.c.seq), 0)
        query = (
            select(encounters.c.name, encounters.c.ruleset, encounters.c.created_at, head)
            .select_from(encounters.outerjoin(records))
            .group_by(
                encounters.c.id, encounters.c.name, encounters.c.ruleset, encounters.c.created_at
            )
            .order_by(encounters.c.name)
        )
        with self._transaction(None, write=False) as connection:
            rows = connection.execute(query).all()
        return [
            EncounterInfo(name=name, ruleset=ruleset, created_at=created_at, head_seq=int(seq))
            for name, ruleset, created_at, seq in rows
        ]

    def delete(self, name: str) -> None:
        with self._transaction(name, write=True) as connection:
            encounter_id = self._encounter_id(connection, name)
            connection.execute(delete(snapshots).where(snapshots.c.encounter_id == encounter_id))
            connection.execute(
                delete(table_settings).where(table_settings.c.encounter_id == encounter_id)
            )
            connection.execute(delete(records).where(records.c.encounter_id == encounter_id))
            connection.execute(delete(encounters).where(encounters.c.id == encounter_id))

    def export(self, name: str) -> dict[str, Any]:
        with self._snapshot(name) as connection:
            name = self._stored_name(connection, name)
            row = connection.execute(
                select(
                    encounters.c.id,
                    encounters.c.ruleset,
                    encounters.c.created_at,
                    encounters.c.scenario,
                ).where(encounters.c.name == name)
            ).one()
            encounter_id, ruleset, created_at, scenario = row
            logged = connection.execute(
                select(records.c.seq, records.c.recorded_at, records.c.payload)
                .where(records.c.encounter_id == encounter_id)
                .order_by(records.c.seq)
            ).all()
        return {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "name": name,
            "ruleset": ruleset,
            "created_at": created_at,
            "scenario": _stored_json(name, scenario, "its scenario"),
            "records": [
                {
                    "seq": seq,
                    "recorded_at": recorded_at,
                    "payload": _stored_json(name, payload, f"record {seq}"),
                }
                for seq, recorded_at, payload in logged
            ],
        }

    @contextmanager
    def _snapshot(self, name: str) -> Iterator[Connection]:
        """A read transaction that sees one moment: SQLite's BEGIN does; PostgreSQL needs asking."""
        if self.backend != "postgresql":
            with self._transaction(name, write=False) as connection:
                yield connection
            return
        try:
            with self._engine.connect() as connection:
                connection.execution_options(isolation_level="REPEATABLE READ")
                with connection.begin():
                    yield connection
        except DBAPIError as exc:
            raise StoreError(
                name, f"the database failed: {_reason(exc, self._asked_read_only)}"
            ) from exc

    def import_(self, data: dict[str, Any], name: str | None = None) -> EncounterInfo:
        doc = parse_export(data)
        target = encounter_name(doc.name if name is None else name)
        logged = [
            (canonical_json(r.payload, name=target, what=f"record {r.seq}"), r.recorded_at)
            for r in doc.records
        ]
        self._insert_encounter(
            target, doc.ruleset, doc.scenario, created_at=doc.created_at, logged=logged
        )
        return EncounterInfo(
            name=target, ruleset=doc.ruleset, created_at=doc.created_at, head_seq=len(logged)
        )

    def close(self) -> None:
        self._engine.dispose()
