"""gurps in an encounter (issue 15): one-second turns in 3e maneuvers, shock for the next turn,
stun and recovery, waiting for opportunity fire, readying, and the example fights."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from pathlib import Path

import pytest
from typer.testing import CliRunner

from encounter_support import MemoryStore, in_memory
from firefight.cli.app import app
from firefight.cli.encounter import play_scenario
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.errors import FirefightError, RuleRefusal
from firefight.frozen import replace
from firefight.rulesets import find_ruleset
from firefight.rulesets.gurps.data import DATA as GURPS_DATA
from firefight.rulesets.gurps.encounter import GurpsHurt
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.gurps.firing import shot_for
from firefight.rulesets.gurps.setup import opportunity_modifier
from firefight.rulesets.gurps.turn_events import GurpsAction
from firefight.scene.state import EncounterState
from firefight.service import EncounterService
from firefight.trace import TraceBuilder
from gurps_support import GURPS, YARD, act, barrier, next_round, opened

EXAMPLES = Path(__file__).parent.parent / "examples"


def test_gur_core_1_one_maneuver_a_second_fastest_first() -> None:
    """GUR-CORE-1: each second everyone takes one maneuver; the faster Move acts first."""
    state = opened()
    assert state.initiative == (("Ann",), ("Bob",))
    state = act(state, "Ann aims at Bob")
    with pytest.raises(RuleRefusal, match="already"):
        act(state, "Ann aims at Bob")
    state = next_round(state)
    state = act(state, "Ann aims at Bob")
    assert gurps_stats(state.combatant("Ann")).aim_turns == 2


def test_gur_core_1_the_state_table_shows_whose_maneuver_is_still_to_come() -> None:
    """GUR-CORE-1: rmu's table shows the AP left and cpr's and cards's the turn, while gurps's
    showed nobody's maneuver: a GM reading `show` between turns could not see who had acted."""

    def turns(state: EncounterState) -> list[str]:
        return [GURPS.describe_row(c)["turn"] for c in state.combatants]

    state = opened()
    assert turns(state) == ["maneuver", "maneuver"]
    state = act(state, "Ann aims at Bob")
    assert turns(state) == ["taken", "maneuver"]
    assert turns(next_round(state)) == ["maneuver", "maneuver"]
    assert turns(act(state, "Bob waits")) == ["taken", "taken"]


def test_gur_core_1_a_weapon_not_carried_is_refused_in_words() -> None:
    """A shot from someone with no weapon says so, not "no weapon called None"; a weapon they
    do not carry is refused with what they do carry, as rmu and cpr say it."""
    unarmed = YARD + '\n[[combatant]]\nname = "Cy"\nposition = [30, 0]\n'
    with pytest.raises(RuleRefusal, match=r"^GUR-CORE-1: Cy carries no weapon\.$"):
        act(opened(unarmed), "Cy shoots Bob")
    with pytest.raises(RuleRefusal) as refused:
        act(opened(), "Ann draws rifle")
    assert str(refused.value) == (
        "GUR-CORE-1: Ann carries no weapon called 'rifle'; they carry revolver-38."
    )


def test_gur_reload_1_more_shots_than_rounds_loaded_says_how_many_are_loaded() -> None:
    """GUR-RELOAD-1, G-5: a turn of more shots than the rounds in the gun is refused saying
    how many are loaded; it said "not loaded: reload it" of a gun with rounds in it."""
    two = opened(YARD.replace("skill = 14", "skill = 14\nloaded = 2"))
    with pytest.raises(RuleRefusal) as refused:
        act(two, "Ann shoots Bob --shots 3")
    assert str(refused.value) == (
        "GUR-RELOAD-1: Ann's revolver-38 has 2 rounds loaded, too few for 3 shots."
    )
    with pytest.raises(RuleRefusal, match=r"revolver-38 is not loaded: reload it\.$"):
        act(opened(YARD.replace("skill = 14", "skill = 14\nloaded = 0")), "Ann shoots Bob")
    assert gurps_stats(act(two, "Ann shoots Bob --shots 2", [3] * 40).combatant("Ann")).acted


def test_g_5_a_refusal_names_the_weapon_as_the_scene_does() -> None:
    """G-5: the resolver refuses by the catalog's name ("A .38 revolver fires at most 3
    shot(s)"), which a GM whose scene and table call the gun "38" cannot match; in an encounter
    the refusal names it as the scene does, by the quiet path as by the recorded one."""
    state = opened(YARD.replace('weapon = "revolver-38"', 'weapon = "revolver-38"\nname = "38"'))
    expected = "G-5: The 38 fires at most 3 shot(s) a turn."
    with pytest.raises(RuleRefusal) as refused:
        act(state, "Ann shoots Bob --shots 4")
    assert str(refused.value) == expected
    line = GURPS.parse_action("Ann shoots Bob --shots 4", state)
    with pytest.raises(RuleRefusal) as quietly:
        GURPS.resolve_quietly(state, line, Dice.scripted([]))
    assert str(quietly.value) == expected


