"""Every odds query bounded: repeated rolls conditioned on acceptance, the generic engine's
path limit, the exact method's fallback to sampling (DEC-471) and the M2HB's outcomes merged by
what happened to the target (DEC-470)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import pytest

from firefight.declarations import declare
from firefight.dice import Dice
from firefight.errors import FirefightError
from firefight.limits import LimitError
from firefight.odds.api import (
    FALLBACK_SAMPLES,
    GENERIC_CHECKPOINTS,
    ActionOdds,
    odds,
    register,
)
from firefight.odds.blas import one_blas_thread
from firefight.odds.sweep import auto_workers
from firefight.outcome import Outcome, ResolvedWord, Result
from firefight.probability.enumeration import enumerate_outcomes
from firefight.rulesets.cpr.attack import RangedAttack, Shot, resolve_ranged_attack
from firefight.rulesets.cpr.combatants import Target
from firefight.rulesets.cpr.odds.shot import CPR_STATS, cpr_default_data, cpr_exact, cpr_key
from firefight.rulesets.cpr.wounds import Health
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.rmu.fire_options import RapidFireOptions
from firefight.rulesets.rmu.odds.shot import aimed_shot_exact, aimed_shot_stats_batch
from firefight.rulesets.rmu.odds.views import SHOT_STATS
from firefight.rulesets.rmu.shot import AimedShot
from firefight.trace import Trace

CPR = cpr_default_data()


def _until_odd(dice: Dice) -> tuple[int, int]:
    """A d4 first, then a d6 rolled until odd: the loop sits after other dice."""
    first = dice.die(4, "d4").total
    n = 0
    while True:
        n += 1
        face = dice.pool_try(1, 6, "d6 until odd", n).total
        if face % 2:
            return first, face


def test_a_repeated_roll_is_conditioned_on_the_accepted_try() -> None:
    """Rolling until odd gives 1, 3 and 5 a third each, whatever came before."""
    found = enumerate_outcomes(_until_odd, key=lambda r: r)
    assert len(found) == 12
    for p in found.probabilities.values():
        assert p == pytest.approx(float(Fraction(1, 12)), abs=1e-15)
    assert found.cut_off == 0.0


def _injured(*injuries: str, shots: int = 1) -> RangedAttack:
    target = Target(body_sp=4, health=Health(hp=30, max_hp=40), injuries=injuries)
    return RangedAttack(
        weapon="heavy-pistol",
        ref=8,
        skill=7,
        shots=tuple(Shot(distance_m=8, target=target) for _ in range(shots)),
    )


@pytest.mark.parametrize(
    "suffered", [("dismembered-arm",), ("dismembered-arm", "broken-ribs")], ids=["one", "two"]
)
def test_c_4_generic_engine_conditions_the_injury_reroll_and_equals_the_fast_path(
    suffered: tuple[str, ...],
) -> None:
    """C-4: an injury already suffered is rolled again. The generic engine, which answered 1
    to every die and so rerolled for ever, now conditions on a new injury and agrees with the
    class enumeration outcome by outcome."""
    known = {i.key for rows in CPR.injuries.rows.values() for i in rows.values()}
    assert set(suffered) <= known
    action = _injured(*suffered)
    slow = enumerate_outcomes(
        lambda dice: resolve_ranged_attack(action, dice, CPR), key=cpr_key, depth=0
    )
    fast = cpr_exact(action, CPR)
    assert set(slow.probabilities) == set(fast.probabilities)
    for view, p in slow.items():
        assert fast.probabilities[view] == pytest.approx(p, abs=1e-12)
    assert slow.mass == pytest.approx(1.0, abs=1e-12)


def test_the_generic_engine_stops_at_its_path_limit_naming_the_way_out() -> None:
    action = _injured("dismembered-arm")
    with pytest.raises(LimitError, match="monte-carlo"):
        enumerate_outcomes(
            lambda dice: resolve_ranged_attack(action, dice, CPR),
            key=cpr_key,
            depth=0,
            max_paths=50,
        )


def test_exact_without_a_fast_path_samples_when_the_tree_is_large() -> None:
    """DEC-471: two cpr shots have no fast path and too many dice paths for a second; the
    answer is Monte Carlo, says so, and agrees with the generic engine's per-shot odds."""
    action = _injured("dismembered-arm", shots=2)
    found = odds(None, action, samples=10**6)
    assert found.method == "monte carlo"
    assert found.samples == FALLBACK_SAMPLES
    one = cpr_exact(_injured("dismembered-arm"), CPR)
    p_miss = CPR_STATS[0]
    assert p_miss.name == "p_miss"
    both = one.expected(p_miss.read) ** 2  # the two shots roll apart; a miss is both missing
    error = math.sqrt(both * (1 - both) / FALLBACK_SAMPLES)
    assert abs(found.expected(p_miss.read) - both) <= 5 * error


