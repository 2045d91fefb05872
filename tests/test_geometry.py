"""Scene geometry (RULINGS S-1..S-3, X-2, P-1, P-2; RMU-COV-1, RMU-RF-10/11, RMU-EXP-2/5)."""

from __future__ import annotations

import math
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from firefight.errors import RuleRefusal, TableDataError
from firefight.frozen import replace
from firefight.geometry import (
    BURST_HALF_ANGLE_DEG,
    Body,
    BodyProfile,
    Cone,
    CoverGrade,
    Point,
    Posture,
    Size,
    band_of,
    bearing_deg,
    bodies_between,
    body_in_cone,
    burst_cone,
    cover_grade,
    default_body_profile,
    distance_ft,
    grade_behind_barrier,
    hidden_fraction,
    load_body_profile,
    order_along,
    point_at,
    scatter_point,
    sweep_cone,
)
from firefight.scene.state import CombatantState

ORIGIN = Point(x_ft=0.0, y_ft=0.0)

coords = st.floats(min_value=-500.0, max_value=500.0, allow_nan=False)
points = st.builds(Point, x_ft=coords, y_ft=coords)
bearings = st.floats(min_value=0.0, max_value=359.999, allow_nan=False)
postures = st.sampled_from(Posture)
sizes = st.sampled_from(Size)


def at(x: float, y: float) -> Point:
    return Point(x_ft=x, y_ft=y)


def _angle_between_deg(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


# --- the plane -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("to", "expected"),
    [(at(0, 5), 0.0), (at(5, 0), 90.0), (at(0, -5), 180.0), (at(-5, 0), 270.0), (at(3, 3), 45.0)],
)
def test_bearing_is_compass_style_zero_north_clockwise(to: Point, expected: float) -> None:
    assert bearing_deg(ORIGIN, to) == pytest.approx(expected)


def test_bearing_to_the_same_spot_is_refused() -> None:
    with pytest.raises(RuleRefusal) as info:
        bearing_deg(at(2, 2), at(2, 2))
    assert info.value.rule == "S-2"


@given(origin=points, target=points)
def test_point_at_inverts_bearing_and_distance(origin: Point, target: Point) -> None:
    assume(distance_ft(origin, target) > 1e-3)
    back = point_at(origin, bearing_deg(origin, target), distance_ft(origin, target))
    assert back.x_ft == pytest.approx(target.x_ft, abs=1e-9)
    assert back.y_ft == pytest.approx(target.y_ft, abs=1e-9)
    assert 0.0 <= bearing_deg(origin, target) < 360.0


# --- bodies (S-1) ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("posture", "radius_ft", "height_ft"),
    [(Posture.STANDING, 1.0, 6.0), (Posture.KNEELING, 1.0, 3.5), (Posture.PRONE, 3.0, 1.0)],
)
def test_s1_radius_and_height_by_posture(
    posture: Posture, radius_ft: float, height_ft: float
) -> None:
    body = Body(center=ORIGIN, posture=posture)
    assert (body.radius_ft, body.height_ft) == (radius_ft, height_ft)


@pytest.mark.parametrize(
    ("size", "factor"),
    [(Size.SMALL, 0.75), (Size.MEDIUM, 1.0), (Size.BIG, 1.5), (Size.LARGE, 2.0), (Size.HUGE, 3.0)],
)
def test_s1_size_scales_the_radius(size: Size, factor: float) -> None:
    assert Body(center=ORIGIN, size=size).radius_ft == factor
    assert Body(center=ORIGIN, posture=Posture.PRONE, size=size).radius_ft == 3.0 * factor


def test_s1_a_combatants_body_follows_every_change_to_them() -> None:
    """A combatant's body is read off their frozen value: each changed copy has its own."""
    mara = CombatantState(name="Mara", position=ORIGIN)
    assert mara.body == Body(center=ORIGIN, name="Mara")
    prone = replace(mara, posture=Posture.PRONE, position=at(3, 4), size=Size.BIG)
    assert prone.body == Body(center=at(3, 4), posture=Posture.PRONE, size=Size.BIG, name="Mara")
    assert mara.body == Body(center=ORIGIN, name="Mara")


# --- cones (S-2, RMU-RF-10, RMU-SUP-6) -------------------------------------------------------