def test_an_unknown_verb_is_answered_with_the_verbs_as_they_are_typed() -> None:
    """ENC-ACTION: the verbs a refused line lists, and the one suggested, are the ways to type
    them; "Ann all-out Bob" was told "did you mean 'all-out'?" and shown 'move-and-attack',
    names the parser keeps but reads from no line."""
    with pytest.raises(RuleRefusal) as refused:
        act(opened(), "Ann all-out Bob")
    reason = refused.value.reason
    assert "did you mean 'all-out attacks'?" in reason
    assert (
        "aims, shoots, throws, all-out attacks, moves and shoots, moves and throws, moves, turns"
        in reason
    )
    assert reason.count("'all-out'") == 1 and "move-and-attack" not in reason  # as typed
    assert "move-and-throw" not in reason


def test_gur_core_1_knocked_down_lasts_until_the_fighter_changes_position() -> None:
    """GUR-CORE-1: a major wound's failed HT roll knocks the target down (prone); once they
    kneel or stand they are no longer knocked down. The state table kept saying "knocked
    down" of a fighter back on their feet, for the rest of the fight."""
    state = act(opened(), "Ann aims at Bob")
    state = next_round(state)
    # as in the shock test: 11 injury, a major wound; HT 12 fails: stunned and knocked down
    state = act(state, "Ann shoots Bob", [3, 3, 3, 5, 5, 4, 6, 6, 4, 4, 4])
    assert gurps_stats(state.combatant("Bob")).knocked_down
    assert "knocked down" in GURPS.describe_row(state.combatant("Bob"))["conditions"]
    state = act(state, "Bob recovers", [2, 3, 3])
    state = next_round(state)
    assert gurps_stats(state.combatant("Bob")).knocked_down  # still on the ground
    state = act(state, "Bob kneels")
    assert not gurps_stats(state.combatant("Bob")).knocked_down
    assert "knocked down" not in GURPS.describe_row(state.combatant("Bob"))["conditions"]


def test_gur_core_1_the_shooter_s_shock_is_told_in_the_trace() -> None:
    """GUR-CORE-1: a wounded shooter's shock lowers their skill for their next turn; the trace
    showed only "+8 .45 automatic pistol skill" for Bob's skill 12, the shock nowhere."""
    state = act(opened(), "Ann aims at Bob")
    state = next_round(state)
    # 9 hits; Dodge 14 fails; 11 injury, a major wound; HT 6 holds him up
    state = act(state, "Ann shoots Bob", [3, 3, 3, 5, 5, 4, 6, 6, 2, 2, 2])
    out = engine.act(state, "Bob shoots Ann", GURPS, Dice.scripted([6, 6, 5]))
    said = [e.get("text") for e in out.record.trace]
    assert "Bob's shock -4 from a wound since their last turn: skill 12 less 4, 8" in said
    skill = next(e for e in out.record.trace if e.get("label") == "effective skill")["parts"]
    assert isinstance(skill, list) and skill[0]["value"] == 8


def test_dec_895_shock_weighs_on_the_wounded_fighter_s_own_next_turn() -> None:
    """GUR-CORE-1, DEC-209, DEC-895: shock is for the wounded fighter's next turn. Bob, hit
    before his turn this second, shot back at full skill and took the shock a second later;
    it weighs on the turn he has yet to take. Ann, hit after her turn, takes it next second."""
    state = act(opened(), "Ann aims at Bob")
    state = next_round(state)
    state = act(state, "Ann shoots Bob", [3, 3, 3, 5, 5, 4, 6, 6, 2, 2, 2])
    bob = gurps_stats(state.combatant("Bob"))
    assert (bob.shock, bob.shock_next) == (-4, 0)
    # Bob's snap shot at 10 yd, 12 - 4 shock - 4 range - 4 snap: 10 misses 4
    state = act(state, "Bob shoots Ann", [3, 3, 4, 6, 6, 6, 6, 6, 6])
    ann = gurps_stats(state.combatant("Ann"))
    assert (ann.shock, ann.shock_next) == (0, 0)
    state = next_round(state)
    assert gurps_stats(state.combatant("Bob")).shock == 0


def test_gur_reload_1_a_line_naming_no_weapon_uses_the_one_in_hand() -> None:
    """GUR-RELOAD-1: once Ann has drawn her second weapon, "Ann shoots Bob" fires the one in
    her hand; it read the first one listed and was refused ("38 is not in hand: draw it
    first"), as were her aim and her reload."""
    two = YARD.replace(
        'weapon = "revolver-38"\nskill = 14',
        'weapon = "revolver-38"\nname = "38"\nskill = 14\n\n'
        '[[combatant.weapon]]\nweapon = "pistol-9mm"\nname = "9mm"\nskill = 13\nloaded = 5',
    )
    state = act(opened(two), "Ann draws 9mm", [6, 6, 6])
    assert gurps_stats(state.combatant("Ann")).in_hand == "9mm"
    state = next_round(state)
    aimed = act(state, "Ann aims at Bob")
    assert gurps_stats(aimed.combatant("Ann")).aim_turns == 1
    shot = act(state, "Ann shoots Bob", [6, 6, 6] * 5)
    assert shot.combatant("Ann").weapon("9mm").loaded.rounds == 4  # type: ignore[union-attr]
    reloading = act(state, "Ann reloads")
    assert gurps_stats(reloading.combatant("Ann")).reloading == "9mm"
    # and the state table says which one that is, once there is more than one
    assert GURPS.describe_row(state.combatant("Ann"))["weapons"] == "38 6/6; 9mm 5/8 (in hand)"
    assert GURPS.describe_row(state.combatant("Bob"))["weapons"] == "pistol-45 7/7"


