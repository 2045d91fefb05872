"""What a user catalog is checked for beyond its rows' own fields: a cpr weapon's or load's
skill must be one the rules know (CPR-HIT-2), and a scenario's own catalog.toml is checked by
``firefight catalog check PATH`` as loading the scenario reads it; every error names the file
and the row."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from catalog_support import install
from firefight.cli.app import app
from firefight.encounter.scenario import ScenarioError, initial_state, load_scenario
from firefight.errors import TableDataError
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.fighter import fighter

ROOT = Path(__file__).resolve().parents[1]
CPR = ROOT / "examples" / "my-cpr-catalog.toml"
ALLEY = ROOT / "examples" / "back-alley"
MISSPELT = "weapon 1, skill: 'Handgunz' is not a cpr skill"

SCENARIO = """\
[scenario]
title = "Flechettes"
ruleset = "cpr"

[[combatant]]
name = "V"
position = [0, 0]
hp = 40
ref = 7
dex = 7
will = 6
move = 6
skills = { handgun = 6 }

[[combatant.weapon]]
weapon = "flechette pistol"
"""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of the test's own; the process's cpr data is read again with it, and again
    after it."""
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path / "home"))
    vars(find_ruleset("cpr")).pop("data", None)
    yield tmp_path / "home"
    vars(find_ruleset("cpr")).pop("data", None)


def _misspelt() -> str:
    return CPR.read_text().replace('skill = "Handgun"', 'skill = "Handgunz"')


def test_cpr_hit_2_dec_838_a_misspelt_weapon_skill_is_refused_with_the_closest_one(
    home: Path,
) -> None:
    """It was taken as a new skill, and the shooter's Handgun then counted +0."""
    path = install(home, _misspelt())
    with pytest.raises(TableDataError) as bad:
        CprData().weapons  # noqa: B018
    assert str(bad.value).startswith(f"{path}, {MISSPELT}")
    assert str(bad.value).endswith("(CPR-HIT-2, DEC-838); did you mean 'Handgun'?")


def test_cpr_hit_2_dec_838_a_skill_written_as_a_scenario_writes_it_is_taken(home: Path) -> None:
    # Case, spaces and underscores do not matter, as for a combatant's skills.
    install(home, CPR.read_text().replace('skill = "Handgun"', 'skill = "handgun"'))
    assert CprData().weapon("flechette pistol").skill == "handgun"


def test_cpr_hit_2_dec_838_a_misspelt_resist_skill_of_a_load_is_refused(home: Path) -> None:
    load = (
        '\n[[ammo]]\nkey = "sleepy"\nname = "sleepy rounds"\nsource = "a GM\'s own"\n'
        'resist = { stat = "WILL", skill = "Resist Torture", dv = 13, unconscious = true }\n'
    )
    path = install(home, CPR.read_text() + load)
    with pytest.raises(TableDataError) as bad:
        CprData().ammo  # noqa: B018
    assert str(bad.value).startswith(f"{path}, ammo 2, resist: 'Resist Torture' is not a cpr skill")
    assert "did you mean 'Resist Torture/Drugs'?" in str(bad.value)


def test_cpr_hit_2_dec_838_catalog_add_and_check_refuse_a_misspelt_skill(
    home: Path, tmp_path: Path
) -> None:
    runner = CliRunner()
    bad = tmp_path / "bad.toml"
    bad.write_text(_misspelt())
    refused = runner.invoke(app, ["catalog", "add", str(bad)])
    assert refused.exit_code == 2
    assert f"{bad}, {MISSPELT}" in refused.stderr and "did you mean 'Handgun'?" in refused.stderr
    assert not (home / "catalogs" / "bad.toml").exists()  # nothing kept
    path = install(home, _misspelt())
    checked = runner.invoke(app, ["catalog", "check"])
    assert checked.exit_code == 2 and f"{path}, {MISSPELT}" in checked.stderr


