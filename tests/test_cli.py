"""The command line: human and JSON output, refusals, determinism, tables."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from table_support import critical_markdown

runner = CliRunner()

SHOT = [
    "rmu",
    "shoot",
    "--weapon",
    "glock-17",
    "--ob",
    "65",
    "--distance",
    "40",
    "--armor",
    "BA II",
    "--cover",
    "half:hard",
]


def test_shoot_human_output_shows_the_trace() -> None:
    result = runner.invoke(app, [*SHOT, "--rolls", "77,42"])
    assert result.exit_code == 0, result.output
    assert "recoil, shot not prepared" in result.output
    assert "half hard cover (hard SG & ME 1-6)" in result.output
    assert "MISS" in result.output
    assert "1 scripted die was not needed: [42]" in result.output


def test_shoot_json_is_byte_identical_for_the_same_seed() -> None:
    first = runner.invoke(app, [*SHOT, "--seed", "11", "--json"])
    second = runner.invoke(app, [*SHOT, "--seed", "11", "--json"])
    assert first.exit_code == 0
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["dice"] == {"source": "seeded", "seed": 11, "used": [58]}
    assert data["action"]["name"] == "aimed-shot"
    assert data["action"]["declaration"]["weapon"] == "glock-17"
    assert list(data) == ["ruleset", "action", "dice", "result", "events", "trace"]


def test_shoot_json_same_rolls_same_bytes_and_documented_fields() -> None:
    args = [*SHOT[:-2], "--ob", "120", "--prepared", "--rolls", "60,30,50", "--json"]
    first = runner.invoke(app, args)
    assert first.stdout == runner.invoke(app, args).stdout
    data = json.loads(first.stdout)
    result = data["result"]
    assert result["outcome"] == "hit" and result["location"] == "abdomen"
    types = [e["type"] for e in data["events"]]
    # the abdomen is under the BA II, so the Impact cell's breakage check is rolled (RMU-BRK-1)
    assert types == [
        "ActionPointsSpent",
        "RoundsFired",
        "HitsInflicted",
        "CriticalInflicted",
        "BreakageTaken",
    ]
    assert [e["type"] for e in data["trace"]][:2] == ["step", "step"]


def test_refusal_is_one_line_with_the_rule_and_exit_2() -> None:
    result = runner.invoke(app, [*SHOT[:6], "--distance", "400", "--rolls", "50"])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert lines == [
        "refused: RMU-GEN-4: The Glock 17 does not reach 400 ft: its last band ends at 150 ft."
    ]


def test_prepared_shot_without_the_ap_is_refused() -> None:
    result = runner.invoke(app, [*SHOT, "--prepared", "--ap-left", "3", "--rolls", "50"])
    assert result.exit_code == 2
    assert result.stderr.startswith("refused: RMU-GEN-3: A prepared shot needs 1 AP")


def test_unknown_weapon_suggests_close_names() -> None:
    result = runner.invoke(
        app, ["rmu", "shoot", "--weapon", "glock17", "--ob", "5", "--distance", "5"]
    )
    assert result.exit_code == 2
    assert "--weapon: 'glock17' is not one of glock-17" in result.stderr
    assert "Did you mean 'glock-17'?" in result.stderr


def test_bad_rolls_option_is_a_clear_error() -> None:
    for typed in ("77,x", "77,\u00b2"):
        result = runner.invoke(app, [*SHOT, "--rolls", typed])
        assert result.exit_code == 2
        assert "--rolls takes whole die faces" in result.stderr


def test_weapons_catalog() -> None:
    result = runner.invoke(app, ["weapons", "--ruleset", "rmu", "--json"])
    assert result.exit_code == 0
    keys = [w["key"] for w in json.loads(result.stdout)["weapons"]]
    assert keys == [
        "glock-17",
        "zastava-m85-folded",
        "zastava-m85-stock",
        "sks-46",
        "m2hb",
        "benelli-m4",
        "browning-bar",
    ]


def test_tables_list_show_and_check() -> None:
    listed = json.loads(runner.invoke(app, ["tables", "list", "--json"]).stdout)
    names = {t["name"]: t for t in listed["tables"]}
    assert names["ballistic-puncture"]["provisional"] is False
    assert names["firearm-9mm"]["provisional"] is True
    shown = runner.invoke(app, ["tables", "show", "firearm-9mm"])
    assert shown.exit_code == 0 and "173-175" in shown.stdout
    checked = runner.invoke(app, ["tables", "check"])
    assert checked.exit_code == 0 and "ok rmu" in checked.stdout


def test_malformed_user_table_names_the_file_and_the_row(home: Path) -> None:
    folder = home / "tables" / "rmu"
    folder.mkdir(parents=True)
    bad = folder / "firearm-9mm.toml"
    bad.write_text(
        '[table]\nname = "firearm-9mm"\nkind = "attack"\ntitle = "t"\nsource = "mine"\n'
        'provisional = false\ncolumns = ["AT 1"]\n'
        '[[rows]]\nlow = 65\nhigh = 67\ncells = ["1"]\n'
        '[[rows]]\nlow = 68\nhigh = 70\ncells = ["two"]\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, [*SHOT, "--rolls", "50"])
    assert result.exit_code == 2
    assert f"error: {bad}, row 2 (68-70): cell 'two' is not hits" in result.stderr
    assert runner.invoke(app, ["tables", "check"]).exit_code == 2


def test_tables_import_replaces_a_shipped_table(tmp_path: Path, home: Path) -> None:
    cells = " | ".join(f"{s}My own words for this.+{i + 1}H" for i, s in enumerate("ABCDE"))
    md = critical_markdown("My Puncture", cells)
    src = tmp_path / "mine.md"
    src.write_text(md, encoding="utf-8")
    result = runner.invoke(app, ["tables", "import", str(src), "--as", "ballistic-puncture"])
    assert result.exit_code == 0, result.output
    assert (home / "tables" / "rmu" / "ballistic-puncture.toml").exists()
    listed = json.loads(runner.invoke(app, ["tables", "list", "--json"]).stdout)
    origin = {t["name"]: t["origin"] for t in listed["tables"]}["ballistic-puncture"]
    assert origin.endswith("ballistic-puncture.toml")
    shot = runner.invoke(
        app, [*SHOT[:-4], "--ob", "120", "--prepared", "--rolls", "60,50", "--json"]
    )
    summary = json.loads(shot.stdout)["result"]
    assert summary["location"] == "arm"  # 60: 56-65 arm, the bands of RMU-BP-1
    assert summary["severity"] == "E"
    assert summary["effects"]["hits"] == 5  # an E critical on the imported table: +5H


def test_demo_runs() -> None:
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0, result.output
    assert "firefight demo" in result.stdout


def test_rolls_then_ask_for_the_rest() -> None:
    args = [*SHOT[:-4], "--ob", "120", "--prepared", "--rolls", "60", "--ask", "--json"]
    result = runner.invoke(app, args, input="30\n")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{") :])
    assert data["dice"] == {
        "source": "scripted",
        "rolls": [60],
        "then": "asked",
        "used": [60, 30],
    }
    assert data["result"]["critical_roll"] == 30  # the asked die
    assert data["result"]["attack_total"] == 170


def test_seed_cannot_be_combined_with_rolls() -> None:
    result = runner.invoke(app, [*SHOT, "--rolls", "50", "--seed", "3"])
    assert result.exit_code == 2
    assert "--seed cannot be combined" in result.stderr


def test_python_dash_m_firefight_runs_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`python -m firefight ...` (a checkout with no script installed) said "firefight is a
    package and cannot be directly executed"; it runs the command line as `firefight` does."""
    monkeypatch.setattr(sys, "argv", ["firefight", "weapons", "--ruleset", "rmu"])
    with pytest.raises(SystemExit) as done:
        runpy.run_module("firefight", run_name="__main__")
    assert done.value.code in (0, None) and "glock-17" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["gurps", "reload", "--weapon", "revolver-38", "--rounds", "1"],
        ["rmu", "stake", "--ob", "20", "--untroubled"],
        ["cpr", "explode", "--weapon", "grenade launcher", "--placed", "--at", "26,3",
         "--target", "Ana:18,1:sp=11"],
    ],
)  # fmt: skip
def test_no_seed_to_repeat_when_no_die_was_rolled(argv: list[str]) -> None:
    """docs/gurps.md's `reload --rounds 1`, docs/rmu.md's `stake --untroubled` and docs/cpr.md's
    placed blast that catches nobody roll nothing: no "repeat with --seed" line promising dice;
    a command that rolls still prints the seed it drew."""
    quiet = runner.invoke(app, argv)
    assert quiet.exit_code == 0, quiet.output
    assert "dice: seed" not in quiet.output
    rolled = runner.invoke(app, ["rmu", "shoot", "--weapon", "glock-17", "--ob", "65",
                                 "--distance", "40", "--seed", "7"])  # fmt: skip
    assert "dice: seed 7 (repeat with --seed 7)" in rolled.output


def test_a_ruleset_without_a_groups_commands_is_named_with_the_group_s_words() -> None:
    """`odds sweep cpr` (no cpr sweeps) said "cpr has no 'python -m firefight odds sweep'
    commands" when run as a module: the group is named by its own words alone."""
    result = runner.invoke(app, ["odds", "sweep", "cpr", "shoot"], prog_name="python -m firefight")
    assert result.exit_code == 2
    assert "cpr has no 'odds sweep' commands; these do: cards, gurps, rmu." in result.output
