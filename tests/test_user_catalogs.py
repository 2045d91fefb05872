"""Your own catalogs (issue 17): weapons, armor, ammunition and NPC templates read over the
shipped ones, every error naming the file and the row."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from catalog_support import install
from firefight.cli.app import app
from firefight.encounter.scenario import ScenarioError, load_scenario, parse_scenario
from firefight.errors import TableDataError
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.rmu.catalog import RmuData, default_data

ROOT = Path(__file__).resolve().parents[1]
MINE = ROOT / "examples" / "my-catalog.toml"
ALLEY = ROOT / "examples" / "back-alley" / "scenario.toml"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of the test's own; the process's rmu data is read again with it, and
    again after it (a process reads the user's catalogs once, when it first needs them)."""
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path / "home"))
    _forget()
    yield tmp_path / "home"
    _forget()


def _forget() -> None:
    default_data.cache_clear()
    vars(find_ruleset("rmu")).pop("data", None)


def test_a_user_weapon_is_added_and_a_shipped_key_replaced(home: Path) -> None:
    text = MINE.read_text() + (
        '\n[[weapon]]\nkey = "glock-17"\nname = "House Glock"\ncaliber = "9mm"\n'
        'attack_table = "firearm-9mm"\nweapon_class = "pistol"\naction = "semi-automatic"\n'
        "short_range_ft = 30\nmagazine = 33\nme = 5\nfumble = 3\n"
    )
    install(home, text)
    data = RmuData()
    assert data.weapons["snub-38"].magazine == 5
    assert (
        data.weapons["glock-17"].magazine == 33 and data.weapons["glock-17"].name == "House Glock"
    )
    assert "sks-46" in data.weapons  # the rest as shipped


def test_a_bad_row_names_the_file_and_the_row(home: Path) -> None:
    path = install(home, MINE.read_text().replace("magazine = 5", "magazine = 0"))
    with pytest.raises(TableDataError) as bad:
        RmuData().weapons  # noqa: B018
    assert str(bad.value).startswith(f"{path}, weapon 1, magazine: Input should be greater")


_ARMOR = (
    '\n[[armor]]\nkey = "{key}"\nname = "house plate"\nsoft = false\ncovers = ["chest"]\n'
    "maneuver_trained = -5\nmaneuver_untrained = -20\nmissile = 0\nquickness = 0\n"
    "strength = 15\n"
)


def test_rmu_arm_1_an_armor_row_replaces_a_class_and_cannot_add_one(home: Path) -> None:
    # The gun fires on its armor's own column of the attack table, so a class must have one.
    install(home, MINE.read_text() + _ARMOR.format(key="BA III"))
    assert RmuData().armor["BA III"].strength == 15
    path = install(home, MINE.read_text() + _ARMOR.format(key="BA V"))
    with pytest.raises(TableDataError) as bad:
        RmuData().armor  # noqa: B018
    assert str(bad.value).startswith(
        f"{path}, armor 1, key: 'BA V' is not an armor class; rmu armor is BA I, BA II, BA III "
        "or BA IV, each a column of the attack tables (RMU-ARM-1)"
    )


def test_one_key_in_two_user_files_is_refused(home: Path) -> None:
    install(home, MINE.read_text(), "a.toml")
    second = install(home, MINE.read_text(), "b.toml")
    with pytest.raises(TableDataError, match=f"{second}, weapon 1: the key 'snub-38' is already"):
        RmuData().weapons  # noqa: B018


def test_a_kind_the_ruleset_does_not_take_is_refused_with_a_suggestion(home: Path) -> None:
    install(home, MINE.read_text().replace("[[weapon]]", "[[weapons]]"))
    code = CliRunner().invoke(app, ["catalog", "check"])
    assert code.exit_code == 2
    assert "weapons: not a kind of row here; did you mean 'weapon'?" in code.stderr


def test_catalog_add_list_and_check(home: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["catalog", "add", str(MINE)])
    assert result.exit_code == 0, result.output
    assert (home / "catalogs" / "my-catalog.toml").is_file()
    listed = runner.invoke(app, ["catalog", "list", "--json"])
    rows = {(r["kind"], r["key"]) for r in json.loads(listed.stdout)["rows"]}
    assert rows == {("weapon", "snub-38"), ("template", "thug")}
    assert runner.invoke(app, ["catalog", "check"]).exit_code == 0
    bad = tmp_path / "bad.toml"
    bad.write_text(MINE.read_text().replace("magazine = 5", "magazine = -5"))
    refused = runner.invoke(app, ["catalog", "add", str(bad)])
    assert refused.exit_code == 2 and "weapon 1, magazine" in refused.stderr
    assert not (home / "catalogs" / "bad.toml").exists()  # nothing kept


