"""The cards ruleset in encounters: reaction order (K-2), owed turns (K-4, CRD-MODE-1), shots
from the scene, and the shared deck kept with the scene (D-4) through undo, replay and
snapshots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from encounter_support import in_memory, scene
from firefight.cli.app import app
from firefight.cli.play import Session
from firefight.dice import Dice, ScriptedSource, read_faces
from firefight.encounter import engine
from firefight.encounter.log import LogRecord
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.encounter.snapshot import Folded, decode_snapshot, encode_snapshot
from firefight.errors import DiceError, FirefightError, RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import weapons_text
from firefight.rulesets.cards.deck import FULL_DECK_NAMES
from firefight.rulesets.cards.encounter_model import CardsScene, shared_deck, stats_of
from firefight.rulesets.cards.tactics import ready
from firefight.scene.state import EncounterState
from firefight.service import EncounterService

EXAMPLE = Path(__file__).parent.parent / "examples" / "cards-alley.toml"


def fighter(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "position": [x, y],
        "skill": 3,
        "deck": "shared",
        "weapon": [{"weapon": "glock-22", "name": "glock", "magazines": 1}],
        **extra,
    }


def service_with(*people: dict[str, Any], seed: int = 1) -> EncounterService:
    return in_memory("f", scene(*people, ruleset="cards"), Dice.seeded(seed))


def order(service: EncounterService) -> tuple[tuple[str, ...], ...]:
    return service.load("f").state.initiative


def test_the_example_plays() -> None:
    """`firefight play` runs the example scenario to its end."""
    result = CliRunner().invoke(app, ["play", str(EXAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)["state"]
    assert state["round"] == 4
    load_scenario(EXAMPLE)


def test_k_2_turns_follow_the_reaction_order() -> None:
    """K-2: each round a reaction draw orders the turns; nobody acts before those who drew
    higher, and nobody takes two turns in a round."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10), seed=3)
    first, second = (g[0] for g in order(service))
    with pytest.raises(RuleRefusal) as refused:
        service.act("f", f"{second} waits", Dice.seeded(0))
    assert refused.value.rule == "K-2"
    service.act("f", f"{first} waits", Dice.seeded(0))
    with pytest.raises(RuleRefusal) as again:
        service.act("f", f"{first} waits", Dice.seeded(0))
    assert again.value.rule == "K-2"
    service.act("f", f"{second} waits", Dice.seeded(0))
    service.next_round("f", Dice.seeded(4))
    assert not any(stats_of(c).acted for c in service.load("f").state.combatants)


def test_k_4_a_knocked_down_combatant_spends_the_next_turn_getting_up() -> None:
    """K-4: after a fall the next turn must be spent getting up; then the combatant stands."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10), seed=3)
    state = service.load("f").state
    shooter = order(service)[0][0]
    target = "Bob" if shooter == "Ann" else "Ann"
    # Three high cards hit (Target 6 at 10 m); the knockdown card is high too: a fall.
    high = [c for c in shared_deck(state) if c[:-1] in ("K", "Q", "J", "10")][:4]
    shot = service.act("f", f"{shooter} shoots {target}", Dice(_faces_for(state, ",".join(high))))
    assert shot.state.combatant(target).posture.value == "prone"
    with pytest.raises(RuleRefusal) as refused:
        service.act("f", f"{target} shoots {shooter}", Dice.seeded(0))
    assert refused.value.rule == "K-4"
    after = service.act("f", f"{target} gets up", Dice.seeded(0)).state
    assert not stats_of(after.combatant(target)).knocked_down
    assert after.combatant(target).posture.value == "standing"


def test_k_4_the_state_table_shows_a_knocked_down_combatant_prone() -> None:
    """K-4: a fall leaves the combatant prone, and the state table's state cell says so beside
    up or knocked down, as every ruleset's row shows the posture; getting up stands them."""
    cards = find_ruleset("cards")
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10), seed=3)
    state = service.load("f").state
    shooter = order(service)[0][0]
    target = "Bob" if shooter == "Ann" else "Ann"
    assert cards.describe_row(state.combatant(target))["state"] == "up, standing"
    # Three high cards hit (Target 6 at 10 m); the knockdown card is high too: a fall.
    high = [c for c in shared_deck(state) if c[:-1] in ("K", "Q", "J", "10")][:4]
    shot = service.act("f", f"{shooter} shoots {target}", Dice(_faces_for(state, ",".join(high))))
    assert cards.describe_row(shot.state.combatant(target))["state"] == "knocked down, prone"
    after = service.act("f", f"{target} gets up", Dice.seeded(0)).state
    assert cards.describe_row(after.combatant(target))["state"] == "up, standing"


def _faces_for(state: EncounterState, names: str) -> Any:
    """Faces that deal ``names`` in order from the shared deck of ``state``."""
    from firefight.dice import ScriptedSource, parse_card

    left = [parse_card(n) for n in shared_deck(state)]
    faces = []
    for name in names.split(","):
        card = parse_card(name)
        faces.append(left.index(card) + 1)
        left.remove(card)
    return ScriptedSource(faces)