def test_s2_rmu_rf_10_burst_cone_is_about_5_2_ft_across_at_60_ft() -> None:
    cone = burst_cone(ORIGIN, at(0, 60))
    assert cone.half_angle_deg == BURST_HALF_ANGLE_DEG == 2.5
    assert cone.width_across_ft(60.0) == pytest.approx(2 * 60 * math.tan(math.radians(2.5)))
    assert round(cone.width_across_ft(60.0), 1) == 5.2
    # A person whose side just reaches the cone's edge at 60 ft is in it; an inch wider is not.
    half_width = cone.width_across_ft(60.0) / 2
    reach = half_width + 1.0 / math.cos(math.radians(2.5))
    assert body_in_cone(Body(center=at(reach - 1e-6, 60)), cone)
    assert not body_in_cone(Body(center=at(reach + 1 / 12, 60)), cone)
    assert not body_in_cone(Body(center=at(-(reach + 1 / 12), 60)), cone)


def test_s2_burst_cone_runs_past_the_target_but_not_behind_the_muzzle() -> None:
    cone = burst_cone(ORIGIN, at(60, 0))
    assert cone.max_distance_ft is None
    assert body_in_cone(Body(center=at(500, 0)), cone)
    assert not body_in_cone(Body(center=at(-5, 0)), cone)
    assert not body_in_cone(Body(center=at(-500, 1)), cone)


def test_s2_a_body_holding_the_apex_touches_the_cone() -> None:
    """The shooter's own circle holds the muzzle; callers must leave the shooter out."""
    assert body_in_cone(Body(center=at(0, -0.5)), burst_cone(ORIGIN, at(0, 60)))


def test_s2_burst_at_the_muzzle_is_refused() -> None:
    with pytest.raises(RuleRefusal) as info:
        burst_cone(at(1, 1), at(1, 1))
    assert info.value.rule == "S-2"


@pytest.mark.parametrize("half_angle", [-1.0, 180.5])
def test_s2_impossible_cone_is_refused(half_angle: float) -> None:
    with pytest.raises(RuleRefusal):
        Cone(apex=ORIGIN, bearing_deg=0.0, half_angle_deg=half_angle)


@st.composite
def cones(draw: st.DrawFn) -> Cone:
    return Cone(
        apex=draw(points),
        bearing_deg=draw(bearings),
        half_angle_deg=draw(st.floats(min_value=0.5, max_value=90.0)),
        max_distance_ft=draw(st.none() | st.floats(min_value=5.0, max_value=300.0)),
    )


@given(cone=cones(), data=st.data(), posture=postures, size=sizes)
def test_s2_body_centred_in_the_cone_is_in_it(
    cone: Cone, data: st.DataObject, posture: Posture, size: Size
) -> None:
    off = data.draw(st.floats(min_value=-cone.half_angle_deg, max_value=cone.half_angle_deg))
    reach = cone.max_distance_ft or 1000.0
    distance = data.draw(st.floats(min_value=0.0, max_value=reach))
    center = point_at(cone.apex, cone.bearing_deg + off, distance)
    assert body_in_cone(Body(center=center, posture=posture, size=size), cone)


@given(cone=cones(), data=st.data(), left=st.booleans())
def test_s2_body_half_in_the_cone_is_in_it(cone: Cone, data: st.DataObject, left: bool) -> None:
    """Center on an edge: half the body is outside the cone, half inside; any part counts."""
    reach = cone.max_distance_ft or 1000.0
    distance = data.draw(st.floats(min_value=0.0, max_value=reach))
    edge = cone.bearing_deg + (-cone.half_angle_deg if left else cone.half_angle_deg)
    assert body_in_cone(Body(center=point_at(cone.apex, edge, distance)), cone)


@given(
    apex=points,
    bearing=bearings,
    along=st.floats(min_value=5.0, max_value=400.0),
    left=st.booleans(),
    posture=postures,
)
def test_s2_edge_test_is_exact_not_sampled(
    apex: Point, bearing: float, along: float, left: bool, posture: Posture
) -> None:
    """A body just clear of the burst cone's edge is out; a hair closer and it is in."""
    cone = burst_cone(apex, point_at(apex, bearing, 60.0))
    radius = Body(center=apex, posture=posture).radius_ft
    side = -1.0 if left else 1.0
    edge = bearing + side * cone.half_angle_deg
    on_edge = point_at(apex, edge, along)
    outward = edge + side * 90.0
    inside = Body(center=point_at(on_edge, outward, radius - 1e-6), posture=posture)
    outside = Body(center=point_at(on_edge, outward, radius + 1e-6), posture=posture)
    assert body_in_cone(inside, cone)
    assert not body_in_cone(outside, cone)


