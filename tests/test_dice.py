"""Dice: sources, open-ended d100 (RMU-GEN-2, D-1, D-2), scripted dice (D-3), the cpr d10 (C-1),
NdM and the card deck (D-4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firefight.dice import (
    FULL_DECK,
    Card,
    Dice,
    PromptSource,
    ScriptedSource,
    SeededSource,
    cards_roll,
    parse_card,
    read_faces,
)
from firefight.errors import DiceError
from firefight.trace import QuietTraceBuilder, TraceBuilder


def test_d_1_book_check_high_chain() -> None:
    """D-1 book example: 99, 96, 04 -> 199 (96-100 keeps adding)."""
    roll = Dice.scripted([99, 96, 4]).d100_open_ended("check")
    assert roll.total == 199
    assert roll.faces == (99, 96, 4)
    assert roll.natural == 99


def test_d_1_book_check_low_chain() -> None:
    """D-1 book example: 04, 97, 03 -> -96 (01-05 subtracts, the subtracted roll chains on 96+)."""
    roll = Dice.scripted([4, 97, 3]).d100_open_ended("check")
    assert roll.total == -96
    assert roll.natural == 4


@pytest.mark.parametrize(
    ("faces", "total"),
    [
        ([96, 50], 146),  # 96 is the high end's first face
        ([95], 95),  # 95 stands alone
        ([5, 50], -45),  # 05 is the low end's last face
        ([6], 6),  # 06 stands alone
        ([96, 96, 10], 202),  # a 96 rolled again chains once more
        ([96, 95], 191),  # 95 ends the chain
    ],
)
def test_d_1_the_ends_open_at_96_and_05_exactly(faces: list[int], total: int) -> None:
    """D-1: 96-100 opens high and chains, 01-05 opens low; 95 and 06 do neither."""
    dice = Dice.scripted(faces)
    assert dice.d100_open_ended("check").total == total
    assert not dice.unused


def test_rmu_gen_2_only_the_first_roll_triggers_the_low_end() -> None:
    # 97 then 03: the 03 is an added chain roll, never a new low-end trigger
    assert Dice.scripted([97, 3]).d100_open_ended("check").total == 100


def test_rmu_gen_2_middle_rolls_do_not_chain() -> None:
    roll = Dice.scripted([50, 99]).d100_open_ended("check")
    assert roll.total == 50
    assert roll.faces == (50,)


@pytest.mark.parametrize(
    ("faces", "total"),
    [
        ((96, 40), 136),  # 96 is the first face that rolls again and adds
        ((95, 40), 95),  # 95 is an ordinary roll
        ((5, 40), -35),  # 05 is the last face that rolls again and subtracts: 5 - 40
        ((6, 40), 6),  # 06 is an ordinary roll
        ((97, 96, 10), 203),  # a reroll of 96 chains on: 97 + 96 + 10
        ((97, 95, 10), 192),  # a reroll of 95 ends the chain: 97 + 95
    ],
)
def test_rmu_gen_2_the_open_ends_begin_at_96_and_05(faces: tuple[int, ...], total: int) -> None:
    """RMU-GEN-2's edges, one face either side of each."""
    assert Dice.scripted(faces).d100_open_ended("check").total == total


def test_d_2_attack_rolls_open_high_only() -> None:
    """D-2: a low attack roll stays as it is (it is a fumble check, not a subtraction)."""
    dice = Dice.scripted([3, 80])
    roll = dice.d100_open_ended("attack", low_end=False)
    assert roll.total == 3
    assert dice.unused == (80,)
    assert Dice.scripted([100, 100, 20]).d100_open_ended("attack", low_end=False).total == 220


def test_d_3_scripted_dice_run_out_with_a_clear_error() -> None:
    with pytest.raises(
        DiceError, match=r"^D-3: ran out of scripted dice: 1 given, another d100 needed for attack"
    ):
        Dice.scripted([97]).d100_open_ended("attack")


def test_d_3_scripted_face_out_of_range_is_refused() -> None:
    with pytest.raises(DiceError, match=r"^D-3: .* needs a d10 face from 1 to 10"):
        Dice.scripted([11]).d10_exploding("check")