def test_dec_73_a_bystander_takes_no_place_in_the_order_by_move() -> None:
    """DEC-73: the order by Move leaves a bystander out, as rmu's initiative and cards' draw
    do, however fast they are."""
    onlooker = '\n[[combatant]]\nname = "Cy"\nposition = [30, 0]\nmove = 9\nbystander = true\n'
    assert opened(YARD + onlooker).initiative == (("Ann",), ("Bob",))


def test_gur_core_1_shock_next_turn_and_stun() -> None:
    """GUR-CORE-1: shock (-1 per HP, -4 at most) weighs on the next turn only; a major wound
    failed HT roll stuns: a stunned fighter can only try to recover."""
    state = act(opened(), "Ann aims at Bob")
    state = next_round(state)
    state = act(state, "Bob aims at Ann")
    # Bob has had his turn this second: Ann's 9 hits him; his Dodge 5 fails on 14; 2d-1 rolls
    # 11: major (over 6); HT 12 fails
    state = act(state, "Ann shoots Bob", [3, 3, 3, 5, 5, 4, 6, 6, 4, 4, 4])
    bob = gurps_stats(state.combatant("Bob"))
    assert (bob.lost, bob.shock, bob.shock_next, bob.stunned) == (11, 0, -4, True)
    state = next_round(state)
    assert gurps_stats(state.combatant("Bob")).shock == -4
    with pytest.raises(RuleRefusal, match="stunned"):
        act(state, "Bob shoots Ann")
    state = act(state, "Bob recovers", [2, 3, 3])
    assert not gurps_stats(state.combatant("Bob")).stunned
    state = next_round(state)
    assert gurps_stats(state.combatant("Bob")).shock == 0


def test_gur_core_1_the_state_table_shows_shock_pending_from_the_wound_on() -> None:
    """GUR-CORE-1, DEC-788: a wound's shock weighs on the next turn; the state table showed it
    only once that turn came, nothing pending before it. It shows "shock -4 next turn" from the
    wound on, then "shock -4" on the turn it weighs on, then nothing."""
    gurps = find_ruleset("gurps")
    state = act(opened(), "Ann aims at Bob")
    state = next_round(state)
    state = act(state, "Bob aims at Ann")
    state = act(state, "Ann shoots Bob", [3, 3, 3, 5, 5, 4, 6, 6, 4, 4, 4])
    conditions = gurps.describe_row(state.combatant("Bob"))["conditions"]
    assert conditions.startswith("shock -4 next turn"), conditions
    state = next_round(state)
    conditions = gurps.describe_row(state.combatant("Bob"))["conditions"]
    assert conditions.startswith("shock -4") and "next turn" not in conditions, conditions
    state = next_round(state)
    assert "shock" not in gurps.describe_row(state.combatant("Bob"))["conditions"]


def test_gur_core_1_a_ht_roll_each_turn_at_zero_hp() -> None:
    """GUR-CORE-1: at 0 HP or less a fighter rolls HT before each maneuver to stay conscious;
    failing, they pass out and the maneuver is lost."""
    hurt = GurpsHurt(
        target="Bob",
        injury=13,
        shock=-4,
        stunned=False,
        knocked_down=False,
        unconscious=False,
        dead=False,
    )
    state = GURPS.apply(opened(), hurt)
    assert gurps_stats(state.combatant("Bob")).hp_left == -1
    kept = engine.act(state, "Bob aims at Ann", GURPS, Dice.scripted([3, 3, 4]))
    assert gurps_stats(kept.state.combatant("Bob")).aim_target == "Ann"
    lost = engine.act(state, "Bob aims at Ann", GURPS, Dice.scripted([6, 6, 5]))
    bob = lost.state.combatant("Bob")
    assert bob.unconscious and gurps_stats(bob).aim_target is None


def test_gur_opp_1_waiting_then_firing() -> None:
    """GUR-OPP-1: a Wait watching a line fires at -5 (and the snap-shot penalty)."""
    state = act(opened(), "Ann waits --watch line")
    out = engine.act(state, "Ann shoots Bob", GURPS, Dice.scripted([6, 6, 5]))
    totals = [e for e in out.record.trace if e.get("label") == "effective skill"]
    parts = totals[0]["parts"]
    assert isinstance(parts, list)
    assert {"value": -5, "label": "opportunity fire watching line", "rule": "GUR-OPP-1"} in parts


