"""A careless user's audit (after the hostile-input suites): output files asked for two at a
time, and user catalog rows naming what the rest of the data does not know. Each ends in one
line naming the option, or the user's file and row; nothing is written, copied or left behind.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from catalog_support import install
from firefight.cli.app import app
from firefight.errors import TableDataError
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.rmu.catalog import default_data
from firefight.store import sql
from hostile_support import ROOT, WAREHOUSE, assert_clean_exit, run, runner, store_bytes

MINE = ROOT / "examples" / "my-catalog.toml"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of the test's own; the process's rmu and cpr data read again with it."""
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path / "home"))
    _forget()
    yield tmp_path / "home"
    _forget()


def _forget() -> None:
    default_data.cache_clear()
    for ruleset in ("rmu", "cpr"):
        vars(find_ruleset(ruleset)).pop("data", None)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}


# --- two output files, the second unwritable --------------------------------------------------


@pytest.mark.parametrize(
    ("command", "good", "bad", "says"),
    [
        (["scene", "map", str(WAREHOUSE)], ("--svg", "map.svg"), ("--png", "no/map.png"),
         "does not exist"),
        (["scene", "map", str(WAREHOUSE)], ("--png", "map.png"), ("--svg", ""), "is a folder"),
        (["cheatsheet", "rmu"], ("--html", "sheet.html"), ("--pdf", "no/sheet.pdf"),
         "does not exist"),
    ],
)  # fmt: skip
def test_an_output_file_that_cannot_be_written_stops_the_command_before_any_is_written(
    tmp_path: Path, command: list[str], good: tuple[str, str], bad: tuple[str, str], says: str
) -> None:
    """`scene map --svg map.svg --png no/map.png` wrote the SVG, then failed on the PNG: half
    of what was asked, and exit status 2. Both are checked as the options are read, as the odds
    commands' --csv and --plot are."""
    result = run(*command, good[0], str(tmp_path / good[1]), bad[0], str(tmp_path / bad[1]))
    assert_clean_exit(result, allowed=(2,))
    assert f"Invalid value for '{bad[0]}'" in result.stderr and says in result.stderr
    assert sorted(tmp_path.iterdir()) == []


# --- a catalog row naming what the data does not know -------------------------------------------

SHOT = ("rmu", "shoot", "--weapon", "snub-38", "--ob", "50", "--distance", "5", "--rolls", "50,50")
AMMO_ROW = """
[[ammo]]
key = "house-round"
name = "House round"
flesh_table = "{flesh}"
covered_table = "ballistic-shrapnel-covered"
cover_multiplier = 1
armor_piercing = false
"""


@pytest.mark.parametrize(
    ("good", "bad", "where", "says"),
    [
        # was a KeyError at the first point-blank shot, and named the shipped weapons.toml
        ('weapon_class = "pistol"', 'weapon_class = "pistl"', "weapon 1, weapon_class",
         "'pistl' has no point-blank bonus in rules.toml; the classes are "),
        # named no file or row, and `catalog add` left the file in the data folder
        ('attack_table = "firearm-9mm"', 'attack_table = "firearm-9m"',
         "weapon 1, attack_table", "unknown rmu table 'firearm-9m'; did you mean 'firearm-9mm'"),
        ('attack_table = "firearm-9mm"', 'attack_table = "puncture"', "weapon 1, attack_table",
         "the table 'puncture' cannot be read as an attack table: puncture, [table] kind: "
         "'puncture' is a critical table, not an attack table"),
        ("", AMMO_ROW.format(flesh="firearm-9mm"), "ammo 1, flesh_table",
         "the table 'firearm-9mm' cannot be read as a critical table: firearm-9mm, [table] "
         "kind: 'firearm-9mm' is an attack table, not a critical table"),
        ("", AMMO_ROW.format(flesh="puncture-x"), "ammo 1, flesh_table",
         "unknown rmu table 'puncture-x'"),
    ],
)  # fmt: skip
def test_an_rmu_catalog_row_naming_what_the_data_does_not_know_is_named_by_every_command(
    home: Path, good: str, bad: str, where: str, says: str
) -> None:
    """The row's cross-references are checked as it is read: every command that reads the rmu
    data (a shot with another weapon too) names the user's file and row in one line."""
    text = MINE.read_text(encoding="utf-8")
    path = install(home, text.replace(good, bad) if good else text + bad)
    for command in (SHOT, (*SHOT[:3], "glock-17", *SHOT[4:]), ("catalog", "check")):
        _forget()
        result = run(*command)
        assert_clean_exit(result, allowed=(2,))
        assert result.stderr.startswith(f"error: {path}, {where}: {says}"), result.stderr


