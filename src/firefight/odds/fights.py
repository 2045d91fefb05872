"""Whole fights, run many times: who wins, how many rounds, when each fighter goes down.

A fight needs decisions the rules do not make, so :func:`fight_once` plays each side by a
tactic (:mod:`firefight.scene.tactics`): the action lines a fighter tries on their turn, best
first, of which the first the rules accept is played. Each ruleset offers its tactics by name,
its default first (rmu: ``aimed``, prepared shots, clearing jams, reloading; every ruleset:
``plain``, the nearest enemy, else reload, else wait); a scenario's ``[scenario] tactics`` or
the caller chooses per side. Bystanders do nothing. The rules themselves -- what a shot does,
upkeep, bleeding, stun, initiative -- are the ruleset's, run through the encounter engine's
quiet functions (:func:`~firefight.encounter.engine.act_quietly` ...): the same pure
functions the encounter service calls, building no log records; nothing is saved. A fight ends
when at most one side still has anyone able to act, or after ``max_rounds``.

Fights are independent and seeded (:func:`firefight.probability.montecarlo.simulate`), so they
run on any executor: processes locally, a Dask cluster for many.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import Scenario, initial_state, load_scenario
from firefight.errors import FirefightError, RuleRefusal
from firefight.limits import MAX_FIGHTS, MAX_ROUNDS, at_most
from firefight.probability.distribution import Distribution
from firefight.probability.montecarlo import simulate
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.tactics import Tactic, able

__all__ = [
    "FightResult",
    "FightSummary",
    "fight_once",
    "side_tactics",
    "simulate_fights",
    "tactic_words",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class FightResult:
    """One fight: the side left standing (None when nobody or several are), the rounds it
    took, the round each fighter who went down was first unable to act, and the rounds each
    fighter's magazines lost (spent, or left in a magazine dropped for a fresh one)."""

    winner: str | None
    rounds: int
    down: tuple[tuple[str, int], ...]
    spent: tuple[tuple[str, int], ...] = ()


def _sides_standing(state: EncounterState) -> set[str]:
    return {c.side for c in state.combatants if able(c)}


def _rounds_carried(c: CombatantState) -> int:
    return sum(
        m.rounds
        for w in c.weapons
        for m in ((w.loaded,) if w.loaded is not None else ()) + w.spares
    )


def _turn(
    state: EncounterState, name: str, ruleset: Ruleset, dice: Dice, tactic: Tactic, *, quiet: bool
) -> EncounterState:
    for text in tactic(state, name):
        try:
            if quiet:
                action = ruleset.parse_action(text, state)
                return engine.act_quietly(state, action, ruleset, dice)
            return engine.act(state, text, ruleset, dice).state
        except FirefightError:
            continue
    return state


def side_tactics(scenario: Scenario, chosen: Mapping[str, str] | None = None) -> dict[str, str]:
    """The tactic's name for every side: ``chosen`` (the caller's), else the scenario's
    ``[scenario] tactics``, else the ruleset's default. Refuses a side or a tactic the
    scenario and ruleset do not know."""
    offered = find_ruleset(scenario.ruleset).fight_tactics()
    default = next(iter(offered))
    sides = sorted(
        {str(c["side"]) for c in scenario.data.get("combatant", []) if not c.get("bystander")}
    )
    given = {**scenario.data.get("scenario", {}).get("tactics", {}), **(chosen or {})}
    for side, name in given.items():
        if side not in sides:
            raise RuleRefusal(
                "DEC-474", f"No side is called {side!r} here; the sides are {', '.join(sides)}."
            )
        if name not in offered:
            raise RuleRefusal(
                "DEC-474",
                f"{scenario.ruleset} has no tactic {name!r}; it has {', '.join(offered)}.",
            )
    return {side: given.get(side, default) for side in sides}


def tactic_words(ruleset: str, name: str) -> str:
    """How a tactic is named in reports: the first line of its docstring."""
    doc = find_ruleset(ruleset).fight_tactics()[name].__doc__ or name
    return " ".join(doc.split())


