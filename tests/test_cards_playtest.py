"""What a playtest of the cards ruleset at the table found (DEC-934..DEC-940): the odds of a
line in the state table's words, the GM's posture lines and a knockdown, and what the session's
help says an option takes."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import in_memory, scene
from firefight.declarations import declare
from firefight.dice import Dice, ScriptedSource, read_faces
from firefight.encounter.narrate import narrate
from firefight.errors import RuleRefusal
from firefight.odds.lines import line_odds
from firefight.rulesets import find_ruleset
from firefight.rulesets.cards.shot import Shot, plan_shot
from firefight.scene.apply import apply_all
from firefight.service import EncounterService

CARDS = find_ruleset("cards")


def person(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "position": [x, y],
        "skill": 4,
        "reflex": 5 if name == "Ann" else 1,
        "weapon": [{"weapon": "ruger-redhawk", "name": "redhawk"}],
    } | extra


def ann_first(**bob: Any) -> EncounterService:
    """Ann (a redhawk, skill 4) 3 m from Bob; Ann draws the higher reaction card."""
    doc = scene(person("Ann", 0, 0), person("Bob", 0, 3, **bob), ruleset="cards")
    return in_memory("f", doc, cards("KS,2H"))


def cards(names: str) -> Dice:
    """The cards turned over at the table, by name (DEC-679)."""
    return Dice(ScriptedSource(read_faces(names)))


def test_k_3_k_4_dec_934_the_odds_of_a_line_name_the_states_as_the_table_does() -> None:
    """DEC-934: `odds Ann shoots Bob` said "P(Bob unconscious)" of a full Red level, which the
    state table calls down and dying (K-3), and never counted the fall (K-4) that
    `odds cards shoot` gives as P(knocked down)."""
    unhurt = line_odds(ann_first().state("f"), CARDS, "Ann shoots Bob").effects
    assert unhurt["Bob knocked down"] > 0.5
    nearly = ann_first(wounds=[12, 12, 11]).state("f")
    effects = line_odds(nearly, CARDS, "Ann shoots Bob").effects
    assert effects["Bob down and dying"] > 0.9
    assert "Bob unconscious" not in effects
    # Down and dying is no fall: the one who cannot act is not counted knocked down too.
    assert "Bob knocked down" not in effects


def knocked_down_bob() -> EncounterService:
    """Bob knocked down by Ann's redhawk: three successes of 4Y at Target 4, the knockdown card
    a King (K-4: 8 or more falls)."""
    service = ann_first()
    service.act("f", "Ann shoots Bob", cards("2C,QH,JH,10H,KD"))
    return service


def test_k_4_dec_935_the_gms_standing_ends_a_knockdown() -> None:
    """DEC-935: `set Bob standing` on a knocked-down Bob left him "knocked down, standing",
    still owing his next turn to getting up. Standing (or kneeling) now ends the fall and the
    owed turn, in the record the GM's line makes, so an undo takes both back."""
    service = knocked_down_bob()
    assert CARDS.describe_row(service.state("f").combatant("Bob"))["state"] == (
        "knocked down, prone"
    )
    service.gm("f", "set Bob standing")
    bob = service.state("f").combatant("Bob")
    row = CARDS.describe_row(bob)
    assert (row["state"], row["turn"]) == ("up, standing", "action")
    assert service.act("f", "Bob shoots Ann", cards("2S,3S,4S,5S,6S")).state.round == 1
    service.undo("f")
    service.undo("f")
    again = CARDS.describe_row(service.state("f").combatant("Bob"))
    assert (again["state"], again["turn"]) == ("knocked down, prone", "action (owes: gets up)")
    service.gm("f", "set Bob kneeling")
    assert CARDS.describe_row(service.state("f").combatant("Bob"))["state"] == "up, kneeling"
    # An export is stamped with the rules only when its log plays again to the letter.
    assert "rules" in service.export("f")


def test_k_4_dec_935_someone_the_gm_laid_down_gets_up_with_a_turn() -> None:
    """DEC-935: after `set Ann prone`, `Ann gets up` was refused "Ann is not knocked down", and
    only the GM could stand her again. Getting up takes the turn from any posture but standing."""
    service = ann_first()
    service.gm("f", "set Ann prone")
    after = service.act("f", "Ann gets up", Dice.seeded(0)).state
    assert after.combatant("Ann").posture.value == "standing"
    with pytest.raises(RuleRefusal, match="Bob is standing already") as refused:
        service.act("f", "Bob gets up", Dice.seeded(0))
    assert refused.value.rule == "K-4"


