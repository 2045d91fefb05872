"""An encounter's ``throws`` (GUR-IND-1, DEC-890): a thrown weapon is thrown, a gun shot, as
`gurps throw` and `gurps shoot` take them, and everything that offers a line says so."""

from __future__ import annotations

import tomllib

import pytest

from encounter_support import in_memory
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.rulesets.gurps.attack import resolve_shot
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.gurps.encounter_results import Attacked
from firefight.rulesets.gurps.firing import shot_for
from firefight.rulesets.gurps.tactics import plain, steady
from firefight.rulesets.gurps.turn_events import GurpsAction
from firefight.service import EncounterService
from firefight.trace import TraceBuilder
from firefight.web.views import verbs_view
from gurps_support import GURPS, SIDED_YARD, act, opened

#: Ann (the law) with a thrown knife she calls "knife", 10 yd from Bob (the gang) and his .45.
KNIFE = SIDED_YARD.replace('weapon = "revolver-38"', 'weapon = "thrown-knife"\nname = "knife"')
FACES = [3, 3, 3, 4, 4, 4, 2, 2, 2, 5, 5, 5]


def _unchanged(service: EncounterService, line: str, expected: str) -> None:
    """``line`` is refused with ``expected`` and leaves the log and the state as they were."""
    before = service.load("y")
    with pytest.raises(RuleRefusal) as refused:
        service.act("y", line, Dice.scripted(list(FACES)))
    assert str(refused.value) == expected
    after = service.load("y")
    assert (after.records, after.state) == (before.records, before.state)


def test_dec_890_shoots_refuses_a_thrown_weapon_and_throws_a_gun() -> None:
    """GUR-IND-1, DEC-890: `Ann shoots Bob` with a knife in hand threw it, though `gurps shoot`
    refuses a knife (DEC-907); each line now takes only its own weapons, named as the scene
    names them, before any die, and changes nothing."""
    service = in_memory("y", tomllib.loads(KNIFE), Dice.scripted([]))
    _unchanged(service, "Ann shoots Bob", "GUR-IND-1: Ann's knife is thrown, not shot: use throws.")
    _unchanged(
        service, "Bob throws Ann", "GUR-IND-1: Bob's pistol-45 is shot, not thrown: use shoots."
    )
    assert gurps_stats(service.load("y").state.combatant("Ann")).acted is False


def test_dec_890_throws_is_the_shot_resolved_as_gurps_throw_resolves_it() -> None:
    """GUR-IND-1, DEC-890: `Ann throws Bob` is an Attack whose roll is the one-off throw's own
    (the shot's resolver, given what the scene knows), told as a throw; the knife is gone."""
    state = opened(KNIFE)
    line = GURPS.parse_action("Ann throws Bob", state)
    assert isinstance(line, GurpsAction) and line.verb == "throws"
    alone = resolve_shot(shot_for(state, line, TraceBuilder()), Dice.scripted(list(FACES)))
    thrown = GURPS.resolve(state, line, Dice.scripted(list(FACES))).result
    assert isinstance(thrown, Attacked) and thrown.shot == alone.result
    assert thrown.headline == "Ann throws the knife at Bob: missed by 3."
    after = act(state, "Ann throws at Bob", list(FACES))
    assert after.combatant("Ann").weapons[0].loaded.rounds == 0  # type: ignore[union-attr]
    assert gurps_stats(after.combatant("Ann")).acted


def test_dec_890_a_wait_fires_by_throwing_too() -> None:
    """GUR-OPP-1, DEC-890: a fighter waiting with a knife may throw it out of turn, as one with
    a gun may shoot."""
    state = act(opened(KNIFE), "Ann waits --watch 1")
    assert gurps_stats(act(state, "Ann throws Bob", list(FACES)).combatant("Ann")).acted
    with pytest.raises(RuleRefusal, match="use throws"):
        act(state, "Ann shoots Bob")


def test_dec_890_lines_offered_throw_a_thrown_weapon() -> None:
    """DEC-890: the tactics of `odds simulate`, the session's example and the web form's verbs
    offered `shoots` to a fighter with a knife, a line now refused: they offer `throws`, and
    `shoots` still to a gun."""
    state = opened(KNIFE)
    assert plain(state, "Ann")[0] == "Ann throws Bob"
    assert "Ann throws Bob" in steady(state, "Ann")
    assert not any("shoots" in line for line in [*plain(state, "Ann"), *steady(state, "Ann")])
    assert plain(state, "Bob")[0] == "Bob shoots Ann"
    assert GURPS.example_line(state) == "Ann throws Bob --location head"
    assert GURPS.example_line(state, "Bob") == "Bob shoots Ann --location head"
    verbs = {v["verb"]: v for v in verbs_view(GURPS)}
    assert list(verbs).index("throws") == list(verbs).index("shoots") + 1
    assert verbs["throws"]["options"] == verbs["shoots"]["options"]
    assert verbs["throws"]["words"] == "[at] TARGET"