def test_cpr_hit_2_dec_838_a_scenario_using_the_weapon_is_refused_naming_the_catalog(
    home: Path, tmp_path: Path
) -> None:
    path = install(home, _misspelt())
    scenario = tmp_path / "flechettes.toml"
    scenario.write_text(SCENARIO)
    with pytest.raises(ScenarioError) as bad:
        load_scenario(scenario)
    assert f"{path}, {MISSPELT}" in str(bad.value)
    install(home, CPR.read_text())
    vars(find_ruleset("cpr")).pop("data", None)
    v = fighter(initial_state(load_scenario(scenario)).combatant("V"))
    assert v.skill(CprData().weapon("flechette pistol").skill) == 6  # the level now counts


def test_cpr_hit_2_dec_838_the_skills_are_those_docs_scenarios_lists() -> None:
    text = (ROOT / "docs" / "scenarios.md").read_text()
    listed = re.search(r"\| `skills` \|[^|]*\| `\{\}` \| any of ([^(]*) \(", text)
    assert listed is not None
    assert listed.group(1).split(", ") == list(CprData().figures.skills)


# --- a scenario's own catalog.toml ---------------------------------------------------------------


def _scene(tmp_path: Path, extra: str = "") -> Path:
    folder = tmp_path / "scene"
    shutil.copytree(ALLEY, folder)
    with (folder / "catalog.toml").open("a") as out:
        out.write(extra)
    return folder


def test_dec_839_catalog_check_takes_a_scenario_s_catalog_or_its_folder(
    home: Path, tmp_path: Path
) -> None:
    runner = CliRunner()
    folder = _scene(tmp_path)
    for given in (folder, folder / "catalog.toml"):
        done = runner.invoke(app, ["catalog", "check", str(given)])
        assert done.exit_code == 0, done.output
        assert f"ok {folder / 'catalog.toml'}: rmu, 1 template" in done.stdout
    missing = runner.invoke(app, ["catalog", "check", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2 and "nowhere, file: no such file" in missing.stderr
    device = runner.invoke(app, ["catalog", "check", "/dev/null"])
    assert device.exit_code == 2 and "/dev/null, file: not a file" in device.stderr


def test_dec_839_catalog_check_names_a_bad_template_of_a_scenario_s_catalog(
    home: Path, tmp_path: Path
) -> None:
    """A bad template was found only when a scenario loaded and a combatant took it."""
    folder = _scene(tmp_path, '\n[[template]]\nname = "boss"\nhits = -4\n')
    refused = CliRunner().invoke(app, ["catalog", "check", str(folder)])
    assert refused.exit_code == 2
    assert f"{folder / 'catalog.toml'}, template 2, hits: " in refused.stderr


def test_dec_839_a_weapon_in_a_scenario_s_catalog_is_refused_where_it_was_ignored(
    home: Path, tmp_path: Path
) -> None:
    """Such a catalog holds templates alone: its weapon rows were read by nothing."""
    folder = _scene(tmp_path, '\n[[weapon]]\nkey = "house-gun"\n')
    expected = f"{folder / 'catalog.toml'}, weapon 1: a scenario's catalog.toml holds templates"
    refused = CliRunner().invoke(app, ["catalog", "check", str(folder)])
    assert refused.exit_code == 2 and expected in refused.stderr
    with pytest.raises(ScenarioError) as bad:
        load_scenario(folder / "scenario.toml")
    assert str(bad.value).startswith(expected)


def test_dec_839_a_nameless_template_is_named_in_the_scenario_s_catalog_not_the_scenario(
    home: Path, tmp_path: Path
) -> None:
    folder = _scene(tmp_path, "\n[[template]]\nhits = 30\n")
    expected = f"{folder / 'catalog.toml'}, template 2, name: a template needs a name"
    with pytest.raises(ScenarioError) as bad:
        load_scenario(folder / "scenario.toml")
    assert str(bad.value) == expected
    refused = CliRunner().invoke(app, ["catalog", "check", str(folder)])
    assert expected in refused.stderr