def test_gur_opp_1_watching_11_hexes_or_more_is_8_however_many_and_no_number_is_refused() -> None:
    """GUR-OPP-1: 11 hexes or more watched take -8, however many: past the data's last row
    (999,999) the modifier's search ran dry and crashed. A count that is no whole number (a
    superscript, which str.isdigit takes, or 5,000 digits) crashed its reading; both are
    refused saying what a watch takes."""
    for hexes in ("11", "999999", "1000000", "9" * 12):
        assert opportunity_modifier(hexes, GURPS_DATA) == -8
    for typed in ("\u00b2", "9" * 5000, "0", "-2"):
        with pytest.raises(RuleRefusal, match="GUR-OPP-1: Watch a number of hexes"):
            act(opened(), f"Ann waits --watch {typed}")


def test_gur_arc_1_a_hair_left_of_the_facing_is_0_degrees_off_it() -> None:
    """GUR-ARC-1: a target a hundredth of a degree left of the facing is 0 degrees off it, as
    one dead ahead is, never -0.0: equal shots are kept as one (0.0 == -0.0), so a -0.0 would
    print as "-0" or "0" depending on which shot came first."""
    for facing in ("0.03", "0.0", "0.03"):
        scene = YARD.replace("position = [0, 0]", f"position = [0, 0]\nfacing_deg = {facing}")
        action = GurpsAction(actor="Ann", verb="shoots", text="Ann shoots Bob", target="Bob")
        bearing = shot_for(opened(scene), action, TraceBuilder()).bearing
        assert (bearing, math.copysign(1.0, bearing)) == (0.0, 1.0)


def test_gur_arc_1_nobody_aims_where_they_cannot_fire() -> None:
    """GUR-ARC-1, GUR-MOD-1: an Aim is taken at a target the shooter could fire at: not at
    someone behind them (outside every arc they may fire into), nor at themselves (DEC-643);
    the refusal changes nothing. Bob, facing Ann, may aim at her."""
    behind = opened(YARD.replace("position = [0, 0]", "position = [0, 0]\nfacing_deg = 180"))
    with pytest.raises(RuleRefusal, match="GUR-ARC-1: The target is 180 degrees off"):
        act(behind, "Ann aims at Bob")
    assert gurps_stats(behind.combatant("Ann")).aim_target is None
    with pytest.raises(RuleRefusal, match="Ann cannot aim at themselves"):
        act(opened(), "Ann aims at Ann")
    with pytest.raises(RuleRefusal, match="Ann cannot shoot at themselves"):
        act(opened(), "Ann shoots Ann")
    aimed = act(opened(), "Bob aims at Ann", [])
    assert gurps_stats(aimed.combatant("Bob")).aim_target == "Ann"


def test_dec_657_gur_arc_1_turning_to_face_takes_the_second() -> None:
    """GUR-ARC-1 refuses a shot at Bob behind Ann and names the way out; `Ann turns to face
    Bob` is a Move of no yards (DEC-657): she stays where she is, faces him (0 degrees, north),
    has used her second, and fires at him the next one. A place faces as well as a name; her
    own place, or herself, is refused."""
    behind = opened(YARD.replace("position = [0, 0]", "position = [0, 0]\nfacing_deg = 180"))
    with pytest.raises(RuleRefusal, match="Turn to face it first \\('NAME turns to face"):
        act(behind, "Ann shoots Bob")
    turned = act(behind, "Ann turns to face Bob")
    ann = turned.combatant("Ann")
    assert (ann.position, ann.facing_deg) == (behind.combatant("Ann").position, 0.0)
    assert gurps_stats(ann).acted
    with pytest.raises(RuleRefusal, match="already taken this second's maneuver"):
        act(turned, "Ann shoots Bob", [3, 3, 3])
    act(next_round(act(turned, "Bob waits")), "Ann shoots Bob", [3] * 12)
    east = engine.act(behind, "Ann faces 10,0", GURPS, Dice.scripted([]))
    assert east.state.combatant("Ann").facing_deg == 90.0
    # Told once, by the facing it leaves (no "moves 0 ft", no headline saying it again).
    assert east.record.narration == ("Ann now faces 90 degrees.",)
    # Facing that way already: nothing to narrate, so the headline says the second went.
    again = engine.act(east.state, "Bob turns to face Ann", GURPS, Dice.scripted([]))
    assert again.record.narration == ("Bob already faces Ann: the second is spent.",)
    assert gurps_stats(again.state.combatant("Bob")).acted
    for line in ("Ann turns to face Ann", "Ann turns to face 0,0"):
        with pytest.raises(RuleRefusal, match="cannot turn to face their own place"):
            act(behind, line)
    with pytest.raises(RuleRefusal, match="Say whom or where Ann turns to face"):
        act(behind, "Ann turns to face")
    for nasty in ("nan,0", "1e400,0"):
        with pytest.raises(RuleRefusal, match="takes a place in ft as X,Y"):
            act(behind, f"Ann turns to face {nasty}")


