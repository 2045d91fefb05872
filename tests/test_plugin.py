"""A ruleset is one folder plus one entry point (issue 10): the toy d6 ruleset in
tests/plugins, installed here as its own distribution, gets command-line commands, encounter
actions, odds and a kind of data table without any edit to a core file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight import rulesets as registry
from firefight.cli.app import app

PLUGINS = Path(__file__).parent / "plugins"
runner = CliRunner()

SCENE = """
[scenario]
title = "Toy duel"
ruleset = "d6"

[[combatant]]
name = "Ann"
position = [0, 0]
skill = 2

[[combatant]]
name = "Bob"
position = [10, 0]
wounds = 1
"""


@pytest.fixture
def d6_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The toy ruleset as an installed distribution: a dist-info with its entry point."""
    dist = tmp_path / "site" / "firefight_d6-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: firefight-d6\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[firefight.rulesets]\nd6 = firefight_d6:D6\n")
    monkeypatch.syspath_prepend(str(PLUGINS))
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path / "home"))
    registry._entry_points.cache_clear()
    registry._load.cache_clear()
    yield tmp_path
    registry._entry_points.cache_clear()
    registry._load.cache_clear()


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_the_plugin_is_found_through_its_entry_point(d6_installed: Path) -> None:
    assert "d6" in registry.ruleset_names()
    assert "d6" in _run("rulesets")
    assert "d6" in _run("--help")


def test_the_plugin_gets_its_commands(d6_installed: Path) -> None:
    success = json.loads(
        _run("d6", "check", "--skill", "2", "--target", "4", "--rolls", "2", "--json")
    )
    # The plug-in's typed result (CheckResult) written as the JSON ``result``.
    assert success["result"] == {"outcome": "success", "total": 4, "target": 4}
    failure = json.loads(
        _run("d6", "check", "--skill", "0", "--target", "4", "--rolls", "3", "--json")
    )
    assert failure["result"]["outcome"] == "failure"


def test_the_plugin_gets_odds(d6_installed: Path) -> None:
    # skill 1 against 4: faces 3-6 succeed.
    payload = json.loads(_run("odds", "d6", "check", "--skill", "1", "--target", "4", "--json"))
    assert payload["stats"]["p_success"] == pytest.approx(4 / 6)


def test_the_plugin_gets_a_table_kind(d6_installed: Path) -> None:
    listed = json.loads(_run("tables", "list", "--ruleset", "d6", "--json"))
    assert [(t["name"], t["kind"]) for t in listed["tables"]] == [("difficulty", "ladder")]
    shown = _run("tables", "show", "difficulty", "--ruleset", "d6")
    assert "hard" in shown and "6" in shown


def test_the_plugin_runs_encounters(d6_installed: Path) -> None:
    scene = d6_installed / "duel.toml"
    scene.write_text(SCENE)
    store = ["--store", f"sqlite:///{d6_installed / 'fights.db'}"]
    _run("encounter", "new", "duel", "--scenario", str(scene), *store)
    _run("encounter", "act", "duel", "Ann shoots Bob", "--rolls", "2", *store)
    state = json.loads(_run("encounter", "show", "duel", "--json", *store))
    bob = next(c for c in state["combatants"] if c["name"] == "Bob")
    assert bob["wounds_left"] == 0 and bob["unconscious"] is True
    refused = runner.invoke(app, ["encounter", "act", "duel", "Ann shoots Bob", *store])
    assert refused.exit_code == 2
    assert "D6-1" in refused.output
    _run("encounter", "undo", "duel", *store)
    state = json.loads(_run("encounter", "show", "duel", "--json", *store))
    assert next(c for c in state["combatants"] if c["name"] == "Bob")["wounds_left"] == 1


def test_a_plugin_fighter_down_is_refused_by_its_validation(d6_installed: Path) -> None:
    scene = d6_installed / "duel.toml"
    scene.write_text(SCENE)
    store = ["--store", f"sqlite:///{d6_installed / 'fights.db'}"]
    _run("encounter", "new", "duel", "--scenario", str(scene), *store)
    _run("encounter", "act", "duel", "Ann shoots Bob", "--rolls", "2", *store)
    refused = runner.invoke(app, ["encounter", "act", "duel", "Bob shoots Ann", *store])
    assert refused.exit_code == 2
    assert "ENC-DOWN: Bob is out of the fight." in refused.output


def test_the_plugin_fights_are_simulated_in_its_initiative_order(
    d6_installed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = d6_installed / "duel.toml"
    scene.write_text(SCENE.replace("wounds = 1", 'wounds = 1\nside = "outlaws"'))
    played = json.loads(_run("odds", "simulate", str(scene), "--fights", "200", "--json"))
    # Ann (skill 2) hits on 2-6 and goes first; Bob must hit twice (4-6) before she hits once.
    # Ann is given no side: her side's wins are named so, not a crash.
    assert set(played["winners"]) <= {"(no side)", "outlaws"}
    assert played["winners"]["(no side)"] > 0.95
    shown = _run("odds", "simulate", str(scene), "--fights", "20")
    assert "(no side) play plain" in shown
    # A ruleset that orders no turns is refused, not reported as fights nobody fought.
    from firefight_d6 import D6
    from firefight_d6.encounter import nothing

    monkeypatch.setattr(D6, "initiative", lambda self, state, dice: nothing())
    refused = runner.invoke(app, ["odds", "simulate", str(scene), "--fights", "5"])
    assert refused.exit_code == 2
    assert "ENC-RULESET: The d6 ruleset orders nobody's turns" in refused.output


def test_the_plugin_bounds_are_checked_alike_on_every_command(d6_installed: Path) -> None:
    # One declaration (Check) bounds --skill for the resolving and the odds command alike.
    for command in (["d6", "check"], ["odds", "d6", "check"]):
        refused = runner.invoke(app, [*command, "--skill", "99", "--target", "4"])
        assert refused.exit_code == 2
        assert "D6-1: --skill: 99 is more than 10" in refused.output


def test_the_plugin_action_line_options_come_from_its_declaration(d6_installed: Path) -> None:
    scene = d6_installed / "duel.toml"
    scene.write_text(SCENE)
    store = ["--store", f"sqlite:///{d6_installed / 'fights.db'}"]
    _run("encounter", "new", "duel", "--scenario", str(scene), *store)
    before = _run("encounter", "log", "duel", "--json", *store)
    refused = runner.invoke(app, ["encounter", "act", "duel", "Ann shoots Bob --aim 5", *store])
    assert refused.exit_code == 2
    assert "D6-2: --aim: 5 is more than 2, the most it can be." in refused.output
    assert _run("encounter", "log", "duel", "--json", *store) == before
    # skill 2 + aim 1 + a rolled 1 = 4: the aim makes a miss a hit.
    _run("encounter", "act", "duel", "Ann shoots Bob --aim 1", "--rolls", "1", *store)
    state = json.loads(_run("encounter", "show", "duel", "--json", *store))
    assert next(c for c in state["combatants"] if c["name"] == "Bob")["wounds_left"] == 0
