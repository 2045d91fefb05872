"""The cpr ruleset: d10 + skill against a DV, in the style of Cyberpunk RED (001).

Resolvers (pure; each takes a frozen declaration, a :class:`~firefight.dice.Dice` and the
:class:`CprData`, and returns an :class:`~firefight.outcome.Outcome`):

- :func:`~firefight.rulesets.cpr.attack.resolve_ranged_attack` -- single shots, ROF 2, aimed shots
- :func:`~firefight.rulesets.cpr.autofire.resolve_autofire` -- autofire (C-5)
- :func:`~firefight.rulesets.cpr.suppression.resolve_suppression` -- suppressive fire (C-6)
- :func:`~firefight.rulesets.cpr.shotgun.resolve_shotgun_shells` -- shotgun shells (C-7)
- :func:`~firefight.rulesets.cpr.explosives.resolve_explosion` -- explosives (C-8)
- :func:`~firefight.rulesets.cpr.throwing.resolve_throw` -- throwing (CPR-THR-1)
- :func:`~firefight.rulesets.cpr.reload.resolve_reload` -- reloading (CPR-AMMO-1)
- :func:`~firefight.rulesets.cpr.damage_roll.resolve_damage_roll` -- damage for a decided hit

In an encounter (docs/cpr.md, "In an encounter") the seams below build those declarations
from the state and fold the events back: :mod:`.encounter_model` (the scenario's combatants),
:mod:`.encounter_actions` (action lines), :mod:`.turns` (a Move and an Action per turn,
initiative, the end of a turn), :mod:`.encounter` (validate, resolve, apply, describe).

This package imports nothing from any other ruleset: what rulesets share lives below them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

# Imported here, not in cpr_data: an import statement naming a package's attribute runs
# importlib's Python-level fromlist handling, and cpr_data is read at every simulated turn.
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import CatalogRow, Ruleset

if TYPE_CHECKING:
    from pydantic import BaseModel

    from firefight.cheatsheet import Section
    from firefight.dice import Dice
    from firefight.events import Event
    from firefight.outcome import Outcome, ResolvedWord
    from firefight.probability.action_odds import ActionOdds
    from firefight.rulesets.cpr.data import CprData
    from firefight.scene.actions import Action
    from firefight.scene.events import ArmorRepaired, StatusSet
    from firefight.scene.lines import Verb
    from firefight.scene.state import Barrier, CombatantState, EncounterState
    from firefight.scene.svg import Overlay
    from firefight.scene.tactics import Tactic

__all__ = ["CPR", "CprData", "cpr_data"]


class _Fight(NamedTuple):
    """What a fight calls at every event, action and turn: cpr's fold (and the GM's repair it
    hands elsewhere), the resolution, the turn's start and its end (which folds each of its
    events as it goes), the break-off test."""

    fold: Callable[[EncounterState, Event], EncounterState]
    armor_repaired: type[ArmorRepaired]
    resolve: Callable[[EncounterState, Action, Dice, CprData], Outcome]
    resolve_quietly: Callable[[EncounterState, Action, Dice, CprData, Ruleset], EncounterState]
    start_turn: Callable[[EncounterState, int], Outcome]
    turn_rolls: Callable[[EncounterState, Dice, CprData], Outcome]
    end_turn: Callable[
        [EncounterState, CprData, Callable[[EncounterState, Event], EncounterState]], Outcome
    ]
    apply: Callable[[EncounterState, Event, Ruleset], EncounterState]
    can_still_harm: Callable[[CombatantState], bool]


@cache
def _fight() -> _Fight:
    """Imported on first use (not when the rulesets are listed), then looked up once: an
    import statement inside a function is far from free, and a fight would run a couple at
    each of its hundred events."""
    from firefight.rulesets.cpr.encounter import (
        apply_cpr_event,
        resolve_cpr_action,
        resolve_cpr_quietly,
    )
    from firefight.rulesets.cpr.tactics import can_still_harm
    from firefight.rulesets.cpr.turns import end_turn, start_turn, turn_rolls
    from firefight.scene.apply import apply
    from firefight.scene.events import ArmorRepaired

    return _Fight(
        fold=apply_cpr_event,
        armor_repaired=ArmorRepaired,
        resolve=resolve_cpr_action,
        resolve_quietly=resolve_cpr_quietly,
        start_turn=start_turn,
        turn_rolls=turn_rolls,
        end_turn=end_turn,
        apply=apply,
        can_still_harm=can_still_harm,
    )


class CPR(Ruleset):
    name = "cpr"
    round_seconds = 3.0  # public core rules: a round is about 3 seconds (DEC-541)
    # validate_cpr_action is the resolver itself, stopped at its first die.
    resolve_validates = True
    title = "d10 + skill vs DV (Cyberpunk RED style)"
    aliases = ("cyberpunk-red", "cyberpunk")
    package = "firefight.rulesets.cpr"
    scene_unit = "m"  # C-2: cpr measures in metres
    example_action = ("shoots", "--aim head")
    example_rolls = "7, 4, 6"  # the attack's d10, then the damage d6s
    damage_noun = ("HP", "HP")
    cli_module = "firefight.rulesets.cpr.cli.commands"
    # A scripted shot runs without typer (firefight.cli.quick; DEC-511, DEC-561).
    quick_commands: ClassVar[Mapping[str, str]] = {
        "shoot": "firefight.rulesets.cpr.cli.shot",
        "autofire": "firefight.rulesets.cpr.cli.shot",
    }
    odds_cli_module = "firefight.rulesets.cpr.cli.odds"

    @cached_property
    def data(self) -> CprData:
        return _data_class()()

    def cheatsheet(self) -> Sequence[Section]:
        from firefight.rulesets.cpr.cheatsheet import cpr_cheatsheet

        return cpr_cheatsheet()

    def overlay(self, state: EncounterState, action: Action) -> Overlay:
        from firefight.rulesets.cpr.overlay import cpr_overlay

        return cpr_overlay(state, action, self.data)

    def action_odds(self) -> Sequence[ActionOdds]:
        from firefight.rulesets.cpr.odds import registrations

        return registrations()

    def outcome_word(self, summary: Mapping[str, Any]) -> ResolvedWord:
        from firefight.rulesets.cpr.results import outcome_word

        return outcome_word(summary)

    def weapon_catalog(self) -> Sequence[CatalogRow]:
        rows = []
        for w in self.data.weapons.values():
            figures = (
                ("kind", w.kind.value),
                ("skill", w.skill),
                ("damage", w.damage_label),
                ("ROF", str(w.rof)),
                ("magazine", str(w.magazine) if w.magazine is not None else "—"),
                ("autofire cap", str(w.autofire_cap) if w.autofire_cap is not None else "—"),
                ("range row", w.range_row or "—"),
                ("halves SP", "yes" if w.halves_sp else "no"),
            )
            rows.append(CatalogRow(key=w.key, name=w.name, figures=figures))
        return rows

    def check_data(self) -> list[str]:
        # Validated against the files' models, as the tests hold the shipped files (DEC-560).
        return [f"data/{name}" for name in _data_class()(validate=True).check()]

    # --- encounter seams: the rules live in cpr.encounter and cpr.turns, imported on first
    # use so that the resolvers load without the encounter layer.

    def combatant_model(self) -> type[BaseModel]:
        from firefight.rulesets.cpr.encounter_model import CprCombatantFields

        return CprCombatantFields

    def check_barrier(self, barrier: Barrier) -> None:
        """A barrier's cover kind names a material and thin or thick (C-13)."""
        if barrier.cover:
            self.data.cover.hp_of(barrier.cover)

    def new_combatant(self, spec: BaseModel, core: CombatantState) -> CombatantState:
        from firefight.rulesets.cpr.encounter_model import new_cpr_combatant

        return new_cpr_combatant(spec, core)

    def joined(self, c: CombatantState) -> CombatantState:
        from firefight.rulesets.cpr.encounter import joined_turn

        return joined_turn(c)

    def start_round(self, state: EncounterState, round_number: int) -> Outcome:
        return _fight().start_turn(state, round_number)

    def initiative(self, state: EncounterState, dice: Dice) -> Outcome:
        """The rolls of a turn's start: initiative for newcomers (C-11), then the death saves
        of the mortally wounded in the queue's order (C-12)."""
        return _fight().turn_rolls(state, dice, self.data)

    def upkeep(self, state: EncounterState) -> Outcome:
        fight = _fight()
        return fight.end_turn(state, self.data, lambda s, e: fight.apply(s, e, self))

    def user_catalog_kinds(self) -> tuple[str, ...]:
        from firefight.rulesets.cpr.datafile import USER_KINDS

        return USER_KINDS

    def fight_tactics(self) -> Mapping[str, Tactic]:
        from firefight.rulesets.cpr.cover_tactic import covered
        from firefight.rulesets.cpr.tactics import sharp
        from firefight.scene.tactics import plain

        return {"sharp": sharp, "covered": covered, "plain": plain}

    def can_still_harm(self, combatant: CombatantState) -> bool:
        return _fight().can_still_harm(combatant)

    def parse_action(self, text: str, state: EncounterState) -> Action:
        from firefight.rulesets.cpr.encounter_actions import parse_cpr_action

        return parse_cpr_action(text, state)

    def action_verbs(self) -> Sequence[Verb]:
        from firefight.rulesets.cpr.encounter_actions import cpr_verbs

        return cpr_verbs()

    def validate(self, state: EncounterState, action: Action) -> None:
        from firefight.rulesets.cpr.encounter import validate_cpr_action

        validate_cpr_action(state, action, self.data)

    def resolve(self, state: EncounterState, action: Action, dice: Dice) -> Outcome:
        return _fight().resolve(state, action, dice, self.data)

    def resolve_quietly(self, state: EncounterState, action: Action, dice: Dice) -> EncounterState:
        return _fight().resolve_quietly(state, action, dice, self.data, self)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        fight = _fight()
        if isinstance(event, fight.armor_repaired):
            # Imported only for a GM's repair: every event of a fight comes through here.
            from firefight.rulesets.cpr.gm_figures import repaired
            from firefight.scene.apply import named_in_log

            return state.with_combatant(repaired(named_in_log(state, event.wearer)))
        return fight.fold(state, event)

    def apply_status(self, state: EncounterState, event: StatusSet) -> EncounterState:
        """The GM's up, unconscious or dead; a death ends the loads on them (DEC-789)."""
        from firefight.rulesets.cpr.lasting import death_ends_loads

        state = super().apply_status(state, event)
        return (
            death_ends_loads(state, event.target) if state.combatant(event.target).dead else state
        )

    def gm_figures(self) -> Mapping[str, str]:
        from firefight.rulesets.cpr.gm_figures import CPR_GM_FIGURES

        return CPR_GM_FIGURES

    def gm_figure_name(self, figure: str) -> str:
        from firefight.rulesets.cpr.gm_figures import CPR_GM_FIGURE_NAMES

        return CPR_GM_FIGURE_NAMES.get(figure, figure)

    def set_figure(self, combatant: CombatantState, figure: str, value: int) -> CombatantState:
        from firefight.rulesets.cpr.gm_figures import set_cpr_figure

        return set_cpr_figure(combatant, figure, value)

    def gm_damage(self, state: EncounterState, name: str, amount: int) -> Sequence[Event]:
        """The shared damage track's HP, never below the -999 HP left that ``set hp``, a
        scenario and the command line keep (DEC-188, DEC-855)."""
        from firefight.rulesets.cpr.gm_figures import check_gm_hits

        check_gm_hits(state.combatant(name), amount)
        return super().gm_damage(state, name, amount)

    def gm_repair(self, state: EncounterState, name: str) -> Sequence[Event]:
        """A GM's ``repair NAME``: body and head armor back at their full SP (C-3)."""
        from firefight.errors import RuleRefusal
        from firefight.rulesets.cpr.fighter import fighter
        from firefight.scene.events import GM_RULE, ArmorRepaired

        c = state.combatant(name)
        if not (fighter(c).body_sp_max or fighter(c).head_sp_max):
            raise RuleRefusal(GM_RULE, f"{c.name} wears no armor to repair.")
        return (ArmorRepaired(wearer=c.name),)

    def event_types(self) -> Sequence[type[Event]]:
        from firefight.rulesets.cpr.encounter import EVENT_TYPES

        return EVENT_TYPES

    def describe_event(self, event: Event, state: EncounterState) -> str | None:
        from firefight.rulesets.cpr.encounter import describe_cpr_event

        return describe_cpr_event(event, state, self.data)

    def describe_combatant(self, combatant: CombatantState) -> Mapping[str, object]:
        from firefight.rulesets.cpr.encounter import cpr_combatant_figures

        return cpr_combatant_figures(combatant, self.data)

    def describe_scene(self, state: EncounterState) -> Sequence[str]:
        from firefight.rulesets.cpr.encounter import cpr_scene_lines

        return cpr_scene_lines(state, self.data, self.scene_unit)

    def turn_left(self, combatant: CombatantState) -> str | None:
        """A turn is a Move and an Action (CPR-REF-1); it is over once the Action is taken, a
        Move left unused holding nobody up (DEC-414), or held: a held Action is taken out of
        the queue's order when the holder chooses, so nobody waits on it (DEC-747)."""
        from firefight.rulesets.cpr.fighter import fighter

        own = fighter(combatant)
        if not combatant.in_fight() or not own.action_left or own.holding is not None:
            return None
        return own.turn_words()

    def describe_row(
        self, combatant: CombatantState, state: EncounterState | None = None
    ) -> Mapping[str, str]:
        from firefight.rulesets.cpr.encounter import cpr_row

        return cpr_row(combatant, self.data)


def cpr_data() -> CprData:
    """The registered cpr ruleset's data, so that every encounter module shares one load (and
    the user's catalogs laid over it)."""
    ruleset = find_ruleset("cpr")
    assert isinstance(ruleset, CPR)
    return ruleset.data


def _data_class() -> type[CprData]:
    # The data layer (every data file's reader) loads on first use, not when the
    # installed rulesets are listed.
    from firefight.rulesets.cpr.data import CprData

    return CprData


def __getattr__(name: str) -> object:
    if name == "CprData":
        return _data_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
