"""Snapshots: an encounter's folded state at one record, kept beside the log as a cache.

Folding a long log from the initial scene costs time on every command; a snapshot keeps the
state the fold reached at record ``seq`` so that the next command folds only the records after
it. The log stays the only truth: a snapshot is a cache that can be deleted at any time, and
one that does not fit is ignored and rebuilt rather than trusted:

- it is canonical JSON (sorted keys, no spaces), written and read back by the state's own
  schema (:func:`~firefight.serialize.adapter`); a combatant's ruleset figures, a subclass of
  the declared :class:`~firefight.scene.state.CombatantStats`, name their class under
  :data:`~firefight.serialize.CLASS_KEY`;
- it carries :data:`SNAPSHOT_VERSION` and the :func:`fingerprint` of the code and data that
  folded it (the ruleset, the package version and a digest of the package's source and data
  files), and a reader only asks for its own: after an upgrade, or any edit of the code, the old
  snapshots are simply never read again;
- it is only written when it reads back to exactly the state it was made from (equal, and
  encoding again to the same bytes), so reading it can only give what the fold gave;
- it keeps ``skip``: the records *after* it that an undo at or before it reverts (only a
  hand-made log has such undos), so that folding on from it skips them as the full fold does;
- a document of version 1 (before the running figures of a ruleset moved off the shared
  combatant, issue 10) is read by moving them into the ruleset's stats
  (:meth:`~firefight.rulesets.base.Ruleset.adopt_legacy_figures`).

>>> from firefight.rulesets import find_ruleset
>>> rmu = find_ruleset("rmu")
>>> folded = Folded(seq=3, state=EncounterState(title="t", ruleset="rmu", round=2))
>>> plain_state(folded.state)["round"]
2
>>> text = encode_snapshot(folded, rmu)
>>> decode_snapshot(text, rmu, seq=3) == folded
True
>>> decode_snapshot(text, rmu, seq=4)
Traceback (most recent call last):
...
firefight.encounter.snapshot.SnapshotError: the snapshot at record 4 has seq 3 where 4 was expected
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from pydantic_core import to_json

import firefight
from firefight.encounter.log import LogError
from firefight.scene.state import EncounterState
from firefight.serialize import adapter, problem
from firefight.tables.user_catalogs import user_catalog_digest

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset

__all__ = [
    "SNAPSHOT_EVERY",
    "SNAPSHOT_FORMAT",
    "SNAPSHOT_VERSION",
    "Folded",
    "SnapshotError",
    "decode_snapshot",
    "encode_snapshot",
    "fingerprint",
    "plain_state",
]

SNAPSHOT_FORMAT = "firefight.snapshot"

#: Bumped whenever the snapshot document changes shape; an older one is read through its
#: upgrade, or not at all.
SNAPSHOT_VERSION = 2

#: The running figures a version 1 document kept on every combatant, with their defaults:
#: version 2 keeps them in the ruleset's stats, if the ruleset has them at all.
_V1_FIGURES: dict[str, Any] = {
    "ap_left": 0,
    "bleed": 0,
    "stun": [],
    "staggered": False,
    "staggered_owed": 0,
    "injury": 0,
    "fatigue": 0,
    "dying_rounds": None,
    "next_action_bonus": 0,
    "armor": None,
}

#: A command that leaves the log this many records past the snapshot it folded from writes a
#: new one, so that commands fold fewer records than this after their snapshot.
SNAPSHOT_EVERY = 200

# What the code digest reads: the source and the data files the fold may depend on.
_DIGESTED = (".py", ".toml", ".json")


class SnapshotError(LogError):
    """A stored snapshot that cannot be used (damaged, of another version or fingerprint)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Folded:
    """The state the log's records up to ``seq`` fold to (the initial scene when ``seq`` is 0),
    and ``skip``: the records after ``seq`` that undo records up to ``seq`` revert."""

    seq: int
    state: EncounterState
    skip: frozenset[int] = field(default_factory=frozenset)


# --- the fingerprint --------------------------------------------------------------------------


def _package_dirs(ruleset: Ruleset) -> tuple[Path, ...]:
    """The package directories whose files fold a state: firefight's, and the ruleset's own
    package when it is a plug-in's (the one its data ships in)."""
    home = Path(firefight.__file__).parent
    dirs = [home]
    package = getattr(ruleset, "package", None)
    try:
        spec = importlib.util.find_spec(package) if isinstance(package, str) else None
    except (ImportError, ValueError):
        spec = None
    for location in (spec.submodule_search_locations or ()) if spec is not None else ():
        found = Path(location)
        if not found.is_relative_to(home) and found not in dirs:
            dirs.append(found)
    return tuple(dirs)


def _files(root: Path) -> Iterator[Path]:
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(_DIGESTED):
                yield Path(folder, name)


@cache
def _code_digest(roots: tuple[Path, ...]) -> str:
    """A digest of every source and data file under ``roots`` (names and contents).

    Hashing the files themselves, not a version number, means that a snapshot folded by other
    code -- an upgrade, or a developer's edit of a rule -- is never mistaken for a current one.
    It costs a few milliseconds, once per process.
    """
    digest = hashlib.sha256()
    for index, root in enumerate(roots):
        for path in _files(root):
            digest.update(f"{index}/{path.relative_to(root).as_posix()}\0".encode())
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


