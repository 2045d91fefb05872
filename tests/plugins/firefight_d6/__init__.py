"""A toy ruleset that proves the plug-in seams: one d6 against a target number.

It lives outside the ``firefight`` package and is found only through the ``firefight.rulesets``
entry point its test installs, so it gets command-line commands, encounter actions, odds and a
kind of data table without any edit to the core.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from firefight.rulesets.base import CatalogRow, Ruleset

if TYPE_CHECKING:
    from pydantic import BaseModel

    from firefight.dice import Dice
    from firefight.events import Event
    from firefight.outcome import Outcome
    from firefight.probability.action_odds import ActionOdds
    from firefight.scene.actions import Action
    from firefight.scene.state import CombatantState, EncounterState
    from firefight.tables.kinds import TableKind

__all__ = ["D6"]


class D6(Ruleset):
    name = "d6"
    title = "d6 against a target number (test plug-in)"
    package = "firefight_d6"
    cli_module = "firefight_d6.cli"
    odds_cli_module = "firefight_d6.odds_cli"

    def weapon_catalog(self) -> Sequence[CatalogRow]:
        return [CatalogRow(key="sling", name="Sling", figures=(("damage", "1 wound"),))]

    def check_data(self) -> list[str]:
        from firefight_d6.rules import tables

        return [str(len(tables())) + " tables"]

    def action_odds(self) -> Sequence[ActionOdds]:
        from firefight_d6.rules import registrations

        return registrations()

    def table_kinds(self) -> Sequence[TableKind[Any]]:
        from firefight_d6.rules import LADDER

        return (LADDER,)

    def combatant_model(self) -> type[BaseModel]:
        from firefight_d6.encounter import D6Combatant

        return D6Combatant

    def new_combatant(self, spec: BaseModel, core: CombatantState) -> CombatantState:
        from firefight_d6.encounter import new_combatant

        return new_combatant(spec, core)

    def start_round(self, state: EncounterState, round_number: int) -> Outcome:
        from firefight_d6.encounter import start_round

        return start_round(round_number)

    def initiative(self, state: EncounterState, dice: Dice) -> Outcome:
        from firefight_d6.encounter import in_scene_order

        return in_scene_order(state)

    def can_still_harm(self, combatant: CombatantState) -> bool:
        # The toy's fighters shoot with no weapon of the core's (the default asks for one).
        return True

    def upkeep(self, state: EncounterState) -> Outcome:
        from firefight_d6.encounter import nothing

        return nothing()

    def parse_action(self, text: str, state: EncounterState) -> Action:
        from firefight_d6.encounter import parse_action

        return parse_action(text, state)

    def validate(self, state: EncounterState, action: Action) -> None:
        from firefight_d6.encounter import validate

        validate(state, action)

    def resolve(self, state: EncounterState, action: Action, dice: Dice) -> Outcome:
        from firefight_d6.encounter import resolve

        return resolve(state, action, dice)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        from firefight_d6.encounter import apply

        return apply(state, event)

    def event_types(self) -> Sequence[type[Event]]:
        from firefight_d6.encounter import D6Acted, D6RoundStarted, D6Wounded

        return (D6RoundStarted, D6Acted, D6Wounded)

    def describe_combatant(self, combatant: CombatantState) -> Mapping[str, object]:
        from firefight_d6.encounter import figures

        return figures(combatant)