def test_an_rmu_catalog_row_of_a_class_without_a_bonus_no_longer_breaks_the_shot(
    home: Path,
) -> None:
    """The library's own load names the row too (RMU-GEN-4's point-blank bonus by class)."""
    path = install(home, MINE.read_text(encoding="utf-8").replace('"pistol"', '"derringer"'))
    with pytest.raises(TableDataError) as refused:
        default_data().weapons  # noqa: B018
    assert str(refused.value).startswith(f"{path}, weapon 1, weapon_class: 'derringer' ")


CPR_ROW = """
[catalog]
ruleset = "cpr"

[[weapon]]
key = "house-pistol"
name = "house pistol"
kind = "firearm"
skill = "Handgun"
range_row = "pistol"
damage_d6 = 3
rof = 1
magazine = 6
ammo = ["basic"]
"""


def test_rmu_rf_5_a_new_automatic_weapon_in_a_catalog_is_refused_in_its_own_row(
    home: Path, tmp_path: Path
) -> None:
    """RMU-RF-5: an automatic weapon reads its rate class by key from firearm_actions.toml.
    A catalog's new automatic weapon was refused as a fault of that shipped file ("add it
    under weapon_rate_class"); the row is named, with what a catalog can do instead."""
    row = MINE.read_text(encoding="utf-8").replace('"semi-automatic"', '"selective"')
    given = tmp_path / "mine.toml"
    given.write_text(row, encoding="utf-8")
    result = run("catalog", "add", str(given))
    assert_clean_exit(result, allowed=(2,))
    assert result.stderr.startswith(
        f"error: {given}, weapon 1, action: 'selective' fires automatically, and an automatic "
        "weapon's rate of fire is read by its key from the shipped firearm_actions.toml "
        "(RMU-RF-5), which has none for 'snub-38': a catalog row can replace a shipped automatic "
        "weapon (by its key) or add a semi-automatic one"
    ), result.stderr
    assert _files(home / "catalogs") == {}
    replacing = row.replace('key = "snub-38"', 'key = "zastava-m85-stock"')
    install(home, replacing)
    assert default_data().weapons["zastava-m85-stock"].magazine == 5


@pytest.mark.parametrize(
    ("good", "bad", "where"),
    [
        ('range_row = "pistol"', 'range_row = "pistl"', "weapon 1, range_row: 'pistl' is not "
         "in ranges.toml; did you mean 'pistol'?"),
        ('ammo = ["basic"]', 'ammo = ["basic", "nope"]', "weapon 1, ammo: 'nope' is not in "
         "ammo.toml; "),
        ("", '\n[[ammo]]\nkey = "house"\nname = "house rounds"\nablation = 0\n'
         'injury = "foriegn-object"\nsource = "a GM"\n',
         "ammo 1, injury: 'foriegn-object' is not in critical_injuries.toml; did you mean "
         "'foreign-object' "),
    ],
)  # fmt: skip
def test_a_cpr_catalog_row_naming_what_the_data_does_not_know_names_the_user_s_file(
    home: Path, good: str, bad: str, where: str
) -> None:
    """Named the shipped weapons.toml or ammo.toml, a file the user never wrote."""
    text = CPR_ROW
    path = install(home, text.replace(good, bad) if good else text + bad)
    with pytest.raises(TableDataError) as refused:
        CprData().check()
    assert str(refused.value).startswith(f"{path}, {where}"), refused.value
    result = run("catalog", "check")
    assert result.exit_code == 2 and result.stderr.startswith(f"error: {path}, {where}")


# --- catalog add ----------------------------------------------------------------------------


