"""Whole fights, run many times: who wins, how many rounds, when each fighter goes down.

A fight needs decisions the rules do not make, so :func:`fight_once` plays each side by a
tactic (:mod:`firefight.scene.tactics`): the action lines a fighter tries on their turn, best
first, of which the first the rules accept is played. Each ruleset offers its tactics by name,
its default first (rmu: ``aimed``, prepared shots, clearing jams, reloading; every ruleset:
``plain``, the nearest enemy, else reload, else wait); a scenario's ``[scenario] tactics`` or
the caller chooses per side. Bystanders do nothing. The rules themselves -- what a shot does,
upkeep, bleeding, stun, initiative -- are the ruleset's, run through the encounter engine's
quiet functions (:func:`~firefight.encounter.engine.act_quietly` ...): the same pure
functions the encounter service calls, building no log records; nothing is saved.

A fighter left with no way to hurt anyone (:meth:`Ruleset.can_still_harm
<firefight.rulesets.base.Ruleset.can_still_harm>`: no weapon, no ammunition, nothing to throw)
breaks off: from their turn on they count as a bystander, no longer shooting nor shot at
(DEC-540). A fight ends when at most one side still has anyone able to act, or after
``max_rounds`` (by default :func:`fight_rounds`: the same 100 seconds of fight in every
ruleset, DEC-541).

Fights are independent and seeded (:func:`firefight.probability.montecarlo.simulate`), so they
run on any executor: processes locally, a Dask cluster for many.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Literal, TypeVar

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import Scenario, initial_state, load_scenario, side_tactics
from firefight.errors import FirefightError, RuleRefusal
from firefight.frozen import replace
from firefight.limits import MAX_FIGHTS, MAX_ROUNDS, WITHIN_POINTS, LimitError, at_most
from firefight.odds.fight_span import FIGHT_SECONDS, MIN_ROUNDS
from firefight.probability.distribution import Distribution
from firefight.probability.montecarlo import simulate, task_seed
from firefight.probability.stats import share_interval
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import NOT_IN_ENCOUNTERS, Ruleset
from firefight.scene.actions import Action
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.tactics import Tactic, rounds_carried

__all__ = [
    "Ending",
    "FightResult",
    "FightSummary",
    "ending",
    "fight_once",
    "fight_rounds",
    "scenario_to_fight",
    "side_tactics",
    "simulate_fights",
    "tactic_words",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class FightResult:
    """One fight: the side left standing (None when nobody or several are), the rounds it
    took, the round each fighter who went down was first unable to act, the rounds each
    fighter's magazines lost (spent, or left in a magazine dropped for a fresh one), and who
    broke off when."""

    winner: str | None
    rounds: int
    down: tuple[tuple[str, int], ...]
    spent: tuple[tuple[str, int], ...] = ()
    #: Who broke off, with nothing left to hurt anyone with, and in which round (DEC-540).
    fled: tuple[tuple[str, int], ...] = ()
    #: Whether the rounds ran out with several sides still standing: the fight undecided (a
    #: fight with nobody left standing is decided, with no winner).
    timed_out: bool = False


def _enemy_standing(state: EncounterState, side: str) -> bool:
    """Whether anyone of another side than ``side`` is still able: asked before the turn of a
    fighter of ``side`` who is, so it tells whether several sides stand, stopping at the first
    such enemy (mostly the first of the other side the scene lists)."""
    # A loop, not any() over a generator: asked before every turn, and the generator's frame
    # costs more than the question.
    for c in state.combatants:
        if c.side == side:
            continue
        if c.in_fight():
            return True
    return False


def fight_rounds(ruleset: Ruleset) -> int:
    """The rounds a simulated fight of ``ruleset`` lasts at most by default: the same
    :data:`FIGHT_SECONDS` of fiction in every ruleset (gurps's one-second turns get 100), never
    fewer than :data:`MIN_ROUNDS` (DEC-541)."""
    if ruleset.round_seconds is None:
        return MIN_ROUNDS
    return max(MIN_ROUNDS, math.ceil(FIGHT_SECONDS / ruleset.round_seconds))


def _break_off(state: EncounterState, name: str) -> EncounterState:
    """DEC-540: ``name`` leaves the fight; as a bystander nobody's tactic aims at them and
    their side no longer counts them."""
    return state.with_combatant(replace(state.combatant(name), bystander=True))


#: The most actions a fighter takes on one turn.
MAX_ACTIONS = 4


def _turn(
    state: EncounterState,
    me: CombatantState,
    ruleset: Ruleset,
    dice: Dice,
    tactic: Tactic,
    parsed: dict[str, Action] | None,
) -> EncounterState:
    """The turn of ``me`` (as ``state`` holds them): the first line the rules accept of what
    the tactic offers; after a move (a step back, closing in, a dash to cover: anything that
    leaves them elsewhere) the tactic is asked again, as rmu's AP and cpr's Move and Action
    allow more on the same turn."""
    name = me.name
    for _ in range(MAX_ACTIONS):
        was = me.position  # as the state before this action holds them, not looked up again
        for text in tactic(state, name):
            try:
                state = _act(state, text, ruleset, dice, parsed)
            except FirefightError:
                continue
            break
        else:
            return state
        me = state.combatant(name)
        # Asked after every action: a fighter who stayed put mostly holds the very same Point,
        # which is told without the dataclass's field-by-field comparison.
        if me.position is was or me.position == was or not me.in_fight():
            return state
    return state


def _act(
    state: EncounterState,
    text: str,
    ruleset: Ruleset,
    dice: Dice,
    parsed: dict[str, Action] | None,
) -> EncounterState:
    """``text`` played: recorded (``parsed`` None) as ``firefight encounter`` plays it, or on
    the quiet path with each line read once per simulation (a line names the same people in
    every fight of a scenario, so it reads the same)."""
    if parsed is None:
        return engine.act(state, text, ruleset, dice).state
    action = parsed.get(text)
    if action is None:
        action = parsed[text] = ruleset.parse_action(text, state)
    return engine.act_quietly(state, action, ruleset, dice)


def tactic_words(ruleset: str, name: str) -> str:
    """How a tactic is named in reports: the first line of its docstring."""
    doc = find_ruleset(ruleset).fight_tactics()[name].__doc__ or name
    return " ".join(doc.split())


def fight_once(
    scenario: Scenario,
    dice: Dice,
    *,
    max_rounds: int | None = None,
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
    setup = _setup(scenario, tactics)
    ruleset = setup.ruleset
    limit = fight_rounds(ruleset) if max_rounds is None else max_rounds
    by_side = setup.by_side
    parsed = setup.lines_read if quiet else None
    if quiet:
        state = engine.initiative_quietly(setup.opened, ruleset, dice)
    else:
        state = engine.open_fight(setup.start, ruleset, dice).state
    if not state.initiative and len(state.sides_standing()) > 1:
        # Turns are played in initiative order: without one, every fight ran out its rounds
        # with nobody acting, and the report said so as if it were a result.
        raise RuleRefusal(
            NOT_IN_ENCOUNTERS,
            f"The {ruleset.name} ruleset orders nobody's turns (its initiative() gives no "
            "InitiativeOrdered), so odds simulate has no one to play.",
        )
    carried = setup.carried
    down: dict[str, int] = {}
    fled: dict[str, int] = {}
    while True:
        for group in state.initiative:
            for name in group:
                # Who is out takes no turn; a fighter who is takes one while someone of another
                # side still stands (several sides stand), else the round's turns are over.
                me = state.combatant(name)
                if not me.in_fight():
                    continue
                if not _enemy_standing(state, me.side):
                    break
                if not ruleset.can_still_harm(me):
                    state = _break_off(state, name)
                    fled[name] = state.round
                else:
                    state = _turn(state, me, ruleset, dice, by_side[me.side], parsed)
        for c in state.combatants:
            if c.name in carried and not c.can_act() and c.name not in down:
                down[c.name] = state.round
        standing = state.sides_standing()
        if len(standing) <= 1 or state.round >= limit:
            winner = next(iter(standing)) if len(standing) == 1 else None
            spent = tuple(
                sorted(
                    (c.name, carried[c.name] - rounds_carried(c))
                    for c in state.combatants
                    if c.name in carried
                )
            )
            return FightResult(
                winner=winner,
                rounds=state.round,
                down=tuple(sorted(down.items())),
                spent=spent,
                fled=tuple(sorted(fled.items())),
                timed_out=len(standing) > 1,
            )
        if quiet:
            state = engine.next_round_quietly(state, ruleset, dice)
        else:
            state = engine.next_round(state, ruleset, dice).state


@dataclass(frozen=True, slots=True, kw_only=True)
class _Setup:
    """What every fight of a scenario under the same tactics starts from, worked out once: the
    same frozen scene before round 1 (the fights differ from their first die on), and what
    depends on it alone. Nothing here is changed once built."""

    scenario: Scenario
    ruleset: Ruleset
    by_side: dict[str, Tactic]  # each side's tactic (side_tactics)
    start: EncounterState  # the scene before round 1
    opened: EncounterState  # the scene as round 1 opens, before initiative (no die yet)
    carried: dict[str, int]  # the rounds each fighter carries at the start
    lines_read: dict[str, Action]  # the action lines read so far in its fights


#: The setup of each scenario fought lately, by the identity of the scenario and the tactics
#: chosen: every fight of a simulation starts from the same frozen state, so it is set up once,
#: not at every fight. The entry holds the scenario (a frozen value, never changed once
#: loaded), so no other can take its id while it is kept; cleared when full.
_SETUPS: dict[tuple[int, tuple[tuple[str, str], ...]], _Setup] = {}
_SETUPS_HELD = 16


def _setup(scenario: Scenario, tactics: Mapping[str, str] | None) -> _Setup:
    chosen = tuple(tactics.items()) if tactics else ()
    key = (id(scenario), chosen)
    found = _SETUPS.get(key)
    ruleset = find_ruleset(scenario.ruleset)
    if found is not None and found.scenario is scenario and found.ruleset is ruleset:
        return found
    offered = ruleset.fight_tactics()
    start = initial_state(scenario)
    setup = _Setup(
        scenario=scenario,
        ruleset=ruleset,
        by_side={side: offered[name] for side, name in side_tactics(scenario, tactics).items()},
        start=start,
        opened=engine.first_round_opened(start, ruleset),
        carried={c.name: rounds_carried(c) for c in start.combatants if not c.bystander},
        lines_read={},
    )
    if len(_SETUPS) >= _SETUPS_HELD:
        _SETUPS.clear()
    _SETUPS[key] = setup
    return setup


@cache
def _scenario(path: str) -> Scenario:
    return load_scenario(path)


def scenario_to_fight(path: Path | str) -> Scenario:
    """The scenario at ``path`` as :func:`simulate_fights` plays it: loaded once a process
    (workers forked after this inherit it, with the ruleset's modules it imported)."""
    return _scenario(str(path))


def _play(
    path: str, max_rounds: int | None, tactics: tuple[tuple[str, str], ...], dice: Dice
) -> FightResult:
    return fight_once(_scenario(path), dice, max_rounds=max_rounds, tactics=dict(tactics))


def _same(result: FightResult) -> FightResult:
    return result


#: Fights played between two looks at the intervals, when a run stops once it knows enough.
WITHIN_BATCH = 250


#: How a fight ended, as its share is reported: a side won (with its name), the rounds ran out
#: with several sides standing, or nobody was left standing.
Ending = tuple[Literal["won", "undecided", "nobody"], str | None]


def ending(result: FightResult) -> Ending:
    """How ``result`` ended (:data:`Ending`)."""
    if result.timed_out:
        return ("undecided", None)
    return ("nobody", None) if result.winner is None else ("won", result.winner)


def _widest_end(counts: Counter[FightResult], played: int) -> float:
    """How well the ways the fights ended are known: the widest half of their 95% intervals."""
    ends: Counter[Ending] = Counter()
    for result, n in counts.items():
        ends[ending(result)] += n
    return _widest_half(ends.values(), played)


def _widest_half(counts: Iterable[int], played: int) -> float:
    """The widest half of the 95% intervals of the shares ``counts`` of ``played`` fights."""
    halves = []
    for n in counts:
        low, high = share_interval(n, played)
        halves.append((high - low) / 2)
    return max(halves)


def _until_known(
    run: Callable[..., Distribution[FightResult]],
    fights: int,
    seed: int,
    within: float,
    progress: Callable[[float], None] | None,
) -> Distribution[FightResult]:
    """:func:`simulate_fights`'s batches, until the ends are known ``within`` or ``fights``
    are played: the fights of every batch in one distribution."""
    counts: Counter[FightResult] = Counter()
    played = 0
    batch = 0
    # The fights the precision looks like taking, for the progress bar: an interval narrows as
    # one over the root of the fights, so the widest one tells; never past ``fights``.
    expected = fights
    bar = None if progress is None else _Bar(progress)
    while played < fights:
        size = min(WITHIN_BATCH, fights - played)
        told = None if bar is None else partial(bar.tell, played, size, expected)
        part = run(samples=size, seed=task_seed(seed, batch), progress=told)
        for result, p in part.items():
            counts[result] += round(p * size)
        played += size
        batch += 1
        widest = _widest_end(counts, played)
        if widest <= within:
            break
        expected = min(
            fights, max(played + WITHIN_BATCH, math.ceil(played * (widest / within) ** 2))
        )
    return Distribution(
        probabilities={r: n / played for r, n in counts.items()},
        method="monte carlo",
        samples=played,
    )


@dataclass
class _Bar:
    """The share of a run with a precision told to ``progress``: the fights played over those
    it looks like taking, never going back when the estimate grows."""

    progress: Callable[[float], None]
    shown: float = 0.0

    def tell(self, before: int, size: int, expected: int, share: float) -> None:
        """``share`` of a batch of ``size`` played after ``before`` fights."""
        self.shown = max(self.shown, min(1.0, (before + share * size) / expected))
        self.progress(self.shown)


_K = TypeVar("_K")


@dataclass(frozen=True, slots=True, kw_only=True)
class FightSummary:
    """What many fights came to."""

    fights: int
    distribution: Distribution[FightResult]
    fighters: tuple[str, ...]
    tactics: tuple[tuple[str, str], ...] = ()  # each side's tactic, by name
    ruleset: str = ""
    max_rounds: int = MIN_ROUNDS  # the rounds a fight was given

    def _shares(self, key: Callable[[FightResult], _K]) -> dict[_K, float]:
        """The share of fights of each ``key``: the fights counted, then divided once, so
        97 fights of 100 read 0.97 (not the 100 one-hundredths summed, 0.9699999...)."""
        counts: Counter[_K] = Counter()
        for result, p in self.distribution.items():
            counts[key(result)] += round(p * self.fights)
        return {k: n / self.fights for k, n in counts.items()}

    def winners(self) -> dict[str | None, float]:
        return self._shares(lambda r: r.winner)

    def rounds(self) -> dict[int, float]:
        return dict(sorted(self._shares(lambda r: r.rounds).items()))

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

    def ends(self) -> dict[Ending, float]:
        """The share of fights that ended each way (:func:`ending`)."""
        return self._shares(ending)

    def widest(self) -> float:
        """How well the ways the fights ended are known: the widest half of their 95%
        intervals (what ``--within`` asks to bring under its points)."""
        return _widest_half((round(p * self.fights) for p in self.ends().values()), self.fights)

    def undecided(self) -> float:
        """The share of fights the rounds ran out on with several sides standing."""
        return self.ends().get(("undecided", None), 0.0)

    def fled_share(self, name: str) -> float:
        """The share of fights in which ``name`` broke off (DEC-540)."""
        return sum(p for r, p in self.distribution.items() if name in dict(r.fled))

    def mean_spent(self, name: str) -> float:
        """The rounds of ammunition ``name`` went through in an average fight."""
        return sum(dict(r.spent).get(name, 0) * p for r, p in self.distribution.items())


#: The seeded streams a run of fights is split into, on workers or not.
FIGHT_TASKS = 8


def simulate_fights(
    path: Path | str,
    *,
    fights: int,
    seed: int = 0,
    max_rounds: int | None = None,
    executor: Executor | None = None,
    progress: Callable[[float], None] | None = None,
    tactics: Mapping[str, str] | None = None,
    within: float | None = None,
) -> FightSummary:
    """Play ``fights`` fights of the scenario at ``path``, seeded, each side by its tactic
    (:func:`side_tactics`), for at most ``max_rounds`` rounds (default :func:`fight_rounds`);
    ``progress`` is told the share played.

    With ``within`` (a share, 0.02 for two points) the fights are played :data:`WITHIN_BATCH`
    at a time, each batch seeded from ``seed`` and its number, until every way they end (each
    side's win, the undecided, nobody left) is known to within it, or ``fights`` are played."""
    at_most("--fights", fights, MAX_FIGHTS)
    least, most = WITHIN_POINTS
    if within is not None and not least <= within * 100 <= most:  # nan too
        raise LimitError("--within", within * 100, f"{least:g} to {most:g} points")
    scenario = scenario_to_fight(path)
    if max_rounds is None:
        max_rounds = fight_rounds(find_ruleset(scenario.ruleset))
    at_most("--max-rounds", max_rounds, MAX_ROUNDS)
    fighters = tuple(
        c["name"] for c in scenario.data.get("combatant", []) if not c.get("bystander")
    )
    chosen = tuple(side_tactics(scenario, tactics).items())
    run = partial(
        simulate,
        partial(_play, str(path), max_rounds, chosen),
        key=_same,
        executor=executor,
        # Split alike in this process and on workers: each task draws its own seeded stream,
        # so the same seed plays the same fights wherever they run (--workers, or the size
        # the command picks them by).
        tasks=FIGHT_TASKS,
    )
    if within is None:
        dist = run(samples=fights, seed=seed, progress=progress)
    else:
        dist = _until_known(run, fights, seed, within, progress)
    return FightSummary(
        fights=dist.samples or fights,
        distribution=dist,
        fighters=fighters,
        tactics=chosen,
        ruleset=scenario.ruleset,
        max_rounds=max_rounds,
    )
