"""Noticing a grenade in time, and what is left to react with (RMU-EXP-10).

Where it lands against where a combatant faces picks the row (a provisional stand-in, DATA.md):
within 10 ft to the front or the sides it is seen, 4 AP and no roll; farther in front a
Perception roll, then 4 AP; behind or to the flank a Perception roll at -25, then 2 AP; an
unaware combatant has 0. Looking costs 0-2 AP at -25 per AP short of 2, out of the same round:
what may be spent reacting is the smaller of the row's AP and what is left.

>>> from firefight.geometry import Point
>>> row = noticing_row(Point(x_ft=0, y_ft=0), 0.0, Point(x_ft=3, y_ft=5))
>>> row.perception, row.ap
(False, 4)
>>> reaction_ap(noticing_row(Point(x_ft=0, y_ft=0), 0.0, Point(x_ft=0, y_ft=-30)), 4, 2)
(2, -25)
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.geometry import Point, bearing_deg, distance_ft
from firefight.rulesets.rmu.explosives import explosive_data

__all__ = ["NoticingRow", "noticing_row", "reaction_ap"]


@dataclass(frozen=True, slots=True, kw_only=True)
class NoticingRow:
    """The row a landing falls in: whether a Perception roll is needed, at what penalty, and
    the AP it leaves to react with."""

    where: str
    perception: bool
    penalty: int
    ap: int

    def placed(self, name: str) -> str:
        """Where it lies, said of ``name``: 'behind Sam', 'in front of Sam'."""
        return _PLACED.get(self.where, "{where} of {name}").format(where=self.where, name=name)


# The rows whose words do not simply take "of NAME" after them.
_PLACED = {
    "behind": "behind {name}",
    "at their feet": "at {name}'s feet",
    "unaware": "where {name} cannot see it",
}


def noticing_row(
    observer: Point,
    facing_deg: float,
    landed: Point,
    *,
    unaware: bool = False,
) -> NoticingRow:
    """The row for a grenade landing at ``landed`` seen by someone at ``observer`` facing
    ``facing_deg`` (compass, 0 = +y)."""
    f = explosive_data().noticing
    if unaware:
        return NoticingRow(where="unaware", perception=False, penalty=0, ap=f.unaware_ap)
    distance = distance_ft(observer, landed)
    if distance == 0:
        return NoticingRow(where="at their feet", perception=False, penalty=0, ap=f.near_ap)
    off = abs((bearing_deg(observer, landed) - facing_deg + 180) % 360 - 180)
    if off > f.front_half_angle_deg:
        return NoticingRow(where="behind", perception=True, penalty=f.behind_penalty,
                           ap=f.behind_ap)  # fmt: skip
    if distance <= f.seen_within_ft:
        return NoticingRow(where="near, in front", perception=False, penalty=0, ap=f.near_ap)
    return NoticingRow(where="in front", perception=True, penalty=0, ap=f.far_front_ap)


def reaction_ap(row: NoticingRow, ap_left: int, perception_ap: int = 2) -> tuple[int, int]:
    """The AP left to react after looking ``perception_ap`` AP, and the Perception roll's
    modifier: the row's penalty and -25 per AP short of 2 (RMU-EXP-10). Nothing is spent
    looking when the row needs no roll; the reaction is the smaller of the row's AP and what
    the round still holds."""
    f = explosive_data().noticing
    if not 0 <= perception_ap <= f.perception_ap_full:
        raise RuleRefusal(
            "RMU-EXP-10",
            f"A Perception action takes 0 to {f.perception_ap_full} AP; {perception_ap} given.",
        )
    if not row.perception:
        return min(row.ap, ap_left), 0
    short = f.perception_ap_full - perception_ap
    penalty = row.penalty + f.perception_penalty_per_ap_short * short
    return max(0, min(row.ap, ap_left - perception_ap)), penalty
