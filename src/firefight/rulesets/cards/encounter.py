"""The cards ruleset in an encounter: turns in reaction order, shots from the scene, reloads,
aiming, cocking and getting up (docs/cards.md, "In an encounter").

Each round everyone who can act draws for reaction (K-2) and takes one turn in that order. A
turn is one of: ``shoots TARGET``, ``reloads``, ``aims``, ``cocks``, ``gets up``, ``waits``.
A knocked-down combatant owes their next turn to getting up (K-4), a shooter whose SS weapon
turned a black first card owes it to cocking (CRD-MODE-1). The shot reads the shooter's skill,
wounds and aiming, the distance and the target's armor, Size and track from the scene; the
line gives the rest (mode, bullets, lighting, cover, movement... as ``cards shoot`` names them).
Combatants whose scenario says ``deck = "shared"`` draw from one deck kept with the scene (D-4).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from firefight.declarations import declare, field_named
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import quick_init, replace
from firefight.geometry import Posture, distance_ft
from firefight.outcome import Happened, Outcome, ResolvedWord, Result, omitted
from firefight.rulesets.base import (
    Ruleset,
    combatant_status,
    refused_as_in_scene,
    weapons_text,
)
from firefight.rulesets.cards.data import CardsData, cards_data
from firefight.rulesets.cards.deck import FULL_DECK_NAMES, DeckInPlay
from firefight.rulesets.cards.encounter_events import (
    CardsRoundStarted,
    DeckChanged,
    ShotTaken,
    TurnTaken,
    Wounded,
    apply_cards_event,
)
from firefight.rulesets.cards.encounter_model import CardsStats, shared_deck, stats_of
from firefight.rulesets.cards.line_options import CardsLineOptions
from firefight.rulesets.cards.reaction import reaction_order
from firefight.rulesets.cards.scene_cover import check_shooter_sees, scene_cover
from firefight.rulesets.cards.shot import (
    Shot,
    ShotPlan,
    ShotResult,
    Wound,
    draw_planned,
    plan_shot,
    resolve_planned,
)
from firefight.rulesets.cards.target import band_for
from firefight.rulesets.cards.wounds import wound_modifier_level
from firefight.scene.actions import ACTION_RULE, Action
from firefight.scene.apply import apply_all
from firefight.scene.events import InitiativeOrdered, InitiativeRolled, Reloaded
from firefight.scene.lines import (
    OptionKind,
    Verb,
    declared_options,
    declared_values,
    one_name,
    read_line,
    verb_table,
)
from firefight.scene.state import DOWN_RULE, CombatantState, EncounterState
from firefight.scene.svg import FireLine, Overlay
from firefight.trace import QuietTraceBuilder, Trace, TraceBuilder
from firefight.units import metres_from_feet

__all__ = [
    "CardsAction",
    "CardsShot",
    "cards_figures",
    "cards_overlay",
    "cards_row",
    "cards_state_words",
    "cards_status",
    "cards_verbs",
    "describe_cards_event",
    "initiative",
    "initiative_events",
    "parse_cards_action",
    "resolve_cards_action",
    "resolve_cards_quietly",
    "round_ended",
    "start_round",
    "validate_cards_action",
]

VERBS = {
    "shoots": "shoots",
    "shoot": "shoots",
    "fires at": "shoots",
    "reloads": "reloads",
    "reload": "reloads",
    "aims": "aims",
    "aim": "aims",
    "cocks": "cocks",
    "cock": "cocks",
    "gets up": "gets up",
    "get up": "gets up",
    "waits": "waits",
    "wait": "waits",
}
#: The options a line may not give because a turn does what they would, each with that turn
#: (DEC-961): ``--aim 2`` was refused with a list of options that did not say how to aim.
INSTEAD = {
    "aim": "a turn of aim is the action '{actor} aims', one a turn; the shot after counts "
    "them all (CRD-MOD-1).",
}
#: What K-2's turn rule and the owed turns cite.
TURN_RULE = "K-2"
OWED_RULES = {"gets up": "K-4", "cocks": "CRD-MODE-1"}
MAX_AIM = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsAction(Action):
    """A turn that is not a shot; ``weapon`` for a reload (the one in hand when None)."""

    weapon: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsShot(Action):
    """``actor`` shoots ``target``; ``options`` are the line's declared options of a shot."""

    target: str
    weapon: str | None = None
    options: tuple[tuple[str, Any], ...] = ()


