"""What a game master declares: an action by one combatant, parsed from a line of text.

A ruleset parses the text (:meth:`~firefight.rulesets.base.Ruleset.parse_action`) into a
subclass of :class:`Action` carrying its own options; the encounter only needs to know who acts,
what they do, and the text as typed, which the log keeps.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Action"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """A declared action. ``actor`` is the combatant's name as the scene spells it."""

    actor: str
    verb: str
    text: str
