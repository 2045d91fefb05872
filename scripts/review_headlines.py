"""Print the short account (headline and what changed) of every action in the bundled scripted
fights, with the record's trace on request: for reviewing the headlines against what the
rules did (issue 17).

    python scripts/review_headlines.py [--trace] [examples/warehouse.toml ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

from firefight.cli.encounter import play_scenario
from firefight.encounter.fold import fold
from firefight.encounter.headline import short_account
from firefight.encounter.narrate import render_trace
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.rulesets import find_ruleset
from firefight.service import EncounterService
from firefight.store import open_store

ROOT = Path(__file__).resolve().parents[1]
FIGHTS = ("warehouse", "street-ambush", "night-market", "dry-gulch", "cards-alley", "mill-ford")


def review(path: Path, *, trace: bool) -> list[str]:
    """Every action record of the scenario's script, as its short account."""
    service = EncounterService(open_store("sqlite://"))
    _, records, _ = play_scenario(service, path, "review")
    ruleset = find_ruleset(load_scenario(path).ruleset)
    scene = initial_state(load_scenario(path))
    lines = [f"== {path.name}"]
    for i, record in enumerate(records):
        if record.kind != "action":
            continue
        before = fold(scene, records[:i], ruleset)
        after = fold(scene, records[: i + 1], ruleset)
        lines.extend(short_account(record, before, after, ruleset))
        if trace:
            lines.extend(f"      {t}" for t in render_trace(record.trace))
    return lines


def main(argv: list[str]) -> None:
    trace = "--trace" in argv
    paths = [Path(a) for a in argv if not a.startswith("--")] or [
        ROOT / "examples" / f"{name}.toml" for name in FIGHTS
    ]
    for path in paths:
        print("\n".join(review(path, trace=trace)))


if __name__ == "__main__":
    main(sys.argv[1:])
