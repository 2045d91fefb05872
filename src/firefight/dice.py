"""All randomness in firefight goes through a :class:`Dice`.

A :class:`Dice` turns single die faces from a :class:`DiceSource` into the rolls the rules ask
for (open-ended d100, NdM, the cpr d10, a card draw) and returns each as a :class:`Roll`
record: purpose, faces, natural value and total. The source is injected, as httpx injects a
transport:

- :class:`SeededSource` -- reproducible pseudo-random faces from an integer seed;
- :class:`ScriptedSource` -- a given list of faces (tests, replays, the players' own dice);
  running out is a :class:`~firefight.errors.DiceError` naming what was being rolled;
- :class:`PromptSource` -- asks a person for each face.

Every roll is built from ``source.face(sides, purpose)`` calls only, so a source that answers
those calls differently (the odds engine's enumerator) sees every branch the rules can take.
Card draws also accept a :class:`CardPicker` (:class:`ScriptedSource`, :class:`PromptSource`),
which names the cards a player turned over instead of giving faces.

>>> dice = Dice(ScriptedSource([99, 96, 4]))
>>> dice.d100_open_ended("book check").total
199
>>> Dice(ScriptedSource([4, 97, 3])).d100_open_ended("book check").total
-96
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol, cast, runtime_checkable

from firefight.errors import DiceError
from firefight.frozen import quick_init
from firefight.limits import MAX_EXPLOSIONS, MAX_POOL_DICE, LimitError, typed_whole

__all__ = [
    "TRY_PURPOSE_SUFFIX",
    "Card",
    "CardPicker",
    "Dice",
    "DiceSource",
    "PromptSource",
    "RecordingSource",
    "Roll",
    "ScriptedSource",
    "SeededSource",
    "Suit",
    "cards_roll",
    "parse_card",
    "pool_kind",
    "read_faces",
]


def pool_kind(count: int, sides: int) -> str:
    """How a roll of ``count`` dice of ``sides`` is named ("2d10").

    >>> pool_kind(2, 10)
    '2d10'
    """
    return f"{count}d{sides}"


def _checked_count(count: int) -> int:
    if not 0 <= count <= MAX_POOL_DICE:
        raise LimitError("dice to roll at once", count, f"0 to {MAX_POOL_DICE:,}")
    return count


#: What :meth:`Dice.pool_try` appends to the purpose a source sees for each try of a repeated
#: roll.
TRY_PURPOSE_SUFFIX = " (try {n})"


class DiceSource(Protocol):
    """Where single die faces come from."""

    def face(self, sides: int, purpose: str) -> int:
        """Return one face in ``1..sides`` for the roll described by ``purpose``."""
        ...


class SeededSource:
    """Pseudo-random faces from a seed: the same seed gives the same faces on every machine."""

    def __init__(self, seed: int) -> None:
        import random  # only for seeded dice: scripted ones (a quick shot) do not load it

        self.seed = seed
        self._bits = random.Random(seed).getrandbits

    def __repr__(self) -> str:
        return f"SeededSource({self.seed!r})"

    def face(self, sides: int, purpose: str) -> int:
        # randint(1, sides), drawn here as random.Random draws it (randrange(sides) + 1): the
        # fewest bits that hold ``sides``, drawn again while they give too much. The very same
        # faces, without randrange's and _randbelow's frames (a fight draws some hundred).
        if sides < 1:
            raise DiceError(
                f"{purpose} asked for a d{sides}: a die has at least one face", rule=None
            )
        bits = self._bits
        k = sides.bit_length()
        r = bits(k)
        while r >= sides:
            r = bits(k)
        return r + 1


class ScriptedSource:
    """Faces given in advance, consumed in the order the rules ask for them (RULINGS D-3).

    With ``then``, faces past the given ones come from that source instead of raising.

    >>> src = ScriptedSource([3])
    >>> src.face(6, "damage")
    3
    >>> src.face(6, "damage")
    Traceback (most recent call last):
    ...
    firefight.errors.DiceError: D-3: ran out of scripted dice: 1 given, another d6 needed for damage
    """

    def __init__(self, faces: Iterable[int | str], *, then: DiceSource | None = None) -> None:
        self._faces = tuple(faces)
        self._next = 0
        self._then = then

    def __repr__(self) -> str:
        then = f", then={self._then!r}" if self._then else ""
        return f"ScriptedSource({list(self._faces)!r}{then})"

    @property
    def remaining(self) -> tuple[int | str, ...]:
        """The faces (and cards) not yet consumed."""
        return self._faces[self._next :]

    def face(self, sides: int, purpose: str) -> int:
        if self._next >= len(self._faces) and self._then is not None:
            # the player typed the dice they had; the rest come from the fallback (e.g. asked)
            return self._then.face(sides, purpose)
        if self._next >= len(self._faces):
            raise DiceError(
                f"ran out of scripted dice: {len(self._faces)} given, "
                f"another d{sides} needed for {purpose}",
                rule="D-3",
            )
        value = self._faces[self._next]
        if isinstance(value, str):
            raise DiceError(
                f"scripted die #{self._next + 1} is {value}, a card, but {purpose} needs a "
                f"d{sides} face from 1 to {sides}",
                rule="D-3",
            )
        if not 1 <= value <= sides:
            raise DiceError(
                f"scripted die #{self._next + 1} is {value!r}, "
                f"but {purpose} needs a d{sides} face from 1 to {sides}",
                rule="D-3",
            )
        self._next += 1
        return value

    def pick(self, left: tuple[Card, ...], purpose: str) -> int:
        """The index in ``left`` of the card drawn for ``purpose``: a card typed by name is
        found among the cards left (D-4: one that has left the deck is refused, naming it); a
        face is its place there, read as :meth:`face` reads it.

        >>> Dice(ScriptedSource(["QH", 1])).draw_cards(2, "draw").cards
        ('QH', 'AS')
        """
        value = self._faces[self._next] if self._next < len(self._faces) else None
        if isinstance(value, str):
            index = _place_of(value, left)
            if index is None:
                # It may have left this same draw, typed earlier: "before this shot" misled.
                earlier = [
                    n + 1
                    for n, typed in enumerate(self._faces[: self._next])
                    if isinstance(typed, str) and parse_card(typed) == parse_card(value)
                ]
                told = f" (typed as card #{earlier[-1]})" if earlier else ""
                raise DiceError(
                    f"typed card #{self._next + 1} is {value}, no longer in the deck: it has "
                    f"been drawn already{told}",
                    rule="D-4",
                )
            self._next += 1
            return index
        then = _card_picker(self._then)
        if value is None and then is not None:
            return then.pick(left, purpose)
        # Cards are told as cards: a table playing them has no d52 to roll.
        if value is None and self._then is None:
            raise DiceError(
                f"ran out of scripted cards: {len(self._faces)} given, another card needed for "
                f"{purpose}",
                rule="D-4",
            )
        if value is not None and not 1 <= value <= len(left):
            raise DiceError(
                f"typed card #{self._next + 1} is {value}, but {purpose} draws from the "
                f"{len(left)} cards left: a place is 1 to {len(left)}",
                rule="D-4",
            )
        return self.face(len(left), purpose) - 1


def _place_of(name: str, left: tuple[Card, ...]) -> int | None:
    """Where the card named (as :func:`read_faces` keeps it) lies among the cards ``left``;
    None once it has left the deck (D-4)."""
    card = parse_card(name)
    return left.index(card) if card in left else None


def read_faces(text: str, what: str = "--rolls") -> tuple[int | str, ...]:
    """The dice typed at the table as ``97,45`` (spaces ignored), in the order rolled; each
    is checked against its die when the rules ask for it (:class:`ScriptedSource`). A card
    drawn is typed by its name as the trace shows it (``QH``, ``10s``: kept as the card's own
    name, found among the cards left when it is drawn) or by its place among them, as a face
    (DEC-679).

    >>> read_faces("97, 45"), read_faces("qh,10S,3")
    ((97, 45), ('QH', '10S', 3))
    >>> read_faces("97,x", "rolls")
    Traceback (most recent call last):
    ...
    firefight.errors.DiceError: D-4: rolls takes whole die faces separated by commas, ... \
