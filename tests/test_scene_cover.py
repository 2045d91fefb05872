"""The lines the scene's cover reading has worked out are kept for the very barriers and places
they were worked out for: another scene's barriers, or a copy of the same ones, across the same
two places is read afresh."""

from __future__ import annotations

from firefight.frozen import replace
from firefight.geometry import Point
from firefight.scene.cover import between, covering
from firefight.scene.state import Barrier, EncounterState


def _wall(name: str, y_ft: float) -> Barrier:
    ends = Point(x_ft=-5, y_ft=y_ft), Point(x_ft=5, y_ft=y_ft)
    return Barrier(name=name, start=ends[0], end=ends[1], height_ft=3, material="hard")


def test_a_line_asked_again_reads_the_barriers_of_the_scene_asked() -> None:
    origin, at = Point(x_ft=0, y_ft=0), Point(x_ft=0, y_ft=10)
    scene = EncounterState(title="t", ruleset="cpr", barriers=(_wall("far", 8),))
    assert [b.name for b in covering(scene, origin, at)] == ["far"]
    assert [b.name for b in covering(scene, origin, at)] == ["far"]
    moved = replace(scene, barriers=(_wall("near", 2),))
    assert covering(moved, origin, at) == []
    assert [b.name for b in between(moved, origin, at)] == ["near"]
    both = replace(scene, barriers=(_wall("near", 2), _wall("far", 8), _wall("farther", 9)))
    assert [b.name for b in covering(both, origin, at)] == ["farther", "far"]
    # A list handed out is the caller's own: changing it changes no later answer.
    covering(both, origin, at).clear()
    assert [b.name for b in between(both, origin, at)] == ["farther", "far", "near"]
    assert covering(replace(scene, barriers=()), origin, at) == []


def test_a_line_from_the_same_spot_to_another_is_read_afresh() -> None:
    # The same scene's barriers and the same shooter's spot, asked first of a target beyond
    # the wall at y=8, then of one who stepped back in front of it (y=5): a line kept for the
    # barriers and the shooter alone would still say the wall stands between them.
    scene = EncounterState(title="t", ruleset="cpr", barriers=(_wall("wall", 8),))
    origin = Point(x_ft=0, y_ft=0)
    assert [b.name for b in between(scene, origin, Point(x_ft=0, y_ft=10))] == ["wall"]
    assert between(scene, origin, Point(x_ft=0, y_ft=5)) == []
    # and the other way round: the shooter moved, the target did not
    at = Point(x_ft=0, y_ft=10)
    assert [b.name for b in between(scene, Point(x_ft=0, y_ft=0), at)] == ["wall"]
    assert between(scene, Point(x_ft=0, y_ft=9), at) == []