def test_crd_mode_1_a_black_first_card_owes_a_turn_to_cocking() -> None:
    """CRD-MODE-1: an SS shot whose first card is black owes the next turn to cocking."""
    revolver = {"weapon": [{"weapon": "ruger-redhawk", "name": "redhawk"}]}
    # Seed 6 deals Ann the higher reaction card.
    service = service_with(fighter("Ann", 0, 0, **revolver), fighter("Bob", 0, 10), seed=6)
    shooter, other = "Ann", "Bob"
    assert order(service)[0] == (shooter,)
    state = service.load("f").state
    service.act("f", f"{shooter} shoots {other}", Dice(_faces_for(state, "2S,3S,4S")))
    service.act("f", f"{other} waits", Dice.seeded(0))
    service.next_round("f", Dice.seeded(1))
    now = service.load("f").state
    assert stats_of(now.combatant(shooter)).owes == ("cocks",)
    groups = [n for g in now.initiative for n in g]
    if groups[0] == other:
        service.act("f", f"{other} waits", Dice.seeded(0))
    with pytest.raises(RuleRefusal) as refused:
        service.act("f", f"{shooter} shoots {other}", Dice.seeded(0))
    assert refused.value.rule == "CRD-MODE-1"
    service.act("f", f"{shooter} cocks", Dice.seeded(0))


def test_crd_mode_1_a_refusal_names_the_weapon_as_the_scene_does() -> None:
    """CRD-MODE-1: the shot's plan refuses by the catalog's name ("The Ruger Redhawk fires
    SS"), which a GM whose scene and table call it "redhawk" cannot match; in an encounter the
    refusal names it as the scene does, by the quiet path as by the recorded one."""
    revolver = {"weapon": [{"weapon": "ruger-redhawk", "name": "redhawk"}]}
    service = service_with(fighter("Ann", 0, 0, **revolver), fighter("Bob", 0, 10), seed=6)
    state = service.load("f").state
    expected = "CRD-MODE-1: The redhawk fires SS, not FA."
    with pytest.raises(RuleRefusal) as refused:
        service.act("f", "Ann shoots Bob --mode FA", Dice.seeded(0))
    assert str(refused.value) == expected
    cards = find_ruleset("cards")
    line = cards.parse_action("Ann shoots Bob --mode FA", state)
    with pytest.raises(RuleRefusal) as quietly:
        engine.act_quietly(state, line, cards, Dice.scripted([]))
    assert str(quietly.value) == expected


def test_crd_wpn_1_reloading_needs_a_full_magazine() -> None:
    """CRD-WPN-1: a reload takes a full magazine; none left, or a gun already full, is
    refused; with one, the magazine is full again."""
    empty = [{"weapon": "glock-22", "loaded": 3}]
    service = service_with(fighter("Ann", 0, 0, weapon=empty), fighter("Bob", 0, 10, weapon=empty))
    first = order(service)[0][0]
    with pytest.raises(RuleRefusal) as refused:
        service.act("f", f"{first} reloads", Dice.seeded(0))
    assert refused.value.rule == "CRD-WPN-1"
    spare = [{"weapon": "glock-22", "loaded": 3, "magazines": 1}]
    service = service_with(fighter("Ann", 0, 0, weapon=spare), fighter("Bob", 0, 10, weapon=spare))
    first = order(service)[0][0]
    state = service.act("f", f"{first} reloads", Dice.seeded(0)).state
    loaded = state.combatant(first).weapons[0].loaded
    assert loaded is not None and loaded.rounds == 15
    full = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10))
    with pytest.raises(RuleRefusal) as refused:
        full.act("f", f"{order(full)[0][0]} reloads", Dice.seeded(0))
    assert refused.value.rule == "CRD-WPN-1"


def test_a_weapon_not_carried_is_refused_under_the_action_rule_not_the_reaction_rule() -> None:
    """ENC-ACTION: a weapon the shooter does not carry is refused in the words rmu, cpr and
    gurps use, with what they carry; it was cited as K-2, the reaction draw. Unarmed, the
    sentence says so."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10, weapon=[]))
    first = order(service)[0][0]
    if first == "Bob":
        service.act("f", "Bob waits", Dice.seeded(0))
    with pytest.raises(RuleRefusal) as refused:
        service.act("f", "Ann shoots Bob --weapon glok", Dice.seeded(0))
    assert str(refused.value) == (
        "ENC-ACTION: Ann carries no weapon called 'glok'; they carry glock."
    )
    with pytest.raises(RuleRefusal) as refused:
        service.act("f", "Ann reloads --weapon glok", Dice.seeded(0))
    assert refused.value.rule == "ENC-ACTION"
    service = service_with(fighter("Ann", 0, 0, weapon=[]), fighter("Bob", 0, 10, weapon=[]))
    first, second = (group[0] for group in order(service))
    with pytest.raises(RuleRefusal) as refused:
        service.act("f", f"{first} shoots {second}", Dice.seeded(0))
    assert str(refused.value) == f"ENC-ACTION: {first} carries no weapon."


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Ann jumps", "cards knows no action 'jumps'"),
        ("Ann shoots Bob --mode", "--mode needs a value"),
        ("Ann cocks now", "'cocks' takes no name"),
        ("Ann shoots Ann", "Ann cannot shoot at themselves."),
    ],
)
def test_a_line_that_cannot_be_read_is_refused_under_the_action_rule(line: str, words: str) -> None:
    """ENC-ACTION: a line the encounter cannot read (an unknown verb, an option with no value,
    words after a verb that takes none) or a shot at oneself is refused under the encounter's
    rule for actions, as in the other rulesets, not K-2 (the reaction draw, which orders the
    turns)."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10))
    if order(service)[0][0] == "Bob":
        service.act("f", "Bob waits", Dice.seeded(0))
    with pytest.raises(RuleRefusal) as refused:
        service.act("f", line, Dice.seeded(0))
    assert refused.value.rule == "ENC-ACTION"
    assert words in refused.value.reason