def test_gur_core_1_a_change_of_position_changes_it() -> None:
    """GUR-CORE-1's Change Position: kneeling is told once in the log (its headline said it a
    second time), and standing when already up is refused and changes nothing; GUR-OPP-1:
    nobody waits to fire at themselves."""
    service = in_memory("y", tomllib.loads(YARD), Dice.scripted([]))
    assert service.act("y", "Ann kneels", Dice.scripted([])).record.narration == ("Ann kneels.",)
    with pytest.raises(RuleRefusal, match="ENC-ACTION: Bob is already standing"):
        service.act("y", "Bob stands", Dice.scripted([]))
    assert not gurps_stats(service.load("y").state.combatant("Bob")).acted
    with pytest.raises(RuleRefusal, match="GUR-OPP-1: Bob cannot wait to fire at themselves"):
        service.act("y", "Bob waits --watch 1 --for Bob", Dice.scripted([]))


def test_gur_reload_1_readying_takes_seconds() -> None:
    """GUR-RELOAD-1: a crossbow of the user's ST takes 4 s: it loads when the last second is
    over (fires every 5 s); another maneuver in between abandons the reload (DEC-397)."""
    state = opened(YARD.replace('weapon = "revolver-38"', 'weapon = "crossbow"\nloaded = 0'))
    with pytest.raises(RuleRefusal, match="not loaded"):
        act(state, "Ann shoots Bob")
    state = act(state, "Ann reloads")
    assert gurps_stats(state.combatant("Ann")).busy == 3
    for left in (2, 1):
        state = next_round(state)
        assert gurps_stats(state.combatant("Ann")).busy == left
        assert state.combatant("Ann").weapons[0].loaded.rounds == 0  # type: ignore[union-attr]
    abandoned = act(state, "Ann aims at Bob")
    assert gurps_stats(abandoned.combatant("Ann")).reloading is None
    abandoned = next_round(abandoned)
    assert abandoned.combatant("Ann").weapons[0].loaded.rounds == 0  # type: ignore[union-attr]
    kept = act(state, "Ann reloads")
    kept = next_round(kept)
    assert kept.combatant("Ann").weapons[0].loaded.rounds == 1  # type: ignore[union-attr]


def test_gur_reload_1_a_reload_at_the_table_says_who_and_goes_on_when_asked() -> None:
    """GUR-RELOAD-1 (DEC-397): the session printed the resolver's "Crossbow: loaded after 4 s."
    for Ann's reload, naming neither her nor the crossbow as the scene does, and a shot in the
    middle of it was told "not loaded: reload it", as if to start over. The headline says who
    starts what; the shot's refusal says the reload goes on and how long is left."""
    state = opened(YARD.replace('weapon = "revolver-38"', 'weapon = "crossbow"\nloaded = 0'))
    started = engine.act(state, "Ann reloads", GURPS, Dice.scripted([]))
    assert started.record.summary["headline"] == (
        "Ann starts reloading the crossbow: loaded after 4 s."
    )
    state = next_round(started.state)
    with pytest.raises(RuleRefusal) as refused:
        act(state, "Ann shoots Bob")
    assert str(refused.value) == (
        "GUR-RELOAD-1: Ann is still reloading the crossbow (2 s more): 'Ann reloads' goes on "
        "with it."
    )


def test_gur_core_1_an_unconscious_target_makes_no_knockdown_roll() -> None:
    """GUR-CORE-1: a major wound calls for an HT roll against knockdown, but Bob, already
    unconscious, was asked it too: failed, the headline read "Bob stunned, ..., knocked down"
    of a man out cold, and he kept a stun and a knockdown for the GM to clear on waking. The
    scene tells the shot he is unconscious: no roll (its dice stay unused), neither condition."""
    state = opened()
    state = state.with_combatant(replace(state.combatant("Bob"), unconscious=True))
    dice = Dice.scripted([3, 3, 3, 6, 6, 6, 6, 6])  # the hit, 2d-1 = 11 (a major wound)
    shot = engine.act(state, "Ann shoots Bob", GURPS, dice)
    assert shot.record.summary["headline"] == (
        "Ann shoots Bob with the revolver-38: 1 hit: 11 injury; Bob unconscious, 1 HP left."
    )
    assert dice.unused == (6, 6, 6)
    bob = gurps_stats(shot.state.combatant("Bob"))
    assert (bob.stunned, bob.knocked_down) == (False, False)


def test_gur_reload_1_a_revolver_reloads_only_its_spent_rounds() -> None:
    """GUR-RELOAD-1 (DEC-785): a .38 with one of its six rounds spent takes 1 s for the round
    plus 1 s to open and close the cylinder: 2 s, not the 7 s of all six. It is busy one more
    second and full (6/6) at the start of the turn after; the state table says the 1 s left."""
    state = opened(YARD.replace("skill = 14", "skill = 14\nloaded = 5"))
    state = act(state, "Ann reloads")
    ann = state.combatant("Ann")
    assert gurps_stats(ann).busy == 1 and gurps_stats(ann).reloading == "revolver-38"
    assert GURPS.describe_row(ann)["conditions"] == "reloading revolver-38 1 s"
    state = next_round(state)
    ann = state.combatant("Ann")
    assert ann.weapons[0].loaded.rounds == 6 and gurps_stats(ann).busy == 0  # type: ignore[union-attr]
    # four spent: 4 x 1 s + 1 s = 5 s, busy for the 4 seconds after this one
    four = act(opened(YARD.replace("skill = 14", "skill = 14\nloaded = 2")), "Ann reloads")
    assert gurps_stats(four.combatant("Ann")).busy == 4