# --- rounds and reaction (K-2) ----------------------------------------------------------------


# The same round opens the same way in every fight of a simulation: its frozen outcome is
# built once per round number (a bounded cache).
@lru_cache(maxsize=256)
def start_round(round_number: int) -> Outcome:
    return Outcome(
        events=(CardsRoundStarted(round=round_number),), trace=Trace(()), result=Happened()
    )


def round_ended() -> Outcome:
    """The end of a round brings nothing: wounds, the guns and the deck change by actions."""
    return _NOTHING


#: What every round's end comes to: one frozen value, not three built anew.
_NOTHING: Outcome = Outcome(events=(), trace=Trace(()), result=Happened())


def _uses_shared_deck(state: EncounterState) -> bool:
    return any(stats_of(c).shared_deck for c in state.combatants)


def initiative(state: EncounterState, dice: Dice, trace: TraceBuilder | None = None) -> Outcome:
    """K-2: one card each for everyone who can act, dealt from one deck (the shared deck when
    the scene keeps one, DEC-266); the draw told to ``trace`` (a fresh one if None; a quiet
    one, the quiet path's, words no step)."""
    drawing = [c for c in state.combatants if c.in_fight()]
    if trace is None:
        trace = TraceBuilder()
    if not drawing:
        return Outcome(
            events=(InitiativeOrdered(groups=()),), trace=trace.build(), result=Happened()
        )
    shared = _uses_shared_deck(state)
    deck = DeckInPlay(dice, ",".join(shared_deck(state)) if shared else "")
    cards = deck.draw(len(drawing), "reaction", trace)
    values = {c.name: card.rank for c, card in zip(drawing, cards, strict=True)}
    order = reaction_order(values, {c.name: stats_of(c).reflex for c in drawing})
    if trace.telling:
        trace.step(
            "reaction: "
            + ", ".join(f"{c.name} {card}" for c, card in zip(drawing, cards, strict=True))
            + "; order "
            + ", then ".join(" and ".join(g) for g in order),
            rule="K-2",
        )
    events: list[Event] = [
        _reaction_card(c.name, card.rank) for c, card in zip(drawing, cards, strict=True)
    ]
    events.append(InitiativeOrdered(groups=order))
    if shared:
        events.append(DeckChanged(left=deck.left_names or ()))
    return Outcome(events=tuple(events), trace=trace.build(), result=Happened())


# --- reading a line ---------------------------------------------------------------------------


def _options() -> dict[str, Mapping[str, OptionKind]]:
    said = declared_options(CardsLineOptions)
    return {"shoots": {**declared_options(Shot), **said}, "reloads": said}


def cards_verbs() -> tuple[Verb, ...]:
    """The verbs :func:`parse_cards_action` reads, for a form (:meth:`Ruleset.action_verbs`)."""
    return verb_table(
        VERBS,
        _options(),
        words={"shoots": "TARGET", "reloads": "[WEAPON]"},
        # The line's own options first: a weapon is named as the scenario names it, no key.
        declarations={"shoots": (CardsLineOptions, Shot), "reloads": (CardsLineOptions,)},
    )


def parse_cards_action(text: str, state: EncounterState) -> Action:
    line = read_line(text, state, VERBS, _options(), ruleset="cards", instead=INSTEAD)
    weapon = line.first("weapon")
    if line.verb == "shoots":
        target = one_name(line.words, state, what="'shoots'")
        values = declared_values(line, Shot)
        return CardsShot(
            actor=line.actor,
            verb=line.verb,
            text=line.text,
            target=target,
            weapon=weapon,
            options=tuple(sorted(values.items())),
        )
    if line.verb == "reloads":
        weapon = line.weapon_said("weapon")
    elif line.words:
        raise RuleRefusal(
            ACTION_RULE, f"'{line.verb}' takes no name; read {' '.join(line.words)!r}."
        )
    return CardsAction(actor=line.actor, verb=line.verb, text=line.text, weapon=weapon)