def test_crd_mod_1_the_turns_aimed_show_in_the_state_table_and_the_json() -> None:
    """CRD-MOD-1: each turn aimed takes 1 off the next shot's Target; the state kept the count
    but neither the state table nor the JSON showed it ("Jilly aims." and nothing changed),
    so the GM could not see who had aimed, or for how long."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10))
    first, second = (group[0] for group in order(service))
    applied = service.act("f", f"{first} aims", Dice.seeded(0))
    cards = find_ruleset("cards")
    aimer = applied.state.combatant(first)
    assert cards.describe_row(aimer)["turn"] == "taken (aimed 1)"
    assert cards.describe_combatant(aimer)["aiming"] == 1
    assert cards.describe_row(applied.state.combatant(second))["turn"] == "action"


def _shoot_once_and_turn_again(service: EncounterService, first: str, second: str) -> None:
    """Two rounds on from a reload: ``first`` fires one round at ``second``, and it is
    ``first``'s turn again."""
    service.act("f", f"{second} waits", Dice.seeded(0))
    service.next_round("f", Dice.seeded(1))
    if order(service)[0][0] != first:
        service.act("f", f"{second} waits", Dice.seeded(0))
    service.act("f", f"{first} shoots {second}", Dice.seeded(2))
    service.next_round("f", Dice.seeded(3))
    if order(service)[0][0] != first:
        service.act("f", f"{second} waits", Dice.seeded(0))


def test_crd_wpn_1_dec_760_an_emptied_magazine_is_never_loaded_again() -> None:
    """CRD-WPN-1, DEC-760: the magazine a reload takes out is kept with the spares, but a
    reload takes the first spare that holds rounds: with only the emptied one left it is
    refused and nothing changes (it loaded the empty magazine: 14/15 became 0/15)."""
    gun = [{"weapon": "glock-22", "loaded": 0, "magazines": 1}]
    service = service_with(fighter("Ann", 0, 0, weapon=gun), fighter("Bob", 0, 10, weapon=gun))
    first, second = (group[0] for group in order(service))
    service.act("f", f"{first} reloads", Dice.seeded(0))
    spares = service.state("f").combatant(first).weapons[0].spares
    assert [m.rounds for m in spares] == [0]
    _shoot_once_and_turn_again(service, first, second)
    before = service.state("f")
    with pytest.raises(RuleRefusal) as refused:
        service.act("f", f"{first} reloads", Dice.seeded(0))
    assert refused.value.rule == "CRD-WPN-1"
    assert "no spare magazine with rounds" in str(refused.value)
    assert service.state("f") == before
    assert before.combatant(first).weapons[0].loaded.rounds == 14  # type: ignore[union-attr]
    # The state table says the spare is spent ("+1 spare" alone read as a reload left).
    assert weapons_text(before.combatant(first)).endswith("+1 spare, empty")


def test_crd_wpn_1_dec_760_a_magazine_taken_out_with_rounds_is_loaded_again() -> None:
    """DEC-760: the magazine a reload takes out of a gun still holding rounds is a spare like
    any other: once the full ones are used it is the one loaded."""
    gun = [{"weapon": "glock-22", "loaded": 3, "magazines": 1}]
    service = service_with(fighter("Ann", 0, 0, weapon=gun), fighter("Bob", 0, 10, weapon=gun))
    first, second = (group[0] for group in order(service))
    service.act("f", f"{first} reloads", Dice.seeded(0))
    assert [m.rounds for m in service.state("f").combatant(first).weapons[0].spares] == [3]
    _shoot_once_and_turn_again(service, first, second)
    weapon = service.act("f", f"{first} reloads", Dice.seeded(0)).state.combatant(first).weapons[0]
    assert weapon.loaded is not None and weapon.loaded.rounds == 3
    assert [m.rounds for m in weapon.spares] == [14]


def _empty(state: EncounterState, name: str) -> bool:
    loaded = state.combatant(name).weapons[0].loaded
    return loaded is None or loaded.rounds == 0


def _shared_draws(record_trace: Any) -> list[str]:
    cards: list[str] = []
    for entry in record_trace:
        if entry.get("type") == "roll":
            cards.extend(entry.get("cards", []))
    return cards


