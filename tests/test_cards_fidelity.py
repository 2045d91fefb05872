"""cards rules pinned where a deliberate wrong change to the code or data went unnoticed, and
the source's worked examples no test reproduced (fidelity audit by mutation; each test names
the rule and the change it guards against). Figures are worked by hand from 003 and RULINGS."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from catalog_support import install
from encounter_support import in_memory, scene
from firefight.declarations import declare
from firefight.dice import Dice, ScriptedSource, read_faces
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome
from firefight.rulesets import find_ruleset
from firefight.rulesets.cards.data import DamageType, Level, cards_data
from firefight.rulesets.cards.encounter import CardsShot, build_shot
from firefight.rulesets.cards.encounter_model import stats_of
from firefight.rulesets.cards.reaction import Reaction, resolve_reaction
from firefight.rulesets.cards.shot import Shot, ShotPlan, ShotResult, plan_shot, resolve_shot
from firefight.rulesets.cards.wounds import armor_level
from firefight.service import EncounterService

CARDS = find_ruleset("cards")

# Made-up rows for what the shipped lists cannot show: a gun doing Red damage (the list's guns
# all do Yellow) and armor with a star against one damage type only (the shipped rows give
# ballistic and blade stars alike where they matter).
HOUSE = """[catalog]
ruleset = "cards"

[[weapon]]
key = "house-3r"
name = "House 3R pistol"
class = "pistol"
ammo = 6
damage = "3R"
modes = ["SA"]
rc = 0
conceal = 6
load = 50
provisional = ["ammo", "damage", "conceal", "load"]
derivation = "a test weapon doing Red damage: step 4's Red-to-Yellow example needs one"

[[armor]]
key = "blade-star"
name = "Blade-starred mesh (house)"
dr = [0, 0, 0, 0]
stars = [0, 2, 0, 0]

[[armor]]
key = "ballistic-star"
name = "Ballistic-starred plate (house)"
dr = [0, 0, 0, 0]
stars = [1, 0, 0, 0]
"""


@pytest.fixture
def house(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The HOUSE rows laid over the shipped cards data for one test, forgotten after it."""
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path))
    install(tmp_path, HOUSE)
    cards_data.cache_clear()
    yield
    cards_data.cache_clear()


def fire(cards: str, **values: Any) -> Outcome[ShotResult]:
    base: dict[str, Any] = {"weapon": "glock-22", "skill": 3, "distance": 10}
    shot = declare(Shot, **(base | values))
    return resolve_shot(shot, Dice(ScriptedSource(read_faces(cards))))


# --- CRD-DMG-1 --------------------------------------------------------------------------------


@pytest.mark.usefixtures("house")
def test_crd_dmg_1_a_ballistic_star_lowers_red_to_yellow_before_the_dr() -> None:
    """CRD-DMG-1, step 4's example (Red to Yellow): two successes of a 3R gun are 6 Red; the
    ceramic plates' one ballistic star makes them 6 Yellow, then DR 5 leaves 1 Yellow. With no
    armor the same draw is 6 Red. An unhurt target counts as Green (DEC-257): Yellow is one
    level crossed, one knockdown card (2, below 8: up); Red is two, two cards."""
    plated = fire("KH,QH,2S,2C", weapon="house-3r", armor="ceramic-plates")
    assert plated.result.successes == 2
    assert (plated.result.wound.damage, plated.result.wound.level) == (1, "Yellow")
    assert (plated.result.wound.track, plated.result.wound.crossed) == ((0, 1, 0), 1)
    bare = fire("KH,QH,2S,2C,3C", weapon="house-3r")
    assert (bare.result.wound.damage, bare.result.wound.level) == (6, "Red")
    assert (bare.result.wound.track, bare.result.wound.crossed) == ((0, 0, 6), 2)
    assert armor_level(Level.RED, cards_data().armor["ceramic-plates"], DamageType.BALLISTIC) is (
        Level.YELLOW
    )


