"""The cards catalog (CRD-WPN-1), reaction (K-2), reloading and the card parser of the dice
layer (D-4)."""

from __future__ import annotations

import pytest

from firefight.declarations import DeclarationError, declare
from firefight.dice import FULL_DECK, Dice, PromptSource, ScriptedSource, Suit, parse_card
from firefight.errors import DiceError, RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.cards.data import Level, Mode, cards_data
from firefight.rulesets.cards.reaction import Reaction, resolve_reaction
from firefight.rulesets.cards.reload import Reload, resolve_reload

# name: (ammo, damage, modes, R/C, conceal, load) as 003 lists them.
SOURCE_LIST = {
    "Beretta Model 81": (12, "2Y", "SA", 0, 9, 60),
    "Beretta Model 93R": (20, "2Y", "SA/BF", 1, 8, 150),
    "Browning High-Power": (13, "2Y", "SA", 0, 9, 65),
    "Glock 22": (15, "2Y", "SA", 0, 9, 75),
    "H&K VP70M": (18, "2Y", "SA/BF", 0, 8, 110),
    "H&K VP70Z": (18, "2Y", "SA", 0, 8, 90),
    "H&K HK4": (8, "3Y", "SA", 0, 9, 50),
    "Desert Eagle": (8, "3Y", "SA", 0, 7, 50),
    "Ruger Blackhawk": (6, "3Y", "SS", 0, 6, 50),
    "Ruger Redhawk": (6, "4Y", "SS", 0, 6, 60),
    "S&W Model 29": (6, "4Y", "SS", 0, 5, 60),
}


def test_crd_wpn_1_the_master_list_is_the_sources() -> None:
    """CRD-WPN-1: every row of 003's list up to the cut, with its figures."""
    data = cards_data()
    by_name = {w.name: w for w in data.weapons.values()}
    for name, (ammo, damage, modes, rc, conceal, load) in SOURCE_LIST.items():
        w = by_name[name]
        assert (w.ammo, w.damage_label, "/".join(m.value for m in w.modes)) == (
            ammo,
            damage,
            modes,
        )
        assert (w.rc, w.conceal, w.load, w.provisional) == (rc, conceal, load, ())
        assert w.range_class == "pistol"


def test_crd_wpn_1_the_list_is_cut_off_after_the_ussr_psm() -> None:
    """CRD-WPN-1: the source stops inside the USSR PSM row: its ammo and damage are the
    source's, the rest are marked provisional, and the cut is recorded."""
    data = cards_data()
    psm = data.weapon("ussr-psm")
    assert (psm.ammo, psm.damage_label) == (8, "3Y")
    assert set(psm.provisional) == {"modes", "rc", "conceal", "load"}
    assert data.cut_off_after == "ussr-psm"
    g11 = data.weapon("hk-g11")  # from the CRD-MODE-2 example, not the list
    assert (g11.damage, g11.level, g11.modes) == (4, Level.YELLOW, (Mode.BF, Mode.FA))
    assert "ammo" in g11.provisional


def test_crd_wpn_1_the_catalog_lists_every_weapon() -> None:
    rows = find_ruleset("cards").weapon_catalog()
    assert len(rows) == len(cards_data().weapons)
    assert find_ruleset("cards").check_data()


def test_crd_dmg_1_armor_lists_dr_and_stars_per_type() -> None:
    """CRD-DMG-1: armor has a DR and stars for Ballistic, Blade, Impact and Heat."""
    for armor in cards_data().armor.values():
        assert len(armor.dr) == len(armor.stars) == 4
    assert cards_data().armor["none"].dr == (0, 0, 0, 0)


def test_crd_mode_2_compensation_devices() -> None:
    """CRD-MODE-2: typical compensation of each device."""
    assert cards_data().modifiers.compensation == {
        "shock-pads": (1, 2),
        "shoulder-stock": (2, 2),
        "gas-vent": (1, 3),
        "bipod": (2, 2),
        "tripod": (3, 3),
        "gyromount": (3, 6),
    }