def test_d_4_the_shared_deck_never_deals_a_card_twice_before_a_reshuffle() -> None:
    """D-4: every card the shared deck deals is one of its cards left, across rounds, an undo
    and a replay of the stored log; the deck reshuffles only when it runs out."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 30), seed=11)
    seen: set[str] = set()
    dealt_since_shuffle: list[str] = []
    for n in range(40):
        state = service.load("f").state
        before = shared_deck(state)
        who = [
            name
            for g in state.initiative
            for name in g
            if not stats_of(state.combatant(name)).acted
        ]
        if not who or not all(state.combatant(w).can_act() for w in who):
            applied = service.next_round("f", Dice.seeded(100 + n))
        elif stats_of(state.combatant(who[0])).owes:
            actor = who[0]
            owed = stats_of(state.combatant(actor)).owes[0]
            applied = service.act("f", f"{actor} {owed}", Dice.seeded(0))
        elif _empty(state, who[0]):
            applied = service.act("f", f"{who[0]} waits", Dice.seeded(0))
        else:
            actor = who[0]
            other = "Bob" if actor == "Ann" else "Ann"
            applied = service.act("f", f"{actor} shoots {other}", Dice.seeded(200 + n))
            if n % 7 == 3:
                undone = service.undo("f")
                assert shared_deck(undone.state) == before
                applied = service.act("f", f"{actor} shoots {other}", Dice.seeded(300 + n))
        drawn = _shared_draws(applied.record.trace)
        reshuffled = any("reshuffled" in str(e.get("text", "")) for e in applied.record.trace)
        if reshuffled or len(before) == 52:
            dealt_since_shuffle = []
        else:
            assert set(drawn) <= set(before), (drawn, before)
        dealt_since_shuffle.extend(drawn[: len(before)])
        assert len(set(dealt_since_shuffle)) == len(dealt_since_shuffle)
        seen |= set(drawn)
        if not any(c.can_act() for c in applied.state.combatants if c.name in ("Ann", "Bob")):
            break
    # A fresh service folds the stored log to the same deck.
    again = EncounterService(service.store).load("f").state
    assert again.ruleset_state == service.load("f").state.ruleset_state
    assert seen


def test_the_shared_deck_survives_a_snapshot() -> None:
    """The scene's ruleset state (the shared deck) round-trips through a snapshot."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10))
    state = service.load("f").state
    assert isinstance(state.ruleset_state, CardsScene)
    cards = find_ruleset("cards")
    text = encode_snapshot(Folded(seq=1, state=state), cards)
    assert text is not None
    assert decode_snapshot(text, cards, seq=1).state == state


def test_crd_rng_1_the_map_shows_the_line_of_fire_and_its_band() -> None:
    """CRD-RNG-1 on the map: a shot's line of fire is labelled with its range band."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10))
    state = service.load("f").state
    cards = find_ruleset("cards")
    overlay = cards.overlay(state, cards.parse_action("Ann shoots Bob", state))
    assert [line.label for line in overlay.lines] == ["Ann at Bob, 10 m: medium"]
    assert not cards.overlay(state, cards.parse_action("Ann waits", state)).lines


def test_k_2_resolving_refuses_what_validating_refuses_before_any_card() -> None:
    """The quiet path resolves a cards turn without validating first (``resolve_validates``):
    every line the ready tactic or a player might say that validation refuses (K-2's turn
    order, K-4's and CRD-MODE-1's owed turns, a shot past Extreme range...), resolving refuses
    with the same words and draws no card (scripted dice with no faces fail on the first)."""
    cards = find_ruleset("cards")
    assert cards.resolve_validates
    loaded = load_scenario(EXAMPLE)
    state = engine.open_fight_quietly(initial_state(loaded), cards, Dice.seeded(0))
    refused = 0
    for c in state.combatants:
        others = [o.name for o in state.combatants if o.name != c.name]
        extra = [
            f'"{c.name}" aims',
            f'"{c.name}" reloads',
            *(f'"{c.name}" shoots "{o}" --mode FA' for o in others),
        ]
        for text in [*ready(state, c.name), *extra]:
            action = cards.parse_action(text, state)
            try:
                cards.validate(state, action)
            except RuleRefusal as refusal:
                said = str(refusal)
            else:
                continue
            with pytest.raises(RuleRefusal) as again:
                engine.act_quietly(state, action, cards, Dice.scripted([]))
            assert str(again.value) == said
            refused += 1
    assert refused >= 20


def test_a_shot_in_the_scene_is_declared_as_declare_would_declare_it() -> None:
    """build_shot keeps each declaration and its plan by the values, all but the shared
    deck's cards, which it checks after the rest: the deck is the declaration's last option,
    so a shot in the scene is what declaring every value at once gives, its plan is that
    shot's, and asking twice gives them again."""
    from dataclasses import asdict

    from firefight.declarations import declare, options_of
    from firefight.rulesets.cards.encounter import CardsShot, build_shot
    from firefight.rulesets.cards.shot import Shot, plan_shot

    assert options_of(Shot)[-1].name == "deck"
    service = service_with(fighter("A", 0, 0), fighter("B", 30, 0, side="b"))
    state = service.load("f").state
    action = find_ruleset("cards").parse_action("A shoots B --mode SA", state)
    assert isinstance(action, CardsShot)
    shot, plan = build_shot(state, action)
    assert shot.deck == ",".join(shared_deck(state)) != ""
    assert shot == declare(Shot, **asdict(shot))
    assert plan == plan_shot(shot)
    assert build_shot(state, action) == (shot, plan)


