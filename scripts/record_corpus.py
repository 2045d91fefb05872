"""Record the behaviour corpus: run every case of tests/corpus/cases.toml, write recorded.json.

Run it only on a tree whose behaviour is the reference (it was first run on the tree before the
ruleset refactor of issue 10); tests/test_corpus.py then holds later trees to it:

    .venv/bin/python scripts/record_corpus.py [--check]

With ``--check`` nothing is written: it says whether a fresh run matches the recording byte for
byte (the recording must be deterministic). ``--case ID`` (repeatable) records those cases
again and keeps the rest: for a deliberate change of the rules, named in tests/corpus/README.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from corpus_support import RECORDING_FILE, Json, load_cases, run_case


def record(only: frozenset[str] = frozenset()) -> dict[str, Json]:
    recording: dict[str, Json] = {}
    if only:
        recording = json.loads(RECORDING_FILE.read_text(encoding="utf-8"))
        unknown = only - {case.id for case in load_cases()}
        if unknown:
            raise SystemExit(f"no such case: {', '.join(sorted(unknown))}")
    for case in load_cases():
        if only and case.id not in only:
            continue
        started = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="firefight-corpus-") as tmp:
            recording[case.id] = run_case(case, Path(tmp))
        elapsed = time.perf_counter() - started
        print(f"{elapsed:6.2f}s  {case.id}", file=sys.stderr)
    return recording


def render(recording: dict[str, Json]) -> str:
    return json.dumps(recording, indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--case", action="append", default=[], help="record this case again")
    args = parser.parse_args()
    text = render(record(frozenset(args.case)))
    if args.check:
        same = RECORDING_FILE.read_text(encoding="utf-8") == text
        print("recording matches" if same else "recording DIFFERS", file=sys.stderr)
        return 0 if same else 1
    RECORDING_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {RECORDING_FILE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