# --- checking a turn --------------------------------------------------------------------------


def _turn_check(state: EncounterState, actor: CombatantState) -> None:
    if not actor.can_act():
        if stats_of(actor).track.down:
            raise RuleRefusal("K-3", f"{actor.name} is down and dying: no more turns.")
        raise RuleRefusal(DOWN_RULE, f"{actor.name} is out of the fight.")
    if stats_of(actor).acted:
        raise RuleRefusal(
            TURN_RULE,
            f"{actor.name} has already taken this round's turn (one turn a round); "
            "wait for the next round.",
        )
    waiting = _waited_for(state, actor)
    if waiting:
        raise RuleRefusal(TURN_RULE, f"{waiting}.")


def _waited_for(state: EncounterState, actor: CombatantState) -> str | None:
    """Who drew higher for reaction and has still to act before ``actor`` (K-2), said; None
    when it is ``actor``'s turn, or when ``actor`` is out of the order: held by the GM (`hold
    NAME`), who acts when they choose, as the core's order check lets them (DEC-412, DEC-936)."""
    if not any(actor.name in group for group in state.initiative):
        return None
    for group in state.initiative:
        if actor.name in group:
            return None
        waiting = [
            n for n in group if (c := state.find(n)) and c.can_act() and not stats_of(c).acted
        ]
        if waiting:
            # The order is the rules', so no "go on?" overrides it: say what the GM may do.
            them = "them" if len(waiting) > 1 else waiting[0]
            return (
                f"{' and '.join(waiting)} drew higher for reaction and "
                f"act{'s' if len(waiting) == 1 else ''} before {actor.name} "
                f"(the GM's 'delay NAME' puts {them} last this round)"
            )
    return None


def cards_odds_start(state: EncounterState, action: Action) -> tuple[EncounterState, str | None]:
    """The fight the odds of ``action`` are worked out on: a GM asks a fighter's chances
    before their turn comes, so one still waiting for a higher card (K-2) is put first in the
    reaction order, everything else as it stands, and the answer says so. One who cannot act
    or has taken the round's turn is still refused, by the odds' own check (DEC-770)."""
    actor = state.combatant(action.actor)
    deck = _deck_note(state, actor)
    waiting = _waited_for(state, actor) if actor.can_act() and not stats_of(actor).acted else None
    if waiting is None:
        return state, deck
    rest = (tuple(n for n in group if n != actor.name) for group in state.initiative)
    ahead = replace(state, initiative=((actor.name,), *(group for group in rest if group)))
    turn = f"worked out as if it were {actor.name}'s turn now: {waiting} ({TURN_RULE})"
    return ahead, turn if deck is None else f"{turn}; {deck}"


def _deck_note(state: EncounterState, actor: CombatantState) -> str | None:
    """What the odds draw from when it is not a full deck (D-4): the shared deck as it stands,
    the cards already drawn out of it. `odds cards shoot` draws from a full deck, so without
    the note the two answers differed by several points (40.1% and 33.1%) with no word why."""
    left, whole = len(shared_deck(state)), len(FULL_DECK_NAMES)
    if not stats_of(actor).shared_deck or left == whole:
        return None
    return f"drawn from the shared deck as it stands: {left} of {whole} cards left (D-4)"


def _weapon(actor: CombatantState, name: str | None) -> Any:
    return actor.weapon_carried(name, ACTION_RULE)