#: The knife scene with a thrown spear carried too, not in hand.
KNIFE_AND_SPEAR = KNIFE.replace(
    'name = "knife"\nskill = 14',
    'name = "knife"\nskill = 14\n\n[[combatant.weapon]]\nweapon = "thrown-spear"\nname = "spear"'
    "\nskill = 13",
)


def test_dec_927_a_knife_thrown_is_not_reloaded_and_the_refusal_says_so() -> None:
    """GUR-RELOAD-1, DEC-927: with the knife thrown, `Ann throws Bob` was refused "reload it",
    and `Ann reloads` then refused, a thrown weapon not being reloaded: the refusal now names
    the weapon to draw instead, or says nothing is left, and changes nothing."""
    for scene, expected in (
        (KNIFE_AND_SPEAR, "Ann's knife is thrown already: draw another ('draws spear')."),
        (KNIFE, "Ann's knife is thrown already, and Ann has nothing left to use."),
    ):
        service = in_memory("y", tomllib.loads(scene), Dice.scripted([]))
        service.act("y", "Ann throws Bob", Dice.scripted(list(FACES)))
        service.act("y", "Bob waits", Dice.scripted([]))
        service.next_round("y", Dice.scripted([1] * 12))
        _unchanged(service, "Ann throws Bob", f"GUR-RELOAD-1: {expected}")
        if scene is KNIFE_AND_SPEAR:
            service.act("y", "Ann draws spear", Dice.scripted([]))
            assert service.load("y").state.combatant("Ann").weapon("spear") is not None


def test_dec_926_a_fighter_whose_knife_is_thrown_draws_the_next_or_breaks_off() -> None:
    """DEC-540, DEC-926: a gurps fighter counted as able to harm while carrying any weapon, so
    one whose only knife was thrown stood waiting to be shot, never breaking off, and one with
    a spear too never drew it. A thrown weapon thrown is spent: the tactics draw the next
    weapon still of use, and with none left the fighter breaks off."""
    spent = act(opened(KNIFE_AND_SPEAR), "Ann throws Bob", list(FACES))
    ann = spent.combatant("Ann")
    assert GURPS.can_still_harm(ann)
    assert "Ann draws spear" in plain(spent, "Ann")
    assert "Ann draws spear" in steady(spent, "Ann")
    assert not any("draws" in line for line in plain(opened(KNIFE_AND_SPEAR), "Ann"))
    alone = act(opened(KNIFE), "Ann throws Bob", list(FACES))
    assert not GURPS.can_still_harm(alone.combatant("Ann"))
    assert GURPS.can_still_harm(alone.combatant("Bob"))
    assert not any("draws" in line for line in plain(alone, "Ann"))


def test_dec_914_the_example_line_is_one_the_rules_take_with_the_weapon_in_hand_empty() -> None:
    """DEC-914 (DEC-931's way): the session's `help` and the web table's whole line offered
    "Ann throws Bob --location head" of a knife already thrown, a line refused: the example is
    now the draw of the next weapon still of use, none when nothing is left, and the reload of
    an empty gun."""
    spent = act(opened(KNIFE_AND_SPEAR), "Ann throws Bob", list(FACES))
    assert GURPS.example_line(spent, "Ann") == "Ann draws spear"
    alone = act(opened(KNIFE), "Ann throws Bob", list(FACES))
    assert GURPS.example_line(alone, "Ann") is None
    empty = opened(SIDED_YARD.replace('weapon = "pistol-45"', 'weapon = "pistol-45"\nloaded = 0'))
    assert GURPS.example_line(empty, "Bob") == "Bob reloads"
    assert GURPS.example_line(empty, "Ann") == "Ann shoots Bob --location head"
    act(empty, "Bob reloads")  # the rules take it


def _spent_twice(scene: str, line: str) -> None:
    """``line`` throws Ann's knife, then, a second later, is refused as DEC-927 says: the
    weapon to draw, or nothing left; the refusal changes nothing."""
    expected = {
        KNIFE_AND_SPEAR: "Ann's knife is thrown already: draw another ('draws spear').",
        KNIFE: "Ann's knife is thrown already, and Ann has nothing left to use.",
    }[scene]
    service = in_memory("y", tomllib.loads(scene), Dice.scripted([]))
    service.act("y", line, Dice.scripted(list(FACES)))
    ann = service.load("y").state.combatant("Ann")
    assert ann.weapon("knife").loaded.rounds == 0  # type: ignore[union-attr]
    service.act("y", "Bob waits", Dice.scripted([]))
    service.next_round("y", Dice.scripted([1] * 12))
    _unchanged(service, line, f"GUR-RELOAD-1: {expected}")


