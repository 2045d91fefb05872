"""gurps reads a target's cover off the scene (DEC-632): the barrier covering them on their half
of the line (DEC-630's reading, shared) gives the catalog's cover modifier by how high it
reaches on them, their posture counts in the same exclusive group (GUR-MOD-1), a barrier as
tall as they are hides them, and a line's own cover modifier is the GM's word."""

from __future__ import annotations

import tomllib

import pytest

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.errors import RuleRefusal
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.scene_cover import COVER_GROUP
from firefight.scene.state import EncounterState
from firefight.tables.shipped import package_data
from gurps_support import GURPS, SIDED_YARD, YARD, barrier, opened

# Every die a 3d6 roll could want, and more: the shot's outcome is not what is asked here.
FACES = [3] * 12


def _scene(height_ft: float, *, y_ft: float = 25, posture: str | None = None) -> EncounterState:
    """The yard with a wall across the line from Ann (at the origin) to Bob (30 ft north)."""
    bob = (
        YARD.replace("facing_deg = 180", f'facing_deg = 180\nposture = "{posture}"')
        if posture
        else YARD
    )
    return opened(bob + barrier("wall", (-5, y_ft), (5, y_ft), height_ft))


def _kneeling_behind(height_ft: float) -> EncounterState:
    """The yard with Ann kneeling (3.5 ft) behind a wall 3 ft before her: her tenth of the
    line, so it covers her, not Bob."""
    ann = YARD.replace("move = 6", 'move = 6\nposture = "kneeling"')
    return opened(ann + barrier("wall", (-5, 3), (5, 3), height_ft))


def _skill_parts(state: EncounterState, line: str = "Ann shoots Bob") -> dict[str, int]:
    record = engine.act(state, line, GURPS, Dice.scripted(FACES)).record
    total = next(e for e in record.trace if e.get("label") == "effective skill")
    return {str(p["label"]): int(p["value"]) for p in total["parts"]}


def _cover(parts: dict[str, int]) -> dict[str, int]:
    labels = {m.label for m in DATA.modifiers.values() if m.group == COVER_GROUP}
    return {label: value for label, value in parts.items() if label in labels}


@pytest.mark.parametrize(
    ("height_ft", "expected"),
    [
        (2.5, {}),  # 0.42 of Bob's 6 ft: the legs only
        (3.0, {"half the body exposed (a wall, a tree)": -3}),  # half his height
        (4.8, {"head and shoulders exposed (a trench)": -4}),  # 0.80: up to the armpits
        (5.4, {"only the head exposed": -5}),  # 0.90: past the chin
    ],
)
def test_dec_632_gur_mod_1_a_wall_gives_the_cover_of_what_it_leaves_exposed(
    height_ft: float, expected: dict[str, int]
) -> None:
    assert _cover(_skill_parts(_scene(height_ft))) == expected


def test_dec_632_a_wall_as_tall_as_the_target_hides_them_before_any_die() -> None:
    """6 ft before Bob's 6 ft: out of sight, refused with no die rolled; kneeling (3.5 ft)
    behind a 3.5 ft wall, the same."""
    for state in (_scene(6.0), _scene(3.5, posture="kneeling")):
        dice = Dice.scripted([])
        with pytest.raises(RuleRefusal, match="GUR-MOD-1: Bob is out of sight: the wall"):
            engine.act(state, "Ann shoots Bob", GURPS, dice)


def test_dec_632_posture_and_wall_one_cover_the_costlier() -> None:
    """Kneeling Bob (3.5 ft) behind a 3 ft wall: 0.86 of him, head and shoulders exposed (-4),
    costs more than kneeling (-2), which alone counts with no wall; prone (1 ft) behind a
    0.5 ft curb is prone behind minimal cover, head up (-5), not prone (-4)."""
    kneeling = _cover(_skill_parts(_scene(3.0, posture="kneeling")))
    assert kneeling == {"head and shoulders exposed (a trench)": -4}
    assert _cover(
        _skill_parts(
            opened(YARD.replace("facing_deg = 180", 'facing_deg = 180\nposture = "kneeling"'))
        )
    ) == {"kneeling or sitting in a chair, no cover": -2}
    prone = _cover(_skill_parts(_scene(0.5, posture="prone")))
    assert prone == {"prone behind minimal cover, head up": -5}


