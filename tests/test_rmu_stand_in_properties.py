"""DATA.md's stand-ins for rmu, held to every property the source or DATA.md states of them that
no other test pins whole: the cover table, the point-blank and rapid-fire class columns, the
weapon listing, the ballistic armor classes, Ballistic Shrapnel's two clauses on every row, and
that every stand-in the shipped files carry says it is provisional and how it was made."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from firefight.geometry import CoverGrade
from firefight.rulesets.rmu.catalog import RmuData, WeaponAction
from firefight.rulesets.rmu.cover import Cover, CoverMaterial, price_cover
from firefight.rulesets.rmu.firearm_data import firearm_figures
from firefight.rulesets.rmu.severity import Severity

RMU = Path(__file__).resolve().parents[1] / "src" / "firefight" / "rulesets" / "rmu"
GRADES = (CoverGrade.PARTIAL, CoverGrade.HALF, CoverGrade.FULL)
BASE = (Severity.A, Severity.B, Severity.C, Severity.D, Severity.E)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RmuData:
    """The shipped files alone: no user catalog laid over them."""
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path))
    return RmuData()


# --- every stand-in is marked, with how it was made (DATA.md, first paragraph) ------------------


def _marked(node: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every table in a TOML document that marks something provisional."""
    if isinstance(node, dict):
        if node.get("provisional"):
            yield where, node
        for key, value in node.items():
            yield from _marked(value, f"{where}.{key}")
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from _marked(value, f"{where}[{n}]")


def _header(document: dict[str, Any]) -> dict[str, Any]:
    return next((document[k] for k in ("catalog", "table", "source") if k in document), {})


@pytest.mark.parametrize(
    "path",
    sorted([*(RMU / "data").glob("*.toml"), *(RMU / "tables").glob("*.toml")]),
    ids=lambda p: p.name,
)
def test_every_provisional_figure_says_how_it_was_derived(path: Path) -> None:
    """A table marked provisional carries its derivation; a row of a list ([[load]],
    [[weapon]]) may rest on its file's header's instead."""
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    for where, table in _marked(document, path.name):
        own = table.get("derivation")
        if not own and where.endswith("]"):
            own = _header(document).get("derivation")
        assert own, f"{where} is provisional but says nothing of how it was made"


@pytest.mark.parametrize(
    ("file", "section"),
    [
        ("data/cover.toml", "catalog"),
        ("data/rules.toml", "point_blank"),
        ("data/firearm_actions.toml", "classes"),
        ("data/armor.toml", "catalog"),
        ("data/firearm_fumble.toml", "table"),
        ("data/melee_fumble.toml", "table"),
        ("data/melee_weapons.toml", "catalog"),
        ("data/explosives.toml", "noticing"),
        ("data/kindred.toml", "source"),
        ("tables/firearm-9mm.toml", "table"),
        ("tables/firearm-7.62mm.toml", "table"),
        ("tables/ballistic-impact.toml", "table"),
        ("tables/armor-piercing.toml", "table"),
        ("tables/ballistic-hollowpoint.toml", "table"),
        ("tables/ballistic-shrapnel-covered.toml", "table"),
        ("tables/ballistic-shrapnel-bare.toml", "table"),
        ("tables/heat.toml", "table"),
        ("tables/subdual.toml", "table"),
        ("tables/fall-crush.toml", "table"),
        ("tables/melee-puncture.toml", "table"),
        ("tables/melee-slash.toml", "table"),
        ("tables/melee-krush.toml", "table"),
        ("tables/melee-grapple.toml", "table"),
        ("tables/puncture.toml", "table"),
        ("tables/slash.toml", "table"),
        ("tables/krush.toml", "table"),
        ("tables/grapple.toml", "table"),
    ],
)
def test_each_table_data_md_names_as_lost_ships_marked_as_a_stand_in(
    file: str, section: str
) -> None:
    """Every lost table DATA.md lists, and the melee ones, ships provisional with a derivation."""
    table = tomllib.loads((RMU / file).read_text(encoding="utf-8"))[section]
    assert table["provisional"] and table["derivation"]


def test_the_staking_bands_and_the_noticing_rows_say_where_they_come_from() -> None:
    kindred = tomllib.loads((RMU / "data/kindred.toml").read_text(encoding="utf-8"))
    assert "staking maneuver bands" in kindred["source"]["derivation"]
    explosives = tomllib.loads((RMU / "data/explosives.toml").read_text(encoding="utf-8"))
    assert "Noticing-it table" in explosives["noticing"]["derivation"]


