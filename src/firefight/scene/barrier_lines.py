"""The scene's barriers in words, for the lines under the state table: the names a line
types (rmu's ``dashes to cover crates``) and where each stands, in the scene's unit."""

from __future__ import annotations

from typing import Literal

from firefight.geometry import Point
from firefight.scene.state import EncounterState
from firefight.units import metres_from_feet

__all__ = ["barrier_lines"]


def barrier_lines(state: EncounterState, unit: Literal["ft", "m"]) -> list[str]:
    """One line a barrier: its name, material, height and ends, in ``unit``.

    >>> from firefight.geometry import Point
    >>> from firefight.scene.state import Barrier
    >>> wall = Barrier(name="crates", start=Point(x_ft=0, y_ft=38), end=Point(x_ft=22, y_ft=38),
    ...                height_ft=3.5, material="hard")
    >>> barrier_lines(EncounterState(title="t", ruleset="x", barriers=(wall,)), "ft")
    ['barrier: crates, hard, 3.5 ft high, from 0,38 to 22,38']
    """

    def length(feet: float) -> str:
        return f"{round(metres_from_feet(feet) if unit == 'm' else feet, 2):g}"

    def place(at: Point) -> str:
        return f"{length(at.x_ft)},{length(at.y_ft)}"

    return [
        f"barrier: {b.name}, {b.material}, {length(b.height_ft)} {unit} high, "
        f"from {place(b.start)} to {place(b.end)}"
        for b in state.barriers
    ]
