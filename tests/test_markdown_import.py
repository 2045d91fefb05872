"""Importing critical tables from Markdown in 004's format (RMU-BP-1..3, RMU-GEN-7, DATA.md)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from firefight.errors import TableDataError
from firefight.rulesets.rmu.critical_markdown import import_critical_markdown
from firefight.rulesets.rmu.critical_table import (
    LOCATION_BANDS,
    CriticalEffect,
    CriticalTable,
    HitLocation,
)
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.table_kinds import CRITICAL, RmuTables
from firefight.tables.registry import write_user_table
from table_support import HEADER, critical_rows

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"
SEED_004 = SEEDS / "004_d9a1fcd6c195a3ec.txt"

# A made-up table in 004's layout; the prose is ours. The head, chest and leg rows are written
# out; the others hold plain cells, so that the rows are RMU-BP-1's 20 bands. A
# trailing "\" joins a table row's physical lines into one.
HEAD = """\
| Head1 - 1 | AA scuff on the helmet.+1H | BSparks off the visor. Ears ring.+2H1[-25] \
| CThe cheek is laid open. A lot of mess.+6H, 2 \
| DThe skull is dented. Foe is dying. +10H, 43[-50], -40, 6 \
| EPast the brow and out the back. You may take +15 on your next action this round. \
Foe is dead. +20H, 4-120 |
| Chest2 - 3 | AA thump on the plate.+2H | BThe ribs flex.+3H-5 | CThe ribs give.+8H, 1-10 \
| DThrough the lung.+12H, 31[-50], -15 | EThrough the heart. Foe is dead. +30H, 9-100 |
"""
LEG = """\
| Leg6 - 10 | AA bruise on the shin.+1H | BThe calf is nicked.+2H, 1 \
| CThe thigh is holed.+7H, 3 | DThe knee gives way.+9H2[-50], -20 \
| EThe femoral artery opens. Foe is dying. +12H, 81[-75], -30, 4 |
"""


_PLAIN = "AA graze.+1H | BA cut.+2H | CA wound.+3H | DA bad wound.+4H | EA grave wound.+5H"
LAST = critical_rows(_PLAIN, slice(19, 20))

SMALL = (
    "Practice Critical\nA table written for the importer's tests.\n"
    + HEADER
    + HEAD
    + critical_rows(_PLAIN, slice(2, 3))
    + LEG
    + critical_rows(_PLAIN, slice(4, 19))
    + LAST
    + "+XH: hits · legend line, ignored\n"
)


def small(**changes: str) -> str:
    text = SMALL
    for old, new in changes.items():
        text = text.replace(old, new)
    return text


def test_rmu_bp_1_import_reads_bands_locations_and_title() -> None:
    table = import_critical_markdown(SMALL, name="practice", source="practice.md")
    assert table.title == "Practice Critical"
    assert table.provisional is False
    assert table.source == "practice.md"
    assert [(r.low, r.high, r.location) for r in table.rows] == list(LOCATION_BANDS)
    assert table.row_for(3).location is HitLocation.CHEST


def test_rmu_bp_1_a_table_of_other_bands_is_refused_naming_the_row() -> None:
    """A critical's location is read from RMU-BP-1's bands before its table is chosen, so an
    imported table with bands of its own would name one location and read another's cell."""
    with pytest.raises(TableDataError) as info:
        import_critical_markdown(small(**{"Chest2 - 3": "Arm2 - 3"}), name="p", source="a.md")
    assert (info.value.file, info.value.where) == ("a.md", "row 2 (02-03 arm)")
    assert info.value.problem.startswith(
        "should be 02-03 chest: every rmu critical table has the 20 location bands of RMU-BP-1 "
        "(01 head, 02-03 chest, 04-05 abdomen, 06-10 leg, "
    )
    three = "T\n| Roll | A | B | C | D | E |\n|---|---|---|---|---|---|\n" + HEAD.replace(
        "Head1 - 1", "Head1 - 10"
    ).replace("Chest2 - 3", "Chest11 - 100")
    with pytest.raises(TableDataError, match="should be 01 head") as info:
        import_critical_markdown(three, name="p", source="b.md")
    assert info.value.where == "row 1 (01-10 head)"