@pytest.mark.usefixtures("house")
def test_crd_dmg_1_only_stars_against_ballistic_lower_a_bullets_level() -> None:
    """CRD-DMG-1: stars lower the level of the damage type they are marked on, and a bullet is
    Ballistic. Guards against reading the Blade column: a 3Y Desert Eagle success into armor
    starred only against blades stays 3 Yellow; into armor with one ballistic star it is
    3 Green, which crosses no level and draws no knockdown card."""
    blade = fire("KH,2H,2D,2C", weapon="desert-eagle", armor="blade-star")
    assert (blade.result.wound.damage, blade.result.wound.level) == (3, "Yellow")
    assert (blade.result.wound.crossed, blade.result.wound.wear) == (1, 1)
    ballistic = fire("KH,2H,2D", weapon="desert-eagle", armor="ballistic-star")
    assert (ballistic.result.wound.damage, ballistic.result.wound.level) == (3, "Green")
    assert [r.purpose for r in ballistic.trace.rolls] == ["shot"]


# --- in an encounter: the shooter's wounds and aiming (K-3, CRD-MOD-1), armor wear (CRD-DMG-2)


def person(name: str, x: float, **extra: Any) -> dict[str, Any]:
    """A cards combatant at (``x``, 0) m drawing from a fresh deck per draw (D-4), so that
    scripted cards are dealt by name: skill 3 and a Desert Eagle (3Y)."""
    return {
        "name": name,
        "position": [x, 0],
        "skill": 3,
        "weapon": [{"weapon": "desert-eagle", "name": "eagle"}],
        **extra,
    }


def dealt(cards: str) -> Dice:
    return Dice(ScriptedSource(read_faces(cards)))


def duel(**ann: Any) -> EncounterService:
    """Ann at 0 m and Bob at 10 m (Medium for a pistol: Target 6); the reaction deals Ann the
    king, so she acts first (K-2)."""
    return in_memory(
        "f", scene(person("Ann", 0, **ann), person("Bob", 10), ruleset="cards"), dealt("KH,2C")
    )


def planned(service: EncounterService, line: str) -> ShotPlan:
    """The plan of the shot ``line`` declares in the fight as it stands (no card drawn)."""
    state = service.state("f")
    action = CARDS.parse_action(line, state)
    assert isinstance(action, CardsShot)
    return build_shot(state, action)[1]


def shot_target(service: EncounterService, line: str) -> int:
    return planned(service, line).target


@pytest.mark.parametrize(
    ("wounds", "target"), [((0, 0, 0), 6), ((4, 0, 0), 7), ((12, 3, 0), 8), ((12, 12, 2), 9)]
)
def test_k_3_the_shooters_worst_wounded_level_raises_the_target(
    wounds: tuple[int, int, int], target: int
) -> None:
    """K-3 / CRD-MOD-1 ("wounds +1 per level"): in an encounter the shooter's own track sets
    the modifier, by the worst level holding damage: Green +1, Yellow +2, Red +3 on Medium's 6.
    Guards against reading every hurt track as Green."""
    service = duel(wounds=list(wounds))
    assert shot_target(service, "Ann shoots Bob") == target


def test_crd_mod_1_each_turn_aimed_counts_and_the_shot_spends_them() -> None:
    """CRD-MOD-1: -1 per turn aiming. Ann aims two turns: her shot is at 6 - 2 = 4. The shot
    spends the aim: her next shot is back at 6. Guards against a count stuck at one turn and
    an aim kept past the shot it served."""
    service = duel()
    service.act("f", "Ann aims", Dice.seeded(0))
    service.act("f", "Bob waits", Dice.seeded(0))
    service.next_round("f", dealt("KH,2C"))
    service.act("f", "Ann aims", Dice.seeded(0))
    service.act("f", "Bob waits", Dice.seeded(0))
    service.next_round("f", dealt("KH,2C"))
    assert shot_target(service, "Ann shoots Bob") == 4
    shot = service.act("f", "Ann shoots Bob", dealt("2S,3S,2D"))  # three misses
    assert shot.record.summary["shot"]["target"] == 4
    service.act("f", "Bob waits", Dice.seeded(0))
    service.next_round("f", dealt("KH,2C"))
    assert shot_target(service, "Ann shoots Bob") == 6