def test_dice_typed_wrong_are_refused_naming_the_ruling_they_break() -> None:
    """D-3, D-4: a typed face that is no face is refused under D-3, a card name that is no
    card under D-4, the ruling first as a rule refusal names its rule, so that the session and
    the web table's dice box say it alike."""
    with pytest.raises(DiceError) as no_face:
        read_faces("97,4.5", "rolls")
    assert (no_face.value.rule, str(no_face.value).split(": ")[0]) == ("D-3", "D-3")
    with pytest.raises(DiceError) as no_card:
        read_faces("QH,ZH", "rolls")
    assert str(no_card.value).startswith("D-4: rolls takes whole die faces")
    assert "'ZH' is neither a die face nor a card" in str(no_card.value)
    with pytest.raises(DiceError, match=r"^D-4: 'QX' is not a card"):
        parse_card("QX")


def test_c_1_d10_explodes_both_ways_and_never_chains() -> None:
    assert Dice.scripted([10, 10]).d10_exploding("c").total == 20  # no third die
    assert Dice.scripted([1, 1]).d10_exploding("c").total == 0
    assert Dice.scripted([1, 10]).d10_exploding("c").total == -9
    assert Dice.scripted([7]).d10_exploding("c").faces == (7,)


class _Asked:
    """A source answering from a script and keeping what each die was asked for."""

    def __init__(self, faces: list[int]) -> None:
        self._faces = iter(faces)
        self.asked: list[str] = []

    def face(self, sides: int, purpose: str) -> int:
        self.asked.append(f"d{sides} {purpose}")
        return next(self._faces)


@pytest.mark.parametrize(
    ("faces", "second"), [((10, 4), "critical success"), ((1, 4), "critical failure")]
)
def test_c_1_the_second_d10_is_asked_for_as_what_the_first_made_it(
    faces: tuple[int, int], second: str
) -> None:
    """C-1: a player rolling at the prompt (and the exact odds, which read the purpose) is
    told whether the second d10 adds (after a 10) or takes away (after a 1); the quiet draw
    asks as the told roll does."""
    for roll in (Dice.d10_exploding, Dice.d10_exploding_drawn):
        source = _Asked(list(faces))
        roll(Dice(source), "check")
        assert source.asked == ["d10 check", f"d10 check ({second})"]


def test_pool_sums_faces() -> None:
    roll = Dice.scripted([6, 6, 1]).pool(3, 6, "3d6")
    assert (roll.total, roll.faces, roll.kind) == (13, (6, 6, 1), "3d6")


def test_d_4_deck_draws_without_replacement() -> None:
    roll = Dice.seeded(3).draw_cards(52, "whole deck")
    assert sorted(roll.cards) == sorted(str(c) for c in FULL_DECK)
    assert len(set(roll.cards)) == 52


def test_d_4_card_values_and_colours() -> None:
    roll = Dice.scripted([13, 13]).draw_cards(2, "two")
    assert roll.cards == ("KS", "AH")  # 13th of 52 is the king of spades; then the ace of hearts
    assert roll.faces == (13, 1)
    assert FULL_DECK[0].is_black and not FULL_DECK[13].is_black


def test_d_4_a_card_is_named_by_rank_and_suit_whether_of_the_deck_or_made_anew() -> None:
    """D-4: the deck's cards are named once, by identity; a card equal to one of them but made
    anew (read back from a log, built by a caller) is named the same, by rank and suit."""
    names = [str(c) for c in FULL_DECK]
    assert names[:13] == ["AS", *(f"{r}S" for r in range(2, 11)), "JS", "QS", "KS"]
    assert [n[-1] for n in names[::13]] == ["S", "H", "D", "C"]
    assert [str(Card(rank=c.rank, suit=c.suit)) for c in FULL_DECK] == names