def build_shot(state: EncounterState, action: CardsShot) -> tuple[Shot, ShotPlan]:
    """The shot the scene and the line declare together, and its plan (:func:`plan_shot`)."""
    actor = state.combatant(action.actor)
    target = state.combatant(action.target)
    if target.name == actor.name:
        raise RuleRefusal(ACTION_RULE, f"{actor.name} cannot shoot at themselves.")
    if target.dead:
        # As in every other ruleset: a GM's `set NAME dead` took yet more Yellow boxes.
        raise RuleRefusal(DOWN_RULE, f"{target.name} is already dead.")
    mine, theirs = stats_of(actor), stats_of(target)
    weapon = _weapon(actor, action.weapon)
    data = cards_data()
    row = data.weapon(weapon.kind).range_class
    distance = metres_from_feet(distance_ft(actor.position, target.position))
    track = theirs.track
    read = _scene_cover_unless_given(state, actor, target, action)
    scene = {"cover": read[0]} if read is not None else {}
    kept = _declaring(data)(
        weapon=weapon.kind,
        skill=mine.skill_for(row),
        distance=round(distance, 3),
        loaded=weapon.loaded.rounds if weapon.loaded else 0,
        needs_cocking=weapon.name in mine.uncocked,
        aim=min(mine.aiming, MAX_AIM),
        wounds=wound_modifier_level(mine.track),
        armor=theirs.armor,
        size=theirs.size_rating,
        green=track.green,
        yellow=track.yellow,
        red=track.red,
        knocked_down=theirs.knocked_down,
        **scene,
        **dict(action.options),
    )
    shot = kept.shot
    if mine.shared_deck:
        # The deck is the declaration's last option: checked after all the others, it is
        # refused where declare would refuse it.
        shot = replace(shot, deck=_DECK.check(",".join(shared_deck(state))))
    if kept.plan is None:
        kept.plan = plan_shot(kept.shot, data)
    return shot, kept.plan


def _scene_cover_unless_given(
    state: EncounterState, actor: CombatantState, target: CombatantState, action: CardsShot
) -> tuple[str, str | None] | None:
    """The cover the scene gives and what its barrier did (DEC-632, :func:`scene_cover`),
    refusing a shot the shooter's own barrier keeps them from (DEC-656); None when the line
    names a cover, the GM's word."""
    if _line_cover(action) is not None:
        return None
    read = scene_cover(state, actor, target)
    check_shooter_sees(state, actor, target)
    return read


def _line_cover(action: CardsShot) -> str | None:
    """The cover the line names (``--cover``), the GM's word (DEC-632); None when it names none."""
    return next((str(value) for name, value in action.options if name == "cover"), None)


#: The shot's last option: the persistent deck's cards left (D-4).
_DECK = field_named(Shot, "deck")


@dataclass(slots=True)
class _Declared:
    """A shot declared without the persistent deck's cards, and its plan once worked out
    (the plan reads no deck: it is the same for any cards left; a refusal is never kept)."""

    shot: Shot
    plan: ShotPlan | None = None


def _declared(**values: object) -> _Declared:
    return _Declared(shot=declare(Shot, **values))


#: The declaring of the catalog read last, with it (so that no other can take its identity).
_DECLARING: list[tuple[CardsData, Callable[..., _Declared]]] = []


def _declaring(data: CardsData) -> Callable[..., _Declared]:
    """``declare(Shot, **values)`` for the catalog ``data``, kept with its plan: a fight's
    shots repeat (the same shooter, weapon and target from the same place, most of a
    simulation's shots), and checking a declaration's options and planning the shot cost
    more than drawing for it. Each is declared once, keyed on the plain values given (text,
    numbers, yes/no; typed, so that 1 and True stay apart) in a bounded cache, all but the
    persistent deck, whose cards change at every draw (build_shot checks it after). The
    checks and the plan read nothing but those values and the catalog, and a catalog read
    anew starts a cache of its own; a refusal is never kept."""
    if _DECLARING and _DECLARING[0][0] is data:
        return _DECLARING[0][1]
    declaring: Callable[..., _Declared] = lru_cache(maxsize=512, typed=True)(_declared)
    _DECLARING[:] = [(data, declaring)]
    return declaring


def validate_cards_action(state: EncounterState, action: Action) -> None:
    _checked(state, action)


def _checked(state: EncounterState, action: Action) -> tuple[Shot, ShotPlan] | None:
    """Refuse what the state or the rules forbid, before any card is drawn, naming the weapon
    as the scene does (:func:`refused_as_in_scene`: "the redhawk fires SS", not the catalog's
    "the Ruger Redhawk"); a shot's declaration and plan, worked out to check it, are returned
    for its resolution."""
    actor = state.combatant(action.actor)
    try:
        return _check(state, action, actor)
    except RuleRefusal as refusal:
        named = action.weapon if isinstance(action, (CardsAction, CardsShot)) else None
        weapon = actor.weapon(named)
        raise refused_as_in_scene(
            refusal, weapon, lambda kind: cards_data().weapon(kind).name
        ) from None


