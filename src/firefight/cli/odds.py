"""``firefight odds ...``: what an action will do, before anyone rolls (DESIGN.md layer 8).

- ``odds rmu shoot``: the distribution of one aimed shot, with the same options as
  ``rmu shoot``; exact by default, Monte Carlo or the generic reference engine on request;
- ``odds cpr shoot`` / ``odds cpr autofire``: the same for a cpr Attack Action and autofire,
  with the options of ``cpr shoot`` / ``cpr autofire``;
- ``odds rmu rapid-fire`` / ``odds rmu suppress``: per person caught by a burst or a sweep,
  with the options of ``rmu rapid-fire`` / ``rmu suppress``; Monte Carlo by default;
- ``odds sweep rmu shoot``: the same options, each taking a list or a range, over a grid;
  local processes by default, a Dask cluster with ``--dask ADDRESS``;
- ``odds report rmu``: the designer's claims about the firearm tables, measured;
- ``odds simulate SCENARIO``: whole fights run many times (the encounter layer).

Interfaces hold no rules: these commands build declarations and call :mod:`firefight.odds`.
numpy, matplotlib and dask are imported only by the commands that need them.
"""

from __future__ import annotations

import csv
import inspect
import math
import os
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from firefight.cli import cpr_attack_options as cpr_opts
from firefight.cli import rmu_fire_options as fire_opts
from firefight.cli.common import JsonOpt, console, emit_json, err_console, fail, refusals
from firefight.cli.rmu_shot_options import (
    SHOT_OPTION_HELP,
    SHOT_OPTION_NAMES,
    AmmoOpt,
    ApLeftOpt,
    ApOpt,
    ArmorBrokenOpt,
    ArmorDamageOpt,
    ArmorOpt,
    ArmorQualityOpt,
    ArmorUntrainedOpt,
    BodyCoverOpt,
    CelerityOpt,
    CoverOpt,
    DistanceOpt,
    DodgeOpt,
    ModOpt,
    MountedOpt,
    NakedOpt,
    ObOpt,
    PreparedOpt,
    QuicknessOpt,
    RanksOpt,
    ShielderOpt,
    ShooterArmorOpt,
    SituationOpt,
    SizeOpt,
    WeaponOpt,
    aimed_shot_from_options,
)
from firefight.geometry import Size
from firefight.limits import MAX_WORKERS, at_most
from firefight.odds.api import OddsMethod, action_odds, odds, odds_stats
from firefight.odds.distribution import Distribution
from firefight.odds.stats import StatValue
from firefight.rulesets.cpr.wounds import WoundState
from firefight.serialize import to_plain

__all__ = ["app", "describe_view", "parse_values"]

app = typer.Typer(
    help="Odds before rolling: exact distributions, Monte Carlo, sweeps and reports.",
    no_args_is_help=True,
)
rmu_app = typer.Typer(help="Odds of rmu actions.", no_args_is_help=True)
cpr_app = typer.Typer(help="Odds of cpr attacks.", no_args_is_help=True)
sweep_app = typer.Typer(help="Sweep an action's options over a grid.", no_args_is_help=True)
sweep_rmu_app = typer.Typer(help="Sweeps of rmu actions.", no_args_is_help=True)
report_app = typer.Typer(help="Check the designers' claims against the tables.")
app.add_typer(rmu_app, name="rmu")
app.add_typer(cpr_app, name="cpr")
app.add_typer(sweep_app, name="sweep")
sweep_app.add_typer(sweep_rmu_app, name="rmu")
app.add_typer(report_app, name="report")

MethodOpt = Annotated[
    str,
    typer.Option(
        "--method",
        help="exact (fast path where there is one), generic (the reference enumeration, slow) "
        "or monte-carlo.",
    ),
]
DepthOpt = Annotated[
    int | None,
    typer.Option(help="Open-ended rerolls followed by the exact engines (default 9; generic 2)."),
]
SamplesOpt = Annotated[int, typer.Option(help="Monte Carlo samples.")]
OddsSeedOpt = Annotated[int, typer.Option("--seed", help="Monte Carlo seed.")]


def _output_file(path: Path | None) -> Path | None:
    """An output file whose folder exists, checked when the options are read: before any
    computing, not after it."""
    if path is not None and not path.parent.is_dir():
        raise typer.BadParameter(f"the folder {str(path.parent)!r} does not exist")
    if path is not None and not os.access(path.parent, os.W_OK):
        raise typer.BadParameter(f"the folder {str(path.parent)!r} cannot be written")
    return path