def test_gur_reload_1_a_magazine_reload_and_fast_draw() -> None:
    """GUR-RELOAD-1: a .45's magazine takes 3 s (provisional 3e); with a made Fast-Draw roll a
    second less; a holstered weapon must be drawn first, at once on a made Fast-Draw."""
    scene = YARD.replace(
        'weapon = "revolver-38"\nskill = 14',
        'weapon = "pistol-45"\nskill = 14\nloaded = 0\nfast_draw = 13\n\n'
        '[[combatant.weapon]]\nweapon = "revolver-38"\nname = "38"\nskill = 14\nfast_draw = 12',
    )
    state = opened(scene)
    slow = act(state, "Ann reloads")
    assert gurps_stats(slow.combatant("Ann")).busy == 2
    fast = act(state, "Ann reloads --fast-draw", [3, 3, 3])
    assert gurps_stats(fast.combatant("Ann")).busy == 1
    with pytest.raises(RuleRefusal, match="draw it first"):
        act(state, "Ann shoots Bob --weapon 38")
    drawn = act(state, "Ann draws 38 --fast-draw", [3, 3, 3])
    ann = gurps_stats(drawn.combatant("Ann"))
    assert ann.in_hand == "38" and not ann.acted
    drawn = act(drawn, "Ann shoots Bob --weapon 38", [6, 6, 6])
    slow_draw = act(state, "Ann draws 38")
    assert gurps_stats(slow_draw.combatant("Ann")).acted
    dropped = act(state, "Ann draws 38 --fast-draw", [6, 6, 6])
    assert gurps_stats(dropped.combatant("Ann")).in_hand is None


def test_dec_906_reloads_come_from_the_spares_carried_and_run_out() -> None:
    """GUR-RELOAD-1, DEC-906: gurps reloads never ran out, so a GM could not track
    ammunition. A weapon listing `magazines` reloads from them, timed or at once, the one
    taken out carried (not loaded again empty), and a reload with none left is refused; a
    weapon listing none reloads as before, never running out."""
    scene = YARD.replace(
        'weapon = "pistol-45"\nskill = 12', 'weapon = "pistol-45"\nskill = 12\nmagazines = 1'
    ).replace("skill = 14", "skill = 14\nloaded = 5")
    state = opened(scene)
    assert GURPS.describe_row(state.combatant("Bob"))["weapons"] == "pistol-45 7/7 +1 reload"
    state = act(state, "Ann aims at Bob")
    state = act(state, "Bob shoots Ann", [6, 6, 6])
    state = next_round(act(next_round(state), "Bob reloads"))  # 3 s: busy two seconds more
    state = next_round(act(state, "Bob reloads"))
    bob = state.combatant("Bob")
    assert bob.weapons[0].loaded.rounds == 7  # type: ignore[union-attr]
    assert [m.rounds for m in bob.weapons[0].spares] == [6]  # the one taken out, carried
    assert GURPS.describe_row(bob)["weapons"] == "pistol-45 7/7 +1 reload"
    state = act(state, "Bob shoots Ann", [6, 6, 6])
    # the spare is the one he took out: its six rounds go in at once with a made Fast-Draw
    fast = replace(gurps_stats(state.combatant("Bob")), fast_draws=(("pistol-45", 18),))
    state = state.with_combatant(replace(state.combatant("Bob"), stats=fast))
    state = act(next_round(state), "Bob reloads --fast-draw", [3, 3, 3])
    assert next_round(state).combatant("Bob").weapons[0].loaded.rounds == 6  # type: ignore[union-attr]
    state = next_round(next_round(state))
    emptied = state.combatant("Bob")
    gun = emptied.weapons[0]
    assert gun.loaded is not None
    empty = replace(gun.loaded, rounds=0)
    spent = replace(gun, loaded=empty, spares=(empty,))
    state = state.with_combatant(emptied.with_weapon(spent))
    with pytest.raises(RuleRefusal, match="GUR-RELOAD-1: Bob has no reload left for the pistol-45"):
        act(state, "Bob reloads")
    # odds simulate counts him out of the fight (DEC-540); Ann, whose reloads are not
    # counted, is still in it
    assert not GURPS.can_still_harm(state.combatant("Bob"))
    assert GURPS.can_still_harm(state.combatant("Ann"))
    # Ann's .38 lists none: her reloads are not counted
    assert GURPS.describe_row(state.combatant("Ann"))["weapons"] == "revolver-38 5/6"
    assert act(state, "Ann reloads").combatant("Ann").weapons[0].spares == ()


def test_dec_906_a_thrown_weapon_carries_no_magazines() -> None:
    """DEC-906: a thrown weapon is thrown or drawn anew (GUR-RELOAD-1): `magazines` on one is
    refused when the scenario is read, naming the weapon."""
    with pytest.raises(FirefightError, match="thrown or drawn anew"):
        opened(YARD.replace('weapon = "revolver-38"', 'weapon = "thrown-knife"\nmagazines = 2'))