def test_dec_948_an_all_out_attack_with_a_knife_is_a_throw() -> None:
    """GUR-CORE-1, GUR-IND-1, DEC-948: `Ann all-out attacks Bob` with the knife in hand was
    told "Ann shoots Bob with the knife": it is the throw's roll (the shot's resolver, as
    `gurps throw --maneuver all-out` makes it) with the All-Out Attack's +1, told as a throw;
    the knife is spent, and a second one is refused as a second throw is."""
    state = opened(KNIFE)
    line = GURPS.parse_action("Ann all-out attacks Bob", state)
    assert isinstance(line, GurpsAction)
    shot = shot_for(state, line, TraceBuilder(), maneuver="all-out")
    alone = resolve_shot(shot, Dice.scripted(list(FACES)))
    out = GURPS.resolve(state, line, Dice.scripted(list(FACES)))
    assert isinstance(out.result, Attacked) and out.result.shot == alone.result
    assert out.result.headline.startswith("Ann throws the knife at Bob (all-out attack): ")
    assert "+1  All-Out Attack  [GUR-CORE-1]" in out.trace.render_text()
    assert gurps_stats(act(state, "Ann all-out attacks Bob", list(FACES)).combatant("Ann")).all_out
    for scene in (KNIFE_AND_SPEAR, KNIFE):
        _spent_twice(scene, "Ann all-out attacks Bob")
    # The gun is still shot, and said so.
    shot_by_bob = GURPS.resolve(
        state, GURPS.parse_action("Bob all-out attacks Ann", state), Dice.scripted(list(FACES))
    ).result
    assert isinstance(shot_by_bob, Attacked)
    assert shot_by_bob.headline.startswith("Bob shoots Ann with the pistol-45 (all-out attack)")


def test_dec_948_moves_and_throws_a_knife_and_moves_and_shoots_a_gun() -> None:
    """GUR-MOVE-1, GUR-IND-1, DEC-948: `moves and shoots` took a knife as it takes a gun. As
    `shoots` and `throws` do (DEC-890), each Move and Attack line now takes only its own
    weapons, before any die and changing nothing: a knife is thrown on the move with `moves
    and throws`, walking at -1 (the source multiplies it only for bows and crossbows), told
    as a throw, and spent."""
    service = in_memory("y", tomllib.loads(KNIFE), Dice.scripted([]))
    _unchanged(
        service,
        "Ann moves and shoots Bob --to 0,3",
        "GUR-IND-1: Ann's knife is thrown, not shot: use moves and throws.",
    )
    _unchanged(
        service,
        "Bob moves and throws Ann --to 0,27",
        "GUR-IND-1: Bob's pistol-45 is shot, not thrown: use moves and shoots.",
    )
    state = opened(KNIFE)
    line = GURPS.parse_action("Ann moves and throws at Bob --to 0,3", state)
    assert isinstance(line, GurpsAction) and line.verb == "move-and-throw"
    out = GURPS.resolve(state, line, Dice.scripted(list(FACES)))
    assert isinstance(out.result, Attacked)
    assert out.result.headline.startswith("Ann throws the knife at Bob (move and attack): ")
    told = out.trace.render_text()
    assert "-1  throwing while walking (Move and Attack)  [GUR-MOVE-1]" in told
    assert "Ann moves 1 yd (move and attack)" in told
    for scene in (KNIFE_AND_SPEAR, KNIFE):
        _spent_twice(scene, "Ann moves and throws Bob --to 0,3")


def test_dec_948_an_all_out_throw_at_oneself_is_refused_as_a_throw() -> None:
    """DEC-948: the refusal says what the line would do with the weapon in hand."""
    state = opened(KNIFE)
    with pytest.raises(RuleRefusal, match="Ann cannot throw at themselves"):
        act(state, "Ann all-out attacks Ann")
    with pytest.raises(RuleRefusal, match="Bob cannot shoot at themselves"):
        act(state, "Bob all-out attacks Bob")
    with pytest.raises(RuleRefusal, match="Ann cannot throw at themselves"):
        act(state, "Ann moves and throws Ann --to 0,3")


def test_dec_948_the_web_form_offers_moves_and_throws_beside_moves_and_shoots() -> None:
    """DEC-948: the form's verbs, as DEC-890 put `throws` beside `shoots`."""
    verbs = {v["verb"]: v for v in verbs_view(GURPS)}
    assert list(verbs).index("moves and throws") == list(verbs).index("moves and shoots") + 1
    assert verbs["moves and throws"]["options"] == verbs["moves and shoots"]["options"]
