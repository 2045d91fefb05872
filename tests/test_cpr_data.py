"""cpr data: the tables as the sources give them, the catalogs, and the plugin seam."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from firefight.errors import RuleRefusal, TableDataError, UnknownNameError
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr import CPR, CprData
from firefight.rulesets.cpr.armor import sp_from_text
from firefight.rulesets.cpr.data import DATA_FILES
from firefight.rulesets.cpr.file_models import CprTableHeader, DvFile
from firefight.rulesets.cpr.ranges import whole_metres
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.tables.data_files import package_data, read_toml, validate

DATA = CprData()
CPR_SRC = Path(__file__).resolve().parents[1] / "src" / "firefight" / "rulesets" / "cpr"


# 001's range table, typed in again from the source for this test; None is "—".
def _row(*dv: int | None, key: str) -> tuple[str, tuple[int | None, ...]]:
    return key, dv


RANGE_TABLE_001 = dict(
    [
        _row(13, 15, 20, 25, 30, 30, None, None, key="pistol"),
        _row(15, 13, 15, 20, 25, 25, 30, None, key="smg"),
        _row(13, 15, 20, 25, 30, 35, None, None, key="shotgun-slug"),
        _row(17, 16, 15, 13, 15, 20, 25, 30, key="assault-rifle"),
        _row(30, 25, 25, 20, 15, 16, 17, 20, key="sniper-rifle"),
        _row(15, 13, 15, 17, 20, 22, None, None, key="bow"),
        _row(16, 15, 15, 17, 20, 22, 25, None, key="grenade-launcher"),
        _row(17, 16, 15, 15, 20, 20, 25, 30, key="rocket-launcher"),
    ]
)


def test_cpr_rng_1_range_table_is_001_cell_for_cell() -> None:
    assert DATA.ranges.rows == RANGE_TABLE_001
    bands = [(b.low_m, b.high_m) for b in DATA.ranges.bands]
    assert bands == [
        (0, 6),
        (7, 12),
        (13, 25),
        (26, 50),
        (51, 100),
        (101, 200),
        (201, 400),
        (401, 800),
    ]


def test_cpr_rng_1_reads_the_crossing_cell() -> None:
    assert DATA.ranges.read("sniper-rifle", 3).dv == 30
    assert DATA.ranges.read("sniper-rifle", 80).dv == 15
    assert DATA.ranges.read("assault-rifle", 50).dv == 13
    assert DATA.ranges.read("pistol", 200).dv == 30


def test_cpr_rng_1_a_dash_cell_is_refused_with_the_reach() -> None:
    with pytest.raises(RuleRefusal) as err:
        DATA.ranges.read("pistol", 250, weapon="heavy pistol")
    assert err.value.rule == "CPR-RNG-1"
    assert "heavy pistol does not reach 250 m" in err.value.reason
    assert "ends at 200 m" in err.value.reason


def test_cpr_rng_1_past_800_m_is_refused() -> None:
    with pytest.raises(RuleRefusal, match="past the last band"):
        DATA.ranges.read("rocket-launcher", 801)


def test_c_2_fractions_round_up_before_the_band_lookup() -> None:
    assert whole_metres(6.0) == 6 and whole_metres(6.01) == 7
    assert DATA.ranges.read("pistol", 6.0).dv == 13
    assert DATA.ranges.read("pistol", 6.2).dv == 15
    with pytest.raises(RuleRefusal) as err:
        DATA.ranges.read("pistol", 200.5)
    assert err.value.rule == "CPR-RNG-1"


def test_c_2_a_negative_distance_is_refused() -> None:
    with pytest.raises(RuleRefusal) as err:
        whole_metres(-1)
    assert err.value.rule == "C-2"


def test_c_5_autofire_table_and_reach() -> None:
    assert DATA.autofire.rows == {
        "smg": (20, 17, 20, 25, 30, None, None, None),
        "assault-rifle": (22, 20, 17, 20, 25, None, None, None),
    }
    with pytest.raises(RuleRefusal) as err:
        DATA.autofire.read("assault-rifle", 101, weapon="assault rifle")
    assert err.value.rule == "C-5"


def test_c_10_weapon_catalog_figures() -> None:
    expected = {
        # key: (damage d6, ROF, magazine, autofire cap)
        "medium-pistol": (2, 2, 12, None),
        "heavy-pistol": (3, 2, 8, None),
        "very-heavy-pistol": (4, 1, 8, None),
        "smg": (2, 1, 30, 3),
        "heavy-smg": (3, 1, 40, 3),
        "shotgun": (5, 1, 4, None),
        "assault-rifle": (5, 1, 25, 4),
        "sniper-rifle": (5, 1, 4, None),
        "bow": (4, 1, None, None),
        "crossbow": (4, 1, None, None),
        "grenade-launcher": (6, 1, 2, None),
        "rocket-launcher": (8, 1, 1, None),
    }
    for key, figures in expected.items():
        w = DATA.weapon(key)
        assert (w.damage_d6, w.rof, w.magazine, w.autofire_cap) == figures, key


def test_c_10_and_c_3_only_melee_weapons_halve_sp() -> None:
    halving = {w.key for w in DATA.weapons.values() if w.halves_sp}
    assert halving == {"light-melee", "medium-melee", "heavy-melee", "very-heavy-melee"}
    assert all(w.kind is WeaponKind.MELEE for w in DATA.weapons.values() if w.halves_sp)


def test_cpr_hit_2_skill_by_weapon() -> None:
    skills = {k: w.skill for k, w in DATA.weapons.items()}
    for key in ("medium-pistol", "heavy-pistol", "very-heavy-pistol", "smg", "heavy-smg"):
        assert skills[key] == "Handgun"
    for key in ("shotgun", "assault-rifle", "sniper-rifle"):
        assert skills[key] == "Shoulder Arms"
    assert skills["bow"] == skills["crossbow"] == "Archery"
    assert skills["grenade-launcher"] == skills["rocket-launcher"] == "Heavy Weapons"
    assert DATA.figures.autofire_skill == "Autofire"
    autofire = {k for k, w in DATA.weapons.items() if w.can_autofire}
    assert autofire == {"smg", "heavy-smg", "assault-rifle"}


def test_cpr_rof_1_rof_2_is_medium_and_heavy_pistols_and_most_melee() -> None:
    rof2 = {k for k, w in DATA.weapons.items() if w.rof == 2}
    assert rof2 == {"medium-pistol", "heavy-pistol", "light-melee", "medium-melee", "heavy-melee"}


def test_cpr_ammo_1_magazine_sizes_from_001() -> None:
    assert DATA.weapon("medium pistol").magazine == 12
    assert DATA.weapon("assault rifle").magazine == 25
    assert DATA.weapon("shotgun").magazine == 4
    assert DATA.weapon("bow").magazine is None


def test_weapon_names_are_forgiving_and_unknowns_suggest() -> None:
    assert DATA.weapon("Heavy Pistol").key == "heavy-pistol"
    assert DATA.weapon("knife").key == "light-melee"
    with pytest.raises(UnknownNameError, match="did you mean 'heavy-pistol'"):
        DATA.weapon("heavy-pistl")


def test_armor_catalog_and_sp_from_text() -> None:
    assert {k: a.sp for k, a in DATA.armor.items()} == {
        "leathers": 4,
        "kevlar": 7,
        "light-armorjack": 11,
        "bodyweight-suit": 11,
        "medium-armorjack": 12,
        "heavy-armorjack": 13,
        "flak": 15,
        "metalgear": 18,
    }
    assert sp_from_text("flak", DATA.armor) == 15
    assert sp_from_text("none", DATA.armor) == 0
    assert sp_from_text(" 7 ", DATA.armor) == 7
    with pytest.raises(UnknownNameError):
        sp_from_text("tinfoil", DATA.armor)
    # A superscript passes str.isdigit but not int: it is no SP and no armor's name.
    with pytest.raises(UnknownNameError, match="unknown cpr armor"):
        sp_from_text("\u00b2", DATA.armor)


def test_c_4_both_critical_injury_tables_have_every_2d6_roll() -> None:
    for table in ("body", "head"):
        assert sorted(DATA.injuries.rows[table]) == list(range(2, 13))
    assert DATA.injuries.rows["body"][8].key == DATA.figures.aimed_leg_injury == "broken-leg"
    assert DATA.injuries.rows["head"][9].aimed_head_multiplier == 3


def test_c_9_wound_penalties_are_data() -> None:
    assert DATA.figures.wounds["serious"].action_penalty == -2
    assert DATA.figures.wounds["light"].action_penalty == 0


def test_cpr_ref_1_every_data_file_names_its_source_and_core_figures_are_marked() -> None:
    """CPR-REF-1: C-* figures say they come from the public core rules; DATA_FILES lists every
    data file shipped, so none escapes the check."""
    shipped = package_data("firefight.rulesets.cpr", "data").iterdir()
    assert sorted(DATA_FILES) == sorted(f.name for f in shipped if f.name.endswith(".toml"))
    for name in DATA_FILES:
        raw = read_toml(package_data("firefight.rulesets.cpr", f"data/{name}"))
        header = CprTableHeader.model_validate(raw["table"])
        assert header.source, name
        if any(r.startswith("C-") for r in header.rules):
            assert "public core rules" in header.source or "RULINGS" in header.source, name
    for name in ("autofire.toml", "critical_injuries.toml", "armor.toml", "encounter.toml"):
        raw = read_toml(package_data("firefight.rulesets.cpr", f"data/{name}"))
        assert "public core rules" in raw["table"]["source"]
        assert "CPR-REF-1" in raw["table"]["source"]


def test_a_bad_table_names_file_and_row() -> None:
    bad = {
        "bands_m": [[0, 6], [7, 12]],
        "table": {"name": "x", "title": "x", "source": "test", "provisional": False},
        "row": [{"key": "pistol", "name": "Pistol", "dv": [13, "thirteen"]}],
    }
    with pytest.raises(TableDataError) as err:
        validate(DvFile, bad, "cpr/data/ranges.toml")
    assert err.value.file == "cpr/data/ranges.toml"
    assert "row 1" in err.value.where


def test_a_provisional_table_must_say_how_it_was_derived() -> None:
    with pytest.raises(ValueError, match="derivation"):
        CprTableHeader(name="x", title="x", source="s", provisional=True)


def test_ruleset_registers_through_the_entry_point_and_checks_its_data() -> None:
    ruleset = find_ruleset("cpr")
    assert isinstance(ruleset, CPR)
    assert find_ruleset("cyberpunk-red") is ruleset
    assert ruleset.check_data() == [
        "data/ranges.toml",
        "data/autofire.toml",
        "data/weapons.toml",
        "data/ammo.toml",
        "data/armor.toml",
        "data/critical_injuries.toml",
        "data/cover.toml",
        "data/modifiers.toml",
        "data/rules.toml",
        "data/encounter.toml",
    ]
    rows = ruleset.weapon_catalog()
    labels = {tuple(label for label, _ in r.figures) for r in rows}
    assert len(labels) == 1  # every row has the same columns for `firefight weapons`
    assert dict(rows[0].figures)["damage"] == "2d6"


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_no_rmu_import_anywhere_in_the_cpr_package_or_its_cli() -> None:
    # Its command line lives in the package too (rulesets as plug-ins); lint-imports checks the
    # same for every ruleset pair, this test names the file.
    files = [*CPR_SRC.rglob("*.py")]
    assert any(p.parent.name == "cli" for p in files)
    for path in files:
        for module in _imported_modules(path):
            assert "rmu" not in module.split("."), f"{path.name} imports {module}"


def test_cpr_ref_1_the_worn_armor_penalty_is_kept_with_the_catalog_it_was_read_from() -> None:
    """CPR-REF-1: the worst piece's penalty, worked out once per pair of armor names and kept
    in the catalog that gave it (a catalog loaded anew starts afresh, and none is held alive
    by a cache)."""
    from firefight.geometry import Point
    from firefight.rulesets.cpr.fighter import CprFighter, armor_penalty
    from firefight.scene.state import CombatantState

    stats = CprFighter(body_armor="medium-armorjack", head_armor="kevlar")
    c = CombatantState(name="V", position=Point(x_ft=0, y_ft=0), stats=stats)
    data, other = CprData(), CprData()
    penalty = armor_penalty(c, data)
    assert penalty is not None and penalty.value < 0 and penalty.rule == "CPR-REF-1"
    assert data.settled["worn armor penalty"] == {("medium-armorjack", "kevlar"): penalty}
    assert other.settled == {}
    assert armor_penalty(c, other) == penalty
