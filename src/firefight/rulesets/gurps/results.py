"""What a gurps resolution comes to, in the one word of the JSON outcome vocabulary
(docs/json.md), read off the summaries its resolvers still return (transitional: see
docs/architecture.md, "How a ruleset returns a result")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from firefight.outcome import ResolvedWord, SummaryResult

__all__ = ["GurpsSummary", "outcome_word"]


@dataclass(frozen=True, slots=True)
class GurpsSummary(SummaryResult):
    """Transitional: a gurps resolver's summary, its word read by :func:`outcome_word`."""

    @property
    def outcome(self) -> ResolvedWord:
        return outcome_word(self.summary)


def outcome_word(summary: Mapping[str, Any]) -> ResolvedWord:
    """A shot or stray that struck someone is a hit, a critical miss a fumble, anything else
    that struck nobody a miss; a load is a success or failure; a reload of a magazine
    weapon or a burst barrel's shot is done; a Fast-Draw that readies at once is a success, a
    dropped weapon a fumble."""
    if "barrel_burst" in summary:
        return "fumble"
    if "alight" in summary:
        return "success" if summary["alight"] else "failure"
    if "heard" in summary or "burning" in summary:
        return "success" if summary.get("heard", summary.get("burning")) else "failure"
    if "ready" in summary:
        if not summary["ready"]:
            return "fumble"
        return "success" if summary["seconds"] == 0 else "done"
    if "loaded" in summary:
        return "success" if summary["loaded"] else "failure"
    if "hits" in summary:
        if summary["hits"]:
            return "hit"
        return "fumble" if summary.get("critical_miss") else "miss"
    if "hit" in summary:
        return "hit" if summary["hit"] else "miss"
    return "done"