def test_crd_dmg_2_armor_wear_adds_up_over_the_hits() -> None:
    """CRD-DMG-2: each level crossed puts 1 Wear on the armor, and Wear stays. Bob (leather
    jacket, ballistic DR 1) takes 3 x 3Y = 9 less 1 = 8 Yellow: Green to Yellow, Wear 1; next
    round another 8 Yellow fills Yellow (12) and puts 4 in Red: Yellow to Red, Wear 2. Each
    knockdown card (2) is below 8: Bob stays up."""
    service = in_memory(
        "f",
        scene(person("Ann", 0), person("Bob", 10, armor="leather-jacket"), ruleset="cards"),
        dealt("KH,2C"),
    )
    service.act("f", "Ann shoots Bob", dealt("KH,QH,JH,2C"))
    assert stats_of(service.state("f").combatant("Bob")).wear == 1
    service.act("f", "Bob waits", Dice.seeded(0))
    service.next_round("f", dealt("KH,2C"))
    service.act("f", "Ann shoots Bob", dealt("KH,QH,JH,2C"))
    bob = stats_of(service.state("f").combatant("Bob"))
    assert (bob.green, bob.yellow, bob.red, bob.wear) == (0, 12, 4, 2)
    assert not bob.knocked_down


# --- CRD-MODE-1 -------------------------------------------------------------------------------


def test_crd_mode_1_the_last_rounds_in_the_magazine_still_fire() -> None:
    """CRD-MODE-1: a shot needs as many rounds as it fires, no more: one round left fires an
    SA shot, exactly three a BF burst, exactly nine an FA burst of nine; one fewer is refused.
    Guards against refusing a magazine holding just enough."""
    assert plan_shot(declare(Shot, weapon="glock-22", skill=3, distance=10, loaded=1)).bullets == 1
    g11: dict[str, Any] = {"weapon": "hk-g11", "skill": 3, "distance": 150}
    assert plan_shot(declare(Shot, **g11, mode="BF", loaded=3)).bullets == 3
    assert plan_shot(declare(Shot, **g11, mode="FA", bullets=9, loaded=9)).bullets == 9
    with pytest.raises(RuleRefusal) as refused:
        plan_shot(declare(Shot, **g11, mode="FA", bullets=9, loaded=8))
    assert refused.value.rule == "CRD-MODE-1"


# --- D-4 --------------------------------------------------------------------------------------


def test_d_4_the_reshuffle_leaves_the_cards_of_the_draw_under_way_on_the_table() -> None:
    """D-4, DEC-254: a persistent deck that runs out mid-draw reshuffles the discards, not the
    cards this draw has already dealt. Two cards left (AS, 2S) for a three-card draw: the third
    is the first card of the reshuffled deck without them, 3S; the ace cannot come back.
    Guards against reshuffling the whole deck."""
    outcome = resolve_shot(
        declare(Shot, weapon="glock-22", skill=3, distance=10, deck="AS,2S"),
        Dice.scripted([1, 1, 1]),
    )
    assert outcome.result.cards == ("AS", "2S", "3S")
    assert outcome.result.successes == 0


# --- K-2 --------------------------------------------------------------------------------------


def test_k_2_the_reaction_deals_everyone_from_one_deck() -> None:
    """K-2 with D-4 / DEC-254: the reaction is one draw action, a card to each from one
    shuffled deck, so no two combatants hold the same card. The first face of a fresh deck is
    the ace of spades: Ann gets it, and Bob the first of what is left, the two of spades, and
    acts first. Guards against a fresh deck per combatant (Bob would hold a second AS)."""
    outcome = resolve_reaction(
        declare(Reaction, who=("Ann", "Bob"), reflex=(0, 0)), Dice.scripted([1, 1])
    )
    assert outcome.result.cards == {"Ann": "AS", "Bob": "2S"}
    assert outcome.result.order == (("Bob",), ("Ann",))


