"""Which band of a blast a body is in, and what that does to the detonation roll against it
(RMU-EXP-5, RMU-EXP-7, RULINGS X-3).

The band is the nearest one the body's footprint reaches (geometry's ``band_of``); a footprint
that also reaches past that band's outer edge costs -20; lying prone at the blast shifts the
body one band outward, and the prone on the fringe escape it. A load that does not fragment
takes its severity from the band instead.

>>> from firefight.geometry import Point
>>> from firefight.rulesets.rmu.explosives import explosive_data
>>> m67 = explosive_data().load("m67")
>>> placed = place_in_blast(Body(center=Point(x_ft=30, y_ft=0)), Point(x_ft=0, y_ft=0), m67)
>>> placed.band, [m.value for m in placed.modifiers]
('casualty', [0])
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.geometry import Body, Point, Posture, band_of
from firefight.rulesets.rmu.explosives import BandName, ExplosiveData, Load, explosive_data
from firefight.rulesets.rmu.severity import Severity
from firefight.trace import Modifier

__all__ = ["InBlast", "place_in_blast"]


@dataclass(frozen=True, slots=True, kw_only=True)
class InBlast:
    """Where a body stands in a blast: its band (None: outside) and the roll's modifiers."""

    band: BandName | None
    straddling: bool
    modifiers: tuple[Modifier, ...]
    severity: Severity | None


def place_in_blast(
    body: Body,
    center: Point,
    load: Load,
    *,
    enclosed: bool = False,
    data: ExplosiveData | None = None,
) -> InBlast:
    """``body``'s band in ``load``'s blast at ``center``."""
    figures = (data or explosive_data()).bands
    bands = load.bands_in(enclosed=enclosed)
    index, straddling = band_of(body, center, [r for _, r in bands])
    if index is not None and body.posture is Posture.PRONE:
        index = index + 1 if index + 1 < len(bands) else None
        straddling = straddling and index is not None
    if index is None:
        return InBlast(band=None, straddling=False, modifiers=(), severity=None)
    name = bands[index][0]
    prone = " (prone: one band out)" if body.posture is Posture.PRONE else ""
    rule = "RMU-EXP-7" if prone else "RMU-EXP-5"
    modifiers = [Modifier(value=figures.modifiers[name], label=f"{name} band{prone}", rule=rule)]
    if straddling:
        modifiers.append(
            Modifier(value=figures.straddling, label="not wholly inside the band", rule="RMU-EXP-5")
        )
    return InBlast(
        band=name,
        straddling=straddling,
        modifiers=tuple(modifiers),
        severity=figures.severity[name],
    )