def _check(
    state: EncounterState, action: Action, actor: CombatantState
) -> tuple[Shot, ShotPlan] | None:
    _turn_check(state, actor)
    s = stats_of(actor)
    if s.owes and action.verb != s.owes[0]:
        owed = s.owes[0]
        raise RuleRefusal(
            OWED_RULES[owed], f"{actor.name} must spend this turn: {actor.name} {owed}."
        )
    if action.verb == "gets up" and not s.knocked_down and actor.posture is Posture.STANDING:
        # Anyone off their feet may get up (one laid down by the GM's `set NAME prone` too,
        # who had no way up but the GM's, DEC-935).
        raise RuleRefusal("K-4", f"{actor.name} is standing already.")
    if action.verb == "cocks" and not s.uncocked:
        raise RuleRefusal("CRD-MODE-1", f"{actor.name}'s weapons need no cocking.")
    if action.verb == "aims" and s.aiming >= MAX_AIM:
        raise RuleRefusal("CRD-MOD-1", f"{actor.name} has aimed {MAX_AIM} turns, the most counted.")
    if isinstance(action, CardsAction) and action.verb == "reloads":
        weapon = _weapon(actor, action.weapon)
        ammo = cards_data().weapon(weapon.kind).ammo
        if weapon.loaded is not None and weapon.loaded.rounds >= ammo:
            raise RuleRefusal("CRD-WPN-1", f"The {weapon.name} is full ({ammo}).")
        if weapon.spare_with_rounds() is None:
            # DEC-760: the magazines taken out empty are carried, not loaded again.
            raise RuleRefusal(
                "CRD-WPN-1",
                f"{actor.name} has no spare magazine with rounds left for the {weapon.name}.",
            )
    if isinstance(action, CardsShot):
        checked = build_shot(state, action)
        if _two_weapons(action):
            _second_checked(state, actor, action)
        return checked
    return None


# --- two weapons (CRD-MOD-1) ------------------------------------------------------------------


def _two_weapons(action: CardsShot) -> bool:
    return any(name == "two_weapons" and value for name, value in action.options)


def _second_action(actor: CombatantState, action: CardsShot) -> CardsShot:
    """The other gun's shot of a two-weapon turn (CRD-MOD-1, DEC-938): the next weapon carried
    after the one the line fires, at the same target with the same options (+2 to both)."""
    first = _weapon(actor, action.weapon)
    other = next((w for w in actor.weapons if w.name != first.name), None)
    if other is None:
        raise RuleRefusal(
            "CRD-MOD-1",
            f"Firing two weapons takes two: {actor.name} carries only the {first.name}.",
        )
    return replace(action, weapon=other.name)


def _second_checked(state: EncounterState, actor: CombatantState, action: CardsShot) -> None:
    """Refuse a two-weapon turn whose other gun cannot fire, before any card is drawn, naming
    that gun as the scene does."""
    second = _second_action(actor, action)
    try:
        build_shot(state, second)
    except RuleRefusal as refusal:
        raise refused_as_in_scene(
            refusal, actor.weapon(second.weapon), lambda kind: cards_data().weapon(kind).name
        ) from None


def _second_shot(
    state: EncounterState, action: CardsShot, first: Sequence[Event]
) -> tuple[CardsShot, Shot, ShotPlan]:
    """The other gun's shot, declared on the target and the deck as the first shot's ``first``
    events left them (the shooter is as before it: aim and wounds count for both)."""
    mid = state
    for event in first:
        if isinstance(event, (Wounded, DeckChanged)):
            mid = apply_cards_event(mid, event)
    second = _second_action(state.combatant(action.actor), action)
    shot, plan = build_shot(mid, second)
    return second, shot, plan


def _one_turn(first: Sequence[Event], second: Sequence[Event]) -> list[Event]:
    """Both shots' events as one turn: the first's without its turn taken, then the second's."""
    return [*(e for e in first if not isinstance(e, TurnTaken)), *second]


# --- resolving a turn -------------------------------------------------------------------------


