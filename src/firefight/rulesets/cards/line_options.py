"""What the options a cards action line reads itself mean, declared (:mod:`firefight.declarations`)
for the session's ``help VERB`` and the web form's hints (DEC-773). A line names the weapon as
the scenario names the fighter's (``Jilly shoots Rico --weapon g11``), where ``cards shoot
--weapon`` takes a catalog key: the shot's own declaration would say "Weapon key" of it, and a
reload's option had no help at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import param

__all__ = ["CardsLineOptions"]


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsLineOptions:
    """The options a shot or a reload reads off the line rather than from its declaration."""

    weapon: str = param(
        "", help="Their weapon, by its name in the scenario (default: their first).", line=True
    )
