"""The behaviour corpus: running its cases in-process, and comparing a run with the recording.

The corpus (``tests/corpus/cases.toml``) is a list of command lines recorded on the tree before
the ruleset refactor (issue 10) by ``scripts/record_corpus.py``; ``tests/test_corpus.py`` replays
them and checks that no number changed. Everything that knows how the command line is invoked
lives in :func:`run_cli`, so a change in how the app is built is a change here only.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
import traceback
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
CASES_FILE = CORPUS / "cases.toml"
RECORDING_FILE = CORPUS / "recorded.json"

# A JSON document as json.loads returns it.
Json = Any


@dataclass(frozen=True)
class CliResult:
    exit_code: int
    stdout: str
    stderr: str


def run_cli(argv: Sequence[str], env: Mapping[str, str]) -> CliResult:
    """Run ``firefight ARGV`` in this process with ``env`` added to the environment.

    An exception that escapes the app (a bug, not a refusal) is appended to stderr as its
    traceback, so a recording shows it.
    """
    from firefight.cli.app import app

    result = CliRunner().invoke(app, list(argv), env=dict(env))
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        exc = result.exception
        stderr += "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return CliResult(result.exit_code, result.stdout, stderr)


@dataclass(frozen=True)
class Case:
    id: str
    steps: tuple[tuple[str, ...], ...]


def load_cases(path: Path = CASES_FILE) -> list[Case]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    cases = [Case(c["id"], tuple(tuple(step) for step in c["steps"])) for c in data["case"]]
    ids = [c.id for c in cases]
    duplicated = {i for i in ids if ids.count(i) > 1}
    if duplicated:
        raise ValueError(f"duplicate case ids in {path}: {sorted(duplicated)}")
    return cases


def case_env(tmp: Path) -> dict[str, str]:
    """An environment that keeps a case off the user's data folder and database.

    ``COLUMNS`` fixes rich's line width, so text output does not depend on the terminal.
    """
    return {
        "FIREFIGHT_HOME": str(tmp / "home"),
        "FIREFIGHT_DATABASE_URL": f"sqlite:///{tmp / 'default.db'}",
        "COLUMNS": "100",
    }


def fill(arg: str, tmp: Path) -> str:
    return arg.replace("{tmp}", str(tmp)).replace("{repo}", str(ROOT))


_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:\d\d|Z)?")


def normalise(text: str, tmp: Path) -> str:
    """What a recording keeps of an output: the temporary and repository paths as their
    placeholders, and wall-clock timestamps as ``{timestamp}``, so two runs record the same."""
    text = text.replace(str(tmp), "{tmp}").replace(str(ROOT), "{repo}")
    return _TIMESTAMP.sub("{timestamp}", text)


def parse_output(text: str) -> Json:
    """Stdout as JSON when it is a JSON document, else the text itself."""
    stripped = text.strip()
    if stripped[:1] in ("{", "["):
        try:
            return json.loads(stripped)
        except json.JSONDecodeError:
            pass
    return text


def run_case(case: Case, tmp: Path) -> list[dict[str, Json]]:
    """Every step of a case, as recorded: exit code, stdout (parsed), stderr."""
    tmp.mkdir(parents=True, exist_ok=True)
    env = case_env(tmp)
    steps: list[dict[str, Json]] = []
    for step in case.steps:
        result = run_cli([fill(a, tmp) for a in step], env)
        steps.append(
            {
                "argv": list(step),
                "exit_code": result.exit_code,
                "stdout": parse_output(normalise(result.stdout, tmp)),
                "stderr": normalise(result.stderr, tmp),
            }
        )
    return steps


def numeric_leaves(doc: Json) -> tuple[Counter[float], Counter[bool]]:
    """The multisets of the numbers and of the booleans anywhere in a JSON document.

    ``1`` and ``1.0`` count as the same number: a refactor may write either.
    """
    numbers: Counter[float] = Counter()
    flags: Counter[bool] = Counter()
    stack: list[Json] = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, bool):
            flags[node] += 1
        elif isinstance(node, int | float):
            numbers[float(node)] += 1
        elif isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return numbers, flags


#: How far apart two numbers may be and still be the same figure: a float summed in another
#: order (numpy's kernels change between releases) differs in its last bits, not in a figure.
_SAME_FIGURE = 1e-12


def _beyond_rounding(lost: Counter[float], gained: Counter[float]) -> Counter[float]:
    """The lost numbers that no gained number matches within :data:`_SAME_FIGURE` (relative),
    each gained number matching one lost number at most."""
    spare = sorted(gained.elements())
    unmatched: Counter[float] = Counter()
    for number in sorted(lost.elements()):
        close = next(
            (i for i, n in enumerate(spare) if math.isclose(n, number, rel_tol=_SAME_FIGURE)),
            None,
        )
        if close is None:
            unmatched[number] += 1
        else:
            del spare[close]
    return unmatched


def missing_numbers(recorded: Json, replayed: Json) -> list[str]:
    """What the recorded JSON holds that the replayed JSON lacks, as readable lines.

    The replayed document may be reshaped and may hold more; every number and boolean recorded
    must still be there as often as it was. Empty when nothing is missing.
    """
    old_numbers, old_flags = numeric_leaves(recorded)
    new_numbers, new_flags = numeric_leaves(replayed)
    unmatched = _beyond_rounding(old_numbers - new_numbers, new_numbers - old_numbers)
    lost = [f"number {n:g} x{k}" for n, k in sorted(unmatched.items())]
    lost += [f"boolean {b} x{k}" for b, k in sorted((old_flags - new_flags).items())]
    return lost


_INTEGER = re.compile(r"(?<![\w.])-?\d+")
_REFUSAL = re.compile(r"refused: ([A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*):")


def missing_integers(recorded: str, replayed: str) -> list[str]:
    """The integers of the recorded text that appear nowhere in the replayed text.

    A set, not a multiset: text may be reworded, so a figure said twice may be said once.
    """
    old = {int(m) for m in _INTEGER.findall(recorded)}
    new = {int(m) for m in _INTEGER.findall(replayed)}
    return [f"integer {n}" for n in sorted(old - new)]


def refusal_rule(stderr: str) -> str | None:
    """The rule ID a refusal names (``refused: RMU-GEN-4: ...``), if it is one."""
    found = _REFUSAL.search(stderr)
    return found.group(1) if found else None


def step_differences(recorded: Mapping[str, Json], replayed: Mapping[str, Json]) -> list[str]:
    """How a replayed step departs from its recording; empty when it keeps every number."""
    problems: list[str] = []
    if recorded["exit_code"] != replayed["exit_code"]:
        problems.append(f"exit code {recorded['exit_code']} became {replayed['exit_code']}")
    old_rule, new_rule = refusal_rule(recorded["stderr"]), refusal_rule(replayed["stderr"])
    if old_rule != new_rule:
        problems.append(f"refusal rule {old_rule} became {new_rule}")
    old_out, new_out = recorded["stdout"], replayed["stdout"]
    if isinstance(old_out, str):
        new_text = new_out if isinstance(new_out, str) else json.dumps(new_out)
        problems += missing_integers(old_out, new_text)
    elif isinstance(new_out, str):
        problems.append("JSON output became text")
    else:
        problems += missing_numbers(old_out, new_out)
    return problems
