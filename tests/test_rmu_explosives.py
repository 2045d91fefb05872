"""rmu explosives, first part (issue 13): the loads as data, placement and scatter, the blast's
bands, and the flash-bang contest (RMU-EXP-2..5, 7, 12, 17; RULINGS X-1..X-5)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.geometry import Body, Point, Posture
from firefight.outcome import Outcome
from firefight.rulesets.rmu.bands import place_in_blast
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.flash_bang import (
    Dazzling,
    FlashBang,
    FlashBangResult,
    Victim,
    resolve_flash_bang,
)
from firefight.rulesets.rmu.placement import Throw, resolve_throw
from firefight.rulesets.rmu.severity import Severity

runner = CliRunner()
ORIGIN = Point(x_ft=0, y_ft=0)
DOOR = Point(x_ft=0, y_ft=45)


def _landed(throw: Throw, rolls: list[int]) -> Point:
    return resolve_throw(throw, Dice.scripted(rolls)).result.landed


def test_rmu_exp_12_the_loads_are_data_with_their_stated_figures() -> None:
    """DATA.md 'Grenade loads' (RULINGS X-5: metres to feet, rounded to 5 ft), all provisional."""
    loads = explosive_data().loads
    assert loads["m67"].increment_ft == 25
    assert loads["m67"].bands == (("kill", 15), ("casualty", 50), ("fringe", 100))
    assert loads["mk3a2"].bands == (("casualty", 5), ("fringe", 15))
    assert loads["mk3a2"].bands_in(enclosed=True) == (("casualty", 10), ("fringe", 15))
    assert loads["an-m14"].increment_ft == 15
    assert loads["an-m14"].bands == (("kill", 5), ("casualty", 10))  # no fringe worth the name
    assert (loads["m84"].increment_ft, loads["m84"].radius_ft) == (25, 15)
    assert loads["m18"].radius_ft == loads["cs"].radius_ft == 20
    assert loads["m18"].rounds == (10, 18) and loads["cs"].rounds == (3, 7)
    assert (loads["molotov"].increment_ft, loads["molotov"].radius_ft) == (10, 10)
    assert loads["molotov"].flat_severity is Severity.C
    assert all(load.provisional for load in loads.values())
    # every distance of every load, converted from metres, sits on a 5 ft step.
    for load in loads.values():
        feet = [load.increment_ft, load.radius_ft]
        feet += [r for _, r in (*load.bands, *load.enclosed_bands)]
        assert all(f % 5 == 0 for f in feet), (load.key, feet)


def _nearest_5_ft(metres: float) -> int:
    """RULINGS X-5: metres to feet, to the nearest 5 ft."""
    return 5 * round(metres * 3.2808 / 5)


@pytest.mark.parametrize(
    ("load", "thrown_m"),
    [("m67", 35), ("mk3a2", 40), ("an-m14", 25), ("m84", 35), ("m84", 40), ("m18", 35),
     ("m18", 40), ("cs", 40)],
)  # fmt: skip
def test_rmu_exp_12_x_5_each_increment_is_a_fifth_of_the_real_throw(
    load: str, thrown_m: int
) -> None:
    """DATA.md 'Grenade loads': five throw increments reach the field manual's throw (000 gives
    M84 and M18 as 35-40 m: both ends round to the same step), in feet to the nearest 5."""
    assert explosive_data().loads[load].increment_ft == _nearest_5_ft(thrown_m / 5)
    assert len(explosive_data().throw.band_penalties) == 5


def test_rmu_exp_12_x_5_the_radii_000_gives_in_metres_convert_to_the_shipped_feet() -> None:
    """000's field-manual radii: M67 kill 5 m and casualty 15 m, MK3A2 casualty 2 m in the open;
    the rest (M67's fringe, MK3A2 enclosed, AN-M14's bands, the clouds) are DATA.md's own."""
    loads = explosive_data().loads
    assert dict(loads["m67"].bands)["kill"] == _nearest_5_ft(5) == 15
    assert dict(loads["m67"].bands)["casualty"] == _nearest_5_ft(15) == 50
    assert dict(loads["mk3a2"].bands)["casualty"] == _nearest_5_ft(2) == 5


