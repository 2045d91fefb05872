"""Issue 12's reproductions, one test each: hostile numbers, files, names, imports, tables,
store faults and runaway work end in one line and exit 2 (or a library error), never a
traceback, and change nothing."""

from __future__ import annotations

import copy
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from firefight.dice import Dice
from firefight.errors import FirefightError
from firefight.files import read_json, read_text
from firefight.geometry import Point
from firefight.limits import MAX_POOL_DICE, LimitError, clean_name
from firefight.odds.api import odds
from firefight.odds.fights import simulate_fights
from firefight.odds.sweep import sweep
from firefight.probability.montecarlo import simulate
from firefight.rulesets.rmu.shot import AimedShot
from firefight.store.base import StoreError
from firefight.store.sql import open_store
from firefight.text import printable
from hostile_support import WAREHOUSE, assert_clean_exit, run, store_bytes
from table_support import critical_markdown

# --- helpers ----------------------------------------------------------------------------------


def refused(*args: str, says: str = "") -> str:
    """Run the command; it must exit 2 with one line on stderr (containing ``says``)."""
    result = run(*args)
    assert_clean_exit(result, allowed=(2,))
    assert says in result.stderr, result.stderr
    return result.stderr


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "fights.db"


def store_opt(db: Path) -> list[str]:
    return ["--store", f"sqlite:///{db}"]


@pytest.fixture
def raid(db: Path) -> Path:
    """An encounter "raid" (the warehouse) in a fresh store."""
    result = run(
        "encounter", "new", "raid", "--scenario", str(WAREHOUSE), "--seed", "1", *store_opt(db)
    )
    assert result.exit_code == 0, result.stderr
    return db


def warehouse_text(**swap: str) -> str:
    text = WAREHOUSE.read_text(encoding="utf-8")
    for old, new in swap.items():
        assert old in text
        text = text.replace(old, new, 1)
    return text


# --- non-finite and huge numbers --------------------------------------------------------------

GLOCK = ["rmu", "shoot", "--weapon", "glock-17", "--ob", "65"]
HEAVY = ["--ref", "7", "--skill", "6"]
RAPID = ["rmu", "rapid-fire", "--weapon", "zastava-m85-stock", "--ob", "70", "--share", "70"]
SUPPRESS = ["rmu", "suppress", "--weapon", "glock-17", "--distance", "60", "--width", "15"]
THROW = ["cpr", "throw", "--weapon", "knife", "--dex", "6", "--athletics", "4"]
EXPLODE = ["cpr", "explode", "--weapon", "grenade", "--placed"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ([*GLOCK, "--distance", "inf", "--rolls", "50"], "RMU-GEN-4"),
        ([*GLOCK, "--distance", "nan", "--rolls", "50"], "RMU-GEN-4"),
        (
            [*RAPID, "--target", "Bob:inf,0", "--rolls", "50,50"],
            "--target",
        ),
        (
            [*SUPPRESS, "--bearing", "nan"],
            "bearing",
        ),
        (
            [*SUPPRESS, "--at", "inf,0"],
            "",
        ),
        (
            ["cpr", "shoot", "--weapon", "heavy pistol", *HEAVY, "--distance", "inf"],
            "CPR-RNG-1: --distance: takes a finite number",
        ),
        (
            ["cpr", "autofire", "--weapon", "smg", *HEAVY, "--distance", "inf"],
            "CPR-RNG-1: --distance: takes a finite number",
        ),
        (
            [*THROW, "--distance", "inf"],
            "",
        ),
        (["cpr", "shotgun-shells", *HEAVY, "--toward", "nan,nan"], "finite"),
        ([*EXPLODE, "--at", "nan,0", "--target", "Ana:1,1"], "finite"),
        ([*EXPLODE, "--at", "inf,0", "--target", "Ana:1,1"], "finite"),
    ],
)
def test_non_finite_numbers_on_the_command_line_are_refused(args: list[str], says: str) -> None:
    refused(*args, says=says)


def test_a_place_outside_the_scene_limit_is_refused_where_it_is_made() -> None:
    with pytest.raises(LimitError, match="finite number within"):
        Point(x_ft=float("inf"), y_ft=0)
    with pytest.raises(LimitError):
        Point(x_ft=0, y_ft=2e6)
    assert Point(x_ft=-1e6, y_ft=1e6).x_ft == -1e6


