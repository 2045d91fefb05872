"""What every ruleset provides (DESIGN.md layer 5).

A ruleset is a subclass of :class:`Ruleset` registered under the ``firefight.rulesets`` entry
point group, as python-chess registers its variants. It names itself, ships its data in its own
package (``<package>/tables/*.toml`` and ``<package>/data/*.toml``), and exposes pure resolvers.

A ruleset that runs encounters (DESIGN.md layer 6) also implements the *encounter seams*:
the scenario model of its combatants, parsing an action line, validating and resolving it
against the state, applying its own events, upkeep, the start of a round and initiative. Each
seam's default refuses with :data:`NOT_IN_ENCOUNTERS`, so a ruleset without them keeps working
everywhere else. The seams speak the encounter's vocabulary (``firefight.scene.state``,
``.actions``); they are imported for type checking only, so this module loads without them.

What a turn is made of belongs to the ruleset, with events of its own: rmu hands out action
points when its round starts, cpr gives each combatant a Move and an Action. The core only
counts rounds: it needs the round number to advance when a round opens.
Positions in a scenario and in action lines are in the ruleset's :attr:`Ruleset.scene_unit`;
the scene itself is kept in feet (RULINGS S-1).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol

from firefight.errors import FirefightError, RuleRefusal
from firefight.scene.tactics import plain
from firefight.wording import counted

if TYPE_CHECKING:
    from pydantic import BaseModel

    from firefight.cheatsheet import Section
    from firefight.dice import Dice
    from firefight.events import Event
    from firefight.geometry import Posture
    from firefight.outcome import Outcome, ResolvedWord
    from firefight.probability.action_odds import ActionOdds
    from firefight.scene.actions import Action
    from firefight.scene.events import FigureSet, StatusSet
    from firefight.scene.lines import Verb
    from firefight.scene.state import (
        Barrier,
        CombatantState,
        EncounterState,
        MagazineState,
        RulesetState,
        WeaponState,
    )
    from firefight.scene.svg import Overlay
    from firefight.scene.tactics import Tactic
    from firefight.tables.kinds import TableKind

__all__ = [
    "NOT_IN_ENCOUNTERS",
    "CatalogRow",
    "Ruleset",
    "combatant_status",
    "fallen",
    "refuse_weapons_named_alike",
    "refused_as_in_scene",
    "states_begun",
    "weapons_text",
]

#: The rule a ruleset without encounter support refuses encounter requests under.
NOT_IN_ENCOUNTERS = "ENC-RULESET"


@dataclass(frozen=True, slots=True, kw_only=True)
class CatalogRow:
    """One weapon as the catalog listing shows it: a key and labelled figures. A figure that is
    a number may be given as one, and ``--json`` keeps it one (DEC-909); the table prints it."""

    key: str
    name: str
    figures: tuple[tuple[str, str | int], ...]
    provisional: tuple[str, ...] = ()


class Ruleset(ABC):
    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    package: ClassVar[str]
    #: Modules the interfaces import only when the user invokes this ruleset: each defines a
    #: typer ``app``, mounted as ``firefight <name> ...`` and ``firefight odds <name> ...``; the
    #: odds module may also define ``sweep_app`` (``firefight odds sweep <name> ...``) and
    #: ``report`` (``firefight odds report <name>``). None: the ruleset has no such commands.
    cli_module: ClassVar[str | None] = None
    odds_cli_module: ClassVar[str | None] = None
    #: Which of ``app``, ``sweep_app`` and ``report`` the odds module defines: the listings
    #: (``odds sweep --help``) name only the rulesets that offer each, importing no odds module.
    odds_cli_parts: ClassVar[tuple[str, ...]] = ("app",)
    #: Commands of ``cli_module`` that may run without typer when their command line is plain
    #: (a scripted shot starts faster): command name -> the module whose ``QUICK`` maps it to
    #: its :class:`~firefight.cli.quick.QuickCommand`. Empty: typer reads every one.
    quick_commands: ClassVar[Mapping[str, str]] = {}
    #: The unit a scenario's positions and barriers (and the ruleset's action lines) are
    #: written in; the scene converts them to feet, which the shared geometry measures in.
    scene_unit: ClassVar[Literal["ft", "m"]] = "ft"
    #: How long one of its rounds lasts in the fiction, in seconds (None: unknown). ``odds
    #: simulate`` gives every ruleset's fight the same span of time (DEC-541).
    round_seconds: ClassVar[float | None] = None
    #: Whether :meth:`resolve_quietly` refuses everything :meth:`validate` does, before its
    #: first die and with the same words (cpr's resolver is its validation run on; rmu's quiet
    #: resolution validates first itself); the quiet path (``odds simulate``) then resolves
    #: without validating first. Refusals must come before any die either way.
    resolve_validates: ClassVar[bool] = False
    #: The verb of an action line of the ruleset's and what follows its target (``("shoots",
    #: "--ap 3")``), from which :meth:`example_line` writes one for a fight; None: none is shown.
    example_action: ClassVar[tuple[str, str] | None] = None
    #: Faces of the ruleset's dice as a GM rolling at the table types them (one per die, in
    #: the order the rules ask for them), by way of example in the web table's dice box;
    #: None: it shows none.
    example_rolls: ClassVar[str | None] = None
    #: What a GM's ``hits NAME N`` and ``heal NAME N`` count (the track :meth:`gm_damage`
    #: moves), singular and plural: the shared ``hits_taken`` by default.
    damage_noun: ClassVar[tuple[str, str]] = ("hit", "hits")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    def example_line(self, state: EncounterState, actor: str | None = None) -> str | None:
        """An action line of the ruleset's naming ``state``'s own people, ``actor`` (else the
        first) acting (DEC-746), as the session's ``help``, the web table's whole line and
        ``odds`` without a line show it by way of example; None when the ruleset gives none."""
        from firefight.scene.lines import example_line

        if self.example_action is None:
            return None
        verb, rest = self.example_action
        return f"{example_line(state, verb, actor)} {rest}".rstrip()

    @abstractmethod
    def weapon_catalog(self) -> Sequence[CatalogRow]:
        """The weapons this ruleset knows, for ``firefight weapons``."""

    @abstractmethod
    def check_data(self) -> list[str]:
        """Load and cross-check every data file; raise TableDataError on the first bad one."""

    def action_odds(self) -> Sequence[ActionOdds]:
        """How the odds layer handles this ruleset's actions (none: odds know none of them)."""
        return ()

    def odds_of(self, kind: type[Any]) -> ActionOdds | None:
        """How the odds layer handles ``kind``, one of this ruleset's actions (None: it does
        not). Looked up in :meth:`action_odds`; a ruleset whose registrations import much
        answers it importing that action's modules alone."""
        return next((e for e in self.action_odds() if e.action_type is kind), None)

    def table_kinds(self) -> Sequence[TableKind[Any]]:
        """The kinds of data table this ruleset ships and imports (``[table] kind``)."""
        return ()

    def outcome_word(self, summary: Mapping[str, Any]) -> ResolvedWord:
        """The word of the outcome vocabulary (docs/json.md) that a log record written before
        results were typed comes to, read from its summary (a typed result gives its own
        :attr:`~firefight.outcome.Result.outcome`). The default reads a ``result`` that is
        already such a word, else ``done``."""
        from firefight.outcome import RESOLVED_WORDS

        found = summary.get("result")
        return next((w for w in RESOLVED_WORDS if w == found), "done")

    def overlay(self, state: EncounterState, action: Action) -> Overlay:
        """The shapes ``action`` adds to the scene's map (lines of fire, cones, blast rings);
        the default adds none."""
        from firefight.scene.svg import Overlay

        return Overlay()

    def map_layers(
        self, state: EncounterState, action: Action
    ) -> tuple[Overlay, Overlay | None, str, RuleRefusal | None]:
        """A map of ``action`` over the scene's own shapes (:meth:`scene_overlay`): the shapes
        to draw, those to draw grey as refused (None when the rules accept it), the caption
        and the refusal (DEC-665)."""
        from firefight.scene.svg import Overlay

        overlay = self.scene_overlay(state)
        try:
            self.check(state, action)
        except RuleRefusal as refusal:
            # Kept to draw grey: a blocked line of fire often shows why; none when the shapes
            # cannot be drawn either (a weapon nobody carries).
            try:
                shapes = self.overlay(state, action)
            except FirefightError:
                shapes = Overlay()
            return overlay, shapes, f"{action.text}: refused: {refusal}", refusal
        return overlay.plus(self.overlay(state, action)), None, action.text, None

    def scene_overlay(self, state: EncounterState) -> Overlay:
        """What lies in the scene between actions and belongs on its map (a live grenade, a
        cloud); the default draws none."""
        from firefight.scene.svg import Overlay

        return Overlay()

    # --- encounter seams (DESIGN.md layer 6); every default refuses ---------------------------

    def _not_in_encounters(self, what: str) -> RuleRefusal:
        return RuleRefusal(
            NOT_IN_ENCOUNTERS,
            f"The {self.name} ruleset is not supported in encounters yet (it cannot {what}).",
        )

    def combatant_model(self) -> type[BaseModel]:
        """The pydantic model of this ruleset's part of a scenario's ``[[combatant]]`` table
        (stats, skills, hits, armor, weapons...); the scenario adds name, side, position,
        posture, facing, size and surprise to it."""
        raise self._not_in_encounters("read combatants from a scenario")

    def scenario_rules_model(self) -> type[BaseModel] | None:
        """The pydantic model of the scenario's ``[rules]`` table: options that switch how
        this ruleset reads its rules for the whole scene; None (the default) takes no table."""
        return None

    def check_barrier(self, barrier: Barrier) -> None:
        """Refuse (a :class:`~firefight.errors.FirefightError`) a scenario's barrier this
        ruleset cannot read, when the scenario is read rather than at the first shot; the
        default reads any."""
        return None

    def new_scene(self, rules: BaseModel | None) -> RulesetState | None:
        """The ruleset's scene-wide state before round 1, from the scenario's ``[rules]``
        (an instance of :meth:`scenario_rules_model`, or None); the default keeps none."""
        return None

    def new_combatant(self, spec: BaseModel, core: CombatantState) -> CombatantState:
        """The combatant at the start of the fight: ``core`` (built from the shared scenario
        fields) completed from ``spec``, an instance of the model that includes
        :meth:`combatant_model`."""
        raise self._not_in_encounters("set up combatants")

    def joined(self, c: CombatantState) -> CombatantState:
        """``c``, a newcomer the GM brings in as the scenario began them (``add NEW like NAME``,
        DEC-705), with the share of the round under way a round's opening hands out (rmu's
        AP, cpr's Move and Action); as they are by default, for a ruleset that hands none."""
        return c

    def start_round(self, state: EncounterState, round_number: int) -> Outcome:
        """The events that open a round, all the ruleset's own: the first sets the round number
        (and hands out whatever a turn is made of: rmu's action points, cpr's Move and Action);
        what the round takes away at its start follows."""
        raise self._not_in_encounters("run rounds")

    def initiative(self, state: EncounterState, dice: Dice) -> Outcome:
        """Initiative for the round just started: ``InitiativeRolled``/``InitiativeOrdered``
        events (none for a ruleset without initiative), with the trace of the rolls."""
        raise self._not_in_encounters("roll initiative")

    def start_round_events(self, state: EncounterState, round_number: int) -> Sequence[Event]:
        """:meth:`start_round`'s events, for a caller that reads nothing else (a simulated
        fight's quiet path): a ruleset may skip building the trace and result."""
        return self.start_round(state, round_number).events

    def initiative_events(self, state: EncounterState, dice: Dice) -> Sequence[Event]:
        """:meth:`initiative`'s events from the same rolls, for a caller that reads nothing
        else (a simulated fight's quiet path): a ruleset may skip building the trace and
        result."""
        return self.initiative(state, dice).events

    def upkeep(self, state: EncounterState) -> Outcome:
        """The events the end of a round brings (bleeding, durations, stun...), in order."""
        raise self._not_in_encounters("run the upkeep between rounds")

    def end_round(self, state: EncounterState) -> tuple[Outcome, EncounterState]:
        """:meth:`upkeep` and the state its events leave, which the engine goes on from. This
        folds the events; a ruleset whose upkeep folds them itself as it goes (each step reads
        what the last left) returns the state it reached instead of folding them twice."""
        done = self.upkeep(state)
        return done, _fold_all()(state, done.events, self)

    def fight_tactics(self) -> Mapping[str, Tactic]:
        """The tactics ``odds simulate`` may play this ruleset's fighters by, by name, the
        default first (:mod:`firefight.scene.tactics`)."""
        return {"plain": plain}

    def can_still_harm(self, combatant: CombatantState) -> bool:
        """Whether ``combatant`` still has a way to hurt anyone (a weapon, ammunition,
        something to throw); ``odds simulate`` counts a fighter who has none out of the
        fight (DEC-540). The default: any weapon at all."""
        return bool(combatant.weapons)

    def parse_action(self, text: str, state: EncounterState) -> Action:
        """An action line (``"Mara shoots Viktor --ap 3 --prepared"``) parsed against the
        scene; refuses unknown names and verbs, offering the closest."""
        raise self._not_in_encounters("read actions")

    def action_verbs(self) -> Sequence[Verb]:
        """The verbs :meth:`parse_action` reads, with their options (the web table builds its
        action form from them); the default lists none, and the line is typed whole."""
        return ()

    def validate(self, state: EncounterState, action: Action) -> None:
        """Refuse what the state forbids (the actor down, AP spent, the gun empty) before
        any die is rolled."""
        raise self._not_in_encounters("check actions")

    def odds_start(
        self, state: EncounterState, action: Action
    ) -> tuple[EncounterState, str | None]:
        """The fight the odds of ``action`` are run on, and what the answer must say of it
        when it is not the fight as it stands, or of what stands in it that a standalone
        ``odds`` command would not read (cards' shared deck, cards drawn, D-4). By default
        nothing is said; a ruleset that refuses a turn out of order (cards, K-2) lets its odds
        be asked ahead of it."""
        return state, None

    def check(self, state: EncounterState, action: Action) -> None:
        """Refuse ``action`` as declaring it would, rolling nothing: :meth:`validate`, then what
        :meth:`resolve` refuses before its first die (gurps reads a move's reach there)."""
        from firefight.dice import Dice

        self.validate(state, action)
        with suppress(_FirstDie):  # its first die: past every refusal
            self.resolve(state, action, Dice(_NoDice()))

    def resolve(self, state: EncounterState, action: Action, dice: Dice) -> Outcome:
        """Resolve a validated action: the events it brings and the trace that explains them.
        Pure: the state is not changed, and a refusal rolls no die."""
        raise self._not_in_encounters("resolve actions")

    def resolve_quietly(self, state: EncounterState, action: Action, dice: Dice) -> EncounterState:
        """The state a validated action leads to, for simulations that read no trace nor
        result: the same dice in the same order as :meth:`resolve`, and the same state as
        folding its events. The default folds them; a ruleset may skip work nobody reads."""
        from firefight.scene.apply import apply_all

        return apply_all(state, self.resolve(state, action, dice).events, self)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        """The state after one of this ruleset's own events."""
        raise self._not_in_encounters(f"apply {type(event).__name__} events")

    def event_types(self) -> Sequence[type[Event]]:
        """The classes of this ruleset's own events, which the service registers before it
        reads a stored log back (so that a fresh process can fold it). A ruleset may also
        register them itself when its encounter module is imported."""
        return ()

    def describe_event(self, event: Event, state: EncounterState) -> str | None:
        """A sentence for the narrated log (``state`` is the state before the event)."""
        return None

    def describe_combatant(self, combatant: CombatantState) -> Mapping[str, object]:
        """Figures the ruleset derives for the state's JSON (e.g. the total penalty)."""
        return {}

    def status(self, combatant: CombatantState) -> str:
        """Up, down or out, as the state table and the state's JSON show it; a ruleset with
        states of its own short of unconscious (rmu: dying) names them."""
        return combatant_status(combatant)

    def hits_track(self, combatant: CombatantState) -> tuple[int, int]:
        """What is left of ``combatant``'s damage track and its whole, as a wound in words
        reads it (DEC-433, DEC-772): the shared hits by default; a ruleset that keeps its own
        track (gurps: HP lost in its figures) gives that one."""
        return combatant.hits_left, combatant.hits_max

    def went_down(self, before: CombatantState, after: CombatantState) -> str | None:
        """The narrated log's sentence when ``after`` is further down than ``before`` (fallen
        unconscious, dead); None when they are not. Read off the states, so that no action has
        to say it; a ruleset with states of its own in between (rmu: dying) says those too."""
        was, now = _down(before), _down(after)
        return None if was == now else fallen(after.name, now)

    def adopt_legacy_figures(
        self, stats: dict[str, Any], figures: Mapping[str, Any]
    ) -> dict[str, Any]:
        """A stored combatant's ``stats`` (as JSON) completed with the running figures a
        snapshot of version 1 kept on every combatant (AP left, bleeding, stun, stagger, injury,
        fatigue, dying count, attacker's bonus, armor); ``figures`` holds those not at their
        defaults. A ruleset that never used them refuses (ValueError), and the snapshot is then
        rebuilt from the log."""
        raise ValueError(f"the {self.name} ruleset keeps no {', '.join(sorted(figures))}")

    def describe_scene(self, state: EncounterState) -> Sequence[str]:
        """Lines about the scene itself under the state table: by default each barrier, named
        as a line types it and placed in the scene's unit (cpr: its cover's HP left)."""
        from firefight.scene.barrier_lines import barrier_lines

        return barrier_lines(state, self.scene_unit)

    def odds_pending(self, state: EncounterState) -> str | None:
        """What is still to come in ``state``, the fight at the end of the round the odds of a
        line run to, that those odds therefore do not count (rmu: a grenade yet to go off);
        None by default."""
        del state
        return None

    def odds_effects(self, before: EncounterState, after: EncounterState) -> Sequence[str]:
        """What one action left people in, for the odds of an action line: short phrases
        (``"Tony dead"``, ``"Viktor grappled"``), each only when it was not so before the action.
        The default reads the shared states and the conditions newly held; a ruleset with states
        of its own (rmu: dying, a Kindred's torpor and stake) names them."""
        return states_begun(before, after, _down)

    def cheatsheet(self) -> Sequence[Section]:
        """The cheat-sheet's tables, built from the ruleset's data (``firefight cheatsheet``):
        range bands, cover, common modifiers, what actions cost."""
        return ()

    def user_catalog_kinds(self) -> tuple[str, ...]:
        """The kinds of row (``weapon``, ``armor``...) a user's catalog may give this ruleset
        (:mod:`firefight.tables.user_catalogs`); NPC templates are taken by every ruleset."""
        return ()

    def headline(self, summary: Mapping[str, Any]) -> str | None:
        """One line saying what a resolved action came to -- who, what, hit or miss and by
        how much, the damage, the critical -- for the short output (issue 17). The default
        reads the summary's ``headline``; a ruleset whose results are typed reads them here."""
        found = summary.get("headline")
        return str(found) if found else None

    def turn_left(self, combatant: CombatantState) -> str | None:
        """What ``combatant`` may still do this round (``"3 AP"``), or None when their turn is
        spent or they cannot act: the session's prompt shows it, and acting before someone
        ahead in initiative who still has some asks first (DEC-410). The core keeps no turn
        figures: by default nobody is waited for."""
        return None

    def gm_damage(self, state: EncounterState, name: str, amount: int) -> Sequence[Event]:
        """The events of a GM's ``hits NAME N`` (``amount`` > 0) or ``heal NAME N`` (< 0):
        by default the shared damage track (``hits_taken``) moves, never below none taken."""
        from firefight.scene.events import DamageAdjusted

        return (DamageAdjusted(target=state.combatant(name).name, amount=amount),)

    def gm_parted(
        self, state: EncounterState, name: str, *, leaving: bool = False
    ) -> Sequence[Event]:
        """What else a GM's ``move NAME to X,Y`` ends, given ``state`` with ``name`` already put
        there, or their ``remove NAME`` when ``leaving``: the ruleset's own ties between people
        that the place or the leaving breaks (rmu's holds and lodged fangs, out of reach or
        gone, DEC-918). None by default."""
        return ()

    def damage_taken(self, combatant: CombatantState) -> int:
        """What ``combatant`` has taken on the damage track :meth:`gm_damage` moves, so the most
        a ``heal`` can take away (DEC-916): by default the shared ``hits_taken``."""
        return combatant.hits_taken

    def gm_posture(self, state: EncounterState, name: str, posture: Posture) -> Sequence[Event]:
        """What else a GM's ``set NAME standing|kneeling|prone`` brings beside the posture, given
        ``state`` before it: the ruleset's own figures that go with lying down or getting up
        (cards: a knockdown's owed turn, DEC-935). None by default."""
        return ()

    def gm_repair(self, state: EncounterState, name: str) -> Sequence[Event]:
        """The events of a GM's ``repair NAME``. The core keeps no armor: by default refused."""
        from firefight.scene.events import GM_RULE

        c = state.combatant(name)
        raise RuleRefusal(GM_RULE, f"The {self.name} ruleset keeps no armor to repair on {c.name}.")

    def gm_figures(self) -> Mapping[str, str]:
        """The ruleset's own figures a GM's ``set NAME FIGURE N`` may set, each with what it
        is (``{"ap": "AP left this round"}``); none by default (DEC-551)."""
        return {}

    def gm_figures_not_kept(self) -> Mapping[str, str]:
        """Figures a GM may look for in ``set NAME FIGURE N`` that the ruleset's encounter does
        not keep, each with the sentence refusing it (gurps ``fp``, DEC-551): a typed one is
        refused saying why, and Tab and ``help``, which offer :meth:`gm_figures` alone, never
        offer one (DEC-786). None by default."""
        return {}

    def gm_figure_name(self, figure: str) -> str:
        """One of :meth:`gm_figures` as the ruleset writes it in a sentence (``ap`` is typed,
        ``AP`` written); as typed by default."""
        return figure

    def set_figure(self, combatant: CombatantState, figure: str, value: int) -> CombatantState:
        """``combatant`` with ``figure`` (one of :meth:`gm_figures`) set to ``value``; a
        RuleRefusal (ENC-GM) saying why when it cannot be. The GM's ``set`` checks with it
        before recording a :class:`~firefight.scene.events.FigureSet`, whose fold
        (:meth:`apply_figure`) comes back here."""
        from firefight.scene.figure_bounds import no_such_figure

        raise no_such_figure(self.name, figure)

    def apply_figure(self, state: EncounterState, event: FigureSet) -> EncounterState:
        """The state after a GM's :class:`~firefight.scene.events.FigureSet`: the core's fold
        (:mod:`firefight.scene.apply`) hands the event here, never to :meth:`apply`."""
        from firefight.scene.apply import FoldError, named_in_log

        c = named_in_log(state, event.target)
        try:
            return state.with_combatant(self.set_figure(c, event.figure, event.value))
        except RuleRefusal as exc:
            raise FoldError(f"{event.target}: {exc.reason}") from None

    def apply_status(self, state: EncounterState, event: StatusSet) -> EncounterState:
        """The state after a GM's :class:`~firefight.scene.events.StatusSet` (up, unconscious,
        dead), which the core's fold hands here: by default the shared flags alone. A ruleset
        whose own rules bring more with going down (rmu: the fallen lie prone) brings it here
        through the same rule (DEC-700)."""
        from firefight.frozen import replace
        from firefight.scene.apply import named_in_log, status_flags

        unconscious, dead = status_flags(event)
        c = named_in_log(state, event.target)
        return state.with_combatant(replace(c, unconscious=unconscious, dead=dead))

    def describe_row(
        self, combatant: CombatantState, state: EncounterState | None = None
    ) -> Mapping[str, str]:
        """One row of the state table, column heading -> cell, in the order shown.

        The default shows the shared fields; a ruleset gives its own columns for its turn,
        conditions and armor. ``state``, the scene the row is shown in, lets a ruleset say what
        the scene holds on the person (rmu: a mortal's fire, DEC-972); None reads the person
        alone.
        """
        return {
            "name": combatant.name,
            "side": combatant.side,
            "hits": f"{combatant.hits_left}/{combatant.hits_max}",
            "state": f"{self.status(combatant)}, {combatant.posture.value}",
            "at (ft)": f"{combatant.position.x_ft:g},{combatant.position.y_ft:g}",
            "weapons": weapons_text(combatant),
        }