@pytest.mark.parametrize(("potency", "bonus"), [(0, 0), (1, 5), (3, 15), (6, 30)])
def test_rmu_exp_17_blood_potency_adds_5_a_point_to_resistance(potency: int, bonus: int) -> None:
    """000's figures for the BP term of the Resistance roll: +5 at Blood Potency 1, +30 at 6."""
    victim = Victim(name="Mara", blood_potency=potency)
    outcome = resolve_flash_bang(FlashBang(victims=(victim,)), Dice.scripted([50, 50]))
    assert _victims(outcome)[0].resistance == 50 + 40 + bonus


def test_rmu_exp_2_x_1_the_worked_example_scatters_6_3_ft() -> None:
    """+40 Thrown, a door 45 ft off (second increment, -10), a rolled 42: 72, 28% of 22.5 ft."""
    # 000's example reads the total 72 itself as how far short of 100 the throw fell (28%);
    # Table 5-1's ladder (M-1) would call 71-80 a 70% result and scatter 30% of 22.5 = 6.75 ft.
    # RULINGS X-1 follows the example, so placement reads the total and this is 6.3 ft.
    outcome = resolve_throw(Throw(load="m67", aim=DOOR, thrown_bonus=40), Dice.scripted([42, 12]))
    assert outcome.result.total == 72
    assert outcome.result.off_ft == 6.3
    assert outcome.result.result == "scattered"


@pytest.mark.parametrize(
    ("hour", "x", "y"),
    [(12, 0.0, 51.3), (6, 0.0, 38.7), (3, 6.3, 45.0), (9, -6.3, 45.0)],
)
def test_x_2_the_clock_lies_on_the_throw(hour: int, x: float, y: float) -> None:
    """12 past the aim point, 6 back toward the thrower, 3 to the thrower's right."""
    landed = _landed(Throw(load="m67", aim=DOOR, thrown_bonus=40), [42, hour])
    assert landed.x_ft == pytest.approx(x, abs=0.05) and landed.y_ft == pytest.approx(y, abs=0.05)


def test_x_1_100_or_more_lands_on_the_aim_and_below_0_scatters_the_whole_half() -> None:
    on = resolve_throw(Throw(load="m67", aim=DOOR, thrown_bonus=50), Dice.scripted([60]))
    assert on.result.result == "on target" and on.result.landed == Point(x_ft=0, y_ft=45)
    wild = resolve_throw(
        Throw(load="m67", aim=DOOR, thrown_bonus=-80), Dice.scripted([10, 12])
    )  # 10 - 80 - 10 = -80: the whole 22.5 ft
    assert wild.result.total == -80 and wild.result.off_ft == 22.5


def test_rmu_exp_3_fewer_ap_cost_25_each_and_01_04_fumbles_at_the_feet() -> None:
    one_ap = resolve_throw(
        Throw(load="m67", aim=DOOR, thrown_bonus=40, ap=1), Dice.scripted([42, 12])
    )
    assert one_ap.result.total == 72 - 50
    fumble = resolve_throw(Throw(load="m67", aim=DOOR, thrown_bonus=105), Dice.scripted([4]))
    assert fumble.result.result == "fumble"
    assert fumble.result.landed == Point(x_ft=0, y_ft=0)
    not_a_fumble = resolve_throw(Throw(load="m67", aim=DOOR, thrown_bonus=105), Dice.scripted([5]))
    assert not_a_fumble.result.result == "on target"  # 5 + 105 - 10 = 100
    with pytest.raises(RuleRefusal, match="RMU-EXP-3"):
        resolve_throw(Throw(load="m67", aim=DOOR, ap=4), Dice.scripted([50]))
    with pytest.raises(RuleRefusal, match="RMU-EXP-3: A throw takes 1 to 3 AP; 0 AP"):
        resolve_throw(Throw(load="m67", aim=DOOR, ap=0), Dice.scripted([50]))