def _walled(height_ft: float) -> EncounterState:
    """A and B 30 m apart, each 3 m behind a wall ``height_ft`` tall: whoever shoots, the wall
    at their own feet is theirs (DEC-630's reading) and the other's covers the target."""
    walls = [
        {"name": f"wall {y}", "from": [-3, y], "to": [3, y], "height_ft": height_ft}
        for y in (3, 27)
    ]
    doc = scene(fighter("A", 0, 0), fighter("B", 0, 30, side="b"), barriers=walls, ruleset="cards")
    return in_memory("f", doc, Dice.seeded(1)).load("f").state


def _shot_cover(state: EncounterState, options: str = "") -> tuple[str, str, str]:
    """Whoever acts first, the other, and the cover of a shot by the first at the other."""
    first = state.initiative[0][0]
    other = "B" if first == "A" else "A"
    return first, other, _cover_of(state, f"{first} shoots {other} --mode SA{options}")


def _cover_of(state: EncounterState, line: str) -> str:
    """The cover the shot ``line`` declares is drawn with (built, not resolved)."""
    from firefight.rulesets.cards.encounter import CardsShot, build_shot

    action = find_ruleset("cards").parse_action(line, state)
    assert isinstance(action, CardsShot)
    return build_shot(state, action)[0].cover


@pytest.mark.parametrize(
    ("height_ft", "cover"), [(1.0, "none"), (2.0, "quarter"), (3.5, "half"), (5.5, "half")]
)
def test_dec_632_crd_mod_1_the_share_a_wall_hides_is_the_cover(
    height_ft: float, cover: str
) -> None:
    """CRD-MOD-1's 25% and 50% cover read off the silhouette a wall hides (the packaged body
    profile: 2 ft hides 28% of a standing body, 3.5 ft 54%, 1 ft under a quarter)."""
    assert _shot_cover(_walled(height_ft))[2] == cover


def test_dec_632_a_line_s_cover_wins_and_a_wall_as_tall_as_them_hides_them() -> None:
    state = _walled(3.5)
    assert _shot_cover(state, " --cover quarter")[2] == "quarter"
    with pytest.raises(RuleRefusal, match=r"CRD-MOD-1: [AB] is out of sight: the wall"):
        _shot_cover(_walled(6.0))


def _wall_said(state: EncounterState) -> tuple[str, list[str], LogRecord]:
    """Whoever acts first shoots the other: the one shot at, what the trace says of the wall
    before them (DEC-632), and the shot's record."""
    first, other, _ = _shot_cover(state)
    record = engine.act(
        state, f"{first} shoots {other} --mode SA", find_ruleset("cards"), Dice.seeded(2)
    ).record
    return other, [e["text"] for e in record.trace if e.get("rule") == "DEC-632"], record


def test_dec_632_the_trace_says_what_the_wall_hid() -> None:
    other, said, record = _wall_said(_walled(2.0))
    assert said == [
        f"the wall {27 if other == 'B' else 3} (2 ft) before {other} hides 28% of them: "
        "quarter cover"
    ]
    parts = [p for e in record.trace if e.get("type") == "total" for p in e["parts"]]
    assert {"value": 2, "label": "target in quarter cover", "rule": "CRD-MOD-1"} in parts


def test_dec_632_a_wall_too_low_for_quarter_cover_is_said_to_give_none() -> None:
    """A 1 ft wall hides 13% of a standing body, a 1.79 ft one 24.9%: under CRD-MOD-1's 25%,
    no cover, and the share is not rounded up to the 25% it falls short of (the trace said
    'none cover')."""
    for height, pct in ((1.0, 13), (1.79, 24)):
        state = _walled(height)
        assert _shot_cover(state)[2] == "none"
        other, said, _ = _wall_said(state)
        assert said == [
            f"the wall {27 if other == 'B' else 3} ({height:g} ft) before {other} hides {pct}% "
            "of them: no cover (quarter cover takes 25%)"
        ]


def test_dec_632_the_map_labels_the_shot_with_the_cover() -> None:
    cards = find_ruleset("cards")
    for height, said in ((2.0, ", quarter cover"), (6.0, ", out of sight"), (1.0, "")):
        state = _walled(height)
        overlay = cards.overlay(state, cards.parse_action("A shoots B", state))
        assert [line.label for line in overlay.lines] == [f"A at B, 30 m: long{said}"]