def resolve_cards_action(state: EncounterState, action: Action, dice: Dice) -> Outcome:
    checked = _checked(state, action)
    if checked is not None:
        assert isinstance(action, CardsShot)
        return _resolve_shot(state, action, *checked, dice)
    return _turn_spent(state, action)


def initiative_events(state: EncounterState, dice: Dice) -> Sequence[Event]:
    """:func:`initiative`'s events from the same draws, for a simulation's quiet path."""
    return initiative(state, dice, QuietTraceBuilder()).events


def resolve_cards_quietly(
    state: EncounterState, action: Action, dice: Dice, ruleset: Ruleset
) -> EncounterState:
    """The state :func:`resolve_cards_action` leads to, for simulations that read neither its
    trace nor its result: a shot (most of a fight) draws on a quiet trace and gathers only
    its events."""
    checked = _checked(state, action)
    events: Sequence[Event]
    if checked is None:
        events = _turn_spent(state, action).events
    else:
        assert isinstance(action, CardsShot)
        events = _drawn_events(state, action, *checked, dice)
        if _two_weapons(action):
            second, shot, plan = _second_shot(state, action, events)
            events = _one_turn(events, _drawn_events(state, second, shot, plan, dice))
    return apply_all(state, events, ruleset)


def _drawn_events(
    state: EncounterState, action: CardsShot, shot: Shot, plan: ShotPlan, dice: Dice
) -> list[Event]:
    """A shot's events, drawn on a quiet trace."""
    drawn = draw_planned(shot, plan, dice, QuietTraceBuilder())
    return _shot_events(
        state.combatant(action.actor),
        action,
        plan.bullets,
        drawn.must_cock,
        drawn.wound,
        drawn.deck_left,
    )


def _turn_spent(state: EncounterState, action: Action) -> Outcome:
    """A turn that draws nothing: a reload, aiming, cocking, getting up, waiting."""
    assert isinstance(action, CardsAction)
    actor = state.combatant(action.actor)
    trace = TraceBuilder()
    events: list[Event] = []
    if action.verb == "reloads":
        weapon = _weapon(actor, action.weapon)
        spare = weapon.spare_with_rounds()
        assert spare is not None  # checked above
        events.append(Reloaded(actor=actor.name, weapon=weapon.name, spare=spare))
        rounds = weapon.spares[spare].rounds
        trace.step(
            f"{actor.name} puts a spare magazine ({rounds} rounds) in the {weapon.name}",
            rule="CRD-WPN-1",
        )
    else:
        rule = {"aims": "CRD-MOD-1", "cocks": "CRD-MODE-1", "gets up": "K-4"}.get(
            action.verb, TURN_RULE
        )
        trace.step(f"{actor.name} {action.verb}", rule=rule)
    events.append(TurnTaken(actor=actor.name, doing=action.verb))
    return Outcome(
        events=tuple(events),
        trace=trace.build(),
        result=Happened(action=action.verb, headline=f"{actor.name} {action.verb}."),
    )


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ShotInTurn(Result):
    """An encounter's shot: the verb, the standalone shot's result and a headline."""

    action: str
    shot: ShotResult
    headline: str
    #: The other gun's shot of a two-weapon turn (CRD-MOD-1, DEC-938).
    second: ShotResult | None = omitted()

    @property
    def outcome(self) -> ResolvedWord:
        hit = self.second is not None and self.second.successes
        return "hit" if hit else self.shot.outcome


