"""The cpr declarations (issue 10): one frozen dataclass per action makes every ``cpr`` command's
options and ``odds cpr shoot`` / ``odds cpr autofire``'s, and checks every value before a die is
rolled (DEC-188: limits; DEC-189: contradictory options)."""

from __future__ import annotations

import inspect
import json

import pytest
import typer
from typer.testing import CliRunner

from firefight.cli.app import app as firefight_app
from firefight.cli.odds_kit import ODDS_OPTIONS
from firefight.declarations import DeclarationError, declare, options_of
from firefight.errors import RuleRefusal
from firefight.geometry import Point
from firefight.rulesets.cpr.area_options import (
    ExplodeOptions,
    ShotgunShellsOptions,
    SuppressOptions,
)
from firefight.rulesets.cpr.attack_options import (
    AutofireOptions,
    DamageOptions,
    ShootOptions,
    ThrowOptions,
)
from firefight.rulesets.cpr.cli import odds as cpr_odds
from firefight.rulesets.cpr.cli.commands import app
from firefight.rulesets.cpr.combatants import Aim
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.encounter_actions import Shoot as EncounterShoot
from firefight.rulesets.cpr.encounter_actions import parse_cpr_action
from firefight.rulesets.cpr.option_text import MAX_DAMAGE_D6, parse_target
from firefight.rulesets.cpr.upkeep_options import (
    DeathSaveOptions,
    ReloadOptions,
    StabilizeOptions,
)
from firefight.scene.state import CombatantState, EncounterState

runner = CliRunner()

DECLARATIONS: dict[str, type] = {
    "shoot": ShootOptions,
    "autofire": AutofireOptions,
    "suppress": SuppressOptions,
    "shotgun-shells": ShotgunShellsOptions,
    "explode": ExplodeOptions,
    "throw": ThrowOptions,
    "reload": ReloadOptions,
    "damage": DamageOptions,
    "death-save": DeathSaveOptions,
    "stabilize": StabilizeOptions,
}
DICE = {"rolls", "seed", "ask", "as_json"}
PISTOL = ["--weapon", "medium-pistol", "--ref", "7", "--skill", "6"]


def _parameters(group: typer.Typer, name: str) -> set[str]:
    command = next(c for c in group.registered_commands if c.name == name)
    assert command.callback is not None
    return set(inspect.signature(command.callback).parameters)


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_every_cpr_command_takes_its_declarations_fields_and_the_dice() -> None:
    assert {c.name for c in app.registered_commands} == set(DECLARATIONS)
    for name, declaration in DECLARATIONS.items():
        fields = {o.name for o in options_of(declaration)}
        extra = {"as_json"} if name == "reload" else DICE
        assert _parameters(app, name) == fields | extra, name


@pytest.mark.parametrize(
    ("name", "declaration"), [("shoot", ShootOptions), ("autofire", AutofireOptions)]
)
def test_odds_cpr_takes_exactly_the_resolving_commands_options(
    name: str, declaration: type
) -> None:
    fields = {o.name for o in options_of(declaration)}
    odds = {n for n, _, _ in ODDS_OPTIONS}
    assert _parameters(cpr_odds.app, name) == fields | odds
    assert _parameters(app, name) - DICE == _parameters(cpr_odds.app, name) - odds


