"""The exact odds of a shot: the successes follow the hypergeometric distribution of the deck
the cards come from (a fresh one, or a persistent deck's cards left, D-4), and the knockdown
tests draw from what is left of it.

The cards are grouped into four classes: whether a card succeeds (K-1) and whether it keeps a
target upright (K-4). Given how many of each class a draw takes (multivariate hypergeometric),
everything the shot does is fixed except two things: the first card's colour (for re-cocking,
CRD-MODE-1), which is black with probability sum over classes of (share of the class among the
cards drawn) x (share of black cards in the class), and the knockdown cards, drawn one at a
time from what is left, reshuffled like the resolver's deck when it runs out.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache

from firefight.dice import FULL_DECK, Card
from firefight.outcome import Outcome
from firefight.probability.distribution import Distribution
from firefight.probability.stats import Stat
from firefight.rulesets.cards.data import Mode
from firefight.rulesets.cards.deck import parse_deck
from firefight.rulesets.cards.shot import Shot, ShotPlan, ShotResult, plan_shot
from firefight.wording import counted

__all__ = ["CARDS_STATS", "ShotKey", "shot_exact", "shot_key", "shot_stats"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotKey:
    """What one shot did, as the odds layer merges outcomes."""

    successes: int
    damage: int
    level: str | None
    knocked_down: bool
    down: bool
    must_cock: bool


def shot_key(outcome: Outcome[ShotResult]) -> Hashable:
    s = outcome.result
    return ShotKey(
        successes=s.successes,
        damage=s.wound.damage,
        level=s.wound.level,
        knocked_down=s.wound.knocked_down,
        down=s.wound.down,
        must_cock=s.must_cock,
    )


# A class of cards: (succeeds, keeps the target up).
_Class = tuple[bool, bool]
_CLASSES: tuple[_Class, ...] = ((True, True), (True, False), (False, True), (False, False))


def _counts(cards: tuple[Card, ...], target: int, limit: int) -> tuple[tuple[int, int], ...]:
    """(cards, black cards) of each class."""
    found = []
    for succ, low in _CLASSES:
        members = [c for c in cards if (c.rank >= target) == succ and (c.rank < limit) == low]
        found.append((len(members), sum(1 for c in members if c.is_black)))
    return tuple(found)


def _draws(counts: tuple[int, ...], n: int) -> list[tuple[tuple[int, ...], float]]:
    """Every way a draw of ``n`` takes cards from the classes, with its probability."""
    total = math.comb(sum(counts), n)
    found = []
    for head in itertools.product(*(range(min(c, n) + 1) for c in counts[:-1])):
        last = n - sum(head)
        if not 0 <= last <= counts[-1]:
            continue
        take = (*head, last)
        ways = math.prod(math.comb(c, x) for c, x in zip(counts, take, strict=True))
        found.append((take, ways / total))
    return found


@cache
def _knocked(
    tests: int, up: int, falls: int, table_up: int, table_falls: int, all_up: int
) -> float:
    """P(at least one knockdown card falls) over ``tests`` single draws, stopping at a fall;
    an empty deck is reshuffled without the cards on the table (DEC-254)."""
    if tests == 0:
        return 0.0
    if up + falls == 0:
        up, falls = all_up - table_up, len(FULL_DECK) - all_up - table_falls
    stay = up / (up + falls)
    return (1 - stay) + stay * _knocked(tests - 1, up - 1, falls, table_up + 1, table_falls, all_up)


def _result(plan: ShotPlan, hits: int) -> tuple[int, str | None, int, bool]:
    """(damage recorded, its level, levels crossed, down) for ``hits`` successes."""
    track = plan.track
    if not hits:
        return 0, None, 0, track.down
    dealt = max(0, hits * plan.per_success - plan.dr)
    after, _ = track.take(dealt, plan.armor_level)
    return dealt, plan.armor_level.label, after.worst - track.worst, after.down


def shot_exact(shot: Shot) -> Distribution[ShotKey]:
    """The exact distribution of what ``shot`` does (refused as resolving it would be)."""
    plan = plan_shot(shot)
    left = parse_deck(shot.deck)
    persistent = left is not None
    deck = FULL_DECK if left is None else left
    target = plan.target
    limit = plan.knockdown_limit
    all_up = sum(1 for c in FULL_DECK if c.rank < limit)
    ss = plan.mode is Mode.SS
    found: dict[ShotKey, float] = {}

    def add(key: ShotKey, p: float) -> None:
        if p:
            found[key] = found.get(key, 0.0) + p

    n = plan.cards
    # A persistent deck with fewer cards than the draw gives all of them, then deals the rest
    # from the discards reshuffled (the cards on the table left out).
    first = deck if persistent and len(deck) < n else ()
    rest = n - len(first)
    pool = tuple(c for c in FULL_DECK if c not in set(first)) if first or not deck else deck
    pool_counts = _counts(pool, target, limit)
    first_counts = _counts(first, target, limit) if first else None
    for take, p in _draws(tuple(c for c, _ in pool_counts), rest):
        drawn = (
            take
            if first_counts is None
            else tuple(x + c for x, (c, _) in zip(take, first_counts, strict=True))
        )
        hits = drawn[0] + drawn[1]
        if n == 0:
            black = 0.0
        elif first_counts is not None:
            black = sum(b for _, b in first_counts) / len(first)
        else:
            black = sum(
                (x / rest) * (b / c) for x, (c, b) in zip(take, pool_counts, strict=True) if c
            )
        damage, level, crossed, down = _result(plan, hits)
        if crossed and persistent:
            up_left = sum(
                c - x
                for x, (c, _), (_, low) in zip(take, pool_counts, _CLASSES, strict=True)
                if low
            )
            falls_left = sum(
                c - x
                for x, (c, _), (_, low) in zip(take, pool_counts, _CLASSES, strict=True)
                if not low
            )
            table_up = drawn[0] + drawn[2]
            knocked = _knocked(crossed, up_left, falls_left, table_up, n - table_up, all_up)
        elif crossed:
            knocked = 1 - (all_up / len(FULL_DECK)) ** crossed
        else:
            knocked = 0.0
        for must_cock, pc in ((True, black), (False, 1 - black)) if ss else ((False, 1.0),):
            for fell, pk in ((True, knocked), (False, 1 - knocked)):
                add(
                    ShotKey(
                        successes=hits,
                        damage=damage,
                        level=level,
                        knocked_down=fell,
                        down=down,
                        must_cock=must_cock,
                    ),
                    p * pc * pk,
                )
    return Distribution(probabilities=found, method="fast exact", depth=0, cut_off=0.0)


def _damage_at(level: str) -> Stat:
    """The chance the shot records damage at ``level``; one that records none counts at no
    level."""
    return Stat(
        name=f"p_{level.lower()}",
        label=f"P({level} damage)",
        kind="probability",
        read=lambda k: float(k.level == level and k.damage > 0),
        group="effect",
    )


CARDS_STATS: tuple[Stat, ...] = (
    Stat(
        name="p_hit",
        label="P(at least one success)",
        kind="probability",
        read=lambda k: float(k.successes > 0),
    ),
    Stat(
        name="expected_successes",
        label="expected successes",
        kind="expected",
        read=lambda k: float(k.successes),
        group="summary",
    ),
    Stat(
        name="expected_damage",
        label="expected damage recorded",
        kind="expected",
        read=lambda k: float(k.damage),
        group="summary",
    ),
    *(_damage_at(level) for level in ("Green", "Yellow", "Red")),
    Stat(
        name="p_knockdown",
        label="P(knocked down)",
        kind="probability",
        read=lambda k: float(k.knocked_down),
        group="effect",
    ),
    Stat(
        name="p_down",
        label="P(down and dying)",
        kind="probability",
        read=lambda k: float(k.down),
        group="effect",
    ),
    Stat(
        name="p_must_cock",
        label="P(must cock next turn)",
        kind="probability",
        read=lambda k: float(k.must_cock),
        group="effect",
    ),
)


def _exactly(count: int) -> Stat:
    return Stat(
        name=f"p_{count}_successes",
        label=f"P({counted(count, 'success', 'successes')})",
        kind="probability",
        read=lambda k: float(k.successes == count),
        group="summary",
    )


def shot_stats(shot: Shot) -> tuple[Stat, ...]:
    """The headline stats, and P(k successes) for every k the draw allows."""
    plan = plan_shot(shot)
    return CARDS_STATS + tuple(_exactly(k) for k in range(plan.cards + 1))
