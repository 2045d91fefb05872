"""The ruleset-free parts of the odds layer: the generic exact engine, the open-ended vector,
generic Monte Carlo and sweeps on executors (RMU-GEN-2, RULINGS D-1, D-2)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pytest

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.odds.sweep import grid_points, sweep
from firefight.outcome import Happened, Outcome
from firefight.probability.enumeration import CHAIN_PURPOSE_SUFFIX, enumerate_outcomes, result_key
from firefight.probability.montecarlo import simulate
from firefight.probability.openended import chain_sums, open_ended
from firefight.rulesets.rmu.shot import AimedShot
from firefight.trace import Step, Trace
from odds_support import loopback_cluster


def _total(dice: Dice, *, low_end: bool) -> int:
    return dice.d100_open_ended("test roll", low_end=low_end).total


@pytest.mark.parametrize("low_end", [False, True])
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_rmu_gen_2_open_ended_vector_equals_the_generic_enumeration(
    depth: int, low_end: bool
) -> None:
    """RMU-GEN-2 / D-1 / D-2: the convolution vector is the enumeration of every face path,
    to 1e-12, with the same probability cut off past ``depth`` rerolls."""
    generic = enumerate_outcomes(
        lambda dice: _total(dice, low_end=low_end), key=lambda t: t, depth=depth
    )
    fast = open_ended(depth, low_end=low_end)
    assert set(generic.probabilities) <= set(range(fast.low, fast.high + 1))
    for total in range(fast.low, fast.high + 1):
        assert generic.probabilities.get(total, 0.0) == pytest.approx(
            float(fast.p[fast.index(total)]), abs=1e-12
        )
    opening = 0.1 if low_end else 0.05
    assert generic.cut_off == pytest.approx(opening * 0.05**depth, abs=1e-15)
    assert fast.cut_off == pytest.approx(generic.cut_off, abs=1e-15)
    assert generic.mass + generic.cut_off == pytest.approx(1.0, abs=1e-12)


def test_d1_book_chains_are_among_the_enumerated_totals() -> None:
    """D-1: 99, 96, 04 -> 199 and 04, 97, 03 -> -96 (two rerolls deep)."""
    roll = open_ended(2, low_end=True)
    assert roll.p[roll.index(199)] > 0
    assert roll.p[roll.index(-96)] > 0
    # 199 = 99 + 96 + 4 or any other chain summing the same: 1/100 per face.
    assert roll.p[roll.index(50)] == pytest.approx(0.01)


def test_d2_attack_roll_high_end_only_never_goes_below_one() -> None:
    """D-2: an RMU attack roll is open at the high end only."""
    roll = open_ended(3)
    assert roll.low == 1
    assert float(roll.p.sum()) + roll.cut_off == pytest.approx(1.0, abs=1e-15)


def test_chain_sums_of_one_reroll_are_the_faces_below_96() -> None:
    chain = chain_sums(1)
    assert list(chain[1:96]) == [0.01] * 95
    assert not chain[96:].any()


def test_generic_engine_is_exact_on_a_pool() -> None:
    dist = enumerate_outcomes(lambda dice: dice.pool(3, 6, "3d6").total, key=lambda t: t)
    assert dist.paths == 216
    assert dist.cut_off == 0.0
    assert dist.probabilities[10] == float(Fraction(27, 216))
    assert dist.mass == pytest.approx(1.0, abs=1e-15)


def test_generic_engine_counts_a_resolver_that_rolls_nothing_as_one_path() -> None:
    dist = enumerate_outcomes(lambda dice: "certain", key=lambda r: r)
    assert dist.probabilities == {"certain": 1.0}
    assert dist.paths == 1


def test_generic_engine_merges_paths_with_the_same_key() -> None:
    dist = enumerate_outcomes(lambda dice: dice.die(6, "d6").total % 2, key=lambda r: r)
    assert dist.probabilities == {1: 0.5, 0: 0.5}
    assert dist.paths == 6


def test_generic_engine_follows_dice_that_depend_on_earlier_dice() -> None:
    """A second die only on a 6: P(total 12) = 1/36, P(total 5) = 1/6."""

    def run(dice: Dice) -> int:
        first = dice.die(6, "first").total
        return first + dice.die(6, "bonus").total if first == 6 else first

    dist = enumerate_outcomes(run, key=lambda t: t)
    assert dist.paths == 11
    assert dist.probabilities[12] == pytest.approx(1 / 36)
    assert dist.probabilities[5] == pytest.approx(1 / 6)


def test_generic_engine_recognises_chains_by_the_purpose_dice_gives_them() -> None:
    seen: list[str] = []

    class Spy:
        def face(self, sides: int, purpose: str) -> int:
            seen.append(purpose)
            return 97 if len(seen) == 1 else 10

    Dice(Spy()).d100_open_ended("attack roll")
    assert seen[1].endswith(CHAIN_PURPOSE_SUFFIX)


def test_refusal_before_any_die_is_raised_unchanged() -> None:
    def refuse(dice: Dice) -> int:
        raise RuleRefusal("RMU-GEN-1", "Not enough AP.")

    with pytest.raises(RuleRefusal) as caught:
        enumerate_outcomes(refuse, key=lambda r: r)
    assert (caught.value.rule, caught.value.reason) == ("RMU-GEN-1", "Not enough AP.")


def test_result_key_is_canonical_json_without_the_trace() -> None:
    done = Happened(action="waits", headline="Mara waits.")
    a = Outcome(events=(), trace=Trace(entries=()), result=done)
    b = Outcome(events=(), trace=Trace(entries=(Step(text="x"),)), result=done)
    expected = '{"action":"waits","headline":"Mara waits.","outcome":"done"}'
    assert result_key(a) == result_key(b) == expected


def _six(dice: Dice) -> bool:
    return dice.die(6, "d6").total == 6


def test_generic_monte_carlo_is_seeded_and_independent_of_the_executor() -> None:
    alone = simulate(_six, key=bool, samples=6000, seed=3, tasks=4)
    with ThreadPoolExecutor(2) as pool:
        threads = simulate(_six, key=bool, samples=6000, seed=3, tasks=4, executor=pool)
    assert alone.probabilities == threads.probabilities
    p = 1 / 6
    assert abs(alone.probabilities[True] - p) <= 5 * math.sqrt(p * (1 - p) / 6000)


def test_grid_points_vary_the_last_parameter_fastest() -> None:
    assert grid_points({"x": [1, 2], "y": "ab"}) == [(1, "a"), (1, "b"), (2, "a"), (2, "b")]


Values = tuple[tuple[float | None, ...] | None, ...]


def _same(a: Values, b: Values) -> None:
    """Equal to 1e-12: chunks of different sizes sum in different orders."""
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        assert x is not None and y is not None
        assert x == pytest.approx(y, abs=1e-12)


GRID: dict[str, Sequence[object]] = {
    "weapon": ["glock-17", "sks-46"],
    "armor": ["AT 1", "BA II"],
    "ob": [0, 60, 120],
}
BASE = AimedShot(weapon="glock-17", ob=0, distance_ft=60)


def test_sweep_on_a_process_pool_equals_the_sweep_in_process() -> None:
    here = sweep(BASE, GRID)
    with ProcessPoolExecutor(2) as pool:
        there = sweep(BASE, GRID, executor=pool, chunk_points=3)
    _same(there.values, here.values)
    assert len(here.values) == 12
    assert here.points[0] == ("glock-17", "AT 1", 0)


def test_sweep_keeps_a_refusal_in_place_of_numbers() -> None:
    """RMU-GEN-4: the Glock does not reach 400 ft; that point is refused, the others are not."""
    result = sweep(BASE, {"distance_ft": [60.0, 400.0]})
    assert result.values[0] is not None
    assert result.values[1] is None
    refusal = result.refusals[1]
    assert refusal is not None and refusal.startswith("RMU-GEN-4:")


@pytest.mark.slow
def test_sweep_on_a_dask_local_cluster_equals_the_sweep_in_process() -> None:
    """The Dask path: a one-worker cluster on loopback, closed when done."""
    distributed = pytest.importorskip("distributed")
    here = sweep(BASE, GRID)
    with loopback_cluster() as cluster, distributed.Client(cluster) as client:
        there = sweep(BASE, GRID, executor=client.get_executor(), chunk_points=4)
    _same(there.values, here.values)
