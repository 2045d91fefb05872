"""rmu's cheat-sheet (``firefight cheatsheet rmu``): range bands, point blank, cover, the
situational modifiers, maneuver difficulties, what actions cost and how hits hurt — every
figure read from the data files the rules themselves use."""

from __future__ import annotations

from firefight.cheatsheet import Section, signed
from firefight.rulesets.rmu.catalog import default_data
from firefight.rulesets.rmu.firearm_data import firearm_figures
from firefight.rulesets.rmu.maneuvers import maneuver_figures
from firefight.rulesets.rmu.vitals import figures

__all__ = ["rmu_cheatsheet"]


def _ranges() -> Section:
    rules = default_data().rules
    rows = tuple(
        (f"{k + 1}", name, f"{k + 1}× short range", signed(mod))
        for k, (name, mod) in enumerate(zip(rules.band_names, rules.band_modifiers, strict=True))
    )
    return Section(
        title="Range bands (RMU-GEN-4)",
        columns=("band", "name", "out to", "OB"),
        rows=rows,
        note="A weapon's short range is in `firefight weapons`; beyond the last band: no shot.",
    )


def _point_blank() -> Section:
    rules = default_data().rules
    rows = tuple((cls, signed(bonus)) for cls, bonus in rules.point_blank_bonus.items())
    return Section(
        title="Point blank (RMU-PB-1)",
        columns=("weapon class", "OB"),
        rows=rows,
        note=f"Within {rules.point_blank_reach_ft} ft ({rules.long_gun_reach_ft} ft for long "
        "guns); bonuses provisional (DATA.md).",
    )


def _cover() -> Section:
    cover = default_data().cover
    rows = [
        ("soft (any gun)", *(signed(v) for v in cover.soft)),
        *((f"hard vs {c.label}", *(signed(v) for v in c.values)) for c in cover.hard),
        ("impenetrable", *(signed(v) for v in cover.impenetrable)),
        ("melee", *(signed(v) for v in cover.melee)),
    ]
    return Section(
        title="Cover DB (RMU-COV-2, -3, -7)",
        columns=("cover", "partial", "half", "full"),
        rows=tuple(rows),
        note=f"Hard cover in melee ×{cover.melee_hard_multiplier}; hard columns provisional.",
    )


def _situational() -> Section:
    rules = default_data().rules
    return Section(
        title="Situational OB (R-1)",
        columns=("condition", "OB"),
        rows=tuple((k.replace("-", " "), signed(v)) for k, v in rules.situational.items()),
    )


def _difficulty() -> Section:
    table = maneuver_figures().difficulty
    return Section(
        title="Maneuver difficulty (M-2)",
        columns=("difficulty", "roll"),
        rows=tuple((k.replace("-", " "), signed(v)) for k, v in table.items()),
    )


def _costs() -> Section:
    rules = default_data().rules
    enc = figures()
    low, high = rules.ranged_attack_ap
    rows = (
        ("AP per round", str(enc.round_ap)),
        ("aimed shot", f"{low}-{high} AP, {signed(rules.haste_per_ap)} per AP short of {high}"),
        ("prepare a shot", f"{rules.prepare_ap} AP"),
        ("reload", f"{enc.reload_ap} AP"),
        ("drop prone", f"{enc.drop_prone_ap} AP"),
        ("stand up", f"{enc.stand_up_ap} AP"),
        ("move one BMR", f"{enc.move_per_bmr_ap} AP"),
        ("unprepared recoil", signed(rules.recoil_unprepared)),
        ("surprised", f"lose {enc.surprised_ap_lost} AP in round 1"),
        ("flat-footed", f"lose {enc.flat_footed_ap_lost} AP in round 1"),
    )
    return Section(
        title="What actions cost (R-6, RMU-GEN-1)", columns=("action", "cost"), rows=rows
    )


def _rates() -> Section:
    fig = firearm_figures()
    rows = tuple(
        (
            cls.replace("-", " "),
            str(rate),
            signed(fig.modifiers[cls]) if cls in fig.modifiers else "-",
        )
        for cls, rate in fig.rates.items()
    )
    return Section(
        title="Rate classes (rapid fire)",
        columns=("class", "rounds/round", "control"),
        rows=rows,
        note="Control modifiers provisional (DATA.md).",
    )


def _hits() -> Section:
    enc = figures()
    rows = (
        *((f"over {b.over_percent}% of hits lost", signed(b.penalty)) for b in enc.loss_bands),
        ("unconscious", "0 hits or fewer"),
        ("dead", "hits below 0 past Body Development"),
        ("fatigue check", f"total penalty {enc.fatigue_check_at} or worse"),
        ("dying", f"total penalty {enc.dying_at} or worse"),
        ("dies at next upkeep", f"total penalty {enc.dies_at} or worse"),
        ("stun tiers", ", ".join(str(t) for t in enc.stun_tiers)),
    )
    return Section(title="Hits and penalties (R-2, R-3)", columns=("state", "figure"), rows=rows)


def rmu_cheatsheet() -> tuple[Section, ...]:
    """Every section of the rmu cheat-sheet, in reading order."""
    return (
        _ranges(),
        _point_blank(),
        _cover(),
        _situational(),
        _costs(),
        _rates(),
        _difficulty(),
        _hits(),
    )
