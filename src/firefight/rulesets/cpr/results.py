"""What a cpr resolution comes to, in the one word of the JSON outcome vocabulary.

docs/json.md lists the words; this reads them off the summaries the cpr resolvers return (an
attack's shots, autofire, a throw, a damage roll, an area attack's targets, suppressive fire,
a reload, and the encounter's actions, which add the verb).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from firefight.outcome import Outcome, ResolvedWord, Result
from firefight.serialize import to_plain

__all__ = ["CprSummary", "outcome_word", "summary_of"]


@dataclass(frozen=True, slots=True)
class CprSummary(Result):
    """Transitional: a resolver not yet given a typed result of its own returns its summary
    here, read by :func:`outcome_word` (docs/architecture.md, "How a ruleset returns a
    result")."""

    summary: Mapping[str, Any]

    @property
    def outcome(self) -> ResolvedWord:
        return outcome_word(self.summary)

    @property
    def headline(self) -> str | None:
        found = self.summary.get("headline")
        return None if found is None else str(found)

    def fields(self) -> dict[str, Any]:
        plain = to_plain(dict(self.summary))
        assert isinstance(plain, dict)
        return plain


def summary_of(outcome: Outcome) -> Mapping[str, Any]:
    """Transitional: the summary of an outcome whose result is a :class:`CprSummary`."""
    assert isinstance(outcome.result, CprSummary)
    return outcome.result.summary


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
