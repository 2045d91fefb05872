"""The cards ruleset: cards drawn against a Target (seed 003, RULES CRD-*, RULINGS D-4, K-1..K-4).

A shot draws as many cards as the shooter's skill, plus one per three bullets of a burst; each
card reaching the Target is a success doing the weapon's damage at its level (Green, Yellow,
Red). Resolvers (pure; each takes a frozen declaration and a :class:`~firefight.dice.Dice`):

- :func:`~firefight.rulesets.cards.shot.resolve_shot` -- a shot in any mode (CRD-*, K-1, K-3, K-4)
- :func:`~firefight.rulesets.cards.reaction.resolve_reaction` -- who acts first (K-2)
- :func:`~firefight.rulesets.cards.reload.resolve_reload` -- a fresh magazine (CRD-WPN-1)

This package imports nothing from any other ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from firefight.rulesets.base import CatalogRow, Ruleset

if TYPE_CHECKING:
    from pydantic import BaseModel

    from firefight.cheatsheet import Section
    from firefight.dice import Dice
    from firefight.events import Event
    from firefight.geometry import Posture
    from firefight.outcome import Outcome
    from firefight.probability.action_odds import ActionOdds
    from firefight.scene.actions import Action
    from firefight.scene.events import ArmorRepaired
    from firefight.scene.lines import Verb
    from firefight.scene.state import CombatantState, EncounterState
    from firefight.scene.svg import Overlay
    from firefight.scene.tactics import Tactic

__all__ = ["CARDS", "Cards"]


class _Fight(NamedTuple):
    """What a fight calls at every round, turn, action and event: the round's start, the
    reaction draw, the break-off test, the check, the resolution, the fold and the GM's repair
    it tells apart from the fold's events."""

    start_round: Callable[[int], Outcome]
    round_ended: Callable[[], Outcome]
    initiative: Callable[[EncounterState, Dice], Outcome]
    initiative_events: Callable[[EncounterState, Dice], Sequence[Event]]
    can_still_harm: Callable[[CombatantState], bool]
    validate: Callable[[EncounterState, Action], None]
    resolve: Callable[[EncounterState, Action, Dice], Outcome]
    resolve_quietly: Callable[[EncounterState, Action, Dice, Ruleset], EncounterState]
    fold: Callable[[EncounterState, Event], EncounterState]
    armor_repaired: type[ArmorRepaired]


@cache
def _fight() -> _Fight:
    """Imported on first use (not when the rulesets are listed), then looked up once: an
    import statement inside a function is far from free, and a fight runs one at each of its
    actions and events."""
    from firefight.rulesets.cards.encounter import (
        initiative,
        initiative_events,
        resolve_cards_action,
        resolve_cards_quietly,
        round_ended,
        start_round,
        validate_cards_action,
    )
    from firefight.rulesets.cards.encounter_events import apply_cards_event
    from firefight.scene.events import ArmorRepaired
    from firefight.scene.tactics import rounds_left

    return _Fight(
        start_round=start_round,
        round_ended=round_ended,
        initiative=initiative,
        initiative_events=initiative_events,
        can_still_harm=rounds_left,  # DEC-540: a round left in a gun or a magazine
        validate=validate_cards_action,
        resolve=resolve_cards_action,
        resolve_quietly=resolve_cards_quietly,
        fold=apply_cards_event,
        armor_repaired=ArmorRepaired,
    )


