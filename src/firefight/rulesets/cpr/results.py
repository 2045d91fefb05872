"""What a cpr log record written before results were typed comes to, in the one word of the
JSON outcome vocabulary.

docs/json.md lists the words. A typed result gives its own (``Result.outcome``); a record of
an older log keeps only the summary the resolvers returned then (an attack's shots, autofire, a
throw, a damage roll, an area attack's targets, suppressive fire, a reload, and the encounter's
actions, which add the verb), and this reads the word off it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from firefight.outcome import ResolvedWord

__all__ = ["outcome_word"]


def _any_hit(entries: object) -> bool:
    return isinstance(entries, list) and any(
        isinstance(e, Mapping) and e.get("result") == "hit" for e in entries
    )


def outcome_word(summary: Mapping[str, Any]) -> ResolvedWord:
    """``hit`` when any shot or anyone in the area was hit, else ``miss`` (an explosive off
    its aim point too, until the GM places it); suppressive fire is a ``success`` when someone
    must run for cover, a ``failure`` when everyone holds; a death save or a stabilizing
    check succeeds or fails; ``done`` for a reload or a move."""
    if "shots" in summary:
        return "hit" if _any_hit(summary["shots"]) else "miss"
    if "must_take_cover" in summary:
        return "success" if summary["must_take_cover"] else "failure"
    if "targets" in summary:
        return "hit" if _any_hit(summary["targets"]) else "miss"
    for verdict in ("saved", "stabilized"):  # a death save, a stabilizing check (C-12)
        if verdict in summary:
            return "success" if summary[verdict] else "failure"
    result = summary.get("result")
    if result == "hit":
        return "hit"
    if result == "miss":
        return "miss"
    return "done"
