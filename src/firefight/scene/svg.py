"""The scene as a picture: a pure SVG renderer, as python-chess's ``chess.svg`` renders a board.

:func:`scene_svg` draws the state top-down — people as their footprints with facing, posture and
side colours, barriers by material, a scale bar in the ruleset's unit and a legend — and, for an
action being declared, an :class:`Overlay` of plain shapes (lines of fire, cones, rings for blast
bands and scatter, areas for a suppression frontage) that the ruleset builds. Hovering a person
shows their ``details`` when the caller gives them (the ruleset's state row, or what a player may
see of it): as lines of the person's ``<title>`` and as ``data-`` attributes of their group.
Nothing here reads a ruleset or decides who sees what, and nothing writes a file: the same text
serves the command line, the web table and tests.

>>> from firefight.geometry import Point
>>> from firefight.scene.state import CombatantState, EncounterState
>>> mara = CombatantState(name="Mara", position=Point(x_ft=0, y_ft=0), side="kindred")
>>> svg = scene_svg(EncounterState(title="Alley", ruleset="rmu", combatants=(mara,)))
>>> svg.startswith("<svg") and ">Mara</text>" in svg
True
"""

from __future__ import annotations

import math
import re
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Literal

from firefight.geometry import Body, Cone, Point, Posture, point_at
from firefight.scene.state import Barrier, CombatantState, EncounterState
from firefight.units import METRES_PER_FOOT

__all__ = ["Area", "FireLine", "Mark", "Overlay", "Ring", "scene_svg"]

#: Colours for sides, in the order sides first appear; they stay apart in greyscale too.
SIDE_COLOURS = ("#1f5fa8", "#b3261e", "#2e7d32", "#8e44ad", "#c77700", "#4e5d6c")
BYSTANDER_COLOUR = "#8a8a8a"
#: Barrier strokes by material: darker and thicker for what stops more.
MATERIAL_STROKE = {
    "soft": ("#a1887f", 2.0, "4 3"),
    "hard": ("#5d4037", 3.0, ""),
    "hardened": ("#37474f", 4.5, ""),
    "impenetrable": ("#000000", 6.0, ""),
}
MARGIN_PX = 40
#: A white edge under a label's letters: where a label crosses a line or another label, the one
#: drawn later (a name, after the barriers) stays readable.
HALO = 'stroke="#ffffff" stroke-width="3" paint-order="stroke"'
LEGEND_PX = 190
#: The shortest side the drawn area spans, so that one person alone is not drawn a mile wide.
MIN_SPAN_FT = 30.0
#: A caption line's height, and the widest a character of it may be (DejaVu Sans at 11 px
#: averages under 7 px), so that a wrapped line never runs off the picture.
CAPTION_LINE_PX = 14
CAPTION_CHAR_PX = 7.0


@dataclass(frozen=True, slots=True)
class FireLine:
    """A line of fire from ``start`` to ``end``; ``blocked`` draws it dashed."""

    start: Point
    end: Point
    label: str = ""
    blocked: bool = False


@dataclass(frozen=True, slots=True)
class Ring:
    """A circle about ``center``: a blast band or a scatter area (``"band"``, drawn as a dashed
    outline) or a cloud (``"cloud"``, drawn filled)."""

    center: Point
    radius_ft: float
    label: str = ""
    kind: Literal["band", "cloud"] = "band"


@dataclass(frozen=True, slots=True)
class Mark:
    """A spot on the ground with a short label: where a grenade lies, an aim point."""

    at: Point
    label: str = ""


@dataclass(frozen=True, slots=True)
class Area:
    """A filled polygon: the ground a sweep covers."""

    corners: tuple[Point, ...]
    label: str = ""


