"""The scene as a picture (issue 20, the map; DESIGN.md 9): a pure SVG renderer of the state with
the shapes of a declared action, and `firefight scene map` / `firefight encounter map`."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.frozen import replace
from firefight.geometry import Point, Posture
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.vitals import vitals, with_vitals
from firefight.scene.state import EncounterState
from firefight.scene.svg import FireLine, Overlay, Ring, scene_svg
from firefight.units import feet_from_metres

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).parent / "golden"
runner = CliRunner()


def _warehouse() -> EncounterState:
    return initial_state(load_scenario(ROOT / "examples" / "warehouse.toml"))


def _drawn(state: EncounterState, line: str) -> str:
    rmu = find_ruleset("rmu")
    return scene_svg(state, overlay=rmu.overlay(state, rmu.parse_action(line, state)), caption=line)


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("warehouse-shot", "Mara shoots Viktor"),
        ("warehouse-sweep", "Jonah sweeps 50 ft wide 20 ft toward Viktor"),
    ],
)
def test_the_map_matches_its_golden_picture(name: str, line: str) -> None:
    """A text diff of the whole SVG: FIREFIGHT_UPDATE_GOLDEN=1 rewrites the files after a
    deliberate change (look at them: `rsvg-convert` or a browser)."""
    drawn = _drawn(_warehouse(), line)
    golden = GOLDEN / f"{name}.svg"
    if os.environ.get("FIREFIGHT_UPDATE_GOLDEN") == "1":
        golden.write_text(drawn, encoding="utf-8")
    assert drawn == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("night-market-throw", "V throws grenade at Rook"),
        ("night-market-suppress", "Rook suppresses"),
    ],
)
def test_a_cpr_map_matches_its_golden_picture(name: str, line: str) -> None:
    """cpr's shapes (C-6 suppression's reach, C-8 a thrown explosive's square) in metres."""
    state = initial_state(load_scenario(ROOT / "examples" / "night-market.toml"))
    cpr = find_ruleset("cpr")
    drawn = scene_svg(
        state,
        unit=cpr.scene_unit,
        overlay=cpr.overlay(state, cpr.parse_action(line, state)),
        caption=line,
    )
    golden = GOLDEN / f"{name}.svg"
    if os.environ.get("FIREFIGHT_UPDATE_GOLDEN") == "1":
        golden.write_text(drawn, encoding="utf-8")
    assert drawn == golden.read_text(encoding="utf-8")
    assert re.search(r">\d+ m</text>", drawn)


def test_everyone_and_every_barrier_is_drawn_with_a_legend_and_scale() -> None:
    state = _warehouse()
    svg = scene_svg(state)
    for c in state.combatants:
        assert f">{c.name}</text>" in svg
    for b in state.barriers:
        assert f">{b.name} ({b.material}, " in svg
    assert ">Sides</text>" in svg and ">Barriers</text>" in svg
    assert re.search(r">\d+ ft</text>", svg)
    assert 'class="overlay"' not in svg


def test_a_shot_through_someone_is_drawn_dashed_and_says_who_stands_in_it() -> None:
    """RMU-COV-5: Pavel stands between Mara and Viktor in the bundled warehouse."""
    svg = _drawn(_warehouse(), "Mara shoots Viktor")
    line = re.search(r"<line [^>]*stroke=\"#e53935\"[^>]*><title>([^<]*)</title>", svg)
    assert line is not None
    assert "stroke-dasharray" in line.group(0)
    assert "through Pavel" in line.group(1)


@pytest.mark.parametrize(
    ("pavel", "line", "blocked"),
    [
        # Prone mid-way, Pavel hides too little of Viktor to count (P-1): the shot goes clear.
        ({"posture": Posture.PRONE}, "Mara shoots Viktor", False),
        ({"posture": Posture.PRONE}, "Mara empties her glock at Viktor", False),
        # Kneeling he gives half cover: the line is dashed and names him.
        ({"posture": Posture.KNEELING}, "Mara shoots Viktor", True),
        # Every body in the scene screens, the dead's too, for a shot and a burst alike
        # (DEC-695: a burst rolls for the living only, but a corpse still hides).
        ({"dead": True}, "Mara shoots Viktor", True),
        ({"dead": True}, "Mara empties her glock at Viktor", True),
    ],
)
def test_rmu_draws_a_line_blocked_exactly_when_the_rules_count_the_bodies_in_it(
    pavel: dict[str, object], line: str, blocked: bool
) -> None:
    """RMU-COV-5, P-1: the line is dashed, naming them, when the bodies in front give cover
    (the screen a stray round may fly into, RMU-COV-6), and drawn clear when they do not."""
    state = _warehouse()
    state = state.with_combatant(replace(state.combatant("Pavel"), **pavel))
    rmu = find_ruleset("rmu")
    (drawn,) = rmu.overlay(state, rmu.parse_action(line, state)).lines
    assert drawn.blocked is blocked
    assert ("through Pavel" in drawn.label) is blocked


