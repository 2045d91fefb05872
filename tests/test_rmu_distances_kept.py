"""A shot's distance is rounded to the hundredth of a foot once for each distance
(scene_reading.to_hundredths): the figure is the very one round(d, 2) gives, asked the first
time or again, and what is kept stays within its bound."""

from __future__ import annotations

import pytest

from firefight.rulesets.rmu import scene_reading
from firefight.rulesets.rmu.scene_reading import to_hundredths


def test_a_distance_is_rounded_as_round_does_the_first_time_and_again() -> None:
    feet = [0.0, 0.005, 0.015, 2.675, 12.344999, 30.0, 31.62277660168379, 100.125, 1e-9]
    for _ in range(2):
        assert [to_hundredths(d) for d in feet] == [round(d, 2) for d in feet]
    # 2.675 is stored just under it, so it goes down, as round has it
    assert to_hundredths(2.675) == 2.67


def test_what_is_kept_stays_within_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scene_reading, "_HUNDREDTHS", {})
    monkeypatch.setattr(scene_reading, "_HUNDREDTHS_HELD", 4)
    for n in range(10):
        assert to_hundredths(n + 0.123) == round(n + 0.123, 2)
        assert len(scene_reading._HUNDREDTHS) <= 4
    assert to_hundredths(9.123) == 9.12