def test_a_bad_template_is_refused_by_catalog_add_naming_its_row(
    home: Path, tmp_path: Path
) -> None:
    """A template is read as a combatant would be, but may leave out what a combatant must
    give; a bad field was accepted, then refused in every scenario using it."""
    runner = CliRunner()
    bad = tmp_path / "bad.toml"
    bad.write_text(MINE.read_text().replace('weapon = "snub-38"', 'weapon = "snub-83"'))
    refused = runner.invoke(app, ["catalog", "add", str(bad)])
    assert refused.exit_code == 2
    assert (
        f"{bad}, template 1, weapon 1 (snub), weapon: unknown rmu weapon 'snub-83'"
        in refused.stderr
    )
    assert not (home / "catalogs" / "bad.toml").exists()
    bad.write_text(MINE.read_text().replace("hits = 40", "hits = 40\nhands = 2"))
    refused = runner.invoke(app, ["catalog", "add", str(bad)])
    assert f"{bad}, template 1, hands: not a key here" in refused.stderr
    # The template of the example leaves its name and place to the scenario, and is taken.
    assert runner.invoke(app, ["catalog", "add", str(MINE)]).exit_code == 0


def test_templates_fill_a_scenario_s_combatants(home: Path) -> None:
    """A combatant's own fields win over the template's (Sal's hits), figures merge key by key."""
    scenario = load_scenario(ALLEY)
    people = {c["name"]: c for c in scenario.data["combatant"]}
    assert people["Tony"]["hits"] == 35 and people["Sal"]["hits"] == 30
    assert people["Tony"]["side"] == "gang" and "template" not in people["Tony"]
    assert people["Tony"]["weapon"][0]["weapon"] == "glock-17"


def test_a_user_template_and_an_unknown_one(home: Path, tmp_path: Path) -> None:
    install(home, MINE.read_text())
    folder = tmp_path / "scene"
    folder.mkdir()
    text = ALLEY.read_text().replace('template = "lookout"', 'template = "thug"', 1)
    (folder / "scenario.toml").write_text(text)
    shutil.copy(ALLEY.parent / "catalog.toml", folder / "catalog.toml")
    scenario = load_scenario(folder / "scenario.toml")
    tony = next(c for c in scenario.data["combatant"] if c["name"] == "Tony")
    assert tony["hits"] == 40 and tony["weapon"][0]["weapon"] == "snub-38"
    (folder / "scenario.toml").write_text(text.replace('"thug"', '"thugg"'))
    with pytest.raises(ScenarioError, match="combatant 2, template: no template 'thugg'; did you"):
        load_scenario(folder / "scenario.toml")


def test_dec_872_a_scenario_sent_as_text_takes_the_user_s_templates(home: Path) -> None:
    """DEC-872: a scenario read from text (the web table's own file) skipped its templates, so
    a combatant taking one was refused for the fields the template gives ("hits: Field
    required"), or its weapons silently left out; it reads the user's catalogs as a file
    does, and an unknown template is refused with the closest."""
    install(home, MINE.read_text())
    text = ALLEY.read_text().replace('template = "lookout"', 'template = "thug"')
    people = {c["name"]: c for c in parse_scenario(text, "the scenario").data["combatant"]}
    assert people["Tony"]["hits"] == 40 and people["Tony"]["weapon"][0]["weapon"] == "snub-38"
    with pytest.raises(ScenarioError, match="the scenario, combatant 2, template: no template"):
        parse_scenario(text.replace('"thug"', '"thugg"'), "the scenario")


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
source = "a GM's own"
"""


def test_cpr_takes_user_weapons_by_key_and_by_name(home: Path) -> None:
    """A cpr weapon of the user's, found by its name as the shipped ones are (C-10's
    catalog, laid over)."""
    install(home, CPR_ROW)
    data = CprData()
    assert data.weapon("house pistol").magazine == 6
    assert "heavy-pistol" in data.weapons
    install(home, CPR_ROW.replace("rof = 1", 'rof = "many"'))
    with pytest.raises(TableDataError, match=r"mine.toml, weapon 1, rof: "):
        CprData().weapons  # noqa: B018


def test_dec_876_a_cpr_weapon_rolling_past_the_pool_limit_is_named(home: Path) -> None:
    """DEC-876: `damage_d6 = 5000` was taken and refused at every shot with no file or row;
    the row is refused as it is read."""
    install(home, CPR_ROW.replace("damage_d6 = 3", "damage_d6 = 5000"))
    with pytest.raises(TableDataError, match=r"mine.toml, weapon 1, damage_d6: .* 1000"):
        CprData().weapons  # noqa: B018