def test_gur_reload_1_no_ready_for_what_is_ready_already() -> None:
    """GUR-RELOAD-1: a Ready reloads a weapon that has fired or draws one not in hand: a full
    .38 is not reloaded (three seconds of nothing), nor the .38 in hand drawn; the refusals
    change nothing. Once a round is fired, the reload goes ahead."""
    state = opened()
    with pytest.raises(RuleRefusal, match="GUR-RELOAD-1: Ann's revolver-38 is full"):
        act(state, "Ann reloads")
    with pytest.raises(RuleRefusal, match="GUR-RELOAD-1: Ann's revolver-38 is in hand already"):
        act(state, "Ann draws revolver-38")
    assert not gurps_stats(state.combatant("Ann")).acted
    fired = next_round(act(state, "Ann shoots Bob", [6, 6, 6]))
    assert gurps_stats(act(fired, "Ann reloads").combatant("Ann")).busy > 0


def test_g_5_a_shot_count_that_is_no_number_is_refused_naming_the_option() -> None:
    """G-5: `--shots abc` (or 2.5, or a superscript 2) crashed the check of the rounds loaded,
    a traceback at the table and a 500 on the web table; it is refused as `gurps shoot --shots`
    refuses it. A count past the most a turn may take is refused as that, not as a weapon "not
    loaded": Ann's revolver is full."""
    state = opened()
    for typed in ("abc", "2.5", "\u00b2"):
        with pytest.raises(FirefightError, match="G-5: --shots: takes a whole number"):
            act(state, f"Ann shoots Bob --shots {typed}")
    with pytest.raises(FirefightError, match=r"G-5: --shots: .* is more than 20"):
        act(state, "Ann shoots Bob --shots 99999999999999999999")


@pytest.mark.parametrize("name", ["dry-gulch.toml", "mill-ford.toml", "alley-crossing.toml"])
def test_the_example_fights_play(name: str) -> None:
    """GUR-CORE-1, GUR-ARROW-1, GUR-RELOAD-1, GUR-OPP-1, GUR-WRONG-2: the bundled fights play
    to their end."""
    _, records, state = play_scenario(EncounterService(MemoryStore()), EXAMPLES / name, "x")
    assert records
    if name == "alley-crossing.toml":
        # Ann's 6 and Cid's 8 together; Cid's stray struck Eve for 6; Ann's one spent round
        # is 2 s, 1 s with Fast-Draw made: back in at once, 6/6 (DEC-785)
        assert gurps_stats(state.combatant("Bob")).lost == 14
        assert gurps_stats(state.combatant("Eve")).lost == 6
        ann = state.combatant("Ann")
        assert gurps_stats(ann).reloading is None
        assert ann.weapon("38").loaded.rounds == 6  # type: ignore[union-attr]
    elif name == "dry-gulch.toml":
        bob = state.combatant("Bob")
        assert bob.unconscious and gurps_stats(bob).hp_left == -4
    else:
        assert gurps_stats(state.combatant("Hugh")).lost == 6
        assert gurps_stats(state.combatant("Wat")).busy == 3


def test_gur_core_1_a_shot_s_headline_says_who_shot_whom_and_by_how_much() -> None:
    """GUR-CORE-1: an encounter shot's headline names the shooter, the target and the weapon,
    and a miss says by how much the roll missed; a hit that knocks the target down says so."""
    _, records, _ = play_scenario(EncounterService(MemoryStore()), EXAMPLES / "dry-gulch.toml", "x")
    headlines = [str(r.summary.get("headline")) for r in records if r.kind == "action"]
    bob = next(h for h in headlines if h.startswith("Bob shoots"))
    assert bob.startswith("Bob shoots Ann with the 45: missed by 8.")
    assert (
        "Ann shoots Bob with the 38: 1 hit: 8 injury; Bob stunned, 2 HP left, knocked down."
        in headlines
    )


def test_firefight_play_shows_the_gurps_table() -> None:
    result = CliRunner().invoke(app, ["play", str(EXAMPLES / "dry-gulch.toml"), "--no-trace"])
    assert result.exit_code == 0, result.stderr
    assert "HP" in result.stdout and "-4/10" in result.stdout


def _told(entry: Mapping[str, object]) -> tuple[object, ...]:
    """A trace entry as the GM reads it: a step's rule and words, a total's label, value and
    parts (each modifier's label and value, in order), a roll's purpose and total."""
    if entry["type"] == "step":
        return ("step", entry["rule"], entry["text"])
    if entry["type"] == "total":
        parts = entry["parts"]
        assert isinstance(parts, list)
        return ("total", entry["label"], entry["value"], [(p["label"], p["value"]) for p in parts])
    return ("roll", entry["purpose"], entry["total"])


