"""What an rmu log record written before results were typed comes to, in the one word of the
JSON outcome vocabulary.

docs/json.md lists the words. A typed result gives its own (``Result.outcome``: the aimed shot
in :mod:`.shot_results`, automatic fire in :mod:`.fire_results`, the rest beside them); a
record of an older log keeps only the summary the resolvers returned then (the aimed shot,
rapid fire and its preparation, the suppression sweep, maneuvers, moving to cover, and the
encounter's actions, which add the verb), and this reads the word off it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from firefight.outcome import ResolvedWord

__all__ = ["outcome_word"]


# M-3's absolute maneuver bands.
_ABSOLUTE: dict[str, ResolvedWord] = {
    "absolute failure": "failure",
    "failure": "failure",
    "partial success": "partial",
    "success": "success",
    "absolute success": "success",
}


# Where a thrown explosive lands (RMU-EXP-2): on the spot, scattered off it (its fumble is above).
_THROWN: dict[str, ResolvedWord] = {"on target": "success", "scattered": "partial"}
# Breaking a hold (RMU-BITE-3): out of it, or still held.
_ESCAPE: dict[str, ResolvedWord] = {"broke free": "success", "held": "failure"}


def _by_percent(percent: object) -> ResolvedWord:
    """A percentage result (M-1, RMU-MOV-2): all of it, none of it, or a share."""
    if not isinstance(percent, int) or percent <= 0:
        return "failure"
    return "success" if percent >= 100 else "partial"


def _struck(people: object) -> bool:
    return isinstance(people, list) and any(
        isinstance(p, Mapping) and p.get("result") == "hit" for p in people
    )


def outcome_word(summary: Mapping[str, Any]) -> ResolvedWord:
    """``hit`` when the fire struck anyone (the target, a shielder the round flew on into, anyone
    in the burst or the sweep); ``fumble`` on a fumble or a malfunction; a maneuver, a
    preparation or a dash for cover by its percentage or its absolute band; a thrown
    explosive is a ``success`` on target and ``partial`` when it scatters; breaking a hold a
    ``success`` or a ``failure``; a flash-bang ``hit`` when it blinds anyone, a round in CS
    when it takes anyone's coherent action, a detonation ``hit`` when it wounds anyone;
    ``done`` for an action with nothing to roll (a move, a reload, a wait)."""
    result = summary.get("result")
    if result in ("fumble", "malfunction"):
        return "fumble"
    if result == "wasted":
        return "failure"
    if result == "prepared":
        return _by_percent(summary.get("percent"))
    if result in _THROWN:
        return _THROWN[result]
    if result in _ESCAPE:
        return _ESCAPE[result]
    if result == "flash-bang":
        return "hit" if any(v.get("steps") for v in summary.get("victims", ())) else "miss"
    if result == "cs":
        return "hit" if any(not v.get("coherent") for v in summary.get("victims", ())) else "miss"
    if result == "detonation":
        people = summary.get("people", ())
        return "hit" if any(p.get("hits") or p.get("severity") for p in people) else "miss"
    if result in ("in cover", "in the open"):
        return _by_percent(summary.get("share_percent"))
    if summary.get("kind") == "percentage":
        failed = summary.get("fail_to_act") or summary.get("critical")
        return "failure" if failed else _by_percent(summary.get("percent"))
    if summary.get("kind") == "absolute":
        return _ABSOLUTE.get(str(result), "failure")
    if "targets" in summary:
        return "hit" if _struck(summary["targets"]) else "miss"
    if result == "hit" or _struck([summary.get("shielder")]):
        return "hit"
    if result in ("miss", "cannot hit"):
        return "miss"
    return "done"
