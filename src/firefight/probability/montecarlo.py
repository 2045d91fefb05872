"""Generic Monte Carlo: run any scalar resolver (or a whole scenario) many times, seeded.

For anything without a vectorized kernel -- a whole fight, an action whose dice depend on
earlier dice in ways no fast path models -- :func:`simulate` calls ``run`` once per sample with
:class:`~firefight.dice.SeededSource` dice and counts the keys of the results. Samples are split
into tasks, each with its own seed derived from ``seed`` and the task's number, so the counts
depend only on ``seed``, ``samples`` and ``tasks`` -- not on the executor or how many workers
it has. With an executor the tasks run there (processes by default on the command line);
``run`` and ``key`` must then be picklable (module-level functions or
:func:`functools.partial` of them).

>>> d = simulate(lambda dice: dice.die(6, "d6").total >= 5, key=bool, samples=600, seed=1)
>>> d.method, d.samples, round(d.probabilities[True], 2)
('monte carlo', 600, 0.33)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, as_completed
from typing import TypeVar

from firefight.dice import Dice, SeededSource
from firefight.limits import MAX_SAMPLES, at_most
from firefight.probability.distribution import Distribution

__all__ = ["simulate", "task_seed"]

R = TypeVar("R")
K = TypeVar("K", bound=Hashable)


def task_seed(seed: int, task: int) -> int:
    """The seed of task ``task`` of a run seeded ``seed`` (distinct for every pair).

    >>> task_seed(7, 0) != task_seed(7, 1) != task_seed(8, 0)
    True
    """
    return seed * 1_000_003 + task


def _run_task(
    run: Callable[[Dice], R],
    key: Callable[[R], K],
    count: int,
    seed: int,
    tick: Callable[[], None] | None = None,
) -> Counter[K]:
    dice = Dice(SeededSource(seed))
    if tick is None:
        return Counter(key(run(dice)) for _ in range(count))
    found: Counter[K] = Counter()
    for _ in range(count):
        found[key(run(dice))] += 1
        tick()
    return found


def simulate(
    run: Callable[[Dice], R],
    *,
    key: Callable[[R], K],
    samples: int,
    seed: int = 0,
    executor: Executor | None = None,
    tasks: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> Distribution[K]:
    """Sample ``key(run(dice))`` ``samples`` times and return the observed distribution.

    ``progress`` is told the share of samples done: after each sample in this process, after
    each task on an executor.
    """
    at_most("--samples", samples, MAX_SAMPLES)
    n_tasks = max(1, min(samples, tasks if tasks is not None else (8 if executor else 1)))
    sizes = [samples // n_tasks + (1 if t < samples % n_tasks else 0) for t in range(n_tasks)]
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        assert progress is not None
        progress(done / samples)

    if executor is None:
        parts = [
            _run_task(run, key, size, task_seed(seed, t), tick if progress else None)
            for t, size in enumerate(sizes)
        ]
    else:
        futures = [
            executor.submit(_run_task, run, key, size, task_seed(seed, t))
            for t, size in enumerate(sizes)
        ]
        if progress is not None:
            for future in as_completed(futures):
                done += sizes[futures.index(future)]
                progress(done / samples)
        parts = [f.result() for f in futures]
    total: Counter[K] = Counter()
    for part in parts:
        total.update(part)
    return Distribution(
        probabilities={k: c / samples for k, c in total.items()},
        method="monte carlo",
        samples=samples,
    )
