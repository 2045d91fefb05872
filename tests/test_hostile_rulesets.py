"""Hostile input across the four rulesets (an audit after issue 12): numbers past a band's top,
words where a number belongs, a user catalog that does not read, a chart of one-sided fights.
Each ends in a refusal of one line naming the rule or the file, or in the rules' own answer;
never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from catalog_support import install
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import (
    CoreCombatant,
    ScenarioError,
    initial_state,
    parse_scenario,
)
from firefight.errors import FirefightError, RuleRefusal, TableDataError
from firefight.limits import MAX_SAMPLES, LimitError
from firefight.odds.sweep import sweep
from firefight.probability.stats import share_interval
from firefight.rulesets import find_ruleset
from firefight.rulesets.cards.data import cards_data
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.setup import opportunity_modifier
from firefight.rulesets.rmu.catalog import default_data
from firefight.rulesets.rmu.shot import AimedShot
from gurps_support import act, opened
from hostile_support import ROOT, assert_clean_exit, one_line, run

RMU_CATALOG = ROOT / "examples" / "my-catalog.toml"
GURPS_CATALOG = ROOT / "examples" / "my-gurps-catalog.toml"
CARDS_CATALOG = ROOT / "examples" / "my-cards-catalog.toml"
ALLEY = ROOT / "examples" / "alley-crossing.toml"


def _forget() -> None:
    """The process's rmu, gurps and cards data read again from the user's catalogs."""
    default_data.cache_clear()
    vars(find_ruleset("rmu")).pop("data", None)
    cards_data.cache_clear()
    for part in ("weapons", "armor", "ammo"):
        vars(DATA).pop(part, None)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path / "home"))
    _forget()
    yield tmp_path / "home"
    _forget()


# --- gurps: a watched area of many hexes, a number of shots that is not one --------------------


@pytest.mark.parametrize("hexes", ["11", "999999", "1000001", "123456789012"])
def test_gur_opp_1_eleven_hexes_or_more_are_all_minus_8(hexes: str) -> None:
    """GUR-OPP-1: 11+ watched hexes are -8, however many; past the data's last count the
    modifier ran out of rows (StopIteration)."""
    assert opportunity_modifier(hexes, DATA) == -8


@pytest.mark.parametrize("hexes", ["²", "1" * 13, "9" * 400, "0", "-3", "3.5", "many"])
def test_gur_opp_1_a_watch_that_is_no_count_is_refused(hexes: str) -> None:
    """GUR-OPP-1: a count of hexes is a whole number of 1 or more in plain digits ('²' is a
    digit to str.isdigit, and int() refused it)."""
    with pytest.raises(RuleRefusal, match="GUR-OPP-1: Watch a number of hexes"):
        opportunity_modifier(hexes, DATA)


def test_gur_opp_1_a_huge_watch_in_an_action_line_is_refused_in_words() -> None:
    """GUR-OPP-1: 10^20 hexes around a place 10 yd off cannot lie in Ann's arc of vision."""
    with pytest.raises(RuleRefusal, match="GUR-OPP-1") as refused:
        act(opened(), "Ann waits --watch 99999999999999999999 --at 0,30")
    one_line(str(refused.value))


def test_gur_opp_1_a_huge_watch_on_the_command_line_is_minus_8() -> None:
    result = run(
        "gurps", "shoot", "--weapon", "revolver-38", "--skill", "12", "--distance", "10",
        "--opportunity", "1000001", "--rolls", "3,3,3,3,3,3", "--json",
    )  # fmt: skip
    assert_clean_exit(result, allowed=(0,))
    said = json.loads(result.stdout)["trace"]
    assert '"value": -8, "label": "opportunity fire watching 1000001"' in json.dumps(said)


@pytest.mark.parametrize("shots", ["AP", "0,30", "9" * 5000, "0", "21"])
def test_g_5_a_number_of_shots_that_is_no_number_is_refused(shots: str) -> None:
    """G-5: ``--shots`` in an action line is read as the command line reads it before the
    magazine is counted (int() of 'AP' escaped as a ValueError)."""
    with pytest.raises(FirefightError, match="--shots") as refused:
        act(opened(), f"Ann shoots Bob --shots {shots}")
    one_line(str(refused.value))


