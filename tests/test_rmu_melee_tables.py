"""The stand-in RMU melee attack and critical tables (DATA.md "Melee, bites and grapples").

Every figure DATA.md restates from RMU Core Law is asserted exactly: the known Medium Puncture
row, the three worked examples read at their weapon's size (Small x0.75 and one severity
lighter, Big x1.5 and one heavier), the known Puncture critical cells and the Grapple holds.
The shipped files must be what ``scripts/generate_melee_tables.py`` and
``scripts/derive_melee_criticals.py`` make. RMU-GEN-5 and P-6 (the frame), V-1 (the step-down
below A), P-7 (past E).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import derive_melee_criticals
import generate_melee_tables
import pytest

from firefight.rulesets.rmu.attack_table import AttackCell, attack_table_from_data
from firefight.rulesets.rmu.critical_table import CriticalEffect, CriticalTable
from firefight.rulesets.rmu.melee.figures import WeaponSize, melee_figures
from firefight.rulesets.rmu.melee.table_read import read_melee, shift_severity
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.table_kinds import RmuTables

TABLES = Path(__file__).resolve().parents[1] / "src/firefight/rulesets/rmu/tables"
ATTACK = ("melee-puncture", "melee-slash", "melee-krush", "melee-grapple")
CRITICAL = ("puncture", "slash", "krush", "grapple")
COLUMNS = tuple(f"AT {n}" for n in range(1, 11))
BASE = (Severity.A, Severity.B, Severity.C, Severity.D, Severity.E)


@pytest.fixture(autouse=True)
def _no_user_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path))


def _critical(name: str) -> CriticalTable:
    return RmuTables().critical(name)


# --- attack tables: frame and generator -------------------------------------------------------


@pytest.mark.parametrize("name", ATTACK)
def test_rmu_gen_5_melee_rows_65_to_175_columns_at_1_to_10(name: str) -> None:
    table = RmuTables().attack(name)
    assert table.columns == COLUMNS
    assert [(r.low, r.high) for r in table.rows] == [(low, low + 2) for low in range(65, 176, 3)]
    assert table.provisional and "generate_melee_tables.py" in table.derivation


def test_melee_attack_files_match_the_generator() -> None:
    generated = generate_melee_tables.build_tables()
    assert sorted(generated) == sorted(ATTACK)
    for name, data in generated.items():
        on_disk = tomllib.loads((TABLES / f"{name}.toml").read_text(encoding="utf-8"))
        assert on_disk == data, f"{name}.toml is stale: rerun scripts/generate_melee_tables.py"
        assert RmuTables().attack(name) == attack_table_from_data(data, name)


def test_known_medium_puncture_row_101_103_exactly() -> None:
    """DATA.md: 13BP 12BP 12BP 11AP 10AP 10AP 10AP 9AP 7 6 on AT 1-10."""
    row = RmuTables().attack("melee-puncture").lookup(102, "AT 1").row
    assert row is not None and (row.low, row.high) == (101, 103)
    assert [str(c) for c in row.cells] == [
        "13BP",
        "12BP",
        "12BP",
        "11AP",
        "10AP",
        "10AP",
        "10AP",
        "9AP",
        "7",
        "6",
    ]


@pytest.mark.parametrize(
    ("table", "total", "size", "expected"),
    [
        ("melee-puncture", 139, WeaponSize.BIG, (23, Severity.D, "puncture")),  # 2H spear
        ("melee-krush", 105, WeaponSize.SMALL, (7, Severity.A, "krush")),  # Small mace
        ("melee-slash", 150, WeaponSize.SMALL, (16, Severity.D, "slash")),  # Small hand axe
    ],
)
def test_worked_examples_read_exactly_at_their_size(
    table: str, total: int, size: WeaponSize, expected: tuple[int, Severity, str]
) -> None:
    """DATA.md's three RMU Core Law examples, all against AT 3."""
    read = read_melee(RmuTables().attack(table), total, "AT 3", size)
    assert (read.hits, read.severity, read.critical_table) == expected
    assert read.step_down == 0


