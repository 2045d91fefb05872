"""The shipped RMU firearm critical tables and the stand-ins derived from Ballistic Puncture.

RMU-BP-1..3 (the Puncture layout and cells), RMU-ARM-3 and RMU-AMMO-3..6 (which tables exist and
what the source says they are like: DATA.md), RULINGS P-5 (breakage modifiers live in the cell)
and P-7 (severities above E read E and a lighter column on the same roll).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import derive_criticals
import pytest

from firefight.errors import TableDataError
from firefight.rulesets.rmu.critical_table import CriticalEffect, CriticalTable, HitLocation
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.table_kinds import RmuTables

REPO = Path(__file__).resolve().parents[1]
TABLES = REPO / "src/firefight/rulesets/rmu/tables"
BASE = (Severity.A, Severity.B, Severity.C, Severity.D, Severity.E)
NAMES = (
    "ballistic-puncture",
    "ballistic-impact",
    "armor-piercing",
    "ballistic-hollowpoint",
    "ballistic-shrapnel-covered",
    "ballistic-shrapnel-bare",
    "heat",
    "subdual",
)

# RMU-BP-1 as RULES.md lists it.
BANDS = [
    (1, 1, "head"),
    (2, 3, "chest"),
    (4, 5, "abdomen"),
    (6, 10, "leg"),
    (11, 15, "arm"),
    (16, 20, "head"),
    (21, 25, "chest"),
    (26, 35, "abdomen"),
    (36, 45, "leg"),
    (46, 55, "arm"),
    (56, 65, "arm"),
    (66, 66, "abdomen"),
    (67, 75, "leg"),
    (76, 80, "chest"),
    (81, 85, "head"),
    (86, 90, "arm"),
    (91, 95, "leg"),
    (96, 97, "abdomen"),
    (98, 99, "chest"),
    (100, 100, "head"),
]
# DATA.md: Impact's breakage by severity A..E is -10/-20/-30/-40/-50, but A cells carry none.
IMPACT_TIER = {Severity.A: -10, Severity.B: -20, Severity.C: -30, Severity.D: -40, Severity.E: -50}


@pytest.fixture(scope="module")
def script() -> ModuleType:
    """scripts/derive_criticals.py (on the test path through pytest's pythonpath)."""
    return derive_criticals


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RmuTables:
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path))  # only the shipped tables
    return RmuTables()


@pytest.fixture
def puncture(tables: RmuTables) -> CriticalTable:
    return tables.critical("ballistic-puncture")


def pairs(
    table: CriticalTable, other: CriticalTable
) -> Iterator[tuple[Severity, CriticalEffect, CriticalEffect]]:
    """Every (severity, cell, Puncture cell) on the same row and column."""
    for row, base in zip(table.rows, other.rows, strict=True):
        for sev in BASE:
            yield sev, row.cell(sev), base.cell(sev)


def test_rmu_bp_1_tableset_loads_all_four_critical_tables(tables: RmuTables) -> None:
    """RMU-ARM-3, RMU-AMMO-3, RMU-AMMO-4, RMU-AMMO-6: every table they send a critical to loads."""
    for name in NAMES:
        table = tables.critical(name)
        assert table.name == name
        assert tables.entry(name).table is table


@pytest.mark.parametrize("name", NAMES)
def test_rmu_bp_1_every_table_has_the_puncture_bands_and_locations(
    tables: RmuTables, name: str
) -> None:
    """RMU-GEN-6: each d100 roll reads the row whose band holds it, on every table."""
    table = tables.critical(name)
    assert [(r.low, r.high, r.location.value) for r in table.rows] == BANDS
    for low, high, location in BANDS:
        for roll in range(low, high + 1):
            assert table.row_for(roll).location is HitLocation(location)


def test_rmu_bp_2_puncture_is_source_data_with_short_labels(puncture: CriticalTable) -> None:
    assert puncture.provisional is False
    assert puncture.source.startswith("004_d9a1fcd6c195a3ec.txt")
    cells = [c for r in puncture.rows for c in r.cells]
    assert len(cells) == 100
    assert all(1 <= len(c.label) <= 40 and c.hits >= 1 and c.text == "" for c in cells)
    assert len({c.label for c in cells}) == 100
    # DATA.md: prone and staggered left no digits; nothing may invent them.
    assert not any(c.prone or c.staggered for c in cells)