# --- odds simulate: a side that wins every fight ------------------------------------------------


def test_a_share_seen_every_time_has_an_interval_up_to_one() -> None:
    """The Wilson interval holds the share seen: at 10 of 10 its top was 0.9999999999999999,
    below the share itself, and the chart's error bar came out negative."""
    for trials in range(1, 301):
        assert share_interval(trials, trials)[1] == 1.0
        assert share_interval(0, trials)[0] == 0.0


def test_simulate_draws_a_chart_of_fights_one_side_always_wins(tmp_path: Path) -> None:
    chart = tmp_path / "fights.png"
    result = run(
        "odds", "simulate", str(ALLEY), "--fights", "10", "--workers", "0", "--plot", str(chart)
    )  # fmt: skip
    assert_clean_exit(result, allowed=(0,))
    assert "law" in result.stdout and "100.0%" in result.stdout and chart.stat().st_size > 0


# --- a user catalog that does not read --------------------------------------------------------

#: Each ruleset's example catalog, and a row of it broken: what to find and what to put there.
BROKEN = {
    "rmu": (RMU_CATALOG, "magazine = 5", 'magazine = "five"'),
    "gurps": (GURPS_CATALOG, 'damage = "2d-1"', 'damage = "-2d"'),
    "cards": (CARDS_CATALOG, 'damage = "2Y"', 'damage = "zz"'),
}


@pytest.mark.parametrize("module", ["cli_module", "odds_cli_module"])
@pytest.mark.parametrize("ruleset", sorted(BROKEN))
def test_a_catalog_that_does_not_read_is_one_line_naming_it_from_every_command(
    home: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str, module: str
) -> None:
    """A ruleset's commands read its catalog for their options' choices as they are built:
    the catalog's error escaped as a traceback from `gurps --help`, `odds cards ...` and the
    rest (only the commands that read data inside their own refusals said it in one line)."""
    example, good, bad = BROKEN[ruleset]
    path = install(home, example.read_text(encoding="utf-8").replace(good, bad))
    # Built afresh, as in a new process, so that they read the catalog.
    monkeypatch.delitem(sys.modules, getattr(find_ruleset(ruleset), module), raising=False)
    result = run(*([ruleset] if module == "cli_module" else ["odds", ruleset]), "--help")
    assert_clean_exit(result, allowed=(2,))
    # The row, then the field or, for a check across the row's fields, the row alone.
    assert result.stderr.startswith((f"error: {path}, weapon 1, ", f"error: {path}, weapon 1: "))
    assert result.stderr.count("\n") == 1, result.stderr


def test_the_cards_cheatsheet_names_a_catalog_that_does_not_read(home: Path) -> None:
    example, good, bad = BROKEN["cards"]
    path = install(home, example.read_text(encoding="utf-8").replace(good, bad))
    result = run("cheatsheet", "cards")
    assert_clean_exit(result, allowed=(2,))
    assert result.stderr.startswith(f"error: {path}, weapon 1, damage"), result.stderr


# --- odds: where the work would run -----------------------------------------------------------


@pytest.mark.parametrize("address", ["nonsense", "tcp://127.0.0.1:1"])
def test_a_dask_scheduler_that_cannot_be_reached_is_one_line(address: str) -> None:
    """``--dask`` names a scheduler: a mistyped address (distributed's ValueError) or one where
    nobody answers (its OSError, after the connect timeout, a second here) was a traceback.
    Each in a process of its own, as a command runs: distributed's client keeps an event loop
    per process that a failed connection can leave behind."""
    pytest.importorskip("distributed")
    code = (
        "import sys; from firefight.cli import main; "
        f"sys.argv = ['firefight', 'odds', 'simulate', {str(ALLEY)!r}, '--fights', '2', "
        f"'--dask', {address!r}]; main()"
    )
    env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"error: --dask {address!r}: ") and done.stderr.count("\n") == 1


