"""One JSON shape (issue 10, docs/json.md): every resolving command's ``--json`` output, in every
ruleset, validates against the schema ``firefight schema`` prints.

The outputs are the corpus's (tests/corpus/cases.toml) replayed, plus a refusal of every
resolving command; the validator is jsonschema's, independent of the pydantic models the schema
is generated from.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import typer
from jsonschema import Draft202012Validator
from typer.main import get_group

from corpus_support import Case, Json, case_env, load_cases, refusal_rule, run_case, run_cli
from firefight.outcome import OUTCOME_WORDS
from firefight.rulesets import find_ruleset

RULESETS = ("rmu", "cpr")
ENCOUNTER_RESOLVING = ("new", "act", "next-round")


@cache
def validator() -> Draft202012Validator:
    printed = run_cli(["schema"], {})
    assert printed.exit_code == 0, printed.stderr
    schema = json.loads(printed.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def assert_valid(doc: Json, where: str) -> None:
    errors = sorted(validator().iter_errors(doc), key=lambda e: list(e.absolute_path))
    assert not errors, f"{where}: " + "; ".join(
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5]
    )


def resolutions(argv: list[str], out: Json) -> Iterator[Json]:
    """The resolutions a step printed: the output of a resolving command, and the action and
    round records of an encounter's log, play, act or undo."""
    if not isinstance(out, dict):
        return
    if argv[0] in RULESETS or (argv[0] == "encounter" and argv[1] in ENCOUNTER_RESOLVING):
        yield out
    records = [*out.get("records", ()), out.get("record"), out.get("reverted")]
    yield from (r for r in records if isinstance(r, dict) and r.get("kind") in ("action", "round"))


def resolving_commands() -> set[tuple[str, str]]:
    """Every command of every built-in ruleset, as ``(ruleset, command)``."""
    found = set()
    for name in RULESETS:
        module = find_ruleset(name).cli_module
        assert module is not None
        app = __import__(module, fromlist=["app"]).app
        group = get_group(app)
        found |= {(name, c) for c in group.list_commands(typer._click.Context(group))}
    return found


CASES = load_cases()
JSON_CASES = [c for c in CASES if any("--json" in step for step in c.steps)]
# Commands added since the corpus was recorded: their output is checked here.
MORE_RESOLUTIONS = [
    shlex.split(line)
    for line in (
        "rmu throw --load m67 --aim 0,45 --thrown 40 --rolls 42,12 --json",
        "rmu flash-bang --victim ghoul:5:0 --enclosed --unaware ghoul --rolls 88,62 --json",
        "rmu explode --load m67 --ranks 10 --target Bob:30,0 --rolls 60,50 --json",
        "cpr death-save --body 6 --saves 2 --injury whiplash --rolls 3 --json",
        "rmu defend --against missile --quickness-db 10 --dodge 30 --json",
        "cpr stabilize --tech 5 --skill 4 --rolls 4 --json",
        "rmu melee --weapon mace --ob 55 --armor 'AT 3' --rolls 50,30 --json",
        "rmu grapple --ob 60 --rolls 50,40 --json",
        "rmu escape --ob 40 --holder-ob 30 --hold 50 --rolls 70,20 --json",
        "rmu bite --reach helpless --hits-left 5 --rolls 90,50 --json",
        "rmu stake --ob 60 --rolls 97,20,23 --json",
        "rmu gas --victim Viktor:10 --victim Lucia:5 --no-breath Lucia --rolls 50 --json",
    )
]


@pytest.mark.parametrize("case", JSON_CASES, ids=[c.id for c in JSON_CASES])
def test_every_resolution_of_the_corpus_validates(case: Case, tmp_path: Path) -> None:
    for step in run_case(case, tmp_path):
        for doc in resolutions(step["argv"], step["stdout"]):
            assert_valid(doc, " ".join(step["argv"]))