def test_d_4_cards_typed_run_out_or_out_of_the_deck_are_refused_as_cards() -> None:
    """D-4, DEC-679: cards typed at the table that run out, or a place past the cards left,
    are refused as cards; they were told as dice ("another d37 needed for knockdown", "needs
    a d52 face"), which is no die at a table playing cards."""
    with pytest.raises(DiceError) as ran_out:
        Dice(ScriptedSource(["QH", 3])).draw_cards(3, "shot")
    assert str(ran_out.value) == (
        "D-4: ran out of scripted cards: 2 given, another card needed for shot"
    )
    with pytest.raises(DiceError) as past:
        Dice(ScriptedSource(["QH", 52])).draw_cards(2, "shot")
    assert str(past.value) == (
        "D-4: typed card #2 is 52, but shot draws from the 51 cards left: a place is 1 to 51"
    )
    with pytest.raises(DiceError) as gone:
        Dice(ScriptedSource(["QH", "QH"])).draw_cards(2, "shot")
    assert str(gone.value) == (
        "D-4: typed card #2 is QH, no longer in the deck: it has been drawn already (typed as "
        "card #1)"
    )
    # a card that left the deck before this draw is not said to be typed in it
    with pytest.raises(DiceError) as before:
        Dice(ScriptedSource(["AS"])).draw_from(FULL_DECK[1:], 1, "shot")
    assert str(before.value) == (
        "D-4: typed card #1 is AS, no longer in the deck: it has been drawn already"
    )


def test_seeded_dice_reproduce() -> None:
    a = [SeededSource(42).face(100, "x") for _ in range(1)]
    src1, src2 = SeededSource(42), SeededSource(42)
    assert [src1.face(100, "x") for _ in range(50)] == [src2.face(100, "x") for _ in range(50)]
    assert a[0] == SeededSource(42).face(100, "x")


def test_prompt_source_reasks_on_bad_answers() -> None:
    answers = iter(["zero", "101", "42"])
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    assert PromptSource(ask).face(100, "attack roll") == 42
    assert asked[0] == "d100 for attack roll: "
    with pytest.raises(DiceError):
        PromptSource(lambda _: "x", attempts=2).face(6, "damage")


def test_d_3_typed_faces_are_digits_and_anything_else_is_refused_in_words() -> None:
    """D-3: a face typed at the table is read as digits. A superscript two passes
    ``str.isdigit`` but not ``int``, and crashed the asking, the session's ``rolls`` and every
    ``--rolls``; it is refused, or asked again, saying why, as any other stray character is."""
    assert read_faces("97, 45,3") == (97, 45, 3)
    for typed in ("97,\u00b2", "97,,45", "4.5", "-3", "9" * 13, ""):
        with pytest.raises(DiceError, match="whole die faces separated by commas"):
            read_faces(typed)
    answers = iter(["\u00b2", "9" * 5000, "7"])
    assert PromptSource(lambda _: next(answers)).face(10, "initiative") == 7


@given(st.lists(st.integers(1, 100), min_size=6, max_size=6))
def test_rmu_gen_2_open_ended_total_matches_its_faces(faces: list[int]) -> None:
    roll = Dice(ScriptedSource(faces + [1] * 10)).d100_open_ended("p")
    first = roll.faces[0]
    if first >= 96:
        assert roll.total == sum(roll.faces)
    elif first <= 5:
        assert roll.total == first - sum(roll.faces[1:])
    else:
        assert roll.total == first
    # every face but the last of a chain is 96-100
    assert all(f >= 96 for f in roll.faces[1:-1])


def test_d_3_scripted_faces_then_a_fallback_source() -> None:
    """Given faces first, then the fallback: the dice a player typed, then asked for more."""
    dice = Dice(ScriptedSource([8], then=ScriptedSource([4, 3])))
    assert dice.die(10, "attack").total == 8
    assert dice.pool(2, 6, "damage").faces == (4, 3)


def test_seeded_faces_are_the_seeds_randint_draws() -> None:
    """A seed's faces are the draws ``random.Random(seed).randint(1, sides)`` gives, whatever
    way the source asks for them: stored seeds and recorded fights replay the same dice."""
    import random

    for seed in range(50):
        rng, source = random.Random(seed), SeededSource(seed)
        for sides in (1, 2, 3, 6, 10, 13, 52, 100, 1000):
            assert [source.face(sides, "x") for _ in range(20)] == [
                rng.randint(1, sides) for _ in range(20)
            ]