def _point_in_sector(cone: Cone, p: Point) -> bool:
    d = distance_ft(cone.apex, p)
    if d == 0:
        return True
    if cone.max_distance_ft is not None and d > cone.max_distance_ft:
        return False
    return _angle_between_deg(bearing_deg(cone.apex, p), cone.bearing_deg) <= cone.half_angle_deg


@given(cone=cones(), center=points, posture=postures)
def test_s2_any_sampled_part_inside_means_in_the_cone(
    cone: Cone, center: Point, posture: Posture
) -> None:
    """Soundness against a sampled silhouette: if any sampled point of the body is in the
    sector, the exact test must say the body is in the cone."""
    body = Body(center=center, posture=posture)
    samples = [center] + [
        point_at(center, k * 360.0 / 72, body.radius_ft * scale)
        for k in range(72)
        for scale in (0.5, 0.999)
    ]
    if any(_point_in_sector(cone, p) for p in samples):
        assert body_in_cone(body, cone)


def test_rmu_sup_6_sweep_reaches_the_declared_distance_and_any_part_counts() -> None:
    cone = sweep_cone(ORIGIN, 0.0, distance_ft=100.0, width_ft=30.0)
    assert cone.max_distance_ft == 100.0
    assert body_in_cone(Body(center=at(0, 100.9)), cone)
    assert not body_in_cone(Body(center=at(0, 101.1)), cone)
    # Prone bodies reach 3 ft: a prone body 102.5 ft out still has its head in the sweep.
    assert body_in_cone(Body(center=at(0, 102.5), posture=Posture.PRONE), cone)


@given(
    muzzle=points,
    bearing=bearings,
    distance=st.floats(min_value=1.0, max_value=500.0),
    share=st.floats(min_value=0.01, max_value=1.0),
)
def test_s2_sweep_chord_at_the_declared_distance_is_the_width(
    muzzle: Point, bearing: float, distance: float, share: float
) -> None:
    width = 2.0 * distance * share
    cone = sweep_cone(muzzle, bearing, distance_ft=distance, width_ft=width)
    left, right = cone.edge_bearings_deg()
    chord = distance_ft(point_at(muzzle, left, distance), point_at(muzzle, right, distance))
    assert chord == pytest.approx(width, rel=1e-9, abs=1e-9)
    assert cone.chord_ft(distance) == pytest.approx(width, rel=1e-9)


@pytest.mark.parametrize(("distance", "width"), [(0.0, 10.0), (50.0, 0.0), (50.0, 100.5)])
def test_s2_impossible_sweep_is_refused(distance: float, width: float) -> None:
    with pytest.raises(RuleRefusal) as info:
        sweep_cone(ORIGIN, 0.0, distance_ft=distance, width_ft=width)
    assert info.value.rule == "S-2"


# --- line of fire (S-3, RMU-RF-11) -----------------------------------------------------------


def test_s3_bodies_between_nearest_first_without_shooter_or_target() -> None:
    shooter = Body(center=at(0, 0), name="shooter")
    target = Body(center=at(0, 40), name="target")
    near = Body(center=at(0.9, 10), name="near")
    far = Body(center=at(-0.5, 30), name="far")
    wide = Body(center=at(2.5, 20), name="wide")
    behind_target = Body(center=at(0, 42.5), name="behind target")
    behind_shooter = Body(center=at(0, -2.5), name="behind shooter")
    scene = [far, target, wide, shooter, behind_target, near, behind_shooter]
    assert bodies_between(shooter, target, scene) == (near, far)


def test_s3_a_circle_touching_the_line_stands_in_front() -> None:
    touching = Body(center=at(1.0, 20))
    clear = Body(center=at(1.0 + 1e-6, 20))
    assert bodies_between(ORIGIN, at(0, 40), [touching, clear]) == (touching,)