@pytest.mark.parametrize(
    "line",
    [
        "Mara moves " + "9" * 400 + ",0",
        "Mara waits --ap " + "9" * 5000,
        "Mara shoots Viktor --ap 3 --mod " + "9" * 5000 + ":luck",
        "Mara\x1b[2J shoots Viktor",
        "Mara waits --ap 1\x07",
    ],
)
def test_hostile_action_lines_are_refused_and_change_nothing(raid: Path, line: str) -> None:
    before = store_bytes(raid)
    refused("encounter", "act", "raid", line, "--seed", "1", *store_opt(raid))
    assert store_bytes(raid) == before


@pytest.mark.parametrize(
    ("swap", "says"),
    [
        ({"position = [0, 0]": "position = [1e308, 0]"}, "position"),
        ({"position = [0, 0]": "position = [inf, 0]"}, "position"),
        ({"position = [0, 0]": "position = [2000000, 0]"}, "position"),
        ({"bmr_ft = 20": "bmr_ft = 1e-300"}, "bmr_ft"),
        ({"hits = 55": "hits = " + "9" * 40}, "hits"),
    ],
)
def test_scenario_numbers_out_of_bounds_are_refused_at_load(
    tmp_path: Path, db: Path, swap: dict[str, str], says: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(warehouse_text(**swap), encoding="utf-8")
    err = refused("encounter", "new", "x", "--scenario", str(path), *store_opt(db), says=says)
    assert str(path) in err
    assert store_bytes(db) == b"" or "encounters" in store_bytes(db).decode()


def test_the_scenario_fixture_text_holds_the_swapped_keys() -> None:
    text = WAREHOUSE.read_text(encoding="utf-8")
    assert "position = [0, 0]" in text and "bmr_ft = 20" in text and "hits = 55" in text


# --- files ------------------------------------------------------------------------------------


def test_a_non_utf8_scenario_names_the_file_and_line(tmp_path: Path, db: Path) -> None:
    path = tmp_path / "binary.toml"
    path.write_bytes(b"[scenario]\ntitle = 'x'\n\xff\xfe\x00junk\n")
    err = refused("encounter", "new", "x", "--scenario", str(path), *store_opt(db))
    assert str(path) in err and "line 3" in err and "UTF-8" in err


def test_deeply_nested_toml_and_json_name_the_file(tmp_path: Path, db: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    err = refused("encounter", "new", "x", "--scenario", str(deep), *store_opt(db))
    assert str(deep) in err and "nested" in err
    deep_json = tmp_path / "deep.json"
    deep_json.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    err = refused("encounter", "import", str(deep_json), *store_opt(db))
    assert str(deep_json) in err and "nested" in err


def test_the_reader_ignores_brackets_in_strings_and_comments(tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    path.write_text(json.dumps({"text": "[" * 500}), encoding="utf-8")
    assert read_json(path) == {"text": "[" * 500}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"a": 1,\n "b": {"c": 2,\n  "c": 3}}', "line 3: the key 'c' is given twice"),
        # The same key however it is written; keys in strings and lists are no keys.
        ('{"a": "b:",\n "\\u0061": 2}', "line 2: the key 'a' is given twice"),
        ('[{"x": 1}, {"x": 2},\n {"y": ["y", "y"],\n "y": 0}]', "line 3: the key 'y' is given"),
    ],
)
def test_a_key_given_twice_in_json_is_refused_with_its_line(
    tmp_path: Path, text: str, says: str
) -> None:
    """DEC-886: JSON readers keep the last of two equal keys without a word; ours refuses."""
    path = tmp_path / "twice.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FirefightError) as caught:
        read_json(path, "twice.json")
    assert str(caught.value).startswith(f"twice.json, {says}")
    assert str(caught.value).endswith("in one object; keep one")
    path.write_text('{"x": [{"x": 1}, {"x": 2}]}', encoding="utf-8")
    assert read_json(path) == {"x": [{"x": 1}, {"x": 2}]}  # one key in each object is fine


def test_a_binary_file_in_the_user_tables_folder_is_skipped_by_tables_list(home: Path) -> None:
    folder = home / "tables" / "rmu"
    folder.mkdir(parents=True)
    (folder / "junk.toml").write_bytes(bytes(range(256)))
    result = run("tables", "list")
    assert_clean_exit(result, allowed=(0,))
    assert "firearm-9mm" in result.stdout
    assert "skipped:" in result.stderr and "junk.toml" in result.stderr
    assert "not UTF-8" in result.stderr


def test_a_non_utf8_table_import_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "table.md"
    path.write_bytes(b"Title\n\x80\x81")
    assert str(path) in refused("tables", "import", str(path), "--as", "my-table")