class _FirstDie(BaseException):
    """The first die :meth:`Ruleset.check` would have rolled: the action met no refusal (not an
    error, so no resolver's ``except Exception`` may take it for one)."""


class _NoDice:
    """A dice source that stops a resolution at its first die."""

    def face(self, sides: int, purpose: str) -> int:
        raise _FirstDie


@cache
def _fold_all() -> Callable[[EncounterState, Iterable[Event], Ruleset], EncounterState]:
    """The scene's fold of a run of events, imported at the first round's end (this module
    loads without it) and then looked up once: an import statement is far from free, and a
    simulation ends rounds by the thousand."""
    from firefight.scene.apply import apply_all

    return apply_all


def combatant_status(c: CombatantState) -> str:
    """Up, down or out by the shared fields, as the state table shows it."""
    if c.dead:
        return "dead"
    if c.unconscious:
        return "unconscious"
    return "bystander" if c.bystander else "up"


def _down(c: CombatantState) -> str:
    return "dead" if c.dead else "unconscious" if c.unconscious else "up"


def _changed_states(
    before: EncounterState,
    after: EncounterState,
    words: Callable[[CombatantState], str | Iterable[str]],
) -> list[str]:
    """``"NAME WORD"`` for each of ``words(c)`` true of someone after but not before (``"up"``
    is never counted)."""

    def of(c: CombatantState) -> set[str]:
        found = words(c)
        return {found} if isinstance(found, str) else set(found)

    # By name at once: a find per person made each sample of a crowded scene's odds walk the
    # scene once per person (569 people: 38 s for one odds request).
    were = {c.name: c for c in before.combatants}
    told = []
    for c in after.combatants:
        was = were.get(c.name)
        if was is c:  # untouched by the action: nothing begun
            continue
        new = of(c) - (of(was) if was is not None else set()) - {"up"}
        told += [f"{c.name} {word}" for word in sorted(new)]
    return told