@pytest.mark.parametrize("kept", [False, True])
def test_catalog_add_refused_for_a_name_the_data_does_not_know_copies_nothing(
    home: Path, tmp_path: Path, kept: bool
) -> None:
    """An unknown attack table is an unknown name, not a bad figure: `catalog add` put the file
    in the data folder and left it there, so that every later rmu command failed; the refusal
    named the copy, not the file given."""
    if kept:
        install(home, MINE.read_text(encoding="utf-8"))
    before = _files(home / "catalogs")
    given = tmp_path / "mine.toml"
    given.write_text(
        MINE.read_text(encoding="utf-8").replace('"firearm-9mm"', '"firearm-9m"'),
        encoding="utf-8",
    )
    result = run("catalog", "add", str(given))
    assert_clean_exit(result, allowed=(2,))
    assert result.stderr.startswith(f"error: {given}, weapon 1, attack_table: unknown rmu table")
    assert _files(home / "catalogs") == before


def test_catalog_add_of_a_file_already_in_the_data_folder_checks_it(home: Path) -> None:
    """Added again after an edit where it lies: shutil's SameFileError was a traceback."""
    path = install(home, MINE.read_text(encoding="utf-8"))
    result = run("catalog", "add", str(path))
    assert_clean_exit(result, allowed=(0,))
    assert "mine.toml is in your data folder already: checked" in result.stdout
    path.write_text(path.read_text().replace("magazine = 5", "magazine = 0"), encoding="utf-8")
    result = run("catalog", "add", str(path))
    assert_clean_exit(result, allowed=(2,))
    assert f"{path}, weapon 1, magazine: " in result.stderr


def test_catalog_add_into_a_data_folder_that_cannot_be_made_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A data folder under a file: NotADirectoryError was a traceback."""
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("FIREFIGHT_HOME", str(blocker))
    result = run("catalog", "add", str(MINE))
    assert_clean_exit(result, allowed=(2,))
    assert f"error: {blocker}/catalogs/my-catalog.toml, file: " in result.stderr
    assert blocker.read_bytes() == b""


def test_catalog_add_over_a_catalog_of_the_same_name_says_it_replaced_it(
    home: Path, tmp_path: Path
) -> None:
    """Two folders' my-catalog.toml: the second replaced the first without a word."""
    install(home, MINE.read_text(encoding="utf-8"), "my-catalog.toml")
    other = tmp_path / "my-catalog.toml"
    other.write_text('[catalog]\nruleset = "rmu"\n', encoding="utf-8")
    result = run("catalog", "add", str(other))
    assert_clean_exit(result, allowed=(0,))
    assert "(the one there before is replaced)" in result.stdout
    assert run("catalog", "add", str(MINE)).stdout.count("replaced") == 1


@pytest.mark.parametrize("name", ["mine.txt", "mine.TOML", "mine"])
def test_catalog_add_of_a_file_not_named_toml_keeps_it_where_it_is_read(
    home: Path, tmp_path: Path, name: str
) -> None:
    """Only the folder's *.toml files are read: `catalog add mine.txt` said "added" and the
    catalog was never read (the weapon unknown at the next shot)."""
    given = tmp_path / name
    given.write_text(MINE.read_text(encoding="utf-8"), encoding="utf-8")
    result = run("catalog", "add", str(given))
    assert_clean_exit(result, allowed=(0,))
    assert sorted(_files(home / "catalogs")) == ["mine.toml"]
    _forget()
    assert "snub-38" in default_data().weapons


def test_catalog_add_refused_for_a_clash_names_the_file_given_not_the_copy(
    home: Path, tmp_path: Path
) -> None:
    """A key given in a catalog already there: the refusal named the copy, which is removed."""
    kept = install(home, MINE.read_text(encoding="utf-8"), "kept.toml")
    given = tmp_path / "other.toml"
    given.write_text(MINE.read_text(encoding="utf-8"), encoding="utf-8")
    result = run("catalog", "add", str(given))
    assert_clean_exit(result, allowed=(2,))
    assert result.stderr.startswith(
        f"error: {given}, weapon 1: the key 'snub-38' is already given in {kept}, weapon 1"
    ), result.stderr
    assert sorted(_files(home / "catalogs")) == ["kept.toml"]


