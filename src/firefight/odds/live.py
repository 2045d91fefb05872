"""Odds from the live fight (issue 17): what a declared action -- or a run of them this round
-- comes to from the state the encounter is in now, with nothing retyped.

Every ruleset is handled the same way: the very rules that resolve the action at the table
(:func:`firefight.encounter.engine.act`) are run on the current state again and again with
seeded dice, and what happened is counted (DEC-413). So whatever the state holds counts --
hits already taken, armor wear, cover, posture, stun, ammunition -- and the answer is an
estimate with its 95% interval, reproducible from its seed.

"Down" is the shared notion: unable to act (unconscious, dying or dead). Besides it, each
state the first action leaves someone in that they were not in before is counted as the ruleset
names it (:meth:`~firefight.rulesets.base.Ruleset.odds_effects`: "Viktor grappled", "Mara
staked", "Mara Final Death"; DEC-523).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.turns import example_now
from firefight.errors import FirefightError
from firefight.limits import MAX_TRIALS, at_most
from firefight.probability.stats import share_interval
from firefight.scene.state import EncounterState

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset

__all__ = ["DEFAULT_TRIALS", "LiveOdds", "live_odds"]

#: Trials when none are asked for: a 95% interval at most 6.2 points wide, in a few seconds.
DEFAULT_TRIALS = 1_000
#: The refusals of later lines the text shows, the most often first (the JSON has them all).
_REFUSALS_SHOWN = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class LiveOdds:
    """What ``lines`` came to over ``trials`` runs from one state.

    ``outcomes``: how often the first action came to each outcome word (hit, miss...);
    ``down_now``: whether the target is down already; ``down_after``: P(the target down after
    the first action); ``down_by_end``: P(down after every line and the round's upkeep);
    ``stopped``: how often a later line was refused (its actor or target already down...),
    ``refusals``: each refusal (the line and the rule's words) and how often, the most often
    first; ``effects``: how often the first action left someone in each state (DEC-523);
    ``note``: how the fight they were run on differs from the fight as it stands (the actor's
    turn taken as come, :meth:`~firefight.rulesets.base.Ruleset.odds_start`), None when not;
    ``pending``: what is still to come past the round's end, so not counted (a grenade yet to
    go off, :meth:`~firefight.rulesets.base.Ruleset.odds_pending`), None when nothing is.
    """

    lines: tuple[str, ...]
    target: str | None
    trials: int
    seed: int
    outcomes: tuple[tuple[str, float], ...]
    down_now: bool
    down_after: float | None
    down_by_end: float | None
    stopped: float
    refusals: tuple[tuple[str, float], ...] = ()
    effects: tuple[tuple[str, float], ...] = ()
    note: str | None = None
    pending: str | None = None

    def text(self) -> list[str]:
        """The odds as lines to print: each share with its 95% interval (Wilson's,
        :func:`~firefight.probability.stats.share_interval`: honest near 0% and 100%, where a
        share never seen may still be well above 0)."""

        def pct(p: float) -> str:
            low, high = share_interval(round(p * self.trials), self.trials)
            return f"{100 * p:.1f}% (95%: {100 * low:.1f}-{100 * high:.1f}%)"

        # The outcomes are sampled too: each with its interval, where the line gave bare
        # shares as if they were exact.
        lines = [f"{self.lines[0]}: " + ", ".join(f"{word} {pct(p)}" for word, p in self.outcomes)]
        if self.note is not None:
            lines.append(f"  {self.note}")
        if self.target is not None and self.down_now:
            lines.append(f"  {self.target} is down already.")
        elif self.target is not None:
            assert self.down_after is not None and self.down_by_end is not None
            lines.append(f"  P({self.target} down after it) = {pct(self.down_after)}")
            # "after ... the upkeep" was rmu's word for the round's end in every ruleset's
            # odds; the round's end says it, whatever it brings (bleeding, death saves).
            rest = "; ".join(self.lines[1:])
            then = f", after {rest}" if rest else ""
            lines.append(
                f"  P({self.target} down by the round's end{then}) = {pct(self.down_by_end)}"
            )
        lines += [f"  P({effect}) = {pct(p)}" for effect, p in self.effects]
        if self.stopped:
            lines.append(f"  a later line was refused in {100 * self.stopped:.1f}% of the runs")
        # Why, that a misspelt line or a turn already spent is not read as the round's odds.
        shown = self.refusals[:_REFUSALS_SHOWN]
        lines += [f"    refused in {100 * p:.1f}% of the runs: {why}" for why, p in shown]
        if self.pending is not None:
            lines.append(f"  (not counted: {self.pending})")
        lines.append(
            f"  (the rules run {self.trials} times from the state now, seeds {self.seed}.."
            f"{self.seed + self.trials - 1})"
        )
        return lines

    def to_json(self) -> dict[str, object]:
        return {
            "lines": list(self.lines),
            "target": self.target,
            "trials": self.trials,
            "seed": self.seed,
            "method": "monte-carlo over the encounter's rules",
            "outcomes": dict(self.outcomes),
            "down_now": self.down_now,
            "down_after": self.down_after,
            "down_by_end": self.down_by_end,
            "stopped": self.stopped,
            "refusals": dict(self.refusals),
            "effects": dict(self.effects),
            "as_if": self.note,
            "pending": self.pending,
        }


def _down(state: EncounterState, name: str | None) -> bool:
    c = state.find(name) if name else None
    return c is not None and not c.can_act()


def live_odds(
    state: EncounterState,
    ruleset: Ruleset,
    lines: Sequence[str],
    *,
    target: str | None = None,
    trials: int = DEFAULT_TRIALS,
    seed: int = 0,
) -> LiveOdds:
    """Run ``lines`` from ``state`` ``trials`` times with dice seeded ``seed``, ``seed + 1``...

    ``target`` is whose going down is counted: by default the first action's target.

    Raises:
        RuleRefusal: the first line is refused as things stand (nothing is run).
        FirefightError: no lines; LimitError (one): too few or too many trials.
    """
    if not lines:
        # The example is the fight's ruleset's own, as the session's help gives it.
        example = example_now(state, ruleset) or "NAME VERB ..."
        raise FirefightError(f"odds need an action line, e.g. {example!r}")
    at_most("--trials", trials, MAX_TRIALS)
    first = ruleset.parse_action(lines[0], state)
    state, note = ruleset.odds_start(state, first)
    ruleset.validate(state, first)
    if target is None:
        named = getattr(first, "target", None)
        target = named if isinstance(named, str) else None
    if target is not None:
        target = state.combatant(target).name
    words: Counter[str] = Counter()
    effects: Counter[str] = Counter()
    refusals: Counter[str] = Counter()
    after = by_end = stopped = 0
    pending: str | None = None
    for n in range(trials):
        dice = Dice.seeded(seed + n)
        done = engine.act(state, lines[0], ruleset, dice)
        words[done.odds_word] += 1
        now = done.state
        effects.update(ruleset.odds_effects(state, now))
        after += _down(now, target)
        for line in lines[1:]:
            try:
                now = engine.act(now, line, ruleset, dice).state
            except FirefightError as exc:
                stopped += 1
                refusals[f"{line}: {exc}"] += 1
                break
        now = ruleset.end_round(now)[1]
        by_end += _down(now, target)
        # A fuse's timing is the same whatever the dice: the first run says it.
        if n == 0:
            pending = ruleset.odds_pending(now)
    return LiveOdds(
        lines=tuple(lines),
        target=target,
        trials=trials,
        seed=seed,
        outcomes=tuple((word, count / trials) for word, count in words.most_common()),
        down_now=_down(state, target),
        down_after=after / trials if target else None,
        down_by_end=by_end / trials if target else None,
        stopped=stopped / trials,
        refusals=tuple((why, count / trials) for why, count in refusals.most_common()),
        effects=tuple(
            (effect, count / trials)
            for effect, count in sorted(effects.items(), key=lambda kv: (-kv[1], kv[0]))
        ),
        note=note,
        pending=pending,
    )
