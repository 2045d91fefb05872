"""A figure an option's help names comes from the one place that holds it (the data file or
the rule's constant), read when the help is shown, never restated: the help of ``--ap``,
``--braced`` or ``--called`` follows the data when the data changes."""

from __future__ import annotations

import typing
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, get_args

import pytest

from firefight.cli.encounter import odds as encounter_odds
from firefight.cli.odds import simulate_command
from firefight.cli.odds_kit import DepthOpt
from firefight.declarations import field_named
from firefight.geometry import CoverGrade
from firefight.limits import MAX_TRIALS
from firefight.odds.fight_span import FIGHT_SECONDS, MIN_ROUNDS
from firefight.probability.enumeration import DEFAULT_DEPTH
from firefight.rulesets.cards import shot as cards_shot
from firefight.rulesets.cards.data import cards_data
from firefight.rulesets.cards.shot import FA_BULLETS, FA_DEFAULT_BULLETS, Shot
from firefight.rulesets.cpr import option_text
from firefight.rulesets.cpr.area_options import ShotgunShellsOptions
from firefight.rulesets.cpr.attack_options import AutofireOptions, ShootOptions
from firefight.rulesets.cpr.combatants import Aim
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.encounter_actions import Shoot as CprShoot
from firefight.rulesets.cpr.upkeep_options import DeathSaveOptions, ReloadOptions
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.rulesets.gurps import shot as gurps_shot
from firefight.rulesets.gurps.data import DATA as GURPS
from firefight.rulesets.gurps.maneuver_options import ManeuverOptions
from firefight.rulesets.gurps.random_fire import RandomFire
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.rmu import shot_options
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS, default_data
from firefight.rulesets.rmu.cli.odds import _SWEEP_OPTIONS
from firefight.rulesets.rmu.defense_options import DefendOptions
from firefight.rulesets.rmu.detonation import WOUNDING_EFFECTS
from firefight.rulesets.rmu.explosive_options import ExplodeOptions, FlashBangOptions, ThrowOptions
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.fire_options import ManeuverOptions as RmuManeuverOptions
from firefight.rulesets.rmu.fire_options import (
    MoveToCoverOptions,
    RapidFireOptions,
    SuppressOptions,
)
from firefight.rulesets.rmu.firearm_data import firearm_figures
from firefight.rulesets.rmu.incoming import IncomingKind
from firefight.rulesets.rmu.kindred_options import BiteOptions, StakeOptions
from firefight.rulesets.rmu.kindred_rules import kindred_figures
from firefight.rulesets.rmu.kindred_stakes import BEHEAD_WEAPON, STAKE_WEAPON
from firefight.rulesets.rmu.line_options import LINE_DECLARATIONS
from firefight.rulesets.rmu.maneuvers import maneuver_figures
from firefight.rulesets.rmu.melee.figures import WeaponSize, melee_figures
from firefight.rulesets.rmu.melee.options import EscapeOptions, MeleeOptions
from firefight.rulesets.rmu.moving_cover import Fire
from firefight.rulesets.rmu.shot_options import ShotOptions
from firefight.wording import either

#: The action-line declarations of RMU-STAKE-2's stake and RMU-STAKE-3's beheading.
(_STAKES,) = LINE_DECLARATIONS["stakes"]
(_BEHEADS,) = LINE_DECLARATIONS["beheads"]


def _span(pair: tuple[int, int]) -> str:
    return f"{pair[0]}-{pair[1]}"


def _signed(value: int) -> str:
    return f"{value:+d}"


def _wounding_loads() -> str:
    """The loads ``rmu explode`` wounds with (RMU-EXP-1): not the flash, smoke or gas."""
    loads = explosive_data().loads.values()
    return ", ".join(load.key for load in loads if load.effect in WOUNDING_EFFECTS)


