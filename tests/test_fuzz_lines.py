"""Fuzzing action lines (issue 12): whatever is typed, an action resolves or is refused with one
line; nothing else escapes, and the state a refusal leaves is the state before it."""

from __future__ import annotations

from functools import cache

from hypothesis import event, given, settings
from hypothesis import strategies as st

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.encounter.state import EncounterState
from firefight.errors import FirefightError
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from hostile_support import FUZZ, ROOT, nasty_token, one_line

RMU_WORDS = (
    "Mara",
    "Viktor",
    "Jonah",
    "Lev",
    "Pavel",
    "Ilse",
    "shoots",
    "moves",
    "waits",
    "reloads",
    "drops-prone",
    "stands-up",
    "sweeps",
    "suppresses",
    "empties",
    "prepares",
    "dashes",
    "fires",
    "rapid",
    "at",
    "to",
    "head",
    "--ap",
    "--aim",
    "--mod",
    "--at",
    "--prepared",
    "--bearing",
    "--width",
    "--distance",
    "--dive",
    "--stand",
    "--with",
    "--ammo",
    "--situation",
    "--extra",
)
CPR_WORDS = (
    "V",
    "Juno",
    "Rook",
    "Mei",
    "shoots",
    "autofires",
    "throws",
    "moves",
    "waits",
    "reloads",
    "suppresses",
    "dashes",
    "under-fire",
    "clears",
    "at",
    "to",
    "--aim",
    "head",
    "leg",
    "--from",
    "--move-between",
    "--twice",
    "--unseen",
    "--with",
    "--fire",
    "--bonus",
    "--mod",
)


@cache
def opened(example: str) -> tuple[EncounterState, Ruleset]:
    scenario = load_scenario(ROOT / "examples" / example)
    ruleset = find_ruleset(scenario.ruleset)
    state = engine.open_fight(initial_state(scenario), ruleset, Dice.seeded(1)).state
    return state, ruleset


def lines(words: tuple[str, ...]) -> st.SearchStrategy[str]:
    token = st.one_of(st.sampled_from(words), st.sampled_from(words), nasty_token())
    built = st.lists(token, min_size=0, max_size=8).map(" ".join)
    return st.one_of(built, built, st.text(max_size=60))


def attempt(example: str, line: str, seed: int) -> None:
    state, ruleset = opened(example)
    try:
        resolution = engine.act(state, line, ruleset, Dice.seeded(seed))
    except FirefightError as exc:
        one_line(str(exc))
        assert opened(example)[0] is state  # a refusal changed nothing
        event("refused")
        return
    event("resolved")
    assert resolution.record.kind == "action"


@settings(FUZZ, max_examples=2300)
@given(line=lines(RMU_WORDS), seed=st.integers(min_value=0, max_value=2**31))
def test_fuzz_rmu_action_lines(line: str, seed: int) -> None:
    attempt("warehouse.toml", line, seed)


@settings(FUZZ, max_examples=1700)
@given(line=lines(CPR_WORDS), seed=st.integers(min_value=0, max_value=2**31))
def test_fuzz_cpr_action_lines(line: str, seed: int) -> None:
    attempt("night-market.toml", line, seed)