@dataclass(frozen=True, slots=True)
class Overlay:
    """What the action being declared adds to the map."""

    lines: tuple[FireLine, ...] = ()
    cones: tuple[Cone, ...] = ()
    rings: tuple[Ring, ...] = ()
    areas: tuple[Area, ...] = ()
    marks: tuple[Mark, ...] = ()

    def plus(self, other: Overlay) -> Overlay:
        """Both overlays' shapes, this one's drawn first."""
        return Overlay(
            lines=(*self.lines, *other.lines),
            cones=(*self.cones, *other.cones),
            rings=(*self.rings, *other.rings),
            areas=(*self.areas, *other.areas),
            marks=(*self.marks, *other.marks),
        )

    def points(self) -> Iterable[Point]:
        for line in self.lines:
            yield from (line.start, line.end)
        for cone in self.cones:
            if cone.max_distance_ft is not None:
                yield from _cone_corners(cone)
        for ring in self.rings:
            c, r = ring.center, ring.radius_ft
            yield from (
                Point(x_ft=c.x_ft - r, y_ft=c.y_ft - r),
                Point(x_ft=c.x_ft + r, y_ft=c.y_ft + r),
            )
        for area in self.areas:
            yield from area.corners
        for mark in self.marks:
            yield mark.at


def _cone_corners(cone: Cone) -> tuple[Point, ...]:
    reach = cone.max_distance_ft or 0.0
    return (
        cone.apex,
        point_at(cone.apex, cone.bearing_deg - cone.half_angle_deg, reach),
        point_at(cone.apex, cone.bearing_deg + cone.half_angle_deg, reach),
    )


@dataclass(frozen=True, slots=True)
class _Frame:
    """Feet on the plane to pixels on the page (y grows up on the plane, down on the page)."""

    min_x: float
    max_y: float
    scale: float
    top: float = 0.0  # the caption's extra lines above the drawing

    def x(self, p: Point) -> float:
        return MARGIN_PX + (p.x_ft - self.min_x) * self.scale

    def y(self, p: Point) -> float:
        return MARGIN_PX + self.top + (self.max_y - p.y_ft) * self.scale


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _frame(points: Sequence[Point], size_px: int, top: float) -> tuple[_Frame, float, float]:
    xs = [p.x_ft for p in points] or [0.0]
    ys = [p.y_ft for p in points] or [0.0]
    span_x = max(max(xs) - min(xs), MIN_SPAN_FT)
    span_y = max(max(ys) - min(ys), MIN_SPAN_FT)
    pad = 0.08 * max(span_x, span_y)
    min_x = (min(xs) + max(xs)) / 2 - span_x / 2 - pad
    max_y = (min(ys) + max(ys)) / 2 + span_y / 2 + pad
    scale = (size_px - 2 * MARGIN_PX) / max(span_x + 2 * pad, span_y + 2 * pad)
    width = (span_x + 2 * pad) * scale + 2 * MARGIN_PX
    height = (span_y + 2 * pad) * scale + 2 * MARGIN_PX + top
    return _Frame(min_x=min_x, max_y=max_y, scale=scale, top=top), width, height


def _wrapped(caption: str, width_px: float) -> list[str]:
    """``caption`` in lines no wider than ``width_px``, broken between words."""
    return textwrap.wrap(caption, max(int(width_px / CAPTION_CHAR_PX), 20))


def _side_colours(state: EncounterState) -> dict[str, str]:
    sides: list[str] = []
    for c in state.combatants:
        if c.side and not c.bystander and c.side not in sides:
            sides.append(c.side)
    return {side: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(sides)}


def _scale_bar(frame: _Frame, height: float, unit: Literal["ft", "m"]) -> list[str]:
    per_unit_ft = 1.0 if unit == "ft" else 1 / METRES_PER_FOOT
    target_px = 120.0
    raw = target_px / (frame.scale * per_unit_ft)
    step = 10 ** math.floor(math.log10(raw))
    length = next(m * step for m in (5, 2, 1) if m * step <= raw)
    px = length * per_unit_ft * frame.scale
    y = height - 16
    return [
        f'<g class="scale"><line x1="{MARGIN_PX}" y1="{_num(y)}" x2="{_num(MARGIN_PX + px)}" '
        f'y2="{_num(y)}" stroke="#000" stroke-width="2"/>',
        f'<text x="{MARGIN_PX}" y="{_num(y - 5)}" font-size="11">{_num(length)} {unit}</text></g>',
    ]


