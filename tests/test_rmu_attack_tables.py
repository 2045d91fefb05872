"""The stand-in RMU firearm attack tables hold every property the source states about them.

DATA.md (attack tables row), RMU-GEN-5, RMU-ARM-1, RMU-ARM-6, RULINGS P-6 and P-7. The tables
are read the way the engine reads them, through the ruleset's :class:`TableSet`, and must
match what ``scripts/generate_attack_tables.py`` produces.
"""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

import pytest
from generate_attack_tables import build_tables

from firefight.rulesets.rmu.attack_table import AttackTable, attack_table_from_data
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.table_kinds import RmuTables

REPO = Path(__file__).resolve().parents[1]
GENERATOR = REPO / "scripts" / "generate_attack_tables.py"
TABLES_DIR = REPO / "src" / "firefight" / "rulesets" / "rmu" / "tables"

NINE = "firearm-9mm"
RIFLE = "firearm-7.62mm"
BOTH = (NINE, RIFLE)
AT_COLUMNS = tuple(f"AT {n}" for n in range(1, 11))
BA_COLUMNS = ("BA I", "BA II", "BA III", "BA IV")
SOFT = ("BA I", "BA II")


@pytest.fixture(autouse=True)
def _no_user_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A GM's imported table would shadow the shipped one; these tests are about the shipped ones.
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path))


def _table(name: str) -> AttackTable:
    return RmuTables().attack(name)


def _hits(table: AttackTable, column: str) -> list[int]:
    return [cell.hits for cell in table.column_cells(column)]


def _steps(table: AttackTable, column: str) -> list[int | None]:
    return [cell.severity.step if cell.severity else None for cell in table.column_cells(column)]


def _worst(table: AttackTable, column: str) -> Severity:
    found = [cell.severity for cell in table.column_cells(column) if cell.severity]
    assert found, f"{table.name} {column} never gives a critical"
    return max(found, key=lambda s: s.step)


def _total_hits(table: AttackTable, column: str) -> int:
    return sum(_hits(table, column))


def _all_hits(table: AttackTable) -> list[list[int]]:
    return [[cell.hits for cell in row.cells] for row in table.rows]


# --- frame ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BOTH)
def test_rmu_gen_5_and_arm_1_columns_are_naked_at_then_ballistic_armor(name: str) -> None:
    """RMU-GEN-5 / RMU-ARM-1: one column per naked AT 1-10 and per armor class BA I-IV."""
    assert _table(name).columns == AT_COLUMNS + BA_COLUMNS


@pytest.mark.parametrize("name", BOTH)
def test_rmu_gen_5_rows_are_three_point_bands_from_65_to_175(name: str) -> None:
    table = _table(name)
    assert [(row.low, row.high) for row in table.rows] == [
        (low, low + 2) for low in range(65, 176, 3)
    ]
    assert len(table.rows) == 37


@pytest.mark.parametrize("name", BOTH)
def test_stand_in_is_marked_provisional_with_derivation_and_source(name: str) -> None:
    """DATA.md: a stand-in says it is provisional, how it was made, and what it rests on."""
    table = _table(name)
    assert table.provisional
    assert "generate_attack_tables.py" in table.derivation
    assert "2.7" in table.derivation  # the ratio's definition is spelled out there
    assert table.source.startswith("000 ")


def test_shipped_files_match_the_generator() -> None:
    """The data files are what the script makes now: nobody hand-edited one or forgot a rerun."""
    generated = build_tables()
    assert sorted(generated) == sorted(BOTH)
    for name, data in generated.items():
        on_disk = tomllib.loads((TABLES_DIR / f"{name}.toml").read_text(encoding="utf-8"))
        assert on_disk == data, f"{name}.toml is stale: rerun scripts/generate_attack_tables.py"
        assert _table(name) == attack_table_from_data(data, name)


def test_generator_is_deterministic() -> None:
    assert build_tables() == build_tables()


# --- breaking points (RMU-ARM-6) -----------------------------------------------------------


def _gun_table(weapon: str) -> AttackTable:
    """The table a catalog gun fires on: 000 states some figures per gun, not per table."""
    return _table(RmuData().weapon(weapon).attack_table)


def test_rmu_arm_6_glock_breaking_points_are_101_113_128_161() -> None:
    table = _gun_table("glock-17")
    points = {column: table.breaking_point(column) for column in BA_COLUMNS}
    assert points == {"BA I": 101, "BA II": 113, "BA III": 128, "BA IV": 161}


