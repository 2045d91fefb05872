"""Print the short account (headline and what changed) of actions from the bundled scripted
fights, with the record's trace on request: for reviewing the headlines against what the
rules did (issue 17).

    python scripts/review_headlines.py [--trace]            # the 20 representative actions
    python scripts/review_headlines.py [--trace] --scripts  # every action of every fight
    python scripts/review_headlines.py [--trace] examples/warehouse.toml ...

The 20 representative actions (:data:`REPRESENTATIVE`) cover each ruleset's kinds of action
and outcome: a hit, a miss by a margin, armor stopping it, a stray round, a called shot, fire
at several people (rapid fire, a sweep, autofire, a burst), a grenade, a dash to cover, a bite
and a stake. docs/table-play.md keeps the review of their headlines.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from firefight.cli.encounter import play_scenario
from firefight.encounter.fold import fold
from firefight.encounter.headline import short_account
from firefight.encounter.log import LogRecord
from firefight.encounter.narrate import render_trace
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.rulesets import find_ruleset
from firefight.service import EncounterService
from firefight.store import open_store

ROOT = Path(__file__).resolve().parents[1]
FIGHTS = ("warehouse", "street-ambush", "night-market", "dry-gulch", "cards-alley", "mill-ford")

#: (the example fight, the first action line of its script to show), by ruleset.
REPRESENTATIVE = (
    ("warehouse", "Mara shoots Viktor --ap 3"),
    ("warehouse", "Viktor shoots Mara --ap 3"),
    ("warehouse", "Lev shoots Jonah --ap 3 --prepared"),
    ("loading-dock", "Dario sweeps 50 ft out, 30 ft wide toward 30,50 --ap 3"),
    ("loading-dock", "Vik empties the gun at Jonah"),
    ("loading-dock", "Mara dashes to cover pallets"),
    ("grenade-room", "Mara throws m67 at 0,45"),
    ("kindred-ambush", "Mara bites Viktor --unresisting --ap 2"),
    ("kindred-ambush", "Jonah stakes Mara --called chest"),
    ("night-market", "Juno shoots V --twice"),
    ("night-market", "Rook autofires at V"),
    ("night-market", "V shoots Rook --aim head"),
    ("night-market", "V throws grenade at 5,12"),
    ("dry-gulch", "Bob shoots Ann"),
    ("dry-gulch", "Ann shoots Bob"),
    ("mill-ford", "Edric shoots Hugh"),
    ("alley-crossing", "Bob all-out attacks Ann"),
    ("cards-alley", "Giga shoots Rico"),
    ("cards-alley", "Jilly shoots Dee --mode FA --bullets 7"),
    ("cards-alley", "Rico shoots Jilly"),
)


@cache
def played(path: Path) -> tuple[LogRecord, ...]:
    """The records of the scenario's script, played once into a store in memory."""
    service = EncounterService(open_store("sqlite://"))
    _, records, _ = play_scenario(service, path, "review")
    return tuple(records)


def account(path: Path, index: int, *, trace: bool) -> list[str]:
    """The short account of record ``index`` of the scenario's script."""
    records = played(path)
    scenario = load_scenario(path)
    ruleset = find_ruleset(scenario.ruleset)
    scene = initial_state(scenario)
    before = fold(scene, list(records[:index]), ruleset)
    after = fold(scene, list(records[: index + 1]), ruleset)
    lines = short_account(records[index], before, after, ruleset)
    if trace:
        lines.extend(f"      {t}" for t in render_trace(records[index].trace))
    return lines


def review(path: Path, *, trace: bool) -> list[str]:
    """Every action record of the scenario's script, as its short account."""
    lines = [f"== {path.name}"]
    for i, record in enumerate(played(path)):
        if record.kind == "action":
            lines.extend(account(path, i, trace=trace))
    return lines


def representative(*, trace: bool) -> list[str]:
    """The short account of each of :data:`REPRESENTATIVE`, numbered, with its ruleset."""
    lines: list[str] = []
    for n, (fight, text) in enumerate(REPRESENTATIVE, start=1):
        path = ROOT / "examples" / f"{fight}.toml"
        index = next(
            (i for i, r in enumerate(played(path)) if r.kind == "action" and r.text == text),
            None,
        )
        if index is None:
            raise SystemExit(f"{fight}: its script has no action {text!r}")
        ruleset = load_scenario(path).ruleset
        lines.append(f"{n:2}. [{ruleset} · {fight}] {text}")
        lines.extend(f"    {line}" for line in account(path, index, trace=trace))
    return lines


def main(argv: list[str]) -> None:
    trace = "--trace" in argv
    paths = [Path(a) for a in argv if not a.startswith("--")]
    if "--scripts" in argv:
        paths = [ROOT / "examples" / f"{name}.toml" for name in FIGHTS]
    if not paths:
        print("\n".join(representative(trace=trace)))
        return
    for path in paths:
        print("\n".join(review(path, trace=trace)))


if __name__ == "__main__":
    main(sys.argv[1:])