@cache
def fingerprint(ruleset: Ruleset) -> str:
    """What a snapshot folded by this code for ``ruleset`` is stamped with (64 hex digits).

    Worked out once per process: the code that runs does not change under it.
    """
    cls = type(ruleset)
    parts = (
        SNAPSHOT_FORMAT,
        str(SNAPSHOT_VERSION),
        ruleset.name,
        f"{cls.__module__}.{cls.__qualname__}",
        firefight.__version__,
        _code_digest(_package_dirs(ruleset)),
        # The user's catalogs may change what the rules read (a weapon's figures).
        user_catalog_digest(),
    )
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


# --- encoding ---------------------------------------------------------------------------------


def plain_state(state: EncounterState) -> dict[str, Any]:
    """``state`` as plain JSON-ready data, as a snapshot keeps it; a value that does not fit its
    declared type is a ValueError."""
    data = adapter(EncounterState).dump_python(state, mode="json", warnings="error")
    assert isinstance(data, dict)
    return data


def _dumps(document: dict[str, Any]) -> str:
    return json.dumps(
        document, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def _document(folded: Folded, ruleset: Ruleset, stamp: str) -> dict[str, Any]:
    return {
        "format": SNAPSHOT_FORMAT,
        "version": SNAPSHOT_VERSION,
        "fingerprint": stamp,
        "ruleset": ruleset.name,
        "seq": folded.seq,
        "skip": sorted(folded.skip),
        "state": plain_state(folded.state),
    }


def encode_snapshot(folded: Folded, ruleset: Ruleset, stamp: str | None = None) -> str | None:
    """The snapshot of ``folded`` as canonical JSON text, stamped with ``stamp`` (by default
    :func:`fingerprint`); None when it would not read back exactly (then none is kept)."""
    stamp = fingerprint(ruleset) if stamp is None else stamp
    try:
        text = _dumps(_document(folded, ruleset, stamp))
        back = decode_snapshot(text, ruleset, seq=folded.seq, stamp=stamp)
        # Equal values can still differ in kind (1 and 1.0 where a float is declared): the
        # bytes of what each holds, written as it is, tell.
        same = back == folded and to_json(back.state) == to_json(folded.state)
    except (TypeError, ValueError, RecursionError):
        return None
    return text if same else None


# --- decoding ---------------------------------------------------------------------------------


def _from_v1(state: dict[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """A version 1 state document in the shape of version 2: each combatant's running figures
    leave the shared fields, and those not at their defaults go to the ruleset's stats."""
    combatants = []
    for combatant in state["combatants"]:
        shared = dict(combatant)
        moved = {k: shared.pop(k) for k in _V1_FIGURES if k in shared}
        kept = {k: v for k, v in moved.items() if v != _V1_FIGURES[k]}
        if kept:
            shared["stats"] = ruleset.adopt_legacy_figures(dict(shared["stats"]), kept)
        combatants.append(shared)
    return {**state, "combatants": combatants}


def decode_snapshot(text: str, ruleset: Ruleset, *, seq: int, stamp: str | None = None) -> Folded:
    """The folded state a snapshot keeps; :class:`SnapshotError` if it is not one this code
    made for record ``seq`` of a ``ruleset`` encounter (damaged, stale or misfiled)."""
    stamp = fingerprint(ruleset) if stamp is None else stamp
    try:
        document = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SnapshotError(f"the snapshot at record {seq} is not JSON: {exc}") from None
    if not isinstance(document, dict):
        raise SnapshotError(f"the snapshot at record {seq} is not a JSON object")
    version = document.get("version")
    # Version 1 reads through its upgrade; True and 1.0 are no versions.
    expected = {
        "format": SNAPSHOT_FORMAT,
        "version": version if version == 1 and type(version) is int else SNAPSHOT_VERSION,
        "fingerprint": stamp,
        "ruleset": ruleset.name,
        "seq": seq,
    }
    for key, wanted in expected.items():
        found = document.get(key)
        if found != wanted or type(found) is not type(wanted):
            raise SnapshotError(
                f"the snapshot at record {seq} has {key} {found!r} where {wanted!r} was expected"
            )
    try:
        skip = document["skip"]
        if not isinstance(skip, list) or not all(type(s) is int and s > seq for s in skip):
            raise ValueError(f"bad skip list {skip!r}")
        stored = document["state"]
        if version == 1:
            stored = _from_v1(stored, ruleset)
        state = adapter(EncounterState).validate_python(stored)
    except ValidationError as exc:
        raise SnapshotError(
            f"the snapshot at record {seq} cannot be read: {problem(exc)}"
        ) from None
    except (TypeError, ValueError, KeyError, RecursionError) as exc:
        raise SnapshotError(f"the snapshot at record {seq} cannot be read: {exc}") from None
    assert isinstance(state, EncounterState)
    return Folded(seq=seq, state=state, skip=frozenset(skip))
