"""Write the legacy snapshot fixtures (tests/fixtures/legacy/*-snapshot.json).

Each is the snapshot of one legacy encounter at its head (the store tests/fixtures/legacy/
store.sqlite holds), exactly as the code that runs this script encodes it. Run it once, on the
tree whose snapshot format later trees must still read -- for issue 10, the main before
serialization moved to pydantic, ``4bc38af`` -- by putting that tree's source first:

    git archive 4bc38af | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old/src .venv/bin/python scripts/record_legacy_snapshots.py

tests/test_legacy_store.py then holds later trees to reading them and writing the same bytes.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import firefight
from firefight.encounter.snapshot import Folded, encode_snapshot
from firefight.service import EncounterService
from firefight.store import open_store

LEGACY = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "legacy"

# (encounter name in the store, fixture file prefix)
ENCOUNTERS = [("raid", "warehouse"), ("market", "night-market")]


def main() -> None:
    print(f"encoding with {Path(firefight.__file__).parent}", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="firefight-legacy-") as tmp_name:
        db = Path(tmp_name) / "store.sqlite"
        shutil.copyfile(LEGACY / "store.sqlite", db)
        with open_store(f"sqlite:///{db}") as store:
            service = EncounterService(store)
            for name, prefix in ENCOUNTERS:
                loaded = service.load(name)
                text = encode_snapshot(Folded(seq=loaded.head, state=loaded.state), loaded.ruleset)
                if text is None:
                    raise SystemExit(f"{name}: the state does not make a snapshot")
                (LEGACY / f"{prefix}-snapshot.json").write_text(text + "\n", encoding="utf-8")
    print(f"wrote {LEGACY}", file=sys.stderr)


if __name__ == "__main__":
    main()
