"""Typed results (issue 10): a resolver's result is a frozen dataclass; its JSON and the log's
summary are written from its fields by pydantic, shaped by ``omitted`` and ``inline``."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.encounter.log import LogRecord
from firefight.encounter.replay import _same
from firefight.outcome import Happened, ResolvedWord, Result, inline, omitted


@dataclass(frozen=True, slots=True, kw_only=True)
class Wound:
    target: str
    damage: int
    note: str | None = omitted()


@dataclass(frozen=True, slots=True, kw_only=True)
class Roll:
    target: str
    result: str
    wound: Wound | None = inline()


@dataclass(frozen=True, slots=True, kw_only=True)
class Volley(Result):
    shots: tuple[Roll, ...]
    result: str
    burst: int | None = omitted()

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if any(s.result == "hit" for s in self.shots) else "miss"


HIT = Roll(target="Bob", result="hit", wound=Wound(target="Bob", damage=7, note="graze"))
MISS = Roll(target="Ann", result="miss")


def test_fields_leave_out_an_omitted_figure_while_it_is_none() -> None:
    assert Volley(shots=(), result="miss").fields() == {"shots": [], "result": "miss"}
    assert Volley(shots=(), result="miss", burst=0).fields()["burst"] == 0


def test_an_inline_part_is_written_in_its_place_and_the_parent_wins() -> None:
    shots = Volley(shots=(HIT, MISS), result="fired").fields()["shots"]
    assert shots == [
        {"target": "Bob", "result": "hit", "damage": 7, "note": "graze"},
        {"target": "Ann", "result": "miss"},
    ]
    # The parent's figure stands where the part has one of the same name.
    clash = Roll(target="Bob", result="hit", wound=Wound(target="Cy", damage=1))
    assert Volley(shots=(clash,), result="x").fields()["shots"][0]["target"] == "Bob"


def test_the_json_result_is_the_outcome_word_then_the_fields_with_the_own_word_as_detail() -> None:
    data = Volley(shots=(HIT,), result="fired").to_json()
    assert list(data)[:2] == ["outcome", "detail"]
    assert (data["outcome"], data["detail"]) == ("hit", "fired")
    assert "detail" not in Volley(shots=(MISS,), result="miss").to_json()


def test_happened_is_done_with_its_verb_and_headline_when_it_has_them() -> None:
    assert Happened().to_json() == {"outcome": "done"}
    moved = Happened(action="moves", headline="Mara moves.")
    assert moved.fields() == {"action": "moves", "headline": "Mara moves."}
    assert moved.headline == "Mara moves."


def _record(summary: dict[str, object]) -> LogRecord:
    return LogRecord(kind="action", round=1, text="Mara waits", summary=summary)


def test_a_record_written_before_typed_results_replays_without_its_outcome_word() -> None:
    """DEC-331: an older record keeps no ``outcome`` and may keep null figures a typed result
    leaves out; the rest must match."""
    redo = _record({"outcome": "done", "action": "holds", "actor": "V"})
    assert _same(_record({"action": "holds", "actor": "V", "until": None}), redo)
    assert not _same(_record({"action": "holds", "actor": "Rook"}), redo)
    # A record that keeps its word must keep the same one.
    assert not _same(_record({"outcome": "hit", "action": "holds", "actor": "V"}), redo)
