"""The Move suppressive fire is owed (C-6): it must end in cover from the fire that broke the
fighter while cover lies within one Move (DEC-669), else as near cover as one Move gets
(DEC-670); a move that does not is refused in words, changing nothing. The cpr tactics spend
that Move first, on a line the rules accept (DEC-671)."""

from __future__ import annotations

from typing import Any

import pytest

from cpr_support import person, start, step
from firefight.dice import Dice
from firefight.encounter.log import decode_event
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr.cover_tactic import covered
from firefight.rulesets.cpr.events import MustTakeCover
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.cpr.tactics import sharp
from firefight.scene.apply import apply_all
from firefight.service import EncounterService
from firefight.units import metres_from_feet

#: Rook's check 6 + Autofire 5 + 8 = 19 beats V's WILL 3 + Concentration 0 + 2 (C-6).
BREAKS_V = (8, 2)


def _wall(name: str, start: tuple[float, float], end: tuple[float, float]) -> dict[str, Any]:
    return {
        "name": name,
        "from": list(start),
        "to": list(end),
        "height_ft": 4,
        "cover": "concrete thick",
    }


def _fight(*barriers: dict[str, Any]) -> EncounterService:
    """Rook (SMG, Autofire 5, Handgun 6) at the origin, first in the queue (15 against 11),
    and V (WILL 3, Concentration 0, MOVE 6: 12 m a Move, heavy pistol) 10 m north, in the
    open; Rook has just laid down suppressive fire and V owes the next Move to cover."""
    people = [
        person(
            "Rook",
            0,
            0,
            skills={"Autofire": 5, "Handgun": 6},
            weapon=[{"name": "smg", "weapon": "smg"}],
        ),
        person("V", 0, 10, will=3, skills={"Handgun": 6, "Concentration": 0}),
    ]
    service = start(people, [9, 5], barriers=barriers)
    record = step(service, BREAKS_V, "Rook suppresses")
    assert record.summary["must_take_cover"] == ["V"]
    return service


def _v(service: EncounterService) -> Any:
    return fighter(service.state("fight").combatant("V"))


def _steps(record: Any) -> list[str]:
    return [e["text"] for e in record.trace if e.get("type") == "step"]


def _refused(service: EncounterService, text: str) -> RuleRefusal:
    """``text`` refused before a die, the state and the log as they were."""
    before = service.state("fight"), len(service.store.records("fight"))
    dice = Dice.scripted([5, 5, 5, 5])
    with pytest.raises(RuleRefusal) as refused:
        service.act("fight", text, dice)
    assert dice.unused == (5, 5, 5, 5)
    assert (service.state("fight"), len(service.store.records("fight"))) == before
    return refused.value


def test_c_6_dec_669_a_move_into_the_open_is_refused_while_cover_is_in_reach() -> None:
    """C-6: V owes the Move to cover, and behind the wall 4 m north lies within the 12 m it
    covers: a move to open ground is refused, naming the rule and the cover, changing nothing."""
    service = _fight(_wall("wall", (-2, 14), (2, 14)))
    refusal = _refused(service, "V moves to 6,10")
    assert refusal.rule == "C-6"
    assert refusal.reason.startswith(
        "V owes this Move to reaching cover from Rook's suppressive fire, and 6.0,10.0 is in "
        "the open; cover lies within the Move's 12 m, e.g. behind the wall at 0.0,14.4"
    )
    assert _v(service).must_take_cover


def test_c_6_dec_669_a_move_behind_the_wall_pays_the_debt() -> None:
    """C-6: a Move that ends behind the wall (on V's half of the line from Rook) is accepted
    and pays what the suppressive fire made V owe."""
    service = _fight(_wall("wall", (-2, 14), (2, 14)))
    record = step(service, [], "V moves to 1,16")
    assert "V reaches cover from Rook's suppressive fire: the Move it made them owe." in _steps(
        record
    )
    assert not _v(service).must_take_cover and _v(service).cover_from == ()


def test_dec_630_c_6_a_barrier_on_the_suppressors_half_is_no_cover_from_them() -> None:
    """DEC-630: a wall 2 m from Rook is Rook's own cover: V at 1,5, behind it from V's side,
    has it on Rook's half of the line and stands in the open; the wall in reach is what V must
    run to."""
    service = _fight(_wall("low wall", (-3, 2), (3, 2)), _wall("wall", (-2, 14), (2, 14)))
    refusal = _refused(service, "V moves to 1,5")
    assert "behind the wall at 0.0,14.4" in refusal.reason


def test_dec_645_c_6_destroyed_cover_is_no_cover_and_none_left_frees_the_move() -> None:
    """DEC-645: the wooden cart shot to 0 HP stops nothing; with no other cover anywhere
    (DEC-670), V's Move goes where V likes and pays the debt, the trace saying why."""
    cart = _wall("cart", (-2, 13), (2, 13)) | {"cover": "wood thin"}
    service = _fight(cart)
    service.next_round("fight", Dice.scripted([]))
    # Rook: REF 6 + Handgun 6 + 9 = 21 beats the SMG's DV at 13 m; 3 + 3 = 6 destroys the 5 HP cart.
    step(service, [9, 3, 3], "Rook shoots cover cart --with smg")
    record = step(service, [], "V moves to 6,10")
    assert (
        "No cover from Rook's suppressive fire stands anywhere in the scene: V's Move pays what "
        "it made them owe wherever it ends (DEC-670)."
    ) in _steps(record)
    assert not _v(service).must_take_cover