def test_s3_prone_body_shields_from_further_off_the_line() -> None:
    prone = Body(center=at(2.5, 20), posture=Posture.PRONE)
    standing = Body(center=at(2.5, 20))
    assert bodies_between(ORIGIN, at(0, 40), [prone]) == (prone,)
    assert bodies_between(ORIGIN, at(0, 40), [standing]) == ()


def test_s3_shooter_on_the_target_is_refused() -> None:
    with pytest.raises(RuleRefusal) as info:
        bodies_between(at(3, 3), Body(center=at(3, 3)), [])
    assert info.value.rule == "S-3"


@given(
    shooter=points,
    target=points,
    placements=st.lists(
        st.tuples(
            st.floats(min_value=-0.2, max_value=1.2),
            st.floats(min_value=-4.0, max_value=4.0),
            postures,
        ),
        max_size=12,
    ),
)
def test_s3_bodies_between_are_exactly_those_on_the_line_in_order(
    shooter: Point, target: Point, placements: list[tuple[float, float, Posture]]
) -> None:
    assume(distance_ft(shooter, target) > 1.0)
    direction = bearing_deg(shooter, target)
    length = distance_ft(shooter, target)
    # Bodies scattered about the line of fire, some on it and some clear of it.
    bodies = [
        Body(
            center=point_at(point_at(shooter, direction, share * length), direction + 90.0, off),
            posture=posture,
        )
        for share, off, posture in placements
    ]
    found = bodies_between(shooter, target, bodies)

    def along(p: Point) -> float:
        return distance_ft(shooter, p) * math.cos(math.radians(bearing_deg(shooter, p) - direction))

    def gap(body: Body) -> float:
        # Edge of the body to the segment, by way of the nearest point on the segment.
        nearest = point_at(shooter, direction, min(length, max(0.0, along(body.center))))
        return distance_ft(body.center, nearest) - body.radius_ft

    positions = [along(b.center) for b in found]
    assert all(b >= a - 1e-9 for a, b in pairwise(positions))
    for body in bodies:
        if body.center in (shooter, target):
            assert body not in found
        elif abs(gap(body)) > 1e-6:  # leave float ties at the very edge to the unit tests
            assert (body in found) == (gap(body) < 0.0)


def test_rmu_rf_11_order_along_puts_the_front_rank_first() -> None:
    """In a burst cone, who shields whom follows the order down the line of fire."""
    cone = burst_cone(ORIGIN, at(0, 60))
    target = Body(center=at(0, 60), name="target")
    front = Body(center=at(0.8, 30), name="front")
    beside = Body(center=at(-0.8, 30), name="beside")
    beyond = Body(center=at(1.0, 75), name="beyond")
    in_cone = [b for b in (beyond, target, beside, front) if body_in_cone(b, cone)]
    ordered = order_along(ORIGIN, cone.bearing_deg, in_cone)
    # front and beside tie on distance and offset: they keep the order they were given in.
    assert [b.name for b in ordered] == ["beside", "front", "target", "beyond"]


def test_order_along_breaks_ties_by_distance_off_the_line() -> None:
    off = Body(center=at(3, 10), name="off")
    on = Body(center=at(0, 10), name="on")
    assert order_along(ORIGIN, 0.0, [off, on]) == (on, off)


# --- explosives (RMU-EXP-5, RMU-EXP-2, X-2) --------------------------------------------------

FRAG_RADII = (15.0, 50.0, 100.0)


@pytest.mark.parametrize(
    ("x_ft", "posture", "expected"),
    [
        (0.0, Posture.STANDING, (0, False)),
        (13.0, Posture.STANDING, (0, False)),
        (13.0, Posture.PRONE, (0, True)),  # lying down, it reaches past the kill edge
        (16.0, Posture.STANDING, (0, True)),  # touches the kill edge: in the kill band
        (16.5, Posture.STANDING, (1, False)),
        (49.5, Posture.STANDING, (1, True)),
        (100.5, Posture.STANDING, (2, True)),
        (101.0, Posture.STANDING, (2, True)),
        (101.5, Posture.STANDING, (None, False)),
    ],
)
def test_rmu_exp_5_innermost_band_any_part_occupies_and_straddling(
    x_ft: float, posture: Posture, expected: tuple[int | None, bool]
) -> None:
    assert band_of(Body(center=at(x_ft, 0), posture=posture), ORIGIN, FRAG_RADII) == expected