class Cards(Ruleset):
    name = "cards"
    title = "cards drawn against a Target (seed 003)"
    package = "firefight.rulesets.cards"
    scene_unit = "m"  # CRD-RNG-1: ranges in metres
    example_action = ("shoots", "--called")
    example_rolls = "QH, 10S"  # cards turned over, by name (DEC-679)
    # resolve_cards_action runs validate_cards_action's checks first, before any card.
    resolve_validates = True
    cli_module = "firefight.rulesets.cards.cli.commands"
    odds_cli_module = "firefight.rulesets.cards.cli.odds"
    odds_cli_parts = ("app", "sweep_app")

    def cheatsheet(self) -> Sequence[Section]:
        from firefight.rulesets.cards.cheatsheet import cards_cheatsheet

        return cards_cheatsheet()

    def weapon_catalog(self) -> Sequence[CatalogRow]:
        from firefight.rulesets.cards.data import cards_data

        return [
            CatalogRow(
                key=w.key,
                name=w.name,
                figures=(
                    # Counts as numbers, so that --json gives them as numbers (DEC-909).
                    ("range row", w.range_class),
                    ("ammo", w.ammo),
                    ("damage", w.damage_label),
                    ("modes", "/".join(m.value for m in w.modes)),
                    ("R/C", w.rc),
                    ("conceal", w.conceal),
                    ("load", w.load),
                ),
                provisional=w.provisional,
            )
            for w in cards_data().weapons.values()
        ]

    def user_catalog_kinds(self) -> tuple[str, ...]:
        from firefight.rulesets.cards.data import USER_KINDS

        return USER_KINDS

    def check_data(self) -> list[str]:
        from firefight.rulesets.cards.data import cards_data

        cards_data.cache_clear()
        cards_data()
        return ["data/weapons.toml", "data/ranges.toml", "data/modifiers.toml", "data/armor.toml"]

    def action_odds(self) -> Sequence[ActionOdds]:
        from firefight.rulesets.cards.odds import registrations

        return registrations()

    def overlay(self, state: EncounterState, action: Action) -> Overlay:
        from firefight.rulesets.cards.encounter import cards_overlay

        return cards_overlay(state, action)

    # --- encounter seams: the rules live in cards.encounter*, imported on first use so that
    # the resolvers load without the encounter layer.

    def combatant_model(self) -> type[BaseModel]:
        from firefight.rulesets.cards.encounter_model import CardsCombatant

        return CardsCombatant

    def new_combatant(self, spec: BaseModel, core: CombatantState) -> CombatantState:
        from firefight.rulesets.cards.encounter_model import new_combatant

        return new_combatant(spec, core)

    def start_round(self, state: EncounterState, round_number: int) -> Outcome:
        return _fight().start_round(round_number)

    def initiative(self, state: EncounterState, dice: Dice) -> Outcome:
        return _fight().initiative(state, dice)

    def initiative_events(self, state: EncounterState, dice: Dice) -> Sequence[Event]:
        return _fight().initiative_events(state, dice)

    def upkeep(self, state: EncounterState) -> Outcome:
        return _fight().round_ended()

    def fight_tactics(self) -> Mapping[str, Tactic]:
        from firefight.rulesets.cards.tactics import ready
        from firefight.scene.tactics import plain

        return {"ready": ready, "plain": plain}

    def can_still_harm(self, combatant: CombatantState) -> bool:
        return _fight().can_still_harm(combatant)

    def parse_action(self, text: str, state: EncounterState) -> Action:
        from firefight.rulesets.cards.encounter import parse_cards_action

        return parse_cards_action(text, state)

    def action_verbs(self) -> Sequence[Verb]:
        from firefight.rulesets.cards.encounter import cards_verbs

        return cards_verbs()

    def validate(self, state: EncounterState, action: Action) -> None:
        _fight().validate(state, action)

    def resolve(self, state: EncounterState, action: Action, dice: Dice) -> Outcome:
        return _fight().resolve(state, action, dice)

    def resolve_quietly(self, state: EncounterState, action: Action, dice: Dice) -> EncounterState:
        return _fight().resolve_quietly(state, action, dice, self)

    def odds_start(
        self, state: EncounterState, action: Action
    ) -> tuple[EncounterState, str | None]:
        from firefight.rulesets.cards.encounter import cards_odds_start

        return cards_odds_start(state, action)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        fight = _fight()
        if not isinstance(event, fight.armor_repaired):
            return fight.fold(state, event)
        from firefight.rulesets.cards.gm_figures import set_cards_figure
        from firefight.scene.apply import named_in_log

        worn = named_in_log(state, event.wearer)
        return state.with_combatant(set_cards_figure(worn, "wear", 0))

    def gm_figures(self) -> Mapping[str, str]:
        from firefight.rulesets.cards.gm_figures import CARDS_GM_FIGURES

        return CARDS_GM_FIGURES

    def gm_figure_name(self, figure: str) -> str:
        from firefight.rulesets.cards.gm_figures import CARDS_GM_FIGURE_NAMES

        return CARDS_GM_FIGURE_NAMES.get(figure, figure)

    def set_figure(self, combatant: CombatantState, figure: str, value: int) -> CombatantState:
        from firefight.rulesets.cards.gm_figures import set_cards_figure

        return set_cards_figure(combatant, figure, value)

    def event_types(self) -> Sequence[type[Event]]:
        from firefight.rulesets.cards.encounter_events import EVENT_TYPES

        return EVENT_TYPES

    def describe_event(self, event: Event, state: EncounterState) -> str | None:
        from firefight.rulesets.cards.encounter import describe_cards_event

        return describe_cards_event(event, state)

    def describe_combatant(self, combatant: CombatantState) -> Mapping[str, object]:
        from firefight.rulesets.cards.encounter import cards_figures

        return cards_figures(combatant)

    def status(self, combatant: CombatantState) -> str:
        from firefight.rulesets.cards.encounter import cards_status

        return cards_status(combatant)

    def odds_effects(self, before: EncounterState, after: EncounterState) -> Sequence[str]:
        """Down and dying (K-3) and knocked down (K-4) as the state table says them (DEC-934)."""
        from firefight.rulesets.base import states_begun
        from firefight.rulesets.cards.encounter import cards_state_words

        return states_begun(before, after, cards_state_words)

    def went_down(self, before: CombatantState, after: CombatantState) -> str | None:
        """A full Red level is said as the wound track says it: down and dying (K-3), not
        fallen unconscious; said of someone the GM had knocked out too, whose state turns from
        unconscious to down and dying (DEC-887)."""
        from firefight.rulesets.cards.encounter_model import stats_of

        if not after.dead and stats_of(after).track.down and not stats_of(before).track.down:
            return f"{after.name} is down and dying."
        return super().went_down(before, after)

    def gm_damage(self, state: EncounterState, name: str, amount: int) -> Sequence[Event]:
        from firefight.errors import RuleRefusal
        from firefight.scene.events import GM_RULE

        raise RuleRefusal(
            GM_RULE,
            "The cards ruleset keeps wounds as Green, Yellow and Red boxes, not hits: set "
            "them with 'set NAME green|yellow|red N'.",
        )

    def gm_posture(self, state: EncounterState, name: str, posture: Posture) -> Sequence[Event]:
        """Someone knocked down whom the GM sets kneeling or standing is up: the fall is over
        and the turn it owed to getting up is owed no more (K-4, DEC-935)."""
        from firefight.geometry import Posture
        from firefight.rulesets.cards.encounter_events import StoodUp
        from firefight.rulesets.cards.encounter_model import stats_of

        c = state.combatant(name)
        if posture is Posture.PRONE or not stats_of(c).knocked_down:
            return ()
        return (StoodUp(actor=c.name),)

    def gm_repair(self, state: EncounterState, name: str) -> Sequence[Event]:
        """A GM's ``repair NAME``: the armor's wear taken away (CRD-DMG-2)."""
        from firefight.errors import RuleRefusal
        from firefight.rulesets.cards.encounter_model import stats_of
        from firefight.scene.events import GM_RULE, ArmorRepaired

        c = state.combatant(name)
        if stats_of(c).armor == "none":
            raise RuleRefusal(GM_RULE, f"{c.name} wears no armor to repair.")
        return (ArmorRepaired(wearer=c.name),)

    def turn_left(self, combatant: CombatantState) -> str | None:
        """A turn is one action on the card drawn (K-2): left until it is taken, in the state
        table's word (DEC-787)."""
        from firefight.rulesets.cards.encounter_model import stats_of

        if not combatant.in_fight() or stats_of(combatant).acted:
            return None
        return "an action"

    def hits_track(self, combatant: CombatantState) -> tuple[int, int]:
        """The wound track's boxes left empty of all three levels' (K-3): the shared hits
        stay unused."""
        from firefight.rulesets.cards.encounter_model import stats_of

        return stats_of(combatant).track.left_of_whole

    def describe_row(
        self, combatant: CombatantState, state: EncounterState | None = None
    ) -> Mapping[str, str]:
        from firefight.rulesets.cards.encounter import cards_row

        return cards_row(combatant)


#: The entry point's target; the registry instantiates it.
CARDS = Cards