def test_rmu_gen_7_import_decodes_cells_and_reads_the_prose_for_death() -> None:
    table = import_critical_markdown(SMALL, name="practice", title="Given", source="p.md")
    assert table.title == "Given"
    head = table.rows[0]
    assert head.cell(Severity.B) == CriticalEffect(
        label="Sparks off the visor",
        hits=2,
        stun_rounds=1,
        stun_penalty=-25,
        text="Sparks off the visor. Ears ring.",
    )
    dying = head.cell(Severity.D)
    assert (dying.hits, dying.bleed, dying.stun_rounds, dying.stun_penalty) == (10, 4, 3, -50)
    assert (dying.injury, dying.dying_rounds, dying.dead) == (-40, 6, False)
    chest_e = table.rows[1].cell(Severity.E)
    assert chest_e.dead is True
    assert chest_e.dying_rounds is None
    assert (chest_e.hits, chest_e.bleed, chest_e.injury) == (30, 9, -100)
    assert table.rows[1].cell(Severity.A).dead is False


@pytest.mark.parametrize(
    "wording",
    [
        "You may take +15 on your next action this round.",
        "Your next action this round takes +15.",
    ],
)
def test_rmu_bp_3_import_reads_the_attacker_bonus_from_the_prose(wording: str) -> None:
    text = small(**{"You may take +15 on your next action this round.": wording})
    table = import_critical_markdown(text, name="practice", source="p.md")
    cell = table.rows[0].cell(Severity.E)
    assert cell.attacker_bonus == 15
    assert cell.dead is True
    assert all(c.attacker_bonus == 0 for r in table.rows for c in r.cells if c is not cell)


def test_import_keeps_prose_and_cuts_a_short_label() -> None:
    """RMU-BP-2: the GM's prose stays with the cell; the label is its opening, at most 60 chars."""
    long_prose = "The round " + "keeps going " * 10 + "and stops."
    table = import_critical_markdown(
        small(**{"AA thump on the plate.": "A" + long_prose}), name="practice", source="p.md"
    )
    cell = table.rows[1].cell(Severity.A)
    assert cell.text == long_prose
    assert len(cell.label) <= 60
    assert cell.label.startswith("The round keeps going")
    assert cell.label.endswith("…")


def test_rmu_bp_1_rows_must_cover_1_to_100() -> None:
    gapped = small(**{"Chest2 - 3": "Chest3 - 3"})
    with pytest.raises(TableDataError, match=r"band starting at 2, as row 1 ends at 1$") as info:
        import_critical_markdown(gapped, name="practice", source="gapped.md")
    assert info.value.file == "gapped.md"
    assert info.value.where.startswith("row 2")
    short = small(**{LAST: ""})
    with pytest.raises(TableDataError, match="not 100"):
        import_critical_markdown(short, name="practice", source="short.md")


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        ({"Chest2 - 3": "Tail2 - 3"}, "row 2", "unknown location 'Tail'"),
        ({"Chest2 - 3": "Chest"}, "row 2", "location and band"),
        ({"BThe ribs flex.": "AThe ribs flex."}, "row 2 ('Chest2 - 3') column B", "severity"),
        ({"+3H-5": "+3H -5"}, "column B", "cannot decode effects '+3H -5'"),
        ({"The ribs flex.+3H-5": "The ribs flex."}, "column B", "no effects string"),
        ({"Foe is dying. +10H": "Foe lives. +10H"}, "row 1", "never says dying"),
        ({"+12H, 81[-75], -30, 4": "+12H, 81[-75], -30"}, "row 4", "gives no rounds"),
        ({"| EThrough the heart.": "| Through the heart."}, "column E", "severity"),
        ({"|---|---|---|---|---|---|": ""}, "header", "separator"),
        ({"| Roll |": "| Rolls |"}, "header", "Roll"),
        ({"| AA thump on the plate.+2H ": ""}, "row 2", "5 cells, expected 6"),
    ],
)
def test_rmu_bp_2_bad_markdown_names_file_and_row(
    change: dict[str, str], where: str, problem: str
) -> None:
    with pytest.raises(TableDataError) as info:
        import_critical_markdown(small(**change), name="practice", source="bad.md")
    assert info.value.file == "bad.md"
    assert where in info.value.where
    assert problem in info.value.problem