@pytest.mark.parametrize("workers", ["-1", "-2", "-1000"])
def test_workers_below_zero_are_refused(workers: str) -> None:
    """The limit is 0 to 64 (README, Limits), -1 included: left unset, the command chooses
    (one per core when it pays), and no typed number stands for that."""
    result = run("odds", "simulate", str(ALLEY), "--fights", "2", "--workers", workers)
    assert_clean_exit(result, allowed=(2,))
    assert "--workers is " in result.stderr and "the limit is 0 to 64" in result.stderr


# --- true, false, inf and nan where a figure belongs ------------------------------------------

#: A figure of each ruleset's example scenario, and what a hostile file writes in its place.
FIGURES = {
    "warehouse.toml": ("hits = 55", "hits = true"),
    "night-market.toml": ("ref = 7", "ref = false"),
    "alley-crossing.toml": ("move = 6", "move = true"),
    "cards-alley.toml": ("reflex = 3", "reflex = true"),
}


@pytest.mark.parametrize("example", sorted(FIGURES))
def test_true_or_false_is_no_figure_in_a_scenario(example: str) -> None:
    """pydantic reads true as 1 and false as 0 where a number is wanted: `hits = true` made a
    one-hit fighter without a word."""
    good, bad = FIGURES[example]
    text = (ROOT / "examples" / example).read_text(encoding="utf-8")
    with pytest.raises(ScenarioError, match="takes a number, not true or false") as refused:
        parse_scenario(text.replace(good, bad, 1), example)
    one_line(str(refused.value))
    assert f"{example}, combatant 1 " in str(refused.value)


@pytest.mark.parametrize(
    "swap",
    [
        ("position = [0, 0]", "position = [true, 0]"),
        ("skills = { pistol", "skills = { pistol = { bonus = true, ranks = 3 }, x"),
    ],
)
def test_true_or_false_is_no_figure_inside_a_list_or_a_table(swap: tuple[str, str]) -> None:
    text = (ROOT / "examples" / "warehouse.toml").read_text(encoding="utf-8")
    assert swap[0] in text
    with pytest.raises(ScenarioError, match="true or false"):
        parse_scenario(text.replace(*swap, 1), "warehouse.toml")


def test_a_yes_or_no_stays_a_yes_or_no() -> None:
    """Where the file means yes or no (a bystander, dodging), true and false are read."""
    text = (ROOT / "examples" / "night-market.toml").read_text(encoding="utf-8")
    scenario = parse_scenario(text.replace("ref = 7", "ref = 7\nbystander = true", 1))
    first = scenario.combatants[0]
    assert isinstance(first, CoreCombatant) and first.bystander is True


@pytest.mark.parametrize(
    ("good", "bad"),
    [
        ("half_damage = 80", "half_damage = nan"),
        ("max = 1000", "max = inf"),
        ("max = 1000", 'max = "nan"'),
        ("shots = 5", "shots = true"),
    ],
)
def test_a_catalog_figure_that_is_no_number_names_the_file_and_row(
    home: Path, good: str, bad: str
) -> None:
    path = install(home, GURPS_CATALOG.read_text(encoding="utf-8").replace(good, bad))
    with pytest.raises(TableDataError) as refused:
        DATA.weapons  # noqa: B018
    assert str(refused.value).startswith(f"{path}, weapon 1, {bad.split()[0]}: "), refused.value


# --- a catalog row's figures keep to what the thing can be -------------------------------------


@pytest.mark.parametrize(
    ("good", "bad", "where"),
    [
        ('rof = "3~"', 'rof = "x"', "weapon 1, rof"),  # was int('x') at the first shot
        ('rof = "3~"', 'rof = "0"', "weapon 1, rof"),
        ("shots = 5", "shots = 0", "weapon 1, shots"),
        ("max = 1000", "max = -1", "weapon 1, max"),
        ("half_damage = 80", "half_damage = 2000", "weapon 1"),  # 1/2D beyond Max
        ("acc = 1", "acc = -100", "weapon 1, acc"),
        ("ss = 9", "ss = -1", "weapon 1, ss"),
        ("rcl = -1", "rcl = 5", "weapon 1, rcl"),
        ("reload_seconds = 6", "reload_seconds = 0", "weapon 1, reload_seconds"),
        ('key = "snub-38"', 'key = ""', "weapon 1, key"),
        ("pd = 1", "pd = -1", "armor 1, pd"),
        ("dr = 2", "dr = -2", "armor 1, dr"),
    ],
)
def test_gur_core_1_a_gurps_catalog_row_beyond_what_a_weapon_can_be_is_named(
    home: Path, good: str, bad: str, where: str
) -> None:
    """GUR-CORE-1, GUR-GUN-1 (DEC-672): a user's weapon or armor row with a figure no weapon
    or armor has was read and fired (a Max of -1 yd, no shots in the magazine)."""
    text = GURPS_CATALOG.read_text(encoding="utf-8")
    assert good in text
    path = install(home, text.replace(good, bad, 1))
    with pytest.raises(TableDataError) as refused:
        DATA.check()
    assert str(refused.value).startswith(f"{path}, {where}"), refused.value