def test_rmu_exp_5_a_load_with_fewer_bands() -> None:
    assert band_of(Body(center=at(4.5, 0)), ORIGIN, (5.0, 10.0)) == (0, True)
    assert band_of(Body(center=at(4.0, 0)), ORIGIN, (5.0, 10.0)) == (0, False)  # fits, just
    assert band_of(Body(center=at(12, 0)), ORIGIN, (15.0,)) == (0, False)


@pytest.mark.parametrize("radii", [(), (15.0, 15.0), (50.0, 15.0), (0.0, 10.0)])
def test_rmu_exp_5_radii_must_grow_outward(radii: tuple[float, ...]) -> None:
    with pytest.raises(RuleRefusal) as info:
        band_of(Body(center=ORIGIN), ORIGIN, radii)
    assert info.value.rule == "RMU-EXP-5"


@given(
    center=points,
    bearing=bearings,
    near=st.floats(min_value=0.0, max_value=150.0),
    step=st.floats(min_value=0.0, max_value=50.0),
    posture=postures,
)
def test_rmu_exp_5_further_out_is_never_a_more_inner_band(
    center: Point, bearing: float, near: float, step: float, posture: Posture
) -> None:
    def index(distance: float) -> int:
        body = Body(center=point_at(center, bearing, distance), posture=posture)
        band, straddles = band_of(body, center, FRAG_RADII)
        if band is None:
            assert not straddles
            return len(FRAG_RADII)
        # The body reaches into this band and not into the one inside it.
        inner_edge = FRAG_RADII[band - 1] if band else 0.0
        assert distance - body.radius_ft <= FRAG_RADII[band] + 1e-6
        assert band == 0 or distance - body.radius_ft > inner_edge - 1e-6
        assert straddles == (distance + body.radius_ft > FRAG_RADII[band] + 1e-9)
        return band

    assert index(near) <= index(near + step)


def test_x2_rmu_exp_2_worked_example_on_each_quarter_of_the_clock() -> None:
    """The source's throw: 45 ft, off by 6.3 ft. Thrown due north, 3 o'clock is east."""
    thrower, aim = ORIGIN, at(0, 45)
    landed = {h: scatter_point(thrower, aim, 6.3, h) for h in (12, 3, 6, 9)}
    assert (landed[12].x_ft, landed[12].y_ft) == pytest.approx((0.0, 51.3))
    assert (landed[3].x_ft, landed[3].y_ft) == pytest.approx((6.3, 45.0))
    assert (landed[6].x_ft, landed[6].y_ft) == pytest.approx((0.0, 38.7))
    assert (landed[9].x_ft, landed[9].y_ft) == pytest.approx((-6.3, 45.0))


@given(
    thrower=points,
    aim=points,
    off=st.floats(min_value=0.1, max_value=60.0),
    hour=st.integers(min_value=1, max_value=12),
)
def test_x2_clock_is_laid_on_the_line_of_the_throw(
    thrower: Point, aim: Point, off: float, hour: int
) -> None:
    assume(distance_ft(thrower, aim) > 1.0)
    landed = scatter_point(thrower, aim, off, hour)
    assert distance_ft(aim, landed) == pytest.approx(off, rel=1e-9)
    ux, uy = (aim.x_ft - thrower.x_ft, aim.y_ft - thrower.y_ft)
    dx, dy = (landed.x_ft - aim.x_ft, landed.y_ft - aim.y_ft)
    downrange = dx * ux + dy * uy
    to_the_right = dx * uy - dy * ux  # positive on the thrower's right, seen from above
    tol = 1e-9 * off * math.hypot(ux, uy)
    if hour in (1, 2, 3, 4, 5):
        assert to_the_right > tol
    elif hour in (7, 8, 9, 10, 11):
        assert to_the_right < -tol
    if hour in (10, 11, 12, 1, 2):
        assert downrange > tol
    elif hour in (4, 5, 6, 7, 8):
        assert downrange < -tol
    assert _angle_between_deg(bearing_deg(aim, landed), bearing_deg(thrower, aim)) == (
        pytest.approx(_angle_between_deg(30.0 * hour, 0.0), abs=1e-6)
    )


