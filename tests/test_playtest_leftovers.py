"""What the cards playtest found and left (DEC-959..DEC-965): a GM's standing in gurps, a
knockdown card drawn for someone down already, how to aim, curly quotes, a name with no action,
a repeated option given too few times, and a cards Red level lowered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from encounter_support import MemoryStore, in_memory, scene
from firefight.declarations import DeclarationError, declare
from firefight.dice import Dice, ScriptedSource, read_faces
from firefight.encounter.scenario import load_scenario
from firefight.errors import DiceError, RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.cards.reaction import Reaction
from firefight.service import EncounterService

CARDS = find_ruleset("cards")
GURPS = find_ruleset("gurps")
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def cards(names: str) -> Dice:
    """The cards turned over at the table, by name (DEC-679)."""
    return Dice(ScriptedSource(read_faces(names)))


def person(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "position": [x, y],
        "skill": 4,
        "weapon": [{"weapon": "ruger-redhawk", "name": "redhawk"}],
    } | extra


def cards_fight() -> EncounterService:
    """Ann and Cal (redhawks, skill 4) 3 m from Bob; Ann, then Cal, then Bob for reaction."""
    doc = scene(
        person("Ann", 0, 0, side="law"),
        person("Bob", 0, 3, side="gang"),
        person("Cal", 3, 0, side="law"),
        ruleset="cards",
    )
    return in_memory("f", doc, cards("KS,2H,QH"))


def dry_gulch() -> EncounterService:
    """The bundled gurps street fight, played to its knockdown: Ann's aimed 38 fells Bob."""
    service = EncounterService(MemoryStore())
    service.new("g", load_scenario(EXAMPLES / "dry-gulch.toml"), Dice.scripted([5] * 6))
    service.act("g", "Ann aims at Bob", Dice.scripted([]))
    service.act("g", "Bob shoots Ann", Dice.scripted([4, 4, 4]))
    service.next_round("g", Dice.scripted([5] * 6))
    service.act("g", "Ann shoots Bob", Dice.scripted([3, 3, 3, 5, 5, 4, 5, 4, 4, 4, 4]))
    return service


def test_dec_959_the_gms_standing_ends_a_gurps_knockdown() -> None:
    """DEC-959: `set Bob standing` on a knocked-down Bob left "knocked down" among his
    conditions, standing; kneeling or standing now ends the fall, and an undo brings it back."""
    service = dry_gulch()
    assert "knocked down" in GURPS.describe_row(service.state("g").combatant("Bob"))["conditions"]
    service.gm("g", "set Bob standing")
    bob = service.state("g").combatant("Bob")
    assert bob.posture.value == "standing"
    assert "knocked down" not in GURPS.describe_row(bob)["conditions"]
    service.undo("g")
    assert "knocked down" in GURPS.describe_row(service.state("g").combatant("Bob"))["conditions"]
    service.gm("g", "set Bob kneeling")
    assert (
        "knocked down" not in GURPS.describe_row(service.state("g").combatant("Bob"))["conditions"]
    )


def test_k_4_dec_960_someone_knocked_down_draws_no_knockdown_card() -> None:
    """DEC-960: a new crossing on Bob, knocked down already, drew a card from the shared deck
    and the trace said "falls, loses next turn", a turn he owed already. He has no fall to test
    (K-4): no card is drawn, and he owes getting up once."""
    service = cards_fight()
    # Ann's three successes of 4Y fill Bob's Yellow level; the King fells him (K-4).
    service.act("f", "Ann shoots Bob", cards("2C,QH,JH,10H,KD"))
    assert CARDS.describe_row(service.state("f").combatant("Bob"))["state"] == "knocked down, prone"
    # Cal's one success crosses into Red: the fifth card, the King of spades, is not drawn.
    cal = service.act("f", "Cal shoots Bob", cards("QC,2C,3C,2D,KS"))
    said = " ".join(str(step.get("text", step)) for step in cal.record.trace)
    assert "knocked down already: no knockdown card" in said
    assert "knockdown card" not in said.replace("no knockdown card", "")
    assert "KS" not in said
    bob = CARDS.describe_row(cal.state.combatant("Bob"))
    assert (bob["G/Y/R"], bob["turn"]) == ("0/12/4 of 12", "action (owes: gets up)")


