"""The deck a draw comes from (RULINGS D-4) and what a card counts as (K-1, K-4).

By default every draw action shuffles a fresh 52-card deck. With a persistent deck the cards
left are carried from draw to draw; when they run out mid-draw, the discards are shuffled
into a new deck, leaving out the cards of the draw under way, which are still on the table
(DEC-254).
"""

from __future__ import annotations

from collections.abc import Sequence

from firefight.dice import FULL_DECK, Card, Dice, Roll, parse_card
from firefight.errors import RuleRefusal
from firefight.trace import TraceBuilder

__all__ = ["DeckInPlay", "parse_deck", "successes"]


def successes(cards: Sequence[Card], target: int) -> int:
    """K-1: each card whose value reaches the Target is one success.

    >>> successes([Card(rank=12, suit=FULL_DECK[0].suit), FULL_DECK[3]], 6)
    1
    """
    return sum(1 for c in cards if c.rank >= target)


def parse_deck(text: str) -> tuple[Card, ...] | None:
    """The cards left in a persistent deck, comma-separated (``QH,7S``); None for empty text
    (each draw then shuffles a fresh deck). A card named twice is refused (D-4)."""
    if not text.strip():
        return None
    cards = tuple(parse_card(part) for part in text.split(",") if part.strip())
    if len(set(cards)) != len(cards):
        raise RuleRefusal("D-4", "The cards left name a card twice; a deck holds each card once.")
    return cards


class DeckInPlay:
    """The deck for one resolution: fresh per draw, or the persistent deck's cards left.

    It is the one mutable helper of a resolver (the cards leave it as the draws are made);
    the resolver reports :attr:`left` when it is done, and the state only changes by events.
    """

    def __init__(self, dice: Dice, left: tuple[Card, ...] | None) -> None:
        self._dice = dice
        self.left = left
        self._table: list[Card] = []

    @property
    def persistent(self) -> bool:
        return self.left is not None

    def draw(self, count: int, purpose: str, trace: TraceBuilder) -> tuple[Card, ...]:
        """``count`` cards for ``purpose``, each roll recorded in ``trace``."""
        if count <= 0:
            return ()
        if self.left is None:
            return _cards(trace.roll(self._dice.draw_cards(count, purpose)))
        drawn: list[Card] = []
        while len(drawn) < count:
            if not self.left:
                on_table = set(self._table)
                self.left = tuple(c for c in FULL_DECK if c not in on_table)
                trace.step("the deck ran out: the discards are reshuffled", rule="D-4")
            take = min(count - len(drawn), len(self.left))
            roll = trace.roll(self._dice.draw_from(self.left, take, purpose))
            got = _cards(roll)
            self.left = tuple(c for c in self.left if c not in got)
            drawn.extend(got)
            self._table.extend(got)
        return tuple(drawn)


def _cards(roll: Roll) -> tuple[Card, ...]:
    return tuple(parse_card(name) for name in roll.cards)