@pytest.mark.parametrize(("hour", "off"), [(0, 5.0), (13, 5.0), (3, -1.0)])
def test_x2_impossible_scatter_is_refused(hour: int, off: float) -> None:
    with pytest.raises(RuleRefusal) as info:
        scatter_point(ORIGIN, at(0, 45), off, hour)
    assert info.value.rule == "X-2"


def test_x2_aim_at_own_feet_has_no_clock() -> None:
    with pytest.raises(RuleRefusal):
        scatter_point(at(1, 1), at(1, 1), 3.0, 12)


# --- cover grade (RMU-COV-1, P-1, P-2) -------------------------------------------------------


@pytest.mark.parametrize(
    ("fraction", "grade"),
    [
        (0.0, CoverGrade.NONE),
        (0.2499, CoverGrade.NONE),
        (0.25, CoverGrade.PARTIAL),
        (0.4999, CoverGrade.PARTIAL),
        (0.5, CoverGrade.HALF),
        (0.8999, CoverGrade.HALF),
        (0.9, CoverGrade.FULL),
        (1.0, CoverGrade.FULL),
    ],
)
def test_p1_grade_by_fraction_hidden(fraction: float, grade: CoverGrade) -> None:
    assert cover_grade(fraction) is grade


@pytest.mark.parametrize("fraction", [-0.1, 1.1])
def test_p1_fraction_outside_0_to_1_is_refused(fraction: float) -> None:
    with pytest.raises(RuleRefusal) as info:
        cover_grade(fraction)
    assert info.value.rule == "P-1"


def test_p2_one_grade_up_and_full_stays_full() -> None:
    assert CoverGrade.PARTIAL.one_up() is CoverGrade.HALF
    assert CoverGrade.HALF.one_up() is CoverGrade.FULL
    assert CoverGrade.FULL.one_up() is CoverGrade.FULL
    assert CoverGrade.NONE.one_up() is CoverGrade.PARTIAL


@pytest.mark.parametrize(
    ("barrier_ft", "grade"),
    [(2.0, CoverGrade.PARTIAL), (3.5, CoverGrade.HALF), (5.0, CoverGrade.FULL)],
    ids=["thighs", "waist", "shoulders"],
)
def test_rmu_cov_1_fig_4_three_photographs(barrier_ft: float, grade: CoverGrade) -> None:
    """A standing man behind a block at his thighs, his waist and his shoulders."""
    standing = Body(center=at(0, 30))
    assert grade_behind_barrier(ORIGIN, standing, barrier_ft) is grade


def test_rmu_cov_1_hiding_half_a_body_takes_well_past_half_its_height() -> None:
    assert hidden_fraction(6.0, 3.0) < 0.5
    assert hidden_fraction(6.0, 3.2) < 0.5
    assert cover_grade(hidden_fraction(6.0, 3.2)) is CoverGrade.PARTIAL
    low, high = 0.0, 6.0
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if hidden_fraction(6.0, mid) < 0.5 else (low, mid)
    assert 3.2 < high < 3.5


@given(
    height=st.floats(min_value=0.5, max_value=20.0),
    a=st.floats(min_value=0.0, max_value=25.0),
    b=st.floats(min_value=0.0, max_value=25.0),
)
def test_rmu_cov_1_hidden_fraction_grows_with_the_barrier(
    height: float, a: float, b: float
) -> None:
    low, high = sorted((a, b))
    assert 0.0 <= hidden_fraction(height, low) <= hidden_fraction(height, high) <= 1.0
    assert hidden_fraction(height, 0.0) == 0.0
    assert hidden_fraction(height, height) == pytest.approx(1.0)
    assert hidden_fraction(height, height + b) == pytest.approx(1.0)


@given(cut=st.floats(min_value=0.0, max_value=1.0))
def test_rmu_cov_1_integration_is_exact(cut: float) -> None:
    """The exact area matches a fine midpoint sum of the same piecewise-linear widths."""
    profile = default_body_profile()
    steps = 4000

    def width(h: float) -> float:
        for (h0, w0), (h1, w1) in pairwise(profile.points):
            if h0 <= h <= h1:
                return w0 + (w1 - w0) * (h - h0) / (h1 - h0)
        raise AssertionError(h)

    numeric = sum(width((k + 0.5) * cut / steps) for k in range(steps)) * cut / steps
    assert profile.area_below(cut) == pytest.approx(numeric, abs=1e-6)