# --- the cover table (RMU-COV-2, RMU-COV-3; DATA.md 'Cover table') -----------------------------


def test_rmu_cov_3_the_hard_columns_are_the_data_md_stand_in(data: RmuData) -> None:
    hard = {c.label: c.values for c in data.cover.hard}
    assert hard == {
        "SG & ME 1-6": (35, 70, 175),
        "ME 7-12": (30, 60, 150),
        "ME 13-18": (27, 53, 133),
        "ME 19-24": (24, 47, 117),
        "ME 25+": (20, 40, 100),
    }
    assert [c.me_max for c in data.cover.hard][:4] == [6, 12, 18, 24]


def test_rmu_cov_2_soft_is_the_floor_and_impenetrable_double_it(data: RmuData) -> None:
    assert data.cover.soft == (20, 40, 100)
    assert data.cover.impenetrable == tuple(2 * v for v in data.cover.soft) == (40, 80, 200)


def test_rmu_cov_3_hard_falls_from_near_the_ceiling_to_the_floor_as_the_gun_gets_heavier(
    data: RmuData,
) -> None:
    cover = data.cover
    for i in range(3):
        column = [c.values[i] for c in cover.hard]
        assert column == sorted(column, reverse=True)
        assert len(set(column)) == len(column)  # every heavier column gives something up
        assert cover.soft[i] <= column[-1] and column[0] < cover.impenetrable[i]
        assert column[-1] == cover.soft[i]  # the heaviest gun reads hard cover as the floor
        assert cover.impenetrable[i] - column[0] < column[0] - cover.soft[i]  # near the ceiling
    assert cover.hard[0].values[1] == 70  # half a brick wall against SG & ME 1-6


@pytest.mark.parametrize("grade", GRADES)
def test_rmu_cov_2_soft_and_impenetrable_are_the_same_for_every_gun(
    data: RmuData, grade: CoverGrade
) -> None:
    i = GRADES.index(grade)
    for weapon in data.weapons.values():
        soft = price_cover(Cover(grade=grade, material=CoverMaterial.SOFT), weapon, data.cover)
        solid = Cover(grade=grade, material=CoverMaterial.IMPENETRABLE)
        assert soft.bonus == data.cover.soft[i], weapon.key
        assert price_cover(solid, weapon, data.cover).bonus == data.cover.impenetrable[i]


@pytest.mark.parametrize("grade", GRADES)
def test_rmu_cov_3_hardened_is_hard_one_column_lighter_and_impenetrable_at_the_lightest(
    data: RmuData, grade: CoverGrade
) -> None:
    """Read for every column through a gun of its weight (and the shotgun, which reads the
    first)."""
    i = GRADES.index(grade)
    hard = Cover(grade=grade, material=CoverMaterial.HARD)
    hardened = Cover(grade=grade, material=CoverMaterial.HARDENED)
    columns = data.cover.hard
    for weapon in data.weapons.values():
        n = 0 if weapon.shotgun else next(k for k, c in enumerate(columns) if weapon.me <= c.me_max)
        assert price_cover(hard, weapon, data.cover).bonus == columns[n].values[i], weapon.key
        lighter = columns[n - 1].values[i] if n else data.cover.impenetrable[i]
        assert price_cover(hardened, weapon, data.cover).bonus == lighter, weapon.key
    assert {0, 1, 4} <= {
        0 if w.shotgun else next(k for k, c in enumerate(columns) if w.me <= c.me_max)
        for w in data.weapons.values()
    }  # the catalog's guns reach the lightest, a middle and the heaviest column


# --- point blank and the rapid-fire class column (RMU-PB-1, RMU-RF-9) ---------------------------


def test_rmu_pb_1_the_less_gun_the_bigger_the_bonus(data: RmuData) -> None:
    bonus = data.rules.point_blank_bonus
    assert bonus == {
        "pistol": 30,
        "machine-pistol": 25,
        "smg": 20,
        "compact-long-arm": 15,
        "rifle": 10,
        "assault-rifle": 10,
        "shotgun": 10,
        "belt-fed": 0,
    }
    by_bulk = ["pistol", "machine-pistol", "smg", "compact-long-arm", "rifle", "belt-fed"]
    steps = [bonus[c] for c in by_bulk]
    assert steps == sorted(steps, reverse=True) and len(set(steps)) == len(steps)
    assert (data.rules.point_blank_reach_ft, data.rules.long_gun_reach_ft) == (10, 20)
    for weapon in data.weapons.values():  # every gun the catalog lists has its step
        assert weapon.weapon_class in bonus, weapon.key