def test_read_text_reports_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FirefightError, match=r"missing\.toml, file"):
        read_text(tmp_path / "missing.toml")


# --- names ------------------------------------------------------------------------------------


def test_names_are_normalised_blank_and_control_characters_refused() -> None:
    assert clean_name("  Big \t Sal  ") == "Big Sal"
    with pytest.raises(LimitError, match="visible"):
        clean_name("   ")
    with pytest.raises(LimitError, match="control"):
        clean_name("Bob\x1b[2J")
    assert printable("Bob\x1b[2J") == "Bob\\x1b[2J"


@pytest.mark.parametrize(
    ("swap", "says"),
    [
        ({'name = "Viktor"': 'name = "Mara "'}, "already used"),
        ({'name = "Viktor"': 'name = "   "'}, "visible"),
        ({'name = "Viktor"': 'name = "Vik\\u001b[2Jtor"'}, "control"),
        ({'title = "': 'title = "\\u001b[2J'}, "control"),
    ],
)
def test_scenario_names_are_checked(
    tmp_path: Path, db: Path, swap: dict[str, str], says: str
) -> None:
    path = tmp_path / "names.toml"
    path.write_text(warehouse_text(**swap), encoding="utf-8")
    err = refused("encounter", "new", "x", "--scenario", str(path), *store_opt(db), says=says)
    assert "\x1b" not in err


def test_an_encounter_name_with_a_control_character_is_refused(db: Path) -> None:
    args = ["encounter", "new", "raid\x1b[2J", "--scenario", str(WAREHOUSE), *store_opt(db)]
    err = refused(*args, says="control characters")
    assert "\\x1b" in err


def test_a_name_with_spaces_around_it_is_the_same_person(tmp_path: Path, db: Path) -> None:
    path = tmp_path / "spaces.toml"
    path.write_text(warehouse_text(**{'name = "Viktor"': 'name = "  Viktor  "'}), encoding="utf-8")
    result = run("encounter", "new", "x", "--scenario", str(path), "--seed", "1", *store_opt(db))
    assert result.exit_code == 0, result.stderr
    shown = json.loads(run("encounter", "show", "x", "--json", *store_opt(db)).stdout)
    assert "Viktor" in [c["name"] for c in shown["combatants"]]


# --- encounter import -------------------------------------------------------------------------


@pytest.fixture
def exported(raid: Path) -> dict[str, Any]:
    run("encounter", "act", "raid", "Mara waits --ap 1", "--seed", "2", *store_opt(raid))
    result = run("encounter", "export", "raid", *store_opt(raid))
    assert result.exit_code == 0
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], Any]:
    def change(d: dict[str, Any]) -> Any:
        target: Any = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return d

    return change


CORRUPTIONS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "events with 5 added": lambda d: d["records"][1]["payload"]["events"].append(5) or d,
    "hits 10**400": _set(("scenario", "combatant", 0, "hits"), 10**400),
    "1001 AP": _set(("records", 0, "payload", "events", 0, "ap"), 1001),
    "1000000 hits": lambda d: (
        d["records"][1]["payload"]["events"].append(
            {"type": "HitsInflicted", "target": "Mara", "hits": 1000000, "rule": "RMU-GEN-5"}
        )
        or d
    ),
    "ruleset nosuch": _set(("ruleset",), "nosuch"),
    "scenario ruleset nosuch": _set(("scenario", "scenario", "ruleset"), "nosuch"),
    "bogus version": _set(("version",), 99),
    "bogus payload version": _set(("records", 1, "payload", "v"), 99),
    "null": lambda d: None,
    "records from 0": lambda d: [r.__setitem__("seq", r["seq"] - 1) for r in d["records"]] and d,
    "no events": lambda d: d["records"][1]["payload"].pop("events") and d,
    "no records": _set(("records",), []),
    "not a list of records": _set(("records",), {"a": 1}),
    "a forged undo": lambda d: (
        d["records"].append(
            {
                "seq": 3,
                "recorded_at": d["created_at"],
                "payload": {"v": 1, "kind": "undo", "round": 1, "text": "undo #1", "reverts": 1},
            }
        )
        or d
    ),
    "a time the store never wrote": _set(("records", 1, "recorded_at"), "x" * 41),
    "faces never rolled": lambda d: d["records"][1]["payload"]["dice"]["faces"].append(5) or d,
    "an escape in a name": _set(("scenario", "combatant", 0, "name"), "Mara\x1b[2J"),
    "narration edited": _set(("records", 1, "payload", "narration"), ["Mara wins."]),
}