# --- a store another program holds, or no store at all ----------------------------------------


def _raid(db: Path) -> list[str]:
    store = ["--store", f"sqlite:///{db}"]
    result = run("encounter", "new", "raid", "--scenario", str(WAREHOUSE), "--seed", "1", *store)
    assert result.exit_code == 0, result.stderr
    return store


def test_a_store_held_by_another_program_says_so_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database browser with a change not saved: "the database failed: database is locked"
    named no cause and no way out."""
    db = tmp_path / "fights.db"
    store = _raid(db)
    before = store_bytes(db)
    monkeypatch.setattr(sql, "BUSY_TIMEOUT_S", 0.05)
    holder = sqlite3.connect(db, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        result = run("encounter", "act", "raid", "Mara waits", "--seed", "2", *store)
    finally:
        holder.close()
    assert_clean_exit(result, allowed=(2,))
    assert "database is locked: another program held the store past the " in result.stderr
    assert "nothing was changed: let it finish and try again" in result.stderr
    assert store_bytes(db) == before


@pytest.mark.parametrize("content", [b"hello\n", b"SQLite format 3\x00" + b"\xff" * 200])
def test_a_file_that_is_no_store_says_what_to_do(tmp_path: Path, content: bytes) -> None:
    db = tmp_path / "notes.db"
    db.write_bytes(content)
    result = run("encounter", "list", "--store", f"sqlite:///{db}")
    assert_clean_exit(result, allowed=(2,))
    assert "the file is no firefight store, or a damaged one: pass --store" in result.stderr
    assert db.read_bytes() == content


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///", "sqlite:///:memory:"])
def test_a_store_in_memory_is_refused_where_it_would_keep_nothing(home: Path, url: str) -> None:
    """`encounter new raid --store sqlite://` said "saved as raid" and kept nothing: an SQLite
    URL naming no file is a store in memory, gone when the command ends."""
    result = run("encounter", "new", "raid", "--scenario", str(WAREHOUSE), "--store", url)
    assert_clean_exit(result, allowed=(2,))
    assert f"{url!r} names no file: the store would be held in memory" in result.stderr
    assert "saved" not in result.stdout
    assert not home.exists() or not any(home.rglob("*.db"))


def test_a_file_s_path_given_as_the_store_says_how_to_write_its_url(tmp_path: Path) -> None:
    """`--store fights.db` was refused as "not a database URL" and no more."""
    db = tmp_path / "fights.db"
    result = run("encounter", "list", "--store", str(db))
    assert_clean_exit(result, allowed=(2,))
    assert f"an SQLite file is written sqlite:///{db}" in result.stderr
    assert not db.exists()


@pytest.mark.parametrize("trials", ["0", "1000001"])
def test_encounter_odds_trials_past_the_limit_are_refused_as_every_limit_is(
    tmp_path: Path, trials: str
) -> None:
    """ "trials must be 1 to 1,000,000, not 0" named no option and no place the limit is kept;
    the limit is now in limits.py and README's Limits, said as --fights' is."""
    db = tmp_path / "fights.db"
    store = _raid(db)
    before = store_bytes(db)
    result = run("encounter", "odds", "raid", "Mara shoots Viktor", "--trials", trials, *store)
    assert_clean_exit(result, allowed=(2,))
    assert f"--trials is {trials}; the limit is 1 to 1,000,000 (README, Limits)" in result.stderr
    assert store_bytes(db) == before


# --- a scenario's script that fails partway -----------------------------------------------------


@pytest.mark.parametrize(
    ("good", "bad", "says"),
    [
        ("rolls = [97, 45]", "rolls = [970, 45]",
         "script, step 2 ('Mara shoots Viktor --ap 3'): D-3: scripted die #1 is 970"),
        ('act = "Mara moves -8,6"', 'act = "Mara flies"',
         "script, step 1 ('Mara flies'): R-6: rmu knows no action 'flies'"),
        ("opening_rolls = [7, 4, 3, 9, 6, 6]", "opening_rolls = [70]",
         "script, opening_rolls: D-3: scripted die #1 is 70"),
        ("rolls = [97, 45]", "rolls = [97, 45" + ", 50" * 40 + "]",
         "script, step 2 ('Mara shoots Viktor --ap 3'): it was given 40 more dice than it used: "
         "50, 50, 50, 50, 50, 50, 50, 50, 50, 50, ...\n"),
    ],
)  # fmt: skip
def test_play_save_of_a_script_that_fails_partway_keeps_nothing_and_names_the_file(
    tmp_path: Path, good: str, bad: str, says: str
) -> None:
    """`play --save NAME` kept the half-played fight under NAME when a step failed (the name
    then taken), and the step's refusal named no file; leftover dice were listed in full."""
    text = WAREHOUSE.read_text(encoding="utf-8")
    assert good in text
    scenario = tmp_path / "scripted.toml"
    scenario.write_text(text.replace(good, bad, 1), encoding="utf-8")
    db = tmp_path / "fights.db"
    store = _raid(db)
    before = store_bytes(db)
    result = run("play", str(scenario), "--save", "night", *store)
    assert_clean_exit(result, allowed=(2,))
    assert result.stderr.startswith(f"error: {scenario}, {says}"), result.stderr
    assert store_bytes(db) == before


