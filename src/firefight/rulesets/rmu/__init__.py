"""The rmu ruleset: Rolemaster Unified firearms for a Vampire: The Masquerade chronicle."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from firefight.errors import RuleRefusal

# Imported here, not in rmu_data: an import statement naming a package's attribute runs
# importlib's Python-level fromlist handling, and rmu_data is read a hundred times a fight.
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import CatalogRow, Ruleset, states_begun

if TYPE_CHECKING:
    from pydantic import BaseModel

    from firefight.cheatsheet import Section
    from firefight.dice import Dice
    from firefight.events import Event
    from firefight.outcome import Outcome, ResolvedWord
    from firefight.probability.action_odds import ActionOdds
    from firefight.rulesets.rmu.catalog import RmuData
    from firefight.scene.actions import Action
    from firefight.scene.events import StatusSet
    from firefight.scene.lines import Verb
    from firefight.scene.state import CombatantState, EncounterState, RulesetState
    from firefight.scene.svg import Overlay
    from firefight.scene.tactics import Tactic
    from firefight.tables.kinds import TableKind

__all__ = ["RMU", "rmu_data"]


class _Fight(NamedTuple):
    """What a fight calls at every event, action and turn: rmu's fold, the quiet resolution,
    the break-off test."""

    fold: Callable[[EncounterState, Event], EncounterState]
    resolve_quietly: Callable[[EncounterState, Action, Dice, RMU], EncounterState]
    can_still_harm: Callable[[CombatantState], bool]
    validate: Callable[[EncounterState, Action], None]


@cache
def _fight() -> _Fight:
    """Imported on first use (not when the rulesets are listed), then looked up once: an
    import statement inside a function is far from free, and a fight would run one at each of
    its couple of hundred events."""
    from firefight.rulesets.rmu.encounter import (
        apply_rmu_event,
        resolve_rmu_quietly,
        validate_rmu_action,
    )
    from firefight.rulesets.rmu.tactics import can_still_harm

    return _Fight(
        fold=apply_rmu_event,
        resolve_quietly=resolve_rmu_quietly,
        can_still_harm=can_still_harm,
        validate=validate_rmu_action,
    )


class _Rounds(NamedTuple):
    """What every change of round calls: upkeep (R-4), rmu's start of a round, what is due
    before initiative, initiative."""

    end_round: Callable[[EncounterState, RMU], tuple[Outcome, EncounterState]]
    start_round: Callable[[EncounterState, int], Outcome]
    start_round_events: Callable[[EncounterState, int], Sequence[Event]]
    still_burning: Callable[[EncounterState], Sequence[CombatantState]]
    initiative: Callable[[EncounterState, Dice], Outcome]
    initiative_events: Callable[[EncounterState, Dice], Sequence[Event]]


def _nothing_due(state: EncounterState) -> bool:
    """Whether nothing is due before initiative. Every step before it reads a condition in the
    scene (a fire on a mortal, a fuse, a grenade just landed) or a burning Kindred: with
    neither, none has anything to do, and most round changes of most fights are like this."""
    return not state.conditions and not _rounds().still_burning(state)


@cache
def _rounds() -> _Rounds:
    """Imported on first use, then looked up once, as :func:`_fight` is: a fight changes round
    a dozen times, and each change would otherwise run half a dozen import statements."""
    from firefight.rulesets.rmu import upkeep  # registers R-4's condition kinds
    from firefight.rulesets.rmu.kindred_fire import still_burning

    return _Rounds(
        end_round=upkeep.end_round,
        start_round=upkeep.start_round,
        start_round_events=upkeep.start_round_events,
        still_burning=still_burning,
        initiative=upkeep.initiative,
        initiative_events=upkeep.initiative_events,
    )


class RMU(Ruleset):
    name = "rmu"
    round_seconds = 5.0  # RMU-GEN-1: a round is 5 seconds
    example_action = ("shoots", "--ap 3")
    example_rolls = "77, 42"  # d100s
    title = "Rolemaster Unified firearms (VtM conversion)"
    aliases = ("rolemaster",)
    package = "firefight.rulesets.rmu"
    cli_module = "firefight.rulesets.rmu.cli.commands"
    odds_cli_module = "firefight.rulesets.rmu.cli.odds"
    odds_cli_parts = ("app", "sweep_app", "report")
    # The quiet resolution validates first itself (resolve_rmu_quietly).
    resolve_validates = True
    quick_commands: ClassVar[Mapping[str, str]] = {"shoot": "firefight.rulesets.rmu.cli.shot"}

    def example_line(self, state: EncounterState, actor: str | None = None) -> str | None:
        """A shot, as every ruleset's example, but of someone with a gun: the kindred
        ambush's help offered "Mara shoots Jonah --ap 3" of a Mara with none. Unarmed, a
        Kindred bites (RMU-BITE-1) and anyone else grapples (DEC-343). The attack fits the AP
        they have left (R-6, DEC-931): a hastier one when the default would be refused, and
        none at all (None) when even the hastiest would be."""
        from firefight.rulesets.rmu.kindred_vitals import sheet_of
        from firefight.rulesets.rmu.melee.figures import melee_figures
        from firefight.rulesets.rmu.vitals import vitals
        from firefight.scene.lines import example_line

        who = state.find(actor) if actor else (state.combatants[0] if state.combatants else None)
        if who is None:
            return super().example_line(state, actor)
        # Each attack's default AP is the most it takes; the shot's example says so.
        if who.weapons:
            verb, (low, most), said = "shoots", self.data.rules.ranged_attack_ap, True
        else:
            verb = "bites" if sheet_of(who) is not None else "grapples"
            (low, most), said = melee_figures().attack_ap, False
        left = vitals(who).ap_left
        if left < low:
            return None
        line = example_line(state, verb, who.name)
        return f"{line} --ap {min(left, most)}" if said or left < most else line

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

    def odds_of(self, kind: type[Any]) -> ActionOdds | None:
        from firefight.rulesets.rmu.odds import registration

        return registration(kind)

    def table_kinds(self) -> Sequence[TableKind[Any]]:
        from firefight.rulesets.rmu.table_kinds import TABLE_KINDS

        return TABLE_KINDS

    def cheatsheet(self) -> Sequence[Section]:
        from firefight.rulesets.rmu.cheatsheet import rmu_cheatsheet

        return rmu_cheatsheet()

    def overlay(self, state: EncounterState, action: Action) -> Overlay:
        from firefight.rulesets.rmu.overlay import rmu_overlay

        return rmu_overlay(state, action)

    def check_data(self) -> list[str]:
        # A fresh load, so that tables imported since this ruleset was first used are checked too.
        from firefight.rulesets.rmu.catalog import RmuData
        from firefight.rulesets.rmu.explosives import explosive_data
        from firefight.rulesets.rmu.firearm_data import check_firearm_data
        from firefight.rulesets.rmu.kindred_figures import kindred_figures
        from firefight.rulesets.rmu.melee.checks import check_melee_data

        data = RmuData(validate=True)
        kindred_figures(validate=True)
        explosive_data.cache_clear()
        explosive_data()
        return [
            *data.check(),
            *check_firearm_data(data),
            "explosives.toml",
            *check_melee_data(data),
        ]

    # --- encounter seams: the rules live in rmu.encounter, rmu.upkeep and rmu.vitals, imported
    # on first use so that the catalog and the shot load without the encounter layer.

    def combatant_model(self) -> type[BaseModel]:
        from firefight.rulesets.rmu.encounter import RmuCombatantFields

        return RmuCombatantFields

    def scenario_rules_model(self) -> type[BaseModel]:
        from firefight.rulesets.rmu.file_models import RmuRulesModel

        return RmuRulesModel

    def new_scene(self, rules: BaseModel | None) -> RulesetState | None:
        from firefight.rulesets.rmu.file_models import RmuRulesModel
        from firefight.rulesets.rmu.kindred_rules import new_rmu_scene

        assert rules is None or isinstance(rules, RmuRulesModel)
        return new_rmu_scene(rules)

    def new_combatant(self, spec: BaseModel, core: CombatantState) -> CombatantState:
        from firefight.rulesets.rmu.encounter import new_rmu_combatant

        return new_rmu_combatant(spec, core)

    def joined(self, c: CombatantState) -> CombatantState:
        from firefight.rulesets.rmu.encounter import joined_round

        return joined_round(c)

    def start_round(self, state: EncounterState, round_number: int) -> Outcome:
        return _rounds().start_round(state, round_number)

    def start_round_events(self, state: EncounterState, round_number: int) -> Sequence[Event]:
        return _rounds().start_round_events(state, round_number)

    def initiative(self, state: EncounterState, dice: Dice) -> Outcome:
        if _nothing_due(state):
            return _rounds().initiative(state, dice)
        return self._due_then_initiative(state, dice)

    def initiative_events(self, state: EncounterState, dice: Dice) -> Sequence[Event]:
        if _nothing_due(state):
            return _rounds().initiative_events(state, dice)
        return self._due_then_initiative(state, dice).events

    def _due_then_initiative(self, state: EncounterState, dice: Dice) -> Outcome:
        """What is due before initiative (fuses run out, fires, grenades just landed), then
        initiative."""
        from firefight.outcome import Outcome
        from firefight.rulesets.rmu.burning import burn_due
        from firefight.rulesets.rmu.encounter_explosives import detonate_due
        from firefight.rulesets.rmu.grenade_reactions import notice_landed
        from firefight.rulesets.rmu.kindred_fire import burn_due as burn_kindred
        from firefight.rulesets.rmu.kindred_fire import with_fire
        from firefight.rulesets.rmu.merged import Merged
        from firefight.rulesets.rmu.upkeep import initiative
        from firefight.scene.apply import apply_all
        from firefight.trace import Trace

        # DEC-306: a fuse that ran out at upkeep goes off with the round change's dice, before
        # initiative, so that nobody it kills rolls for the new round. The fires already
        # burning, mortal or Kindred, deal their critical first, so that a fire lit by this
        # blast waits a round (DEC-384, V-5, DEC-366 as revised by DEC-837); then everyone
        # sees what has just landed (RMU-EXP-10).
        def blasts(state: EncounterState, dice: Dice, data: RmuData) -> Outcome:
            return with_fire(state, detonate_due(state, dice, data))

        data = rmu_data()
        steps = []
        for step in (burn_due, burn_kindred, blasts, notice_landed):
            done = step(state, dice, data)
            state = apply_all(state, done.events, self)
            steps.append(done)
        rolled = initiative(state, dice)
        if not any(done.events for done in steps):
            return rolled
        return Outcome(
            events=(*(e for done in steps for e in done.events), *rolled.events),
            trace=Trace(
                (*(t for done in steps for t in done.trace.entries), *rolled.trace.entries)
            ),
            result=Merged(
                main=rolled.result, before=tuple(done.result for done in steps if done.events)
            ),
        )

    def upkeep(self, state: EncounterState) -> Outcome:
        return self.end_round(state)[0]

    def end_round(self, state: EncounterState) -> tuple[Outcome, EncounterState]:
        return _rounds().end_round(state, self)

    def fight_tactics(self) -> Mapping[str, Tactic]:
        from firefight.rulesets.rmu.cover_tactic import covered
        from firefight.rulesets.rmu.tactics import aimed
        from firefight.scene.tactics import plain

        return {"aimed": aimed, "covered": covered, "plain": plain}

    def user_catalog_kinds(self) -> tuple[str, ...]:
        from firefight.rulesets.rmu.catalog import USER_KINDS

        return USER_KINDS

    def can_still_harm(self, combatant: CombatantState) -> bool:
        return _fight().can_still_harm(combatant)

    def parse_action(self, text: str, state: EncounterState) -> Action:
        from firefight.rulesets.rmu.encounter_actions import parse_rmu_action

        return parse_rmu_action(text, state)

    def action_verbs(self) -> Sequence[Verb]:
        from firefight.rulesets.rmu.encounter_actions import rmu_verbs

        return rmu_verbs()

    def validate(self, state: EncounterState, action: Action) -> None:
        _fight().validate(state, action)

    def resolve(self, state: EncounterState, action: Action, dice: Dice) -> Outcome:
        from firefight.rulesets.rmu.encounter import resolve_rmu_action

        return resolve_rmu_action(state, action, dice)

    def resolve_quietly(self, state: EncounterState, action: Action, dice: Dice) -> EncounterState:
        return _fight().resolve_quietly(state, action, dice, self)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        return _fight().fold(state, event)

    def gm_figures(self) -> Mapping[str, str]:
        from firefight.rulesets.rmu.gm_figures import RMU_GM_FIGURES

        return RMU_GM_FIGURES

    def gm_figure_name(self, figure: str) -> str:
        from firefight.rulesets.rmu.gm_figures import RMU_GM_FIGURE_NAMES

        return RMU_GM_FIGURE_NAMES.get(figure, figure)

    def set_figure(self, combatant: CombatantState, figure: str, value: int) -> CombatantState:
        from firefight.rulesets.rmu.gm_figures import set_rmu_figure

        return set_rmu_figure(combatant, figure, value)

    def apply_status(self, state: EncounterState, event: StatusSet) -> EncounterState:
        """The GM's up, unconscious or dead, through the fall a blow's brings (DEC-700): whoever
        it puts down lies prone (S-1, DEC-72); a Kindred's read as V-2 reads them (DEC-702)."""
        from firefight.rulesets.rmu.kindred_rules import kindred_rules
        from firefight.rulesets.rmu.kindred_vitals import kindred_set
        from firefight.rulesets.rmu.vitals import fall
        from firefight.scene.apply import named_in_log, status_flags

        unconscious, dead = status_flags(event)
        c = fall(named_in_log(state, event.target), unconscious=unconscious, dead=dead)
        return state.with_combatant(kindred_set(c, kindred_rules(state)))

    def describe_event(self, event: Event, state: EncounterState) -> str | None:
        from firefight.rulesets.rmu.encounter import describe_rmu_event

        return describe_rmu_event(event, state)

    def describe_combatant(self, combatant: CombatantState) -> Mapping[str, object]:
        from firefight.rulesets.rmu.encounter import rmu_combatant_figures

        return rmu_combatant_figures(combatant)

    def describe_row(
        self, combatant: CombatantState, state: EncounterState | None = None
    ) -> Mapping[str, str]:
        """The shared row with rmu's AP, penalty, conditions, armor wear and a ``firearms``
        column: what the firearm actions left on them, each with the round it belongs to. A
        Kindred's state cell reads their sheet."""
        from firefight.rulesets.rmu.burning import burning_on
        from firefight.rulesets.rmu.state_words import rmu_row, rmu_status
        from firefight.rulesets.rmu.vitals import rmu_stats

        row = dict(rmu_row(combatant, self.describe_combatant(combatant)))
        stats = rmu_stats(combatant)
        if stats.kindred is not None:
            # A Kindred's state cell says torpor, staked, Final Death and Hunger (V-2..V-4):
            # mortals' rows keep the columns they always had.
            row["state"] = stats.kindred.status(combatant.posture.value)
        elif state is not None and burning_on(state, combatant.name) is not None:
            # DEC-972: a mortal's fire is the scene's (it counts down), a Kindred's their
            # sheet's; the cell says "burning" for both, where a Kindred's did alone.
            row["state"] = f"{rmu_status(combatant)}, burning, {combatant.posture.value}"
        gassed = stats.afflictions.brief()  # CS, held breath, blind, deaf (RMU-EXP-16, -17)
        if gassed and not combatant.dead:
            row["conditions"] = (
                gassed if row["conditions"] == "-" else f"{row['conditions']}, {gassed}"
            )
        return row

    def turn_left(self, combatant: CombatantState) -> str | None:
        """The AP left this round (R-6), for the session's prompt and ENC-ORDER."""
        from firefight.rulesets.rmu.vitals import vitals

        ap = vitals(combatant).ap_left
        if not combatant.in_fight() or ap <= 0:
            return None
        return f"{ap} AP"

    def gm_parted(
        self, state: EncounterState, name: str, *, leaving: bool = False
    ) -> Sequence[Event]:
        from firefight.rulesets.rmu.melee.encounter import ties_out_of_reach

        return ties_out_of_reach(state, name, leaving=leaving)

    def gm_repair(self, state: EncounterState, name: str) -> Sequence[Event]:
        """A GM's ``repair NAME``: the body armor worn made whole (no wear, not broken)."""
        from firefight.rulesets.rmu.vitals import armor_of
        from firefight.scene.events import GM_RULE, ArmorRepaired

        c = state.combatant(name)
        if armor_of(c) is None:
            raise RuleRefusal(GM_RULE, f"{c.name} wears no armor to repair.")
        return (ArmorRepaired(wearer=c.name),)

    def status(self, combatant: CombatantState) -> str:
        from firefight.rulesets.rmu.state_words import rmu_status

        return rmu_status(combatant)

    def went_down(self, before: CombatantState, after: CombatantState) -> str | None:
        from firefight.rulesets.rmu.state_words import rmu_went_down

        return rmu_went_down(before, after)

    def adopt_legacy_figures(
        self, stats: dict[str, Any], figures: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The running figures version 1 snapshots kept on the shared combatant go to
        :class:`~firefight.rulesets.rmu.vitals.RmuStats`: the armor to ``armor``, the rest to
        ``vitals``, under the same names."""
        vitals = {k: v for k, v in figures.items() if k != "armor"}
        armor = {"armor": figures["armor"]} if "armor" in figures else {}
        return {**stats, "vitals": {**stats.get("vitals", {}), **vitals}, **armor}

    def odds_effects(self, before: EncounterState, after: EncounterState) -> Sequence[str]:
        """Dying as well as down for mortals; torpor, the stake, the fire and Final Death for
        Kindred (V-2, V-3, V-5); holds and lodged fangs as the conditions they are."""
        from firefight.rulesets.rmu.state_words import rmu_state_words

        return states_begun(before, after, rmu_state_words)

    def odds_pending(self, state: EncounterState) -> str | None:
        """A grenade thrown goes off a round after it lands (RMU-EXP-9): past the round's end
        the odds run to, so they say it is not counted."""
        from firefight.rulesets.rmu.explosives_view import blasts_to_come

        return blasts_to_come(state)

    def describe_scene(self, state: EncounterState) -> Sequence[str]:
        """The barriers (dashing to cover names one); who holds whom and who parries (the melee
        conditions); lodged fangs and a stake going in; live grenades with their fuse, clouds
        with the rounds they have left, fires."""
        from firefight.rulesets.rmu.explosives_view import scene_lines
        from firefight.rulesets.rmu.kindred_feeding import fangs_scene_lines
        from firefight.rulesets.rmu.kindred_stakes import stake_scene_lines
        from firefight.rulesets.rmu.melee.encounter import melee_scene_lines

        return [
            *super().describe_scene(state),
            *melee_scene_lines(state),
            *fangs_scene_lines(state),
            *stake_scene_lines(state),
            *scene_lines(state),
        ]

    def scene_overlay(self, state: EncounterState) -> Overlay:
        from firefight.rulesets.rmu.explosives_view import explosives_overlay

        return explosives_overlay(state)


def rmu_data() -> RmuData:
    """The registered rmu ruleset's data, so that every encounter module shares one load."""
    ruleset = find_ruleset("rmu")
    assert isinstance(ruleset, RMU)
    return ruleset.data
