"""``firefight odds cpr shoot`` / ``odds cpr autofire``: the options of ``cpr shoot`` /
``cpr autofire``, the odds of the library's cpr paths, and the resolving command's refusals."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.odds.api import odds
from firefight.rulesets.cpr.attack import RangedAttack, Shot
from firefight.rulesets.cpr.autofire import AutofireAttack
from firefight.rulesets.cpr.combatants import Target
from firefight.rulesets.cpr.odds.shot import CprView, cpr_default_data, cpr_stats
from firefight.rulesets.cpr.wounds import Health
from odds_support import assert_odds_mirror

runner = CliRunner()

PISTOL = ["--weapon", "medium-pistol", "--ref", "7", "--skill", "6", "--distance", "10"]
SMG = ["--weapon", "smg", "--ref", "7", "--skill", "6", "--distance", "10"]


def _json(args: list[str]) -> dict[str, object]:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def _stats(data: dict[str, object]) -> dict[str, float]:
    stats = data["stats"]
    assert isinstance(stats, dict)
    return {name: float(s["value"]) for name, s in stats.items()}


@pytest.mark.parametrize("command", ["shoot", "autofire"])
def test_odds_cpr_takes_exactly_the_options_of_the_resolving_command(command: str) -> None:
    """Every option of ``cpr shoot`` / ``cpr autofire`` but the dice is on ``odds cpr ...``,
    with the same flag, help and default; what the odds command adds is its own."""
    assert_odds_mirror("cpr", command)


def test_cpr_hit_1_c_1_odds_cpr_shoot_table_lists_miss_hit_damage_and_wound_states() -> None:
    """REF 7 + Handgun 6 against DV 15 at 10 m: a d10 of 2 ties and misses (CPR-HIT-1), a 1
    explodes down (C-1), so P(hit) is 80%; with --hp every wound state the target may be left
    in gets a row."""
    result = runner.invoke(app, ["odds", "cpr", "shoot", *PISTOL, "--hp", "40/40"])
    assert result.exit_code == 0, result.output
    for text in (
        "P(miss)",
        "P(hit)",
        "80.000%",
        "expected damage",
        "P(critical injury)",
        "P(left unhurt)",
        "P(left lightly wounded)",
        "P(left seriously wounded)",
        "P(left mortally wounded)",
        "likeliest",
    ):
        assert text in result.output, text
    assert "exact; nothing cut off" in result.output


def test_c_9_odds_cpr_shoot_json_wound_states_sum_to_one_and_a_miss_keeps_the_old_state() -> None:
    """C-9: light at 30/40 before the shot, so nobody is left unhurt; a miss (20%) leaves the
    target light, and the four states share all the probability."""
    data = _json(["odds", "cpr", "shoot", *PISTOL, "--hp", "30/40", "--json"])
    stats = _stats(data)
    assert data["method"] == "fast exact" and data["cut_off"] == 0.0
    assert stats["p_hit"] == pytest.approx(0.8, abs=1e-12)
    assert stats["p_left_unhurt"] == 0.0
    assert stats["p_left_light"] >= stats["p_miss"] == pytest.approx(0.2, abs=1e-12)
    states = ("unhurt", "light", "serious", "mortal")
    assert math.fsum(stats[f"p_left_{s}"] for s in states) == pytest.approx(1.0, abs=1e-12)
    outcomes = data["outcomes"]
    assert isinstance(outcomes, list)
    assert math.fsum(o["probability"] for o in outcomes) == pytest.approx(1.0, abs=1e-12)
    hit = next(o["outcome"] for o in outcomes if o["outcome"]["hits"])
    assert hit["shots"][0]["result"] == "hit" and "wound_state" in hit["shots"][0]
    action = data["action"]
    assert isinstance(action, dict) and action["shots"][0]["target"]["health"]["hp"] == 30


def test_c_5_odds_cpr_autofire_json_equals_the_library_and_generic_agrees() -> None:
    """C-5: the command reports what ``odds()`` computes for the same declaration, and the
    generic enumeration (--method generic) gives the same numbers."""
    args = ["odds", "cpr", "autofire", *SMG, "--armor", "11", "--hp", "30/30", "--json"]
    fast, slow = _json(args), _json([*args, "--method", "generic"])
    attack = AutofireAttack(
        weapon="smg",
        ref=7,
        skill=6,
        distance_m=10,
        target=Target(body_sp=11, health=Health(hp=30, max_hp=30)),
    )
    library = odds(None, attack)
    expected = {s.name: library.expected(s.read) for s in cpr_stats(attack)}
    assert fast["method"] == "fast exact" and slow["method"] == "exact"
    for name, value in expected.items():
        assert _stats(fast)[name] == pytest.approx(value, abs=1e-12), name
        assert _stats(slow)[name] == pytest.approx(value, abs=1e-12), name


def test_c_5_odds_cpr_autofire_monte_carlo_agrees_within_5_standard_errors() -> None:
    args = ["odds", "cpr", "autofire", *SMG, "--armor", "11", "--hp", "30/30", "--json"]
    exact = _stats(_json(args))
    sampled = _json([*args, "--method", "monte-carlo", "--samples", "200000", "--seed", "3"])
    assert sampled["samples"] == 200_000
    stats = sampled["stats"]
    assert isinstance(stats, dict)
    for name, value in exact.items():
        error = stats[name].get("standard_error", 0.0)
        assert abs(stats[name]["value"] - value) <= 5 * error + 1e-12, name


def test_odds_cpr_writes_a_csv_and_a_plot(tmp_path: Path) -> None:
    table, plot = tmp_path / "cpr.csv", tmp_path / "cpr.png"
    files = ["--csv", str(table), "--plot", str(plot)]
    result = runner.invoke(app, ["odds", "cpr", "shoot", *PISTOL, "--hp", "30/40", *files])
    assert result.exit_code == 0, result.output
    rows = {r["stat"]: r for r in csv.DictReader(table.read_text(encoding="utf-8").splitlines())}
    assert {"p_miss", "p_hit", "expected_damage", "p_critical_injury", "p_left_light"} <= set(rows)
    assert float(rows["p_hit"]["value"]) == pytest.approx(0.8, abs=1e-12)
    data = plot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000


def test_cpr_rof_1_two_shots_by_monte_carlo() -> None:
    """CPR-ROF-1: a ROF 2 pistol's two shots; P(hit) counts an attack with any shot landing,
    so it beats one shot's 80%."""
    sampled = ["--method", "monte-carlo", "--samples", "3000", "--seed", "1"]
    data = _json(["odds", "cpr", "shoot", *PISTOL, "--distance", "10", "--json", *sampled])
    assert data["method"] == "monte carlo"
    assert _stats(data)["p_hit"] > 0.9