'x' is neither a die face nor a card
    """
    typed: list[int | str] = []
    for part in text.replace(" ", "").split(","):
        face = typed_whole(part)
        if face is not None:
            typed.append(face)
            continue
        try:
            typed.append(str(parse_card(part)))
        except DiceError:
            # Letters in it were meant for a card's name (D-4); anything else, for a face (D-3).
            meant = "D-4" if any(ch.isalpha() for ch in part) else "D-3"
            raise DiceError(
                f"{what} takes whole die faces separated by commas, e.g. '97,45', or cards by "
                f"name, e.g. 'QH,10S': {part[:20]!r} is neither a die face nor a card",
                rule=meant,
            ) from None
    return tuple(typed)


class PromptSource:
    """Asks a person for each face (their physical dice), re-asking on an impossible answer."""

    def __init__(self, ask: Callable[[str], str] = input, *, attempts: int = 3) -> None:
        self._ask = ask
        self._attempts = attempts

    def _answer(self, question: str, wanted: str, rule: str) -> str:
        """The answer to ``question``; input that ends first (EOFError: stdin empty or closed,
        Ctrl-D) is the dice running out, refused as scripted dice that run out are."""
        try:
            return self._ask(question).strip()
        except EOFError:
            raise DiceError(
                f"the dice ran out: the input ended before {wanted} was given; nothing was "
                "resolved",
                rule=rule,
            ) from None

    def face(self, sides: int, purpose: str) -> int:
        question = f"d{sides} for {purpose}: "
        for _ in range(self._attempts):
            answer = self._answer(question, f"a d{sides} for {purpose}", "D-3")
            face = typed_whole(answer)
            if face is not None and 1 <= face <= sides:
                return face
            # Asked again with the reason, so that a typo is not met with silence.
            said = repr(answer[:20]) if answer else "nothing"
            question = f"{said} is not a d{sides} face (1 to {sides}); d{sides} for {purpose}: "
        raise DiceError(
            f"no valid d{sides} face given for {purpose} after {self._attempts} tries", rule="D-3"
        )

    def pick(self, left: tuple[Card, ...], purpose: str) -> int:
        """The index in ``left`` of the card turned over for ``purpose``, answered as
        :func:`read_faces` reads a card typed: by name (any case) or by place among the cards
        left (DEC-679); no card, or one no longer in the deck (D-4), is asked again saying why.

        >>> answers = iter(["zz", "AS", "qh"])
        >>> Dice(PromptSource(lambda _: next(answers))).draw_cards(2, "shot").cards
        ('AS', 'QH')
        """
        question = f"card for {purpose}: "
        for _ in range(self._attempts):
            answer = self._answer(question, f"a card for {purpose}", "D-4")
            try:
                (typed,) = read_faces(answer, "a card")
            except (DiceError, ValueError):
                typed = None
            if isinstance(typed, int) and 1 <= typed <= len(left):
                return typed - 1
            index = _place_of(typed, left) if isinstance(typed, str) else None
            if index is not None:
                return index
            why = (
                f"{typed} is no longer in the deck (D-4)"
                if isinstance(typed, str)
                else f"{answer[:20]!r} is no card (a name such as QH, or a place 1 to {len(left)})"
            )
            question = f"{why}; card for {purpose}: "
        raise DiceError(
            f"no card of the deck named for {purpose} after {self._attempts} tries", rule="D-4"
        )


class RecordingSource:
    """A dice source that remembers every face it hands out: the log and the JSON output
    keep the dice an action used."""

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.faces: list[int] = []
        self._picker = _card_picker(inner)

    def face(self, sides: int, purpose: str) -> int:
        value = self.inner.face(sides, purpose)
        self.faces.append(value)
        return value

    def pick(self, left: tuple[Card, ...], purpose: str) -> int:
        """A card drawn, kept as its place among the cards ``left`` (the face a draw reads):
        one typed by name plays back from the log as that place."""
        picker = self._picker
        index = (
            picker.pick(left, purpose)
            if picker is not None
            else self.inner.face(len(left), purpose) - 1
        )
        self.faces.append(index + 1)
        return index


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def is_black(self) -> bool:
        return self in (Suit.SPADES, Suit.CLUBS)


#: The ranks named by a letter (RULINGS D-4); the rest are named by their number.
_RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Card:
    """A playing card; ``rank`` is its value under RULINGS D-4 (A = 1 ... K = 13).

    >>> Card(rank=12, suit=Suit.SPADES)
    Card(rank=12, suit=<Suit.SPADES: 'S'>)
    >>> str(Card(rank=12, suit=Suit.SPADES))
    'QS'
    """

    rank: int
    suit: Suit

    def __str__(self) -> str:
        # Asked of every card drawn: the 52 cards of FULL_DECK, which every draw and every
        # card read by name is, are named once (they are held for good, so no other card can
        # take one's id).
        named = _FULL_DECK_NAMES.get(id(self))
        return named if named is not None else _card_name(self.rank, self.suit)

    @property
    def is_black(self) -> bool:
        return self.suit.is_black


def _card_name(rank: int, suit: Suit) -> str:
    return f"{_RANK_NAMES.get(rank, str(rank))}{suit.value}"


#: A fresh deck in a fixed order; a draw picks by index among the cards still in it.
FULL_DECK: tuple[Card, ...] = tuple(Card(rank=r, suit=s) for s in Suit for r in range(1, 14))

#: The name of each card of FULL_DECK, by the card's identity.
_FULL_DECK_NAMES: dict[int, str] = {id(c): _card_name(c.rank, c.suit) for c in FULL_DECK}

#: Each card of FULL_DECK by its own name (the rank, A 2-10 J Q K, then the suit letter).
CARD_BY_NAME: dict[str, Card] = {str(c): c for c in FULL_DECK}


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Roll:
    """One roll as the rules asked for it, with every face that went into it.

    ``natural`` is the unmodified first result (fumble and special checks read it);
    ``total`` is what the roll contributes after open-ended chaining or a dice sum.
    """

    purpose: str
    kind: str
    faces: tuple[int, ...]
    natural: int
    total: int
    cards: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "type": "roll",
            "purpose": self.purpose,
            "kind": self.kind,
            "faces": list(self.faces),
            "natural": self.natural,
            "total": self.total,
        }
        if self.cards:
            data["cards"] = list(self.cards)
        return data


class Dice:
    """The rolls the rules use, drawn from an injected :class:`DiceSource`."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self._picker = _card_picker(source)

    def __repr__(self) -> str:
        return f"Dice({self.source!r})"

    @property
    def unused(self) -> tuple[int | str, ...]:
        """Scripted faces (and cards) not consumed yet (empty for other sources)."""
        return self.source.remaining if isinstance(self.source, ScriptedSource) else ()

    @classmethod
    def seeded(cls, seed: int) -> Dice:
        return cls(SeededSource(seed))

    @classmethod
    def scripted(cls, faces: Iterable[int]) -> Dice:
        return cls(ScriptedSource(faces))

    def die(self, sides: int, purpose: str) -> Roll:
        """One dN.

        >>> Dice.scripted([4]).die(6, "test").total
        4
        """
        value = self.source.face(sides, purpose)
        return Roll(purpose=purpose, kind=f"d{sides}", faces=(value,), natural=value, total=value)

    def die_face(self, sides: int, purpose: str) -> int:
        """:meth:`die`'s face, the very same draw, with no :class:`Roll` built: for a roll
        nobody reads as one (a simulated fight's critical rolls).

        >>> Dice.scripted([4]).die_face(6, "test")
        4
        """
        return self.source.face(sides, purpose)

    def pool(self, count: int, sides: int, purpose: str) -> Roll:
        """NdM summed; ``natural`` is the sum too (nothing reads a first die of a pool).

        >>> Dice.scripted([1, 2, 6]).pool(3, 6, "3d6").total
        9
        """
        faces, total = self.pool_drawn(count, sides, purpose)
        return Roll(
            purpose=purpose, kind=pool_kind(count, sides), faces=faces, natural=total, total=total
        )

    def pool_drawn(self, count: int, sides: int, purpose: str) -> tuple[tuple[int, ...], int]:
        """:meth:`pool`'s faces and their sum, the very same draws, with no :class:`Roll` built:
        for a roll nobody reads as one (a simulated fight's initiative, six a round).

        >>> Dice.scripted([1, 2, 6]).pool_drawn(3, 6, "3d6")
        ((1, 2, 6), 9)
        """
        face = self.source.face
        # A plain loop: a list comprehension is a function made and called at each roll (some
        # 2 K instructions of a 2d10's 9.5 K), and every initiative and 3d6 is one.
        faces = []
        for _ in range(_checked_count(count)):
            faces.append(face(sides, purpose))
        return tuple(faces), sum(faces)

    def pool_try(self, count: int, sides: int, purpose: str, attempt: int) -> Roll:
        """:meth:`pool` for try number ``attempt`` (1, 2, ...) of a roll the rules repeat until
        it gives a result they accept. The source is told which try it is
        (:data:`TRY_PURPOSE_SUFFIX`), so the generic exact engine can condition on the accepted
        try instead of following the loop for ever; the roll keeps the plain purpose.

        >>> Dice.scripted([2, 5]).pool_try(2, 6, "injury", 2).purpose
        'injury'
        """
        roll = self.pool(count, sides, f"{purpose}{TRY_PURPOSE_SUFFIX.format(n=attempt)}")
        return Roll(
            purpose=purpose,
            kind=roll.kind,
            faces=roll.faces,
            natural=roll.natural,
            total=roll.total,
        )

    def d100(self, purpose: str) -> Roll:
        """A plain d100, as critical rolls use (RULINGS D-2)."""
        return self.die(100, purpose)

    def d100_open_ended(self, purpose: str, *, low_end: bool = True) -> Roll:
        """d100 open-ended (RMU-GEN-2, RULINGS D-1).

        96-100 rolls again and adds while each new roll is 96-100. With ``low_end`` a first roll of
        01-05 rolls again and subtracts, that roll chaining on 96-100. RMU attack rolls pass
        ``low_end=False`` (RULINGS D-2): their low results are fumble checks instead.

        >>> Dice.scripted([4, 97, 3]).d100_open_ended("attack", low_end=False).total
        4
        """
        faces, total = self.d100_open_ended_drawn(purpose, low_end=low_end)
        return Roll(
            purpose=purpose, kind=_oe_kind(low_end), faces=faces, natural=faces[0], total=total
        )

    def d100_open_ended_drawn(
        self, purpose: str, *, low_end: bool = True
    ) -> tuple[tuple[int, ...], int]:
        """:meth:`d100_open_ended`'s faces and total, the very same draws, with no :class:`Roll`
        built: for a roll nobody reads as one (a simulated fight's attack rolls).

        >>> Dice.scripted([97, 98, 3]).d100_open_ended_drawn("attack", low_end=False)
        ((97, 98, 3), 198)
        """
        first = self.source.face(100, purpose)
        if first >= 96:
            sign = 1
        elif first <= 5 and low_end:
            sign = -1
        else:
            return (first,), first
        faces = [first]
        total = first
        for value in self._chain(purpose):
            faces.append(value)
            total += sign * value
        return tuple(faces), total

    def _chain(self, purpose: str) -> Iterator[int]:
        # A source that answers 96+ for ever (a stuck script, a person at the prompt) must not
        # keep a command running: past the limit the roll is refused.
        for _ in range(MAX_EXPLOSIONS):
            value = self.source.face(100, f"{purpose} (open-ended)")
            yield value
            if value < 96:
                return
        raise LimitError(f"{purpose}: open-ended rerolls", MAX_EXPLOSIONS + 1, f"{MAX_EXPLOSIONS}")

    def d10_exploding(self, purpose: str) -> Roll:
        """The cpr d10 (RULINGS C-1): a natural 10 adds a second d10, a natural 1 subtracts one;
        the second die never chains.

        >>> Dice.scripted([10, 10]).d10_exploding("check").total
        20
        >>> Dice.scripted([1, 7]).d10_exploding("check").total
        -6
        """
        faces, total = self.d10_exploding_drawn(purpose)
        return Roll(purpose=purpose, kind="d10 (cpr)", faces=faces, natural=faces[0], total=total)

    def d10_exploding_drawn(self, purpose: str) -> tuple[tuple[int, ...], int]:
        """:meth:`d10_exploding`'s faces and total, the very same draws, with no :class:`Roll`
        built: for a roll nobody reads as one (a simulated fight's checks).

        >>> Dice.scripted([1, 7]).d10_exploding_drawn("check")
        ((1, 7), -6)
        """
        first = self.source.face(10, purpose)
        if first not in (1, 10):
            return (first,), first
        second = self.source.face(
            10, f"{purpose} (critical {'success' if first == 10 else 'failure'})"
        )
        return (first, second), first + second if first == 10 else first - second

    def draw_cards(self, count: int, purpose: str) -> Roll:
        """Shuffle a fresh 52-card deck and draw ``count`` cards without replacement (D-4).

        Each draw is one face among the cards left, so a scripted face ``k`` takes the k-th card
        of what is left in the fixed order of :data:`FULL_DECK`; ``total`` is the rank sum.

        >>> Dice.scripted([1, 1]).draw_cards(2, "draw").cards
        ('AS', '2S')
        """
        return self.draw_from(FULL_DECK, count, purpose)

    def draw_from(self, deck: Sequence[Card], count: int, purpose: str) -> Roll:
        """Draw ``count`` cards without replacement from ``deck`` (the cards left, D-4).

        A source that can pick cards by name (:class:`CardPicker`) picks them; any other gives
        one face among the cards left.

        >>> Dice(ScriptedSource(["QH", "AS"])).draw_from(FULL_DECK, 2, "draw").cards
        ('QH', 'AS')
        """
        return cards_roll(self.cards_drawn(deck, count, purpose), purpose)

    def cards_drawn(self, deck: Sequence[Card], count: int, purpose: str) -> list[Card]:
        """:meth:`draw_from`'s cards, the very same draws, with no :class:`Roll` built: for a
        draw nobody reads as one (a simulated fight's shots); :func:`cards_roll` makes it one.

        >>> Dice.scripted([1, 1]).cards_drawn(FULL_DECK, 2, "draw") == list(FULL_DECK[:2])
        True
        """
        if not 1 <= count <= len(deck):
            raise DiceError(f"cannot draw {count!r} cards from a deck of {len(deck)}", rule="D-4")
        left = list(deck)
        drawn: list[Card] = []
        picker = self._picker
        for _ in range(count):
            if picker is not None:
                index = picker.pick(tuple(left), purpose)
            else:
                index = self.source.face(len(left), purpose) - 1
            drawn.append(left.pop(index))
        return drawn