def _conditions_begun(before: EncounterState, after: EncounterState) -> list[str]:
    """Each condition someone holds after but not before, in its kind's words
    (:meth:`~firefight.scene.conditions.ConditionKind.begun`: ``"Viktor grappled"``)."""
    from firefight.scene.conditions import begun_words

    held = {(c.holder, c.kind) for c in before.conditions}
    told = (begun_words(c) for c in after.conditions if (c.holder, c.kind) not in held)
    return sorted({words for words in told if words is not None})


def states_begun(
    before: EncounterState,
    after: EncounterState,
    words: Callable[[CombatantState], str | Iterable[str]],
) -> list[str]:
    """What an action left people in, for its odds: each of ``words(c)`` newly true of
    someone (:func:`_changed_states`), then each condition newly held, each phrase once (a
    Kindred's fire is a state of theirs and a condition on them: "Mara burning")."""
    told = [*_changed_states(before, after, words), *_conditions_begun(before, after)]
    return list(dict.fromkeys(told))


def fallen(name: str, now: str) -> str | None:
    """The narrated log's sentence for ``name`` now being ``now`` (``"dead"``,
    ``"unconscious"``); None for any other state."""
    if now == "dead":
        return f"{name} is dead."
    if now == "unconscious":
        return f"{name} falls unconscious."
    return None


