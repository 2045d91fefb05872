"""What the cpr action-line options read off the line by hand (not declared on the actions'
fields) mean, declared (:mod:`firefight.declarations`) for a form's hints: the web table's
action form shows each one's help as it shows the declared ones' (DEC-773). The parse
(:func:`~firefight.rulesets.cpr.encounter_actions.parse_cpr_action`) reads the values; this
says only what they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import param

__all__ = ["LineOptions"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LineOptions:
    """The GM's own modifiers, the move between two shots, a reload's weapon and ammo, and
    where a grenade that misses lands."""

    mod: tuple[str, ...] = param(
        (),
        help="A GM's modifier VALUE:LABEL, e.g. -2:smoke (any number of them).",
        line=True,
        gm=True,
    )
    move_between: str = param(
        "", help="The Move between the two shots of --twice: X,Y in metres (CPR-ROF-1).", line=True
    )
    weapon: str = param(
        "", flag="with", help="The weapon to reload (default: the one in hand).", line=True
    )
    lands: str = param(
        "",
        help="Where a thrown grenade lands if it misses, X,Y in metres (the GM's call): it goes "
        "off there as a placed charge (C-8).",
        line=True,
        gm=True,
    )
    ammo: str = param(
        "", help="The ammunition to load, as the data names it (CPR-AMMO-1).", line=True
    )