def test_d_4_card_values_and_colours() -> None:
    """D-4: 52 cards, no jokers; A = 1 ... K = 13; spades and clubs black."""
    assert len(set(FULL_DECK)) == 52
    assert sorted({c.rank for c in FULL_DECK}) == list(range(1, 14))
    assert parse_card("AS").rank == 1 and parse_card("kd").rank == 13
    assert parse_card("10C").is_black and not parse_card("QH").is_black
    assert parse_card("7c").suit is Suit.CLUBS
    for bad in ("1S", "ZZ", "11H", "Q", ""):
        with pytest.raises(DiceError):
            parse_card(bad)


def test_d_4_scripted_and_asked_cards() -> None:
    """D-4: named cards are dealt in order; a card already dealt from this deck is an error;
    asked cards re-ask for a name not in the deck."""
    assert Dice(ScriptedSource(["QH", "QS"])).draw_cards(2, "x").cards == ("QH", "QS")
    with pytest.raises(DiceError, match="no longer in the deck"):
        Dice(ScriptedSource(["QH", "QH"])).draw_cards(2, "x")
    answers = iter(["zz", "QH", "QH", "3d"])
    asked = Dice(PromptSource(lambda _: next(answers))).draw_cards(2, "x")
    assert asked.cards == ("QH", "3D")
    then = Dice(ScriptedSource(["2S"], then=PromptSource(lambda _: "KC"))).draw_cards(2, "x")
    assert then.cards == ("2S", "KC")


def test_k_2_reaction_order_and_ties() -> None:
    """K-2: one card each, higher first; a tie goes to the higher Reflex-like stat; a tie on
    both acts at once."""
    action = declare(Reaction, who=["Ann", "Bob", "Cy"], reflex=[2, 5, 2])
    outcome = resolve_reaction(action, Dice(ScriptedSource(["7S", "7H", "KD"])))
    assert outcome.result.order == (("Cy",), ("Bob",), ("Ann",))
    tied = declare(Reaction, who=["Ann", "Bob", "Cy"], reflex=[3, 3, 1])
    outcome = resolve_reaction(tied, Dice(ScriptedSource(["9S", "9H", "9D"])))
    assert outcome.result.order == (("Ann", "Bob"), ("Cy",))


def test_k_2_reaction_refusals() -> None:
    """K-2: a stat per combatant, each named once."""
    with pytest.raises(RuleRefusal) as refused:
        resolve_reaction(declare(Reaction, who=["A", "B"], reflex=[1]), Dice.seeded(1))
    assert refused.value.rule == "K-2"
    with pytest.raises(RuleRefusal):
        resolve_reaction(declare(Reaction, who=["A", "a"], reflex=[1, 1]), Dice.seeded(1))
    with pytest.raises(DeclarationError):
        declare(Reaction, who=["A"], reflex=[1])


def test_crd_wpn_1_reload_fills_the_listed_magazine() -> None:
    """CRD-WPN-1: a fresh magazine holds the listed ammo; a full one cannot be reloaded."""
    outcome = resolve_reload(declare(Reload, weapon="glock-22", loaded=3))
    assert outcome.result.loaded == 15
    with pytest.raises(RuleRefusal) as refused:
        resolve_reload(declare(Reload, weapon="glock-22", loaded=15))
    assert refused.value.rule == "CRD-WPN-1"


def test_crd_mod_1_dec_632_cover_shares_are_checked_when_read() -> None:
    """A cover_share must name each cover but none, and a larger cover must need a larger share
    (0 to 1): a file that breaks either is refused, naming the rule it broke."""
    import tomllib

    from pydantic import ValidationError

    from firefight.rulesets.cards.data import ModifierFigures
    from firefight.tables.shipped import package_data

    raw = tomllib.loads(package_data("firefight.rulesets.cards", "data/modifiers.toml").read_text())
    assert ModifierFigures.model_validate(raw).cover_hiding(0.3) == "quarter"
    for shares, says in (
        ({"quarter": 0.25}, "a share for each cover but none"),
        ({"quarter": 0.6, "half": 0.5}, "a larger cover_share"),
        ({"quarter": 0.25, "half": 1.5}, "a larger cover_share"),
    ):
        with pytest.raises(ValidationError, match=says):
            ModifierFigures.model_validate({**raw, "cover_share": shares})