def _barrier(frame: _Frame, b: Barrier) -> str:
    colour, width, dash = MATERIAL_STROKE.get(b.material, MATERIAL_STROKE["hard"])
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    mid = Point(x_ft=(b.start.x_ft + b.end.x_ft) / 2, y_ft=(b.start.y_ft + b.end.y_ft) / 2)
    grade = f"{b.cover}, " if b.cover else ""
    label = f"{b.name} ({grade}{b.material}, {_num(b.height_ft)} ft high)"
    return (
        f'<g class="barrier"><title>{escape(label)}</title>'
        f'<line x1="{_num(frame.x(b.start))}" y1="{_num(frame.y(b.start))}" '
        f'x2="{_num(frame.x(b.end))}" y2="{_num(frame.y(b.end))}" stroke="{colour}" '
        f'stroke-width="{width}" stroke-linecap="round"{dashes}/>'
        f'<text x="{_num(frame.x(mid))}" y="{_num(frame.y(mid) - 6)}" font-size="10" '
        f'text-anchor="middle" fill="{colour}" {HALO}>{escape(label)}</text></g>'
    )


_POSTURE_MARK = {Posture.STANDING: "", Posture.KNEELING: "K", Posture.PRONE: "P"}


def data_name(label: str) -> str:
    """A field's label as a ``data-`` attribute's name.

    >>> data_name("at (ft)"), data_name("SP body/head"), data_name("G/Y/R")
    ('data-at-ft', 'data-sp-body-head', 'data-g-y-r')
    """
    return "data-" + (re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") or "field")


def _person(
    frame: _Frame, c: CombatantState, colour: str, details: Mapping[str, object] | None
) -> str:
    body = Body(center=c.position, posture=c.posture, size=c.size)
    cx, cy = frame.x(c.position), frame.y(c.position)
    r = max(body.radius_ft * frame.scale, 4.0)
    tip = point_at(c.position, c.facing_deg, body.radius_ft * 2.2)
    # Down is whoever the rules keep from acting: out cold, dead, and rmu's dying, staked or
    # in torpor too (DEC-915), so the GM sees at a glance who is out of the fight.
    down = not c.can_act()
    fill = "#ffffff" if down else colour
    state = "dead" if c.dead else "down" if down else c.posture.value
    title = f"{c.name} ({c.side or 'no side'}, {state})"
    data = f' data-name="{escape(c.name)}"' if details is not None else ""
    named = {"data-name"}
    for label, value in (details or {}).items():
        if label == "name":
            continue
        title += f"\n{label}: {value}"
        attribute = data_name(label)
        if attribute not in named:  # two labels that read alike: one attribute (XML wants it)
            named.add(attribute)
            data += f' {attribute}="{escape(str(value))}"'
    mark = _POSTURE_MARK.get(c.posture, "")
    parts = [
        f'<g class="person"{data}><title>{escape(title)}</title>',
        f'<line x1="{_num(cx)}" y1="{_num(cy)}" x2="{_num(frame.x(tip))}" '
        f'y2="{_num(frame.y(tip))}" stroke="{colour}" stroke-width="2"/>',
        # A white rim keeps someone standing over a body of their own side's colour apart from it.
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r + 2.5)}" fill="#ffffff"/>',
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="{fill}" '
        f'stroke="{colour}" stroke-width="2"/>',
    ]
    if mark:
        parts.append(
            f'<text x="{_num(cx)}" y="{_num(cy + 4)}" font-size="10" text-anchor="middle" '
            f'fill="{"#000" if down else "#fff"}">{mark}</text>'
        )
    if c.dead:
        parts.append(
            f'<line x1="{_num(cx - r)}" y1="{_num(cy - r)}" x2="{_num(cx + r)}" '
            f'y2="{_num(cy + r)}" stroke="{colour}" stroke-width="2"/>'
        )
    parts.append(
        f'<text x="{_num(cx + r + 3)}" y="{_num(cy - r - 2)}" font-size="12" {HALO}>'
        f"{escape(c.name)}</text></g>"
    )
    return "".join(parts)


