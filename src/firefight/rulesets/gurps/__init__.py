"""The gurps ruleset: 3d6 roll-under on the GURPS 3rd-edition core, with the expanded ranged
combat house rules of seed 002 (docs/gurps.md).

Resolvers (pure; each takes a frozen declaration and a :class:`~firefight.dice.Dice`):

- :func:`~firefight.rulesets.gurps.attack.resolve_shot` -- one turn's shooting (GUR-CORE-1,
  GUR-MOD-1, GUR-ARC-1, GUR-ELEV-1, GUR-MOVE-1, GUR-OPP-1, GUR-LOC-1, GUR-AMMO-1, GUR-ARROW-1)

Figures live in ``data/*.toml``; those 002 leans on from the 3e core are marked
``public core (3e)`` with their source. The scene is kept in feet (RULINGS S-1); gurps measures
in yards (G-4) and converts at its edge (:mod:`.ranges`).

This package imports nothing from any other ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from firefight.rulesets.base import CatalogRow, Ruleset

if TYPE_CHECKING:
    from pydantic import BaseModel

    from firefight.cheatsheet import Section
    from firefight.dice import Dice
    from firefight.events import Event
    from firefight.geometry import Posture
    from firefight.outcome import Outcome, ResolvedWord
    from firefight.probability.action_odds import ActionOdds
    from firefight.scene.actions import Action
    from firefight.scene.lines import Verb
    from firefight.scene.state import CombatantState, EncounterState
    from firefight.scene.svg import Overlay
    from firefight.scene.tactics import Tactic

__all__ = ["GURPS"]


class _Fight(NamedTuple):
    """What a fight calls at every second, action and event: the turn's start, the order,
    the check, the resolution, the fold."""

    start_turn: Callable[[int], Outcome]
    initiative: Callable[[EncounterState], Outcome]
    nothing: Callable[[], Outcome]
    validate: Callable[[EncounterState, Action], None]
    resolve: Callable[[EncounterState, Action, Dice], Outcome]
    resolve_quietly: Callable[[EncounterState, Action, Dice, Ruleset], EncounterState]
    fold: Callable[[EncounterState, Event], EncounterState]


@cache
def _fight() -> _Fight:
    """Imported on first use (not when the rulesets are listed), then looked up once: an
    import statement inside a function is far from free, and a fight runs one at each of its
    seconds, actions and events."""
    from firefight.rulesets.gurps.encounter import (
        apply_gurps_event,
        initiative,
        nothing,
        resolve_gurps_action,
        resolve_gurps_quietly,
        start_turn,
        validate_gurps_action,
    )

    return _Fight(
        start_turn=start_turn,
        initiative=initiative,
        nothing=nothing,
        validate=validate_gurps_action,
        resolve=resolve_gurps_action,
        resolve_quietly=resolve_gurps_quietly,
        fold=apply_gurps_event,
    )


#: What follows the target in the session's example line, a shot's or a throw's.
_EXAMPLE_OPTIONS = "--location head"


class GURPS(Ruleset):
    name = "gurps"
    round_seconds = 1.0  # GUR-CORE-1 (public 3e): a turn is one second (DEC-541)
    example_action = ("shoots", _EXAMPLE_OPTIONS)
    example_rolls = "3, 5, 4"  # 3d6, a face per die
    damage_noun = ("HP", "HP")
    title = "3d6 roll-under (GURPS 3rd edition with 002's ranged-combat house rules)"
    package = "firefight.rulesets.gurps"
    cli_module = "firefight.rulesets.gurps.cli.commands"
    odds_cli_module = "firefight.rulesets.gurps.cli.odds"
    odds_cli_parts = ("app", "sweep_app")

    def example_line(self, state: EncounterState, actor: str | None = None) -> str | None:
        """A shot, as every ruleset's example, thrown by someone whose weapon in hand is
        thrown (DEC-890): "Ann shoots Bob" is refused of a knife. With the weapon in hand
        empty, the line the rules take instead: its reload, else the draw of another still of
        use, else none (DEC-914), as rmu offers no attack the AP left refuse (DEC-931)."""
        from firefight.rulesets.gurps.encounter_model import (
            gurps_stats,
            missile_verb,
            next_usable,
            still_usable,
        )
        from firefight.scene.lines import example_line
        from firefight.scene.tactics import quoted

        who = state.find(actor) if actor else (state.combatants[0] if state.combatants else None)
        if who is None:
            return super().example_line(state, actor)
        in_hand = who.weapon(gurps_stats(who).in_hand)
        if in_hand is not None and in_hand.loaded is not None and in_hand.loaded.rounds == 0:
            if still_usable(who, in_hand):
                return f"{quoted(who.name)} reloads"
            other = next_usable(who, in_hand)
            return None if other is None else f"{quoted(who.name)} draws {other.name}"
        if missile_verb(who) == "shoots":
            return super().example_line(state, actor)
        return f"{example_line(state, 'throws', who.name)} {_EXAMPLE_OPTIONS}"

    def cheatsheet(self) -> Sequence[Section]:
        from firefight.rulesets.gurps.cheatsheet import gurps_cheatsheet

        return gurps_cheatsheet()

    def weapon_catalog(self) -> Sequence[CatalogRow]:
        from firefight.rulesets.gurps.data import DATA

        rows = []
        for w in DATA.weapons.values():
            half = (
                f"{w.half_damage:g}" if w.half_damage is not None else f"ST x{w.half_damage_st:g}"
            )
            most = f"{w.max:g}" if w.max is not None else f"ST x{w.max_st:g}"
            figures = (
                ("kind", w.kind),
                ("damage", f"{w.damage} {w.type}"),
                ("SS", str(w.ss)),
                ("Acc", str(w.acc)),
                ("1/2D (yd)", half),
                ("Max (yd)", most),
                ("RoF", w.rof),
                ("shots", str(w.shots)),
                ("ST", str(w.st)),
                ("Rcl", str(w.rcl)),
            )
            rows.append(
                CatalogRow(
                    key=w.key,
                    name=w.name,
                    figures=figures,
                    provisional=("every figure: public core (3e), recalled",),
                )
            )
        return rows

    def overlay(self, state: EncounterState, action: Action) -> Overlay:
        from firefight.rulesets.gurps.overlay import gurps_overlay

        return gurps_overlay(state, action)

    def scene_overlay(self, state: EncounterState) -> Overlay:
        from firefight.rulesets.gurps.overlay import watch_overlay

        return watch_overlay(state)

    def outcome_word(self, summary: Mapping[str, Any]) -> ResolvedWord:
        from firefight.rulesets.gurps.results import outcome_word

        return outcome_word(summary)

    def check_data(self) -> list[str]:
        from firefight.rulesets.gurps.data import GurpsData

        # A fresh read, so that a user catalog added since the data was first loaded is checked.
        return [f"data/{name}" for name in GurpsData().check()]

    def user_catalog_kinds(self) -> tuple[str, ...]:
        from firefight.rulesets.gurps.data import USER_KINDS

        return USER_KINDS

    def action_odds(self) -> Sequence[ActionOdds]:
        from firefight.rulesets.gurps.odds import registrations

        return registrations()

    # --- encounter seams: one-second turns in 3e maneuvers (gurps.encounter), imported on
    # first use so that the resolvers load without the encounter layer.

    def combatant_model(self) -> type[BaseModel]:
        from firefight.rulesets.gurps.encounter_model import GurpsCombatant

        return GurpsCombatant

    def new_combatant(self, spec: BaseModel, core: CombatantState) -> CombatantState:
        from firefight.rulesets.gurps.encounter_model import new_gurps_combatant

        return new_gurps_combatant(spec, core)

    def start_round(self, state: EncounterState, round_number: int) -> Outcome:
        return _fight().start_turn(round_number)

    def initiative(self, state: EncounterState, dice: Dice) -> Outcome:
        return _fight().initiative(state)

    def upkeep(self, state: EncounterState) -> Outcome:
        return _fight().nothing()

    def fight_tactics(self) -> Mapping[str, Tactic]:
        from firefight.rulesets.gurps.cover_tactic import covered
        from firefight.rulesets.gurps.tactics import plain, steady

        return {"steady": steady, "covered": covered, "plain": plain}

    def can_still_harm(self, combatant: CombatantState) -> bool:
        from firefight.rulesets.gurps.encounter_model import can_still_harm

        return can_still_harm(combatant)

    def parse_action(self, text: str, state: EncounterState) -> Action:
        from firefight.rulesets.gurps.encounter import parse_gurps_action

        return parse_gurps_action(text, state)

    def action_verbs(self) -> Sequence[Verb]:
        from firefight.rulesets.gurps.encounter import gurps_verbs

        return gurps_verbs()

    def validate(self, state: EncounterState, action: Action) -> None:
        _fight().validate(state, action)

    def resolve(self, state: EncounterState, action: Action, dice: Dice) -> Outcome:
        return _fight().resolve(state, action, dice)

    def resolve_quietly(self, state: EncounterState, action: Action, dice: Dice) -> EncounterState:
        return _fight().resolve_quietly(state, action, dice, self)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        return _fight().fold(state, event)

    def gm_figures(self) -> Mapping[str, str]:
        from firefight.rulesets.gurps.gm_figures import GURPS_GM_FIGURES

        return GURPS_GM_FIGURES

    def gm_figures_not_kept(self) -> Mapping[str, str]:
        from firefight.rulesets.gurps.gm_figures import GURPS_FIGURES_NOT_KEPT

        return GURPS_FIGURES_NOT_KEPT

    def gm_figure_name(self, figure: str) -> str:
        from firefight.rulesets.gurps.gm_figures import GURPS_GM_FIGURE_NAMES

        return GURPS_GM_FIGURE_NAMES.get(figure, figure)

    def set_figure(self, combatant: CombatantState, figure: str, value: int) -> CombatantState:
        from firefight.rulesets.gurps.gm_figures import set_gurps_figure

        return set_gurps_figure(combatant, figure, value)

    def event_types(self) -> Sequence[type[Event]]:
        from firefight.rulesets.gurps.encounter import EVENT_TYPES

        return EVENT_TYPES

    def describe_combatant(self, combatant: CombatantState) -> Mapping[str, object]:
        from firefight.rulesets.gurps.encounter import gurps_figures

        return gurps_figures(combatant)

    def gm_repair(self, state: EncounterState, name: str) -> Sequence[Event]:
        """Refused: gurps armor keeps its DR whole, so there is no wear to take away. Said of
        the armor the table shows: "keeps no armor" read as if the leather were not there."""
        from firefight.errors import RuleRefusal
        from firefight.rulesets.gurps.encounter_model import gurps_stats
        from firefight.scene.events import GM_RULE

        c = state.combatant(name)
        armor = gurps_stats(c).armor
        if armor == "none":
            raise RuleRefusal(GM_RULE, f"{c.name} wears no armor to repair.")
        raise RuleRefusal(
            GM_RULE,
            f"gurps armor takes no wear: {c.name}'s {armor} keeps its DR whole, "
            "so there is nothing to repair.",
        )

    def damage_taken(self, combatant: CombatantState) -> int:
        from firefight.rulesets.gurps.encounter_model import gurps_stats

        return gurps_stats(combatant).lost

    def gm_damage(self, state: EncounterState, name: str, amount: int) -> Sequence[Event]:
        """HP lost (or, below 0, healed back, never past full HP) as the shot's own event,
        with no shock, stun or knockdown: what they lead to is the GM's to set (DEC-415); never
        below the -5 x HP that ``set hp`` keeps too (DEC-855)."""
        from firefight.rulesets.gurps.encounter import GurpsHurt
        from firefight.rulesets.gurps.encounter_model import gurps_stats
        from firefight.rulesets.gurps.gm_figures import check_gm_hits

        c = state.combatant(name)
        check_gm_hits(c, amount)
        injury = amount if amount > 0 else -min(-amount, gurps_stats(c).lost)
        hurt = GurpsHurt(
            target=c.name,
            injury=injury,
            shock=0,
            stunned=False,
            knocked_down=False,
            unconscious=False,
            dead=False,
        )
        return (hurt,)

    def gm_posture(self, state: EncounterState, name: str, posture: Posture) -> Sequence[Event]:
        """Someone knocked down whom the GM sets kneeling or standing is up: the fall is over,
        as a Change Position that rises from it ends it (GUR-CORE-1, DEC-959)."""
        from firefight.geometry import Posture
        from firefight.rulesets.gurps.encounter import GurpsStoodUp
        from firefight.rulesets.gurps.encounter_model import gurps_stats

        c = state.combatant(name)
        if posture is Posture.PRONE or not gurps_stats(c).knocked_down:
            return ()
        return (GurpsStoodUp(actor=c.name),)

    def turn_left(self, combatant: CombatantState) -> str | None:
        """A turn is one maneuver: left until it is taken."""
        from firefight.rulesets.gurps.encounter_model import gurps_stats

        if not combatant.in_fight() or gurps_stats(combatant).acted:
            return None
        return "a maneuver"

    def hits_track(self, combatant: CombatantState) -> tuple[int, int]:
        """HP left (below 0 past the first HT roll) of HP: the shared hits stay unused."""
        from firefight.rulesets.gurps.encounter_model import gurps_stats

        s = gurps_stats(combatant)
        return s.hp_left, s.hp

    def describe_row(
        self, combatant: CombatantState, state: EncounterState | None = None
    ) -> Mapping[str, str]:
        from firefight.rulesets.gurps.encounter import gurps_row

        return gurps_row(combatant)