# --- leftovers: the store the environment names, a read-only store, an empty path, no dice ------


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_a_store_in_memory_named_by_the_environment_is_refused_as_by_store(
    home: Path, monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    """`FIREFIGHT_DATABASE_URL=sqlite:// firefight encounter new raid` said "saved as raid" and
    kept nothing, where `--store sqlite://` was refused: the one check reads both."""
    monkeypatch.setenv("FIREFIGHT_DATABASE_URL", url)
    result = run("encounter", "new", "raid", "--scenario", str(WAREHOUSE), "--seed", "1")
    assert_clean_exit(result, allowed=(2,))
    assert (
        f"{url!r} (from $FIREFIGHT_DATABASE_URL) names no file: the store would be held in "
        "memory and gone when this command ends" in result.stderr
    ), result.stderr
    assert "saved" not in result.stdout
    assert not home.exists() or not any(home.rglob("*.db"))


def test_a_store_asked_for_read_only_reads_and_refuses_a_write_in_one_line(
    tmp_path: Path,
) -> None:
    """DEC-816: `--store sqlite:///x.db?mode=ro` let SQLAlchemy's warning that it ignored
    mode=ro through to stderr, and the write went ahead. The arguments are now SQLite's own (the
    URL read as an SQLite URI): the store is read, and a write is refused."""
    db = tmp_path / "fights.db"
    _raid(db)
    before = store_bytes(db)
    read_only = ["--store", f"sqlite:///{db}?mode=ro"]
    listed = run("encounter", "list", *read_only)
    assert_clean_exit(listed, allowed=(0,))
    assert listed.stdout.startswith("raid  rmu  1 records") and listed.stderr == ""
    for command in (
        ("encounter", "act", "raid", "Mara waits", "--seed", "2"),
        ("encounter", "new", "raid2", "--scenario", str(WAREHOUSE), "--seed", "1"),
    ):
        result = run(*command, *read_only)
        assert_clean_exit(result, allowed=(2,))
        # Opened read-only on purpose: it said "... or fix its permissions", which are fine.
        assert (
            "attempt to write a readonly database: the store was opened read-only (mode=ro in "
            "its URL): reading commands work; to change it, open it without mode=ro"
        ) in result.stderr
        assert "permissions" not in result.stderr
    assert store_bytes(db) == before
    missing = tmp_path / "none.db"
    result = run("encounter", "list", "--store", f"sqlite:///{missing}?mode=ro")
    assert_clean_exit(result, allowed=(2,))
    assert f"no store at {str(missing)!r} to read: mode=ro opens only a file that is there" in (
        result.stderr
    )
    assert not missing.exists()


def test_a_store_named_with_hash_percent_question_mark_and_spaces_opens_that_file(
    tmp_path: Path,
) -> None:
    """A store file called 'raid #2 ?50% off.db': its URL, written with the escapes the refusal
    of a bare path gives, opens that very file, read-write and with mode=ro (a URI, where '#'
    and '?' once ended the name); an unescaped '?' is refused in one sentence (it opened, or
    made, the file 'raid #2 ') and nothing is created."""
    name = "raid #2 ?50% off.db"
    db = tmp_path / name
    bare = run("encounter", "list", "--store", str(db))
    assert_clean_exit(bare, allowed=(2,))
    url = bare.stderr.strip().rsplit("an SQLite file is written ", 1)[1]
    assert url == f"sqlite:///{tmp_path}/raid %232 %3F50%25 off.db"
    made = run(
        "encounter", "new", "raid", "--scenario", str(WAREHOUSE), "--seed", "1", "--store", url
    )
    assert made.exit_code == 0, made.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))) == [
        name
    ]
    listed = run("encounter", "list", "--store", f"{url}?mode=ro")
    assert_clean_exit(listed, allowed=(0,))
    assert listed.stdout.startswith("raid  rmu  1 records")
    before = store_bytes(db)
    unescaped = run("encounter", "list", "--store", f"sqlite:///{db}")
    assert_clean_exit(unescaped, allowed=(2,))
    assert unescaped.stderr.strip() == (
        f"error: 'sqlite:///{db}': SQLite reads what follows '?' as arguments and knows no "
        "'50% off.db'; a '?' in the file's name is written %3F, a '%' %25 and a '#' %23"
    )
    assert store_bytes(db) == before
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))) == [
        name
    ]


