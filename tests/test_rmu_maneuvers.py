"""RMU maneuvers as the firearm actions use them: RULINGS M-1..M-4, D-2, and the haste
cross-reduction of RMU-SK-1 / F-4."""

from __future__ import annotations

import pytest

from firefight.dice import Dice
from firefight.errors import RuleRefusal, TableDataError
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.maneuvers import (
    AbsoluteManeuverResult,
    AbsoluteResult,
    Maneuver,
    ManeuverRolled,
    PercentageResult,
    difficulty_modifier,
    haste_modifiers,
    load_maneuver_figures,
    maneuver_figures,
    opposed_modifier,
    read_absolute,
    read_percentage,
    resolve_maneuver,
)
from firefight.rulesets.rmu.severity import Severity
from firefight.tables.data_files import package_data, read_toml
from firefight.trace import Total

DATA = RmuData()


@pytest.mark.parametrize(
    ("total", "percent"),
    [
        (1, 5),
        (10, 5),
        (11, 10),
        (20, 10),
        (21, 20),
        (30, 20),
        (31, 30),
        (41, 40),
        (51, 50),
        (61, 60),
        (70, 60),
        (71, 70),
        (80, 70),
        (81, 80),
        (91, 90),
        (100, 90),
        (101, 100),
        (130, 100),
        (131, 110),
        (160, 110),
        (161, 120),
        (191, 130),
        (221, 140),
        (251, 150),
        (280, 150),
    ],
)
def test_m_1_percentage_ladder(total: int, percent: int) -> None:
    reading = read_percentage(total)
    assert reading.percent == percent
    assert reading.critical is None and not reading.fail_to_act and not reading.exceptional


def test_m_1_281_and_more_is_150_and_exceptional() -> None:
    for total in (281, 400):
        reading = read_percentage(total)
        assert (reading.percent, reading.exceptional) == (150, True)


@pytest.mark.parametrize(
    ("total", "severity"),
    [
        (-20, Severity.A),
        (-39, Severity.A),
        (-40, Severity.B),
        (-59, Severity.B),
        (-60, Severity.C),
        (-79, Severity.C),
        (-80, Severity.D),
        (-99, Severity.D),
        (-100, Severity.E),
        (-250, Severity.E),
    ],
)
def test_m_1_failure_critical_ladder(total: int, severity: Severity) -> None:
    """The bottom of Table 5-1: a critical against the character, A at -20 down to E."""
    reading = read_percentage(total)
    assert reading.critical is severity
    assert reading.percent is None and not reading.succeeded


@pytest.mark.parametrize("total", [-19, -5, 0])
def test_m_1_minus_19_to_0_fails_to_act(total: int) -> None:
    reading = read_percentage(total)
    assert reading.fail_to_act and reading.critical is None and reading.share_percent == 0


def test_m_1_share_of_anything_is_capped_at_100() -> None:
    """RMU-RF-4 and RMU-MOV-2 read the percentage as a share, which stops at 100%."""
    assert read_percentage(150).percent == 110
    assert read_percentage(150).share_percent == 100
    assert read_percentage(75).share_percent == 70


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("casual", 70),
        ("simple", 50),
        ("routine", 30),
        ("easy", 20),
        ("light", 10),
        ("medium", 0),
        ("hard", -10),
        ("very hard", -20),
        ("extremely-hard", -30),
        ("sheer folly", -50),
        ("absurd", -70),
        ("Nigh Impossible", -100),
    ],
)
def test_m_2_difficulties(name: str, value: int) -> None:
    mod = difficulty_modifier(name)
    assert (mod.value, mod.rule) == (value, "M-2")


def test_m_2_an_unknown_difficulty_is_refused() -> None:
    with pytest.raises(RuleRefusal) as info:
        difficulty_modifier("tricky")
    assert info.value.rule == "M-2" and "tricky" in info.value.reason


@pytest.mark.parametrize(
    ("total", "result"),
    [
        (-5, AbsoluteResult.ABSOLUTE_FAILURE),
        (0, AbsoluteResult.ABSOLUTE_FAILURE),
        (1, AbsoluteResult.FAILURE),
        (75, AbsoluteResult.FAILURE),
        (76, AbsoluteResult.PARTIAL_SUCCESS),
        (100, AbsoluteResult.PARTIAL_SUCCESS),
        (101, AbsoluteResult.SUCCESS),
        (175, AbsoluteResult.SUCCESS),
        (176, AbsoluteResult.ABSOLUTE_SUCCESS),
    ],
)
def test_m_3_absolute_bands(total: int, result: AbsoluteResult) -> None:
    assert read_absolute(total, natural=50).result is result


