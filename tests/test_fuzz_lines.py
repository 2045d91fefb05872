"""Fuzzing action lines (issue 12): whatever is typed, an action resolves or is refused with one
line; nothing else escapes, and the state a refusal leaves is the state before it."""

from __future__ import annotations

from functools import cache

from hypothesis import event, given, settings
from hypothesis import strategies as st

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.errors import FirefightError
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from firefight.scene.state import EncounterState
from hostile_support import FUZZ, ROOT, nasty_token, one_line

# fmt: off
RMU_PEOPLE = ("Mara", "Viktor", "Jonah", "Lev", "Pavel", "Ilse")
RMU_VERBS = ("shoots", "moves", "waits", "reloads", "drops-prone", "stands-up", "sweeps",
             "suppresses", "empties", "prepares", "dashes", "fires rapid")
RMU_OPTIONS = ("--ap", "--aim", "--mod", "--at", "--prepared", "--bearing", "--width",
               "--distance", "--dive", "--stand", "--with", "--ammo", "--situation", "--extra")
CPR_PEOPLE = ("V", "Juno", "Rook", "Mei")
CPR_VERBS = ("shoots", "autofires", "throws grenade at", "moves", "reloads", "suppresses",
             "shoots shells at")
CPR_OPTIONS = ("--aim", "--from", "--move-between", "--twice", "--unseen", "--with", "--fire",
               "--bonus", "--mod")
#: Values that are right for some option, so that many lines get past the reading.
FAIR_VALUES = ("1", "2", "3", "head", "leg", "10,10", "-8,6", "20", "30 ft", "-2:smoke",
               "hollowpoint", "90")
# fmt: on
#: Lines that resolve in the opened scene; the fuzz swaps one of their words for a nasty one.
RMU_GOOD = (
    "Mara shoots Viktor --ap 3",
    "Mara shoots Viktor --ap 2 --prepared --mod -10:smoke",
    "Viktor shoots Mara --ap 3 --situation higher-ground",
    "Jonah moves 10,10",
    "Mara waits --ap 1",
    "Viktor sweeps 30 ft wide 30 ft toward 0,0 --ap 3",
    "Viktor sweeps 30 ft wide 20 ft out --bearing 200 --dive Mara",
    "Viktor prepares rapid fire at Mara",
    "Mara dashes to cover crates --from Viktor",
    "Mara reloads --ammo hollowpoint",
)
CPR_GOOD = (
    "V shoots Rook",
    "V shoots Rook --aim head --mod 2:luck",
    "Rook autofires V",
    "Juno moves 10,10",
    "Rook suppresses",
    "V shoots Rook --twice",
)


def swapped(good: tuple[str, ...]) -> st.SearchStrategy[str]:
    """A line that resolves, or the same with one word swapped for a nasty token."""

    @st.composite
    def build(draw: st.DrawFn) -> str:
        words = draw(st.sampled_from(good)).split()
        if draw(st.booleans()):
            words[draw(st.integers(min_value=0, max_value=len(words) - 1))] = draw(nasty_token())
        return " ".join(words)

    return build()


RMU_WORDS = (*RMU_PEOPLE, *RMU_VERBS, *RMU_OPTIONS, "at", "to", "head")
CPR_WORDS = (*CPR_PEOPLE, *CPR_VERBS, *CPR_OPTIONS, "at", "to", "head", "leg")


def declared(
    people: tuple[str, ...], verbs: tuple[str, ...], options: tuple[str, ...]
) -> st.SearchStrategy[str]:
    """A line shaped like a real one (actor, verb, maybe a target, options), with any of its
    parts possibly nasty: these get past the reading and into the rules."""
    fair = st.sampled_from(FAIR_VALUES)
    value = st.one_of(fair, fair, fair, nasty_token())
    person = st.sampled_from(people)
    target = st.one_of(st.just(""), person, person, person, value)
    option = st.tuples(st.sampled_from(options), value).map(" ".join)
    return st.tuples(
        st.sampled_from(people),
        st.sampled_from(verbs),
        target,
        st.one_of(st.just(""), st.just(""), option),
    ).map(lambda parts: " ".join(p for p in parts if p))


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
@given(
    line=st.one_of(
        swapped(RMU_GOOD), lines(RMU_WORDS), declared(RMU_PEOPLE, RMU_VERBS, RMU_OPTIONS)
    ),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_fuzz_rmu_action_lines(line: str, seed: int) -> None:
    attempt("warehouse.toml", line, seed)


@settings(FUZZ, max_examples=1700)
@given(
    line=st.one_of(
        swapped(CPR_GOOD), lines(CPR_WORDS), declared(CPR_PEOPLE, CPR_VERBS, CPR_OPTIONS)
    ),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_fuzz_cpr_action_lines(line: str, seed: int) -> None:
    attempt("night-market.toml", line, seed)