def test_k_4_dec_960_cards_shoot_takes_a_target_down_already() -> None:
    """DEC-960: `cards shoot --knocked-down` draws no knockdown card for the crossing."""
    from firefight.rulesets.cards.shot import Shot, resolve_shot

    shot = declare(Shot, weapon="ruger-redhawk", skill=4, distance=3, yellow=12, knocked_down=True)
    done = resolve_shot(shot, cards("QC,2C,3C,2D"))
    assert done.result.wound.crossed == 1
    assert not done.result.wound.knocked_down
    standing = declare(Shot, weapon="ruger-redhawk", skill=4, distance=3, yellow=12)
    with pytest.raises(DiceError, match="another card needed for knockdown"):
        resolve_shot(standing, cards("QC,2C,3C,2D"))


@pytest.mark.parametrize(
    ("make", "line", "told"),
    [
        (
            cards_fight,
            "Ann shoots Bob --aim 2",
            "a turn of aim is the action 'Ann aims', one a turn",
        ),
        (dry_gulch, "Bob shoots at Ann --aim 2", "the maneuver 'Bob aims at Ann', one a turn"),
    ],
)
def test_dec_961_an_aim_given_on_the_line_says_to_aim_first(
    make: Any, line: str, told: str
) -> None:
    """DEC-961: `--aim 2` was refused with a list of the shot's options, none of them an aim."""
    service = make()
    name = "f" if make is cards_fight else "g"
    with pytest.raises(RuleRefusal) as refused:
        service.act(name, line, Dice.seeded(0))
    assert f"'{line.split()[1]}' has no option --aim: " in str(refused.value)
    assert told in str(refused.value)
    assert "it takes" not in str(refused.value)


def test_dec_962_curly_quotes_are_read_as_straight_ones() -> None:
    """DEC-962: `Ann shoots “Bob”` was refused "Nobody called '“Bob”'"; the GM's line too."""
    service = cards_fight()
    shot = service.act("f", "Ann shoots \u201cBob\u201d --mode SS", cards("2C,3C,4C,5C,2D"))
    assert shot.action is not None and getattr(shot.action, "target", None) == "Bob"
    service.gm("f", "set \u2018Cal\u2019 prone")
    assert service.state("f").combatant("Cal").posture.value == "prone"


def test_dec_963_a_name_alone_says_no_action_was_given() -> None:
    """DEC-963: `Mad Dog` alone was refused "Nobody called 'Mad'"; it names who, no action."""
    doc = scene(person("Mad Dog", 0, 0), person("Vlad", 0, 3), ruleset="cards")
    service = in_memory("f", doc, cards("KS,2H"))
    for line in ("Mad Dog", "mad dog --mode SS"):
        with pytest.raises(RuleRefusal) as refused:
            service.act("f", line, Dice.seeded(0))
        assert str(refused.value) == (
            "ENC-ACTION: 'Mad Dog' says who acts but not what they do: an action names both, "
            "e.g. 'Mad Dog shoots Vlad'."
        )


def test_dec_964_a_repeated_option_given_too_few_times_says_how_many() -> None:
    """DEC-964: `cards react --who Ann` said "--who: 1 value is less than 2, the least it can
    be", as if a number were too small."""
    with pytest.raises(DeclarationError) as refused:
        declare(Reaction, who=["Ann"], reflex=[2])
    assert (
        str(refused.value) == "K-2: --who: given once; give --who 2 times or more, once for each."
    )
    with pytest.raises(DeclarationError) as many:
        declare(Reaction, who=[f"P{i}" for i in range(53)], reflex=[1])
    assert "--who: given 53 times; give --who 52 times at most." in str(many.value)


def test_k_3_dec_965_a_red_level_lowered_below_full_gets_them_up() -> None:
    """DEC-965: `set Bob red 12` then `set Bob red 3` left Bob "unconscious", a state cards has
    no rule for: a full Red level is down and dying (K-3), and one lowered is not."""
    service = cards_fight()
    down = service.gm("f", "set Bob red 12")
    assert down.record.narration[0] == (
        "GM: Bob's filled Red boxes set to 12; Bob's state is now down and dying."
    )
    up = service.gm("f", "set Bob red 3")
    assert up.record.narration[0] == "GM: Bob's filled Red boxes set to 3; Bob's state is now up."
    assert CARDS.describe_row(up.state.combatant("Bob"))["state"] == "up, standing"
    # Knocked out by the GM short of a full Red level, he stays out when a level moves.
    service.gm("f", "set Bob unconscious")
    out = service.gm("f", "set Bob green 2")
    assert out.record.narration[0] == "GM: Bob's filled Green boxes set to 2."
    assert CARDS.status(out.state.combatant("Bob")) == "unconscious"
