"""What a game master declares: an action by one combatant, parsed from a line of text.

A ruleset parses the text (:meth:`~firefight.rulesets.base.Ruleset.parse_action`) into a
subclass of :class:`Action` carrying its own options; the encounter only needs to know who acts,
what they do, and the text as typed, which the log keeps.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.geometry import Point

__all__ = ["ACTION_RULE", "Action", "Move", "Reload"]

#: The encounter's own check for a line a ruleset cannot read (an unknown verb or option, a
#: missing target), for a ruleset with no ruling of its own on it (rmu cites R-6).
ACTION_RULE = "ENC-ACTION"


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """A declared action. ``actor`` is the combatant's name as the scene spells it."""

    actor: str
    verb: str
    text: str


# Reloading and moving read the same in every ruleset: what each costs and allows is the
# ruleset's, the declaration is shared.


@dataclass(frozen=True, slots=True, kw_only=True)
class Reload(Action):
    """Load ``weapon`` (the one in hand when None) with ``ammo`` (whatever fits when None)."""

    weapon: str | None = None
    ammo: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Action):
    """Move to the point ``to``."""

    to: Point
