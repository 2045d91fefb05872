"""Fuzzing ``encounter import`` payloads (issue 12): an exported encounter with values swapped,
keys dropped and junk added is either imported whole (and replays) or refused with one line,
and after a refusal the store is byte for byte what it was."""

from __future__ import annotations

import copy
import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.errors import FirefightError
from firefight.files import read_json
from firefight.service import EncounterService
from firefight.store.sql import SqlStore, open_store
from hostile_support import FUZZ, WAREHOUSE, one_line, store_bytes

JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**400), max_value=10**400),
    st.sampled_from([0, 1, -1, 5, 1001, 10**9, 10**12]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=10),
    st.sampled_from(["Mara", "Viktor", "round", "action", "undo", "HitsInflicted", "\x1b[2J"]),
)
JSON_VALUE = st.recursive(
    JSON_LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@cache
def setup() -> tuple[SqlStore, EncounterService, dict[str, Any], Path]:
    """A store holding one encounter, its export, and a scratch file (made once: fast)."""
    folder = Path(tempfile.mkdtemp(prefix="firefight-fuzz-"))
    store = open_store(f"sqlite:///{folder / 'fuzz.db'}")
    service = EncounterService(store)
    service.new("raid", load_scenario(WAREHOUSE), Dice.seeded(1))
    service.act("raid", "Mara waits --ap 1", Dice.seeded(2))
    return store, service, service.export("raid"), folder


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*here, index))
    return found


@st.composite
def corrupted(draw: st.DrawFn) -> Any:
    doc: Any = copy.deepcopy(setup()[2])
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        spots = paths(doc)
        path = draw(st.sampled_from(spots))
        how = draw(st.sampled_from(("replace", "replace", "delete", "append")))
        if not path:
            doc = draw(JSON_VALUE) if how == "replace" else doc
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        target = parent[last]
        if how == "replace":
            parent[last] = draw(JSON_VALUE)
        elif how == "delete":
            del parent[last]
        elif isinstance(target, list):
            target.append(draw(JSON_VALUE))
        elif isinstance(target, dict):
            target[draw(st.text(max_size=6))] = draw(JSON_VALUE)
    return doc


@settings(FUZZ, max_examples=1200)
@given(doc=corrupted())
def test_fuzz_import_payloads(doc: Any) -> None:
    store, service, _, folder = setup()
    db = folder / "fuzz.db"
    file = folder / "import.json"
    file.write_text(json.dumps(doc), encoding="utf-8")
    before = store_bytes(db)
    try:
        info = service.import_(read_json(file), "copy")
    except FirefightError as exc:
        one_line(str(exc))
        assert store_bytes(db) == before
        event("refused")
        return
    event("imported")
    # What was let in replays: it reads back and folds, and then it is removed again.
    service.state(info.name)
    service.log(info.name)
    store.delete(info.name)
