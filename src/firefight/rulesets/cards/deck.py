"""The deck a draw comes from (RULINGS D-4) and what a card counts as (K-1, K-4).

By default every draw action shuffles a fresh 52-card deck. With a persistent deck the cards
left are carried from draw to draw; when they run out mid-draw, the discards are shuffled
into a new deck, leaving out the cards of the draw under way, which are still on the table
(DEC-254).
"""

from __future__ import annotations

from collections.abc import Sequence

from firefight.dice import CARD_BY_NAME, FULL_DECK, Card, Dice, cards_roll, parse_card
from firefight.errors import RuleRefusal
from firefight.trace import TraceBuilder

__all__ = ["FULL_DECK_NAMES", "DeckInPlay", "parse_deck", "successes"]


def successes(cards: Sequence[Card], target: int) -> int:
    """K-1: each card whose value reaches the Target is one success.

    >>> successes([Card(rank=12, suit=FULL_DECK[0].suit), FULL_DECK[3]], 6)
    1
    """
    return sum(1 for c in cards if c.rank >= target)


#: A fresh deck's cards by name, in its fixed order.
FULL_DECK_NAMES: tuple[str, ...] = tuple(CARD_BY_NAME)


def parse_deck(text: str) -> tuple[Card, ...] | None:
    """The cards left in a persistent deck, comma-separated (``QH,7S``); None for empty text
    (each draw then shuffles a fresh deck). A card named twice is refused (D-4)."""
    read = _read_deck(text)
    return None if read is None else read[0]


def _read_deck(text: str) -> tuple[tuple[Card, ...], tuple[str, ...]] | None:
    """:func:`parse_deck`'s cards with their names (each card's own, however it was written)."""
    found = _READ.get(text)
    if found is not None:
        return found
    if not text.strip():
        return None
    cards, names = _written(text.split(","))
    # One name per card: the same name twice is the same card twice.
    if len(set(names)) != len(names):
        raise RuleRefusal("D-4", "The cards left name a card twice; a deck holds each card once.")
    read = tuple(cards), tuple(names)
    _kept_read(text, read)
    return read


def _kept_read(text: str, read: tuple[tuple[Card, ...], tuple[str, ...]]) -> None:
    if len(_READ) >= _READ_HELD:
        _READ.clear()
    _READ[text] = read


#: Decks' texts read, with what each reads: a shared deck's text is read at every draw from
#: it, the text the last draw left (kept here as that draw leaves it, so it is not split and
#: looked up card by card again). Cleared when full; a refusal is never kept.
_READ: dict[str, tuple[tuple[Card, ...], tuple[str, ...]]] = {}
_READ_HELD = 64


def _written(parts: list[str]) -> tuple[list[Card], list[str]]:
    """The cards a deck's text names however written (``qh``, `` 10H``), each with its own
    name; blanks between commas skipped."""
    cards: list[Card] = []
    names: list[str] = []
    for part in parts:
        card, name = CARD_BY_NAME.get(part), part
        if card is None:
            if not part.strip():
                continue
            card = parse_card(part)
            name = str(card)
        cards.append(card)
        names.append(name)
    return cards, names


class DeckInPlay:
    """The deck for one resolution: fresh per draw, or the persistent deck's cards left.

    It is the one mutable helper of a resolver (the cards leave it as the draws are made);
    the resolver reports :attr:`left_names` when it is done, and the state only changes by events.
    """

    def __init__(self, dice: Dice, deck: str) -> None:
        """``deck``: the persistent deck's cards left (:func:`parse_deck`); empty text for a
        fresh deck per draw."""
        self._dice = dice
        read = _read_deck(deck)
        self.left = None if read is None else read[0]
        # Their names, kept beside them: a draw takes its cards out by name (strings compare
        # in C, cards by a dataclass __eq__ each), and the resolver reports the names.
        self._names = None if read is None else read[1]
        self._table: list[Card] = []

    @property
    def persistent(self) -> bool:
        return self.left is not None

    @property
    def left_names(self) -> tuple[str, ...] | None:
        """The persistent deck's cards left, by name; None for a fresh deck per draw."""
        return self._names

    def draw(self, count: int, purpose: str, trace: TraceBuilder) -> tuple[Card, ...]:
        """``count`` cards for ``purpose``, each roll recorded in ``trace``."""
        if count <= 0:
            return ()
        # A quiet trace keeps no roll: the cards are drawn without building one.
        telling = trace.telling
        if self.left is None:
            fresh = self._dice.cards_drawn(FULL_DECK, count, purpose)
            if telling:
                trace.roll(cards_roll(fresh, purpose))
            return tuple(fresh)
        left, names = self.left, self._names
        assert names is not None  # set with the cards
        drawn: list[Card] = []
        while len(drawn) < count:
            if not left:
                on_table = set(self._table)
                left = tuple(c for c in FULL_DECK if c not in on_table)
                names = tuple(str(c) for c in left)
                trace.step("the deck ran out: the discards are reshuffled", rule="D-4")
            take = min(count - len(drawn), len(left))
            got = self._dice.cards_drawn(left, take, purpose)
            if telling:
                trace.roll(cards_roll(got, purpose))
            cards, named = list(left), list(names)
            for name in map(str, got):
                at = named.index(name)
                del named[at]
                del cards[at]
            left, names = tuple(cards), tuple(named)
            drawn.extend(got)
            self._table.extend(got)
        self.left, self._names = left, names
        if names:
            # The scene writes the deck left as its cards' own names, comma-separated: what
            # the next draw reads is what this one leaves.
            _kept_read(",".join(names), (left, names))
        return tuple(drawn)
