"""A figure an option's help names comes from the one place that holds it (the data file or
the rule's constant), read when the help is shown, never restated: the help of ``--ap``,
``--braced`` or ``--called`` follows the data when the data changes."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import pytest

from firefight.declarations import field_named
from firefight.rulesets.cards import shot as cards_shot
from firefight.rulesets.cards.data import cards_data
from firefight.rulesets.cards.shot import FA_BULLETS, FA_DEFAULT_BULLETS, Shot
from firefight.rulesets.cpr import option_text
from firefight.rulesets.cpr.attack_options import ShootOptions
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.upkeep_options import DeathSaveOptions
from firefight.rulesets.gurps import shot as gurps_shot
from firefight.rulesets.gurps.data import DATA as GURPS
from firefight.rulesets.gurps.maneuver_options import ManeuverOptions
from firefight.rulesets.gurps.random_fire import RandomFire
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.rmu import shot_options
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS, default_data
from firefight.rulesets.rmu.explosive_options import FlashBangOptions, ThrowOptions
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.fire_options import RapidFireOptions, SuppressOptions
from firefight.rulesets.rmu.firearm_data import firearm_figures
from firefight.rulesets.rmu.kindred_options import BiteOptions, StakeOptions
from firefight.rulesets.rmu.kindred_rules import kindred_figures
from firefight.rulesets.rmu.kindred_stakes import BEHEAD_WEAPON, STAKE_WEAPON
from firefight.rulesets.rmu.line_options import LINE_DECLARATIONS
from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.rulesets.rmu.melee.options import EscapeOptions, MeleeOptions
from firefight.rulesets.rmu.shot_options import ShotOptions

#: The action-line declarations of RMU-STAKE-2's stake and RMU-STAKE-3's beheading.
(_STAKES,) = LINE_DECLARATIONS["stakes"]
(_BEHEADS,) = LINE_DECLARATIONS["beheads"]


def _span(pair: tuple[int, int]) -> str:
    return f"{pair[0]}-{pair[1]}"


def _signed(value: int) -> str:
    return f"{value:+d}"


#: (declaration, field, the words of its help that carry the figure, read from the figure's
#: own place).
CASES: list[tuple[type, str, Callable[[], str]]] = [
    (ShotOptions, "ap", lambda: f"({_span(default_data().rules.ranged_attack_ap)})"),
    (ShotOptions, "prepared", lambda: f"{default_data().rules.prepare_ap} AP more"),
    (ShotOptions, "ranks", lambda: f"each {default_data().rules.fumble_ranks_per_step} "),
    (ShotOptions, "armor", lambda: f"'{NAKED_COLUMNS[-1]}'"),
    (RapidFireOptions, "ap", lambda: f"({_span(firearm_figures().rapid_fire.prep_ap)})"),
    (SuppressOptions, "ap", lambda: f"({_span(firearm_figures().suppression.ap)})"),
    (SuppressOptions, "extra_rounds", lambda: f"past {firearm_figures().suppression.base_rounds} "),
    (ThrowOptions, "ap", lambda: f"under {explosive_data().throw.ap_full})"),
    (ThrowOptions, "ap", lambda: f"{_signed(explosive_data().throw.penalty_per_ap_short)} per AP"),
    (FlashBangOptions, "enclosed", lambda: _signed(explosive_data().flash_bang.enclosed)),
    (FlashBangOptions, "unaware", lambda: _signed(explosive_data().flash_bang.unaware)),
    (FlashBangOptions, "nightvision", lambda: _signed(explosive_data().flash_bang.nightvision)),
    (MeleeOptions, "ap", lambda: f"({_span(melee_figures().attack_ap)})"),
    (MeleeOptions, "ranks", lambda: f"each {melee_figures().fumble_ranks_per_step} "),
    (EscapeOptions, "ap", lambda: f"({_span(melee_figures().escape_ap)})"),
    (BiteOptions, "feral", lambda: f"no {kindred_figures().bite_penalty} "),
    (StakeOptions, "ap", lambda: f"{_span(melee_figures().missile_ap)} for a crossbow"),
    (Shot, "called", lambda: _signed(cards_data().modifiers.called_shot)),
    (Shot, "two_weapons", lambda: _signed(cards_data().modifiers.two_weapons)),
    (Shot, "aim", lambda: _signed(cards_data().modifiers.aim_per_turn)),
    (Shot, "compensation", lambda: _span(cards_data().modifiers.compensation["gyromount"])),
    (Shot, "bullets", lambda: f"({_span(FA_BULLETS)}; default {FA_DEFAULT_BULLETS})"),
    (ShootOptions, "dodge", lambda: f"REF {CprData().figures.dodge_min_ref}+"),
    (DeathSaveOptions, "saves", lambda: _signed(CprData().figures.death_save_per_save)),
    (Shoot, "braced", lambda: _signed(GURPS.house.targeting.braced)),
    (Shoot, "pop_up", lambda: _signed(GURPS.house.targeting.pop_up)),
    (Shoot, "hesitate", lambda: _signed(GURPS.house.wrong_target.hesitation)),
    (Shoot, "surprised", lambda: _signed(GURPS.house.targeting.unaware_stationary)),
    (Shoot, "stunned", lambda: _signed(GURPS.core.injury.stunned_defense)),
    (Shoot, "arrow_st", lambda: f"per {GURPS.house.arrows.light_arrow_st_per_penalty})"),
    (ManeuverOptions, "wait_for", lambda: _signed(GURPS.modifiers["specific-target"].value)),
    (ManeuverOptions, "hold", lambda: _signed(GURPS.modifiers["identify-target"].value)),
    (RandomFire, "intensity", lambda: f"{GURPS.house.random_fire.heavy} heavy fire"),
    (_STAKES, "called", lambda: f"only be the {kindred_figures().stake_location.value} "),
    (_STAKES, "weapon", lambda: f"{STAKE_WEAPON} (default)"),
    (_BEHEADS, "called", lambda: f"only be the {kindred_figures().behead_location.value} "),
    (_BEHEADS, "weapon", lambda: f"(default: {BEHEAD_WEAPON};"),
]


@pytest.mark.parametrize(
    ("cls", "name", "figure"), CASES, ids=[f"{c.__name__}.{n}" for c, n, _ in CASES]
)
def test_a_helps_figure_is_the_one_its_source_holds(
    cls: type, name: str, figure: Callable[[], str]
) -> None:
    assert figure() in field_named(cls, name).param.said()


def test_the_rmu_shots_helps_follow_the_rules_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """RMU-GEN-1, DEC-2, RMU-GEN-8: were rules.toml to say a shot takes 2-5 AP, a Prep 2 more
    and 10 ranks a fumble step, `rmu shoot --help` would say so."""
    rules = SimpleNamespace(ranged_attack_ap=(2, 5), prepare_ap=2, fumble_ranks_per_step=10)
    monkeypatch.setattr(shot_options, "default_data", lambda: SimpleNamespace(rules=rules))
    said = {n: field_named(ShotOptions, n).param.said() for n in ("ap", "prepared", "ranks")}
    assert said == {
        "ap": "AP spent on the attack (2-5).",
        "prepared": "A Prep shot: no recoil penalty, 2 AP more.",
        "ranks": "Skill ranks (each 10 shrink the fumble range).",
    }


def test_the_cards_and_gurps_helps_follow_their_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """CRD-MOD-1's called shot and GUR-MOD-1's bracing, read from the data each time; a Wait's
    bracing says what a shot's does."""
    modifiers = SimpleNamespace(called_shot=4)
    monkeypatch.setattr(cards_shot, "cards_data", lambda: SimpleNamespace(modifiers=modifiers))
    assert field_named(Shot, "called").param.said() == "A called shot (+4; never in BF or FA)."
    targeting = SimpleNamespace(braced=2)
    monkeypatch.setattr(
        gurps_shot, "DATA", SimpleNamespace(house=SimpleNamespace(targeting=targeting))
    )
    said = field_named(ManeuverOptions, "braced").param.said()
    assert said == "Braced while aiming (+2, GUR-MOD-1)."


def test_cpr_helps_follow_the_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    """CPR-DOD-1's least REF to dodge and C-12's death save step, as the figures give them."""
    figures = SimpleNamespace(dodge_min_ref=9, death_save_per_save=2)
    monkeypatch.setattr(option_text, "_catalog", lambda: SimpleNamespace(figures=figures))
    assert "(REF 9+)" in field_named(ShootOptions, "dodge").param.said()
    assert (
        field_named(DeathSaveOptions, "saves").param.said()
        == "Death saves already taken (+2 each)."
    )