def test_dec_670_with_no_cover_in_reach_the_move_goes_as_near_it_as_it_can() -> None:
    """DEC-670: the only wall is 30 m off, past V's 12 m Move: the Move must end as near cover
    as a full Move straight at it would (18.4 m short, with 0.5 m slack). A shorter or
    sideways Move is refused; the full one is accepted and pays the debt."""
    service = _fight(_wall("far wall", (-3, 40), (3, 40)))
    refusal = _refused(service, "V moves to 0,18")
    assert refusal.rule == "C-6"
    assert refusal.reason == (
        "V owes this Move to reaching cover from Rook's suppressive fire; no cover lies within "
        "the Move's 12 m, so it must end as near cover as it can: the nearest is behind the "
        "far wall at 0.0,40.4, 30.4 m away, and a full Move toward it leaves 18.4 m to go; "
        "from 0.0,18.0 it would be 22.4 m."
    )
    _refused(service, "V moves to 10,10")
    record = step(service, [], "V moves to 0,21.6")
    assert (
        "No cover from Rook's suppressive fire lies within V's Move (12 m): it goes as near "
        "cover as it can, 18.8 m short of the far wall (DEC-670)."
    ) in _steps(record)
    assert not _v(service).must_take_cover


def test_c_6_cpr_rof_1_the_move_between_two_shots_may_be_the_move_to_cover() -> None:
    """C-6, CPR-ROF-1: the move between the two shots is V's Move, so it may be the one owed,
    when it ends in cover (both shots miss: 6 + 6 + 2 = 14 against the heavy pistol's DV at
    10 m, then at 12.5 m); one into the open is refused."""
    service = _fight(_wall("wall", (-2, 12), (2, 12)))
    refusal = _refused(service, "V shoots Rook --twice --move-between 5,10")
    assert refusal.rule == "C-6"
    record = step(service, [2, 2], "V shoots Rook --twice --move-between 0,12.5")
    assert "V reaches cover from Rook's suppressive fire: the Move it made them owe." in _steps(
        record
    )
    assert not _v(service).must_take_cover


def test_dec_669_broken_by_two_the_move_needs_cover_from_both() -> None:
    """DEC-669: broken by Rook (south) and then by Juno (east, 27.8 m from Rook: beyond the
    25 m of each other's fire), V needs cover from both: behind the north wall at -1,15 Juno
    still sees V past the short east wall, so it is refused; at 3,16 both walls shield V."""
    people = [
        person("Rook", 0, 0, skills={"Autofire": 5}, weapon=[{"name": "smg", "weapon": "smg"}]),
        person("V", 0, 10, will=3, skills={"Handgun": 6, "Concentration": 0}),
        person("Juno", 24, 14, skills={"Autofire": 5}, weapon=[{"name": "smg", "weapon": "smg"}]),
    ]
    walls = [_wall("north wall", (-2, 14), (4, 14)), _wall("east wall", (4, 15), (4, 18))]
    service = start(people, [9, 5, 8], barriers=walls)
    step(service, BREAKS_V, "Rook suppresses")
    step(service, BREAKS_V, "Juno suppresses")
    assert _v(service).cover_from == ("Rook", "Juno")
    refusal = _refused(service, "V moves to -1,15")
    assert "from Rook's and Juno's suppressive fire" in refusal.reason
    step(service, [], "V moves to 3,16")
    assert not _v(service).must_take_cover


def test_dec_669_a_log_that_never_named_the_suppressor_still_folds_and_frees_the_move() -> None:
    """A MustTakeCover written before DEC-669 names nobody: it still reads, and any Move pays
    it, as then."""
    event = decode_event({"type": "MustTakeCover", "target": "V"})
    assert event == MustTakeCover(target="V")
    service = start(
        [
            person("Rook", 0, 0),
            person("V", 0, 10),
        ],
        [9, 5],
        barriers=[_wall("wall", (-2, 14), (2, 14))],
    )
    state = apply_all(service.state("fight"), [event], find_ruleset("cpr"))
    v = fighter(state.combatant("V"))
    assert v.must_take_cover and v.cover_from == ()


# --- the tactics (DEC-671) -------------------------------------------------------------------


@pytest.mark.parametrize("tactic", [sharp, covered])
def test_dec_671_a_suppressed_fighters_tactic_moves_to_cover_first(tactic: Any) -> None:
    """DEC-671: sharp and covered both open with the Move owed, to the spot behind the wall
    that the rules then accept."""
    service = _fight(_wall("wall", (-2, 14), (2, 14)))
    lines = list(tactic(service.state("fight"), "V"))
    assert lines[0] == "V moves 0.0,14.4"
    step(service, [], lines[0])
    assert not _v(service).must_take_cover


@pytest.mark.parametrize("tactic", [sharp, covered])
def test_dec_671_with_cover_out_of_reach_the_tactic_runs_a_full_move_at_it(tactic: Any) -> None:
    """DEC-670, DEC-671: the far wall is beyond one Move: the tactic runs the full Move (kept
    0.1 m inside it) straight at it, which the rules accept."""
    service = _fight(_wall("far wall", (-3, 40), (3, 40)))
    lines = list(tactic(service.state("fight"), "V"))
    assert lines[0] == "V moves 0.0,21.9"
    step(service, [], lines[0])
    assert not _v(service).must_take_cover


def test_dec_671_the_owed_move_is_offered_only_while_the_move_is_left() -> None:
    """DEC-671: once the Move is spent, sharp attacks first again (a run on the Action would
    cost the shot)."""
    service = _fight(_wall("wall", (-2, 14), (2, 14)))
    step(service, [], "V moves to 1,16")
    assert next(sharp(service.state("fight"), "V")) != "V moves 0.0,14.4"
    assert metres_from_feet(service.state("fight").combatant("V").position.y_ft) == pytest.approx(
        16
    )