def test_rmu_bp_2_puncture_golden_cells(puncture: CriticalTable) -> None:
    abdomen_66_d = puncture.row_for(66).cell(Severity.D)
    assert (abdomen_66_d.hits, abdomen_66_d.bleed, abdomen_66_d.injury) == (20, 8, -40)
    assert (abdomen_66_d.stun_rounds, abdomen_66_d.stun_penalty) == (4, -75)
    assert (abdomen_66_d.dying_rounds, abdomen_66_d.dead) == (20, False)
    neck = puncture.row_for(83).cell(Severity.E)  # "+5H, 12-10": bleed 12, not bleed 1 stun 2
    assert (neck.hits, neck.bleed, neck.stun_rounds, neck.injury) == (5, 12, 0, -10)
    dying = {(r.low, s.value) for r in puncture.rows for s in BASE if r.cell(s).dying_rounds}
    dead = {(r.low, s.value) for r in puncture.rows for s in BASE if r.cell(s).dead}
    assert dying == {
        (66, "D"), (66, "E"), (86, "E"), (91, "D"), (91, "E"), (96, "C"), (96, "D"), (96, "E"),
        (98, "B"), (98, "C"), (100, "A"), (100, "B"),
    }  # fmt: skip
    assert dead == {(98, "D"), (98, "E"), (100, "C"), (100, "D"), (100, "E")}


def test_rmu_bp_3_head_100_e_gives_the_attacker_25(puncture: CriticalTable) -> None:
    cell = puncture.row_for(100).cell(Severity.E)
    assert (cell.attacker_bonus, cell.dead) == (25, True)
    others = [c for r in puncture.rows for c in r.cells if c is not cell]
    assert all(c.attacker_bonus == 0 for c in others)


@pytest.mark.parametrize("roll", [1, 37, 66, 100])
def test_p_7_severity_f_reads_e_and_a_on_the_same_row(puncture: CriticalTable, roll: int) -> None:
    row = puncture.row_for(roll)
    assert puncture.lookup(roll, Severity.F) == (
        (Severity.E, row.cell(Severity.E)),
        (Severity.A, row.cell(Severity.A)),
    )


@pytest.mark.parametrize(
    ("severity", "columns"),
    [("F", "EA"), ("G", "EB"), ("H", "EC"), ("I", "ECA"), ("J", "ECB")],
)
def test_p_7_each_severity_past_e_reads_its_columns_on_the_one_row(
    puncture: CriticalTable, severity: str, columns: str
) -> None:
    """P-7: F = E + A, G = E + B, H = E + C, I = E + C + A, J = E + C + B, all on one roll."""
    row = puncture.row_for(50)
    assert puncture.lookup(50, Severity(severity)) == tuple(
        (Severity(c), row.cell(Severity(c))) for c in columns
    )


def test_rmu_arm_3_impact_is_blunt_trauma(tables: RmuTables, puncture: CriticalTable) -> None:
    """DATA.md: more hits, no bleeding but fatigue, breakage in B-E but not A (RMU-AMMO-5, P-5)."""
    impact = tables.critical("ballistic-impact")
    for sev, cell, base in pairs(impact, puncture):
        assert cell.hits >= base.hits
        if base.hits > 1:
            assert cell.hits > base.hits
        assert cell.bleed == 0
        assert cell.fatigue == base.bleed
        assert (cell.stun_rounds, cell.stun_penalty, cell.injury) == (
            base.stun_rounds,
            base.stun_penalty,
            base.injury,
        )
        assert (cell.dying_rounds, cell.dead) == (base.dying_rounds, base.dead)
        assert cell.breakage == (None if sev is Severity.A else IMPACT_TIER[sev])