def test_dec_632_the_map_labels_the_shot_with_the_line_s_own_cover() -> None:
    """A line that names its cover is the GM's word (DEC-632): the map's line of fire says the
    cover the shot will be drawn with, not the scene's, and a target the GM lets be shot is
    not called out of sight."""
    cards = find_ruleset("cards")
    for height, given, said in (
        (3.5, "quarter", ", quarter cover"),
        (6.0, "half", ", half cover"),
        (2.0, "none", ""),
    ):
        state = _walled(height)
        action = cards.parse_action(f"A shoots B --cover {given}", state)
        assert [line.label for line in cards.overlay(state, action).lines] == [
            f"A at B, 30 m: long{said}"
        ]


def test_k_1_encounter_odds_of_a_shot_count_hits_and_misses() -> None:
    """`encounter odds` of a cards shot splits its runs into hits (a card at the Target, K-1)
    and misses, as each run's record says; it counted every run as "done"."""
    from firefight.odds.live import live_odds

    state = _walled(2.0)
    first, other, _ = _shot_cover(state)
    line = f"{first} shoots {other} --mode SA"
    found = live_odds(state, find_ruleset("cards"), [line], trials=40)
    words = {
        engine.act(state, line, find_ruleset("cards"), Dice.seeded(n)).record.summary["outcome"]
        for n in range(40)
    }
    assert {word for word, _ in found.outcomes} == words == {"hit", "miss"}
    assert sum(p for _, p in found.outcomes) == pytest.approx(1.0)


def test_dec_632_crd_mod_1_the_cheatsheet_gives_each_cover_its_share() -> None:
    """`firefight cheatsheet cards` reads the covers and the shares a barrier must hide for
    them from modifiers.toml: quarter +2 from 25%, half +3 from 50%."""
    sheet = {s.title: s for s in find_ruleset("cards").cheatsheet()}
    rows = sheet["Combat modifiers (CRD-MOD-1, -2)"].rows
    assert [r for r in rows if r[0].startswith("cover")] == [
        ("cover: none", "+0"),
        ("cover: quarter (a barrier hides 25%+)", "+2"),
        ("cover: half (a barrier hides 50%+)", "+3"),
    ]


def test_crd_mode_2_the_cheatsheet_gives_a_fixed_compensation_as_one_figure() -> None:
    """CRD-MODE-2: a device of one figure reads as the option's help reads it (`tripod 3`),
    not as a range from the figure to itself ("3-3")."""
    sheet = {s.title: s for s in find_ruleset("cards").cheatsheet()}
    rows = {row[0]: row[1] for row in sheet["Recoil compensation (CRD-MODE-2)"].rows}
    assert (rows["tripod"], rows["bipod"], rows["gyromount"]) == ("3", "2", "3-6")


def test_k_3_a_full_red_level_is_narrated_down_and_dying() -> None:
    """K-3: a full Red level is down and dying, whether a wound or the GM's `set` fills it
    (the GM's set left them acting), and the narrated log says so rather than that they fell
    unconscious; emptying the level below full takes it back (DEC-965), and a GM's word that
    kills them reads dead."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10))
    applied = service.gm("f", "set Bob red 12")
    bob = applied.state.combatant("Bob")
    assert stats_of(bob).track.down and not bob.can_act()
    cards = find_ruleset("cards")
    assert applied.before is not None
    before = applied.before.combatant("Bob")
    assert cards.went_down(before, bob) == "Bob is down and dying."
    assert "Bob is down and dying." in applied.record.narration
    assert service.gm("f", "set Bob red 11").state.combatant("Bob").can_act()
    service.gm("f", "set Bob red 12")
    dead = service.gm("f", "set Bob dead")
    assert cards.went_down(bob, dead.state.combatant("Bob")) == "Bob is dead."


def test_dec_887_someone_out_cold_whom_a_wound_leaves_dying_is_said_to_be() -> None:
    """K-3, DEC-887: Bob, knocked out by the GM, then given a full Red level, was down and
    dying in the state table while the log said nothing (he had been unconscious before and
    after): it now says he is down and dying."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10))
    service.gm("f", "set Bob unconscious")
    applied = service.gm("f", "set Bob red 12")
    bob = applied.state.combatant("Bob")
    assert find_ruleset("cards").status(bob) == "down and dying"
    assert "Bob is down and dying." in applied.record.narration


def _behind_own_wall(height_ft: float, posture: str = "standing") -> EncounterState:
    """A (in ``posture``) 3 m behind a wall ``height_ft`` tall at their own feet, B in the open
    30 m off."""
    wall = [{"name": "wall", "from": [-3, 3], "to": [3, 3], "height_ft": height_ft}]
    a = fighter("A", 0, 0, posture=posture)
    doc = scene(a, fighter("B", 0, 30, side="b"), barriers=wall, ruleset="cards")
    return in_memory("f", doc, Dice.seeded(1)).load("f").state