def _resolve_shot(
    state: EncounterState, action: CardsShot, shot: Shot, plan: ShotPlan, dice: Dice
) -> Outcome[ShotInTurn]:
    actor = state.combatant(action.actor)
    outcome = resolve_planned(shot, plan, dice)
    trace = outcome.trace
    read = _scene_cover_unless_given(state, actor, state.combatant(action.target), action)
    if read is not None and read[1] is not None:
        step = TraceBuilder()
        step.step(read[1], rule="DEC-632")
        trace = type(trace)((*step.build().entries, *trace.entries))
    s = outcome.result
    events = _shot_events(actor, action, s.bullets, s.must_cock, s.wound, s.deck_left)
    headline = f"{actor.name} shoots {action.target}: {_came_to(s)}"
    second: ShotResult | None = None
    if _two_weapons(action):
        other, shot2, plan2 = _second_shot(state, action, events)
        then = resolve_planned(shot2, plan2, dice)
        second = then.result
        told = TraceBuilder()
        told.step(f"the second weapon, the {other.weapon}", rule="CRD-MOD-1")
        trace = type(trace)((*trace.entries, *told.build().entries, *then.trace.entries))
        events = _one_turn(
            events,
            _shot_events(
                actor, other, second.bullets, second.must_cock, second.wound, second.deck_left
            ),
        )
        first = _weapon(actor, action.weapon).name
        headline = (
            f"{actor.name} shoots {action.target} with two weapons: the {first}: {_came_to(s)}; "
            f"the {other.weapon}: {_came_to(second)}"
        )
    result = ShotInTurn(action=action.verb, shot=s, headline=headline + ".", second=second)
    return Outcome(events=tuple(events), trace=trace, result=result)


def _came_to(s: ShotResult) -> str:
    """What one shot did, as a headline says it: the successes, the damage, the fall."""
    hits, wound = s.successes, s.wound
    return (
        (f"{hits} success{'es' if hits > 1 else ''}" if hits else "a miss")
        + (
            f", {wound.damage} {wound.level}"
            if wound.damage
            else ", stopped by the armor"
            if hits
            else ""
        )
        + (", knocked down" if wound.knocked_down else "")
        + (", down and dying" if wound.down and hits else "")
    )


# A fight's shots and reaction cards repeat (the same shooter, gun and bullets; the same
# name and rank): their frozen events are built once per values (bounded caches).
@lru_cache(maxsize=256)
def _shot_taken(
    actor: str, weapon: str, bullets: int, must_cock: bool
) -> tuple[RoundsFired, ShotTaken, TurnTaken]:
    return (
        RoundsFired(actor=actor, weapon=weapon, rounds=bullets),
        ShotTaken(actor=actor, weapon=weapon, must_cock=must_cock),
        TurnTaken(actor=actor, doing="shoots"),
    )


@lru_cache(maxsize=512)
def _reaction_card(name: str, rank: int) -> InitiativeRolled:
    return InitiativeRolled(actor=name, faces=(rank,), total=rank)


def _shot_events(
    actor: CombatantState,
    action: CardsShot,
    bullets: int,
    must_cock: bool,
    wound: Wound,
    deck_left: tuple[str, ...] | None,
) -> list[Event]:
    """What a shot by ``actor`` changes: the rounds (``bullets``), the turn (and whether the
    gun ``must_cock``), the ``wound``, the deck (``deck_left``)."""
    weapon = _weapon(actor, action.weapon)
    events: list[Event] = [
        *_shot_taken(actor.name, weapon.name, bullets, must_cock),
    ]
    if wound.damage:
        green, yellow, red = wound.track
        events.append(
            Wounded(
                target=action.target,
                green=green,
                yellow=yellow,
                red=red,
                wear=wound.wear,
                knocked_down=wound.knocked_down,
                down=wound.down,
            )
        )
    if deck_left is not None:
        events.append(DeckChanged(left=deck_left))
    return events


# --- the map ---------------------------------------------------------------------------------


def cards_overlay(state: EncounterState, action: Action) -> Overlay:
    """A shot's line of fire, labelled with the distance, its range band (CRD-RNG-1) and the
    cover the shot is drawn with: the line's own, else the scene's (DEC-632)."""
    if not isinstance(action, CardsShot):
        return Overlay()
    actor = state.combatant(action.actor)
    target = state.combatant(action.target)
    metres = metres_from_feet(distance_ft(actor.position, target.position))
    data = cards_data()
    weapon = _weapon(actor, action.weapon)
    try:
        band = band_for(data.ranges[data.weapon(weapon.kind).range_class], metres, data)
    except RuleRefusal:
        band = "past Extreme"
    label = f"{actor.name} at {target.name}, {metres:.0f} m: {band}"
    try:
        read = _scene_cover_unless_given(state, actor, target, action)
        cover = read[0] if read is not None else _line_cover(action)
    except RuleRefusal:
        label += ", out of sight"
    else:
        if cover != "none":
            label += f", {cover} cover"
    return Overlay(lines=(FireLine(start=actor.position, end=target.position, label=label),))