def weapons_text(c: CombatantState) -> str:
    """Each weapon carried, with its magazine and spares (:func:`_spares_text`):
    ``glock 16/17 ball +1 spare``."""
    parts = []
    for w in c.weapons:
        loaded = str(w.loaded) if w.loaded else "empty"
        parts.append(f"{w.name} {loaded}{_spares_text(w.spares)}")
    return "; ".join(parts) or "-"


def _spares_text(spares: Sequence[MagazineState]) -> str:
    """The spares carried for a weapon, and how many of them are spent: an emptied magazine is
    carried on, but no reload takes it (DEC-760).

    >>> from firefight.scene.state import MagazineState
    >>> full = MagazineState(rounds=17, capacity=17, ammo="ball")
    >>> spent = MagazineState(rounds=0, capacity=17, ammo="ball")
    >>> [_spares_text(s) for s in ([], [full], [spent], [full, spent], [spent, spent])]
    ['', ' +1 spare', ' +1 spare, empty', ' +2 spares (1 empty)', ' +2 spares, all empty']
    """
    if not spares:
        return ""
    carried = f" +{counted(len(spares), 'spare')}"
    empty = sum(1 for m in spares if m.rounds <= 0)
    if not empty:
        return carried
    if empty == len(spares):
        return f"{carried}, {'empty' if empty == 1 else 'all empty'}"
    return f"{carried} ({empty} empty)"