@pytest.mark.parametrize("name", ATTACK)
def test_melee_hits_never_fall_with_the_total_nor_rise_with_heavier_armor(name: str) -> None:
    table = RmuTables().attack(name)
    for column in COLUMNS:
        hits = [c.hits for c in table.column_cells(column)]
        assert hits == sorted(hits)
        steps = [c.severity.step if c.severity else 0 for c in table.column_cells(column)]
        assert steps == sorted(steps)
    for row in table.rows:
        hits = [c.hits for c in row.cells]
        assert hits == sorted(hits, reverse=True)


@pytest.mark.parametrize(("name", "letter"), list(zip(ATTACK, "PSKG", strict=True)))
def test_every_critical_cell_names_its_family_table(name: str, letter: str) -> None:
    table = RmuTables().attack(name)
    cells = [c for r in table.rows for c in r.cells if c.severity]
    assert cells and all(c.critical == letter for c in cells)
    assert all(c.critical is None for r in table.rows for c in r.cells if not c.severity)
    RmuTables().critical(melee_figures().critical_table(letter))  # the letter's table loads


# --- sizes (DATA.md; V-1's step-down; P-7) -----------------------------------------------------


def test_small_is_three_quarters_and_one_lighter_big_half_again_and_one_heavier() -> None:
    table = RmuTables().attack("melee-puncture")
    medium = read_melee(table, 102, "AT 1", WeaponSize.MEDIUM)
    small = read_melee(table, 102, "AT 1", WeaponSize.SMALL)
    big = read_melee(table, 102, "AT 1", WeaponSize.BIG)
    assert (medium.hits, medium.severity) == (13, Severity.B)
    assert (small.hits, small.severity) == (10, Severity.A)  # 9.75 -> 10
    assert (big.hits, big.severity) == (20, Severity.C)  # 19.5 -> 20: half up


def test_v_1_small_a_falls_below_a_and_steps_down_instead_of_vanishing() -> None:
    """DATA.md: a Small weapon's A is one below A: the critical reads the step-down (V-1)."""
    read = read_melee(RmuTables().attack("melee-puncture"), 102, "AT 4", WeaponSize.SMALL)
    assert (read.hits, read.severity, read.step_down) == (8, Severity.A, 1)
    assert str(read) == "8A stepped down 1 puncture"
    assert shift_severity(Severity.A, -1) == (Severity.A, 1)


def test_p_7_big_e_reads_f() -> None:
    read = read_melee(RmuTables().attack("melee-slash"), 175, "AT 1", WeaponSize.BIG)
    assert read.severity is Severity.F


def test_p_6_melee_totals_past_175_push_the_critical_roll() -> None:
    read = read_melee(RmuTables().attack("melee-slash"), 186, "AT 1", WeaponSize.MEDIUM)
    assert read.critical_roll_bonus == 3  # 11 over: +1 per 5, rounded up


def test_p_6_below_65_the_attack_does_nothing() -> None:
    read = read_melee(RmuTables().attack("melee-slash"), 64, "AT 1", WeaponSize.BIG)
    assert (read.hits, read.severity, read.result.row) == (0, None, None)


def test_attack_cell_grammar_takes_a_critical_letter() -> None:
    cell = AttackCell.parse("13BP")
    assert (cell.hits, cell.severity, cell.critical) == (13, Severity.B, "P")
    assert str(AttackCell.parse("12B")) == "12B"
    with pytest.raises(ValueError, match="13BP"):
        AttackCell.parse("13P")


# --- critical tables ---------------------------------------------------------------------------


def test_melee_critical_files_match_the_derivation() -> None:
    derived = derive_melee_criticals.derive_all()
    assert sorted(derived) == sorted(CRITICAL)
    for name, text in derived.items():
        assert (TABLES / f"{name}.toml").read_text(encoding="utf-8") == text, (
            f"{name}.toml is stale: run python scripts/derive_melee_criticals.py"
        )


