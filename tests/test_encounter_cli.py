"""``firefight encounter ...``, ``play`` and ``demo`` end to end on a temporary SQLite store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
WAREHOUSE = str(ROOT / "examples" / "warehouse.toml")


@pytest.fixture
def store(tmp_path: Path) -> list[str]:
    return ["--store", f"sqlite:///{tmp_path / 'fights.db'}"]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_a_whole_encounter_from_the_command_line(store: list[str]) -> None:
    """RMU-GEN-1, R-5, R-6: new (round 1, initiative), act, show, next-round, undo, log."""
    code, out, err = run(
        "encounter", "new", "night-raid", "--scenario", WAREHOUSE, "--rolls", "7,4,3,9,6,6", *store
    )
    assert code == 0, err
    assert "saved as night-raid" in out and "Initiative: Mara, then Viktor, then Jonah." in out

    code, out, err = run(
        "encounter",
        "act",
        "night-raid",
        "Mara shoots Viktor --ap 3 --prepared",
        "--rolls",
        "40,50",
        "--trace",
        *store,
    )
    assert code == 0, err
    assert "attack total" in out and "Mara fires the glock at Viktor" in out

    code, out, _ = run("encounter", "show", "night-raid", "--json", *store)
    state = json.loads(out)
    mara = next(c for c in state["combatants"] if c["name"] == "Mara")
    assert mara["stats"]["vitals"]["ap_left"] == 0
    assert mara["weapons"][0]["loaded"]["rounds"] == 16
    assert mara["total_penalty"] == 0 and state["round"] == 1

    code, out, err = run("encounter", "show", "night-raid", *store)
    assert code == 0 and "Mara" in out and "BA II" in out

    code, out, err = run("encounter", "next-round", "night-raid", "--seed", "3", "--force", *store)
    assert code == 0 and "Round 2 begins" in out and "dice: seed 3" in out

    code, out, err = run("encounter", "undo", "night-raid", *store)
    assert code == 0 and "undone: #3 round 2" in out

    code, out, _ = run("encounter", "log", "night-raid", "--json", *store)
    log = json.loads(out)
    assert [r["kind"] for r in log["records"]] == ["round", "action", "round", "undo"]
    assert log["records"][2]["undone_by"] == 4
    assert log["records"][1]["dice"] == {"source": "scripted", "used": [40, 50]}

    code, out, _ = run("encounter", "log", "night-raid", "--trace", *store)
    assert "#4 undo #3: round 2" in out and "attack roll" in out

    code, out, _ = run("encounter", "list", "--json", *store)
    assert [e["name"] for e in json.loads(out)["encounters"]] == ["night-raid"]


def test_refusal_is_one_line_and_writes_nothing(store: list[str]) -> None:
    """ENC-SCENE / RMU-GEN-1: a refused action exits 2 with the rule, and the log is unchanged."""
    run("encounter", "new", "raid", "--scenario", WAREHOUSE, "--seed", "1", *store)
    code, out, err = run("encounter", "act", "raid", "Marra shoots Viktor", *store)
    assert code == 2 and out == ""
    assert err.strip() == (
        "refused: ENC-SCENE: Nobody called 'Marra' is in the scene; did you mean 'Mara'?"
    )
    code, out, err = run("encounter", "act", "raid", "Lev shoots Mara", "--rolls", "50", *store)
    assert code == 2 and "R-5" in err
    _, out, _ = run("encounter", "log", "raid", "--json", *store)
    assert len(json.loads(out)["records"]) == 1
    code, _, err = run("encounter", "show", "raidd", *store)
    assert code == 2 and "did you mean 'raid'?" in err


def test_export_then_import_round_trips(store: list[str], tmp_path: Path) -> None:
    run("encounter", "new", "raid", "--scenario", WAREHOUSE, "--seed", "1", *store)
    run("encounter", "act", "raid", "Jonah waits", "--force", *store)
    code, exported, err = run("encounter", "export", "raid", *store)
    assert code == 0, err
    path = tmp_path / "raid.json"
    path.write_text(exported)
    code, out, err = run("encounter", "import", str(path), "--name", "raid-copy", *store)
    assert code == 0, err
    _, a, _ = run("encounter", "show", "raid", "--json", *store)
    _, b, _ = run("encounter", "show", "raid-copy", "--json", *store)
    assert {**json.loads(a), "encounter": "x"} == {**json.loads(b), "encounter": "x"}
    code, out, _ = run("encounter", "delete", "raid-copy", *store)
    assert code == 0 and "deleted raid-copy" in out
    _, out, _ = run("encounter", "list", "--json", *store)
    assert [e["name"] for e in json.loads(out)["encounters"]] == ["raid"]


def test_import_refuses_a_key_given_twice(store: list[str], tmp_path: Path) -> None:
    """DEC-886: a doubled key in an export is refused with the file, line and key, not read as
    the last one given; nothing is stored."""
    run("encounter", "new", "raid", "--scenario", WAREHOUSE, "--seed", "1", *store)
    _, exported, _ = run("encounter", "export", "raid", *store)
    lines = exported.splitlines()
    at = next(n for n, text in enumerate(lines) if '"name": "raid"' in text)
    lines.insert(at + 1, '  "name": "raid-two",')
    path = tmp_path / "raid.json"
    path.write_text("\n".join(lines))
    code, out, err = run("encounter", "import", str(path), "--name", "raid-copy", *store)
    assert code == 2 and out == ""
    assert f"{path}, line {at + 2}: the key 'name' is given twice in one object; keep one" in err
    _, out, _ = run("encounter", "list", "--json", *store)
    assert [e["name"] for e in json.loads(out)["encounters"]] == ["raid"]


def test_dec_928_a_byte_order_mark_before_a_file_is_not_its_text(
    store: list[str], tmp_path: Path
) -> None:
    """DEC-928: an export or scenario saved by an editor that writes a UTF-8 byte-order mark
    first was refused "JSON syntax: Unexpected UTF-8 BOM (decode using utf-8-sig)" (TOML:
    "Invalid statement"); the mark is no part of the text and is read past. A doubled key in
    such a file is still refused on its own line; a lone record is told in the singular."""
    scenario = tmp_path / "raid.toml"
    scenario.write_bytes(b"\xef\xbb\xbf" + Path(WAREHOUSE).read_bytes())
    code, _, err = run(
        "encounter", "new", "raid", "--scenario", str(scenario), "--seed", "1", *store
    )
    assert code == 0, err
    _, exported, _ = run("encounter", "export", "raid", *store)
    path = tmp_path / "raid.json"
    path.write_bytes(b"\xef\xbb\xbf" + exported.encode())
    code, out, err = run("encounter", "import", str(path), "--name", "copy", *store)
    assert code == 0 and "imported copy (1 record)" in out, err
    path.write_bytes(b"\xef\xbb\xbf" + exported.replace("{", '{"name": "x",', 1).encode())
    code, _, err = run("encounter", "import", str(path), "--name", "again", *store)
    assert code == 2 and "line 4: the key 'name' is given twice" in err


def test_scenario_errors_name_the_field_and_line(tmp_path: Path, store: list[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(Path(WAREHOUSE).read_text().replace("hits = 60", "hits = -5"))
    code, _, err = run("encounter", "new", "x", "--scenario", str(bad), *store)
    assert code == 2
    line = next(
        n for n, text in enumerate(bad.read_text().splitlines(), start=1) if "hits = -5" in text
    )
    assert f"combatant 2 (Jonah), hits (line {line}): Input should be greater than 0" in err


def test_play_prints_the_narrated_itemized_log_and_json_is_byte_stable() -> None:
    code, out, err = run("play", WAREHOUSE)
    assert code == 0, err
    assert "#12 undo #11: Jonah shoots Lev --ap 3" in out
    assert "breakage check" in out and "Jonah falls unconscious." in out
    first = run("play", WAREHOUSE, "--json")[1]
    assert first == run("play", WAREHOUSE, "--json")[1]
    data = json.loads(first)
    assert data["encounter"] is None and data["state"]["round"] == 4


def test_play_can_save_and_the_game_goes_on(store: list[str]) -> None:
    code, out, err = run("play", WAREHOUSE, "--save", "kept", "--no-trace", *store)
    assert code == 0, err
    assert "saved as kept" in out
    code, out, err = run("encounter", "act", "kept", "Mara stands-up", *store)
    assert code == 0, err
    assert "Mara stands up." in out


def test_demo_plays_into_the_default_store_and_says_how_to_continue(home: Path) -> None:
    """``make run``: the warehouse raid saved under a fresh name, and the commands to go on,
    each of which runs as printed (the round left open is ended with --force: ENC-ROUND-END,
    DEC-411)."""
    code, out, err = run("demo")
    assert code == 0, err
    assert "Saved as warehouse-raid-1 in sqlite:///" in out and str(home) in out
    assert "firefight encounter show warehouse-raid-1" in out
    assert "firefight encounter next-round warehouse-raid-1 --force\n" in out
    code, out, _ = run("demo")
    assert "warehouse-raid-2" in out
    code, out, err = run("encounter", "act", "warehouse-raid-1", "Mara reloads")
    assert code == 0, err
    assert "Mara reloads the glock" in out
    # ENC-ROUND-END: the script stops mid-round, so the line offered to end it is forced,
    # and it runs as printed.
    code, out, err = run("encounter", "next-round", "warehouse-raid-1")
    assert code == 2 and "ENC-ROUND-END" in err
    code, out, err = run("encounter", "next-round", "warehouse-raid-1", "--force")
    assert code == 0, err


def test_the_table_settings_are_shown_and_reset_keeping_the_fight(store: list[str]) -> None:
    """DEC-888, DEC-924: `encounter table` shows the web table's settings as kept; --reset
    clears them to the defaults and leaves the log as it was."""
    from firefight.store import open_store

    run("encounter", "new", "raid", "--scenario", WAREHOUSE, "--seed", "1", *store)
    code, out, err = run("encounter", "table", "raid", *store)
    assert code == 0 and out == "raid: the table was never set (everyone shown, players watching)\n"
    with open_store(store[1]) as kept:
        kept.put_table_settings("raid", {"hidden": ["Lev"], "opened": [], "players_act": True})
    code, out, err = run("encounter", "table", "raid", *store)
    assert code == 0 and out.splitlines() == ['hidden: ["Lev"]', "opened: []", "players_act: true"]
    # A damaged row is shown as kept, and said to be damaged with the way out (DEC-888).
    with open_store(store[1]) as kept:
        kept.put_table_settings("raid", {"hidden": "Lev", "opened": [], "players_act": True})
    code, out, err = run("encounter", "table", "raid", *store)
    assert code == 2 and out.splitlines()[0] == 'hidden: "Lev"'
    assert "table settings (who the players see, whether they declare and roll) are damaged" in err
    assert "hidden is 'Lev', not a list of names" in err and "table raid --reset" in err
    code, out, err = run("encounter", "table", "raid", "--reset", *store)
    assert code == 0
    assert out == "raid: table settings cleared (everyone shown, players watching)\n"
    code, out, err = run("encounter", "table", "raid", "--reset", *store)
    assert code == 0 and err == ""
    assert out == "raid: the table was never set; nothing to clear\n"
    _, out, _ = run("encounter", "log", "raid", "--json", *store)
    assert len(json.loads(out)["records"]) == 1


@pytest.mark.parametrize(
    "command",
    [
        ("encounter", "list"),
        ("encounter", "show", "raid"),
        ("encounter", "undo", "raid"),
        ("encounter", "table", "raid"),
        ("encounter", "act", "raid", "Mara shoots Viktor"),
    ],
)
def test_dec_932_a_mistyped_store_is_said_and_not_made(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """DEC-932: `--store sqlite:///fights.bd` (a slip for fights.db) left an empty store there
    and answered only that no encounter is called raid. A command that reads or changes an
    encounter names the missing file and makes none; `new` still starts a store there."""
    missing = tmp_path / "fights.bd"
    code, _, err = run(*command, "--store", f"sqlite:///{missing}")
    assert code == 2
    assert f"no store at '{missing}': nothing was ever saved there; check the path" in err
    assert not missing.exists()
    code, out, err = run(
        "encounter", "new", "raid", "--scenario", WAREHOUSE, "--seed", "1",
        "--store", f"sqlite:///{missing}",
    )  # fmt: skip
    assert code == 0, err
    assert missing.is_file()
    code, out, err = run("encounter", "list", "--store", f"sqlite:///{missing}")
    assert code == 0 and "raid" in out
