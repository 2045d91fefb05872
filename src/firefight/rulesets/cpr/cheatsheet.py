"""cpr's cheat-sheet (``firefight cheatsheet cpr``): the range and autofire DVs, cover HP,
named modifiers, wound states and the figures of aimed shots, autofire, suppression and
death saves — every figure read from the data files the rules themselves use."""

from __future__ import annotations

from firefight.cheatsheet import Section, signed
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.ranges import DvTable

__all__ = ["cpr_cheatsheet"]


def _dv(table: DvTable, title: str) -> Section:
    rows = tuple(
        (table.row_names[key], *("-" if dv is None else str(dv) for dv in cells))
        for key, cells in table.rows.items()
    )
    return Section(
        title=title,
        columns=("weapon", *(f"{b.low_m}-{b.high_m}" for b in table.bands)),
        rows=rows,
        note=f"DV by distance in metres; - : out of reach. {table.source}.",
    )


def _cover(data: CprData) -> Section:
    rows = tuple(
        (key.replace("-", " "), str(thin), str(thick))
        for key, (thin, thick) in data.cover.materials.items()
    )
    return Section(
        title="Cover HP (C-13)",
        columns=("material", "thin", "thick"),
        rows=rows,
        note=(
            "A barrier covers whoever stands nearer it, both when halfway (DEC-630); a blast "
            "meets any barrier in between (DEC-146). Damage past the cover's HP is lost; at 0 HP "
            "it is gone."
        ),
    )


def _modifiers(data: CprData) -> Section:
    rows = []
    for m in data.modifiers.named.values():
        if m.per_point is not None:
            effect = f"{signed(m.per_point)} per point spent"
        elif m.jams_on is not None:
            effect = f"{signed(m.value)}, jams on a {m.jams_on}"
        elif m.min_distance_m is not None:
            effect = f"{signed(m.value)} at {m.min_distance_m} m or more"
        else:
            effect = signed(m.value)
        rows.append((m.label, effect))
    return Section(
        title="Named modifiers (CPR-REF-1)",
        columns=("modifier", "attack"),
        rows=tuple(rows),
        note="Give them as --modifier NAME; armor penalties come from the armor worn.",
    )


def _wounds(data: CprData) -> Section:
    rows = tuple(
        (
            w.name,
            signed(w.action_penalty) if w.action_penalty else "-",
            signed(w.move_penalty) if w.move_penalty else "-",
        )
        for w in data.figures.wounds.values()
    )
    return Section(title="Wound states (C-9)", columns=("state", "actions", "MOVE"), rows=rows)


def _attacks(data: CprData) -> Section:
    f = data.figures
    rows = (
        ("aimed shot", f"{signed(f.aimed_penalty)}; head ×{f.head_multiplier} damage"),
        ("autofire", f"{f.autofire_bullets} bullets, {f.autofire_damage_d6}d6 times a multiplier"),
        ("suppression", f"{f.suppression_bullets} bullets, {f.suppression_radius_m} m radius"),
        ("dodge a shot", f"REF {f.dodge_min_ref}+"),
        ("armor ablation", f"-{f.ablation} SP per hit that gets through"),
        ("critical injury", f"{f.critical_sixes}+ sixes on damage: +{f.critical_bonus} damage"),
        ("shotgun shells", f"DV {f.shells_dv}, {f.shells_damage_d6}d6"),
        ("throw", f"up to {f.throw_max_distance_m} m"),
        (
            "death save",
            f"d{f.death_save_die} under BODY, {f.death_save_always_fails} fails, "
            f"+{f.death_save_per_save} per save made",
        ),
        ("stabilize", f"DV {f.stabilize_dv}, within {f.stabilize_reach_m:g} m"),
    )
    return Section(title="Attacks and saves", columns=("what", "figure"), rows=rows)


def _turns(data: CprData) -> Section:
    t = data.turns
    rows = (
        ("initiative", f"{t.initiative_stat} + d10"),
        ("move", f"MOVE × {t.metres_per_move} m (at least {t.min_move} MOVE)"),
        ("a turn", "one Move Action and one Action"),
    )
    return Section(title="A turn (CPR-REF-1)", columns=("what", "figure"), rows=rows)


def cpr_cheatsheet() -> tuple[Section, ...]:
    """Every section of the cpr cheat-sheet, in reading order."""
    data = CprData()
    return (
        _dv(data.ranges, "Range DV (CPR-RNG-1)"),
        _dv(data.autofire, "Autofire DV (C-5)"),
        _cover(data),
        _modifiers(data),
        _attacks(data),
        _wounds(data),
        _turns(data),
    )