@pytest.mark.parametrize("height_ft", [6.0, 7.0, 20.0])
def test_dec_656_crd_mod_1_nobody_shoots_over_a_wall_that_hides_them_standing(
    height_ft: float,
) -> None:
    """A wall of A's own as tall as A standing (6 ft), or taller, hides B from A as it hides A
    from B: A's shot is refused and the map draws it out of sight, unless the line gives a
    cover (the GM's word, DEC-632); a 5.5 ft wall, or a 4 ft one A kneels behind, is shot over
    as from the open (cards has no pop-up rule, DEC-632)."""
    cards = find_ruleset("cards")
    state = _behind_own_wall(height_ft)
    with pytest.raises(RuleRefusal, match="CRD-MOD-1: A cannot see B over the wall"):
        _cover_of(state, "A shoots B --mode SA")
    assert _cover_of(state, "A shoots B --mode SA --cover quarter") == "quarter"
    drawn = cards.overlay(state, cards.parse_action("A shoots B --mode SA", state)).lines
    assert drawn[0].label.endswith(", out of sight")
    assert _cover_of(_behind_own_wall(5.5), "A shoots B --mode SA") == "none"
    assert _cover_of(_behind_own_wall(4.0, "kneeling"), "A shoots B --mode SA") == "none"


def _first_shot(service: EncounterService) -> str:
    """The line of the first to act shooting the other."""
    first = order(service)[0][0]
    return f"{first} shoots {'Bob' if first == 'Ann' else 'Ann'}"


def _drawn(record: LogRecord) -> list[str]:
    return [c for e in record.trace if e.get("type") == "roll" for c in e.get("cards", [])]


def test_d_4_a_gm_types_the_cards_turned_over_by_name_or_by_place() -> None:
    """D-4, DEC-679: at the table the GM types the cards turned over as the trace names them
    (``KH``, ``10S``, ``AS``, any case) or by their place among the cards left, in the one reader
    the encounter's ``--rolls`` and the session's ``rolls`` share; the log keeps each as its place,
    so the same shot by places draws the same cards."""
    from firefight.cli.resolving import dice_from_options

    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10), seed=3)
    line = _first_shot(service)
    left = shared_deck(service.load("f").state)
    named = [left[-1], left[0], left[len(left) // 2]]
    # Then places for whatever else the shot draws (knockdown cards).
    typed = ",".join([named[0].lower(), f" {named[1]}", named[2], *"11111"])
    dice, info = dice_from_options(typed, None, False)
    applied = service.act("f", line, dice)
    assert _drawn(applied.record)[:3] == named
    assert info["rolls"] == [*named, 1, 1, 1, 1, 1]
    places = list(applied.record.dice.faces)
    service.undo("f")
    again = service.act("f", line, Dice(ScriptedSource(places)))
    assert _drawn(again.record) == _drawn(applied.record)
    # A place and a name mixed, and typed in the session between actions.
    service.undo("f")
    session = Session(service, "f", confirm=lambda q: True)
    session.handle(f"rolls {places[0]},{named[1]},{named[2]},1,1,1,1,1")
    session.handle(line)
    assert session.last is not None
    assert _drawn(session.last)[:3] == named


def test_d_4_an_encounter_s_ask_asks_for_each_card_by_name_or_by_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """D-4, DEC-679: with ``--ask`` the GM is asked for each card turned over, and answers with
    its name (any case) or its place among the cards left, as ``--rolls`` reads them; no card,
    or a card no longer in the deck, is asked again with the reason."""
    from firefight.cli.resolving import dice_from_options

    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10), seed=3)
    line = _first_shot(service)
    asked: list[str] = []
    answers = iter(["zz", "qh", "QH", "10s", *["1"] * 20])

    def answer(question: str, **_: Any) -> str:
        asked.append(question)
        return next(answers)

    monkeypatch.setattr("typer.prompt", answer)
    dice, info = dice_from_options(None, None, True)
    applied = service.act("f", line, dice)
    assert info == {"source": "asked"}
    assert _drawn(applied.record)[:2] == ["QH", "10S"]
    assert asked[0].startswith("card for ")
    assert "'zz' is no card" in asked[1] and "QH is no longer in the deck" in asked[3]