@pytest.mark.parametrize(
    ("distance", "penalty"), [(25, 0), (26, -10), (50, -10), (75, -25), (100, -50), (125, -100)]
)
def test_rmu_exp_4_each_throw_increment_is_a_range_band(distance: float, penalty: int) -> None:
    aim = Point(x_ft=0, y_ft=distance)
    total = resolve_throw(Throw(load="m67", aim=aim, thrown_bonus=0), Dice.scripted([50, 12]))
    assert total.result.total == 50 + penalty


def test_rmu_exp_4_past_the_fifth_throw_it_does_not_arrive() -> None:
    with pytest.raises(RuleRefusal, match="RMU-EXP-4: It does not arrive"):
        resolve_throw(Throw(load="m67", aim=Point(x_ft=0, y_ft=126)), Dice.scripted([50]))


def test_rmu_exp_5_the_band_modifies_the_roll_and_straddling_costs_20() -> None:
    m67 = explosive_data().load("m67")

    def terms(x: float, posture: Posture = Posture.STANDING) -> tuple[str | None, list[int]]:
        placed = place_in_blast(Body(center=Point(x_ft=x, y_ft=0), posture=posture), ORIGIN, m67)
        return placed.band, [m.value for m in placed.modifiers]

    assert terms(10) == ("kill", [20])
    assert terms(15.5) == ("kill", [20, -20])  # part of him inside 15 ft, part outside
    assert terms(30) == ("casualty", [0])
    assert terms(80) == ("fringe", [-40])
    assert terms(102) == (None, [])


def test_rmu_exp_7_prone_counts_one_band_further_out() -> None:
    m67 = explosive_data().load("m67")
    prone_kill = place_in_blast(
        Body(center=Point(x_ft=8, y_ft=0), posture=Posture.PRONE), ORIGIN, m67
    )
    assert prone_kill.band == "casualty"
    prone_fringe = place_in_blast(
        Body(center=Point(x_ft=80, y_ft=0), posture=Posture.PRONE), ORIGIN, m67
    )
    assert prone_fringe.band is None


def test_x_3_a_load_that_does_not_fragment_takes_its_severity_from_the_band() -> None:
    an_m14 = explosive_data().load("an-m14")
    kill = place_in_blast(Body(center=Point(x_ft=2, y_ft=0)), ORIGIN, an_m14)
    casualty = place_in_blast(Body(center=Point(x_ft=8, y_ft=0)), ORIGIN, an_m14)
    mk3a2 = explosive_data().load("mk3a2")
    fringe = place_in_blast(Body(center=Point(x_ft=12, y_ft=0)), ORIGIN, mk3a2)
    assert (kill.severity, casualty.severity, fringe.severity) == (
        Severity.D,
        Severity.B,
        Severity.A,
    )


def _victims(outcome: Outcome[FlashBangResult]) -> tuple[Dazzling, ...]:
    return outcome.result.victims


def test_rmu_exp_17_x_4_the_ghoul_is_blind_six_rounds_and_takes_12_hits() -> None:
    """Co +5, SD +0, no Blood Potency: 62 + 40 + 10 = 112; 88 + 50 - 12 + 20 + 20 = 166."""
    ghoul = Victim(name="ghoul", co_bonus=5, unaware=True)
    outcome = resolve_flash_bang(
        FlashBang(victims=(ghoul,), enclosed=True), Dice.scripted([88, 62])
    )
    assert _victims(outcome)[0] == Dazzling(
        name="ghoul", resistance=112, total=166, steps=6, hits=12
    )
    assert [type(e).__name__ for e in outcome.events] == ["Dazzled", "HitsInflicted"]


