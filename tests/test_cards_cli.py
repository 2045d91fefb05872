"""``firefight cards ...`` and ``firefight odds cards ...``: card names as dice, the shared JSON
shape, refusals naming the rule (CRD-MODE-1, CRD-RNG-1), odds and sweeps."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app

runner = CliRunner()


def _json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert isinstance(payload, dict)
    return payload


def _refused(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    return result.output


def test_crd_mode_2_g11_burst_from_the_command_line() -> None:
    """CRD-MODE-2: the G11 in BF draws 4 named cards against Target 7 (Medium 6, +1)."""
    payload = _json(
        "cards",
        "shoot",
        "--weapon",
        "hk-g11",
        "--skill",
        "3",
        "--distance",
        "150",
        "--mode",
        "BF",
        "--rolls",
        "KS,7H,2C,3D,5C",
    )
    summary = payload["result"]
    assert isinstance(summary, dict)
    assert summary["cards"] == ["KS", "7H", "2C", "3D"]
    assert (summary["target"], summary["successes"], summary["wound"]["damage"]) == (7, 2, 10)
    assert payload["ruleset"] == "cards"
    assert payload["dice"] == {"source": "scripted", "cards": ["KS", "7H", "2C", "3D", "5C"]}
    action = payload["action"]
    assert isinstance(action, dict) and action["type"] == "shoot"


def test_crd_hit_1_one_success_is_one_success_in_the_headline() -> None:
    """CRD-HIT-1: the Glock 22 at 20 m, walking at a sprinter, draws 9S, KD, 2C against
    Target 13: one success, 2 Yellow. The headline said "1 successes", as the odds once did;
    a fifth card, never drawn, is named as one (D-3)."""
    shot = "cards shoot --weapon glock-22 --skill 3 --distance 20 --moving walking"
    result = runner.invoke(
        app, [*shot.split(), "--target-moving", "sprinting", "--rolls", "9S,KD,2C,4H,3C"]
    )
    assert result.exit_code == 0, result.output
    assert "1 success: 2 Yellow damage recorded." in result.output
    assert "1 successes" not in result.output
    assert "note: 1 scripted card was not needed: ['3C']" in result.output  # D-3


def test_seeded_shots_repeat() -> None:
    args = ("cards", "shoot", "--weapon", "glock-22", "--skill", "4", "--distance", "12")
    first = _json(*args, "--seed", "11")
    assert _json(*args, "--seed", "11")["result"] == first["result"]


def test_refusals_name_the_rule() -> None:
    """CRD-MODE-1 and CRD-RNG-1 refusals: one line naming the rule, status 2."""
    g11 = ("cards", "shoot", "--weapon", "hk-g11", "--skill", "3")
    assert "CRD-MODE-1" in _refused(*g11, "--distance", "150", "--mode", "FA", "--called")
    assert "CRD-MODE-1" in _refused(*g11, "--distance", "150", "--mode", "FA", "--loaded", "5")
    assert "CRD-RNG-1" in _refused(*g11, "--distance", "401", "--mode", "BF")
    assert "CRD-MODE-1" in _refused(
        "cards",
        "shoot",
        "--weapon",
        "ruger-blackhawk",
        "--skill",
        "2",
        "--distance",
        "5",
        "--needs-cocking",
    )
    assert "CRD-MOD-1" in _refused(*g11, "--distance", "150", "--aim", "11")


def test_bad_card_names_are_input_errors() -> None:
    result = runner.invoke(
        app,
        [
            "cards",
            "shoot",
            "--weapon",
            "glock-22",
            "--skill",
            "1",
            "--distance",
            "3",
            "--rolls",
            "XX",
        ],
    )
    assert result.exit_code == 2
    assert "'XX' is neither a die face nor a card" in result.output


def test_k_2_react_and_reload() -> None:
    """K-2 from the command line; a reload refills the listed magazine (CRD-WPN-1)."""
    payload = _json(
        "cards",
        "react",
        "--who",
        "Ann",
        "--who",
        "Bob",
        "--reflex",
        "1",
        "--reflex",
        "2",
        "--rolls",
        "4H,JS",
    )
    summary = payload["result"]
    assert isinstance(summary, dict)
    assert summary["order"] == [["Bob"], ["Ann"]]
    reload = _json("cards", "reload", "--weapon", "sw-29", "--loaded", "1")
    summary = reload["result"]
    assert isinstance(summary, dict) and summary["loaded"] == 6


def test_k_2_one_value_short_is_counted_in_the_singular() -> None:
    """K-2: a reaction needs two at least; one was refused as "1 values"."""
    said = _refused("cards", "react", "--who", "Ann", "--reflex", "2", "--rolls", "7S")
    assert "--who: given once; give --who 2 times or more, once for each." in said


def test_odds_cards_shoot_is_exact() -> None:
    """Odds before drawing: hypergeometric, every stat named."""
    payload = _json(
        "odds", "cards", "shoot", "--weapon", "glock-22", "--skill", "3", "--distance", "10"
    )
    assert payload["method"] == "fast exact"
    stats = payload["stats"]
    assert isinstance(stats, dict)
    assert {"p_hit", "expected_damage", "p_knockdown", "p_down", "p_3_successes"} <= set(stats)


def test_odds_sweep_cards_shoot() -> None:
    """A sweep over skill x distance x mode, past Extreme refused point by point."""
    payload = _json(
        "odds",
        "sweep",
        "cards",
        "shoot",
        "--weapon",
        "hk-g11",
        "--skill",
        "2,3",
        "--distance",
        "50,450",
        "--mode",
        "BF,FA",
    )
    rows = payload["rows"]
    assert isinstance(rows, list) and len(rows) == 8
    assert sum(1 for r in rows if r["refused"]) == 4
    assert all("CRD-RNG-1" in r["refused"] for r in rows if r["distance"] == 450)


def test_d_4_asked_cards() -> None:
    """D-4 with --ask: each card turned over is asked for by name; a card not in the deck is
    asked again."""
    result = runner.invoke(
        app,
        [
            "cards",
            "shoot",
            "--weapon",
            "glock-22",
            "--skill",
            "3",
            "--distance",
            "10",
            "--ask",
            "--json",
        ],
        input="KS\n2C\n2C\n3D\n5H\n",
    )
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output[result.output.index("{") :])
    assert payload["result"]["cards"] == ["KS", "2C", "3D"]
    assert payload["dice"] == {"source": "asked"}


def test_crd_rng_1_a_sweep_csv_keeps_every_column_when_its_first_point_is_refused(
    tmp_path: Path,
) -> None:
    """CRD-RNG-1: past Extreme the first point is refused; the CSV has every stat column and the
    reason last, and its numbers are the JSON's."""
    out = tmp_path / "sweep.csv"
    args = ["odds", "sweep", "cards", "shoot", "--weapon", "hk-g11", "--skill", "3"]
    args += ["--distance", "450,50", "--mode", "FA"]
    result = runner.invoke(app, [*args, "--csv", str(out)])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.read_text(encoding="utf-8").splitlines()))
    assert [r["distance"] for r in rows] == ["450", "50"]
    assert "CRD-RNG-1" in rows[0]["refused"] and rows[0]["p_hit"] == ""
    assert rows[1]["refused"] == ""
    printed = _json(*args)["rows"]
    assert isinstance(printed, list)
    assert float(rows[1]["p_hit"]) == pytest.approx(printed[1]["p_hit"], abs=1e-6)
    assert 0 < float(rows[1]["p_hit"]) < 1