def test_rolls_drawn_without_a_roll_are_the_same_draws() -> None:
    """A quiet trace reads a roll's faces and total alone (Dice.pool_drawn,
    Dice.d100_open_ended_drawn, Dice.d10_exploding_drawn): the same faces and total as the
    Roll, from the same draws, and the dice left where the Roll leaves them."""
    for seed in range(200):
        told, quiet = Dice.seeded(seed), Dice.seeded(seed)
        for low_end in (True, False):
            roll = told.d100_open_ended("attack roll", low_end=low_end)
            assert quiet.d100_open_ended_drawn("attack roll", low_end=low_end) == (
                roll.faces,
                roll.total,
            )
        pool = told.pool(2, 10, "initiative")
        assert quiet.pool_drawn(2, 10, "initiative") == (pool.faces, pool.total)
        # C-1: the cpr d10, its second die after a natural 10 or 1 among them.
        for _ in range(3):
            d10 = told.d10_exploding("check")
            assert quiet.d10_exploding_drawn("check") == (d10.faces, d10.total)
        # A trace builder's rolls: the told one keeps the Roll, the quiet one the draws alone.
        kept = TraceBuilder()
        assert kept.pool(told, 3, 6, "3d6") == QuietTraceBuilder().pool(quiet, 3, 6, "3d6")
        assert kept.d10_exploding(told, "c") == QuietTraceBuilder().d10_exploding(quiet, "c")
        assert [r.kind for r in kept.build().rolls] == ["3d6", "d10 (cpr)"]
        # D-4: a draw's cards alone (Dice.cards_drawn) make the very Roll draw_from gives.
        deck = FULL_DECK[seed % 40 :]
        drawn = told.draw_from(deck, 3, "shot")
        assert cards_roll(quiet.cards_drawn(deck, 3, "shot"), "shot") == drawn
        assert told.die(100, "next") == quiet.die(100, "next")
    # The open-ended chains both ways, as the Roll's do.
    scripted = Dice.scripted([97, 99, 40, 3, 98, 12])
    assert scripted.d100_open_ended_drawn("p") == ((97, 99, 40), 236)
    assert scripted.d100_open_ended_drawn("p") == ((3, 98, 12), -107)


@pytest.mark.parametrize("count", [0, -1, 53])
def test_d_4_a_draw_of_no_cards_or_more_than_the_deck_is_refused(count: int) -> None:
    """D-4: a draw takes 1 to the cards left; any other count is refused by name, the quiet
    draw (Dice.cards_drawn) as the told one, and no card is drawn."""
    for draw in (Dice.cards_drawn, Dice.draw_from):
        dice = Dice.scripted([1])
        with pytest.raises(DiceError, match=f"cannot draw {count} cards from a deck of 52"):
            draw(dice, FULL_DECK, count, "shot")
        assert dice.die_face(6, "after") == 1  # the scripted face still unread


def test_d_4_a_draws_roll_reads_its_cards_in_the_order_drawn() -> None:
    """D-4: the Roll a quiet draw's cards are made into (cards_roll, as a told trace keeps
    it): the first card drawn is the natural, the ranks sum to the total, the kind counts the
    cards."""
    drawn = [parse_card("KS"), parse_card("3H"), parse_card("AD")]
    roll = cards_roll(drawn, "shot")
    assert (roll.natural, roll.total, roll.kind) == (13, 17, "draw 3")
    assert roll.cards == ("KS", "3H", "AD") and roll.purpose == "shot"


def test_a_face_drawn_alone_is_asked_for_by_its_purpose() -> None:
    """A quiet die (Dice.die_face, a simulated fight's critical roll, RMU-GEN-6) asks the
    source for the very purpose the told die does: a player at the prompt and the exact odds
    read it."""
    for roll in (Dice.die, Dice.die_face):
        source = _Asked([42])
        roll(Dice(source), 100, "critical roll")
        assert source.asked == ["d100 critical roll"]


def test_d_3_d_4_asked_dice_whose_input_ends_have_run_out() -> None:
    """DEC-817: the input ending (EOFError) before a face or a card is the dice running out,
    named with what was wanted, not an exception of the terminal's."""

    def ended(_: str) -> str:
        raise EOFError

    with pytest.raises(DiceError) as face:
        PromptSource(ended).face(100, "attack roll")
    assert str(face.value) == (
        "D-3: the dice ran out: the input ended before a d100 for attack roll was given; nothing "
        "was resolved"
    )
    with pytest.raises(DiceError) as card:
        Dice(PromptSource(ended)).draw_cards(1, "shot")
    assert str(card.value).startswith("D-4: the dice ran out: the input ended before a card for ")