def test_dec_632_dec_630_a_wall_at_the_shooters_feet_is_the_shooters() -> None:
    """The same 5.4 ft wall 3 ft in front of Ann stands on her tenth of the line: Bob has no
    cover, and the trace says nothing of the wall."""
    state = _scene(5.4, y_ft=3)
    record = engine.act(state, "Ann shoots Bob", GURPS, Dice.scripted(FACES)).record
    assert _cover(_skill_parts(state)) == {}
    assert not any(e.get("rule") == "DEC-632" for e in record.trace)


def test_dec_632_the_trace_says_what_the_wall_did() -> None:
    record = engine.act(_scene(3.0), "Ann shoots Bob", GURPS, Dice.scripted(FACES)).record
    said = [e["text"] for e in record.trace if e.get("rule") == "DEC-632"]
    assert said == [
        "the wall (3 ft) before Bob 6 ft standing: half the body exposed (a wall, a tree)"
    ]


def test_dec_632_gur_mod_1_a_line_s_own_cover_is_the_gm_s_word() -> None:
    """--mods light-cover on the line: the wall's -5 and Bob's posture add nothing, and the
    two are not refused as one group twice."""
    parts = _skill_parts(_scene(5.4), "Ann shoots Bob --mods light-cover")
    assert _cover(parts) == {"behind light cover (branches)": -2}


def test_dec_900_the_trace_says_the_line_s_cover_displaced_the_posture() -> None:
    """DEC-900: prone Bob (-4) marked behind light cover on the line is shot at -2, the easier
    shot, and the trace said nothing of the -4 that no longer counts."""
    state = opened(YARD.replace("facing_deg = 180", 'facing_deg = 180\nposture = "prone"'))
    line = "Ann shoots Bob --mods light-cover"
    record = engine.act(state, line, GURPS, Dice.scripted(FACES)).record
    assert _cover(_skill_parts(state, line)) == {"behind light cover (branches)": -2}
    said = [e["text"] for e in record.trace if e.get("rule") == "DEC-632"]
    assert said == [
        "Bob's posture (prone, no cover, -4) gives way to the line's cover: behind light cover "
        "(branches)"
    ]
    # the line naming the posture itself says nothing
    plain = engine.act(state, "Ann shoots Bob --mods prone", GURPS, Dice.scripted(FACES)).record
    assert not any(e.get("rule") == "DEC-632" for e in plain.trace)


def test_dec_632_the_heights_are_the_silhouettes_rows_and_name_cover_modifiers() -> None:
    """The derivation's properties: each row's share is the packaged silhouette's row for the
    part it names (chin, chest at the armpits) or half the height, tallest first, below the
    share that hides; each names a modifier of the cover group, as the prone row does."""
    cover = DATA.house.scene_cover
    profile = tomllib.loads(package_data("firefight", "data/body_profile.toml").read_text())
    heights = {row["part"]: row["height_fraction"] for row in profile["rows"]}
    assert [share for share, _ in cover.rows] == [
        heights["chin"],
        heights["chest at the armpits"],
        0.5,
    ]
    assert cover.hidden_from == 1.0 and cover.provisional and cover.derivation
    for key in [key for _, key in cover.rows] + [cover.prone]:
        assert DATA.modifiers[key].group == COVER_GROUP
    assert [DATA.modifiers[key].value for _, key in cover.rows] == [-5, -4, -3]


def test_dec_632_gur_opp_1_a_mover_hidden_where_they_come_in_draws_no_opportunity_fire() -> None:
    """Ann watches a line 10 yd north; Bob comes in behind a 6 ft wall standing between them
    there: she cannot see him, fires nothing, and his move goes through with no die; behind a
    3 ft wall she fires, at half the body exposed."""
    # Bob 3 yd east of the line, about to run west across it (5 yd, his Move).
    crossing = SIDED_YARD.replace(
        "position = [0, 30]\nfacing_deg = 180", "position = [9, 30]\nfacing_deg = 270"
    )

    def walled(height_ft: float) -> EncounterState:
        return opened(crossing + barrier("wall", (-5, 27), (5, 27), height_ft))

    hidden = walled(6)
    hidden = engine.act(hidden, "Ann waits --watch line --at 0,30", GURPS, Dice.scripted([])).state
    out = engine.act(hidden, "Bob moves -6,30", GURPS, Dice.scripted([]))
    assert "opportunity_fire" not in out.record.summary
    assert out.state.combatant("Bob").position.x_ft == -6
    seen = walled(3)
    seen = engine.act(seen, "Ann waits --watch line --at 0,30", GURPS, Dice.scripted([])).state
    out = engine.act(seen, "Bob moves -6,30", GURPS, Dice.scripted([6, 6, 6]))
    assert [f["shooter"] for f in out.record.summary["opportunity_fire"]] == ["Ann"]
    total = next(e for e in out.record.trace if e.get("label") == "effective skill")
    assert {
        "value": -3,
        "label": "half the body exposed (a wall, a tree)",
        "rule": "GUR-MOD-1",
    } in (total["parts"])