#: How an action the rules refuse is drawn: its shapes greyed and faded, under its refusal.
_REFUSED = '<filter id="refused"><feColorMatrix type="saturate" values="0"/></filter>'


def _overlay(frame: _Frame, overlay: Overlay, *, refused: bool = False) -> list[str]:
    look = ' class="overlay refused" filter="url(#refused)" opacity="0.5"'
    parts = [f"<g{look}>" if refused else '<g class="overlay">']
    for area in overlay.areas:
        corners = " ".join(f"{_num(frame.x(p))},{_num(frame.y(p))}" for p in area.corners)
        parts.append(
            f'<polygon points="{corners}" fill="#ffb300" fill-opacity="0.25" stroke="#ff8f00">'
            f"<title>{escape(area.label)}</title></polygon>"
        )
    for ring in overlay.rings:
        look = (
            'fill="#9e9e9e" fill-opacity="0.3" stroke="#757575"'
            if ring.kind == "cloud"
            else 'fill="none" stroke="#d84315" stroke-dasharray="6 3"'
        )
        parts.append(
            f'<circle class="{ring.kind}" cx="{_num(frame.x(ring.center))}" '
            f'cy="{_num(frame.y(ring.center))}" r="{_num(ring.radius_ft * frame.scale)}" '
            f"{look}><title>{escape(ring.label)}</title></circle>"
        )
    for mark in overlay.marks:
        x, y = frame.x(mark.at), frame.y(mark.at)
        parts.append(
            f'<g class="mark"><title>{escape(mark.label)}</title>'
            f'<path d="M{_num(x - 5)},{_num(y - 5)}L{_num(x + 5)},{_num(y + 5)}'
            f'M{_num(x - 5)},{_num(y + 5)}L{_num(x + 5)},{_num(y - 5)}" stroke="#d84315" '
            f'stroke-width="2"/><text x="{_num(x + 7)}" y="{_num(y + 12)}" font-size="10" '
            f'fill="#d84315">{escape(mark.label)}</text></g>'
        )
    for cone in overlay.cones:
        corners = " ".join(f"{_num(frame.x(p))},{_num(frame.y(p))}" for p in _cone_corners(cone))
        parts.append(
            f'<polygon points="{corners}" fill="#e53935" fill-opacity="0.15" stroke="#e53935"/>'
        )
    for line in overlay.lines:
        dash = ' stroke-dasharray="5 4"' if line.blocked else ""
        parts.append(
            f'<line x1="{_num(frame.x(line.start))}" y1="{_num(frame.y(line.start))}" '
            f'x2="{_num(frame.x(line.end))}" y2="{_num(frame.y(line.end))}" stroke="#e53935" '
            f'stroke-width="1.5"{dash}><title>{escape(line.label)}</title></line>'
        )
    parts.append("</g>")
    return parts


def _legend(
    x: float, top: float, colours: dict[str, str], materials: Sequence[str], refused: bool
) -> list[str]:
    y = MARGIN_PX + top
    parts = [f'<g class="legend" font-size="11"><text x="{_num(x)}" y="{_num(y)}">Sides</text>']
    y += 16
    for side, colour in (*colours.items(), ("bystander", BYSTANDER_COLOUR)):
        parts.append(
            f'<circle cx="{_num(x + 6)}" cy="{_num(y - 4)}" r="5" fill="{colour}"/>'
            f'<text x="{_num(x + 16)}" y="{_num(y)}">{escape(side)}</text>'
        )
        y += 16
    if materials:
        y += 8
        parts.append(f'<text x="{_num(x)}" y="{_num(y)}">Barriers</text>')
        y += 16
        for material in materials:
            colour, width, dash = MATERIAL_STROKE.get(material, MATERIAL_STROKE["hard"])
            dashes = f' stroke-dasharray="{dash}"' if dash else ""
            parts.append(
                f'<line x1="{_num(x)}" y1="{_num(y - 4)}" x2="{_num(x + 14)}" y2="{_num(y - 4)}" '
                f'stroke="{colour}" stroke-width="{width}"{dashes}/>'
                f'<text x="{_num(x + 20)}" y="{_num(y)}">{escape(material)}</text>'
            )
            y += 16
    y += 8
    keys = ["K kneeling, P prone", "white: down", "crossed out: dead", "dashed fire: blocked"]
    if refused:
        keys.append("grey: refused, not played")
    for line in keys:
        parts.append(f'<text x="{_num(x)}" y="{_num(y)}">{line}</text>')
        y += 14
    parts.append("</g>")
    return parts


