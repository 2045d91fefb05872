"""What the options gurps's maneuvers read off an action line themselves mean, declared
(:mod:`firefight.declarations`) for a form's hints: the web table's action form shows each
one's help where a shot's options show :class:`~firefight.rulesets.gurps.shot.Shoot`'s
(DEC-773). The maneuvers read the values from the line (``encounter._wait``, ``readying``,
``firing.attack_advance``); this says only what they are. Places are in feet, as the scenario
writes them (DEC-205), though the state table shows yards.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import param
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.shot import braced_help

__all__ = ["ManeuverOptions"]


def _waiting_help(what: str, key: str) -> str:
    """A Wait's option with its modifier as the catalog gives it (GUR-OPP-1)."""
    return f"{what} ({DATA.modifiers[key].value:+d}, GUR-OPP-1)."


@dataclass(frozen=True, slots=True, kw_only=True)
class ManeuverOptions:
    """The options of Aim, Wait, Ready and the attacks that move, with what each takes."""

    weapon: str = param(
        "", help="Their weapon, by its name in the scenario (default: the one in hand).", line=True
    )
    braced: bool = param(False, help=braced_help, line=True)
    to: str = param(
        "", help="Where the advance ends: X,Y in feet (GUR-CORE-1, GUR-MOVE-1).", line=True
    )
    watch: str = param(
        "1",
        help="The area watched: a number of hexes, line or cone (GUR-OPP-1).",
        line=True,
    )
    at: str = param(
        "",
        help="Where the watched area lies, X,Y in feet: it then fires by itself (GUR-OPP-1).",
        line=True,
    )
    wait_for: str = param(
        "",
        flag="for",
        help=lambda: _waiting_help("Fire only at this one person", "specific-target"),
        line=True,
    )
    hold: bool = param(
        False,
        help=lambda: _waiting_help("Hold fire on friends", "identify-target"),
        line=True,
    )
    fast_draw: bool = param(
        False, help="Roll their Fast-Draw for this weapon (GUR-RELOAD-1).", line=True
    )
    random_arrow: bool = param(
        False, help="Draw from a mixed quiver at random (GUR-ARROW-1).", line=True
    )
    stray_damage: str = param(
        "normal",
        help="What a missed shot that strikes someone else does (GUR-WRONG-2).",
        choices=("normal", "half"),
        line=True,
    )