def _cpr_rounds() -> str:
    """The rounds the cpr catalog's firearms fire, shells apart (C-7, C-14)."""
    catalog = CprData()
    fired = {a for w in catalog.weapons.values() if w.kind is WeaponKind.FIREARM for a in w.ammo}
    return ", ".join(k for k in catalog.ammo if k in fired and k != "shell")


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
    (ShotOptions, "ammo", lambda: f"{either(tuple(default_data().ammo))}."),
    (RapidFireOptions, "ammo", lambda: f"{either(tuple(default_data().ammo))}."),
    (ShotOptions, "body_cover", lambda: f": {either([g.value for g in CoverGrade])}."),
    (ThrowOptions, "load", lambda: f"({', '.join(explosive_data().loads)})"),
    (ExplodeOptions, "load", lambda: f"({_wounding_loads()})"),
    (RmuManeuverOptions, "difficulty", lambda: ", ".join(maneuver_figures().difficulty)),
    (MoveToCoverOptions, "fire", lambda: either(get_args(Fire))),
    (DefendOptions, "against", lambda: either(get_args(IncomingKind))),
    (MeleeOptions, "size", lambda: f"({', '.join(s.value for s in WeaponSize)})"),
    (Shoot, "trade_off", lambda: f"{_signed(GURPS.house.arrows.trade_off_damage_per_st)} damage"),
    (ShootOptions, "ammo", lambda: f"(C-14): {_cpr_rounds()}; shell is refused"),
    (ReloadOptions, "ammo", lambda: f"(C-14): {_cpr_rounds()}; shell for a shotgun"),
    (ShootOptions, "aim", lambda: f": {either([a.value for a in Aim])}."),
    (AutofireOptions, "aim", lambda: f": {either([a.value for a in Aim])}."),
    (ShotgunShellsOptions, "aim", lambda: f": {either([a.value for a in Aim])}."),
    (CprShoot, "aim", lambda: f": {either([a.value for a in Aim])}."),
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


def test_the_rmu_loads_helps_follow_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """RMU-AMMO-1, RMU-EXP-1: were the data to hold other loads, `--ammo` and `--load` would
    name them; `rmu explode` names only those that wound (it refuses a flash-bang's)."""
    monkeypatch.setattr(
        shot_options, "default_data", lambda: SimpleNamespace(ammo={"ball": 0, "tracer": 0})
    )
    assert field_named(ShotOptions, "ammo").param.said() == "ball or tracer."
    assert field_named(RapidFireOptions, "ammo").param.said() == "ball or tracer."
    assert "m84" in field_named(ThrowOptions, "load").param.said()
    assert "m84" not in field_named(ExplodeOptions, "load").param.said()


def test_gur_arrow_1_the_trade_off_help_follows_the_rule_s_figure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GUR-ARROW-1: the damage each ST traded adds is the one the shot's setup reads."""
    arrows = SimpleNamespace(trade_off_damage_per_st=2)
    monkeypatch.setattr(gurps_shot, "DATA", SimpleNamespace(house=SimpleNamespace(arrows=arrows)))
    said = field_named(Shoot, "trade_off").param.said()
    assert said == "ST taken off range for +2 damage each."


def _option_help(annotated: Any) -> str:
    """The help of a typer option declared as ``Annotated[type, typer.Option(...)]``."""
    help_text = get_args(annotated)[1].help
    assert isinstance(help_text, str)
    return help_text


def _parameter_help(command: Callable[..., object], name: str) -> str:
    return _option_help(typing.get_type_hints(command, include_extras=True)[name])


def test_the_odds_helps_name_the_figures_their_code_holds() -> None:
    """The odds options' helps say the engines' default depth, the most live trials, the span
    of a simulated fight (DEC-541) and the rmu range bands (RMU-GEN-4) as their one place
    holds them."""
    assert f"generic {DEFAULT_DEPTH})" in _option_help(DepthOpt)
    assert f"(1 to {MAX_TRIALS:,})" in _parameter_help(encounter_odds, "trials")
    said = _parameter_help(simulate_command, "max_rounds")
    assert f"{FIGHT_SECONDS:g} seconds of fight, at least {MIN_ROUNDS} rounds" in said
    (band,) = (kind for name, kind, _ in _SWEEP_OPTIONS if name == "band")
    names = default_data().rules.band_names
    assert f"Range band 1 ({names[0]}) to {len(names)}," in _option_help(band)


#: The rmu helps that name a key as an example: each must be one the option takes.
(_SHOOTS,) = LINE_DECLARATIONS["shoots"]
(_ATTACKS,) = LINE_DECLARATIONS["attacks"]
EXAMPLES: list[tuple[type, str, tuple[str, ...]]] = [
    (ShotOptions, "situation", ("prone-target",)),
    (_SHOOTS, "situation", ("prone-target",)),
    (_ATTACKS, "situation", ("higher-ground",)),
    (MeleeOptions, "situation", ("flank", "rear", "prone-target")),
]


@pytest.mark.parametrize(
    ("cls", "name", "keys"), EXAMPLES, ids=[f"{c.__name__}.{n}" for c, n, _ in EXAMPLES]
)
def test_r_1_a_helps_example_is_a_key_the_data_holds(
    cls: type, name: str, keys: tuple[str, ...]
) -> None:
    """R-1: a Table 9-5 condition a help gives as an example is one the option accepts, so a
    key renamed in the data cannot leave the help naming one that is refused."""
    option = field_named(cls, name)
    choices = option.choices()
    assert choices is not None
    for key in keys:
        assert key in option.param.said() and key in choices
