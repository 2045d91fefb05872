"""``firefight odds cpr ...``: a cpr Attack Action and autofire before anyone rolls, with the
options of ``cpr shoot`` / ``cpr autofire``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from firefight.cli.common import JsonOpt, err_console, refusals
from firefight.cli.odds_kit import (
    ODDS_OPTION_NAMES,
    CsvOpt,
    DepthOpt,
    MethodOpt,
    OddsSeedOpt,
    PlotOpt,
    SamplesOpt,
    TopOpt,
    method_from_text,
    show_distribution,
)
from firefight.odds.api import odds
from firefight.rulesets.cpr.cli import attack_options as cpr_opts
from firefight.rulesets.cpr.wounds import WoundState

__all__ = ["app"]

app = typer.Typer(help="Odds of cpr attacks.", no_args_is_help=True)


_CPR_ALWAYS_SHOWN = frozenset(
    {
        "p_miss",
        "p_hit",
        "expected_damage",
        "expected_hp_lost",
        "p_critical_injury",
        "p_left_unhurt",
        "p_left_light",
        "p_left_serious",
        "p_left_mortal",
    }
)


def _show_cpr_odds(
    attack: Any,
    title: str,
    *,
    method: str,
    depth: int | None,
    samples: int,
    seed: int,
    top: int,
    csv_path: Path | None,
    plot: Path | None,
    as_json: bool,
) -> None:
    """Work out and show the odds of a cpr attack (refusing as resolving it would)."""
    from firefight.rulesets.cpr.odds.shot import cpr_view_plain, describe_cpr

    chosen = method_from_text(method)
    if len(getattr(attack, "shots", ())) > 1 and chosen != "monte-carlo":
        err_console.print(
            "[dim]note: two shots have no fast path; the generic engine follows every dice "
            "path of both, which takes minutes (--method monte-carlo --samples 20000 is "
            "quicker)."
        )
    with refusals():
        dist = odds(None, attack, method=chosen, depth=depth, samples=samples, seed=seed)
    show_distribution(
        title,
        attack,
        dist,
        as_json=as_json,
        csv_path=csv_path,
        plot_path=plot,
        top=top,
        describe=describe_cpr,
        plain=cpr_view_plain,
        always_shown=_CPR_ALWAYS_SHOWN,
    )


@app.command("shoot")
def cpr_shoot(
    weapon: cpr_opts.WeaponOpt,
    ref: cpr_opts.RefOpt,
    skill: cpr_opts.ShootSkillOpt,
    distance: cpr_opts.ShootDistanceOpt,
    armor: cpr_opts.ArmorOpt = "0",
    head_armor: cpr_opts.HeadArmorOpt = "0",
    aim: cpr_opts.AimOpt = None,
    item: cpr_opts.ItemOpt = "held item",
    ammo: cpr_opts.ShootAmmoOpt = "basic",
    loaded: cpr_opts.LoadedOpt = None,
    hp: cpr_opts.HpOpt = None,
    dodge: cpr_opts.DodgeOpt = None,
    target_injury: cpr_opts.TargetInjuryOpt = None,
    target_name: cpr_opts.TargetNameOpt = "target",
    shooter: cpr_opts.ShooterOpt = "shooter",
    wounded: cpr_opts.WoundedOpt = WoundState.UNHURT,
    injury: cpr_opts.InjuryOpt = None,
    mod: cpr_opts.ModOpt = None,
    modifier: cpr_opts.NamedOpt = None,
    behind: cpr_opts.BehindOpt = None,
    method: MethodOpt = "exact",
    depth: DepthOpt = None,
    samples: SamplesOpt = 1_000_000,
    seed: OddsSeedOpt = 0,
    top: TopOpt = 10,
    csv_path: CsvOpt = None,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The odds of one Attack Action: P(miss), P(hit), expected damage, P(critical injury),
    and with --hp the wound state the target is left in."""
    from firefight.rulesets.cpr.odds.shot import cpr_default_data

    options = {k: v for k, v in locals().items() if k in cpr_opts.SHOOT_OPTION_NAMES}
    how = {k: v for k, v in locals().items() if k in ODDS_OPTION_NAMES}
    with refusals():
        attack = cpr_opts.ranged_attack_from_options(data=cpr_default_data(), **options)
    _show_cpr_odds(
        attack,
        f"odds: cpr {'aimed shot' if aim else 'attack'}, {weapon}, REF {ref}, skill {skill}, "
        f"{' and '.join(f'{d:g}' for d in distance)} m, SP {armor}",
        **how,
    )


@app.command("autofire")
def cpr_autofire(
    weapon: cpr_opts.WeaponOpt,
    ref: cpr_opts.RefOpt,
    skill: cpr_opts.AutofireSkillOpt,
    distance: cpr_opts.AutofireDistanceOpt,
    armor: cpr_opts.ArmorOpt = "0",
    aim: cpr_opts.AimOpt = None,
    loaded: cpr_opts.LoadedOpt = None,
    hp: cpr_opts.HpOpt = None,
    dodge: cpr_opts.DodgeOpt = None,
    target_injury: cpr_opts.TargetInjuryOpt = None,
    target_name: cpr_opts.TargetNameOpt = "target",
    shooter: cpr_opts.ShooterOpt = "shooter",
    wounded: cpr_opts.WoundedOpt = WoundState.UNHURT,
    injury: cpr_opts.InjuryOpt = None,
    mod: cpr_opts.ModOpt = None,
    method: MethodOpt = "exact",
    depth: DepthOpt = None,
    samples: SamplesOpt = 1_000_000,
    seed: OddsSeedOpt = 0,
    top: TopOpt = 10,
    csv_path: CsvOpt = None,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The odds of autofire at one target: P(miss), P(hit), expected damage, P(critical
    injury), and with --hp the wound state the target is left in."""
    from firefight.rulesets.cpr.odds.shot import cpr_default_data

    options = {k: v for k, v in locals().items() if k in cpr_opts.AUTOFIRE_OPTION_NAMES}
    how = {k: v for k, v in locals().items() if k in ODDS_OPTION_NAMES}
    with refusals():
        attack = cpr_opts.autofire_from_options(data=cpr_default_data(), **options)
    _show_cpr_odds(
        attack,
        f"odds: cpr autofire, {weapon}, REF {ref}, skill {skill}, {distance:g} m, SP {armor}",
        **how,
    )