@pytest.mark.parametrize(
    ("extra", "where"),
    [
        ('area_damage = "lots"', "ammo 1"),
        ("chance_in_6 = 7", "ammo 1, chance_in_6"),
        ("dr_multiplier = 0", "ammo 1, dr_multiplier"),
    ],
)
def test_gur_ammo_1_a_gurps_ammunition_row_that_cannot_be_read_is_named(
    home: Path, extra: str, where: str
) -> None:
    row = f'\n[[ammo]]\nkey = "house-round"\nname = "House round"\n{extra}\n'
    path = install(home, GURPS_CATALOG.read_text(encoding="utf-8") + row)
    with pytest.raises(TableDataError) as refused:
        DATA.check()
    assert str(refused.value).startswith(f"{path}, {where}"), refused.value


@pytest.mark.parametrize(
    ("good", "bad", "where"),
    [
        ('key = "biker-leathers"', 'key = "\\u202e"', "armor 1, key"),
        ("dr = [1, 2, 2, 0]", "dr = [1, -2, 2, 0]", "armor 1, dr"),
    ],
)
def test_crd_dmg_1_a_cards_armor_row_beyond_what_armor_can_be_is_named(
    home: Path, good: str, bad: str, where: str
) -> None:
    text = CARDS_CATALOG.read_text(encoding="utf-8")
    assert good in text
    path = install(home, text.replace(good, bad, 1))
    with pytest.raises(TableDataError) as refused:
        cards_data()
    assert str(refused.value).startswith(f"{path}, {where}"), refused.value


# --- a sweep's Monte Carlo work -----------------------------------------------------------------


def test_a_sweep_s_monte_carlo_samples_are_limited_as_one_estimate_s() -> None:
    """21,000 points of 100,000,000 samples each were let through (each point within the
    limits on points and on samples) and ran for hours; the samples of the whole sweep are now
    held to the one estimate's limit, before the first point (DEC-673)."""
    base = AimedShot(weapon="glock-17", ob=0, distance_ft=40)
    with pytest.raises(LimitError, match=r"Monte Carlo samples of a sweep .* 100,000,000"):
        sweep(base, {"ob": list(range(200))}, method="monte-carlo", samples=MAX_SAMPLES)
    # An exact sweep draws no samples: the same grid is not held to it.
    assert len(sweep(base, {"ob": [0, 50]}, samples=MAX_SAMPLES).values) == 2


@pytest.mark.parametrize("ruleset", ["rmu", "cards"])
def test_a_monte_carlo_sweep_past_the_limit_is_one_line_before_any_work(ruleset: str) -> None:
    args = {
        "rmu": ["--weapon", "glock-17", "--ob", "0:150:1", "--distance", "40"],
        "cards": ["--weapon", "glock-22", "--skill", "0:20:1", "--distance", "1:1000:1"],
    }[ruleset]
    result = run(
        "odds", "sweep", ruleset, "shoot", *args,
        "--method", "monte-carlo", "--samples", "100000000",
    )  # fmt: skip
    assert_clean_exit(result, allowed=(2,))
    assert "Monte Carlo samples of a sweep" in result.stderr, result.stderr


# --- cpr: a scenario's figures keep to the command line's ---------------------------------------

NIGHT_MARKET = ROOT / "examples" / "night-market.toml"


