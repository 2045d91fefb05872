"""Whole fights, run many times: who wins, how many rounds, when each fighter goes down.

A fight needs decisions the rules do not make, so :func:`fight_once` plays every combatant by
one plain policy and says so: in each round, in initiative order, a fighter who can act shoots
the nearest enemy it can (``NAME shoots TARGET``), reloads when no shot is allowed, and
otherwise waits; bystanders do nothing. The rules themselves -- what a shot does, upkeep,
bleeding, stun, initiative -- are the ruleset's, run through the encounter engine exactly as
``firefight encounter`` runs them (the same pure functions the encounter service calls, without
a store: nothing here is saved). A fight ends when at most one side still has anyone able to
act, or after ``max_rounds``.

Fights are independent and seeded (:func:`firefight.probability.montecarlo.simulate`), so they
run on any executor: processes locally, a Dask cluster for many.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import Scenario, initial_state, load_scenario
from firefight.errors import FirefightError
from firefight.limits import MAX_FIGHTS, MAX_ROUNDS, at_most
from firefight.probability.distribution import Distribution
from firefight.probability.montecarlo import simulate
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from firefight.scene.state import CombatantState, EncounterState

__all__ = ["FightResult", "FightSummary", "fight_once", "simulate_fights"]

#: What the policy tries, in order, on a fighter's turn.
POLICY = "shoot the nearest enemy it can; else reload; else wait"


@dataclass(frozen=True, slots=True, kw_only=True)
class FightResult:
    """One fight: the side left standing (None when nobody or several are), the rounds it
    took, and the round each fighter who went down was first unable to act."""

    winner: str | None
    rounds: int
    down: tuple[tuple[str, int], ...]


def _able(c: CombatantState) -> bool:
    return c.can_act and not c.bystander


def _sides_standing(state: EncounterState) -> set[str]:
    return {c.side for c in state.combatants if _able(c)}


def _distance(a: CombatantState, b: CombatantState) -> float:
    return math.hypot(a.position.x_ft - b.position.x_ft, a.position.y_ft - b.position.y_ft)


def _turn(
    state: EncounterState, name: str, ruleset: Ruleset, dice: Dice, *, quiet: bool
) -> EncounterState:
    me = state.combatant(name)
    enemies = sorted(
        (c for c in state.combatants if _able(c) and c.side != me.side),
        key=lambda c: _distance(me, c),
    )
    tries = [f"{_quote(name)} shoots {_quote(e.name)}" for e in enemies]
    tries += [f"{_quote(name)} reloads", f"{_quote(name)} waits"]
    for text in tries:
        try:
            if quiet:
                action = ruleset.parse_action(text, state)
                return engine.act_quietly(state, action, ruleset, dice)
            return engine.act(state, text, ruleset, dice).state
        except FirefightError:
            continue
    return state


def _quote(name: str) -> str:
    return f'"{name}"' if " " in name else name


def fight_once(
    scenario: Scenario, dice: Dice, *, max_rounds: int = 20, quiet: bool = True
) -> FightResult:
    """Play one fight of ``scenario`` by the policy (see the module docstring).

    ``quiet`` (the default) runs the engine's quiet functions
    (:func:`~firefight.encounter.engine.act_quietly` ...): the same rules and dice, no log
    records; ``quiet=False`` builds every record as ``firefight encounter`` does, and plays the
    same fight from the same dice.
    """
    ruleset = find_ruleset(scenario.ruleset)
    if quiet:
        state = engine.open_fight_quietly(initial_state(scenario), ruleset, dice)
    else:
        state = engine.open_fight(initial_state(scenario), ruleset, dice).state
    down: dict[str, int] = {}
    while True:
        for group in state.initiative:
            for name in group:
                if len(_sides_standing(state)) <= 1:
                    break
                if _able(state.combatant(name)):
                    state = _turn(state, name, ruleset, dice, quiet=quiet)
        for c in state.combatants:
            if not c.bystander and not c.can_act and c.name not in down:
                down[c.name] = state.round
        standing = _sides_standing(state)
        if len(standing) <= 1 or state.round >= max_rounds:
            winner = next(iter(standing)) if len(standing) == 1 else None
            return FightResult(winner=winner, rounds=state.round, down=tuple(sorted(down.items())))
        if quiet:
            state = engine.next_round_quietly(state, ruleset, dice)
        else:
            state = engine.next_round(state, ruleset, dice).state


@cache
def _scenario(path: str) -> Scenario:
    return load_scenario(path)


def _play(path: str, max_rounds: int, dice: Dice) -> FightResult:
    return fight_once(_scenario(path), dice, max_rounds=max_rounds)


def _same(result: FightResult) -> FightResult:
    return result


@dataclass(frozen=True, slots=True, kw_only=True)
class FightSummary:
    """What many fights came to."""

    fights: int
    distribution: Distribution[FightResult]
    fighters: tuple[str, ...]

    def winners(self) -> dict[str | None, float]:
        out: Counter[str | None] = Counter()
        for result, p in self.distribution.items():
            out[result.winner] += p  # type: ignore[assignment]
        return dict(out)

    def rounds(self) -> dict[int, float]:
        out: Counter[int] = Counter()
        for result, p in self.distribution.items():
            out[result.rounds] += p  # type: ignore[assignment]
        return dict(sorted(out.items()))

    def down_rounds(self, name: str) -> tuple[dict[int, int], int]:
        """Fights by the round ``name`` went down, and fights where they never did."""
        counts: Counter[int] = Counter()
        never = 0
        for result, p in self.distribution.items():
            n = round(p * self.fights)
            when = dict(result.down).get(name)
            if when is None:
                never += n
            else:
                counts[when] += n
        return dict(sorted(counts.items())), never


def simulate_fights(
    path: Path | str,
    *,
    fights: int,
    seed: int = 0,
    max_rounds: int = 20,
    executor: Executor | None = None,
    progress: Callable[[float], None] | None = None,
) -> FightSummary:
    """Play ``fights`` fights of the scenario at ``path``, seeded; ``progress`` is told the
    share played."""
    at_most("fights", fights, MAX_FIGHTS)
    at_most("max rounds", max_rounds, MAX_ROUNDS)
    scenario = _scenario(str(path))
    fighters = tuple(
        c["name"] for c in scenario.data.get("combatant", []) if not c.get("bystander")
    )
    dist = simulate(
        partial(_play, str(path), max_rounds),
        key=_same,
        samples=fights,
        seed=seed,
        executor=executor,
        tasks=8 if executor is not None else 1,
        progress=progress,
    )
    return FightSummary(fights=fights, distribution=dist, fighters=fighters)