def scene_svg(
    state: EncounterState,
    *,
    unit: Literal["ft", "m"] = "ft",
    overlay: Overlay | None = None,
    size_px: int = 720,
    caption: str | None = None,
    details: Mapping[str, Mapping[str, object]] | None = None,
    refused: Overlay | None = None,
) -> str:
    """The scene as an SVG document: ``unit`` is the scale bar's, ``size_px`` the drawing's
    longer side (the legend is beside it), ``caption`` a line under the title, ``details`` what
    hovering each person (by name) shows of their state, field by field. ``refused`` holds the
    shapes of an action the rules refuse, drawn grey and faded (the caption says why)."""
    points = [c.position for c in state.combatants]
    points += [p for b in state.barriers for p in (b.start, b.end)]
    for shapes in (overlay, refused):
        if shapes is not None:
            points += list(shapes.points())
    width = _frame(points, size_px, 0.0)[1]
    total_w = width + LEGEND_PX
    # A long caption (a refusal's whole sentence) wraps to the picture, the drawing below it.
    said = _wrapped(caption or "", total_w - MARGIN_PX - 10)
    frame, width, height = _frame(points, size_px, CAPTION_LINE_PX * max(len(said) - 1, 0))
    colours = _side_colours(state)
    materials = sorted({b.material for b in state.barriers})
    title = state.title + (f", round {state.round}" if state.round else "")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(total_w)}" '
        f'height="{_num(height)}" viewBox="0 0 {_num(total_w)} {_num(height)}" '
        'font-family="sans-serif">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{_num(total_w)}" height="{_num(height)}" fill="#ffffff"/>',
        f'<text x="{MARGIN_PX}" y="22" font-size="15" font-weight="bold">{escape(title)}</text>',
    ]
    colour = ' fill="#b3261e"' if refused is not None else ""
    for i, line in enumerate(said):
        parts.append(
            f'<text x="{MARGIN_PX}" y="{_num(36 + i * CAPTION_LINE_PX)}" font-size="11"{colour}>'
            f"{escape(line)}</text>"
        )
    parts.append(
        f'<rect x="{MARGIN_PX / 2}" y="{MARGIN_PX / 2 + 20 + frame.top}" '
        f'width="{_num(width - MARGIN_PX)}" height="{_num(height - MARGIN_PX - 20 - frame.top)}" '
        'fill="none" stroke="#dddddd"/>'
    )
    if refused is not None:
        parts += [_REFUSED, *_overlay(frame, refused, refused=True)]
    if overlay is not None and overlay != Overlay():  # nothing to draw: no overlay group
        parts += _overlay(frame, overlay)
    parts += [_barrier(frame, b) for b in state.barriers]
    parts += [
        _person(
            frame,
            c,
            BYSTANDER_COLOUR if c.bystander else colours.get(c.side, "#333333"),
            (details or {}).get(c.name),
        )
        # The widest footprints (bodies lying down) first, so nobody is drawn under one (DEC-915).
        for c in sorted(state.combatants, key=lambda c: -c.body.radius_ft)
    ]
    parts += _scale_bar(frame, height, unit)
    parts += _legend(width + 10, frame.top, colours, materials, refused is not None)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