@pytest.mark.parametrize(
    ("good", "bad", "where"),
    [
        ("ref = 7", "ref = 999999999", "ref"),
        ("ref = 7", "ref = 11", "ref"),
        ("move = 6", "move = 11", "move"),
        ("body = 6 ", "body = 11 ", "body"),
        ("Handgun = 6", "Handgun = 99", "skills"),
        ("hp = 40", "hp = 100000", "hp"),
        ('body = "light armorjack"', "body = 1000", "armor, body"),
        ("carried = { basic = 16 }", "carried = { basic = 10001 }", "weapon 1 (pistol), carried"),
    ],
)
def test_a_cpr_scenario_figure_past_the_command_line_s_limit_is_refused(
    good: str, bad: str, where: str
) -> None:
    """DEC-188 limits a STAT and a skill to 0-10, HP and SP to 999 and rounds to 10,000 on the
    command line; a scenario's REF 999,999,999 and Handgun 99 were read, and V hit whatever
    he shot at."""
    text = NIGHT_MARKET.read_text(encoding="utf-8")
    assert good in text
    with pytest.raises(ScenarioError) as refused:
        parse_scenario(text.replace(good, bad, 1), "night-market.toml")
    assert f"combatant 1 (V), {where}" in str(refused.value), refused.value


# --- rmu: a scenario's figures keep to the command line's --------------------------------------

WAREHOUSE = ROOT / "examples" / "warehouse.toml"


@pytest.mark.parametrize(
    ("good", "bad", "where"),
    [
        ("bonus = 75", "bonus = 100000", "skills, pistol, bonus"),
        ("bonus = 75", "bonus = -1000", "skills, pistol, bonus"),
        ("quickness = 10,", "quickness = 100000,", "stats, quickness"),
        ("dodge = 15", "dodge = 201", "stats, dodge"),
        ("body_development = 30", "body_development = 1000", "stats, body_development"),
        ("hits = 55", "hits = 999999999", "hits"),
        ('armor = { kind = "BA II" }', 'armor = { kind = "BA II", quality = 101 }', "armor"),
    ],
)
def test_an_rmu_scenario_figure_past_the_command_line_s_limit_is_refused(
    good: str, bad: str, where: str
) -> None:
    """DEC-80 bounds an OB and a bonus to -999..999 (a Dodge DB to 200, armor quality to
    -100..100) on the command line; a scenario's pistol bonus of 100,000 was read, and every
    shot of Mara's killed."""
    text = WAREHOUSE.read_text(encoding="utf-8")
    assert good in text
    with pytest.raises(ScenarioError) as refused:
        parse_scenario(text.replace(good, bad, 1), "warehouse.toml")
    assert f"combatant 1 (Mara), {where}" in str(refused.value), refused.value


# --- a GM's figures ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("example", "line", "says"),
    [
        ("warehouse.toml", "set Mara bleeding 999999999999", "Mara's bleeding runs from 0 to 999"),
        ("warehouse.toml", "set Mara stun 1000", "Mara's stun runs from 0 to 999"),
        ("night-market.toml", "set V luck 11", "V's LUCK runs from 0 to 10"),
        ("warehouse.toml", "hits Mara 999999999999", "hits takes a number from 0 to 999"),
        ("alley-crossing.toml", "heal Bob 1000", "heal takes a number from 0 to 999"),
    ],
)
def test_enc_gm_a_gm_figure_past_what_it_can_be_is_refused(
    example: str, line: str, says: str
) -> None:
    """ENC-GM: a GM's 999,999,999,999 hits or rounds of bleeding were recorded, leaving Mara at
    -999,999,999,944 hits -- past the limit an imported encounter's figures are held to."""
    scenario = parse_scenario((ROOT / "examples" / example).read_text(encoding="utf-8"))
    ruleset = find_ruleset(scenario.ruleset)
    state = engine.open_fight(initial_state(scenario), ruleset, Dice.seeded(1)).state
    with pytest.raises(RuleRefusal, match=f"ENC-GM: .*{says}"):
        engine.gm(state, line, ruleset)


# --- a sweep's range of values -------------------------------------------------------------------