def test_imported_table_written_to_user_dir_loads_back_identical(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RMU-BP-2: an imported table saved for the GM replaces nothing but comes back the same."""
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path))
    table = import_critical_markdown(SMALL, name="practice", source="p.md")
    path = write_user_table(table, CRITICAL, "rmu")
    assert path == tmp_path / "tables" / "rmu" / "practice.toml"
    assert [p.name for p in path.parent.iterdir()] == ["practice.toml"]  # no temp file left
    loaded = RmuTables()
    assert loaded.critical("practice") == table
    assert loaded.entry("practice").origin == str(path)
    # Writing again replaces the file rather than failing on it.
    assert write_user_table(dataclasses.replace(table, title="Again"), CRITICAL, "rmu") == path
    assert RmuTables().critical("practice").title == "Again"


def test_shipped_cells_carry_no_prose(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """RMU-BP-2: shipped cells are mechanics and our own labels, never the source's prose."""
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path))
    puncture = RmuTables().critical("ballistic-puncture")
    assert all(cell.text == "" for row in puncture.rows for cell in row.cells)


# --- the real table, when the GM's copy (the seed) is beside the repository -----------------


@pytest.fixture
def seed_import() -> CriticalTable:
    if not SEED_004.is_file():
        pytest.skip(f"seed 004 not found at {SEED_004}: the Ballistic Puncture copy is absent")
    text = SEED_004.read_text(encoding="utf-8")
    return import_critical_markdown(text, name="ballistic-puncture", source=SEED_004.name)


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CriticalTable:
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path))  # no user copy may shadow the shipped one
    return RmuTables().critical("ballistic-puncture")


def _mechanics(cell: CriticalEffect) -> CriticalEffect:
    return dataclasses.replace(cell, label="", text="")


def test_rmu_bp_1_rmu_bp_2_seed_import_matches_shipped_puncture_in_all_100_cells(
    seed_import: CriticalTable, shipped: CriticalTable
) -> None:
    assert seed_import.title == "Ballistic Puncture"
    assert len(seed_import.rows) == len(shipped.rows) == 20
    compared = 0
    for got, want in zip(seed_import.rows, shipped.rows, strict=True):
        assert (got.low, got.high, got.location) == (want.low, want.high, want.location)
        for sev in (Severity.A, Severity.B, Severity.C, Severity.D, Severity.E):
            assert _mechanics(got.cell(sev)) == _mechanics(want.cell(sev)), (got.label, sev)
            assert got.cell(sev).text, "the import keeps the GM's prose"
            compared += 1
    assert compared == 100


def test_rmu_bp_3_seed_head_100_e_gives_attacker_25_and_kills(seed_import: CriticalTable) -> None:
    row = seed_import.row_for(100)
    cell = row.cell(Severity.E)
    assert row.location is HitLocation.HEAD
    assert (cell.attacker_bonus, cell.dead) == (25, True)


def test_rmu_gen_7_seed_abdomen_66_d_is_dying_in_20(seed_import: CriticalTable) -> None:
    row = seed_import.row_for(66)
    cell = row.cell(Severity.D)
    assert row.location is HitLocation.ABDOMEN
    assert (cell.hits, cell.bleed, cell.stun_rounds, cell.stun_penalty) == (20, 8, 4, -75)
    assert (cell.injury, cell.dying_rounds, cell.dead) == (-40, 20, False)