def test_k_2_dec_936_someone_the_gm_holds_acts_when_they_choose() -> None:
    """DEC-936: `hold Bob` said Bob acts when he chooses, then `Bob shoots Ann` was refused
    "Ann drew higher for reaction and acts before Bob": held, out of the order, nobody could
    ever be waited for. A held combatant now acts at once, and the order goes on after them."""
    service = ann_first()
    service.gm("f", "hold Bob")
    assert service.state("f").initiative == (("Ann",),)
    service.act("f", "Bob shoots Ann", cards("2H,3H,2D,3D"))
    assert CARDS.describe_row(service.state("f").combatant("Bob"))["turn"] == "taken"
    service.act("f", "Ann waits", Dice.seeded(0))


def test_crd_mode_1_dec_937_a_burst_too_big_for_the_magazine_names_the_sizes_that_fit() -> None:
    """DEC-937: `--mode FA` with 7 rounds left was refused "a FA shot needs 9. Reload first."
    (DEC-258's 9 when no size is given), when a burst of 6 or 7 fits. The refusal names the
    sizes that fit; a magazine holding fewer than 6 is still told to reload."""
    g11: dict[str, Any] = {"weapon": "hk-g11", "skill": 3, "distance": 150, "mode": "FA"}
    with pytest.raises(RuleRefusal, match="fire 6 to 7 with --bullets, or reload") as refused:
        plan_shot(declare(Shot, **g11, loaded=7))
    assert refused.value.rule == "CRD-MODE-1"
    with pytest.raises(RuleRefusal, match="fire 6 with --bullets, or reload"):
        plan_shot(declare(Shot, **g11, bullets=8, loaded=6))
    with pytest.raises(RuleRefusal, match="holds 4 rounds; the shot in FA fires 9: reload first"):
        plan_shot(declare(Shot, **g11, loaded=4))
    assert plan_shot(declare(Shot, **g11, bullets=7, loaded=7)).bullets == 7


def pistoleer(**ann: Any) -> EncounterService:
    """Ann (skill 2) with a glock in hand and a browning besides, 10 m from Bob (Target 6, +2
    for two weapons: 8); Ann draws the higher reaction card."""
    guns = [{"weapon": "glock-22", "name": "glock"}, {"weapon": "browning-hp", "name": "hp"}]
    doc = scene(
        person("Ann", 0, 0, **({"weapon": guns, "skill": 2} | ann)),
        person("Bob", 0, 10),
        ruleset="cards",
    )
    return in_memory("f", doc, cards("KS,2H"))


def test_crd_mod_1_dec_938_two_weapons_fire_both_guns_in_one_turn() -> None:
    """DEC-938: `Ann shoots Bob --two-weapons` put +2 on the glock's Target and fired nothing
    else: the browning stayed full and Ann's turn was spent. Both guns now fire, each with its
    own draw at +2, the second on Bob as the first left him; one turn is taken."""
    service = pistoleer()
    # The glock: KH succeeds (2Y, a Yellow crossing; 2C keeps Bob up); the hp: QH succeeds.
    done = service.act("f", "Ann shoots Bob --two-weapons", cards("KH,3D,2C,QH,4D"))
    assert done.record.summary["headline"] == (
        "Ann shoots Bob with two weapons: the glock: 1 success, 2 Yellow; the hp: 1 success, "
        "2 Yellow."
    )
    ann, bob = done.state.combatant("Ann"), done.state.combatant("Bob")
    assert [w.loaded.rounds for w in ann.weapons if w.loaded] == [14, 12]
    assert CARDS.describe_row(bob)["G/Y/R"] == "0/4/0 of 12"
    assert CARDS.describe_row(ann)["turn"] == "taken"
    targets = [e["value"] for e in done.record.trace if e.get("label") == "Target"]
    assert targets == [8, 8]
    # The quiet path (simulations, live odds) comes to the same state from the same cards.
    before = pistoleer().state("f")
    action = CARDS.parse_action("Ann shoots Bob --two-weapons", before)
    loud = CARDS.resolve(before, action, cards("KH,3D,2C,QH,4D"))
    quiet = CARDS.resolve_quietly(before, action, cards("KH,3D,2C,QH,4D"))
    assert quiet == apply_all(before, loud.events, CARDS)


