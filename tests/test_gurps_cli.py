"""``firefight gurps ...`` and ``firefight odds gurps ...`` (issue 15): the plug-in's commands,
mounted through its seams, with the shared JSON shape; refusals name the rule."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.rulesets import find_ruleset, ruleset_names
from firefight.rulesets.gurps import GURPS

runner = CliRunner()
#: The .38 aimed for a second at 5 yd, skill 14.
AIMED_SHOT = [
    "gurps",
    "shoot",
    "--weapon",
    "revolver-38",
    "--skill",
    "14",
    "--distance",
    "5",
    "--aim",
    "1",
]


def validator() -> Draft202012Validator:
    """The shared resolution schema (docs/json.md)."""
    printed = runner.invoke(app, ["schema"])
    assert printed.exit_code == 0
    return Draft202012Validator(json.loads(printed.output))


def test_gur_core_1_the_plug_in_is_installed() -> None:
    """GUR-CORE-1: gurps is found through its entry point."""
    assert "gurps" in ruleset_names()
    assert isinstance(find_ruleset("gurps"), GURPS)


def test_gur_core_1_shoot_json() -> None:
    """GUR-CORE-1: a shot with scripted dice, as JSON: summary, trace, dice."""
    result = runner.invoke(
        app,
        [
            *AIMED_SHOT,
            "--hp",
            "12",
            "--rolls",
            "3,3,4,6,6,4,4,4",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ruleset"] == "gurps" and data["action"]["name"] == "shoot"
    assert data["result"]["outcome"] == "hit"
    assert data["result"]["injury"] == 11 and data["result"]["major_wound"] is True
    faces = [3, 3, 4, 6, 6, 4, 4, 4]
    assert data["dice"] == {"source": "scripted", "rolls": faces, "used": faces}
    assert any(e.get("rule") == "G-2" for e in data["trace"] for e in e.get("parts", [e]))


def test_gur_move_1_refusal_names_the_rule() -> None:
    """GUR-MOVE-1: aiming while running is refused before any die, naming the rule."""
    aimed_running = [
        *AIMED_SHOT,
        "--moving",
        "running",
        "--seed",
        "1",
    ]
    result = runner.invoke(app, aimed_running)
    assert result.exit_code == 2
    assert "GUR-MOVE-1" in result.output
    refused = runner.invoke(app, [*aimed_running, "--json"])
    doc = json.loads(refused.stdout)
    assert doc["result"]["outcome"] == "refused" and doc["result"]["rule"] == "GUR-MOVE-1"
    validator().validate(doc)


def test_gur_ind_1_fire_indirect_refuses_a_beam() -> None:
    """GUR-IND-1: a beam weapon cannot be fired indirectly."""
    result = runner.invoke(
        app,
        [
            "gurps",
            "fire-indirect",
            "--weapon",
            "laser-pistol",
            "--skill",
            "14",
            "--distance",
            "5",
            "--seed",
            "1",
        ],
    )
    assert result.exit_code == 2 and "GUR-IND-1" in result.output


def test_bounds_live_in_the_declaration() -> None:
    """GUR-CORE-1: a skill out of bounds is refused by the declaration, naming the option."""
    result = runner.invoke(
        app, ["gurps", "shoot", "--weapon", "revolver-38", "--skill", "99", "--distance", "5"]
    )
    assert result.exit_code == 2 and "--skill" in result.output


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["stray", "--missed-by", "3", "--down-range", "Bob:\u00b2"], "NAME:NUMBER[:foe]"),
        (["random-fire", "--exposed", "Ann:\u00b2"], "NAME or NAME:MOD"),
        (["area-fire", "--ammo", "white-phosphorus", "--in-area", "Bob:\u00b2"], "NAME[:DR"),
    ],
)
def test_gur_wrong_2_gur_fire_1_a_number_that_is_no_number_is_refused(
    argv: list[str], says: str
) -> None:
    """GUR-WRONG-2, GUR-FIRE-1: a superscript passes str.isdigit but not int: it crashed the
    reading with a traceback. It is refused saying the form the option takes."""
    result = runner.invoke(app, ["gurps", *argv, "--rolls", "3,3,3"])
    assert result.exit_code == 2 and says in result.output, result.output


def test_gur_reload_1_reload_and_other_commands() -> None:
    """GUR-RELOAD-1, GUR-WRONG-2, GUR-FIRE-1: the house-rule commands run."""
    for argv in (
        ["gurps", "reload", "--weapon", "musket", "--skill", "13", "--rolls", "2,3,3", "--json"],
        [
            "gurps",
            "stray",
            "--missed-by",
            "3",
            "--down-range",
            "Bob:9",
            "--rolls",
            "3,3,3",
            "--json",
        ],
        ["gurps", "random-fire", "--exposed", "Ann", "--rolls", "3,3,3", "--json"],
        [
            "gurps",
            "throw",
            "--weapon",
            "thrown-knife",
            "--skill",
            "12",
            "--distance",
            "3",
            "--rolls",
            "3,3,3,1,1,1",
            "--json",
        ],
    ):
        result = runner.invoke(app, argv)
        assert result.exit_code == 0, result.output
        doc = json.loads(result.output)
        assert "headline" in doc["result"]
        validator().validate(doc)


def test_gur_core_1_odds_shoot_json() -> None:
    """GUR-CORE-1: ``odds gurps shoot`` gives the exact stats through the fast path."""
    result = runner.invoke(
        app,
        [
            "odds",
            "gurps",
            "shoot",
            "--weapon",
            "revolver-38",
            "--skill",
            "8",
            "--distance",
            "2",
            "--aim",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["method"] == "fast exact"
    assert abs(data["stats"]["p_hit"]["value"] - 0.5) < 1e-12


def test_gur_mod_1_modifier_listing_and_catalogs() -> None:
    """GUR-MOD-1: the catalog is listed; the weapons catalog shows the 3e figures."""
    listed = runner.invoke(app, ["gurps", "modifiers"])
    assert listed.exit_code == 0 and "prone-head-down" in listed.output
    weapons = runner.invoke(app, ["weapons", "--ruleset", "gurps", "--json"])
    assert weapons.exit_code == 0 and "longbow" in weapons.output


def test_g2_sweep_over_skill_and_range() -> None:
    """G-2, G-1: the sweep over skill x distance; the skill-8 shot at 2 yd hits half the time
    (aimed, Acc 2) and the farther rows are worse."""
    result = runner.invoke(
        app,
        [
            "odds",
            "sweep",
            "gurps",
            "shoot",
            "--weapon",
            "revolver-38",
            "--skill",
            "12",
            "--distance",
            "5",
            "--aim",
            "1",
            "--skills",
            "8,12",
            "--distances",
            "2,45",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["rows"]
    by = {(r["skill"], r["distance"]): r["p_hit"] for r in rows}
    assert abs(by[(8, 2.0)] - 0.5) < 1e-12
    assert by[(12, 45.0)] < by[(12, 2.0)]


def test_gur_wrong_2_outcome_words() -> None:
    """GUR-WRONG-2, GUR-RELOAD-1: a critical miss is a fumble, a stray that strikes someone a
    hit, a failed load a failure (the shared outcome vocabulary)."""
    gurps = find_ruleset("gurps")
    assert gurps.outcome_word({"hits": 0, "critical_miss": True}) == "fumble"
    assert gurps.outcome_word({"hits": 0, "critical_miss": False}) == "miss"
    assert gurps.outcome_word({"hits": 2}) == "hit"
    assert gurps.outcome_word({"hit": "Bob"}) == "hit"
    assert gurps.outcome_word({"hit": []}) == "miss"
    assert gurps.outcome_word({"loaded": False, "seconds": 20}) == "failure"
    assert gurps.outcome_word({"barrel_burst": {}, "hits": 0}) == "fumble"


def test_gur_core_1_a_sweep_csv_keeps_every_column_when_its_first_point_is_refused(
    tmp_path: Path,
) -> None:
    """GUR-CORE-1: past the revolver's Max the first point is refused; the CSV still has every
    stat column (the refused rows empty there) and the reason in its last column."""
    out = tmp_path / "sweep.csv"
    args = ["odds", "sweep", "gurps", "shoot", "--weapon", "revolver-38", "--skill", "12"]
    args += ["--distance", "5", "--skills", "10,12", "--distances", "5000,5", "--csv", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.read_text(encoding="utf-8").splitlines()))
    assert [(r["skill"], r["distance"]) for r in rows] == [
        ("10", "5000"),
        ("10", "5"),
        ("12", "5000"),
        ("12", "5"),
    ]
    refused = [r for r in rows if r["refused"]]
    assert len(refused) == 2 and all("Max of 1500 yd" in r["refused"] for r in refused)
    assert all(r["p_hit"] == "" for r in refused)
    # Skill 12 -2 at 5 yd is 10: half the rolls; skill 10 falls below SS and snaps at -4.
    assert rows[3]["p_hit"] == "0.5" and rows[1]["p_hit"] == "0.018519"


def test_g2_a_sweep_takes_its_lists_in_the_options_of_the_shot() -> None:
    """G-2, G-1: like the rmu and cards sweeps, `--skill` and `--distance` take a list or a
    range themselves (they were required single values the sweep then threw away, and
    `--skill 8:18:2` stopped with a parse error), and any other option may be swept too."""
    args = ["odds", "sweep", "gurps", "shoot", "--weapon", "revolver-38"]
    args += ["--skill", "8,12", "--distance", "2,45", "--aim", "0,1", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["rows"]
    by = {(r["skill"], r["distance"], r["aim"]): r["p_hit"] for r in rows}
    assert len(by) == 8
    assert abs(by[(8, 2.0, 1)] - 0.5) < 1e-12  # aimed, Acc 2: a 10 or less
    assert by[(12, 45.0, 1)] < by[(12, 2.0, 1)]
    text = runner.invoke(app, args[:-1])
    assert text.exit_code == 0, text.output
    assert "aim 1" in text.output
    # The older spelling still works, and needs no single values beside it.
    older = ["odds", "sweep", "gurps", "shoot", "--weapon", "revolver-38", "--aim", "1"]
    result = runner.invoke(app, [*older, "--skills", "8,12", "--distances", "2,45", "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.output)["rows"]) == 4


def test_dec_819_a_gms_modifier_is_added_to_the_effective_skill() -> None:
    """DEC-819: `--mod VALUE:LABEL` (rmu's and cpr's option, read by the same parser) adds its
    value to the effective skill, +2 helping the shooter, and the trace lists it by its label;
    `throw` and the odds take it too; a malformed one is refused naming --mod, no die rolled."""

    def skill(*extra: str) -> tuple[int, list[tuple[int, str]]]:
        result = runner.invoke(app, [*AIMED_SHOT, *extra, "--rolls", "3,3,4,6,6,4,4,4", "--json"])
        assert result.exit_code == 0, result.output
        total = json.loads(result.output)["trace"][0]
        return total["value"], [(p["value"], p["label"]) for p in total["parts"]]

    plain, _ = skill()
    modified, parts = skill("--mod", "+2:spotter", "--mod", "-3:wind")
    assert modified == plain - 1
    assert parts[-2:] == [(2, "spotter"), (-3, "wind")]
    thrown = runner.invoke(
        app,
        [
            *("gurps", "throw", "--weapon", "thrown-knife", "--skill", "12", "--distance", "3"),
            *("--mod", "+2:spotter", "--rolls", "3,3,4,2"),
        ],
    )
    assert thrown.exit_code == 0, thrown.output
    assert "effective skill = 13" in thrown.output and "+2  spotter" in thrown.output
    odds = [
        runner.invoke(app, ["odds", *AIMED_SHOT, *extra, "--json"])
        for extra in ([], ["--mod", "-4"])
    ]
    hit = [json.loads(o.output)["stats"]["p_hit"]["value"] for o in odds]
    assert hit[1] < hit[0]
    refused = runner.invoke(app, [*AIMED_SHOT, "--mod", "2 spotter", "--rolls", "3,3,4"])
    assert refused.exit_code == 2
    assert "--mod: takes VALUE:LABEL with VALUE -99 to 99, e.g. '+2:spotter', not '2 spotter'." in (
        refused.output
    )


@pytest.mark.parametrize("command", [["gurps", "shoot"], ["odds", "gurps", "shoot"]])
def test_an_unknown_gurps_weapon_is_refused_as_every_ruleset_refuses_one(
    command: list[str],
) -> None:
    """C-10's wording in every ruleset: 'glock-17' (an rmu key) was refused "refused:
    GUR-CORE-1: ... is not one of the 21 names. Did you mean 'matchlock'?", a core rule cited
    for a catalog lookup and no name worth typing; rmu, cpr and cards say "error: --weapon:"
    and the names, as gurps does now (pistol-9mm among them)."""
    result = CliRunner().invoke(
        app, [*command, "--weapon", "glock-17", "--skill", "14", "--distance", "20"]
    )
    assert result.exit_code == 2 and result.stdout == ""
    said = result.stderr.strip()
    assert said.startswith("error: --weapon: 'glock-17' is not one of assault-rifle, bow,")
    assert "pistol-9mm" in said and said.endswith("Did you mean 'matchlock'?")


def test_dec_907_shoot_refuses_a_thrown_weapon_as_throw_refuses_a_gun() -> None:
    """GUR-IND-1, DEC-907: `gurps throw` refused a pistol ("shot, not thrown: use shoot") but
    `gurps shoot` threw a knife. Each command takes its own weapons; the refusal names the
    rule and the command to use, and rolls nothing."""
    runner = CliRunner()
    base = ["--skill", "12", "--distance", "3", "--rolls", "3,3,3,1,1,1"]
    shot = runner.invoke(app, ["gurps", "shoot", "--weapon", "thrown-knife", *base])
    assert shot.exit_code == 2
    assert "GUR-IND-1: A thrown-knife is thrown, not shot: use throw." in shot.output
    thrown = runner.invoke(app, ["gurps", "throw", "--weapon", "thrown-knife", *base])
    assert thrown.exit_code == 0, thrown.output
    gun = runner.invoke(app, ["gurps", "throw", "--weapon", "pistol-45", *base])
    assert gun.exit_code == 2 and "use shoot" in gun.output


def test_dec_889_odds_shoot_refuses_a_thrown_weapon_and_odds_throw_takes_it() -> None:
    """GUR-IND-1, DEC-907, DEC-889: `odds gurps shoot --weapon thrown-knife` gave a throw's
    odds under "gurps shot", though `gurps shoot` refuses the knife. It is refused as that
    command refuses it, and `odds gurps throw` gives the throw's exact odds (the fast path's,
    equal to the generic enumeration of every face), refusing a gun with `gurps throw`'s words."""
    base = ["--skill", "12", "--distance", "3"]
    shot = runner.invoke(app, ["odds", "gurps", "shoot", "--weapon", "thrown-knife", *base])
    assert shot.exit_code == 2 and shot.stdout == ""
    assert (
        shot.stderr.strip() == "refused: GUR-IND-1: A thrown-knife is thrown, not shot: use throw."
    )
    gun = runner.invoke(app, ["odds", "gurps", "throw", "--weapon", "pistol-45", *base])
    assert gun.exit_code == 2 and gun.stdout == ""
    assert gun.stderr.strip() == "refused: GUR-IND-1: A pistol-45 is shot, not thrown: use shoot."
    shown = runner.invoke(app, ["odds", "gurps", "throw", "--weapon", "thrown-knife", *base])
    assert shown.exit_code == 0 and "gurps throw: thrown-knife" in shown.stdout
    fast, generic = (
        json.loads(
            runner.invoke(
                app,
                ["odds", "gurps", "throw", "--weapon", "thrown-knife", *base, "--json", *method],
            ).stdout
        )
        for method in ([], ["--method", "generic"])
    )
    assert (fast["method"], generic["method"]) == ("fast exact", "exact")
    assert fast["stats"] == generic["stats"] and fast["stats"]["p_hit"]["value"] == 0.625


def test_dec_889_a_sweep_takes_the_weapons_its_command_takes() -> None:
    """DEC-889: `odds sweep gurps shoot` refuses a thrown weapon's points as `odds gurps
    shoot` does; `odds sweep gurps throw` sweeps them."""
    grid = ["--weapon", "thrown-knife,revolver-38", "--skill", "12", "--distance", "3", "--json"]
    shot = json.loads(runner.invoke(app, ["odds", "sweep", "gurps", "shoot", *grid]).stdout)
    thrown = json.loads(runner.invoke(app, ["odds", "sweep", "gurps", "throw", *grid]).stdout)
    assert (shot["action"], thrown["action"]) == ("shoot", "throw")
    refused = {row["weapon"]: row["refused"] for row in shot["rows"]}
    assert refused["thrown-knife"] == "GUR-IND-1: A thrown-knife is thrown, not shot: use throw."
    assert refused["revolver-38"] == ""
    rows = {row["weapon"]: row for row in thrown["rows"]}
    assert rows["thrown-knife"]["p_hit"] == 0.625
    assert (
        rows["revolver-38"]["refused"] == "GUR-IND-1: A revolver-38 is shot, not thrown: use shoot."
    )