def test_rmu_rf_9_heavier_classes_hold_worse_on_one_man() -> None:
    assert firearm_figures().modifiers == {
        "machine-pistol": 0,
        "smg": -5,
        "assault-rifle": -10,
        "belt-fed": -20,
    }
    by_weight = ["machine-pistol", "smg", "assault-rifle", "belt-fed"]
    held = [firearm_figures().modifiers[c] for c in by_weight]
    assert held == sorted(held, reverse=True) and len(set(held)) == len(held)


# --- the weapon listing (DATA.md 'Weapon listing'; RMU-RF-1, RMU-PB-2, RMU-TRI-2) -------------


def test_the_weapon_listing_holds_the_figures_data_md_gives(data: RmuData) -> None:
    w = data.weapons
    glock, folded, stock, sks, m2hb = (
        w[k] for k in ("glock-17", "zastava-m85-folded", "zastava-m85-stock", "sks-46", "m2hb")
    )
    assert (glock.caliber, glock.action, glock.weapon_class) == (
        "9mm",
        WeaponAction.SEMI_AUTOMATIC,
        "pistol",
    )
    assert (glock.short_range_ft, glock.magazine, glock.me) == (30, 17, 5)
    for zastava in (folded, stock):
        assert (zastava.caliber, zastava.action, zastava.magazine) == (
            "9mm",
            WeaponAction.SELECTIVE,
            30,
        )
    assert glock.attack_table == folded.attack_table == stock.attack_table == "firearm-9mm"
    assert folded.weapon_class == "compact-long-arm"
    assert stock.short_range_ft == 50 and folded.short_range_ft == round(50 / 1.5) == 33
    assert (sks.caliber, sks.action, sks.weapon_class, sks.attack_table) == (
        "7.62mm",
        WeaponAction.SEMI_AUTOMATIC,
        "rifle",
        "firearm-7.62mm",
    )
    assert (sks.short_range_ft, sks.magazine, sks.me) == (200, 10, 12)
    assert (m2hb.me, m2hb.requires_tripod) == (29, True)
    shotguns = [g for g in w.values() if g.shotgun]
    assert shotguns and not any(g.action.fires_automatically for g in shotguns)
    assert {g.key for g in w.values() if g.action.fires_automatically} == {
        "zastava-m85-folded",
        "zastava-m85-stock",
        "m2hb",
    }


# --- the ballistic armor classes (RMU-ARM-5, RMU-BRK-1; DATA.md 'Ballistic armor classes') ------


def test_rmu_arm_5_every_penalty_and_the_strength_grow_with_the_class(data: RmuData) -> None:
    """Maneuver (trained, untrained) / missile / Quickness as DATA.md gives them; the strengths
    are the ones retuned so the wear property holds (DEC-101, tests/test_rmu_armor_wear.py)."""
    figures = {
        k: (a.maneuver_trained, a.maneuver_untrained, a.missile, a.quickness, a.strength)
        for k, a in data.armor.items()
    }
    assert figures == {
        "BA I": (0, -10, 0, 0, 0),
        "BA II": (-5, -20, -5, -5, 10),
        "BA III": (-15, -40, -10, -10, 20),
        "BA IV": (-30, -70, -20, -20, 30),
    }
    rows = list(figures.values())
    for column in range(4):
        penalties = [r[column] for r in rows]
        assert penalties == sorted(penalties, reverse=True)
    assert [r[4] for r in rows] == sorted(r[4] for r in rows)
    assert all(trained > untrained for trained, untrained, *_ in rows)


# --- Ballistic Shrapnel's covered and bare clauses on every row (RMU-RF-8, RMU-EXP-8) ----------


def test_rmu_exp_8_covered_has_more_hits_and_nothing_lasting_bare_keeps_it_on_every_row(
    data: RmuData,
) -> None:
    covered = data.tables.critical("ballistic-shrapnel-covered")
    bare = data.tables.critical("ballistic-shrapnel-bare")
    puncture = data.tables.critical("ballistic-puncture")
    for c_row, b_row, p_row in zip(covered.rows, bare.rows, puncture.rows, strict=True):
        assert c_row.location is b_row.location is p_row.location
        for sev in BASE:
            c, b, p = c_row.cell(sev), b_row.cell(sev), p_row.cell(sev)
            assert c.hits > b.hits, f"{c_row.label} {sev.value}"
            assert (c.bleed, c.injury, c.dying_rounds, c.dead) == (0, 0, None, False)
            assert (b.bleed, b.injury, b.dying_rounds, b.dead) == (
                p.bleed,
                p.injury,
                p.dying_rounds,
                p.dead,
            )