CsvOpt = Annotated[
    Path | None,
    typer.Option("--csv", help="Write the numbers to a CSV file.", callback=_output_file),
]
PlotOpt = Annotated[
    Path | None,
    typer.Option("--plot", help="Draw a PNG chart to this file.", callback=_output_file),
]
TopOpt = Annotated[int, typer.Option(help="How many of the likeliest outcomes to list.")]

_METHODS: tuple[OddsMethod, ...] = ("exact", "generic", "monte-carlo")


def _method(text: str) -> OddsMethod:
    for m in _METHODS:
        if text == m:
            return m
    fail(f"error: --method is one of {', '.join(_METHODS)}, got {text!r}")


# --- one action ------------------------------------------------------------------------------


def describe_view(view: Any) -> str:
    """A shot outcome in words (rmu :class:`~firefight.odds.rmu_views.ShotView`)."""
    if view.result != "hit":
        text = str(view.result)
        if view.shielder is not None:
            text += f"; the round flies on into {view.shielder.name}: "
            text += describe_view(view.shielder.landing)
        return text
    if view.severity is None:
        return f"hit: {view.hits} hits, no critical"
    e = view.effects
    parts = []
    if e.bleed:
        parts.append(f"bleeding {e.bleed}/rnd")
    if e.stun_rounds:
        parts.append(f"stunned {e.stun_rounds} rnd at {e.stun_penalty}")
    if e.injury:
        parts.append(f"injury {e.injury}")
    if e.dying_rounds is not None:
        parts.append(f"dying in {e.dying_rounds} rnd")
    if e.dead:
        parts.append("dead")
    text = (
        f"hit: {view.total_hits} hits, {view.severity} critical to the {view.location} "
        f"({view.critical_table})"
    )
    if parts:
        text += ": " + ", ".join(parts)
    if view.breakage is not None:
        b = view.breakage
        worn = "broken" if b.broken else (f"{b.penalty}" if b.penalty else "holds")
        text += f"; {b.armor} {worn}" + (" (temporary)" if b.temporary else "")
    return text


def _plain_view(view: Any) -> object:
    if hasattr(view, "_asdict"):
        return {k: _plain_view(v) for k, v in view._asdict().items()}
    if isinstance(view, tuple):
        return [_plain_view(v) for v in view]
    return view


def _how(dist: Distribution[Any]) -> str:
    if dist.method == "monte carlo":
        return f"Monte Carlo: {dist.samples:,} samples; ± is one standard error"
    engine = "exact" if dist.method == "fast exact" else "exact (generic enumeration)"
    if not dist.cut_off:
        return f"{engine}; nothing cut off"
    return (
        f"{engine}; open-ended rolls followed for {dist.depth} rerolls: {dist.cut_off:.1e} of "
        "the probability lies past that and is not listed"
    )


def _format(v: StatValue) -> str:
    if v.stat.kind == "expected":
        text = f"{v.value:.3f}"
        return text + (f" ± {v.standard_error:.3f}" if v.standard_error else "")
    text = f"{100 * v.value:.3f}%"
    return text + (f" ± {100 * v.standard_error:.3f}%" if v.standard_error else "")


_ALWAYS_SHOWN = {
    "p_miss",
    "p_hits_only",
    "p_critical",
    "expected_hits",
    "p_bleeding",
    "p_stunned",
    "p_dying",
    "p_dead",
}