@pytest.mark.parametrize("name", CRITICAL)
def test_melee_criticals_share_the_004_location_layout(name: str) -> None:
    table, base = _critical(name), _critical("ballistic-puncture")
    assert len(table.rows) == 20
    assert [(r.low, r.high, r.location) for r in table.rows] == [
        (r.low, r.high, r.location) for r in base.rows
    ]
    assert table.provisional and "derive_melee_criticals.py" in table.derivation


def test_known_puncture_leg_row_36_45_exactly() -> None:
    """DATA.md's Puncture leg row: A-E as RMU Core Law gives them."""
    row = _critical("puncture").row_for(40)
    assert (row.low, row.high, row.location.value) == (36, 45, "leg")

    def mech(cell: CriticalEffect) -> tuple[int, int, int, int, int, int, int | None]:
        return (
            cell.hits,
            cell.bleed,
            cell.stun_rounds,
            cell.stun_penalty,
            cell.injury,
            cell.fatigue,
            cell.breakage,
        )

    assert mech(row.cell(Severity.A)) == (13, 1, 0, 0, 0, 0, None)
    assert mech(row.cell(Severity.B)) == (22, 0, 1, -25, 0, 0, None)
    assert mech(row.cell(Severity.C)) == (11, 5, 0, 0, 0, 0, None)
    assert mech(row.cell(Severity.D)) == (0, 4, 2, -25, -5, 10, None)
    assert mech(row.cell(Severity.E)) == (20, 2, 0, 0, -10, 0, -25)


def test_known_puncture_arm_row_56_65_c_exactly() -> None:
    cell = _critical("puncture").row_for(60).cell(Severity.C)
    assert (cell.hits, cell.bleed, cell.injury, cell.stun_rounds) == (14, 4, -10, 0)


def test_grapple_cells_are_holds_rising_a_10_to_e_90() -> None:
    table = _critical("grapple")
    for row in table.rows:
        assert [row.cell(s).hold for s in BASE] == [10, 30, 50, 70, 90]
        for s in BASE:
            cell = row.cell(s)
            assert (cell.bleed, cell.injury, cell.dead, cell.dying_rounds) == (0, 0, False, None)
    assert all(
        c.hold == 0
        for n in ("puncture", "slash", "krush")
        for r in _critical(n).rows
        for c in r.cells
    )


def test_slash_bleeds_more_krush_bleeds_never_and_tires() -> None:
    puncture, slash, krush = _critical("ballistic-puncture"), _critical("slash"), _critical("krush")
    for p_row, s_row, k_row in zip(puncture.rows, slash.rows, krush.rows, strict=True):
        for s in BASE:
            p = p_row.cell(s)
            assert s_row.cell(s).bleed >= p.bleed
            assert k_row.cell(s).bleed == 0
            assert k_row.cell(s).fatigue == p.fatigue + p.bleed


def test_subdual_is_half_hits_and_nothing_that_lasts() -> None:
    """DATA.md: Subdual deals half the hits; its worst column is E (no F-J cells exist)."""
    subdual, base = _critical("subdual"), _critical("ballistic-puncture")
    for row, b_row in zip(subdual.rows, base.rows, strict=True):
        assert len(row.cells) == 5
        for s in BASE:
            assert row.cell(s).hits == (b_row.cell(s).hits + 1) // 2
            assert row.cell(s).bleed == 0 and not row.cell(s).dead


# --- the step-down (V-1) ----------------------------------------------------------------------


def test_v_1_step_down_reads_the_next_lower_row_of_the_same_location() -> None:
    table = _critical("puncture")
    assert table.stepped_down(40, 1).label == "06-10"  # leg 36-45 -> leg 06-10
    assert table.stepped_down(40, 2).label == "01"  # no leg below 06-10 -> the 01 row
    assert table.stepped_down(99, 1).label == "76-80"  # chest 98-99 -> chest 76-80
    assert table.stepped_down(3, 1).label == "01"
