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