@dataclass(frozen=True)
class _Pool:
    """A toy action with no fast path: ``count`` d6 summed."""

    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class _Total(Result):
    total: int

    @property
    def outcome(self) -> ResolvedWord:
        return "done"


def _pool_scalar(state: object, action: _Pool) -> Callable[[Dice], Outcome]:
    def run(dice: Dice) -> Outcome:
        total = dice.pool(action.count, 6, "pool").total
        return Outcome(events=(), trace=Trace(), result=_Total(total=total))

    return run


register(
    ActionOdds(
        ruleset="toy",
        name="pool",
        action_type=_Pool,
        scalar=_pool_scalar,
        key=lambda outcome: outcome.result.total,
        stats=(),
    )
)


def test_exact_with_a_small_tree_still_enumerates() -> None:
    """DEC-471: a tree that fits the budget stays exact; one far past it is sampled at once,
    judged by the share of probability the first paths covered."""
    small = odds(None, _Pool(2))
    assert small.method == "exact"
    assert small.probabilities[7] == pytest.approx(1 / 6, abs=1e-15)
    big = odds(None, _Pool(9), seed=3)  # 6**9 paths
    assert big.method == "monte carlo"
    assert big.samples == FALLBACK_SAMPLES


M2HB = AimedShot(weapon="m2hb", ob=80, distance_ft=100, strength_bonus=5)


def test_rmu_tri_2_dec_470_m2hb_outcomes_are_merged_by_what_the_target_suffered() -> None:
    """RMU-TRI-2 and DEC-470: the recoil's outcomes are kept only as whether it hit and its
    critical's severity, so the unbraced M2HB lists hundreds of outcomes, not 119,880, and no
    two likeliest rows read the same for the target and the recoil alike."""
    found = aimed_shot_exact(M2HB)
    assert len(found) < 5_000
    assert found.mass + found.cut_off == pytest.approx(1.0, abs=1e-12)
    for view in found.probabilities:
        assert view.recoil is not None
        assert view.recoil.location is None and view.recoil.total_hits == 0
    top = [view for view, _ in found.most_likely(10)]
    assert len(set(top)) == len(top)


def test_rmu_tri_2_dec_470_merging_keeps_every_headline_stat() -> None:
    """The merge changes the list of outcomes, not what they add up to: the stats equal those
    of the same shot with the recoil's outcomes dropped from the key altogether."""
    found = aimed_shot_exact(M2HB)
    bare: dict[object, float] = {}
    for view, p in found.items():
        key = view._replace(recoil=None)
        bare[key] = bare.get(key, 0.0) + p
    for stat in SHOT_STATS:
        merged = found.expected(stat.read)
        dropped = sum(stat.read(v) * p for v, p in bare.items())
        assert merged == pytest.approx(dropped, abs=1e-12), stat.name


def test_rmu_tri_2_unbraced_shots_in_a_batch_equal_one_at_a_time() -> None:
    """RMU-TRI-2: a sweep reads the unbraced M2HB as rows per recoil shift, weighed by their
    chances (one matrix product for them all); each equals the shot worked out alone."""
    shots = [
        AimedShot(weapon="m2hb", ob=ob, distance_ft=100, armor=armor)
        for ob in (0, 80, 150)
        for armor in ("AT 1", "BA II")
    ]
    batch = aimed_shot_stats_batch(shots)
    for shot, row in zip(shots, batch, strict=True):
        assert not isinstance(row, FirefightError)
        alone = aimed_shot_exact(shot)
        assert row == pytest.approx([alone.expected(s.read) for s in SHOT_STATS], abs=1e-12)