@pytest.mark.parametrize("argv", MORE_RESOLUTIONS, ids=[" ".join(a[:2]) for a in MORE_RESOLUTIONS])
def test_every_resolution_the_corpus_lacks_validates(argv: list[str], tmp_path: Path) -> None:
    result = run_cli(argv, case_env(tmp_path))
    assert result.exit_code == 0, result.stderr
    assert_valid(json.loads(result.stdout), " ".join(argv))


def test_every_resolving_command_is_run_with_json() -> None:
    ran = {
        (step[0], step[1])
        for steps in ([*c.steps] for c in CASES)
        for step in [*steps, *MORE_RESOLUTIONS]
        if step[0] in RULESETS and "--json" in step
    }
    missing = resolving_commands() - ran
    assert not missing, f"add a --json run of {sorted(missing)} to MORE_RESOLUTIONS"
    encounter = {step[1] for c in CASES for step in c.steps if step[0] == "encounter"}
    assert set(ENCOUNTER_RESOLVING) <= encounter


# A refusal of every resolving command: the corpus's (given --json), and these.
MORE_REFUSALS = [
    shlex.split(line)
    for line in (
        "rmu maneuver --difficulty nonsense --rolls 5",
        "cpr suppress --weapon smg --ref 7 --skill 5 --loaded 3 --target A:10,0:will=5:conc=3 "
        "--rolls 5",
        "cpr explode --weapon 'grenade launcher' --at 900,0 --ref 6 --skill 5 --rolls 5",
        "cpr throw --weapon knife --dex 7 --athletics 5 --distance 60 --rolls 5",
        "cpr damage --damage 2d6 --hp 50/40 --rolls 5,5",
        # a value past a bound a rule sets is refused under that rule (RMU-DOD-3)
        "rmu shoot --weapon glock-17 --ob 65 --distance 40 --celerity 99 --seed 1",
        "rmu throw --load m67 --aim 0,45 --ap 4",
        "rmu explode --load m18 --target Bob:5,0 --rolls 50",  # smoke wounds nobody (RMU-EXP-1)
        "cpr death-save --body 0 --rolls 3",  # C-12: no BODY, no death save
        "rmu defend --against firearm --celerity 9",  # RMU-DOD-3: five dots at most
        "cpr stabilize --tech 5 --skill 4 --patient-state serious --rolls 4",
        # more people than a flash-bang's radius lists (RMU-EXP-17)
        "rmu flash-bang --rolls 5 " + " ".join(f"--victim v{i}:0:0" for i in range(49)),
        "rmu melee --weapon knife --ob 50 --ap 1 --rolls 50",  # 2-4 AP
        "rmu grapple --ob 10 --parry 20 --rolls 50",  # DEC-345: no more parry than OB
        "rmu escape --ob 40 --holder-ob 30 --hold 0 --rolls 50,50",  # RMU-BITE-3: not held
        "rmu bite --ap 1 --rolls 50",  # a bite is a melee attack of 2-4 AP
        "rmu stake --ob 60 --behead --rolls 50",  # RMU-STAKE-3: a stake beheads nobody
        # more people than a CS cloud's list holds (RMU-EXP-16)
        "rmu gas --rolls 5 " + " ".join(f"--victim v{i}:0" for i in range(49)),
    )
]
REFUSALS = [
    list(step)
    for case in CASES
    if case.id.startswith("refuse-")
    for step in case.steps
    if step[0] in RULESETS
] + MORE_REFUSALS


@pytest.mark.parametrize("argv", REFUSALS, ids=[" ".join(a[:2]) for a in REFUSALS])
def test_a_refusal_prints_the_envelope_and_still_exits_2(argv: list[str], tmp_path: Path) -> None:
    argv = argv if "--json" in argv else [*argv, "--json"]
    result = run_cli(argv, case_env(tmp_path))
    assert result.exit_code == 2
    doc = json.loads(result.stdout)
    assert_valid(doc, " ".join(argv))
    assert doc["result"]["outcome"] == "refused"
    assert doc["result"]["rule"] == refusal_rule(result.stderr)
    assert doc["events"] == [] and doc["trace"] == [] and doc["dice"]["used"] == []


