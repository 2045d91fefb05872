"""rmu explosives, the detonation (issue 13): one roll read by everyone near the burst, the
fragmentation table and the Heat/Subdual stand-ins (RMU-EXP-1, 5..8, 13, 14; RULINGS X-3)."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.geometry import CoverGrade, Point, Posture
from firefight.outcome import Outcome
from firefight.rulesets.rmu.blast_results import (
    BlastCritical,
    BlastPerson,
    DetonationResult,
    NoCritical,
)
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import Cover, CoverMaterial
from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.rulesets.rmu.detonation import (
    Blast,
    BlastTarget,
    blast_cover_bonus,
    resolve_detonation,
)
from firefight.rulesets.rmu.events import CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.severity import Severity

runner = CliRunner()
ORIGIN = Point(x_ft=0, y_ft=0)
DATA = RmuData()
TABLES = Path(__file__).resolve().parents[1] / "src/firefight/rulesets/rmu/tables"
HALF_HARD = Cover(grade=CoverGrade.HALF, material=CoverMaterial.HARD)


def _at(x: float, name: str = "Bob", **kw: object) -> BlastTarget:
    return BlastTarget(name=name, position=Point(x_ft=x, y_ft=0), **kw)  # type: ignore[arg-type]


def _people(outcome: Outcome[DetonationResult]) -> dict[str, BlastPerson]:
    return {p.name: p for p in outcome.result.people}


def _go(
    load: str, people: list[BlastTarget], rolls: list[int], **kw: object
) -> Outcome[DetonationResult]:
    blast = Blast(load=load, center=ORIGIN, people=tuple(people), **kw)  # type: ignore[arg-type]
    return resolve_detonation(blast, Dice.scripted([*rolls, *[50] * 8]))  # criticals as needed


def _roll_for(table: str, location: HitLocation) -> int:
    return next(r for r in range(1, 101) if DATA.tables.critical(table).row_for(r).location
                is location)  # fmt: skip


# --- RMU-EXP-1: one roll, ranks only, per-target criticals -----------------------------------


def test_rmu_exp_1_one_detonation_roll_plus_ranks_is_read_by_everyone() -> None:
    """Both bodies read the same 40 + 12 ranks; the second die is a critical, not a new roll."""
    out = _go("m67", [_at(30, "Bob"), _at(60, "Ann")], [40, 77], thrown_ranks=12)
    people = _people(out)
    assert out.result.roll == 40
    assert people["Bob"].total == 40 + 12 + 0  # casualty band
    assert people["Ann"].total == 40 + 12 - 40  # fringe band


def test_d_2_dec_730_the_detonation_roll_opens_at_the_low_end_too() -> None:
    """D-2: the detonation roll is fully open-ended. 03 then 60 subtracts: -57, + 12 ranks
    + 20 in the kill band (5 ft) = -25 for Bob, below the table: nothing. A 96 then 10 adds:
    106 + 12 + 20 = 138."""
    low = _go("m67", [_at(5, "Bob")], [3, 60], thrown_ranks=12)
    assert low.result.roll == -57
    assert _people(low)["Bob"].total == -25
    assert not [e for e in low.events if isinstance(e, (HitsInflicted, CriticalInflicted))]
    high = _go("m67", [_at(5, "Bob")], [96, 10], thrown_ranks=12)
    assert (high.result.roll, _people(high)["Bob"].total) == (106, 138)


def test_rmu_exp_1_criticals_are_rolled_for_each_target() -> None:
    out = _go("m67", [_at(5, "Bob"), _at(6, "Ann")], [90, 10, 60])
    crits = [e for e in out.events if isinstance(e, CriticalInflicted)]
    assert [(c.target, c.roll) for c in crits] == [("Bob", 10), ("Ann", 60)]


# --- RMU-EXP-5 / -7: bands, straddling, prone -------------------------------------------------


def test_rmu_exp_5_kill_plus_20_casualty_0_fringe_minus_40() -> None:
    out = _go("m67", [_at(5, "K"), _at(30, "C"), _at(80, "F"), _at(200, "Out")], [50])
    people = _people(out)
    assert [people[n].total for n in ("K", "C", "F")] == [70, 50, 10]
    assert people["Out"].band is None


def test_rmu_exp_5_straddling_the_kill_edge_reads_as_the_casualty_band() -> None:
    """+20 - 20: a body across the 15 ft edge reads the casualty result exactly."""
    out = _go("m67", [_at(15.5, "Edge"), _at(30, "C")], [50])
    people = _people(out)
    assert people["Edge"].band == "kill"
    assert people["Edge"].total == people["C"].total == 50


def test_rmu_exp_7_prone_is_one_band_out_and_the_fringe_prone_are_out_of_it() -> None:
    prone = {"posture": Posture.PRONE}
    out = _go("m67", [_at(5, "K", **prone), _at(80, "F", **prone)], [50])
    people = _people(out)
    assert people["K"].band == "casualty" and people["K"].total == 50
    assert people["F"].band is None and people["F"].hits == 0


def test_rmu_exp_7_dec_82_a_prone_body_over_the_kill_edge_reads_casualty_minus_20() -> None:
    """DEC-82: lying across the M67's 15 ft kill radius (centre at 15 ft), Ana counts one band
    out, casualty (+0), and still straddles where she lies (-20): 50 - 20 = 30. Lying wholly
    inside it (centre at 5 ft) she reads casualty with no -20: 50."""
    prone = {"posture": Posture.PRONE}
    out = _go("m67", [_at(15, "Ana", **prone), _at(5, "Bob", **prone)], [50])
    people = _people(out)
    assert (people["Ana"].band, people["Ana"].total) == ("casualty", 30)
    assert (people["Bob"].band, people["Bob"].total) == ("casualty", 50)


# --- RMU-EXP-6: Quickness DB, no dodge, cover only between and only material ------------------


def test_rmu_exp_6_quickness_db_is_subtracted_and_no_dodge_exists() -> None:
    out = _go("m67", [_at(30, quickness_db=15)], [50])
    assert _people(out)["Bob"].total == 35
    labels = [m.label for e in out.trace for m in getattr(e, "modifiers", ())]
    assert not any("dodge" in label and "no dodge" not in label for label in labels)


def test_rmu_exp_6_half_a_brick_wall_is_70_on_the_sg_me_1_6_column() -> None:
    assert blast_cover_bonus(HALF_HARD, DATA) == (70, False)
    hardened = Cover(grade=CoverGrade.FULL, material=CoverMaterial.HARDENED)
    assert blast_cover_bonus(hardened, DATA)[1]  # hardened reads impenetrable there


def test_rmu_exp_6_a_soft_barrier_reads_the_cover_tables_soft_row() -> None:
    """RMU-EXP-6: material soft cover still stands between: +20 / +40 / +100 for partial, half
    and full (the cover table's floor, any column), and none of it stops the blast."""
    grades = (CoverGrade.PARTIAL, CoverGrade.HALF, CoverGrade.FULL)
    soft = [Cover(grade=g, material=CoverMaterial.SOFT) for g in grades]
    assert [blast_cover_bonus(c, DATA) for c in soft] == [(20, False), (40, False), (100, False)]


def test_rmu_exp_6_cover_counts_only_between_the_burst_and_the_body() -> None:
    front = _at(30, "Front", cover=HALF_HARD, barrier=Point(x_ft=28, y_ft=0))
    back = _at(30, "Back", cover=HALF_HARD, barrier=Point(x_ft=32, y_ft=0))
    said = _at(30, "Said", cover=HALF_HARD)  # the GM says it is between
    people = _people(_go("m67", [front, back, said], [90, 50]))
    assert people["Front"].total == people["Said"].total == 90 - 70
    assert people["Back"].total == 90


def test_rmu_exp_6_smoke_and_darkness_subtract_nothing() -> None:
    out = _go("m67", [_at(30, obscured=True)], [50])
    assert _people(out)["Bob"].total == 50


def test_rmu_exp_6_full_impenetrable_cover_stops_it() -> None:
    wall = Cover(grade=CoverGrade.FULL, material=CoverMaterial.IMPENETRABLE)
    out = _go("m67", [_at(5, cover=wall)], [99])
    assert out.events == ()


# --- RMU-EXP-8: fragmentation on its own table, BA columns, shrapnel per area -----------------


def test_rmu_exp_8_fragments_read_the_vests_ba_column() -> None:
    out = _go("m67", [_at(30, "Bare"), _at(31, "Vest", armor="BA II")], [60, 50])
    people = _people(out)
    table = DATA.tables.attack("fragmentation")
    assert people["Bare"].hits == table.lookup(60, "AT 1").hits
    assert people["Vest"].hits == table.lookup(60, "BA II").hits
    assert people["Vest"].hits < people["Bare"].hits


def test_rmu_exp_8_a_covered_area_reads_the_covered_clause_a_bare_one_the_bare() -> None:
    chest = _roll_for("ballistic-shrapnel-bare", HitLocation.CHEST)
    leg = _roll_for("ballistic-shrapnel-bare", HitLocation.LEG)
    vest = {"armor": "BA II"}
    for roll, table in ((chest, "ballistic-shrapnel-covered"), (leg, "ballistic-shrapnel-bare")):
        out = _go("m67", [_at(5, **vest)], [90, roll])
        critical = _people(out)["Bob"].critical
        assert isinstance(critical, BlastCritical) and critical.critical_table == table
        crit = next(e for e in out.events if isinstance(e, CriticalInflicted))
        assert crit.table == table
        if table.endswith("covered"):
            assert crit.effect.bleed == 0 and crit.effect.injury == 0


def test_rmu_exp_8_dec_300_p_6_a_total_over_the_top_row_adds_to_the_critical_roll() -> None:
    """DEC-300 with P-6: the fragmentation table tops out at 123-125; a total of 150 (roll
    97 + 3 = 100, 30 Thrown ranks, kill band +20) is 25 over it, so the critical roll gains
    ceil(25 / 5) = +5: a 62 (an arm, 56-65) reads as 67, a leg (67-75)."""
    out = _go("m67", [_at(5)], [97, 3, 62], thrown_ranks=30)
    bob = _people(out)["Bob"]
    assert bob.total == 150
    assert isinstance(bob.critical, BlastCritical)
    assert (bob.critical.critical_roll, bob.critical.location) == (67, "leg")


def test_rmu_exp_8_events_are_hits_and_criticals() -> None:
    out = _go("m67", [_at(5)], [80, 50])
    kinds = [type(e) for e in out.events]
    assert kinds[0] is HitsInflicted and CriticalInflicted in kinds


# --- the fragmentation stand-in: every stated property ---------------------------------------


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    import generate_fragmentation_table

    return generate_fragmentation_table


def test_rmu_exp_8_the_fragmentation_table_has_the_ball_tables_frame_and_ba_columns() -> None:
    """Rows 15-17 .. 123-125 like RMU's Ball tables; AT 1-10 and BA I-IV; provisional."""
    table = DATA.tables.attack("fragmentation")
    assert (table.rows[0].low, table.rows[0].high) == (15, 17)
    assert (table.rows[-1].low, table.rows[-1].high) == (123, 125)
    assert all(r.high - r.low == 2 for r in table.rows)
    assert table.columns[-4:] == ("BA I", "BA II", "BA III", "BA IV")
    assert table.provisional and "generate_fragmentation_table.py" in table.derivation


def test_rmu_exp_8_a_severity_step_averages_15_5_points() -> None:
    """Over every step of every column: +20 is about a step, -40 about two."""
    table = DATA.tables.attack("fragmentation")
    widths = []
    for column in table.columns:
        starts: dict[Severity, int] = {}
        for row, cell in zip(table.rows, table.column_cells(column), strict=True):
            if cell.severity is not None:
                starts.setdefault(cell.severity, row.low)
        firsts = sorted(starts.values())
        widths += [b - a for a, b in pairwise(firsts)]
    assert abs(sum(widths) / len(widths) - 15.5) <= 0.5
    assert all(15 <= w <= 18 for w in widths)


def test_rmu_exp_8_armor_answers_fragments_as_it_answers_bullets() -> None:
    """AT 1 -> AT 10 loses more than half the hits (a bullet's 58%), not a fireball's 27%."""
    table = DATA.tables.attack("fragmentation")
    at1 = sum(c.hits for c in table.column_cells("AT 1"))
    at10 = sum(c.hits for c in table.column_cells("AT 10"))
    assert 0.5 < 1 - at10 / at1 < 0.65


def test_the_shipped_fragmentation_table_is_what_the_script_makes(generator: ModuleType) -> None:
    import tomli_w

    shipped = (TABLES / "fragmentation.toml").read_text(encoding="utf-8")
    assert shipped == tomli_w.dumps(generator.build_table()), "rerun the script"


# --- RULINGS X-3: non-fragmenting loads; Heat and Subdual -------------------------------------


def test_x_3_concussion_takes_b_in_the_casualty_band_on_impact_and_subdual() -> None:
    """One d100 per target read on Ballistic Impact, the same roll on Subdual (DEC-301); the
    load's tables are RMU-EXP-8's, and armor is never asked."""
    out = _go("mk3a2", [_at(3, armor="BA IV")], [50, 44])
    crits = [e for e in out.events if isinstance(e, CriticalInflicted)]
    assert [(c.table, c.severity, c.roll) for c in crits] == [
        ("ballistic-impact", "B", 44),
        ("subdual", "B", 44),
    ]
    assert not any(isinstance(e, HitsInflicted) for e in out.events)  # armor never asked


def test_x_3_rmu_exp_14_incendiary_kill_band_is_a_d_heat_critical() -> None:
    out = _go("an-m14", [_at(2)], [50, 30])
    crit = next(e for e in out.events if isinstance(e, CriticalInflicted))
    assert (crit.table, crit.severity) == ("heat", "D")


def test_x_3_mk3a2_s_casualty_radius_is_larger_enclosed() -> None:
    open_air = _people(_go("mk3a2", [_at(8)], [50, 44]))["Bob"]
    enclosed = _people(_go("mk3a2", [_at(8)], [50, 44], enclosed=True))["Bob"]
    assert (open_air.band, enclosed.band) == ("fringe", "casualty")


def test_dec_302_a_band_load_below_15_does_nothing() -> None:
    wall = Cover(grade=CoverGrade.FULL, material=CoverMaterial.HARD)
    out = _go("an-m14", [_at(2, cover=wall)], [50])
    assert out.events == () and isinstance(_people(out)["Bob"].critical, NoCritical)


def test_rmu_exp_8_heat_and_subdual_stand_ins_follow_data_md() -> None:
    """Subdual: half the hits, nothing lasting, no severity past E; Heat: burns do not bleed."""
    puncture = DATA.tables.critical("ballistic-puncture")
    subdual = DATA.tables.critical("subdual")
    heat = DATA.tables.critical("heat")
    for p_row, s_row, h_row in zip(puncture.rows, subdual.rows, heat.rows, strict=True):
        assert len(s_row.cells) == 5  # A-E only: capped at E
        for p, s, h in zip(p_row.cells, s_row.cells, h_row.cells, strict=True):
            assert s.hits == (p.hits + 1) // 2
            assert (s.bleed, s.injury, s.dead, s.dying_rounds) == (0, 0, False, None)
            assert h.bleed == 0 and h.fatigue == p.fatigue + p.bleed
    assert subdual.provisional and heat.provisional


# --- RMU-EXP-13: Molotov -----------------------------------------------------------------------


def test_rmu_exp_13_a_molotov_is_a_flat_c_heat_critical_over_its_radius() -> None:
    """No detonation roll and no armor: the only dice are each body's critical."""
    out = _go("molotov", [_at(5, "In", armor="BA IV"), _at(20, "Out")], [62])
    people = _people(out)
    assert out.result.roll is None
    assert people["In"].severity == "C" and people["Out"].band is None
    crit = next(e for e in out.events if isinstance(e, CriticalInflicted))
    assert (crit.table, crit.severity, crit.roll) == ("heat", "C", 62)


# --- refusals and the command ------------------------------------------------------------------


@pytest.mark.parametrize("load", ["m18", "cs", "m84"])
def test_rmu_exp_1_loads_that_wound_nobody_are_refused(load: str) -> None:
    with pytest.raises(RuleRefusal) as err:
        _go(load, [_at(5)], [50])
    assert err.value.rule == "RMU-EXP-1"


def test_rmu_exp_8_an_unknown_armor_column_is_refused() -> None:
    with pytest.raises(RuleRefusal) as err:
        _go("m67", [_at(5, armor="plate")], [50])
    assert err.value.rule == "RMU-EXP-8"


def test_the_explode_command_with_targets_cover_prone_and_json() -> None:
    result = runner.invoke(
        app,
        ["rmu", "explode", "--load", "m67", "--ranks", "10", "--target", "Bob:30,0",
         "--target", "Ann:5,0:BA II", "--cover", "Bob=half:hard@25,0", "--prone", "Ann",
         "--quickness", "Ann=5", "--rolls", "60", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    people = {p["name"]: p for p in out["result"]["people"]}
    assert people["Bob"]["total"] == 60 + 10 - 70
    assert people["Ann"]["band"] == "casualty" and people["Ann"]["total"] == 60 + 10 - 5


def test_the_explode_command_reads_a_scene_file(tmp_path: Path) -> None:
    scene = tmp_path / "scene.toml"
    scene.write_text(
        '[[person]]\nname = "Bob"\nx_ft = 30\ny_ft = 0\ncover = "half:hard"\n'
        "barrier_x_ft = 35\nbarrier_y_ft = 0\n",
        encoding="utf-8",
    )
    result = runner.invoke(
        app,
        ["rmu", "explode", "--load", "m67", "--scene", str(scene), "--rolls", "50,50", "--json"],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["result"]["people"][0]["total"] == 50  # wall at his back


def test_dec_899_the_explode_command_reads_armor_as_shoot_does_and_counts_one_hit() -> None:
    """DEC-899: `rmu shoot --armor "ba ii"` is BA II, but a blast's `Bob:0,10:ba ii` was refused
    as "no AT or BA column"; and the headline said "1 hits"."""
    result = runner.invoke(
        app, ["rmu", "explode", "--load", "m67", "--target", "Bob:0,10:ba ii", "--rolls", "18"]
    )
    assert result.exit_code == 0, result.output
    assert "fragmentation: row 36-38, column BA II -> 1" in result.stdout
    assert "Bob (kill): 1 hit\n" in result.stdout


def test_the_explode_command_names_the_option_a_quickness_was_typed_with() -> None:
    """A Quickness DB that is no number was refused as "--target, quickness_db: Input should be
    a valid integer": --target, which the GM had typed right."""
    result = runner.invoke(
        app, ["rmu", "explode", "--load", "m67", "--target", "Bob:0,10", "--quickness", "Bob=x"]
    )
    assert result.exit_code == 2
    assert "--quickness: takes NAME=N, N a whole number, not 'Bob=x'." in result.stderr


def test_dec_903_a_kindred_s_softened_critical_is_told_as_read() -> None:
    """V-1, DEC-903: the headline said "critical E" for a Kindred whose E was read as D (the
    trace said D, the effects were D's); it now gives both, and the JSON the one read."""
    args = ["rmu", "explode", "--load", "m67", "--target", "Bob:0,3", "--rolls", "95,50"]
    kindred = runner.invoke(app, [*args, "--kindred", "Bob"])
    assert kindred.exit_code == 0, kindred.output
    # The fragments' 23 hits and the critical's own (D's +4, E's +8: DEC-941).
    assert "Bob (kill): 27 hits, critical D (struck as E, V-1)\n" in kindred.stdout
    mortal = runner.invoke(app, args)
    assert "Bob (kill): 31 hits, critical E\n" in mortal.stdout
    person = json.loads(runner.invoke(app, [*args, "--kindred", "Bob", "--json"]).stdout)
    assert {k: person["result"]["people"][0].get(k) for k in ("severity", "read_as")} == {
        "severity": "E",
        "read_as": "D",
    }
    plain = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert "read_as" not in plain["result"]["people"][0]


def test_the_explode_command_refuses_cover_for_someone_absent() -> None:
    result = runner.invoke(
        app,
        ["rmu", "explode", "--load", "m67", "--target", "Bob:30,0", "--cover", "Al=half:hard",
         "--rolls", "50"],
    )  # fmt: skip
    assert result.exit_code != 0
    assert "Al" in result.output


# --- odds (RMU-EXP-1: one roll for everyone) ----------------------------------------------------


@pytest.mark.parametrize(
    ("load", "x", "armor", "steps"),
    [
        ("m67", 30, "BA II", 0),
        ("mk3a2", 3, "AT 1", 0),
        ("molotov", 5, "AT 1", 0),
        ("m67", 30, "BA II", 1),
        ("mk3a2", 3, "AT 1", 1),
    ],
)
def test_rmu_exp_1_the_fast_odds_equal_the_generic_enumeration(
    load: str, x: float, armor: str, steps: int
) -> None:
    """Per-person stats over the one detonation roll and each body's critical d100; for a
    Kindred (V-1: criticals one severity lower) too, which the fast path once read at full
    severity (the m67's expected hits 8.27 against the resolver's 7.21)."""
    from firefight.odds.api import odds, odds_stats

    body = _at(x, armor=armor, severity_steps=steps)
    blast = Blast(load=load, center=ORIGIN, thrown_ranks=10, people=(body,))
    generic = odds(None, blast, method="generic", depth=0)
    fast = odds(None, blast, method="exact", depth=0)
    assert fast.method == "fast exact"
    assert fast.cut_off == pytest.approx(generic.cut_off)
    for g, f in zip(odds_stats(generic, blast), odds_stats(fast, blast), strict=True):
        assert f.value == pytest.approx(g.value, abs=1e-12), g.stat.name


def test_x_3_dec_302_the_fast_odds_count_a_band_load_total_of_exactly_15() -> None:
    """X-3 / DEC-302 in the odds: a concussion grenade 3 ft off (casualty band, +0) thrown with
    no ranks totals the bare roll; 15, the first row, still brings the band's critical. At
    depth 0 the faces 01-05 and 96-100 are cut off, so P(critical) = faces 15-95 = 0.81 in
    both engines."""
    from firefight.odds.api import odds, odds_stats

    blast = Blast(load="mk3a2", center=ORIGIN, thrown_ranks=0, people=(_at(3),))
    for method in ("generic", "exact"):
        stats = {
            s.stat.name: s.value
            for s in odds_stats(odds(None, blast, method=method, depth=0), blast)
        }
        assert stats["Bob.p_critical"] == pytest.approx(0.81), method


def test_rmu_exp_5_odds_put_everyone_in_their_band() -> None:
    from firefight.odds.api import odds, odds_stats

    people = (_at(5, "K"), _at(30, "C"), _at(80, "F"), _at(300, "Out"))
    blast = Blast(load="m67", center=ORIGIN, people=people)
    dist = odds(None, blast, method="exact")
    values = {v.stat.name: v.value for v in odds_stats(dist, blast)}
    assert values["K.p_kill"] == values["C.p_casualty"] == values["F.p_fringe"]
    assert values["K.p_kill"] == pytest.approx(1.0, abs=1e-9)
    assert values["Out.expected_hits"] == 0.0
    assert values["K.expected_hits"] > values["C.expected_hits"] > values["F.expected_hits"]


def test_the_explode_odds_command() -> None:
    result = runner.invoke(
        app,
        ["odds", "rmu", "explode", "--load", "m67", "--ranks", "10", "--target", "Bob:30,0",
         "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Bob.p_casualty" in result.stdout


# --- RMU-EXP-10: noticing it in time ---------------------------------------------------------


def test_rmu_exp_10_the_noticing_rows_follow_data_md() -> None:
    from firefight.rulesets.rmu.explosives import explosive_data
    from firefight.rulesets.rmu.noticing import noticing_row

    facing_north = 0.0
    near = noticing_row(ORIGIN, facing_north, Point(x_ft=6, y_ft=6))  # front-right, 8.5 ft
    side = noticing_row(ORIGIN, facing_north, Point(x_ft=9, y_ft=0))  # at the side
    far = noticing_row(ORIGIN, facing_north, Point(x_ft=0, y_ft=40))
    behind = noticing_row(ORIGIN, facing_north, Point(x_ft=0, y_ft=-5))
    unaware = noticing_row(ORIGIN, facing_north, Point(x_ft=0, y_ft=5), unaware=True)
    assert (near.perception, near.ap) == (side.perception, side.ap) == (False, 4)
    assert (far.perception, far.penalty, far.ap) == (True, 0, 4)
    assert (behind.perception, behind.penalty, behind.ap) == (True, -25, 2)
    assert unaware.ap == 0
    assert explosive_data().noticing.provisional


def test_rmu_exp_10_the_seen_hemisphere_ends_at_10_ft() -> None:
    """RMU-EXP-10: what a combatant sees unasked is a 10 ft hemisphere. A grenade 10 ft in
    front is inside it (no roll, 4 AP); 11 ft in front or 11 ft to the side is past it and
    needs Perception first (DATA.md's stand-in rows)."""
    from firefight.rulesets.rmu.noticing import noticing_row

    edge = noticing_row(ORIGIN, 0.0, Point(x_ft=0, y_ft=10))
    past = noticing_row(ORIGIN, 0.0, Point(x_ft=0, y_ft=11))
    side = noticing_row(ORIGIN, 0.0, Point(x_ft=11, y_ft=0))
    assert (edge.perception, edge.ap) == (False, 4)
    assert (past.perception, past.penalty, past.ap) == (side.perception, side.penalty, side.ap)
    assert (past.perception, past.penalty, past.ap) == (True, 0, 4)


def test_rmu_exp_10_a_glance_is_minus_50_and_a_proper_look_costs_the_reaction() -> None:
    """Perception at 0 AP is -50; a 2 AP look spends half the round; what is left to react is
    the smaller of the row's AP and the round's."""
    from firefight.rulesets.rmu.noticing import noticing_row, reaction_ap

    far = noticing_row(ORIGIN, 0.0, Point(x_ft=0, y_ft=40))
    assert reaction_ap(far, 4, perception_ap=0) == (4, -50)  # a glance keeps a throw-back's 4
    assert reaction_ap(far, 4, perception_ap=2) == (2, 0)
    assert reaction_ap(far, 1, perception_ap=0) == (1, -50)  # only 1 AP left in the round
    behind = noticing_row(ORIGIN, 0.0, Point(x_ft=0, y_ft=-30))
    assert reaction_ap(behind, 4, perception_ap=1) == (2, -50)
    near = noticing_row(ORIGIN, 0.0, Point(x_ft=0, y_ft=5))
    assert reaction_ap(near, 3) == (3, 0)  # seen without a roll: nothing spent looking
    with pytest.raises(RuleRefusal) as err:
        reaction_ap(far, 4, perception_ap=3)
    assert err.value.rule == "RMU-EXP-10"


# --- odds of a throw and its blast (RMU-EXP-1..3, X-1, X-2) -----------------------------------


def _thrown(
    thrown: int, people: tuple[BlastTarget, ...], load: str = "m67", aim: Point | None = None
) -> object:
    from firefight.rulesets.rmu.placement import Throw
    from firefight.rulesets.rmu.thrown_blast import ThrownBlast

    throw = Throw(load=load, aim=aim or Point(x_ft=0, y_ft=45), thrown_bonus=thrown)
    return ThrownBlast(throw=throw, blast=Blast(load=load, center=ORIGIN, people=people,
                                                thrown_ranks=10))  # fmt: skip


def test_x_1_rmu_exp_3_the_throw_lands_on_target_31_percent_and_at_the_feet_4() -> None:
    """+40 Thrown at 45 ft (-10): 70+ on the d100 places it (31 faces); 01-04 fumble it."""
    from firefight.odds.api import odds

    dist = odds(None, _thrown(40, (_at(30),)), method="exact", depth=2)
    on_aim = dist.probability(lambda v: v.landed == (0.0, 45.0))
    at_feet = dist.probability(lambda v: v.landed == (0.0, 0.0))
    listed = 1 - 2 * 0.05**3  # the detonation roll's cut-off at depth 2, at both ends (D-2)
    # 70-95, and 96-100 whose open-ended chain was followed (2 rerolls at depth 2)
    assert on_aim == pytest.approx((0.26 + 0.05 * (1 - 0.05**2)) * listed, abs=1e-12)
    assert at_feet == pytest.approx(0.04 * listed, abs=1e-9)
    # everything else scatters, each miss spread evenly over the 12 hours
    scattered = [p for v, p in dist.items() if v.landed not in ((0.0, 45.0), (0.0, 0.0))]
    assert len(scattered) % 12 == 0


def test_rmu_exp_1_a_sure_throw_is_the_blast_at_the_aim_or_at_the_feet() -> None:
    """With the placement beyond doubt the odds are the detonation's own, weighted 96/4."""
    from firefight.odds.api import odds, odds_stats

    people = (_at(30, "Bob"), _at(10, "Ann", armor="BA II"))
    action = _thrown(200, people)
    thrown = {v.stat.name: v.value for v in odds_stats(odds(None, action, depth=2), action)}
    at_aim = Blast(load="m67", center=Point(x_ft=0, y_ft=45), people=people, thrown_ranks=10)
    at_feet = Blast(load="m67", center=ORIGIN, people=people, thrown_ranks=10)
    aim = {v.stat.name: v.value for v in odds_stats(odds(None, at_aim, depth=2), at_aim)}
    feet = {v.stat.name: v.value for v in odds_stats(odds(None, at_feet, depth=2), at_feet)}
    on_aim = 0.96 - 0.05**3  # faces 05-100 place it; the cut chains are not listed
    for name, value in thrown.items():
        assert value == pytest.approx(on_aim * aim[name] + 0.04 * feet[name], abs=1e-9), name


def test_the_throw_odds_command() -> None:
    result = runner.invoke(
        app,
        ["odds", "rmu", "throw", "--load", "m67", "--aim", "0,45", "--thrown", "40",
         "--ranks", "10", "--target", "Viktor:4,47:BA II", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Viktor.p_kill" in result.stdout


def test_rmu_exp_13_the_throw_odds_equal_the_generic_enumeration_for_a_molotov() -> None:
    """A Molotov has no detonation roll, so the reference engine can walk every path: the
    placement roll (01-04 at the feet) and each body's critical."""
    from firefight.odds.api import odds, odds_stats

    near_aim = BlastTarget(name="Bob", position=Point(x_ft=0, y_ft=22))
    action = _thrown(200, (near_aim, _at(3, "Ann")), load="molotov", aim=Point(x_ft=0, y_ft=25))
    generic = odds(None, action, method="generic", depth=0)
    fast = odds(None, action, method="exact", depth=0)
    assert fast.cut_off == pytest.approx(generic.cut_off)
    for g, f in zip(odds_stats(generic, action), odds_stats(fast, action), strict=True):
        assert f.value == pytest.approx(g.value, abs=1e-12), g.stat.name


def test_dec_941_the_explode_headline_counts_the_critical_s_hits() -> None:
    """RMU-GEN-7, X-3, DEC-941: a concussion grenade's hits are all its criticals' (Ballistic
    Impact and the Subdual secondary, DEC-301), and the headline said "0 hits" for a man the
    trace gave +38H and +13H; it counts them now, as the shot's headline and the odds' expected
    hits do."""
    args = ["rmu", "explode", "--load", "mk3a2", "--ranks", "5", "--target", "Al:3,1"]
    done = runner.invoke(app, [*args, "--rolls", "60,40"])
    assert done.exit_code == 0, done.output
    assert "+38H" in done.stdout and "+13H" in done.stdout
    assert done.stdout.rstrip().endswith("Al (casualty): 51 hits, critical B")
    person = json.loads(runner.invoke(app, [*args, "--rolls", "60,40", "--json"]).stdout)
    # The JSON keeps the table's hits apart from the critical's, as before.
    assert person["result"]["people"][0]["hits"] == 0