@pytest.mark.parametrize("name", BOTH)
def test_rmu_arm_6_no_critical_below_a_breaking_point_and_one_in_every_row_from_it(
    name: str,
) -> None:
    table = _table(name)
    for column in table.columns:
        point = table.breaking_point(column)
        assert point is not None, f"{column} never breaks"
        for row, step in zip(table.rows, _steps(table, column), strict=True):
            if row.low < point:
                assert step is None, f"{name} {column} {row.label}: critical below {point}"
            else:
                assert step is not None, f"{name} {column} {row.label}: no critical past {point}"


@pytest.mark.parametrize("name", BOTH)
def test_rmu_arm_6_criticals_escalate_and_never_fall_past_the_breaking_point(name: str) -> None:
    table = _table(name)
    for column in table.columns:
        steps = [s for s in _steps(table, column) if s is not None]
        assert steps == sorted(steps), f"{name} {column}: severity falls as the total rises"
        assert steps[-1] > steps[0], f"{name} {column}: criticals arrive but never escalate"


@pytest.mark.parametrize("name", BOTH)
def test_rmu_arm_6_hits_never_fall_as_the_total_rises(name: str) -> None:
    table = _table(name)
    for column in table.columns:
        hits = _hits(table, column)
        assert hits == sorted(hits), f"{name} {column}: hits fall as the total rises"


@pytest.mark.parametrize("name", BOTH)
def test_rmu_arm_6_hits_climb_below_the_breaking_point_then_jump_at_it(name: str) -> None:
    """Below the point the vest eats the shot (hits still climb); at it the damage jumps."""
    table = _table(name)
    for column in BA_COLUMNS:
        point = table.breaking_point(column)
        hits = _hits(table, column)
        at = next(i for i, row in enumerate(table.rows) if row.low == point)
        below = hits[:at]
        assert below[-1] > below[0], f"{name} {column}: hits flat below the breaking point"
        largest_step_below = max(b - a for a, b in itertools.pairwise(below))
        assert hits[at] - hits[at - 1] > largest_step_below


@pytest.mark.parametrize("name", BOTH)
def test_rmu_gen_5_every_row_deals_at_least_one_hit_on_naked_at_1(name: str) -> None:
    assert min(_hits(_table(name), "AT 1")) >= 1


@pytest.mark.parametrize("name", BOTH)
def test_rmu_arm_6_no_vest_deals_as_many_hits_as_bare_clothes(name: str) -> None:
    table = _table(name)
    bare = _hits(table, "AT 1")
    for column in BA_COLUMNS:
        for row, naked, armored in zip(table.rows, bare, _hits(table, column), strict=True):
            assert armored < naked, f"{name} {column} {row.label}: {armored} vs bare {naked}"


@pytest.mark.parametrize(
    ("name", "naked_worst", "soft_worst"), [(NINE, "E", "D"), (RIFLE, "F", "E")]
)
def test_rmu_arm_6_soft_armor_worst_critical_is_one_step_below_naked(
    name: str, naked_worst: str, soft_worst: str
) -> None:
    table = _table(name)
    assert _worst(table, "AT 1") is Severity(naked_worst)
    for column in SOFT:
        assert _worst(table, column).step == _worst(table, "AT 1").step - 1
        assert _worst(table, column) is Severity(soft_worst)


def test_rmu_arm_6_9mm_tops_out_at_e_bare_and_at_b_against_ba_iv() -> None:
    table = _table(NINE)
    assert max(_worst(table, column).step for column in table.columns) == Severity.E.step
    assert _worst(table, "AT 1") is Severity.E
    assert _worst(table, "BA IV") is Severity.B


def test_rmu_gen_5_and_p_7_rifle_reaches_f_on_naked_at_1() -> None:
    """The 7.62 mm table reaches F, which P-7 reads as an E and an A on the one roll."""
    worst = _worst(_table(RIFLE), "AT 1")
    assert worst is Severity.F
    assert worst.components == (Severity.E, Severity.A)


def test_rmu_arm_6_hotter_round_pulls_lighter_breaking_points_down() -> None:
    nine, rifle = _table(NINE), _table(RIFLE)
    for column in ("BA I", "BA II", "BA III"):
        rifle_point, nine_point = rifle.breaking_point(column), nine.breaking_point(column)
        assert rifle_point is not None
        assert nine_point is not None
        assert rifle_point < nine_point, column


# --- the rifle against the pistol cartridge --------------------------------------------------


def test_rifle_deals_more_than_twice_the_9mm_hits_in_every_cell() -> None:
    """000: better than twice the 9 mm's hits at every band (same row, same column)."""
    nine, rifle = _table(NINE), _table(RIFLE)
    for row_9, row_r in zip(nine.rows, rifle.rows, strict=True):
        for column, cell_9, cell_r in zip(nine.columns, row_9.cells, row_r.cells, strict=True):
            if cell_9.hits > 0:
                assert cell_r.hits > 2 * cell_9.hits, f"{row_9.label} {column}"