def test_d_4_a_typed_card_no_longer_in_the_deck_or_no_card_is_refused_by_its_name() -> None:
    """D-4, DEC-679: a typed card that has left the deck (drawn already) is refused naming it,
    and the shot changes nothing; one that is no card at all is refused as it is read."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10), seed=3)
    line = _first_shot(service)
    left = shared_deck(service.load("f").state)
    gone = next(n for n in FULL_DECK_NAMES if n not in left)
    head = service.load("f").head
    with pytest.raises(DiceError, match=f"typed card #2 is {gone}, no longer in the deck"):
        service.act("f", line, Dice(ScriptedSource(read_faces(f"{left[0]},{gone}"))))
    assert service.load("f").head == head
    with pytest.raises(DiceError, match=f"typed card #2 is {left[0]}, no longer in the deck"):
        service.act("f", line, Dice(ScriptedSource(read_faces(f"{left[0]},{left[0]}"))))
    with pytest.raises(DiceError, match="'ZH' is neither a die face nor a card"):
        read_faces("QH,ZH")
    with pytest.raises(DiceError, match="scripted die #1 is QH, a card, but"):
        Dice(ScriptedSource(read_faces("QH"))).die(10, "initiative")
    result = CliRunner().invoke(
        app,
        [
            "rmu",
            "shoot",
            "--weapon",
            "glock-17",
            "--ob",
            "70",
            "--distance",
            "40",
            "--rolls",
            "1JK",
        ],
    )
    assert result.exit_code == 2
    assert "'1JK' is neither a die face nor a card" in result.output


def test_d_4_the_odds_say_they_draw_from_the_shared_deck_as_it_stands() -> None:
    """D-4: in the alley Giga draws from the shared deck, four cards of it already dealt for
    reaction; the odds of his called shot (33%) are not `odds cards shoot`'s (40%, a full
    deck), and said nothing of why. They say what they drew from; Rico's fresh deck needs no
    word."""
    from firefight.odds.live import live_odds

    cards = find_ruleset("cards")
    state = in_memory("a", dict(load_scenario(EXAMPLE).data), Dice.seeded(1)).load("a").state
    giga = live_odds(state, cards, ["Giga shoots Rico --called"], trials=20)
    assert giga.note == "drawn from the shared deck as it stands: 48 of 52 cards left (D-4)"
    assert f"  {giga.note}" in giga.text()
    assert live_odds(state, cards, ["Rico shoots Giga"], trials=4).note is None


def test_k_2_dec_770_the_odds_of_a_shot_are_asked_before_the_shooters_turn() -> None:
    """K-2 orders the turns, not the GM's questions: the odds of a shot by someone whose turn
    has not come are worked out as if it were their turn now, and the answer says so; the fight
    itself still waits for the higher card, and a turn already taken is refused (K-2)."""
    from firefight.odds.live import live_odds

    cards = find_ruleset("cards")
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10), seed=3)
    first, second = (g[0] for g in order(service))
    state = service.load("f").state
    found = live_odds(state, cards, [f"{second} shoots {first}"], trials=40)
    said = "\n".join(found.text())
    assert f"as if it were {second}'s turn now" in said
    assert f"{first} drew higher for reaction" in said
    assert found.to_json()["as_if"] == found.note and found.note
    assert {word for word, _ in found.outcomes} <= {"hit", "miss"}
    # Their turn has come: no "as if"; only the shared deck they draw from (D-4).
    now = live_odds(state, cards, [f"{first} shoots {second}"], trials=4).note
    assert now == "drawn from the shared deck as it stands: 50 of 52 cards left (D-4)"
    with pytest.raises(RuleRefusal) as waits:
        service.act("f", f"{second} shoots {first}", Dice.seeded(0))
    assert waits.value.rule == "K-2"
    service.act("f", f"{first} waits", Dice.seeded(0))
    service.act("f", f"{second} waits", Dice.seeded(0))
    with pytest.raises(RuleRefusal) as spent:
        live_odds(service.load("f").state, cards, [f"{second} shoots {first}"], trials=4)
    assert spent.value.rule == "K-2" and "already taken" in str(spent.value)


def test_d_4_a_trace_read_back_from_the_log_names_the_cards_drawn() -> None:
    """D-4: `why` and `encounter log --trace` read a record's trace back from the log, and
    said "reaction: draw 4 rolled 5, 3, 5, 11 -> 24": ranks summed, no card named, where the
    trace as made named them. Read back, each draw names its cards after their ranks."""
    from firefight.encounter.narrate import render_trace

    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10), seed=3)
    record = service.act("f", _first_shot(service), Dice.seeded(4)).record
    draws = [e for e in record.trace if e.get("type") == "roll" and e.get("cards")]
    lines = render_trace(draws)
    assert draws and len(lines) == len(draws)
    for entry, line in zip(draws, lines, strict=True):
        # Named, and not added up: a card counts alone (DEC-940).
        assert line.endswith(f"({', '.join(entry['cards'])})")


def test_dec_819_a_gms_modifier_on_the_line_is_added_to_the_target() -> None:
    """DEC-819, CRD-MOD-1: 'Ann shoots Bob --mod +2:smoke' adds 2 to the Target, listed in the
    trace by its label, as rmu's and cpr's lines take a GM's modifier; a malformed one is
    refused naming --mod, before any card, and nothing is written."""
    service = service_with(fighter("Ann", 0, 0), fighter("Bob", 0, 10), seed=6)
    assert order(service)[0] == ("Ann",)
    with pytest.raises(FirefightError) as refused:
        service.act("f", "Ann shoots Bob --mod smoke", Dice.scripted([]))
    assert str(refused.value) == (
        "--mod: takes VALUE:LABEL with VALUE -99 to 99, e.g. '+1:smoke', not 'smoke'."
    )
    record = service.act("f", "Ann shoots Bob --mod +2:smoke", Dice.seeded(2)).record
    total = next(e for e in record.trace if e.get("label") == "Target")
    assert total["parts"][-1] == {"value": 2, "label": "smoke", "rule": None}
    assert total["value"] == 6 + 2  # medium range at 10 m (CRD-RNG-1), and the GM's +2