def test_m_3_unmodified_66_is_an_unusual_event_whatever_the_total() -> None:
    assert read_absolute(30, natural=66).unusual_event
    assert not read_absolute(66, natural=65).unusual_event
    out = resolve_maneuver(Maneuver(kind="absolute", bonus=50), Dice.scripted([66]), DATA)
    assert isinstance(out.result, AbsoluteManeuverResult)
    assert out.result.unusual_event is True
    assert out.result.result == "success"  # 66 + 50 = 116


def test_m_4_opposed_active_side_adds_100_less_the_passive_total() -> None:
    assert opposed_modifier(70).value == 30
    assert opposed_modifier(130).value == -30
    out = resolve_maneuver(
        Maneuver(kind="percentage", bonus=20, opposed_by=80), Dice.scripted([50]), DATA
    )
    assert out.result.total == 50 + 20 + 20


def test_d_2_maneuver_rolls_open_at_both_ends() -> None:
    """A 03 rolls again and subtracts (RULINGS D-1, D-2): 3 - 40 = -37, then Hard -10."""
    out = resolve_maneuver(Maneuver(bonus=0, difficulty="hard"), Dice.scripted([3, 40]), DATA)
    assert isinstance(out.result, PercentageResult)
    assert out.result.total == -47
    assert out.result.critical == "B"
    high = resolve_maneuver(Maneuver(bonus=0), Dice.scripted([97, 40]), DATA)
    assert isinstance(high.result, PercentageResult)
    assert high.result.total == 137 and high.result.percent == 110


def test_m_1_resolve_maneuver_itemizes_its_total_and_records_the_result() -> None:
    out = resolve_maneuver(
        Maneuver(bonus=45, difficulty="light", actor="Mara", skill="Climbing"),
        Dice.scripted([30]),
        DATA,
    )
    total = next(e for e in out.trace if isinstance(e, Total))
    assert [p.value for p in total.parts] == [30, 45, 10]
    assert out.result.result == "80%"
    assert out.events == (ManeuverRolled(actor="Mara", skill="Climbing", total=85, result="80%"),)


def test_rmu_sk_1_haste_is_offset_by_the_other_skill_never_past_0() -> None:
    """F-4: haste -50 with Fire Discipline +30 is -20; a bigger bonus stops at 0."""
    mods = haste_modifiers(
        ap=2,
        ap_range=(2, 4),
        per_ap=-25,
        action="x",
        rule="RMU-RF-3",
        offset_bonus=30,
        offset_skill="Fire Discipline",
    )
    assert [(m.value, m.rule) for m in mods] == [(-50, "RMU-GEN-1"), (30, "RMU-SK-1")]
    big = haste_modifiers(
        ap=3, ap_range=(2, 4), per_ap=-25, action="x", rule="R", offset_bonus=80, offset_skill="s"
    )
    assert sum(m.value for m in big) == 0
    none = haste_modifiers(
        ap=4, ap_range=(2, 4), per_ap=-25, action="x", rule="R", offset_bonus=80, offset_skill="s"
    )
    assert none == []
    negative = haste_modifiers(
        ap=2, ap_range=(2, 4), per_ap=-25, action="x", rule="R", offset_bonus=-15, offset_skill="s"
    )
    assert sum(m.value for m in negative) == -50


def test_haste_outside_the_window_is_refused_under_the_actions_rule() -> None:
    with pytest.raises(RuleRefusal) as info:
        haste_modifiers(ap=1, ap_range=(2, 4), per_ap=-25, action="A sweep", rule="RMU-SUP-3")
    assert info.value.rule == "RMU-SUP-3" and "2 to 4 AP" in info.value.reason


def test_m_1_the_ladder_is_data_and_a_broken_file_names_the_row() -> None:
    raw = read_toml(package_data("firefight.rulesets.rmu", "data/maneuvers.toml"))
    assert load_maneuver_figures(raw) == maneuver_figures()
    raw["percentage"][7]["up_to"] = 5  # below the row before it
    with pytest.raises(TableDataError) as info:
        load_maneuver_figures(raw)
    assert "percentage row 8" in str(info.value)