@pytest.mark.parametrize(
    ("args", "start"),
    [
        # CPR-RNG-1: a distance is finite and not negative, refused under the range table's rule
        ([*PISTOL, "--distance", "inf"], "refused: CPR-RNG-1: --distance: takes a finite number"),
        ([*PISTOL, "--distance", "-1"], "refused: CPR-RNG-1: --distance: -1 m is less than 0"),
        ([*PISTOL, "--distance", "nan"], "refused: CPR-RNG-1: --distance: takes a finite number"),
        # DEC-188: stats and skills on the cpr scale
        (
            ["--weapon", "smg", "--ref", "-5", "--skill", "6", "--distance", "10"],
            "error: --ref: -5",
        ),
        ([*PISTOL[:4], "--skill", "99", "--distance", "10"], "error: --skill: 99 is more than 10"),
        ([*PISTOL, "--distance", "10", "--dodge", "8/70/6"], "error: --dodge: DEX 70"),
        ([*PISTOL, "--distance", "10", "--target-injury", "nosuch"], "error: --target-injury: "),
        ([*PISTOL, "--distance", "10", "--injury", "broken-lg"], "error: --injury: 'broken-lg'"),
        ([*PISTOL, "--distance", "10", "--armor", "9" * 150], "error: --armor: takes a whole"),
        ([*PISTOL, "--distance", "10", "--hp", "30/" + "9" * 150], "error: --hp: takes HP/MAX"),
        ([*PISTOL, "--distance", "10", "--mod", "9" * 150], "error: --mod: takes VALUE:LABEL"),
        # CPR-AMMO-1: rounds in a magazine are not negative; a bow has no magazine (DEC-189)
        ([*PISTOL, "--distance", "10", "--loaded", "-1"], "refused: CPR-AMMO-1: --loaded: -1"),
        (
            ["--weapon", "bow", "--ref", "7", "--skill", "6", "--distance", "10", "--loaded", "3"],
            "refused: CPR-AMMO-1: A bow has no magazine",
        ),
    ],
)
def test_cpr_rng_1_cpr_ammo_1_dec_184_shoot_refuses_bad_values_before_rolling(
    args: list[str], start: str
) -> None:
    """Each refusal comes before a die is asked for (no dice are given) and matches ``odds cpr
    shoot``'s line."""
    code, out, err = run("shoot", *args, "--rolls", "1")
    assert code == 2 and out == ""
    assert err.startswith(start), err
    asking = runner.invoke(firefight_app, ["odds", "cpr", "shoot", *args])
    assert asking.exit_code == 2 and asking.output.startswith(start)


def test_cpr_rng_1_a_refused_distance_prints_the_json_envelope() -> None:
    code, out, _ = run("autofire", "--weapon", "smg", "--ref", "7", "--skill", "5",
                       "--distance", "inf", "--rolls", "1", "--json")  # fmt: skip
    assert code == 2
    envelope = json.loads(out)
    assert envelope["result"]["outcome"] == "refused"
    assert envelope["action"]["name"] == "autofire"


GRENADE = ["explode", "--weapon", "grenade", "--placed"]
SHELLS = ["shotgun-shells", "--ref", "6", "--skill", "5"]
KNIFE = ["throw", "--weapon", "knife", "--athletics", "5"]
SUPPRESS = ["suppress", "--weapon", "smg", "--ref", "7", "--skill", "5"]


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (
            ["damage", "--damage", "999999999d6"],
            f"error: --damage: 999999999d6 is more than {MAX_DAMAGE_D6}d6",
        ),
        ([*GRENADE, "--at", "0,0", "--damage", "100000000d6"], "error: --damage: 100000000d6"),
        ([*GRENADE, "--at", "nan,0"], "error: --at: takes finite X,Y"),
        ([*GRENADE, "--at", "inf,0"], "error: --at: takes finite X,Y"),
        ([*SHELLS, "--toward", "nan,nan", "--target", "A:2,0"], "error: --toward: takes finite"),
        ([*SHELLS, "--target", "A:1e400,0"], "error: --target position: takes finite X,Y"),
        ([*SUPPRESS, "--target", "A:1,0:will=99"], "error: --target will=: will 99 is not"),
        ([*KNIFE, "--dex", "7", "--distance", "inf"], "refused: CPR-THR-1: --distance: takes a"),
        ([*KNIFE, "--dex", "70", "--distance", "5"], "error: --dex: 70 is more than 10"),
        (["death-save", "--body", "11"], "error: --body: 11 is more than 10"),
        (["death-save", "--body", "6", "--saves", "-1"], "error: --saves: -1 is less than 0"),
        (["stabilize", "--tech", "-1", "--skill", "4"], "error: --tech: -1 is less than 0"),
    ],
)
def test_dec_184_every_command_bounds_its_figures_before_rolling(
    args: list[str], start: str
) -> None:
    code, out, err = run(*args, "--rolls", "1")
    assert code == 2 and out == ""
    assert err.startswith(start), err