def cards_roll(drawn: Sequence[Card], purpose: str) -> Roll:
    """The :class:`Roll` of the cards ``drawn`` for ``purpose``, as :meth:`Dice.draw_from`
    gives it: their ranks as the faces (the first the natural, their sum the total) and their
    names as the cards."""
    ranks = tuple(c.rank for c in drawn)
    return Roll(
        purpose=purpose,
        kind=f"draw {len(drawn)}",
        faces=ranks,
        natural=ranks[0],
        total=sum(ranks),
        cards=tuple(str(c) for c in drawn),
    )


@runtime_checkable
class CardPicker(Protocol):
    """A source that names the cards drawn (a player's own cards) instead of giving faces."""

    def pick(self, left: tuple[Card, ...], purpose: str) -> int:
        """The index in ``left`` of the card drawn for ``purpose``."""
        ...


def _card_picker(source: object) -> CardPicker | None:
    """``source`` when it is a :class:`CardPicker`, else None: read off its ``pick`` as the
    runtime Protocol's isinstance reads it (there, not None), without the walk over the
    Protocol's members that check makes every time (tens of thousands of instructions at
    every Dice made: live odds make one for each trial, a fight's dry runs one each).

    >>> _card_picker(ScriptedSource([1])) is not None, _card_picker(SeededSource(1))
    (True, None)
    """
    return cast("CardPicker", source) if getattr(source, "pick", None) is not None else None


def parse_card(text: str) -> Card:
    """A card from its name: rank (A, 2-10, J, Q, K) then suit (S, H, D, C), any case.

    >>> parse_card("10h"), parse_card("QS") == Card(rank=12, suit=Suit.SPADES)
    (Card(rank=10, suit=<Suit.HEARTS: 'H'>), True)
    """
    # Every card's name is one of FULL_DECK's: a name not there is no card.
    known = CARD_BY_NAME.get(text.strip().upper())
    if known is None:
        raise DiceError(
            f"{text!r} is not a card: write the rank (A, 2-10, J, Q, K) and the suit "
            "(S, H, D, C), e.g. QH or 10S",
            rule="D-4",
        )
    return known


def _oe_kind(low_end: bool) -> str:
    return "d100 open-ended" if low_end else "d100 open-ended (high)"
