"""A command run without typer (firefight.cli.quick, DEC-511) says and prints exactly what typer's
command says for the same command line, and leaves to typer every command line it cannot read
for certain."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_support import case_env, load_cases
from firefight.cli.quick import read_options, run_quickly
from firefight.rulesets.rmu.shot_options import ShotOptions
from quick_support import assert_quick_says_what_typer_says, run_quick

SHOOT = ("rmu", "shoot", "--weapon", "glock-17", "--ob", "70", "--distance", "40")
# The corpus's standalone rmu shots, text and JSON, refusals and errors among them.
CORPUS_SHOTS = [
    step
    for case in load_cases()
    for step in case.steps
    if step[:2] == ("rmu", "shoot") and len(case.steps) == 1
]
MORE = [
    (*SHOOT, "--rolls", "77,42"),
    (*SHOOT, "--rolls", "77,42", "--json"),
    (*SHOOT, "--rolls", "77,42,9,9"),
    (*SHOOT, "--seed", "3"),
    (*SHOOT, "--rolls", "77,x"),
    (*SHOOT, "--rolls", "77,42", "--seed", "3"),
    (*SHOOT, "--armor", "BA V", "--rolls", "50"),
    (*SHOOT, "--celerity", "99", "--rolls", "50", "--json"),
    (*SHOOT, "--situation", "prone-target", "--situation", "no-such", "--rolls", "50"),
    (*SHOOT, "--size", "large", "--mod", "-10:dusk", "--mod", "5:aim", "--rolls", "60,30"),
    ("rmu", "shoot", "--weapon", "glock-17", "--ob", "70", "--rolls", "50"),
]


@pytest.mark.parametrize("argv", CORPUS_SHOTS + MORE, ids=" ".join)
def test_a_quick_command_says_what_typer_says(argv: tuple[str, ...], tmp_path: Path) -> None:
    assert_quick_says_what_typer_says(argv, case_env(tmp_path))


def test_the_benchmark_shot_and_most_corpus_shots_run_quickly(tmp_path: Path) -> None:
    env = case_env(tmp_path)
    assert run_quick((*SHOOT, "--rolls", "77,42"), env)[0]
    quick = [argv for argv in CORPUS_SHOTS if run_quick(argv, env)[0]]
    assert len(quick) >= len(CORPUS_SHOTS) - 2


@pytest.mark.parametrize(
    "words",
    [
        ("--help",),
        ("--ask",),
        ("--ob=70",),
        ("--ob", "+70"),
        ("--ob", "070"),
        ("--distance", "1e3"),
        ("--distance", "inf"),
        ("--size", "LARGE"),
        ("--no-prepared",),
        ("--weapon", "sks-46"),
        ("extra",),
        ("--ob",),
    ],
)
def test_what_typer_reads_its_own_way_is_left_to_typer(words: tuple[str, ...]) -> None:
    """Forms typer reads (or refuses) by its own rules, a second value for a single option, a
    flag missing its value: None, so typer reads the whole command line."""
    assert read_options(ShotOptions, (*SHOOT[2:], *words)) is None


def test_a_missing_required_option_is_left_to_typer() -> None:
    assert read_options(ShotOptions, ("--weapon", "glock-17", "--ob", "70")) is None


def test_other_commands_and_rulesets_go_to_typer() -> None:
    assert not run_quickly(("rmu", "defend", "--against", "gunfire"))
    assert not run_quickly(("cpr", "shoot", "--weapon", "heavy pistol"))
    assert not run_quickly(("odds", "rmu", "shoot", *SHOOT[2:]))
    assert not run_quickly(("--help",))