def test_rmu_ammo_5_ap_breaks_armor_in_every_cell_a_tier_deeper_than_impact(
    tables: RmuTables, puncture: CriticalTable
) -> None:
    """RMU-AMMO-3, RMU-AMMO-4 read this table; P-5 takes the cell's breakage modifier."""
    ap = tables.critical("armor-piercing")
    impact = tables.critical("ballistic-impact")
    for (sev, cell, base), (_, blunt, _) in zip(
        pairs(ap, puncture), pairs(impact, puncture), strict=True
    ):
        assert cell.breakage == IMPACT_TIER[sev] - 10
        if blunt.breakage is not None:
            assert cell.breakage == blunt.breakage - 10
        assert 1 <= cell.hits <= base.hits  # a narrow channel: never more than Puncture
        assert cell.bleed == base.bleed  # bleeding as Puncture
        assert (cell.injury, cell.dying_rounds, cell.dead) == (
            base.injury,
            base.dying_rounds,
            base.dead,
        )


def test_rmu_ammo_6_hollowpoint_is_worse_than_puncture_on_bare_flesh(
    tables: RmuTables, puncture: CriticalTable
) -> None:
    hollow = tables.critical("ballistic-hollowpoint")
    for row, base_row in zip(hollow.rows, puncture.rows, strict=True):
        worse = False
        for sev in BASE:
            cell, base = row.cell(sev), base_row.cell(sev)
            assert cell.bleed >= base.bleed
            assert cell.injury <= base.injury
            assert cell.hits == base.hits
            assert cell.breakage is None
            worse = worse or cell.bleed > base.bleed or cell.injury < base.injury
        assert worse, f"row {row.label} is no worse than Puncture"


@pytest.mark.parametrize("name", NAMES[1:])
def test_stand_ins_are_provisional_and_say_how(tables: RmuTables, name: str) -> None:
    """DATA.md: a stand-in for RMU-ARM-3 / RMU-AMMO-5 / RMU-AMMO-6 is marked and explained."""
    table = tables.critical(name)
    assert table.provisional is True
    assert "derive_criticals.py" in table.derivation
    assert all(c.label.count(":") >= 1 for r in table.rows for c in r.cells)
    text = (TABLES / f"{name}.toml").read_text(encoding="utf-8")
    assert text.startswith("# ")  # the transform is stated in the file header too


def test_rerunning_the_derivation_reproduces_the_shipped_files(script: ModuleType) -> None:
    """The stand-ins for RMU-ARM-3 and RMU-AMMO-3..6 are exactly what the stated transforms make."""
    derived = script.derive_all()
    assert sorted(derived) == sorted(NAMES[1:])
    for name, text in derived.items():
        assert (TABLES / f"{name}.toml").read_text(encoding="utf-8") == text, (
            f"{name}.toml is stale: run python scripts/derive_criticals.py"
        )


def test_derivation_rounds_half_up(script: ModuleType) -> None:
    """RMU-AMMO-5: Impact's x1.5 turns 1 into 2 and 3 into 5; AP's x0.8 keeps at least 1 hit."""
    base = CriticalEffect(label="x", hits=3, bleed=2)
    blunt = script.derive_cell(base, Severity.C, script.IMPACT)
    assert (blunt.hits, blunt.bleed, blunt.fatigue, blunt.breakage) == (5, 0, 2, -30)
    one = CriticalEffect(label="x", hits=1)
    assert script.derive_cell(one, Severity.A, script.IMPACT).hits == 2
    assert script.derive_cell(one, Severity.A, script.AP).hits == 1
    five = CriticalEffect(label="x", hits=5, injury=-5)
    hollow = script.derive_cell(five, Severity.B, script.HOLLOWPOINT)
    assert (hollow.bleed, hollow.injury) == (0, -10)  # B cell without bleeding stays dry


def test_malformed_user_copy_names_file_and_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RMU-BP-2: a GM's broken copy is refused with the file and row named, not half-loaded."""
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path))
    user = tmp_path / "tables" / "rmu"
    user.mkdir(parents=True)
    bad = user / "ballistic-impact.toml"
    shutil.copy(TABLES / "ballistic-impact.toml", bad)
    text = bad.read_text(encoding="utf-8")
    fourth = text.index('location = "leg"')  # row 4 (06-10) is the first leg band
    bad.write_text(text[:fourth] + 'location = "tail"' + text[fourth + 16 :], encoding="utf-8")
    with pytest.raises(TableDataError) as info:
        RmuTables().critical("ballistic-impact")
    assert info.value.file == str(bad)
    assert info.value.where.startswith("row 4")
    assert "ballistic-impact.toml, row 4" in str(info.value)