def test_sweeps_go_to_workers_only_when_the_work_pays_for_their_start() -> None:
    glock = AimedShot(weapon="glock-17", ob=0, distance_ft=40)
    assert auto_workers(glock, 7_840, "exact", 0, 2) == 0
    assert auto_workers(glock, 7_840, "monte-carlo", 100_000, 2) == 2
    assert auto_workers(glock, 10, "monte-carlo", 100_000, 2) == 0
    assert auto_workers(glock, 7_840, "monte-carlo", 100_000, 1) == 0


def test_a_sweep_multiplies_on_one_blas_thread() -> None:
    threadpoolctl = pytest.importorskip("threadpoolctl")
    with one_blas_thread():
        for pool in threadpoolctl.threadpool_info():
            if pool["user_api"] == "blas":
                assert pool["num_threads"] == 1


def test_dec_471_generic_refuses_at_once_a_walk_projected_far_past_its_limit() -> None:
    """DEC-471, DEC-661: `--method generic` walks up to 200,000 paths, but a tree estimated at
    more than ten times that (a gurps turn of many shots: 195 s here before the refusal) is
    refused after the first 500 paths, naming the way out."""
    walked: list[float] = []
    with pytest.raises(LimitError, match="monte-carlo"):
        odds(None, _Pool(9), method="generic", progress=walked.append)  # 6**9 paths
    assert len(walked) <= 501
    # A tree estimated within its limit is walked to its end.
    assert odds(None, _Pool(6), method="generic").method == "exact"  # 46,656 paths


def _counted(run: Callable[[Dice], Outcome], runs: list[int]) -> Callable[[Dice], Outcome]:
    def counting(dice: Dice) -> Outcome:
        runs.append(1)
        return run(dice)

    return counting


def test_dec_661_two_cpr_shots_are_refused_long_before_the_path_limit() -> None:
    """DEC-661: two cpr shots (about 1.2 million paths) walked all 200,000 paths of the limit,
    81 s here, because the share of probability the first paths covered projected about
    100,000. Random paths judge the tree instead, and the walk is refused after far fewer
    resolver runs (walked and random alike), naming the way out."""
    pair = RangedAttack(
        weapon="medium-pistol",
        ref=7,
        skill=6,
        shots=(Shot(distance_m=10, target=Target()), Shot(distance_m=10, target=Target())),
    )
    walked: list[float] = []
    with pytest.raises(LimitError, match=r"estimated from [\d,]+ random ones.*monte-carlo"):
        odds(None, pair, method="generic", progress=walked.append)
    assert len(walked) <= 8_000
    runs: list[int] = []
    with pytest.raises(LimitError):
        enumerate_outcomes(
            _counted(lambda dice: resolve_ranged_attack(pair, dice, CPR), runs),
            key=cpr_key,
            checkpoints=GENERIC_CHECKPOINTS,
        )
    assert len(runs) <= 10_000  # 200,000 before


@pytest.mark.parametrize(
    ("action", "paths"),
    [
        # The share covered overrated these trees: 48 times (a gurps sling shot; its first
        # paths follow a critical success) and 20 times (the preparation at depth 1).
        (declare(Shoot, weapon="sling", skill=11, distance=4, aim=1, dr=1), 5_781),
        (
            declare(RapidFireOptions, weapon="zastava-m85-stock", prepare=True, skill=30).build(),
            27_275,
        ),
        # An rmu shot at depth 1: judged at all three checkpoints, and still walked.
        (AimedShot(weapon="glock-17", ob=65, distance_ft=40), 51_357),
    ],
    ids=["gurps-sling", "rmu-preparation", "rmu-shot"],
)
def test_dec_661_generic_still_finishes_every_walk_within_its_limit(
    action: object, paths: int
) -> None:
    """DEC-661: the judgement does not refuse a walk that would have finished."""
    found = odds(None, action, method="generic", depth=1)
    assert (found.method, found.paths) == ("exact", paths)