def test_dec_819_a_gms_modifier_is_added_to_the_target() -> None:
    """DEC-819, CRD-MOD-1: `--mod VALUE:LABEL` (rmu's and cpr's option, read by the same parser)
    is added to the Target as the table's modifiers are, +2 making the shot harder, and the
    trace lists it by its label; the odds take it; a malformed one is refused naming --mod."""
    shot = ["cards", "shoot", "--weapon", "glock-22", "--skill", "3", "--distance", "10"]

    def target(*extra: str) -> tuple[int, list[tuple[int, str]]]:
        trace = _json(*shot, *extra, "--rolls", "2C,3D,4H")["trace"]
        assert isinstance(trace, list)
        total = trace[0]
        assert total["label"] == "Target"
        return total["value"], [(p["value"], p["label"]) for p in total["parts"]]

    plain, _ = target()
    modified, parts = target("--mod", "+2:smoke", "--mod", "-1:spotter")
    assert modified == plain + 1
    assert parts[-2:] == [(2, "smoke"), (-1, "spotter")]
    hit = []
    for extra in ([], ["--mod", "+3"]):
        stats = _json("odds", *shot, *extra)["stats"]
        assert isinstance(stats, dict)
        hit.append(stats["p_hit"]["value"])
    assert hit[1] < hit[0]
    assert (
        "--mod: takes VALUE:LABEL with VALUE -99 to 99, e.g. '+1:smoke', not 'smoke'."
        in _refused(*shot, "--mod", "smoke", "--rolls", "2C,3D,4H")
    )


def test_dec_909_the_cards_weapons_json_gives_numbers_as_numbers() -> None:
    """DEC-909: `weapons -r cards --json` gave the magazine, R/C, conceal and load as strings
    ("ammo": "12"), so a program reading it had to parse them back. They are numbers; the
    table prints them as before, and the other rulesets' listings are unchanged."""
    runner = CliRunner()
    listed = runner.invoke(app, ["weapons", "--ruleset", "cards", "--json"])
    assert listed.exit_code == 0, listed.output
    glock = next(w for w in json.loads(listed.stdout)["weapons"] if w["key"] == "glock-22")
    assert (glock["ammo"], glock["R/C"], glock["conceal"], glock["load"]) == (15, 0, 9, 75)
    assert glock["modes"] == "SA" and glock["range row"] == "pistol"
    table = runner.invoke(app, ["weapons", "--ruleset", "cards"])
    assert table.exit_code == 0 and "Glock 22" in table.output
    gurps = runner.invoke(app, ["weapons", "--ruleset", "gurps", "--json"])
    assert json.loads(gurps.stdout)["weapons"][0]["shots"] == "6"