@pytest.mark.parametrize(
    ("who", "x_m", "y_m", "blocked", "said"),
    [
        # Kes crouched behind the jersey barrier: the shot meets its HP first (C-13).
        ("Kes", -5, 1, True, "behind the jersey west (25 HP)"),
        # Dova on the line: cpr's shot does not meet the people it passes (no rule has them
        # stop it), so the line is not drawn blocked nor says it goes through her.
        ("Dova", 0, 11, False, ""),
    ],
)
def test_a_cpr_line_is_blocked_by_the_cover_its_shot_meets_not_by_people(
    who: str, x_m: float, y_m: float, blocked: bool, said: str
) -> None:
    state = initial_state(load_scenario(ROOT / "examples" / "container-yard.toml"))
    moved = Point(x_ft=feet_from_metres(x_m), y_ft=feet_from_metres(y_m))
    state = state.with_combatant(replace(state.combatant(who), position=moved))
    cpr = find_ruleset("cpr")
    (drawn,) = cpr.overlay(state, cpr.parse_action("Brick shoots Kes", state)).lines
    assert drawn.blocked is blocked and "through" not in drawn.label
    assert drawn.label == "Brick at Kes, 22 m" + (f": {said}" if said else "")


def test_a_clear_shot_is_drawn_solid() -> None:
    svg = _drawn(_warehouse(), "Jonah shoots Lev")
    line = re.search(r"<line [^>]*stroke=\"#e53935\"[^>]*>", svg)
    assert line is not None and "stroke-dasharray" not in line.group(0)


def test_a_burst_draws_its_cone_and_a_sweep_its_sector() -> None:
    """RMU-RF-10 (the 5° cone, S-2) and RMU-SUP-1 (the swept ground)."""
    state = _warehouse()
    rmu = find_ruleset("rmu")
    burst = rmu.overlay(state, rmu.parse_action("Viktor empties at Mara", state))
    assert len(burst.cones) == 1 and burst.cones[0].half_angle_deg == 2.5
    sweep = rmu.overlay(
        state, rmu.parse_action("Jonah sweeps 50 ft wide 20 ft toward Viktor", state)
    )
    assert len(sweep.cones) == 1 and sweep.cones[0].max_distance_ft == pytest.approx(50)
    assert "<polygon" in _drawn(state, "Jonah sweeps 50 ft wide 20 ft toward Viktor")


def test_the_dead_are_crossed_out_and_the_down_left_white() -> None:
    state = _warehouse()
    viktor, lev = state.combatant("Viktor"), state.combatant("Lev")
    state = state.with_combatant(replace(viktor, dead=True)).with_combatant(
        replace(lev, unconscious=True)
    )
    svg = scene_svg(state)
    assert "Viktor (smugglers, dead)" in svg and "Lev (smugglers, down)" in svg
    assert svg.count('fill="#ffffff" stroke=') >= 2


def test_rings_and_names_are_escaped_and_the_unit_follows_the_ruleset() -> None:
    state = EncounterState(title="<b>&", ruleset="cpr")
    overlay = Overlay(
        lines=(FireLine(start=Point(x_ft=0, y_ft=0), end=Point(x_ft=30, y_ft=0), label="a<b"),),
        rings=(Ring(center=Point(x_ft=10, y_ft=10), radius_ft=16.4, label="blast"),),
    )
    svg = scene_svg(state, unit="m", overlay=overlay)
    assert "&lt;b&gt;&amp;" in svg and "a&lt;b" in svg
    assert re.search(r">\d+ m</text>", svg)
    assert "<circle" in svg and "blast" in svg