def test_s1_rmu_cov_1_posture_sets_the_height_the_silhouette_spans() -> None:
    kneeling = Body(center=at(0, 30), posture=Posture.KNEELING)
    standing = Body(center=at(0, 30))
    prone = Body(center=at(0, 30), posture=Posture.PRONE)
    assert hidden_fraction(3.5, 1.75) == pytest.approx(hidden_fraction(6.0, 3.0))
    assert grade_behind_barrier(ORIGIN, standing, 3.5) is CoverGrade.HALF
    assert grade_behind_barrier(ORIGIN, kneeling, 3.5) is CoverGrade.FULL
    assert grade_behind_barrier(ORIGIN, prone, 1.0) is CoverGrade.FULL
    assert grade_behind_barrier(ORIGIN, prone, 0.3) is CoverGrade.PARTIAL


def test_rmu_cov_1_gm_override_wins() -> None:
    standing = Body(center=at(0, 30))
    assert grade_behind_barrier(ORIGIN, standing, 0.0, override=CoverGrade.FULL) is CoverGrade.FULL
    assert grade_behind_barrier(ORIGIN, standing, 6.0, override=CoverGrade.NONE) is CoverGrade.NONE


@pytest.mark.parametrize(("body_ft", "barrier_ft"), [(0.0, 1.0), (6.0, -0.5)])
def test_rmu_cov_1_impossible_heights_are_refused(body_ft: float, barrier_ft: float) -> None:
    with pytest.raises(RuleRefusal) as info:
        hidden_fraction(body_ft, barrier_ft)
    assert info.value.rule == "RMU-COV-1"


def test_body_profile_is_a_provisional_stand_in_wider_at_the_chest_than_the_shins() -> None:
    profile = default_body_profile()
    assert profile.provisional
    assert profile.derivation
    widths = dict(profile.points)
    widest = max(profile.points, key=lambda p: p[1])
    assert 0.65 <= widest[0] <= 0.85  # the chest, not the hips or the legs
    shins = [w for h, w in profile.points if 0.05 <= h <= 0.25]
    assert shins
    assert max(shins) < 0.6 * widest[1]
    head = [w for h, w in profile.points if h >= 0.85]
    assert max(head) < 0.5 * widest[1]
    assert widths[0.0] > 0
    assert profile.points[-1][0] == 1.0


def _write(tmp_path: Path, rows: str, header: str = "") -> Path:
    path = tmp_path / "profile.toml"
    path.write_text(
        '[table]\nname = "p"\nkind = "body-profile"\ntitle = "t"\nsource = "s"\n'
        + (header or 'provisional = true\nderivation = "made up"\n')
        + rows,
        encoding="utf-8",
    )
    return path


def _rows(*pairs: tuple[float, float]) -> str:
    return "".join(f"[[rows]]\nheight_fraction = {h}\nrelative_width = {w}\n" for h, w in pairs)


def test_body_profile_file_loads(tmp_path: Path) -> None:
    profile = load_body_profile(_write(tmp_path, _rows((0.0, 1.0), (1.0, 1.0))))
    assert isinstance(profile, BodyProfile)
    assert hidden_fraction(6.0, 3.0, profile) == pytest.approx(0.5)


@pytest.mark.parametrize(
    ("rows", "header", "where"),
    [
        (_rows((0.0, 1.0), (0.6, 1.0), (0.5, 1.0), (1.0, 1.0)), "", "row 3"),
        (_rows((0.1, 1.0), (1.0, 1.0)), "", "row 1"),
        (_rows((0.0, 1.0), (0.9, 1.0)), "", "row 2"),
        (_rows((0.0, 1.0), (0.5, -0.2), (1.0, 1.0)), "", "row 2"),
        (_rows((0.0, 0.0), (1.0, 0.0)), "", "rows"),
        (_rows((0.0, 1.0), (1.0, 1.0)), "provisional = true\n", "table"),
    ],
)
def test_body_profile_errors_name_file_and_row(
    tmp_path: Path, rows: str, header: str, where: str
) -> None:
    path = _write(tmp_path, rows, header)
    with pytest.raises(TableDataError) as info:
        load_body_profile(path)
    assert info.value.file == str(path)
    assert info.value.where.startswith(where)