def test_refusals_cover_every_resolving_command() -> None:
    missing = resolving_commands() - {(a[0], a[1]) for a in REFUSALS}
    assert not missing, f"add a refusal of {sorted(missing)} to MORE_REFUSALS"


def test_an_encounter_refusal_prints_the_envelope(tmp_path: Path) -> None:
    env = case_env(tmp_path)
    scenario = str(Path(__file__).parents[1] / "examples" / "warehouse.toml")
    assert run_cli(["encounter", "new", "raid", "-s", scenario, "--seed", "1"], env).exit_code == 0
    result = run_cli(["encounter", "act", "raid", "Mara dances", "--json"], env)
    assert result.exit_code == 2
    doc = json.loads(result.stdout)
    assert_valid(doc, "encounter act")
    assert doc["ruleset"] == "rmu"
    assert doc["action"] == {"name": None, "text": "Mara dances"}
    assert doc["result"]["outcome"] == "refused" and doc["result"]["rule"] == "R-6"
    # A line that reads but that the state refuses keeps its declaration.
    assert run_cli(["encounter", "act", "raid", "Mara waits"], env).exit_code == 0
    result = run_cli(["encounter", "act", "raid", "Mara shoots Viktor --ap 4", "--json"], env)
    assert result.exit_code == 2, result.stderr
    doc = json.loads(result.stdout)
    assert_valid(doc, "encounter act")
    assert doc["action"]["name"] == "shoots" and doc["action"]["declaration"]["actor"] == "Mara"
    assert doc["result"]["rule"] == refusal_rule(result.stderr)


def _replayed(case_id: str, tmp_path: Path, step: int = 0) -> dict[str, Any]:
    case = next(c for c in CASES if c.id == case_id)
    out = run_case(case, tmp_path)[step]["stdout"]
    assert isinstance(out, dict)
    return out


# The outcome word of each kind of result (docs/json.md).
OUTCOMES = {
    "rmu-shoot-sks-armor-piercing": "hit",
    "rmu-shoot-half-hard-cover": "miss",
    "rmu-shoot-fumble": "fumble",
    "rmu-shoot-shielder-body-cover": "miss",
    "rmu-rapid-fire-prepare": "partial",
    "rmu-rapid-fire-two-targets": "hit",
    "rmu-suppress-dive": "hit",
    "rmu-maneuver-percentage": "partial",
    "rmu-maneuver-opposed": "success",
    "rmu-maneuver-absolute": "failure",
    "rmu-move-to-cover-suppressed": "partial",
    "rmu-move-to-cover-no-fire": "success",
    "cpr-shoot-heavy-pistol": "hit",
    "cpr-shotgun-shells-two-dodge": "hit",
    "cpr-explode-grenade-launcher": "miss",
    "cpr-suppress-one": "failure",
    "cpr-suppress-three-flags": "success",
    "cpr-explode-placed-grenade": "hit",
    "cpr-reload-shells": "done",
    "cpr-damage-melee": "hit",
}
MORE_OUTCOMES = {
    "rmu throw": "partial",
    "rmu flash-bang": "hit",
    "rmu explode": "hit",
    "cpr death-save": "failure",  # 3 + 2 saves + whiplash 1 = 6, not under BODY 6 (C-12)
    "cpr stabilize": "failure",  # TECH 5 + 4 + 4 = 13, not over DV 13 (C-12)
    "rmu defend": "done",  # a DB worked out, nothing rolled
    "rmu melee": "hit",  # 7 A Krush (DATA.md's Small mace)
    "rmu grapple": "hit",  # a hold taken (RMU-BITE-2)
    "rmu escape": "success",  # broke free (RMU-BITE-3)
    "rmu bite": "hit",  # the fangs lodge (RMU-BITE-3)
    "rmu stake": "hit",  # a C to the chest: staked (RMU-STAKE-2)
    "rmu gas": "hit",  # 50 + 10 - 30 = 30: Viktor chokes (RMU-EXP-16)
}