@pytest.mark.parametrize(
    ("command", "named"),
    [
        (["scene", "map", ""], "'scenario'"),
        (["odds", "simulate", ""], "'scenario'"),
        (["encounter", "new", "raid", "--scenario", ""], "'--scenario' / '-s'"),
        (["play", ""], "'scenario'"),
        (["catalog", "add", ""], "'file'"),
    ],
)
def test_an_empty_file_name_is_named_as_empty(
    home: Path, tmp_path: Path, command: list[str], named: str
) -> None:
    """`scene map ""` was refused as "error: ., file: Is a directory": the empty path read as
    the current folder. It is refused as the empty name it is, before anything is read."""
    db = tmp_path / "fights.db"
    result = run(*command, "--store", f"sqlite:///{db}") if "new" in command else run(*command)
    assert_clean_exit(result, allowed=(2,))
    assert f"Invalid value for {named}: the file name is empty: name a file" in result.stderr
    assert not db.exists() and not home.exists()


@pytest.mark.parametrize(
    ("command", "wanted"),
    [
        (["encounter", "act", "raid", "Mara shoots Viktor"], "D-3: the dice ran out: the input "
         "ended before a d100 for attack roll was given; nothing was resolved"),
        (["rmu", "shoot", "--weapon", "glock-17", "--ob", "50", "--distance", "5"],
         "D-3: the dice ran out: the input ended before a d100 for attack roll was given; "
         "nothing was resolved"),
        (["encounter", "act", "raid", "Mara shoots Viktor", "--rolls", "50"],
         "D-3: the dice ran out: the input ended before a d100 for stray round at "),
        (["cards", "shoot", "--weapon", "glock-22", "--skill", "4", "--distance", "12"],
         "D-4: the dice ran out: the input ended before a card for "),
    ],
)  # fmt: skip
def test_asked_dice_that_run_out_say_so_and_resolve_nothing(
    tmp_path: Path, command: list[str], wanted: str
) -> None:
    """DEC-817: `--ask` with nothing on stdin ended in typer's bare "Aborted!". The input
    ending before a face is the dice running out (D-3, D-4 for a card), said as scripted dice
    that run out are; the action is not resolved and the encounter keeps nothing of it."""
    db = tmp_path / "fights.db"
    store = _raid(db)
    before = store_bytes(db)
    args = [*command, "--ask", *(store if command[0] == "encounter" else [])]
    result = runner.invoke(app, args, input="")
    assert_clean_exit(result, allowed=(2,))
    assert result.stderr.startswith(f"error: {wanted}"), result.stderr
    assert "Aborted" not in result.output and result.stdout.endswith(": \n"), result.stdout
    assert store_bytes(db) == before
