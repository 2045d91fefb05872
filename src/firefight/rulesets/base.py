"""What every ruleset provides (DESIGN.md layer 5).

A ruleset is a subclass of :class:`Ruleset` registered under the ``firefight.rulesets`` entry
point group, as python-chess registers its variants. It names itself, ships its data in its own
package (``<package>/tables/*.toml`` and ``<package>/data/*.toml``), and exposes pure resolvers.

A ruleset that runs encounters (DESIGN.md layer 6) also implements the *encounter seams*:
the scenario model of its combatants, parsing an action line, validating and resolving it
against the state, applying its own events, upkeep, the start of a round and initiative. Each
seam's default refuses with :data:`NOT_IN_ENCOUNTERS`, so a ruleset without them keeps working
everywhere else. The seams speak the encounter's vocabulary (``firefight.encounter.state``,
``.actions``); they are imported for type checking only, so this module loads without them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from firefight.errors import RuleRefusal

if TYPE_CHECKING:
    from pydantic import BaseModel

    from firefight.dice import Dice
    from firefight.encounter.actions import Action
    from firefight.encounter.state import CombatantState, EncounterState
    from firefight.events import Event
    from firefight.outcome import Outcome

__all__ = ["NOT_IN_ENCOUNTERS", "CatalogRow", "Ruleset"]

#: The rule a ruleset without encounter support refuses encounter requests under.
NOT_IN_ENCOUNTERS = "ENC-RULESET"


@dataclass(frozen=True, slots=True, kw_only=True)
class CatalogRow:
    """One weapon as the catalog listing shows it: a key and labelled figures."""

    key: str
    name: str
    figures: tuple[tuple[str, str], ...]
    provisional: tuple[str, ...] = ()


class Ruleset(ABC):
    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    package: ClassVar[str]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    @abstractmethod
    def weapon_catalog(self) -> Sequence[CatalogRow]:
        """The weapons this ruleset knows, for ``firefight weapons``."""

    @abstractmethod
    def check_data(self) -> list[str]:
        """Load and cross-check every data file; raise TableDataError on the first bad one."""

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

    def new_combatant(self, spec: BaseModel, core: CombatantState) -> CombatantState:
        """The combatant at the start of the fight: ``core`` (built from the shared scenario
        fields) completed from ``spec``, an instance of the model that includes
        :meth:`combatant_model`."""
        raise self._not_in_encounters("set up combatants")

    def start_round(self, state: EncounterState, round_number: int) -> Outcome:
        """The events that open a round: ``RoundStarted`` first, then AP lost at its start."""
        raise self._not_in_encounters("run rounds")

    def initiative(self, state: EncounterState, dice: Dice) -> Outcome:
        """Initiative for the round just started: ``InitiativeRolled``/``InitiativeOrdered``
        events (none for a ruleset without initiative), with the trace of the rolls."""
        raise self._not_in_encounters("roll initiative")

    def upkeep(self, state: EncounterState) -> Outcome:
        """The events the end of a round brings (bleeding, durations, stun...), in order."""
        raise self._not_in_encounters("run the upkeep between rounds")

    def parse_action(self, text: str, state: EncounterState) -> Action:
        """An action line (``"Mara shoots Viktor --ap 3 --prepared"``) parsed against the
        scene; refuses unknown names and verbs, offering the closest."""
        raise self._not_in_encounters("read actions")

    def validate(self, state: EncounterState, action: Action) -> None:
        """Refuse what the state forbids (the actor down, AP spent, the gun empty) before
        any die is rolled."""
        raise self._not_in_encounters("check actions")

    def resolve(self, state: EncounterState, action: Action, dice: Dice) -> Outcome:
        """Resolve a validated action: the events it brings and the trace that explains them.
        Pure: the state is not changed, and a refusal rolls no die."""
        raise self._not_in_encounters("resolve actions")

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        """The state after one of this ruleset's own events."""
        raise self._not_in_encounters(f"apply {type(event).__name__} events")

    def describe_event(self, event: Event, state: EncounterState) -> str | None:
        """A sentence for the narrated log (``state`` is the state before the event)."""
        return None

    def describe_combatant(self, combatant: CombatantState) -> Mapping[str, object]:
        """Figures the ruleset derives for the state table (e.g. the total penalty)."""
        return {}