# --- telling what happened --------------------------------------------------------------------


def describe_cards_event(event: Event, state: EncounterState) -> str | None:
    if isinstance(event, CardsRoundStarted):
        return f"Round {event.round}: everyone draws for reaction and takes one turn [K-2]."
    if isinstance(event, Wounded):
        text = (
            f"{event.target}'s track: green {event.green}, yellow {event.yellow}, "
            f"red {event.red} [K-3]"
        )
        if event.wear:
            text += f"; armor wear +{event.wear} [CRD-DMG-2]"
        if event.knocked_down:
            # Down and dying takes no more turns (K-3): a fall then owes none (DEC-940).
            text += "; knocked down" + (
                " [K-4]" if event.down else ", the next turn goes to getting up [K-4]"
            )
        if event.down:
            text += "; down and dying [K-3]"
        return text + "."
    if isinstance(event, ShotTaken) and event.must_cock:
        return (
            f"{event.actor}'s first card is black: the {event.weapon} must be cocked [CRD-MODE-1]."
        )
    if isinstance(event, DeckChanged):
        return f"The shared deck holds {len(event.left)} cards [D-4]."
    return None


def cards_figures(c: CombatantState) -> Mapping[str, object]:
    s = stats_of(c)
    return {
        "track": [s.green, s.yellow, s.red],
        "boxes": s.track.boxes,
        "wounds": wound_modifier_level(s.track),
        "knocked_down": s.knocked_down,
        "acted": s.acted,
        "owes": list(s.owes),
        "aiming": s.aiming,
        "armor": s.armor,
        "wear": s.wear,
    }


def cards_status(c: CombatantState) -> str:
    """Up, down and dying (a full Red level, K-3), unconscious or dead: the state table's word,
    and so the GM's ``set NAME dead`` answer's (DEC-745). The dead are dead whatever their
    track: "out" said neither, so the GM could not tell a corpse from someone knocked out."""
    if c.unconscious and not c.dead and stats_of(c).track.down:
        return "down and dying"
    return combatant_status(c)


def cards_state_words(c: CombatantState) -> set[str]:
    """What ``c`` is in, as the odds of an action line count it: the state table's word
    (:func:`cards_status`), and knocked down (K-4) for one still in the fight. The shared
    words said "P(Mad Dog unconscious)" of a full Red level the table calls down and dying,
    and left out the fall that `odds cards shoot` counts (DEC-934)."""
    words = {cards_status(c)}
    if stats_of(c).knocked_down and c.can_act():
        words.add("knocked down")
    return words


def cards_row(c: CombatantState) -> dict[str, str]:
    """One row of the state table: the turn, the track, the state (:func:`cards_status`, or
    knocked down) and the posture (a fall leaves one prone, K-4; a GM's ``set V prone`` seen, as
    every ruleset's row shows it), where, weapons and armor."""
    s: CardsStats = stats_of(c)
    status = cards_status(c)
    if s.knocked_down and not (c.dead or c.unconscious):
        status = "knocked down"
    # What is left, as the other rulesets' turn columns say it (gurps "maneuver", cpr "Move and
    # Action") and the prompt does (turn_left): a turn is one action (K-2).
    turn = "-" if not c.can_act() else ("taken" if s.acted else "action")
    if s.owes and c.can_act():
        turn += f" (owes: {', '.join(s.owes)})"
    elif s.aiming and c.can_act():
        turn += f" (aimed {s.aiming})"
    x, y = metres_from_feet(c.position.x_ft), metres_from_feet(c.position.y_ft)
    return {
        "name": c.name,
        "side": c.side,
        "turn": turn,
        "G/Y/R": f"{s.green}/{s.yellow}/{s.red} of {s.track.boxes}",
        "state": f"{status}, {c.posture.value}",
        "at (m)": f"{x:g},{y:g}",
        "weapons": weapons_text(c),
        "armor": s.armor + (f" (wear {s.wear})" if s.wear else ""),
    }