def test_crd_mod_1_dec_938_two_weapons_need_two_that_can_fire() -> None:
    """DEC-938: with one gun, or a second that cannot fire, two-weapon fire is refused before
    any card is drawn, the second gun named as the scene names it."""
    service = ann_first()
    with pytest.raises(RuleRefusal, match="carries only the redhawk") as one:
        service.act("f", "Ann shoots Bob --two-weapons", Dice.seeded(0))
    assert one.value.rule == "CRD-MOD-1"
    empty = [{"weapon": "glock-22", "name": "glock"}, {"weapon": "sw-29", "name": "s", "loaded": 0}]
    service = pistoleer(weapon=empty)
    with pytest.raises(RuleRefusal, match="holds 0 rounds; the shot in SS fires 1") as none:
        service.act("f", "Ann shoots Bob --two-weapons", Dice.seeded(0))
    assert none.value.rule == "CRD-MODE-1"
    assert service.state("f") == pistoleer(weapon=empty).state("f")


def test_crd_mode_1_dec_938_two_black_first_cards_owe_one_turn_of_cocking() -> None:
    """Two SS revolvers fired as two weapons, both first cards black, owe one turn of cocking
    (which readies both), not a second turn the rules would refuse as cocking nothing."""
    guns = [{"weapon": "sw-29", "name": "left"}, {"weapon": "ruger-redhawk", "name": "right"}]
    service = pistoleer(weapon=guns)
    done = service.act("f", "Ann shoots Bob --two-weapons", cards("2S,3H,2C,3D"))
    assert CARDS.describe_row(done.state.combatant("Ann"))["turn"] == "taken (owes: cocks)"


def test_dec_939_help_says_a_number_option_takes_a_number() -> None:
    """DEC-939: `help shoots` in a cards fight wrote `--bullets TEXT`, `--compensation TEXT`,
    `--vehicle-kmh TEXT`, where rmu's writes `--ap N`: every whole-number option a declaration
    gives a line is now an "int", written N in help and typed so in the web form's verbs."""
    from firefight.cli.play import _verb_help

    shoots = next(v for v in CARDS.action_verbs() if v.name == "shoots")
    assert shoots.options["bullets"] == shoots.options["compensation"] == "int"
    assert shoots.options["mod"] == "many" and shoots.options["called"] == "flag"
    told = _verb_help(shoots, "m")
    assert [line.split()[0] for line in told if " TEXT " in line] == ["--mod", "--weapon"]
    assert any(line.split()[:2] == ["--bullets", "N"] for line in told)


def test_k_1_k_3_dec_940_a_draw_adds_no_ranks_and_a_dying_fall_owes_no_turn() -> None:
    """DEC-940: every draw read "shot: draw 4 rolled 13, 7, 2, 3 (KS, 7H, 2C, 3D) -> 25", a sum
    of ranks nothing in the rules adds (K-1 counts each card alone); and a burst that knocked
    the G11's target down and left them down and dying said "Knocked down: the next turn goes to
    getting up. Down and dying.", a turn nobody down and dying takes (K-3)."""
    from typer.testing import CliRunner

    from firefight.cli.app import app

    args = "--weapon hk-g11 --skill 3 --distance 150 --mode FA --rolls 9S,QD,QC,5S,6H,10S,KC"
    shown = CliRunner().invoke(app, ["cards", "shoot", *args.split()])
    assert shown.exit_code == 0, shown.output
    assert "shot: draw 6 rolled 9, 12, 12, 5, 6, 10 (9S, QD, QC, 5S, 6H, 10S)\n" in shown.output
    assert "->" not in shown.output
    assert shown.output.rstrip().endswith(
        "4 successes: 28 Yellow damage recorded. Knocked down, and down and dying."
    )
    # Four successes of 4Y fill Bob's Red level from Yellow; the crossing's card, a Queen, fells
    # him too.
    state = ann_first(wounds=[12, 12, 0]).state("f")
    action = CARDS.parse_action("Ann shoots Bob", state)
    said = narrate(state, CARDS.resolve(state, action, cards("KS,KH,QC,JC,QD")).events, CARDS)
    assert (
        "Bob's track: green 12, yellow 12, red 12 [K-3]; knocked down [K-4]; down and dying [K-3]."
    ) in said