def test_cpr_thr_1_thrown_only_for_a_melee_weapon() -> None:
    """CPR-THR-1 (DEC-189): --thrown changes how a melee weapon meets armor; on a firearm or
    bare dice it contradicts the weapon and is refused."""
    code, _, err = run("damage", "--weapon", "heavy-pistol", "--thrown", "--rolls", "1")
    assert code == 2
    assert err.startswith("refused: CPR-THR-1: Throwing changes only how a melee weapon")
    code, _, err = run("damage", "--damage", "2d6", "--thrown", "--rolls", "1")
    assert code == 2 and "CPR-THR-1" in err
    code, _, _ = run("damage", "--weapon", "knife", "--thrown", "--rolls", "3,3")
    assert code == 0


def test_cpr_ammo_1_loaded_needs_a_magazine_for_area_weapons_too() -> None:
    """CPR-AMMO-1 (DEC-189): a grenade placed has no magazine to count."""
    code, _, err = run("explode", "--weapon", "grenade", "--placed", "--at", "0,0",
                       "--loaded", "1", "--rolls", "1")  # fmt: skip
    assert code == 2 and err.startswith("refused: CPR-AMMO-1: A grenade has no magazine")


def test_dec_185_a_knife_throw_takes_no_aim_point() -> None:
    code, _, err = run("throw", "--weapon", "knife", "--dex", "7", "--athletics", "5",
                       "--distance", "5", "--at", "3,0", "--rolls", "1")  # fmt: skip
    assert code == 2 and err.startswith("error: --at: is for a grenade")


def test_dec_184_declare_checks_the_same_bounds_without_a_command_line() -> None:
    """The declaration checks a value wherever it comes from (an action line, a sweep)."""
    good = declare(ShootOptions, weapon="smg", ref=7, skill=5, distance=(10.0,))
    assert good.build(CprData()).shots[0].distance_m == 10.0
    with pytest.raises(DeclarationError, match="--ref: 11 is more than 10"):
        declare(ShootOptions, weapon="smg", ref=11, skill=5, distance=(10.0,))
    with pytest.raises(DeclarationError, match="--target-injury: 'x' is not one of"):
        declare(AutofireOptions, weapon="smg", ref=7, skill=5, distance=10.0, target_injury=["x"])


def test_a_target_spec_keeps_its_fields() -> None:
    target = parse_target("Ana:12,3:sp=11:hp=30/35:dodge=8/7/6:will=5:conc=3:resist=2", CprData())
    assert (target.will, target.concentration, target.resist) == (5, 3, 2)


def _scene() -> EncounterState:
    people = tuple(
        CombatantState(name=n, position=Point(x_ft=i, y_ft=0)) for i, n in enumerate(["V", "Rook"])
    )
    return EncounterState(title="t", ruleset="cpr", combatants=people)


def test_action_lines_read_the_options_their_actions_declare() -> None:
    """An action line's options are the encounter action's declared fields, checked as the
    command line checks its own: an aim names a choice (with a close match), a list is bounded."""
    shot = parse_cpr_action("V shoots Rook --with pistol --aim leg --twice --unseen", _scene())
    assert isinstance(shot, EncounterShoot)
    assert (shot.weapon, shot.aim, shot.twice, shot.unseen) == ("pistol", Aim.LEG, True, True)
    with pytest.raises(RuleRefusal, match=r"ENC-ACTION: --aim: 'haed' is not one of .*'head'"):
        parse_cpr_action("V autofires at Rook --aim haed", _scene())
    many = " ".join(f"--modifier luck:{i}" for i in range(13))
    with pytest.raises(
        RuleRefusal, match="--modifier: given 13 times; give --modifier 12 times at most"
    ):
        parse_cpr_action(f"V throws knife at Rook {many}", _scene())