def test_rmu_exp_17_d_2_both_rolls_of_the_contest_open_at_the_low_end_too() -> None:
    """D-2: the flash-bang contest is fully open-ended. The grenade's 04 then 30 is -26; the
    ghoul's 03 then 20 is -17, so his Resistance is -17 + 40 + 10 = 33; the grenade's total,
    enclosed and unaware, -26 + 50 + (100 - 33) + 20 + 20 = 131: three steps, 6 hits."""
    ghoul = Victim(name="ghoul", co_bonus=5, unaware=True)
    outcome = resolve_flash_bang(
        FlashBang(victims=(ghoul,), enclosed=True), Dice.scripted([4, 30, 3, 20])
    )
    assert _victims(outcome)[0] == Dazzling(name="ghoul", resistance=33, total=131, steps=3, hits=6)


def test_x_4_totals_101_to_110_do_nothing_and_blood_potency_and_nightvision_count() -> None:
    """RMU-EXP-17 as X-4 reads it: only each full 10 past 101 is a step, so 110 is none."""
    calm = Victim(name="calm", co_bonus=5)  # 62 + 40 + 10 = 112; 72 + 50 - 12 = 110: no step
    outcome = resolve_flash_bang(FlashBang(victims=(calm,)), Dice.scripted([72, 62]))
    assert _victims(outcome)[0].steps == 0 and outcome.events == ()
    outcome = resolve_flash_bang(FlashBang(victims=(calm,)), Dice.scripted([73, 62]))
    assert _victims(outcome)[0].steps == 1  # 111: one full step past 101
    kindred = Victim(name="Mara", blood_potency=3, nightvision=True)  # 50 + 40 + 15 - 25 = 80
    outcome = resolve_flash_bang(FlashBang(victims=(kindred,)), Dice.scripted([50, 50]))
    assert _victims(outcome)[0].resistance == 80


def test_the_throw_and_flash_bang_commands() -> None:
    thrown = runner.invoke(
        app, ["rmu", "throw", "--load", "m67", "--aim", "0,45", "--thrown", "40", "--rolls",
              "42,12", "--json"],
    )  # fmt: skip
    assert thrown.exit_code == 0, thrown.output
    payload = json.loads(thrown.stdout)
    assert payload["result"]["off_ft"] == 6.3 and payload["result"]["total"] == 72
    bang = runner.invoke(
        app, ["rmu", "flash-bang", "--victim", "ghoul:5:0", "--enclosed", "--unaware", "ghoul",
              "--rolls", "88,62"],
    )  # fmt: skip
    assert bang.exit_code == 0 and "ghoul: 6 rounds blind and deaf, 12 hits" in bang.output
    refused = runner.invoke(app, ["rmu", "throw", "--load", "m67", "--aim", "0,45", "--ap", "4"])
    assert refused.exit_code == 2 and "RMU-EXP-3: --ap: 4 is more than 3" in refused.stderr
    stray = runner.invoke(app, ["rmu", "flash-bang", "--victim", "a:0:0", "--unaware", "b"])
    assert stray.exit_code == 2 and "--unaware: names 'b', who is no --victim." in stray.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["rmu", "flash-bang", "--victim", "Bob:5:5", "--victim", "Bob:1:1", "--rolls", "50,50,50"],
        ["rmu", "gas", "--victim", "Bob:5", "--victim", "Bob:3", "--rolls", "50,50"],
    ],
)
def test_dec_902_a_victim_named_twice_is_refused(args: list[str]) -> None:
    """RMU-EXP-16, RMU-EXP-17, DEC-902: a flash-bang or a CS round resolved a victim named twice
    twice ("Bob: unaffected; Bob: unaffected"), where a blast refuses it (RMU-EXP-1)."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "--victim: names 'Bob' twice; give each victim once." in result.stderr
