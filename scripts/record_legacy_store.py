"""Write the legacy store fixtures (tests/fixtures/legacy/): encounters saved by this tree.

Run once, on the tree whose saved encounters later trees must still load (issue 10: the tree
before the ruleset refactor); tests/test_legacy_store.py holds later trees to what it wrote:

    .venv/bin/python scripts/record_legacy_store.py

It plays one rmu encounter (examples/warehouse.toml) and one cpr encounter
(examples/night-market.toml) into one SQLite store, with an undo and a round change in each,
and keeps the store file, each encounter's export, and its ``show --json`` and ``log --json``.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from corpus_support import ROOT, case_env, run_cli

LEGACY = ROOT / "tests" / "fixtures" / "legacy"

# (encounter name, scenario, the `firefight encounter` argv tails that play it); a step that
# rolls no die still takes a seed, else a fresh one would be drawn and logged.
PLAYS: list[tuple[str, str, list[list[str]]]] = [
    (
        "raid",
        "warehouse.toml",
        [
            ["new", "raid", "--scenario", "{scenario}", "--rolls", "7,4,3,9,6,6"],
            ["act", "raid", "Mara moves -8,6", "--seed", "0"],
            ["act", "raid", "Mara shoots Viktor --ap 3", "--rolls", "97,45"],
            ["act", "raid", "Viktor shoots Mara --ap 3", "--rolls", "97,60,30,40"],
            ["act", "raid", "Jonah shoots Lev --ap 3", "--rolls", "40"],
            ["undo", "raid"],
            ["act", "raid", "Jonah shoots Viktor --ap 3", "--rolls", "98,30,66"],
            ["next-round", "raid", "--rolls", "4,5,2,7,8,3,2,2"],
            ["act", "raid", "Mara reloads --ammo hollowpoint", "--seed", "0"],
            ["act", "raid", "Viktor prepares rapid fire at Mara --ap 4", "--seed", "3"],
        ],
    ),
    (
        "market",
        "night-market.toml",
        [
            ["new", "market", "--scenario", "{scenario}", "--rolls", "5,6,4"],
            ["act", "market", "Juno shoots V --twice", "--rolls", "1,3,6,6,5"],
            [
                "act",
                "market",
                "V shoots Juno --twice --move-between 2,3",
                "--rolls",
                "3,9,4,5,3,8,5",
            ],
            ["act", "market", "Rook autofires at V", "--rolls", "9,6,6,3,5"],
            ["next-round", "market", "--seed", "0"],
            ["act", "market", "Juno shoots V", "--rolls", "8,3,4"],
            ["undo", "market"],
            ["act", "market", "V shoots Rook --aim head", "--rolls", "10,3,6,6,2,1,4"],
            ["act", "market", "Rook reloads", "--seed", "0"],
        ],
    ),
]


def _run(argv: list[str], env: dict[str, str]) -> str:
    result = run_cli(argv, env)
    if result.exit_code != 0:
        raise SystemExit(f"{argv} failed ({result.exit_code}): {result.stderr}")
    return result.stdout


def _write_json(name: str, text: str) -> None:
    # Parsed and written again, so every fixture has the same layout whatever printed it.
    (LEGACY / name).write_text(json.dumps(json.loads(text), indent=1) + "\n", encoding="utf-8")


def main() -> None:
    LEGACY.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="firefight-legacy-") as tmp_name:
        tmp = Path(tmp_name)
        db = tmp / "store.sqlite"
        store = ["--store", f"sqlite:///{db}"]
        env = case_env(tmp)
        for name, scenario, steps in PLAYS:
            for step in steps:
                argv = [a.replace("{scenario}", str(ROOT / "examples" / scenario)) for a in step]
                _run(["encounter", *argv, *store], env)
            prefix = scenario.removesuffix(".toml")
            _write_json(f"{prefix}-export.json", _run(["encounter", "export", name, *store], env))
            for view in ("show", "log"):
                text = _run(["encounter", view, name, "--json", *store], env)
                _write_json(f"{prefix}-{view}.json", text)
        # Fold the write-ahead log into the file and compact it: one small self-contained file.
        with sqlite3.connect(db) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        vacuum = sqlite3.connect(db)
        vacuum.execute("VACUUM")
        vacuum.close()
        shutil.copyfile(db, LEGACY / "store.sqlite")
    print(f"wrote {LEGACY}", file=sys.stderr)


if __name__ == "__main__":
    main()