@pytest.mark.parametrize("step", ["1e-320", "5e-324", "1e-300"])
def test_a_sweep_range_of_too_many_values_is_one_short_line(step: str) -> None:
    """A step so small that the count of values is past a float (1e-320) escaped as an
    OverflowError; one past 10^300 was printed in full, three hundred digits in a refusal."""
    result = run(
        "odds", "sweep", "gurps", "shoot", "--weapon", "assault-rifle", "--skill", "10",
        "--distance", f"0:20000:{step}",
    )  # fmt: skip
    assert_clean_exit(result, allowed=(2,))
    assert f"range '0:20000:{step}' has too many values; 1000 at most" in result.stderr
    assert len(result.stderr) < 200


# --- where a chart or a table of numbers is written ----------------------------------------------

CARDS_SHOT = ["odds", "cards", "shoot", "--weapon", "glock-22", "--skill", "3", "--distance", "10"]


@pytest.mark.parametrize(
    ("option", "name", "says"),
    [
        ("--plot", "chart", "a chart file ends in"),  # matplotlib: Format 'partial'
        ("--plot", "chart.txt", "a chart file ends in"),  # matplotlib: Format 'txt'
        ("--plot", "", "is a folder"),
        ("--csv", "", "is a folder"),  # IsADirectoryError once the numbers were worked out
        ("--plot", "x" * 300 + ".png", "File name too long"),  # OSError
        ("--csv", "x" * 250 + ".csv", "File name too long"),  # the partial file's name
    ],
)
def test_an_output_file_that_cannot_be_written_is_refused_before_any_work(
    tmp_path: Path, option: str, name: str, says: str
) -> None:
    result = run(*CARDS_SHOT, option, str(tmp_path / name) if name else str(tmp_path))
    assert_clean_exit(result, allowed=(2,))
    assert says in result.stderr, result.stderr
    assert sorted(tmp_path.iterdir()) == []  # nothing written, no partial file left


def test_a_chart_named_in_any_picture_kind_matplotlib_writes_is_drawn(tmp_path: Path) -> None:
    for name in ("chart.PNG", "chart.svg"):
        assert_clean_exit(run(*CARDS_SHOT, "--plot", str(tmp_path / name)), allowed=(0,))
        assert (tmp_path / name).stat().st_size > 0


# --- a whole number past a float ------------------------------------------------------------------

HUGE = "9" * 400


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["rmu", "shoot", "--weapon", "glock-17", "--ob", HUGE, "--distance", "40"], "--ob: "),
        (
            ["cards", "shoot", "--weapon", "glock-22", "--skill", "3", "--distance", "10",
             "--bullets", HUGE],
            "--bullets: ",
        ),
        (["gurps", "random-fire", "--exposed", "Ann", "--intensity", HUGE], "--intensity: "),
    ],
)  # fmt: skip
def test_a_whole_number_past_a_float_is_refused_by_its_bound(args: list[str], says: str) -> None:
    """typer reads a whole number of 400 digits; checking it was finite (math.isfinite) and
    quoting it (:g) turned it into a float, and an OverflowError escaped."""
    result = run(*args)
    assert_clean_exit(result, allowed=(2,))
    assert says in result.stderr and "a number of 400 digits is more than" in result.stderr
    assert len(result.stderr) < 200


# --- a line that names nobody ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("example", "line"),
    [
        ("alley-crossing.toml", "Ann shoots"),
        ("alley-crossing.toml", "Ann aims"),
        ("cards-alley.toml", "Giga shoots"),
        ("warehouse.toml", "Mara stakes"),
        ("warehouse.toml", "Mara bites"),
    ],
)
def test_enc_scene_a_line_that_names_nobody_says_so(example: str, line: str) -> None:
    """ENC-SCENE: 'Ann shoots' without a target was refused as "Nobody called '' is in the
    scene": a person of no name."""
    scenario = parse_scenario((ROOT / "examples" / example).read_text(encoding="utf-8"))
    ruleset = find_ruleset(scenario.ruleset)
    state = engine.open_fight(initial_state(scenario), ruleset, Dice.seeded(1)).state
    with pytest.raises(RuleRefusal) as refused:
        engine.act(state, line, ruleset, Dice.seeded(1))
    said = str(refused.value)
    assert "''" not in said and said.startswith("ENC-SCENE: The line names nobody"), said
    assert "the scene holds" in said
