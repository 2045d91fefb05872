"""Reaction (K-2): who acts first. Each combatant is dealt one card from one shuffled deck
(one draw action, D-4); the higher card acts first, a tie goes to the higher Reflex-like stat,
and a tie on both acts at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import param
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.outcome import Done, Outcome, omitted
from firefight.rulesets.cards.deck import DeckInPlay
from firefight.trace import TraceBuilder

__all__ = ["Reaction", "ReactionResult", "reaction_order", "resolve_reaction"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Reaction:
    """Who draws for reaction, with each one's Reflex-like stat for ties."""

    who: tuple[str, ...] = param(
        help="A combatant's name (repeat for each).", low=2, high=52, rule="K-2", sweep=False
    )
    reflex: tuple[int, ...] = param(
        help="Each one's Reflex-like stat, in the same order (breaks ties).",
        low=0,
        high=52,
        rule="K-2",
        sweep=False,
    )
    deck: str = param(
        "",
        help="A persistent deck's cards left (QH,7S,...); empty: a fresh deck.",
        rule="D-4",
        sweep=False,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionResult(Done):
    """The cards dealt (name -> card) and the groups acting together, first first."""

    cards: dict[str, str]
    order: tuple[tuple[str, ...], ...]
    #: A persistent deck's cards left after the draw (D-4).
    deck_left: tuple[str, ...] | None = omitted()


def reaction_order(cards: dict[str, int], reflex: dict[str, int]) -> tuple[tuple[str, ...], ...]:
    """Groups acting together, first first: by card value, then reflex (K-2).

    >>> reaction_order({"A": 5, "B": 9, "C": 5}, {"A": 2, "B": 0, "C": 2})
    (('B',), ('A', 'C'))
    """
    groups: dict[tuple[int, int], list[str]] = {}
    for name, value in cards.items():
        groups.setdefault((value, reflex[name]), []).append(name)
    return tuple(tuple(groups[k]) for k in sorted(groups, reverse=True))


def resolve_reaction(reaction: Reaction, dice: Dice) -> Outcome[ReactionResult]:
    if len(reaction.reflex) != len(reaction.who):
        raise RuleRefusal("K-2", "Give one Reflex-like stat for each combatant, in order.")
    if len({n.lower() for n in reaction.who}) != len(reaction.who):
        raise RuleRefusal("K-2", "Each combatant draws once: a name is given twice.")
    deck = DeckInPlay(dice, reaction.deck)
    trace = TraceBuilder()
    dealt = deck.draw(len(reaction.who), "reaction", trace)
    values = {name: card.rank for name, card in zip(reaction.who, dealt, strict=True)}
    order = reaction_order(values, dict(zip(reaction.who, reaction.reflex, strict=True)))
    trace.step("reaction order: " + ", then ".join(" and ".join(g) for g in order), rule="K-2")
    result = ReactionResult(
        cards={n: str(c) for n, c in zip(reaction.who, dealt, strict=True)},
        order=order,
        deck_left=deck.left_names,
    )
    return Outcome(events=(), trace=trace.build(), result=result)
