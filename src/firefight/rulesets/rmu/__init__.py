"""The rmu ruleset: Rolemaster Unified firearms for a Vampire: The Masquerade chronicle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from firefight.rulesets.base import CatalogRow, Ruleset

if TYPE_CHECKING:
    from pydantic import BaseModel

    from firefight.dice import Dice
    from firefight.events import Event
    from firefight.outcome import Outcome, ResolvedWord
    from firefight.probability.action_odds import ActionOdds
    from firefight.rulesets.rmu.catalog import RmuData
    from firefight.scene.actions import Action
    from firefight.scene.state import CombatantState, EncounterState
    from firefight.scene.svg import Overlay
    from firefight.tables.kinds import TableKind

__all__ = ["RMU", "rmu_data"]


class RMU(Ruleset):
    name = "rmu"
    title = "Rolemaster Unified firearms (VtM conversion)"
    aliases = ("rolemaster",)
    package = "firefight.rulesets.rmu"
    cli_module = "firefight.rulesets.rmu.cli.commands"
    odds_cli_module = "firefight.rulesets.rmu.cli.odds"

    @cached_property
    def data(self) -> RmuData:
        # The catalog (pydantic, the table kinds) loads on first use, not when the installed
        # rulesets are listed.
        from firefight.rulesets.rmu.catalog import RmuData

        return RmuData()

    def outcome_word(self, summary: Mapping[str, Any]) -> ResolvedWord:
        from firefight.rulesets.rmu.results import outcome_word

        return outcome_word(summary)

    def weapon_catalog(self) -> Sequence[CatalogRow]:
        rows = []
        for w in self.data.weapons.values():
            figures = (
                ("caliber", w.caliber),
                ("class", w.weapon_class),
                ("action", w.action.value),
                ("short range", f"{w.short_range_ft} ft"),
                ("magazine", str(w.magazine)),
                ("ME", str(w.me)),
                ("fumble", f"01-{w.fumble:02d}"),
                ("attack table", w.attack_table),
            )
            rows.append(
                CatalogRow(key=w.key, name=w.name, figures=figures, provisional=w.provisional)
            )
        return rows

    def action_odds(self) -> Sequence[ActionOdds]:
        from firefight.rulesets.rmu.odds import registrations

        return registrations()

    def table_kinds(self) -> Sequence[TableKind[Any]]:
        from firefight.rulesets.rmu.table_kinds import TABLE_KINDS

        return TABLE_KINDS

    def overlay(self, state: EncounterState, action: Action) -> Overlay:
        from firefight.rulesets.rmu.overlay import rmu_overlay

        return rmu_overlay(state, action)

    def check_data(self) -> list[str]:
        # A fresh load, so that tables imported since this ruleset was first used are checked too.
        from firefight.rulesets.rmu.catalog import RmuData
        from firefight.rulesets.rmu.explosives import explosive_data
        from firefight.rulesets.rmu.firearm_data import check_firearm_data

        data = RmuData()
        explosive_data.cache_clear()
        explosive_data()
        return [*data.check(), *check_firearm_data(data), "explosives.toml"]

    # --- encounter seams: the rules live in rmu.encounter, rmu.upkeep and rmu.vitals, imported
    # on first use so that the catalog and the shot load without the encounter layer.

    def combatant_model(self) -> type[BaseModel]:
        from firefight.rulesets.rmu.encounter import RmuCombatantFields

        return RmuCombatantFields

    def new_combatant(self, spec: BaseModel, core: CombatantState) -> CombatantState:
        from firefight.rulesets.rmu.encounter import new_rmu_combatant

        return new_rmu_combatant(spec, core)

    def start_round(self, state: EncounterState, round_number: int) -> Outcome:
        from firefight.rulesets.rmu.upkeep import start_round

        return start_round(state, round_number)

    def initiative(self, state: EncounterState, dice: Dice) -> Outcome:
        from firefight.outcome import Outcome
        from firefight.rulesets.rmu.encounter_explosives import detonate_due
        from firefight.rulesets.rmu.upkeep import initiative
        from firefight.scene.apply import apply_all
        from firefight.trace import Trace

        # DEC-306: a fuse that ran out at upkeep goes off with the round change's dice, before
        # initiative, so that nobody it kills rolls for the new round.
        blasts = detonate_due(state, dice, rmu_data())
        if not blasts.events:
            return initiative(state, dice)
        rolled = initiative(apply_all(state, blasts.events, self), dice)
        return Outcome(
            events=(*blasts.events, *rolled.events),
            trace=Trace((*blasts.trace.entries, *rolled.trace.entries)),
            summary={**blasts.summary, **rolled.summary},
        )

    def upkeep(self, state: EncounterState) -> Outcome:
        from firefight.outcome import Outcome
        from firefight.rulesets.rmu import upkeep as _registers_kinds  # noqa: F401
        from firefight.scene.apply import apply
        from firefight.scene.conditions import run_upkeep
        from firefight.trace import Trace

        events, _ = run_upkeep(state, lambda s, e: apply(s, e, self))
        return Outcome(events=events, trace=Trace(), summary={})

    def user_catalog_kinds(self) -> tuple[str, ...]:
        from firefight.rulesets.rmu.catalog import USER_KINDS

        return USER_KINDS

    def action_words(self) -> Mapping[str, Sequence[str]]:
        from firefight.rulesets.rmu.encounter_actions import action_words

        return action_words()

    def parse_action(self, text: str, state: EncounterState) -> Action:
        from firefight.rulesets.rmu.encounter_actions import parse_rmu_action

        return parse_rmu_action(text, state)

    def validate(self, state: EncounterState, action: Action) -> None:
        from firefight.rulesets.rmu.encounter import validate_rmu_action

        validate_rmu_action(state, action)

    def resolve(self, state: EncounterState, action: Action, dice: Dice) -> Outcome:
        from firefight.rulesets.rmu.encounter import resolve_rmu_action

        return resolve_rmu_action(state, action, dice)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        from firefight.rulesets.rmu.encounter import apply_rmu_event

        return apply_rmu_event(state, event)

    def describe_event(self, event: Event, state: EncounterState) -> str | None:
        from firefight.rulesets.rmu.encounter import describe_rmu_event

        return describe_rmu_event(event, state)

    def describe_combatant(self, combatant: CombatantState) -> Mapping[str, object]:
        from firefight.rulesets.rmu.encounter import rmu_combatant_figures

        return rmu_combatant_figures(combatant)

    def describe_row(self, combatant: CombatantState) -> Mapping[str, str]:
        """The shared row with a ``firearms`` column after the weapons: what the firearm
        actions left on them (a preparation's share, a jam, sweeps, an AP cap, a dash's cover
        share), each with the round it belongs to."""
        from firefight.rulesets.rmu.vitals import rmu_stats

        row: dict[str, str] = {}
        for heading, cell in super().describe_row(combatant).items():
            row[heading] = cell
            if heading == "weapons":
                row["firearms"] = rmu_stats(combatant).fire.brief() or "-"
        return row


def rmu_data() -> RmuData:
    """The registered rmu ruleset's data, so that every encounter module shares one load."""
    from firefight.rulesets import find_ruleset

    ruleset = find_ruleset("rmu")
    assert isinstance(ruleset, RMU)
    return ruleset.data