def test_gur_core_1_a_recorded_shot_s_trace_is_told_in_the_order_it_happens() -> None:
    """GUR-CORE-1, GUR-WRONG-1, DEC-632, G-1, G-3, GUR-LOC-1: the trace of a shot, read top to
    bottom, is the shot as it happened: who is in the way, the cover the scene gives, the
    shooter's shock, then the effective skill with each modifier, the attack roll, the dodge,
    the hit location, damage through DR and the HT roll. Nothing held the order: two of
    firing.py's step-telling blocks could swap unseen. Ann (skill 22, shock -2 from a wound)
    shoots Bob (heavy leather, DR 2, PD 2) over a 3 ft wall, past Cid half way."""
    scene = (
        YARD.replace("skill = 14", "skill = 22").replace("hp = 12", 'hp = 12\narmor = "leather"')
        + '\n[[combatant]]\nname = "Cid"\nposition = [0, 15]\nfacing_deg = 180\n'
        + barrier("wall", (-5, 25), (5, 25), 3.0)
    )
    wound = GurpsHurt(
        target="Ann",
        injury=2,
        shock=-2,
        stunned=False,
        knocked_down=False,
        unconscious=False,
        dead=False,
    )
    state = GURPS.apply(opened(scene), wound)
    # hit on 5; dodge 14 fails; location 10 (body); 2d-1 rolls 11; HT 12 fails
    faces = [1, 2, 2, 5, 5, 4, 3, 3, 4, 6, 6, 4, 4, 4]
    out = engine.act(state, "Ann shoots Bob", GURPS, Dice.scripted(faces))
    half = "half the body exposed (a wall, a tree)"
    assert [_told(e) for e in out.record.trace] == [
        ("step", "GUR-WRONG-1", "in the line of fire: Cid"),
        ("step", "DEC-632", f"the wall (3 ft) before Bob 6 ft standing: {half}"),
        (
            "step",
            "GUR-CORE-1",
            "Ann's shock -2 from a wound since their last turn: skill 22 less 2, 20",
        ),
        (
            "total",
            "effective skill",
            5,
            [
                (".38 revolver skill", 20),
                ("speed/range 10 yd + 0 yd/s", -4),
                (half, -3),
                ("1 in the line of fire", -4),
                ("snap shot", -4),
            ],
        ),
        ("roll", "attack roll, shot 1", 5),
        ("step", "G-1", "shot 1: 5 against 5: success"),
        ("total", "dodge", 7, [("dodge", 5), ("PD", 2)]),
        ("roll", "dodge roll", 14),
        ("step", "G-3", "dodge 14 against 7: failure"),
        ("roll", "hit location", 10),
        ("step", "GUR-LOC-1", "random hit location: body"),
        ("roll", "damage 2d-1", 12),
        ("total", "basic damage", 11, [("rolled", 11)]),
        ("total", "DR", 2, [("heavy leather DR", 2)]),
        ("step", "G-3", "9 through DR 2, crushing x1, x1 -> 9 injury"),
        ("step", "GUR-CORE-1", "9 is a major wound (over HP/2)"),
        ("roll", "HT roll: against knockdown", 12),
        ("step", "GUR-CORE-1", "HT 10 against knockdown: failure"),
    ]


def test_dec_819_a_gms_modifier_on_the_line_is_added_to_the_effective_skill() -> None:
    """DEC-819: 'Ann shoots Bob --mod +2:spotter' adds +2 to her effective skill, listed in the
    trace by its label, as rmu's and cpr's lines take a GM's modifier; a malformed one is
    refused naming --mod, before any die."""
    state = opened()
    faces = [3, 3, 4, 6, 6, 6] + [6] * 12

    def skill(line: str) -> list[dict[str, object]]:
        out = engine.act(state, line, GURPS, Dice.scripted(faces))
        total = next(e for e in out.record.trace if e.get("label") == "effective skill")
        return [dict(p) for p in total["parts"]]

    plain, modified = skill("Ann shoots Bob"), skill("Ann shoots Bob --mod +2:spotter")
    assert modified == [*plain, {"value": 2, "label": "spotter", "rule": None}]
    with pytest.raises(FirefightError) as refused:
        engine.act(state, "Ann shoots Bob --mod spotter", GURPS, Dice.scripted([]))
    assert str(refused.value) == (
        "--mod: takes VALUE:LABEL with VALUE -99 to 99, e.g. '+2:spotter', not 'spotter'."
    )


def test_dec_896_a_name_with_an_apostrophe_can_be_typed() -> None:
    """DEC-896: the line was split as a shell splits it, so the apostrophes of "O'Neil shoots
    D'Arcy" opened a quotation and the line was refused ("An action names who acts and what
    they do, e.g. "O'Neil aims D'Arcy"", a line refused in turn); the GM's lines too."""
    scene = YARD.replace('"Ann"', '"O\'Neil"').replace('"Bob"', '"D\'Arcy"')
    state = act(opened(scene), "O'Neil aims at D'Arcy")
    assert gurps_stats(state.combatant("O'Neil")).aim_target == "D'Arcy"
    hurt = engine.gm(state, "hits D'Arcy 2", GURPS).state
    assert gurps_stats(hurt.combatant("D'Arcy")).lost == 2
    # a quotation still groups words, and one left open is still refused
    assert gurps_stats(act(state, "\"D'Arcy\" aims at O'Neil").combatant("D'Arcy")).aim_turns == 1
    with pytest.raises(RuleRefusal, match="No closing quotation"):
        act(state, "D'Arcy aims at \"O'Neil")
