"""``cpr shoot`` and ``cpr autofire`` run without typer (firefight.cli.quick, DEC-511, DEC-561)
and say and print exactly what typer's commands say for the same command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_support import case_env, load_cases
from firefight.cli.quick import read_options, run_quickly
from firefight.rulesets.cpr.attack_options import AutofireOptions, ShootOptions
from quick_support import assert_quick_says_what_typer_says, run_quick

SHOOT = ("cpr", "shoot", "--weapon", "heavy pistol", "--ref", "7", "--skill", "6")
AUTOFIRE = ("cpr", "autofire", "--weapon", "assault rifle", "--ref", "8", "--skill", "6")
# The corpus's standalone cpr shots and bursts, text and JSON, refusals among them.
CORPUS_SHOTS = [
    step
    for case in load_cases()
    for step in case.steps
    if step[:2] in {("cpr", "shoot"), ("cpr", "autofire")} and len(case.steps) == 1
]
MORE = [
    (*SHOOT, "--distance", "18", "--armor", "11", "--rolls", "8,4,3,5,9"),
    (*SHOOT, "--distance", "18", "--armor", "11", "--rolls", "8,4,3,5,9", "--json"),
    (*SHOOT, "--distance", "18", "--seed", "3"),
    (*SHOOT, "--distance", "18", "--distance", "6", "--rolls", "9,1,2,3,8,6,6,6"),
    (*SHOOT, "--distance", "12.5", "--aim", "head", "--head-armor", "7", "--rolls", "10,6,6,6,4"),
    (*SHOOT, "--distance", "8", "--dodge", "8/7/6", "--hp", "30/35", "--rolls", "9,3,6,6,1"),
    (*SHOOT, "--distance", "8", "--wounded", "serious", "--mod", "-2:smoke", "--rolls", "5"),
    (*SHOOT, "--distance", "8", "--modifier", "smartgun-link", "--rolls", "5,1,1,1"),
    (*SHOOT, "--distance", "8", "--ammo", "armor-piercing", "--armor", "light armorjack",
     "--rolls", "9,6,6,2"),
    (*SHOOT, "--distance", "8", "--behind", "concrete thick", "--rolls", "9,6,6,2"),
    (*SHOOT, "--distance", "900", "--rolls", "5"),
    (*SHOOT, "--distance", "8", "--weapon", "no-such-gun", "--rolls", "5"),
    (*SHOOT, "--distance", "8", "--armor", "no-such-armor", "--rolls", "5", "--json"),
    (*SHOOT, "--distance", "8", "--rolls", "5,x"),
    (*AUTOFIRE, "--distance", "10", "--rolls", "9,4,4,4,3,3"),
    (*AUTOFIRE, "--distance", "10", "--rolls", "9,4,4,4,3,3", "--json"),
    (*AUTOFIRE, "--distance", "10", "--loaded", "2", "--rolls", "9,4,4,4,3,3"),
    ("cpr", "autofire", "--weapon", "heavy pistol", "--ref", "8", "--skill", "6", "--distance",
     "10", "--rolls", "9"),
]  # fmt: skip


@pytest.mark.parametrize("argv", CORPUS_SHOTS + MORE, ids=" ".join)
def test_a_quick_cpr_command_says_what_typer_says(argv: tuple[str, ...], tmp_path: Path) -> None:
    """DEC-561: the same function, the same values, so the same text, JSON, refusal and status."""
    assert_quick_says_what_typer_says(argv, case_env(tmp_path))


def test_the_benchmark_cpr_shot_and_the_corpus_shots_run_quickly(tmp_path: Path) -> None:
    env = case_env(tmp_path)
    assert run_quick(MORE[0], env)[0]
    assert run_quick(MORE[-4], env)[0]
    quick = [argv for argv in CORPUS_SHOTS if run_quick(argv, env)[0]]
    assert CORPUS_SHOTS
    assert len(quick) >= len(CORPUS_SHOTS) - 2


@pytest.mark.parametrize(
    "words",
    [("--help",), ("--ask",), ("--ref=7",), ("--distance", "1e3"), ("--aim", "HEAD"), ("x",)],
)
def test_what_typer_reads_its_own_way_is_left_to_typer(words: tuple[str, ...]) -> None:
    assert read_options(ShootOptions, (*SHOOT[2:], "--distance", "8", *words)) is None
    assert read_options(AutofireOptions, (*AUTOFIRE[2:], "--distance", "8", *words)) is None


def test_the_other_cpr_commands_go_to_typer() -> None:
    assert not run_quickly(("cpr", "reload", "--weapon", "heavy pistol"))
    assert not run_quickly(("cpr", "shoot", "--weapon", "heavy pistol", "--ref", "7"))