@pytest.mark.parametrize("case", list(CORRUPTIONS))
def test_a_corrupt_import_is_refused_whole_and_stores_nothing(
    tmp_path: Path, raid: Path, exported: dict[str, Any], case: str
) -> None:
    data = CORRUPTIONS[case](copy.deepcopy(exported))
    path = tmp_path / "import.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = store_bytes(raid)
    err = refused("encounter", "import", str(path), "--name", "copy", *store_opt(raid))
    assert str(path) in err
    assert store_bytes(raid) == before
    listed = json.loads(run("encounter", "list", "--json", *store_opt(raid)).stdout)
    assert [e["name"] for e in listed["encounters"]] == ["raid"]


def test_a_good_export_imports_and_replays(
    tmp_path: Path, raid: Path, exported: dict[str, Any]
) -> None:
    path = tmp_path / "import.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    result = run("encounter", "import", str(path), "--name", "copy", *store_opt(raid))
    assert result.exit_code == 0, result.stderr
    original = json.loads(run("encounter", "show", "raid", "--json", *store_opt(raid)).stdout)
    copied = json.loads(run("encounter", "show", "copy", "--json", *store_opt(raid)).stdout)
    assert original["combatants"] == copied["combatants"]


# --- tables import ----------------------------------------------------------------------------

GOOD_TABLE = critical_markdown(
    "Practice Critical",
    "AA thump.+2H | BThe ribs flex.+3H | CThe ribs give.+8H | DThrough.+12H "
    "| EThrough the heart. Foe is dead. +30H",
)


def test_a_critical_table_cannot_replace_an_attack_table(tmp_path: Path, home: Path) -> None:
    path = tmp_path / "good.md"
    path.write_text(GOOD_TABLE, encoding="utf-8")
    err = refused("tables", "import", str(path), "--as", "firearm-9mm", says="attack table")
    assert str(path) in err
    assert not (home / "tables" / "rmu" / "firearm-9mm.toml").exists()
    ok = run("rmu", "shoot", "--weapon", "glock-17", "--ob", "65", "--distance", "40")
    assert ok.exit_code == 0, ok.stderr


def test_a_wrong_kind_table_put_in_by_hand_is_named_at_use(tmp_path: Path, home: Path) -> None:
    path = tmp_path / "good.md"
    path.write_text(GOOD_TABLE, encoding="utf-8")
    assert run("tables", "import", str(path), "--as", "practice").exit_code == 0
    folder = home / "tables" / "rmu"
    text = (folder / "practice.toml").read_text(encoding="utf-8")
    (folder / "firearm-9mm.toml").write_text(
        text.replace('name = "practice"', 'name = "firearm-9mm"'), encoding="utf-8"
    )
    err = refused(*GLOCK, "--distance", "40", "--rolls", "50,50")
    assert str(folder / "firearm-9mm.toml") in err and "tables remove firearm-9mm" in err
    assert run("tables", "remove", "firearm-9mm").exit_code == 0
    assert run(*GLOCK, "--distance", "40", "--rolls", "50,50").exit_code == 0
    refused("tables", "remove", "firearm-9mm", says="unknown imported rmu table")


def test_a_table_import_into_an_unusable_folder_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "good.md"
    path.write_text(GOOD_TABLE, encoding="utf-8")
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("FIREFIGHT_HOME", str(blocker))
    refused("tables", "import", str(path), "--as", "practice", says="practice.toml")


def test_table_names_and_titles_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "good.md"
    path.write_text(GOOD_TABLE, encoding="utf-8")
    refused("tables", "import", str(path), "--as", "x" * 300, says="64")
    refused("tables", "import", str(path), "--as", "../escape", says="name")
    err = refused(
        "tables", "import", str(path), "--as", "t", "--title", "Bad\x1b[2J", says="control"
    )
    assert "\x1b" not in err
    path.write_text("\x1b]0;owned\x07" + GOOD_TABLE, encoding="utf-8")
    refused("tables", "import", str(path), "--as", "t", says="control")


# --- store faults -----------------------------------------------------------------------------


def test_an_unusable_data_folder_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("FIREFIGHT_HOME", str(blocker / "home"))
    monkeypatch.delenv("FIREFIGHT_DATABASE_URL", raising=False)
    refused("encounter", "list", says="cannot create the data folder")
    store = ["--store", f"sqlite:///{blocker}/x.db"]
    # A command that only reads finds no store there (DEC-932); one that saves says why it
    # cannot make one.
    refused("encounter", "list", *store, says="no store at")
    new = ("encounter", "new", "raid", "--scenario", str(WAREHOUSE), "--seed", "1")
    refused(*new, *store, says="folder exists")


