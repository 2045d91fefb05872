"""Behaviour unchanged (issue 10): every corpus case, replayed, keeps every recorded number.

The recording (tests/corpus/recorded.json) was written by scripts/record_corpus.py on the tree
before the ruleset refactor. A replayed step must exit as it did, name the same rule when it is
refused, and keep every number and boolean of its JSON (the shape may change and fields may be
added) or every integer of its text. A float counts as kept when a replayed one lies within
1e-12 of it (relative): numpy releases sum in other orders, changing last bits, not figures.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus_support import (
    RECORDING_FILE,
    Case,
    Json,
    load_cases,
    missing_integers,
    missing_numbers,
    refusal_rule,
    run_case,
    step_differences,
)

CASES = load_cases()
RECORDING: dict[str, list[dict[str, Json]]] = json.loads(RECORDING_FILE.read_text(encoding="utf-8"))


def test_every_case_is_recorded_and_every_recording_is_a_case() -> None:
    assert sorted(c.id for c in CASES) == sorted(RECORDING)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case_keeps_its_recorded_numbers(case: Case, tmp_path: Path) -> None:
    recorded = RECORDING[case.id]
    replayed = run_case(case, tmp_path)
    assert [s["argv"] for s in replayed] == [s["argv"] for s in recorded], "re-record the case"
    problems = [
        f"step {i + 1} {' '.join(old['argv'])}: {problem}"
        for i, (old, new) in enumerate(zip(recorded, replayed, strict=True))
        for problem in step_differences(old, new)
    ]
    assert not problems, "\n".join(problems)


# The comparison itself: each check must fail when a number changes.

SHOT = {"summary": {"roll": 77, "hits": 9, "hit": True, "p": 0.25}, "events": [{"ap": 3}]}


def test_missing_numbers_accepts_a_reshaped_document_with_more_fields() -> None:
    reshaped = {
        "ruleset": "rmu",
        "result": {"outcome": "hit", "hits": 9, "hit": True, "roll": 77, "p": 0.25, "extra": 4},
        "events": [{"ap": 3.0}],
    }
    assert missing_numbers(SHOT, reshaped) == []


def test_missing_numbers_fails_when_a_number_changes() -> None:
    changed = {"summary": {"roll": 77, "hits": 10, "hit": True, "p": 0.25}, "events": [{"ap": 3}]}
    assert missing_numbers(SHOT, changed) == ["number 9 x1"]


def test_missing_numbers_keeps_a_float_that_moved_by_one_ulp() -> None:
    # numpy releases sum in other orders: the same figure, its last bit changed, is kept.
    changed = {
        "summary": {"roll": 77, "hits": 9, "hit": True, "p": 0.25000000000000006},
        "events": [{"ap": 3}],
    }
    assert missing_numbers(SHOT, changed) == []


def test_missing_numbers_fails_when_a_float_moves_in_its_figures() -> None:
    changed = {
        "summary": {"roll": 77, "hits": 9, "hit": True, "p": 0.2500000001},
        "events": [{"ap": 3}],
    }
    assert missing_numbers(SHOT, changed) == ["number 0.25 x1"]


def test_a_near_number_matches_one_lost_number_only() -> None:
    assert missing_numbers({"p": [0.25, 0.25]}, {"p": [0.25000000000000006]}) == ["number 0.25 x1"]


def test_missing_numbers_counts_repeats() -> None:
    twice = {"a": [3, 3]}
    assert missing_numbers(twice, {"a": [3]}) == ["number 3 x1"]


def test_missing_numbers_keeps_booleans_apart_from_numbers() -> None:
    # True == 1 in Python: a lost flag must not hide behind a 1, nor a lost 1 behind a flag.
    assert missing_numbers({"hit": True}, {"hits": 1}) == ["boolean True x1"]
    assert missing_numbers({"hits": 1}, {"hit": True}) == ["number 1 x1"]
    assert missing_numbers({"hit": False}, {"hit": True}) == ["boolean False x1"]


def test_missing_integers_fails_when_a_figure_of_the_text_is_gone() -> None:
    recorded = "attack total 112 (roll 42 +70), 9 hits"
    assert missing_integers(recorded, "9 hits: total 112 = 42 + 70") == []
    assert missing_integers(recorded, "8 hits: total 112 = 42 + 70") == ["integer 9"]
    assert missing_integers("bonus -20", "bonus 20") == ["integer -20"]


def test_refusal_rule_is_the_id_the_message_names() -> None:
    assert refusal_rule("refused: RMU-GEN-4: The Glock 17 does not reach 400 ft.\n") == "RMU-GEN-4"
    assert refusal_rule("refused: C-5: Autofire needs 10 rounds loaded.") == "C-5"
    assert refusal_rule("error: unknown rmu weapon 'glock17'") is None


def _step(exit_code: int, stdout: Json, stderr: str = "") -> dict[str, Json]:
    return {"argv": ["x"], "exit_code": exit_code, "stdout": stdout, "stderr": stderr}


def test_step_differences_name_each_kind_of_change() -> None:
    assert step_differences(_step(0, SHOT), _step(0, SHOT)) == []
    assert step_differences(_step(0, SHOT), _step(1, SHOT)) == ["exit code 0 became 1"]
    assert step_differences(
        _step(2, "", "refused: RMU-GEN-4: too far"), _step(2, "", "refused: RMU-GEN-1: too far")
    ) == ["refusal rule RMU-GEN-4 became RMU-GEN-1"]
    assert step_differences(_step(0, SHOT), _step(0, "9 hits")) == ["JSON output became text"]
    assert step_differences(_step(0, "roll 77: 9 hits"), _step(0, "roll 77: 8 hits")) == [
        "integer 9"
    ]
