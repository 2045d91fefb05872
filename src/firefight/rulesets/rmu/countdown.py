"""A condition counted down to 0 at upkeep and kept there, for its own handler to act on when it
is due: a grenade's fuse (RMU-EXP-9), the count of a fire on a mortal (RMU-EXP-14)."""

from __future__ import annotations

from collections.abc import Sequence

from firefight.events import Event
from firefight.scene.conditions import ConditionKind
from firefight.scene.events import ConditionTicked
from firefight.scene.state import EncounterState

__all__ = ["CountedToZero"]


class CountedToZero(ConditionKind):
    """Each upkeep takes a round off every condition of this kind that has any left; one at 0
    stays (its handler ends it), one with no count is left alone."""

    reads_only_conditions = True

    def upkeep(self, state: EncounterState) -> Sequence[Event]:
        return [
            ConditionTicked(id=k.id, rounds_left=k.rounds_left - 1)
            for k in state.conditions
            if k.kind == self.name and k.rounds_left
        ]