@pytest.mark.parametrize(
    ("command", "extra", "start"),
    [
        ("autofire", ["--aim", "head"], "refused: CPR-AIM-1"),
        ("shoot", ["--distance", "900"], "refused: CPR-RNG-1"),
        ("shoot", ["--loaded", "0"], "refused: CPR-AMMO-1"),
        ("shoot", ["--hp", "50/40"], "refused: C-9"),
        ("shoot", ["--hp", "30"], "error: --hp: takes HP/MAX"),
        ("autofire", ["--armor", "nope"], "error: unknown cpr armor"),
    ],
)
def test_cpr_aim_1_cpr_rng_1_odds_cpr_refuses_with_the_resolving_commands_words(
    command: str, extra: list[str], start: str
) -> None:
    """CPR-AIM-1, CPR-RNG-1, CPR-AMMO-1, C-9: the same line and status as the resolving
    command, for refusals and for options it cannot read."""
    base = SMG if command == "autofire" else PISTOL
    if command == "shoot" and extra[0] == "--distance":
        base = PISTOL[:-2]
    resolving = runner.invoke(app, ["cpr", command, *base, *extra, "--seed", "1"])
    asking = runner.invoke(app, ["odds", "cpr", command, *base, *extra])
    assert resolving.exit_code == asking.exit_code == 2
    assert asking.output.startswith(start)
    assert asking.output == resolving.output


def test_c_9_wound_state_stats_only_with_one_target_of_known_hp() -> None:
    """C-9: no HP, no wound states; shots at two different targets have no one to report on."""
    bare = RangedAttack(
        weapon="medium-pistol", ref=7, skill=6, shots=(Shot(distance_m=10, target=Target()),)
    )
    names = {s.name for s in cpr_stats(bare)}
    assert "p_hit" in names and not any(n.startswith("p_left_") for n in names)
    ana = Target(name="Ana", health=Health(hp=9, max_hp=20))
    ben = Target(name="Ben", health=Health(hp=9, max_hp=20))
    split = RangedAttack(
        weapon="medium-pistol",
        ref=7,
        skill=6,
        shots=(Shot(distance_m=10, target=ana), Shot(distance_m=10, target=ben)),
    )
    assert not any(s.name.startswith("p_left_") for s in cpr_stats(split))
    one = RangedAttack(
        weapon="medium-pistol", ref=7, skill=6, shots=(Shot(distance_m=10, target=ana),)
    )
    dist = odds(cpr_default_data(), one)
    left = {s.name: dist.expected(s.read) for s in cpr_stats(one) if s.name.startswith("p_left")}
    assert left["p_left_unhurt"] == 0.0 and left["p_left_light"] == 0.0
    assert left["p_left_serious"] == pytest.approx(dist.probability(_missed_or_kept), abs=1e-12)


def _missed_or_kept(view: CprView) -> bool:
    from firefight.rulesets.cpr.odds.shot import _shots

    shot = _shots(view)[0]
    return bool(shot["result"] != "hit" or shot.get("wound_state") == "serious")


def test_c_12_cpr_ref_1_odds_on_the_dying_and_with_a_jamming_gun_take_the_generic_engine() -> None:
    """C-12: a hit on the mortally wounded rolls a critical of its own, and CPR-REF-1: a poor
    quality gun jams on a natural 1 -- neither fits the class enumeration, both still answer:
    P(hit) stays 80% (a natural 1 missed anyway), every hit on the dying is a critical.
    ``--method generic``: "exact" would sample these trees, too big for a second (DEC-471)."""
    generic = ("--method", "generic", "--depth", "0")
    dying = _stats(_json(["odds", "cpr", "shoot", *PISTOL, *generic, "--hp", "0/40", "--json"]))
    assert dying["p_hit"] == pytest.approx(0.8)
    assert dying["p_critical_injury"] == pytest.approx(0.8)
    assert dying["expected_hp_lost"] == pytest.approx(0.8 * (7 + 5))  # 2d6 and the bonus
    jams = _json(
        ["odds", "cpr", "shoot", *PISTOL, *generic, "--modifier", "poor-quality", "--json"]
    )
    assert _stats(jams)["p_hit"] == pytest.approx(0.8)
    assert jams["method"] != "fast exact"