def test_rifle_deals_about_2_7_times_the_9mm_hits_overall() -> None:
    """Ratio of the mean hits over every cell (all 37 rows x 14 columns) of each table.

    Both tables have the same rows and columns, so this is also the ratio of their hit sums.
    """
    nine, rifle = _all_hits(_table(NINE)), _all_hits(_table(RIFLE))
    cells = len(nine) * len(nine[0])
    ratio = (sum(map(sum, rifle)) / cells) / (sum(map(sum, nine)) / cells)
    assert ratio == pytest.approx(2.7, abs=0.05)


@pytest.mark.parametrize(
    ("weapon", "loss"),
    [
        ("glock-17", 0.58),
        ("zastava-m85-folded", 0.58),
        ("zastava-m85-stock", 0.58),
        ("sks-46", 0.54),
    ],
)
def test_rmu_exp_8_each_gun_000_names_loses_its_stated_share_to_plate(
    weapon: str, loss: float
) -> None:
    """RMU-EXP-8 (000, armor against fragments): the source measures the guns it names, not
    the tables: the Glock 17 and the Zastava M85, which share the 9 mm table, lose 58% of their
    hits from bare AT 1 to plate AT 10, and the SKS-46 54%, read from each gun's own entry."""
    table = _gun_table(weapon)
    measured = 1 - _total_hits(table, "AT 10") / _total_hits(table, "AT 1")
    assert measured == pytest.approx(loss, abs=0.005)


@pytest.mark.parametrize("name", BOTH)
def test_rmu_gen_5_heavier_naked_at_never_takes_more_hits(name: str) -> None:
    table = _table(name)
    for row in table.rows:
        hits = [row.cells[table.column_index(c)].hits for c in AT_COLUMNS]
        assert hits == sorted(hits, reverse=True), row.label


@pytest.mark.parametrize("name", BOTH)
def test_heavier_naked_at_never_takes_a_worse_critical(name: str) -> None:
    """Model sanity: a heavier AT column breaks later, so its critical is never worse."""
    table = _table(name)
    for row in table.rows:
        steps = [
            (s.step if (s := row.cells[table.column_index(c)].severity) else 0) for c in AT_COLUMNS
        ]
        assert steps == sorted(steps, reverse=True), row.label


# --- pacing (model sanity, like RMU weapon tables) ------------------------------------------


def test_9mm_naked_at_1_first_critical_between_80_and_95() -> None:
    point = _table(NINE).breaking_point("AT 1")
    assert point is not None
    assert 80 <= point <= 95


@pytest.mark.parametrize("name", BOTH)
def test_naked_at_1_criticals_climb_one_step_per_12_to_20_points(name: str) -> None:
    table = _table(name)
    first_total: dict[int, int] = {}
    for row, cell in zip(table.rows, table.column_cells("AT 1"), strict=True):
        if cell.severity:
            first_total.setdefault(cell.severity.step, row.low)
    steps = sorted(first_total)
    assert steps == list(range(1, steps[-1] + 1)), "a severity was skipped"
    for lower, higher in itertools.pairwise(steps):
        assert 12 <= first_total[higher] - first_total[lower] <= 20


# --- reading the table (RMU-GEN-5, P-6) ----------------------------------------------------


@pytest.mark.parametrize("name", BOTH)
def test_p_6_total_181_reads_the_top_row_with_critical_bonus_2(name: str) -> None:
    table = _table(name)
    result = table.lookup(181, "AT 1")
    assert result.row is not None
    assert (result.row.low, result.row.high) == (173, 175)
    assert result.critical_roll_bonus == 2
    assert result.cell == table.rows[-1].cells[0]


@pytest.mark.parametrize("name", BOTH)
def test_p_6_total_64_is_below_the_table_and_does_nothing(name: str) -> None:
    result = _table(name).lookup(64, "AT 1")
    assert result.row is None
    assert result.hits == 0
    assert result.severity is None
    assert result.critical_roll_bonus == 0
    # 65, the lowest row's first total, is on the table: its hits land.
    lowest = _table(name).lookup(65, "AT 1")
    assert lowest.row is not None and (lowest.row.low, lowest.row.high) == (65, 67)
    assert lowest.hits > 0


def test_rmu_gen_5_glock_reads_its_breaking_point_on_ba_i() -> None:
    """At the breaking point the vest's column gives a critical; one point below, none."""
    table = _gun_table("glock-17")
    assert table.lookup(101, "BA I").severity is Severity.A
    assert table.lookup(100, "BA I").severity is None