def test_dec_633_gur_mod_1_a_shooter_wholly_behind_their_own_wall_pops_up() -> None:
    """A 4 ft wall 3 ft before Ann, kneeling (3.5 ft), hides her from Bob: her shot is a
    pop-up attack (-2, and the snap shot it always is, -4); Bob, in the open, has no cover. A
    3 ft wall there hides only part of her, and she fires as usual."""
    record = engine.act(_kneeling_behind(4.0), "Ann shoots Bob", GURPS, Dice.scripted(FACES)).record
    steps = [e["text"] for e in record.trace if e.get("rule") == "DEC-633"]
    assert steps == ["Ann is out of Bob's sight behind the wall: a pop-up attack"]
    parts = _skill_parts(_kneeling_behind(4.0))
    assert parts["pop-up attack"] == -2 and parts["snap shot"] == -4
    assert _cover(parts) == {}
    assert "pop-up attack" not in _skill_parts(_kneeling_behind(3.0))


def test_dec_633_an_aim_taken_behind_full_cover_is_lost_to_the_pop_up() -> None:
    state = engine.act(_kneeling_behind(4.0), "Ann aims at Bob", GURPS, Dice.scripted([])).state
    state = engine.next_round(state, GURPS, Dice.scripted([])).state
    record = engine.act(state, "Ann shoots Bob", GURPS, Dice.scripted(FACES)).record
    steps = [e["text"] for e in record.trace if e.get("rule") == "DEC-633"]
    assert steps == [
        "Ann is out of Bob's sight behind the wall: a pop-up attack, and the aim is lost"
    ]


@pytest.mark.parametrize("height_ft", [6.0, 7.0, 20.0])
def test_dec_655_gur_mod_1_nobody_pops_up_over_a_wall_that_hides_them_standing(
    height_ft: float,
) -> None:
    """Ann (6 ft standing) behind a wall of her own as tall as she is, or taller, cannot rise
    over it to see Bob: her shot and her aim are refused, before any die, and change nothing;
    kneeling behind it changes nothing either."""
    for state in (
        opened(YARD + barrier("wall", (-5, 3), (5, 3), height_ft)),
        _kneeling_behind(height_ft),
    ):
        for line in ("Ann shoots Bob", "Ann aims at Bob"):
            with pytest.raises(RuleRefusal, match="GUR-MOD-1: Ann cannot see Bob over the wall"):
                engine.act(state, line, GURPS, Dice.scripted([]))


def test_dec_632_the_map_labels_the_shot_with_the_cover() -> None:
    """The line of fire drawn for `Ann shoots Bob` names the cover the scene gives him, or that
    he is out of sight."""
    half = GURPS.overlay(_scene(3.0), GURPS.parse_action("Ann shoots Bob", _scene(3.0)))
    assert [line.label for line in half.lines] == [
        "Ann at Bob, 10 yd, half the body exposed (a wall, a tree) (-3)"
    ]
    hidden = _scene(6.0)
    assert [
        line.label
        for line in GURPS.overlay(hidden, GURPS.parse_action("Ann shoots Bob", hidden)).lines
    ] == ["Ann at Bob, 10 yd, out of sight"]


def test_dec_632_the_cheatsheet_shows_the_heights_from_the_data() -> None:
    """`firefight cheatsheet gurps` lists the scene's cover rows as house.toml gives them, and
    says how the modifiers are given on a line (--mods KEY)."""
    sheet = {s.title: s for s in GURPS.cheatsheet()}
    rows = sheet["Cover from barriers in the scene (DEC-632)"].rows
    assert rows == (
        ("0.88 x their height or more", "only the head exposed", "-5"),
        ("0.79 x their height or more", "head and shoulders exposed (a trench)", "-4"),
        ("0.5 x their height or more", "half the body exposed (a wall, a tree)", "-3"),
        ("lower than a prone target", "prone behind minimal cover, head up", "-5"),
        ("1 x their height or more", "out of sight: no aim, no shot", "-"),
    )
    assert "--mods KEY" in str(sheet["Named modifiers (GUR-MOD-1)"].note)