def show_distribution(
    title: str,
    action: object,
    dist: Distribution[Any],
    *,
    as_json: bool,
    csv_path: Path | None,
    plot_path: Path | None,
    top: int,
    describe: Callable[[Any], str] = describe_view,
    plain: Callable[[Any], object] = _plain_view,
    always_shown: Collection[str] = _ALWAYS_SHOWN,
) -> None:
    """The stats (a row each, zero rows left out unless ``always_shown``) and the ``top``
    likeliest outcomes in words (``describe``); or JSON (outcomes as ``plain`` data), a CSV of
    the stats, a chart."""
    stats = odds_stats(dist, action)
    if csv_path is not None:
        with csv_path.open("w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(["stat", "label", "value", "standard_error"])
            for v in stats:
                writer.writerow([v.stat.name, v.stat.label, repr(v.value), repr(v.standard_error)])
    if plot_path is not None:
        from firefight.odds.plots import plot_outcomes

        plot_outcomes(stats, title, plot_path, subtitle=_how(dist))
    if as_json:
        emit_json(
            {
                "action": to_plain(action),
                "method": dist.method,
                "depth": dist.depth,
                "cut_off": dist.cut_off,
                "samples": dist.samples,
                "stats": {v.stat.name: v.to_json() for v in stats},
                "outcomes": [
                    {"outcome": plain(k), "probability": p}
                    for k, p in sorted(dist.items(), key=lambda kv: -kv[1])
                ],
            }
        )
        return
    console.rule(f"[bold]{escape(title)}")
    table = RichTable(show_header=True)
    table.add_column("")
    table.add_column("value", justify="right")
    for v in stats:
        if v.value or v.stat.name in always_shown:
            table.add_row(escape(v.stat.label), _format(v))
    console.print(table)
    likely = RichTable(title=f"the {min(top, len(dist))} likeliest of {len(dist)} outcomes")
    likely.add_column("probability", justify="right")
    likely.add_column("outcome")
    for view, p in dist.most_likely(top):
        likely.add_row(f"{100 * p:.3f}%", escape(describe(view)))
    console.print(likely)
    console.print(f"[dim]{escape(_how(dist))}")


@rmu_app.command("shoot")
def rmu_shoot(
    weapon: WeaponOpt,
    ob: ObOpt,
    distance: DistanceOpt,
    armor: ArmorOpt = "AT 1",
    naked: NakedOpt = "AT 1",
    armor_damage: ArmorDamageOpt = 0,
    armor_quality: ArmorQualityOpt = 0,
    armor_broken: ArmorBrokenOpt = False,
    armor_untrained: ArmorUntrainedOpt = False,
    ammo: AmmoOpt = "ball",
    cover: CoverOpt = "none",
    body_cover: BodyCoverOpt = "none",
    shielder: ShielderOpt = None,
    ap: ApOpt = 3,
    ap_left: ApLeftOpt = 4,
    prepared: PreparedOpt = False,
    mounted: MountedOpt = False,
    ranks: RanksOpt = 0,
    size: SizeOpt = Size.MEDIUM,
    quickness_db: QuicknessOpt = 0,
    dodge: DodgeOpt = 0,
    celerity: CelerityOpt = 0,
    shooter_armor: ShooterArmorOpt = None,
    situation: SituationOpt = None,
    mod: ModOpt = None,
    method: MethodOpt = "exact",
    depth: DepthOpt = None,
    samples: SamplesOpt = 1_000_000,
    seed: OddsSeedOpt = 0,
    top: TopOpt = 10,
    csv_path: CsvOpt = None,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The odds of one aimed shot: P(miss), P(critical A...), expected hits, P(bleeding)..."""
    options = {k: v for k, v in locals().items() if k in SHOT_OPTION_NAMES}
    chosen = _method(method)
    with refusals():
        shot = aimed_shot_from_options(**options)
        dist = odds(None, shot, method=chosen, depth=depth, samples=samples, seed=seed)
    show_distribution(
        f"odds: {weapon}, OB {ob}, {distance:g} ft, {armor}",
        shot,
        dist,
        as_json=as_json,
        csv_path=csv_path,
        plot_path=plot,
        top=top,
    )


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


#: The options every ``odds`` command of one action adds to the resolving command's.
_ODDS_OPTION_NAMES = ("method", "depth", "samples", "seed", "top", "csv_path", "plot", "as_json")


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
    from firefight.odds.cpr_shot import cpr_view_plain, describe_cpr

    chosen = _method(method)
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


@cpr_app.command("shoot")
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
    from firefight.odds.cpr_shot import cpr_default_data

    options = {k: v for k, v in locals().items() if k in cpr_opts.SHOOT_OPTION_NAMES}
    how = {k: v for k, v in locals().items() if k in _ODDS_OPTION_NAMES}
    with refusals():
        attack = cpr_opts.ranged_attack_from_options(data=cpr_default_data(), **options)
    _show_cpr_odds(
        attack,
        f"odds: cpr {'aimed shot' if aim else 'attack'}, {weapon}, REF {ref}, skill {skill}, "
        f"{' and '.join(f'{d:g}' for d in distance)} m, SP {armor}",
        **how,
    )


@cpr_app.command("autofire")
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
    from firefight.odds.cpr_shot import cpr_default_data

    options = {k: v for k, v in locals().items() if k in cpr_opts.AUTOFIRE_OPTION_NAMES}
    how = {k: v for k, v in locals().items() if k in _ODDS_OPTION_NAMES}
    with refusals():
        attack = cpr_opts.autofire_from_options(data=cpr_default_data(), **options)
    _show_cpr_odds(
        attack,
        f"odds: cpr autofire, {weapon}, REF {ref}, skill {skill}, {distance:g} m, SP {armor}",
        **how,
    )


# --- rmu rapid fire and suppression ------------------------------------------------------------

FireMethodOpt = Annotated[
    str,
    typer.Option(
        "--method",
        help="monte-carlo (the scalar resolver sampled), or generic (every dice path: small "
        "cases only, with --depth 0); exact means generic here.",
    ),
]
FireSamplesOpt = Annotated[int, typer.Option(help="Monte Carlo samples.")]


def _show_fire_odds(
    decl: object,
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
    """Work out and show the odds of a rapid fire or sweep (refusing as resolving it would)."""
    from firefight.odds.rmu_fire import describe_fire, fire_stats

    chosen = _method(method)
    with refusals():
        dist = odds(None, decl, method=chosen, depth=depth, samples=samples, seed=seed)
    show_distribution(
        title,
        decl,
        dist,
        as_json=as_json,
        csv_path=csv_path,
        plot_path=plot,
        top=top,
        describe=describe_fire,
        always_shown={s.name for s in fire_stats(decl)},
    )


@rmu_app.command("rapid-fire")
def rmu_rapid_fire(
    weapon: fire_opts.WeaponOpt,
    prepare: fire_opts.PrepareOpt = False,
    skill: fire_opts.RapidSkillOpt = 0,
    fire_discipline: fire_opts.RapidDisciplineOpt = 0,
    ap: fire_opts.PrepApOpt = 4,
    ap_left: fire_opts.ApLeftOpt = 4,
    share: fire_opts.ShareOpt = None,
    ob: fire_opts.FiringObOpt = 0,
    at: fire_opts.AtOpt = "0,0",
    target: fire_opts.TargetOpt = None,
    cover: fire_opts.CoverOpt = None,
    scene: fire_opts.SceneOpt = None,
    rounds_left: fire_opts.RoundsLeftOpt = None,
    continuing: fire_opts.ContinuingOpt = False,
    ammo: fire_opts.AmmoOpt = "ball",
    mounted: fire_opts.MountedOpt = False,
    strength: fire_opts.StrengthOpt = 0,
    mod: fire_opts.ModOpt = None,
    method: FireMethodOpt = "monte-carlo",
    depth: DepthOpt = None,
    samples: FireSamplesOpt = 20_000,
    seed: OddsSeedOpt = 0,
    top: TopOpt = 10,
    csv_path: CsvOpt = None,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The odds of a rapid fire round, per person caught (RMU-RF-10): the aimed man and each
    bystander in the cone: P(hit), P(critical), expected hits, P(dying), P(dead). With
    --prepare, the preparation's: P(prepared), P(wasted), P(malfunction), the share."""
    options = {k: v for k, v in locals().items() if k in fire_opts.RAPID_FIRE_OPTION_NAMES}
    how = {k: v for k, v in locals().items() if k in _ODDS_OPTION_NAMES}
    with refusals():
        decl = fire_opts.rapid_fire_from_options(**options)
    what = "preparing" if prepare else f"OB {ob}, {share}% carried"
    _show_fire_odds(decl, f"odds: rmu rapid fire, {weapon}, {what}", **how)


@rmu_app.command("suppress")
def rmu_suppress(
    weapon: fire_opts.WeaponOpt,
    distance: fire_opts.DistanceOpt,
    width: fire_opts.WidthOpt,
    fire_discipline: fire_opts.SweepDisciplineOpt = 0,
    skill: fire_opts.SweepSkillOpt = 0,
    bearing: fire_opts.BearingOpt = 0.0,
    at: fire_opts.AtOpt = "0,0",
    target: fire_opts.TargetOpt = None,
    cover: fire_opts.CoverOpt = None,
    scene: fire_opts.SceneOpt = None,
    dive: fire_opts.DiveOpt = None,
    dash: fire_opts.DashOpt = None,
    extra_rounds: fire_opts.ExtraRoundsOpt = 0,
    ap: fire_opts.SweepApOpt = 4,
    ap_left: fire_opts.ApLeftOpt = 4,
    rounds_left: fire_opts.RoundsLeftOpt = None,
    rounds_this_round: fire_opts.RoundsThisRoundOpt = 0,
    sweeps_this_round: fire_opts.SweepsThisRoundOpt = 0,
    ammo: fire_opts.AmmoOpt = "ball",
    mounted: fire_opts.MountedOpt = False,
    strength: fire_opts.StrengthOpt = 0,
    mod: fire_opts.ModOpt = None,
    method: FireMethodOpt = "monte-carlo",
    depth: DepthOpt = None,
    samples: FireSamplesOpt = 20_000,
    seed: OddsSeedOpt = 0,
    top: TopOpt = 10,
    csv_path: CsvOpt = None,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The odds of a suppression sweep, per person in the swept ground (RMU-SUP-6): P(hit),
    P(critical), expected hits, P(dying), P(dead); and the shooter's P(malfunction)."""
    options = {k: v for k, v in locals().items() if k in fire_opts.SUPPRESS_OPTION_NAMES}
    how = {k: v for k, v in locals().items() if k in _ODDS_OPTION_NAMES}
    with refusals():
        decl = fire_opts.suppression_from_options(**options)
    title = f"odds: rmu suppression sweep, {weapon}, {width:g} ft wide at {distance:g} ft"
    _show_fire_odds(decl, title, **how)


# --- sweeps ----------------------------------------------------------------------------------

_INTS = {
    "ob",
    "armor_damage",
    "armor_quality",
    "ap",
    "ap_left",
    "ranks",
    "quickness_db",
    "dodge",
    "celerity",
}
_BOOLS = {"armor_broken", "armor_untrained", "prepared", "mounted"}
_REPEATED = {"shielder", "situation", "mod"}


def parse_values(name: str, text: str) -> list[object]:
    """A swept option's values: ``a,b,c``; ``START:STOP:STEP`` (inclusive) for numbers;
    ``all`` for ``armor`` (AT 1-10, BA I-IV) and ``weapon`` (the catalog).

    >>> parse_values("ob", "0:30:10")
    [0, 10, 20, 30]
    >>> parse_values("armor", "AT 1,BA II")
    ['AT 1', 'BA II']
    """
    text = text.strip()
    if name == "armor" and text == "all":
        from firefight.rulesets.rmu.catalog import NAKED_COLUMNS

        return [*NAKED_COLUMNS, "BA I", "BA II", "BA III", "BA IV"]
    if name == "weapon" and text == "all":
        from firefight.odds.rmu_views import default_data

        return list(default_data().weapons)
    numeric = name in _INTS or name in ("distance", "band")
    if numeric and text.count(":") == 2:
        start, stop, step = (float(p) for p in text.split(":"))
        if step <= 0 or stop < start:
            fail(f"error: --{name.replace('_', '-')} range {text!r} needs STOP >= START, STEP > 0")
        count = math.floor((stop - start) / step + 1e-9) + 1
        values = [start + k * step for k in range(count)]
        return [int(v) if name != "distance" else v for v in values]
    parts = [p.strip() for p in text.split(",") if p.strip()]
    try:
        if name in _INTS or name == "band":
            return [int(p) for p in parts]
        if name == "distance":
            return [float(p) for p in parts]
        if name in _BOOLS:
            return [_flag(name, p) for p in parts]
        if name == "size":
            return [Size(p) for p in parts]
    except ValueError:
        fail(f"error: --{name.replace('_', '-')} cannot read {text!r}")
    return list(parts)


def _flag(name: str, text: str) -> bool:
    for value, spellings in ((True, ("1", "true", "yes", "y")), (False, ("0", "false", "no", "n"))):
        if text.lower() in spellings:
            return value
    fail(f"error: --{name.replace('_', '-')} takes true or false, got {text!r}")


def _executor(dask: str | None, workers: int) -> Any:
    with refusals():
        at_most("--workers", workers, MAX_WORKERS, low=0)
    if dask is not None:
        from distributed import Client

        client = Client(dask)  # type: ignore[no-untyped-call]
        return client, client.get_executor()  # type: ignore[no-untyped-call]
    if workers == 0:
        return None, None
    from concurrent.futures import ProcessPoolExecutor

    return None, ProcessPoolExecutor(max_workers=workers or os.cpu_count())


def _build_shot(fixed: dict[str, object], point: dict[str, object]) -> Any:
    from firefight.odds.rmu_views import default_data

    raw = {**fixed, **point}
    band = raw.pop("band", None)
    # An unknown weapon is the caller's mistake, not a point the rules refuse: looked up here.
    weapon = default_data().weapon(str(raw["weapon"]))
    if band is not None:
        from firefight.errors import RuleRefusal

        data = default_data()
        bands = len(data.rules.band_names)
        if not isinstance(band, int) or not 1 <= band <= bands:
            raise RuleRefusal("RMU-GEN-4", f"Range band {band!r} is not one of 1 to {bands}.")
        # The middle of band N (RMU-GEN-4: each band is one short range increment).
        raw["distance"] = (band - 0.5) * weapon.short_range_ft
    return aimed_shot_from_options(**raw)  # type: ignore[arg-type]


def _sweep_opt(name: str) -> Any:
    extra = " Sweep: a comma list, or START:STOP:STEP for numbers."
    if name in _REPEATED:
        return typer.Option(help=SHOT_OPTION_HELP[name] + " Not swept.")
    return typer.Option(help=SHOT_OPTION_HELP[name] + extra)


@sweep_rmu_app.command("shoot")
def sweep_rmu_shoot(
    weapon: Annotated[str, _sweep_opt("weapon")],
    ob: Annotated[str, _sweep_opt("ob")],
    distance: Annotated[str | None, _sweep_opt("distance")] = None,
    band: Annotated[
        str | None,
        typer.Option(
            help="Range band 1 (Short) to 5, instead of --distance: the middle of that band for "
            "each weapon. Sweep: a comma list or START:STOP:STEP."
        ),
    ] = None,
    armor: Annotated[str, _sweep_opt("armor")] = "AT 1",
    naked: Annotated[str, _sweep_opt("naked")] = "AT 1",
    armor_damage: Annotated[str, _sweep_opt("armor_damage")] = "0",
    armor_quality: Annotated[str, _sweep_opt("armor_quality")] = "0",
    armor_broken: Annotated[str, _sweep_opt("armor_broken")] = "false",
    armor_untrained: Annotated[str, _sweep_opt("armor_untrained")] = "false",
    ammo: Annotated[str, _sweep_opt("ammo")] = "ball",
    cover: Annotated[str, _sweep_opt("cover")] = "none",
    body_cover: Annotated[str, _sweep_opt("body_cover")] = "none",
    shielder: Annotated[list[str] | None, _sweep_opt("shielder")] = None,
    ap: Annotated[str, _sweep_opt("ap")] = "3",
    ap_left: Annotated[str, _sweep_opt("ap_left")] = "4",
    prepared: Annotated[str, _sweep_opt("prepared")] = "false",
    mounted: Annotated[str, _sweep_opt("mounted")] = "false",
    ranks: Annotated[str, _sweep_opt("ranks")] = "0",
    size: Annotated[str, _sweep_opt("size")] = "medium",
    quickness_db: Annotated[str, _sweep_opt("quickness_db")] = "0",
    dodge: Annotated[str, _sweep_opt("dodge")] = "0",
    celerity: Annotated[str, _sweep_opt("celerity")] = "0",
    shooter_armor: Annotated[str | None, _sweep_opt("shooter_armor")] = None,
    situation: Annotated[list[str] | None, _sweep_opt("situation")] = None,
    mod: Annotated[list[str] | None, _sweep_opt("mod")] = None,
    method: MethodOpt = "exact",
    depth: DepthOpt = None,
    samples: Annotated[int, typer.Option(help="Monte Carlo samples per point.")] = 100_000,
    seed: OddsSeedOpt = 0,
    stat: Annotated[
        str, typer.Option(help="The stat the heatmap shows (a CSV column name).")
    ] = "expected_hits",
    x: Annotated[
        str | None, typer.Option("--x", help="The heatmap's across parameter (default: --ob).")
    ] = None,
    workers: Annotated[
        int,
        typer.Option(help="Local worker processes (default: one per core; 0: this process)."),
    ] = -1,
    dask: Annotated[
        str | None,
        typer.Option(help="Run on a Dask cluster: the scheduler's address, tcp://HOST:PORT."),
    ] = None,
    csv_path: CsvOpt = None,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Headline stats of an aimed shot over every combination of the listed values."""
    from firefight.odds.sweep import sweep

    chosen = _method(method)
    if (distance is None) == (band is None):
        fail("error: give one of --distance and --band")
    given: dict[str, object] = {
        k: v for k, v in locals().items() if k in SHOT_OPTION_NAMES or k == "band"
    }
    fixed: dict[str, object] = {}
    grid: dict[str, Sequence[object]] = {}
    for name, value in given.items():
        if value is None:
            continue
        if name in _REPEATED:
            fixed[name] = value
            continue
        values = parse_values(name, str(value))
        if not values:
            fail(f"error: --{name.replace('_', '-')} has no values")
        if len(values) == 1:
            fixed[name] = values[0]
        else:
            grid[name] = values
    if not grid:
        fail("error: nothing to sweep: give several values to at least one option")
    if plot is not None and x is not None and x not in grid:
        fail(f"error: --x is one of the swept options ({', '.join(grid)}), got {x!r}")
    first = {name: values[0] for name, values in grid.items()}
    with refusals():
        base = _build_shot(fixed, first)
    stats = [s.name for s in action_odds(base).stats]
    if plot is not None and stat not in stats:
        fail(f"error: --stat is one of {', '.join(stats)}, got {stat!r}")
    client, executor = _executor(dask, workers if workers >= 0 else len(os.sched_getaffinity(0)))
    try:
        with refusals():
            result = sweep(
                base,
                grid,
                build=lambda _, point: _build_shot(fixed, dict(point)),
                method=chosen,
                depth=depth,
                samples=samples,
                seed=seed,
                executor=executor,
            )
    finally:
        if executor is not None:
            executor.shutdown()
        if client is not None:
            client.close()
    rows = result.rows()
    if csv_path is not None:
        with csv_path.open("w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(
                out, fieldnames=[*result.parameters, *result.stat_names, "refused"]
            )
            writer.writeheader()
            writer.writerows(to_plain(rows))  # type: ignore[arg-type]
    if plot is not None:
        if stat not in result.stat_names:
            fail(f"error: --stat is one of {', '.join(result.stat_names)}, got {stat!r}")
        from firefight.odds.plots import plot_heatmap

        defaults = inspect.signature(aimed_shot_from_options).parameters
        constant = ", ".join(
            f"{k.replace('_', ' ')} {v}"
            for k, v in fixed.items()
            if k not in _REPEATED and (k not in defaults or defaults[k].default != v)
        )
        plot_heatmap(
            result,
            stat,
            plot,
            x=x or ("ob" if "ob" in grid else None),
            title=f"rmu aimed shot: {result.stat_labels[result.column(stat)]}"
            + (f" ({constant})" if constant else ""),
        )
    if as_json:
        emit_json(
            {
                "parameters": list(result.parameters),
                "fixed": fixed,
                "method": result.method,
                "depth": result.depth,
                "samples": result.samples,
                "rows": rows,
            }
        )
        return
    refused = sum(1 for r in result.refusals if r)
    console.print(
        f"{len(rows)} points over {', '.join(result.parameters)}"
        + (f"; {refused} refused by the rules" if refused else "")
        + (f"; written to {escape(str(csv_path))}" if csv_path else "")
        + (f"; heatmap {escape(str(plot))}" if plot else "")
    )
    if not csv_path and not plot:
        table = RichTable()
        for name in (*result.parameters, "P(miss)", "P(any critical)", "expected hits"):
            table.add_column(name)
        for row in rows[:60]:
            table.add_row(
                *(str(row[p]) for p in result.parameters),
                *(
                    ("refused" if row["refused"] else f"{row[n]:.4f}")
                    for n in ("p_miss", "p_critical", "expected_hits")
                ),
            )
        console.print(table)
        if len(rows) > 60:
            console.print(f"[dim]... {len(rows) - 60} more rows: use --csv or --json")


# --- the designer's claims -------------------------------------------------------------------


@report_app.command("rmu")
def report_rmu(as_json: JsonOpt = False) -> None:
    """The source's claims about the 9 mm and 7.62 mm tables, measured on the tables in use."""
    from firefight.odds.claims import rmu_claims
    from firefight.odds.rmu_views import default_data

    with refusals():
        claims = rmu_claims(default_data())
    if as_json:
        emit_json({"ruleset": "rmu", "claims": [c.to_json() for c in claims]})
        return
    table = RichTable(title="rmu firearm tables: the designer's claims")
    for col in ("", "claim", "stated", "measured", "rule"):
        table.add_column(col)
    for c in claims:
        mark = {True: "[green]holds", False: "[red]FAILS", None: "[dim]info"}[c.holds]
        table.add_row(mark, escape(c.claim), escape(c.stated), escape(c.measured), c.rule)
    console.print(table)
    failed = [c for c in claims if c.holds is False]
    if failed:
        raise typer.Exit(1)


# --- whole fights ----------------------------------------------------------------------------


@app.command("simulate")
def simulate_command(
    scenario: Annotated[Path, typer.Argument(help="A scenario TOML file (examples/*.toml).")],
    fights: Annotated[int, typer.Option(help="How many fights to play.")] = 1000,
    seed: OddsSeedOpt = 0,
    max_rounds: Annotated[int, typer.Option(help="Stop a fight after this many rounds.")] = 20,
    workers: Annotated[
        int,
        typer.Option(help="Local worker processes (default: one per core; 0: this process)."),
    ] = -1,
    dask: Annotated[
        str | None,
        typer.Option(help="Run on a Dask cluster: the scheduler's address, tcp://HOST:PORT."),
    ] = None,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play a scenario's fight many times: who wins, how many rounds, when each goes down."""
    from firefight.odds.fights import POLICY, simulate_fights

    if fights < 1:
        fail("error: --fights must be 1 or more")
    client, executor = _executor(dask, workers if workers >= 0 else len(os.sched_getaffinity(0)))
    try:
        with refusals():
            summary = simulate_fights(
                scenario, fights=fights, seed=seed, max_rounds=max_rounds, executor=executor
            )
    finally:
        if executor is not None:
            executor.shutdown()
        if client is not None:
            client.close()
    winners = summary.winners()
    rounds = summary.rounds()
    down = {name: summary.down_rounds(name) for name in summary.fighters}
    mean_rounds = sum(r * p for r, p in rounds.items())
    if plot is not None:
        from firefight.odds.plots import plot_time_to_incapacitate

        plot_time_to_incapacitate(
            down,
            fights,
            plot,
            title=f"{scenario.name}: {fights:,} fights, time to incapacitate (policy: {POLICY})",
        )
    if as_json:
        emit_json(
            {
                "scenario": str(scenario),
                "fights": fights,
                "seed": seed,
                "max_rounds": max_rounds,
                "policy": POLICY,
                "winners": {str(k): v for k, v in winners.items()},
                "rounds": {str(k): v for k, v in rounds.items()},
                "mean_rounds": mean_rounds,
                "down": {
                    name: {"rounds": {str(r): n for r, n in counts.items()}, "never": never}
                    for name, (counts, never) in down.items()
                },
            }
        )
        return
    console.rule(f"[bold]{escape(str(scenario))}: {fights:,} fights")
    table = RichTable(title="who wins")
    table.add_column("side")
    table.add_column("share", justify="right")
    for side, p in sorted(winners.items(), key=lambda kv: -kv[1]):
        table.add_row(
            escape(side or f"nobody decided (or {max_rounds} rounds ran out)"), f"{100 * p:.1f}%"
        )
    console.print(table)
    console.print(f"rounds per fight: mean {mean_rounds:.2f}")
    table = RichTable(title="time to incapacitate")
    for col in ("fighter", "went down", "mean round when down"):
        table.add_column(col)
    for name, (counts, _never) in down.items():
        n = sum(counts.values())
        mean = sum(r * c for r, c in counts.items()) / n if n else float("nan")
        table.add_row(escape(name), f"{100 * n / fights:.1f}%", f"{mean:.2f}" if n else "-")
    console.print(table)
    console.print(f"[dim]Monte Carlo, seed {seed}; each fighter's policy: {POLICY}.")