def test_scene_map_prints_or_writes_the_picture(tmp_path: Path) -> None:
    printed = runner.invoke(app, ["scene", "map", str(ROOT / "examples" / "night-market.toml")])
    assert printed.exit_code == 0 and printed.output.startswith("<svg")
    assert re.search(r">\d+ m</text>", printed.output)  # cpr measures in metres (C-2)
    out = tmp_path / "map.svg"
    written = runner.invoke(
        app,
        ["scene", "map", str(ROOT / "examples" / "warehouse.toml"), "--svg", str(out),
         "--action", "Mara shoots Viktor"],
    )  # fmt: skip
    assert written.exit_code == 0 and out.read_text(encoding="utf-8").startswith("<svg")


def test_encounter_map_draws_the_saved_state_and_refuses_a_bad_action(tmp_path: Path) -> None:
    store = ["--store", f"sqlite:///{tmp_path / 'x.db'}"]
    scenario = str(ROOT / "examples" / "warehouse.toml")
    assert (
        runner.invoke(app, ["encounter", "new", "raid", "--scenario", scenario, *store]).exit_code
        == 0
    )
    drawn = runner.invoke(app, ["encounter", "map", "raid", *store])
    assert drawn.exit_code == 0 and "Warehouse raid, round 1" in drawn.output
    refused = runner.invoke(
        app, ["encounter", "map", "raid", "--action", "Mara shoots Nobody", *store]
    )
    assert refused.exit_code == 2 and "Nobody" in refused.output


def test_dec_665_a_map_draws_a_refused_action_grey_and_says_the_refusal(tmp_path: Path) -> None:
    """A move farther than the AP allow (RMU-GEN-1), a fighter caught flat-footed (R-5): the
    map draws the action grey under its refusal (a blocked line of fire often shows why), and
    says the refusal, rule and sentence, as the encounter would, with its exit status."""
    warehouse = str(ROOT / "examples" / "warehouse.toml")
    for line, rule in (("Mara moves 0,500", "RMU-GEN-1"), ("Lev shoots Mara", "R-5")):
        out = tmp_path / "map.svg"
        refused = runner.invoke(
            app, ["scene", "map", warehouse, "--svg", str(out), "--action", line]
        )
        assert refused.exit_code == 2, refused.output
        assert f"refused: {rule}: " in refused.output
        svg = out.read_text(encoding="utf-8")
        assert 'class="overlay refused"' in svg and 'class="overlay"' not in svg
        assert f"{line}: refused: {rule}: " in svg and "grey: refused, not played" in svg


def test_dec_665_a_gurps_move_past_move_is_refused_on_the_map_as_at_the_table() -> None:
    """gurps refuses a move past Move when it resolves it, before any die (GUR-CORE-1): the
    map asks the rules the same way; an accepted shot is drawn as before, in colour."""
    stockyard = str(ROOT / "examples" / "stockyard.toml")
    refused = runner.invoke(app, ["scene", "map", stockyard, "--action", "Ann moves 0,100"])
    assert refused.exit_code == 2 and "refused: GUR-CORE-1: Ann covers at most" in refused.output
    drawn = runner.invoke(app, ["scene", "map", stockyard, "--action", "Ann shoots Bob"])
    assert drawn.exit_code == 0 and 'class="overlay"' in drawn.output
    assert "refused" not in drawn.output


def test_dec_665_the_encounter_map_refuses_what_the_fight_as_it_stands_refuses(
    tmp_path: Path,
) -> None:
    """Mara has spent her AP (RMU-GEN-1): her shot is refused on the map too."""
    store = ["--store", f"sqlite:///{tmp_path / 'x.db'}"]
    scenario = str(ROOT / "examples" / "warehouse.toml")
    runner.invoke(app, ["encounter", "new", "raid", "--scenario", scenario, "--seed", "1", *store])
    moved = runner.invoke(app, ["encounter", "act", "raid", "Mara moves 0,-60", "--force", *store])
    assert moved.exit_code == 0, moved.output
    refused = runner.invoke(
        app, ["encounter", "map", "raid", "--action", "Mara shoots Viktor", *store]
    )
    assert refused.exit_code == 2 and "refused: RMU-GEN-1: " in refused.output