def test_a_full_disk_says_space(raid: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    def full(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT"):
            raise sqlite3.OperationalError("database or disk is full")

    event.listen(Engine, "before_cursor_execute", full)
    try:
        before = store_bytes(raid)
        err = refused("encounter", "act", "raid", "Mara waits --ap 1", *store_opt(raid))
        assert "out of space" in err
    finally:
        event.remove(Engine, "before_cursor_execute", full)
    assert store_bytes(raid) == before


def test_a_read_only_store_reads_and_refuses_writes(raid: Path) -> None:
    read_only = ["--store", f"sqlite:///file:{raid}?mode=ro&uri=true"]
    assert run("encounter", "show", "raid", *read_only).exit_code == 0
    assert run("encounter", "log", "raid", *read_only).exit_code == 0
    refused("encounter", "act", "raid", "Mara waits --ap 1", *read_only, says="read-only")


def test_an_unwritable_store_file_opens_read_only(
    raid: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if mode == os.W_OK else real(p, mode))
    assert run("encounter", "show", "raid", *store_opt(raid)).exit_code == 0
    refused("encounter", "act", "raid", "Mara waits --ap 1", *store_opt(raid), says="read-only")


def _edit(db: Path, sql: str) -> None:
    connection = sqlite3.connect(db)
    try:
        connection.execute(sql)
        connection.execute("DELETE FROM snapshots")
        connection.commit()
    finally:
        connection.close()


def test_a_hand_damaged_payload_is_one_line(raid: Path) -> None:
    run("encounter", "act", "raid", "Mara waits --ap 1", "--seed", "2", *store_opt(raid))
    _edit(raid, "UPDATE records SET payload = '{broken' WHERE seq = 2")
    for command in ("show", "log", "export"):
        refused("encounter", command, "raid", *store_opt(raid), says="record 2 is damaged")


def test_a_gap_in_seq_is_reported(raid: Path) -> None:
    for _ in range(2):
        run("encounter", "act", "raid", "Mara waits --ap 1", "--seed", "2", *store_opt(raid))
    _edit(raid, "DELETE FROM records WHERE seq = 2")
    refused("encounter", "show", "raid", *store_opt(raid), says="record 2 is missing")


def test_store_errors_name_the_problem_through_the_api(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="folder exists"):
        open_store(f"sqlite:///{tmp_path}/no/such/folder/x.db")


# --- unbounded work ---------------------------------------------------------------------------


def test_dice_counts_are_limited_in_the_dice_layer() -> None:
    assert Dice.seeded(1).pool(MAX_POOL_DICE, 6, "as many as allowed").kind == "1000d6"
    with pytest.raises(LimitError, match="1,000"):
        Dice.seeded(1).pool(MAX_POOL_DICE + 1, 6, "too many")
    with pytest.raises(LimitError, match="1,000"):
        Dice.seeded(1).pool_drawn(999_999_999, 6, "far too many")


def test_an_open_ended_chain_stops_at_the_limit() -> None:
    with pytest.raises(LimitError, match="open-ended"):
        Dice.scripted([100] * 500).d100_open_ended("stuck")


@pytest.mark.parametrize(
    "args",
    [
        ["cpr", "damage", "--damage", "999999999d6"],
        [*EXPLODE, "--at", "0,0", "--damage", "100000000d6", "--target", "A:1,1"],
    ],
)
def test_huge_dice_counts_are_refused_before_rolling(args: list[str]) -> None:
    refused(*args, says="d6 is more than 100d6, the most")


SHOT = ["--weapon", "glock-17", "--ob", "65", "--distance", "40"]
SWEEP = ["odds", "sweep", "rmu", "shoot", "--distance", "40", "--workers", "0"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["odds", "rmu", "shoot", *SHOT, "--samples", "0", "--method", "monte-carlo"], "samples"),
        (["odds", "rmu", "shoot", *SHOT, "--samples", "-1", "--method", "monte-carlo"], "samples"),
        (["odds", "rmu", "shoot", *SHOT, "--samples", "1000000000000"], "samples"),
        (["odds", "rmu", "shoot", *SHOT, "--depth", "-1"], "depth"),
        (["odds", "rmu", "shoot", *SHOT, "--depth", "100000"], "depth"),
        (["odds", "simulate", str(WAREHOUSE), "--fights", "100000000", "--workers", "0"], "fights"),
        (
            ["odds", "simulate", str(WAREHOUSE), "--max-rounds", "1000000000", "--workers", "0"],
            "rounds",
        ),
        (["odds", "simulate", str(WAREHOUSE), "--workers", "1000"], "--workers"),
        ([*SWEEP[:-2], "--weapon", "glock-17", "--ob", "10,20", "--workers", "1000"], "--workers"),
        ([*SWEEP, "--weapon", "glock-17", "--ob", "0:1000000:1"], "1000 at most"),
        ([*SWEEP, "--weapon", "abc", "--ob", "10,20"], "--weapon: 'abc' is not one of"),
        ([*SWEEP, "--weapon", "glock-17", "--ob", "10,20", "--prepared", "maybe"], "yes or no"),
        (
            [*SWEEP, "--weapon", "glock-17", "--ob", "10,20", "--x", "nosuch", "--plot", "h.png"],
            "--x",
        ),
        (
            [*SWEEP, "--weapon", "glock-17", "--ob", "10,20", "--csv", "/no/such/dir/x.csv"],
            "folder",
        ),
        (["odds", "rmu", "shoot", *SHOT, "--plot", "/no/such/dir/x.png"], "folder"),
    ],
)
def test_odds_work_beyond_the_limits_is_refused_before_it_starts(
    args: list[str], says: str
) -> None:
    refused(*args, says=says)


