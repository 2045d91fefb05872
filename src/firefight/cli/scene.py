"""``firefight scene map FILE.toml``: a scenario's scene as an SVG picture, with the lines of fire,
cones and sectors of a declared action; ``firefight encounter map`` draws a saved encounter the
same way (:func:`draw_map`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from firefight.atomic import replacing
from firefight.cli.common import console, fail, input_file, output_file, refusals
from firefight.encounter.engine import first_round_opened
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.errors import RuleRefusal
from firefight.pictures import svg_to_png
from firefight.rulesets import find_ruleset
from firefight.scene.state import EncounterState
from firefight.scene.svg import Overlay, scene_svg

__all__ = ["ActionOpt", "PngOpt", "SvgOpt", "app", "draw_map"]

app = typer.Typer(help="Pictures of a scenario's scene.", no_args_is_help=True)

SvgOpt = Annotated[
    Path | None,
    typer.Option(
        "--svg", help="Write the SVG to this file (default: print it).", callback=output_file
    ),
]
PngOpt = Annotated[
    Path | None,
    typer.Option(
        "--png",
        help="Also write the picture as a PNG (for printing or a chat).",
        callback=output_file,
    ),
]
ActionOpt = Annotated[
    str | None,
    typer.Option("--action", help="An action line to draw, e.g. 'Mara shoots Viktor'."),
]


def draw_map(
    state: EncounterState,
    action: str | None,
    out: Path | None,
    png: Path | None = None,
    *,
    acting: EncounterState | None = None,
) -> None:
    """Draw ``state`` (with ``action``'s shapes) to ``out`` and/or ``png``; with neither,
    print the SVG. ``action`` is asked of the rules in ``acting`` (by default ``state``): one
    they refuse is drawn grey under its refusal, which is then said as ``encounter act`` says
    it, exit status 2 (DEC-665)."""
    ruleset = find_ruleset(state.ruleset)
    refusal: RuleRefusal | None = None
    refused: Overlay | None = None
    caption: str | None = None
    with refusals():
        overlay = ruleset.scene_overlay(state)
        if action:
            acting = state if acting is None else acting
            declared = ruleset.parse_action(action, acting)
            overlay, refused, caption, refusal = ruleset.map_layers(acting, declared)
    # The GM's map: hovering a person shows their whole state row.
    details = {c.name: dict(ruleset.describe_row(c, state)) for c in state.combatants}
    svg = scene_svg(
        state,
        unit=ruleset.scene_unit,
        overlay=overlay,
        caption=caption,
        details=details,
        refused=refused,
    )
    if out is None and png is None:
        typer.echo(svg, nl=False)
    for path, data in ((out, svg.encode()), (png, svg_to_png(svg) if png else b"")):
        if path is None:
            continue
        try:
            with replacing(path) as partial:
                partial.write_bytes(data)
        except OSError as exc:
            fail(f"error: cannot write {path}: {exc.strerror or exc}")
        console.print(f"map written to {path}")
    if refusal is not None:
        fail(f"refused: {refusal}")


@app.command("map")
def map_command(
    scenario: Annotated[
        Path,
        typer.Argument(
            help="A scenario TOML file (examples/*.toml).", path_type=str, callback=input_file
        ),
    ],
    svg: SvgOpt = None,
    png: PngOpt = None,
    action: ActionOpt = None,
) -> None:
    """The scene before the first round, top-down, with a legend and a scale.

    An action is asked of the rules as round 1 would find it (AP or a turn to spend,
    surprise)."""
    with refusals():
        state = initial_state(load_scenario(scenario))
        opened = first_round_opened(state, find_ruleset(state.ruleset)) if action else None
    draw_map(state, action, svg, png, acting=opened)