def test_hovering_a_person_shows_the_details_given() -> None:
    """The renderer shows what the caller lets it (the map's hover): each field as a line of the
    person's title and a data attribute; a person given none shows name, side and state only."""
    state = _warehouse()
    details = {"Mara": {"name": "Mara", "hits": "30/55", "AP": "2", "at (ft)": "0,0"}}
    svg = scene_svg(state, details=details)
    group = re.search(r'<g class="person"[^>]*data-name="Mara"[^>]*><title>([^<]*)</title>', svg)
    assert group is not None
    assert 'data-hits="30/55"' in group.group(0) and 'data-ap="2"' in group.group(0)
    assert 'data-at-ft="0,0"' in group.group(0)
    assert group.group(1).splitlines()[1:] == ["hits: 30/55", "AP: 2", "at (ft): 0,0"]
    viktor = re.search(r'<g class="person"><title>(Viktor [^<]*)</title>', svg)
    assert viktor is not None and "\n" not in viktor.group(1)
    quoted = scene_svg(state, details={"Mara": {"note": 'a "quote" & <tag>', "Note": "x"}})
    assert 'data-note="a &quot;quote&quot; &amp; &lt;tag&gt;"' in quoted
    assert quoted.count("data-note=") == 1 and "Note: x" in quoted


def test_a_long_caption_is_wrapped_inside_the_picture_above_the_drawing() -> None:
    """A refusal's sentence (DEC-665) is read whole: its caption wraps to the picture's width
    rather than running off it and over the legend, and the drawing moves down to make room."""
    from xml.etree import ElementTree

    mara = replace(_warehouse().combatant("Mara"), position=Point(x_ft=0, y_ft=0))
    state = EncounterState(title="Ford", ruleset="gurps", combatants=(mara,))
    caption = "Mara moves 100,100: refused: GUR-CORE-1: " + "far too far, " * 12 + "at once."
    root = ElementTree.fromstring(scene_svg(state, caption=caption, size_px=300))
    ns = "{http://www.w3.org/2000/svg}"
    width = float(root.get("width", "0"))
    texts = [t for t in root.iter(f"{ns}text") if t.get("font-size") == "11"]
    lines = [t for t in texts if t.get("fill") is None and "".join(t.itertext()) in caption]
    assert len(lines) > 1 and " ".join("".join(t.itertext()) for t in lines) == caption
    # DejaVu Sans at 11 px is under 7 px a character: every line ends inside the picture.
    assert all(float(t.get("x", "0")) + 7 * len("".join(t.itertext())) <= width for t in lines)
    frame = next(r for r in root.iter(f"{ns}rect") if r.get("stroke") == "#dddddd")
    assert max(float(t.get("y", "0")) for t in lines) < float(frame.get("y", "0"))


def test_names_and_barrier_labels_stay_readable_where_they_cross() -> None:
    """In the loading dock the drums' label runs under Mara's name: every name and label is
    drawn with a white halo under its letters, so whatever is drawn over the rest stays
    readable, a name (drawn after the barriers) above all."""
    from xml.etree import ElementTree

    state = initial_state(load_scenario(ROOT / "examples" / "loading-dock.toml"))
    root = ElementTree.fromstring(scene_svg(state))
    ns = "{http://www.w3.org/2000/svg}"
    labels = [
        t
        for g in root.iter(f"{ns}g")
        if g.get("class") in ("person", "barrier")
        for t in g.iter(f"{ns}text")
        if "".join(t.itertext()) not in ("K", "P")
    ]
    assert len(labels) == len(state.combatants) + len(state.barriers)
    assert all(
        (t.get("stroke"), t.get("stroke-width"), t.get("paint-order")) == ("#ffffff", "3", "stroke")
        for t in labels
    )


def _drawing_order(svg: str) -> list[str]:
    return re.findall(r'<g class="person"[^>]*><title>([^ ]+) \(', svg)


def test_someone_standing_by_a_body_is_drawn_over_it_and_the_dying_left_white() -> None:
    """DEC-915: a prone body (S-1: radius 3 ft) is drawn before the people standing, so a live
    Goon beside a fallen Viktor of his own side is not painted over; each person has a white rim
    to keep two of one colour apart; and rmu's dying (R-2), who cannot act, are drawn down."""
    state = _warehouse()
    viktor = state.combatant("Viktor")
    goon = replace(viktor, name="Goon", position=Point(x_ft=12, y_ft=42))
    state = replace(state, combatants=(*state.combatants, goon))
    dying = with_vitals(viktor, replace(vitals(viktor), dying_rounds=9))
    state = state.with_combatant(replace(dying, posture=Posture.PRONE))
    svg = scene_svg(state)
    order = _drawing_order(svg)
    assert order.index("Viktor") < order.index("Goon")
    assert order[0] in ("Viktor", "Ilse")  # the two lying down come first
    assert "Viktor (smugglers, down)" in svg and "Goon (smugglers, standing)" in svg
    assert len(re.findall(r'<circle [^>]*fill="#ffffff"/>', svg)) == len(state.combatants)