ODDS_SHOT = ["odds", "rmu", "shoot", *SHOT]
ODDS_SWEEP = [*SWEEP, "--weapon", "glock-17", "--ob", "10,20"]
ODDS_FIGHTS = ["odds", "simulate", str(WAREHOUSE), "--workers", "0"]


@pytest.mark.parametrize(
    ("args", "option"),
    [
        ([*ODDS_SHOT, "--depth", "21"], "--depth"),
        ([*ODDS_SHOT, "--depth", "-1", "--method", "generic"], "--depth"),
        ([*ODDS_SHOT, "--samples", "0", "--method", "monte-carlo"], "--samples"),
        ([*ODDS_SHOT, "--top", "-1"], "--top"),
        ([*ODDS_SHOT, "--csv-decimals", "18"], "--csv-decimals"),
        ([*ODDS_SWEEP, "--csv-decimals", "-1"], "--csv-decimals"),
        ([*ODDS_SWEEP, "--depth", "21"], "--depth"),
        ([*ODDS_SWEEP, "--samples", "0"], "--samples"),
        ([*ODDS_SWEEP, "--samples", "100000000", "--method", "monte-carlo"], "--samples"),
        ([*ODDS_SWEEP[:-4], "--workers", "-1", *ODDS_SWEEP[-4:]], "--workers"),
        ([*ODDS_FIGHTS, "--fights", "0"], "--fights"),
        ([*ODDS_FIGHTS, "--fights", "1000001"], "--fights"),
        ([*ODDS_FIGHTS, "--max-rounds", "1001"], "--max-rounds"),
        ([*ODDS_FIGHTS, "--within", "0.01"], "--within"),
        (["odds", "simulate", str(WAREHOUSE), "--workers", "-1"], "--workers"),
    ],
)
def test_a_limit_error_names_the_option_as_typed(args: list[str], option: str) -> None:
    """`--depth 21` said "depth is 21" and `--top -1` printed typer's usage screen: every
    limit the command line reaches is refused in the one line of README, Limits, exit 2,
    naming the option the user typed."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("error: ") and option in result.stderr, result.stderr
    assert result.stderr.endswith("(README, Limits)\n"), result.stderr


def test_odds_limits_hold_in_the_library_too() -> None:
    shot = AimedShot(weapon="glock-17", ob=0, distance_ft=40)
    with pytest.raises(LimitError, match="--depth"):
        odds(None, shot, depth=100_000)
    with pytest.raises(LimitError, match="--samples"):
        odds(None, shot, method="monte-carlo", samples=0)
    with pytest.raises(LimitError, match="--samples"):
        simulate(lambda dice: 1, key=int, samples=10**12)
    with pytest.raises(LimitError, match="sweep points"):
        sweep(shot, {"ob": list(range(1000)), "distance_ft": list(range(1, 1000))})
    with pytest.raises(LimitError, match="--fights"):
        simulate_fights(WAREHOUSE, fights=10**9)
    with pytest.raises(LimitError, match="--max-rounds"):
        simulate_fights(WAREHOUSE, fights=1, max_rounds=10**9)