@pytest.mark.parametrize(("case_id", "word"), OUTCOMES.items())
def test_each_kind_of_result_comes_to_its_outcome_word(
    case_id: str, word: str, tmp_path: Path
) -> None:
    out = _replayed(case_id, tmp_path)
    assert out["result"]["outcome"] == word


@pytest.mark.parametrize("argv", MORE_RESOLUTIONS, ids=[" ".join(a[:2]) for a in MORE_RESOLUTIONS])
def test_each_later_kind_of_result_comes_to_its_outcome_word(
    argv: list[str], tmp_path: Path
) -> None:
    out = json.loads(run_cli(argv, case_env(tmp_path)).stdout)
    assert out["result"]["outcome"] == MORE_OUTCOMES[" ".join(argv[:2])]


def test_the_words_are_the_documented_vocabulary() -> None:
    documented = (Path(__file__).parents[1] / "docs" / "json.md").read_text(encoding="utf-8")
    for word in OUTCOME_WORDS:
        assert f"`{word}`" in documented
    schema = validator().schema
    assert isinstance(schema, dict)
    enum = schema["$defs"]["Resolved"]["properties"]["outcome"]["enum"]
    assert [*enum, "refused"] == list(OUTCOME_WORDS)


def test_the_dice_say_how_they_were_given_and_what_was_used(tmp_path: Path) -> None:
    out = _replayed("rmu-shoot-shielder-body-cover", tmp_path)
    assert out["dice"] == {
        "source": "scripted",
        "rolls": [20, 50, 50, 50],
        "used": [20, 50],
        "unused": [50, 50],
    }
    assert out["action"]["name"] == "aimed-shot"
    assert out["action"]["declaration"]["ob"] == 75


def test_a_stray_round_that_strikes_a_shielder_is_a_hit() -> None:
    stray = {"result": "miss", "hit": False, "shielder": {"name": "Pavel", "result": "hit"}}
    assert find_ruleset("rmu").outcome_word(stray) == "hit"


@pytest.mark.parametrize(
    ("summary", "word"),
    [
        ({"result": "wasted"}, "failure"),
        ({"result": "malfunction", "malfunction": {}}, "fumble"),
        ({"result": "prepared", "percent": 100}, "success"),
        ({"result": "in the open", "share_percent": 0}, "failure"),
        ({"kind": "percentage", "result": "0%", "percent": 0, "fail_to_act": True}, "failure"),
        ({"kind": "absolute", "result": "partial success"}, "partial"),
        ({"result": "cannot hit", "hit": False}, "miss"),
        ({"result": "on target", "landed": {}}, "success"),
        ({"result": "flash-bang", "victims": [{"name": "a", "steps": 0}]}, "miss"),
        ({"result": "detonation", "people": [{"name": "a", "hits": 0}]}, "miss"),
        ({"action": "moves"}, "done"),
    ],
)
def test_rmu_outcome_words(summary: dict[str, Any], word: str) -> None:
    assert find_ruleset("rmu").outcome_word(summary) == word


@pytest.mark.parametrize(
    ("summary", "word"),
    [
        ({"shots": [{"result": "miss"}, {"result": "hit"}]}, "hit"),
        ({"result": "missed", "targets": [{"result": "missed"}]}, "miss"),
        ({"must_take_cover": []}, "failure"),
        ({"action": "moves", "distance_m": 3.0}, "done"),
    ],
)
def test_cpr_outcome_words(summary: dict[str, Any], word: str) -> None:
    assert find_ruleset("cpr").outcome_word(summary) == word
