"""Fuzzing the command line's existing options (issue 12): any value for any option of the
resolving commands ends in exit 0 or 2, with one line on a refusal, never a traceback; an action
refused through ``encounter act`` leaves the store byte for byte as it was."""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

from hypothesis import event, given, settings
from hypothesis import strategies as st

from hostile_support import FUZZ, WAREHOUSE, assert_clean_exit, nasty_token, run, store_bytes
from test_fuzz_lines import RMU_WORDS, lines

#: Commands that resolve at once, each with valid options to start from.
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("rmu", "shoot", "--weapon", "glock-17", "--ob", "65", "--distance", "40", "--armor", "BA II"),
    ("rmu", "suppress", "--weapon", "zastava-m85-stock", "--distance", "60", "--width", "15"),
    (
        "rmu",
        "rapid-fire",
        "--weapon",
        "zastava-m85-stock",
        "--ob",
        "70",
        "--share",
        "70",
        "--target",
        "Bob:0,40",
    ),
    ("rmu", "maneuver", "--bonus", "20"),
    (
        "cpr",
        "shoot",
        "--weapon",
        "heavy pistol",
        "--ref",
        "7",
        "--skill",
        "6",
        "--distance",
        "18",
        "--armor",
        "11",
    ),
    ("cpr", "autofire", "--weapon", "smg", "--ref", "7", "--skill", "6", "--distance", "10"),
    ("cpr", "throw", "--weapon", "knife", "--dex", "6", "--athletics", "4", "--distance", "5"),
    (
        "cpr",
        "shotgun-shells",
        "--ref",
        "7",
        "--skill",
        "6",
        "--toward",
        "5,5",
        "--target",
        "Ana:5,5",
    ),
    ("cpr", "explode", "--weapon", "grenade", "--placed", "--at", "0,0", "--target", "Ana:1,1"),
    ("cpr", "damage", "--damage", "3d6"),
    ("tables", "show", "firearm-9mm", "--ruleset", "rmu"),
)


@st.composite
def argv(draw: st.DrawFn) -> list[str]:
    args = list(draw(st.sampled_from(COMMANDS)))
    options = [i for i, a in enumerate(args) if a.startswith("--") and i + 1 < len(args)]
    for _ in range(draw(st.integers(min_value=1, max_value=2))):
        swap: bool = draw(st.booleans())
        if options and swap:
            at = draw(st.sampled_from(options)) + 1
            args[at] = draw(nasty_token())
        else:
            flag = draw(st.sampled_from([a for a in args if a.startswith("--")] or ["--x"]))
            args += [flag, draw(nasty_token())]
    return args if args[0] == "tables" else [*args, "--seed", "1"]


@settings(FUZZ, max_examples=250)
@given(args=argv())
def test_fuzz_command_options(args: list[str]) -> None:
    result = run(*args)
    assert_clean_exit(result)
    event(f"exit {result.exit_code}")


@cache
def raid_store() -> Path:
    db = Path(tempfile.mkdtemp(prefix="firefight-fuzz-cli-")) / "fights.db"
    started = run(
        "encounter",
        "new",
        "raid",
        "--scenario",
        str(WAREHOUSE),
        "--seed",
        "1",
        "--store",
        f"sqlite:///{db}",
    )
    assert started.exit_code == 0, started.stderr
    return db


@settings(FUZZ, max_examples=80)
@given(line=lines(RMU_WORDS))
def test_fuzz_encounter_act_refusals_leave_the_store_as_it_was(line: str) -> None:
    db = raid_store()
    before = store_bytes(db)
    result = run("encounter", "act", "raid", line, "--seed", "1", "--store", f"sqlite:///{db}")
    assert_clean_exit(result)
    event(f"exit {result.exit_code}")
    if result.exit_code != 0:
        assert store_bytes(db) == before
    else:
        assert run("encounter", "undo", "raid", "--store", f"sqlite:///{db}").exit_code == 0
