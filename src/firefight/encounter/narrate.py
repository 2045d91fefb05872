"""The narrated log: a sentence per event worth telling, then who went down, and the trace as
text.

Sentences come from the ruleset (:meth:`~firefight.rulesets.base.Ruleset.describe_event`), from
registered condition kinds, and for the shared events from here. Changes of condition (fallen
unconscious, dead, and a ruleset's own such as rmu's dying) are read off the state before and
after (:meth:`~firefight.rulesets.base.Ruleset.went_down`), so no action has to say them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from firefight.events import Event
from firefight.scene import conditions
from firefight.scene.apply import apply
from firefight.scene.events import InitiativeOrdered, Moved, PostureChanged, Reloaded
from firefight.scene.state import EncounterState
from firefight.trace import roll_text

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset

__all__ = ["narrate", "render_trace"]


def _core_sentence(event: Event, state: EncounterState) -> str | None:
    if isinstance(event, InitiativeOrdered):
        if not event.groups:
            return "Nobody is able to act."
        order = ", then ".join(" and ".join(group) for group in event.groups)
        return f"Initiative: {order}."
    if isinstance(event, Moved):
        if event.distance_ft == 0.0:
            # Staying put is told only when it turns them (a gurps turn in place, DEC-657).
            c = state.find(event.actor)
            turned = c is not None and c.facing_deg != event.facing_deg
            return f"{event.actor} now faces {event.facing_deg:g} degrees." if turned else None
        return (
            f"{event.actor} moves {event.distance_ft:.0f} ft to "
            f"({event.to.x_ft:g}, {event.to.y_ft:g})."
        )
    if isinstance(event, PostureChanged):
        verb = {"prone": "drops prone", "standing": "stands up", "kneeling": "kneels"}
        return f"{event.actor} {verb.get(event.posture.value, event.posture.value)}."
    if isinstance(event, Reloaded):
        c = state.find(event.actor)
        weapon = c.weapon(event.weapon) if c else None
        if weapon is not None and 0 <= event.spare < len(weapon.spares):
            mag = weapon.spares[event.spare]
            return f"{event.actor} reloads the {weapon.name}: {mag.rounds} {mag.ammo}."
        return f"{event.actor} reloads the {event.weapon}."
    return None


def narrate(before: EncounterState, events: Sequence[Event], ruleset: Ruleset) -> list[str]:
    """Sentences telling what ``events`` did to the scene ``before``."""
    lines: list[str] = []
    state = before
    for event in events:
        text = (
            ruleset.describe_event(event, state)
            or conditions.describe(event, state)
            or _core_sentence(event, state)
        )
        if text:
            lines.append(text)
        state = apply(state, event, ruleset)
    for old in before.combatants:
        new = state.find(old.name)
        if new is not None:
            change = ruleset.went_down(old, new)
            if change:
                lines.append(change)
    return lines


def render_trace(entries: Iterable[Mapping[str, Any]]) -> list[str]:
    """A stored trace (its JSON form) as the lines :meth:`Trace.render_text` would print."""
    lines: list[str] = []
    for e in entries:
        kind = e.get("type")
        cite = f"  [{e['rule']}]" if e.get("rule") else ""
        if kind == "roll":
            # The cards too: "draw 3 rolled 3, 13, 10 -> 26" summed ranks and named no card.
            faces, cards = e.get("faces", ()), e.get("cards", ())
            lines.append(roll_text(e["purpose"], e["kind"], faces, e["total"], cards))
        elif kind == "total":
            lines.append(f"{e['label']} = {e['value']}")
            for p in e.get("parts", ()):
                rule = f"  [{p['rule']}]" if p.get("rule") else ""
                lines.append(f"    {p['value']:+5d}  {p['label']}{rule}")
        elif kind == "lookup":
            lines.append(f"{e['table']}: row {e['row']}, column {e['column']} -> {e['cell']}{cite}")
        elif kind == "step":
            lines.append(f"{e['text']}{cite}")
    return lines
