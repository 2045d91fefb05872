"""What a gurps log record written before results were typed comes to, in the one word of the
JSON outcome vocabulary.

docs/json.md lists the words. A typed result gives its own (``Result.outcome``); a record of
an older log keeps only the summary the resolvers returned then, and this reads the word off it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from firefight.outcome import ResolvedWord

__all__ = ["outcome_word"]


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