def test_dec_632_the_heights_are_checked_when_read() -> None:
    """Rows out of order, a share past 1, or one that hides before the tallest row counts are
    refused when house.toml is read."""
    from pydantic import ValidationError

    from firefight.rulesets.gurps.data import SceneCover

    good = DATA.house.scene_cover.model_dump()
    assert SceneCover.model_validate(good).modifier(0.8) == "head-and-shoulders"
    for change, says in (
        ({"rows": [[0.5, "half-exposed"], [0.88, "head-only"]]}, "tallest share down"),
        ({"rows": [[1.2, "head-only"]]}, "each between 0 and 1"),
        ({"hidden_from": 0.8}, "hidden_from is at least"),
    ):
        with pytest.raises(ValidationError, match=says):
            SceneCover.model_validate({**good, **change})


def test_dec_642_gur_loc_1_a_head_shot_over_a_chin_high_wall_costs_the_head_once() -> None:
    """A 5.4 ft wall leaves only Bob's head showing (-5): Ann's head shot (a snap shot she
    hesitates over, -2) pays the head's -5 once, not again for the location (DEC-642)."""
    parts = _skill_parts(_scene(5.4), "Ann shoots Bob --location head --hesitate")
    assert _cover(parts) == {"only the head exposed": -5}
    assert parts["calling a location on a snap shot"] == -2
    assert not any(label.startswith("aimed at the head") for label in parts)


def test_dec_632_dec_633_the_map_names_the_line_s_own_cover_and_a_pop_up() -> None:
    """The line of fire drawn for a line naming a cover of its own names that one, which its
    shot takes, not the scene's; a shooter wholly behind their own wall is drawn firing a
    pop-up attack."""
    state = _scene(5.4)
    line = "Ann shoots Bob --mods half-exposed"
    labels = [x.label for x in GURPS.overlay(state, GURPS.parse_action(line, state)).lines]
    assert labels == ["Ann at Bob, 10 yd, half the body exposed (a wall, a tree) (-3)"]
    own = _kneeling_behind(4.0)
    drawn = GURPS.overlay(own, GURPS.parse_action("Ann shoots Bob", own)).lines
    assert [x.label for x in drawn] == ["Ann at Bob, 10 yd, a pop-up attack (DEC-633)"]


def test_gur_move_1_the_map_draws_a_moving_shot_from_where_the_move_ends() -> None:
    """`Ann moves and shoots Bob --to 6,0` fires from 6,0 (GUR-MOVE-1): the map's line starts
    there, and a wall covering Bob only from there is the one named; a move the maneuver
    refuses (past her Move) is drawn from where she stands."""
    state = _scene(3.0)
    walled = opened(YARD + barrier("wall", (0.5, 25), (3, 25), 3.0))
    moved = GURPS.overlay(walled, GURPS.parse_action("Ann moves and shoots Bob --to 6,0", walled))
    (line,) = moved.lines
    assert (line.start.x_ft, line.start.y_ft) == (6.0, 0.0)
    assert line.label.endswith("half the body exposed (a wall, a tree) (-3)")
    still = GURPS.overlay(walled, GURPS.parse_action("Ann shoots Bob", walled)).lines
    assert [x.label for x in still] == ["Ann at Bob, 10 yd"]
    far = GURPS.parse_action("Ann moves and shoots Bob --to 60,0", state)
    (stays,) = GURPS.overlay(state, far).lines
    assert (stays.start.x_ft, stays.start.y_ft) == (0.0, 0.0)


def test_dec_633_dec_642_the_cheatsheet_says_pop_ups_and_called_locations() -> None:
    """The cheat-sheet says a shooter behind full cover pops up (DEC-633) and a called
    location takes the place of the cover (DEC-642)."""
    sheet = {s.title: s for s in GURPS.cheatsheet()}
    assert "pop-up attack (DEC-633)" in str(
        sheet["Cover from barriers in the scene (DEC-632)"].note
    )
    assert "costlier counts (DEC-642)" in str(sheet["Hit locations (GUR-LOC-1)"].note)