def refused_as_in_scene(
    refusal: RuleRefusal, weapon: WeaponState | None, catalog_name: Callable[[str], str]
) -> RuleRefusal:
    """``refusal`` naming ``weapon`` (the one the refused action uses; None: none) as the scene
    does: the resolvers refuse by the catalog's name ("the Glock 17 is semi-automatic"), which
    a GM whose scene and table call it "glock" cannot match. ``catalog_name`` reads the
    catalog's name of a weapon's key. Only the name changes; the rule and its reason stay the
    resolver's.

    >>> from firefight.scene.state import WeaponState
    >>> refused = RuleRefusal("G-5", "A .38 revolver fires at most 3 shot(s) a turn.")
    >>> gun = WeaponState(name="38", kind="revolver-38")
    >>> str(refused_as_in_scene(refused, gun, lambda key: ".38 revolver"))
    'G-5: The 38 fires at most 3 shot(s) a turn.'
    """
    if weapon is None:
        return refusal
    catalog = catalog_name(weapon.kind)
    if catalog == weapon.name:
        return refusal
    reason = _named_as_in_scene(refusal.reason, catalog, weapon.name)
    if reason == refusal.reason:
        return refusal
    return RuleRefusal(refusal.rule, reason)


# A simulated fight meets the same few refusals again and again (a broken gun is offered a shot
# every turn, some six refusals a warehouse fight), each reworded alike: built and run, the
# expression below costs some 14 K instructions, found again far less. Strings alone, bounded.
@lru_cache(maxsize=256)
def _named_as_in_scene(reason: str, catalog: str, name: str) -> str:
    """``reason`` with the weapon the catalog calls ``catalog`` called ``name``."""
    # "a"/"an"/"the" + the catalog's name: the scene's name reads right only after "the". The
    # name may end in a bracket ("Zastava M85 (stock)"), after which no word boundary falls.
    named = re.compile(rf"\b(the|an?) {re.escape(catalog)}(?!\w)", re.IGNORECASE)
    return named.sub(lambda m: f"{'The' if m[1][0].isupper() else 'the'} {name}", reason)


class _ScenarioWeapon(Protocol):
    """A weapon as a scenario file lists it: its catalog key and the name it may be given."""

    @property
    def weapon(self) -> str: ...
    @property
    def name(self) -> str | None: ...


def refuse_weapons_named_alike(weapons: Iterable[_ScenarioWeapon]) -> None:
    """Refuse (a ValueError, for a file model's validator) a combatant's second weapon called
    what an earlier one is: an action line picks a weapon by what it is called, its ``name``
    or else its key, in any case, so two alike could never be told apart."""
    names: set[str] = set()
    for w in weapons:
        name = (w.name or w.weapon).lower()
        if name in names:
            raise ValueError(f"two weapons are called {name!r}; give one a name")
        names.add(name)
