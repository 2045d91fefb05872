"""``firefight scene map FILE.toml``: a scenario's scene as an SVG picture, with the lines of fire,
cones and sectors of a declared action; ``firefight encounter map`` draws a saved encounter the
same way (:func:`draw_map`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from firefight.cli.common import console, fail, refusals
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.pictures import svg_to_png
from firefight.rulesets import find_ruleset
from firefight.scene.state import EncounterState
from firefight.scene.svg import Overlay, scene_svg

__all__ = ["ActionOpt", "PngOpt", "SvgOpt", "app", "draw_map"]

app = typer.Typer(help="Pictures of a scenario's scene.", no_args_is_help=True)

SvgOpt = Annotated[
    Path | None, typer.Option("--svg", help="Write the SVG to this file (default: print it).")
]
PngOpt = Annotated[
    Path | None,
    typer.Option("--png", help="Also write the picture as a PNG (for printing or a chat)."),
]
ActionOpt = Annotated[
    str | None,
    typer.Option("--action", help="An action line to draw, e.g. 'Mara shoots Viktor'."),
]


def draw_map(
    state: EncounterState, action: str | None, out: Path | None, png: Path | None = None
) -> None:
    """Draw ``state`` (with ``action``'s shapes) to ``out`` and/or ``png``; with neither,
    print the SVG."""
    ruleset = find_ruleset(state.ruleset)
    with refusals():
        overlay = ruleset.scene_overlay(state)
        if action:
            overlay = overlay.plus(ruleset.overlay(state, ruleset.parse_action(action, state)))
    drawn = overlay if overlay != Overlay() else None  # nothing to draw: no overlay group
    # The GM's map: hovering a person shows their whole state row.
    details = {c.name: dict(ruleset.describe_row(c)) for c in state.combatants}
    svg = scene_svg(state, unit=ruleset.scene_unit, overlay=drawn, caption=action, details=details)
    if out is None and png is None:
        typer.echo(svg, nl=False)
        return
    for path, data in ((out, svg.encode()), (png, svg_to_png(svg) if png else b"")):
        if path is None:
            continue
        try:
            path.write_bytes(data)
        except OSError as exc:
            fail(f"error: cannot write {path}: {exc.strerror or exc}")
        console.print(f"map written to {path}")


@app.command("map")
def map_command(
    scenario: Annotated[Path, typer.Argument(help="A scenario TOML file (examples/*.toml).")],
    svg: SvgOpt = None,
    png: PngOpt = None,
    action: ActionOpt = None,
) -> None:
    """The scene before the first round, top-down, with a legend and a scale."""
    with refusals():
        state = initial_state(load_scenario(scenario))
    draw_map(state, action, svg, png)
