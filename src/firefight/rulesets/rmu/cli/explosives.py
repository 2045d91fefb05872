"""``firefight rmu throw | explode | flash-bang | gas``: where an explosive lands, what its
detonation does to everyone near it, a flash-bang's contest, and a round in CS gas."""

from __future__ import annotations

import typer

from firefight.cli.declared import declared_command
from firefight.outcome import Outcome
from firefight.rulesets.rmu.blast_results import BlastCritical, DetonationResult
from firefight.rulesets.rmu.cli.resolved import resolving
from firefight.rulesets.rmu.detonation import resolve_detonation
from firefight.rulesets.rmu.explosive_options import (
    ExplodeOptions,
    FlashBangOptions,
    GasOptions,
    ThrowOptions,
)
from firefight.rulesets.rmu.flash_bang import FlashBangResult, resolve_flash_bang
from firefight.rulesets.rmu.gas import CsResult, resolve_cs
from firefight.rulesets.rmu.placement import Landing, landing_place, resolve_throw
from firefight.wording import counted, length_words

__all__ = ["app"]

app = typer.Typer(add_completion=False)


def _throw_headline(outcome: Outcome[Landing]) -> str:
    s = outcome.result
    where = landing_place(s.landed)
    if s.result == "fumble":
        return f"FUMBLE: it lies at the thrower's feet {where}"
    if s.result == "on target":
        return f"ON TARGET at {where}"
    return f"SCATTERED {length_words(s.off_ft, 'ft')} toward {s.clock} o'clock, to {where}"


def _bang_headline(outcome: Outcome[FlashBangResult]) -> str:
    return "; ".join(
        f"{v.name}: {counted(v.steps, 'round')} blind and deaf, {counted(v.hits, 'hit')}"
        if v.steps else f"{v.name}: unaffected"
        for v in outcome.result.victims
    )  # fmt: skip


declared_command(
    app, "throw", ThrowOptions, help="Throw an explosive at a spot: where it lands (RMU-EXP-2)."
)(
    resolving(
        ThrowOptions,
        "throw",
        resolve_throw,
        lambda decl: f"rmu throw: {decl.load}",
        _throw_headline,
    )
)


def _explode_headline(outcome: Outcome[DetonationResult]) -> str:
    parts = []
    for p in outcome.result.people:
        if p.band is None:
            parts.append(f"{p.name}: outside")
            continue
        severity = f", critical {p.severity}" if p.severity else ""
        read_as = p.critical.read_as if isinstance(p.critical, BlastCritical) else None
        if read_as:
            severity = f", critical {read_as} (struck as {p.severity}, V-1)"
        parts.append(f"{p.name} ({p.band}): {counted(p.total_hits, 'hit')}{severity}")
    return "; ".join(parts)


declared_command(
    app,
    "explode",
    ExplodeOptions,
    help="An explosive goes off: one detonation roll read by everyone near it (RMU-EXP-1).",
)(
    resolving(
        ExplodeOptions,
        "explode",
        resolve_detonation,
        lambda decl: f"rmu explode: {decl.load}",
        _explode_headline,
    )
)


declared_command(
    app,
    "flash-bang",
    FlashBangOptions,
    help="A flash-bang's contest against each person in its radius (RMU-EXP-17).",
)(
    resolving(
        FlashBangOptions,
        "flash-bang",
        resolve_flash_bang,
        lambda _: "rmu flash-bang",
        _bang_headline,
    )
)


def _gas_headline(outcome: Outcome[CsResult]) -> str:
    parts = []
    for v in outcome.result.victims:
        text = f"{v.name}: {v.penalty or 'no'} penalty"
        if v.maneuver is not None:
            text += ", " + ("keeps acting" if v.coherent else "no coherent action")
        parts.append(text)
    return "; ".join(parts)


declared_command(
    app,
    "gas",
    GasOptions,
    help="A round in CS gas (RMU-EXP-16): each victim's penalty and, for one breathing it, the "
    "Constitution maneuver.",
)(
    resolving(
        GasOptions,
        "gas",
        resolve_cs,
        lambda _: "rmu gas",
        _gas_headline,
    )
)