def test_crd_mode_1_in_an_encounter_the_shot_reads_the_rounds_left() -> None:
    """CRD-MODE-1: a burst needs its bullets in the magazine. Ann's Beretta 93R has 2 rounds
    left: a BF burst (3) is refused and nothing changes; a single SA round still fires. Guards
    against the encounter taking every magazine for full."""
    beretta = [{"weapon": "beretta-93r", "name": "beretta", "loaded": 2}]
    service = duel(weapon=beretta)
    before = service.state("f")
    with pytest.raises(RuleRefusal) as refused:
        service.act("f", "Ann shoots Bob --mode BF", dealt("2S,3S,2D,3D"))
    assert refused.value.rule == "CRD-MODE-1"
    assert "holds 2 rounds" in refused.value.reason
    assert service.state("f") == before
    shot = service.act("f", "Ann shoots Bob --mode SA", dealt("2S,3S,2D"))
    assert shot.record.summary["shot"]["bullets"] == 1


def test_crd_mode_1_a_cocked_revolver_fires_again() -> None:
    """CRD-MODE-1: Ann's SS Ruger Redhawk turns a black first card (2S): the next turn goes to
    cocking it, and once cocked it fires the turn after. Guards against a cocking that leaves
    the weapon uncocked."""
    service = duel(weapon=[{"weapon": "ruger-redhawk", "name": "ruger"}])
    service.act("f", "Ann shoots Bob", dealt("2S,3S,2D"))
    service.act("f", "Bob waits", Dice.seeded(0))
    service.next_round("f", dealt("KH,2C"))
    with pytest.raises(RuleRefusal) as owed:
        service.act("f", "Ann shoots Bob", dealt("2H,3H,2D"))
    assert owed.value.rule == "CRD-MODE-1"
    service.act("f", "Ann cocks", Dice.seeded(0))
    service.act("f", "Bob waits", Dice.seeded(0))
    service.next_round("f", dealt("KH,2C"))
    shot = service.act("f", "Ann shoots Bob", dealt("2H,3H,2D"))  # red first card
    assert shot.record.summary["shot"]["must_cock"] is False


def test_k_3_a_hit_that_fills_red_takes_the_target_out_of_the_fight() -> None:
    """K-3: a full Red level is down and dying. Bob's track is Green 12, Yellow 12, Red 10 of
    12; one 3Y success overflows into Red: 12 of 12, down, and out of the fight (no crossing:
    Red was already his worst level, so no knockdown card)."""
    service = in_memory(
        "f",
        scene(person("Ann", 0), person("Bob", 10, wounds=[12, 12, 10]), ruleset="cards"),
        dealt("KH,2C"),
    )
    service.act("f", "Ann shoots Bob", dealt("KH,2S,2D"))
    bob = service.state("f").combatant("Bob")
    assert (stats_of(bob).red, bob.unconscious) == (12, True)


def test_crd_hit_1_the_shooter_draws_by_the_skill_for_the_weapon_type() -> None:
    """CRD-HIT-1: the shooter draws against the appropriate skill. Ann has 3 in general but 1
    with pistols: with the Desert Eagle she draws one card."""
    assert planned(duel(skills={"pistol": 1}), "Ann shoots Bob").cards == 1


def test_crd_mode_1_dec_258_full_auto_fires_9_when_the_shooter_does_not_say() -> None:
    """CRD-MODE-1, DEC-258: FA fires 6-10 bullets; the G11 example's +3 means 7-9, and 9 is
    taken when no count is given: 3 extra cards, +3 Target, +3 damage (G11 4Y: 7Y)."""
    plan = plan_shot(declare(Shot, weapon="hk-g11", skill=3, distance=150, mode="FA"))
    assert (plan.bullets, plan.cards, plan.target, plan.per_success) == (9, 6, 9, 7)