def fight_once(
    scenario: Scenario,
    dice: Dice,
    *,
    max_rounds: int = 20,
    quiet: bool = True,
    tactics: Mapping[str, str] | None = None,
) -> FightResult:
    """Play one fight of ``scenario``, each side by its tactic (:func:`side_tactics` of
    ``tactics``; see the module docstring).

    ``quiet`` (the default) runs the engine's quiet functions
    (:func:`~firefight.encounter.engine.act_quietly` ...): the same rules and dice, no log
    records; ``quiet=False`` builds every record as ``firefight encounter`` does, and plays the
    same fight from the same dice.
    """
    ruleset = find_ruleset(scenario.ruleset)
    offered = ruleset.fight_tactics()
    by_side = {side: offered[name] for side, name in side_tactics(scenario, tactics).items()}
    start = initial_state(scenario)
    if quiet:
        state = engine.open_fight_quietly(start, ruleset, dice)
    else:
        state = engine.open_fight(start, ruleset, dice).state
    carried = {c.name: _rounds_carried(c) for c in start.combatants if not c.bystander}
    down: dict[str, int] = {}
    while True:
        for group in state.initiative:
            for name in group:
                if len(_sides_standing(state)) <= 1:
                    break
                me = state.combatant(name)
                if able(me):
                    tactic = by_side[me.side]
                    state = _turn(state, name, ruleset, dice, tactic, quiet=quiet)
        for c in state.combatants:
            if not c.bystander and not c.can_act and c.name not in down:
                down[c.name] = state.round
        standing = _sides_standing(state)
        if len(standing) <= 1 or state.round >= max_rounds:
            winner = next(iter(standing)) if len(standing) == 1 else None
            spent = tuple(
                sorted(
                    (c.name, carried[c.name] - _rounds_carried(c))
                    for c in state.combatants
                    if c.name in carried
                )
            )
            return FightResult(
                winner=winner, rounds=state.round, down=tuple(sorted(down.items())), spent=spent
            )
        if quiet:
            state = engine.next_round_quietly(state, ruleset, dice)
        else:
            state = engine.next_round(state, ruleset, dice).state


@cache
def _scenario(path: str) -> Scenario:
    return load_scenario(path)


def _play(
    path: str, max_rounds: int, tactics: tuple[tuple[str, str], ...], dice: Dice
) -> FightResult:
    return fight_once(_scenario(path), dice, max_rounds=max_rounds, tactics=dict(tactics))


def _same(result: FightResult) -> FightResult:
    return result


@dataclass(frozen=True, slots=True, kw_only=True)
class FightSummary:
    """What many fights came to."""

    fights: int
    distribution: Distribution[FightResult]
    fighters: tuple[str, ...]
    tactics: tuple[tuple[str, str], ...] = ()  # each side's tactic, by name
    ruleset: str = ""

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

    def rounds_to_decide(self) -> list[int]:
        """The rounds of every fight a side won, one entry per fight."""
        out: list[int] = []
        for result, p in self.distribution.items():
            if result.winner is not None:
                out += [result.rounds] * round(p * self.fights)
        return out

    def mean_spent(self, name: str) -> float:
        """The rounds of ammunition ``name`` went through in an average fight."""
        return sum(dict(r.spent).get(name, 0) * p for r, p in self.distribution.items())


def simulate_fights(
    path: Path | str,
    *,
    fights: int,
    seed: int = 0,
    max_rounds: int = 20,
    executor: Executor | None = None,
    progress: Callable[[float], None] | None = None,
    tactics: Mapping[str, str] | None = None,
) -> FightSummary:
    """Play ``fights`` fights of the scenario at ``path``, seeded, each side by its tactic
    (:func:`side_tactics`); ``progress`` is told the share played."""
    at_most("fights", fights, MAX_FIGHTS)
    at_most("max rounds", max_rounds, MAX_ROUNDS)
    scenario = _scenario(str(path))
    fighters = tuple(
        c["name"] for c in scenario.data.get("combatant", []) if not c.get("bystander")
    )
    chosen = tuple(side_tactics(scenario, tactics).items())
    dist = simulate(
        partial(_play, str(path), max_rounds, chosen),
        key=_same,
        samples=fights,
        seed=seed,
        executor=executor,
        tasks=8 if executor is not None else 1,
        progress=progress,
    )
    return FightSummary(
        fights=fights,
        distribution=dist,
        fighters=fighters,
        tactics=chosen,
        ruleset=scenario.ruleset,
    )
