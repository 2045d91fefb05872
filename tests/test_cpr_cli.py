"""``firefight cpr ...``: human and JSON output, refusals, determinism, target options."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.rulesets.cpr.cli.commands import app

runner = CliRunner()

#: A heavy pistol in the hands of REF 7, Handgun 6, before the target's distance.
HEAVY_PISTOL = ["shoot", "--weapon", "heavy pistol", "--ref", "7", "--skill", "6"]
SHOOT = [*HEAVY_PISTOL, "--distance", "18", "--armor", "11"]

AUTOFIRE = ["autofire", "--weapon", "smg", "--ref", "7", "--skill", "5", "--distance", "10"]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cpr_hit_1_shoot_shows_the_itemized_trace_and_a_headline() -> None:
    code, out, _ = run(*SHOOT, "--rolls", "8,4,3,5,9")
    assert code == 0
    assert "+7  shooter's REF  [CPR-HIT-1]" in out
    assert "range DV: row Pistol, column 13-25 m -> 20  [CPR-RNG-1]" in out
    assert "HIT target: 12 damage vs SP 11, 1 through, 1 HP lost" in out
    assert "1 scripted die was not needed: [9]" in out


def test_shoot_json_is_byte_identical_for_the_same_seed() -> None:
    first = run(*SHOOT, "--seed", "11", "--json")
    second = run(*SHOOT, "--seed", "11", "--json")
    assert first[0] == 0 and first[1] == second[1]
    data = json.loads(first[1])
    assert data["ruleset"] == "cpr" and data["dice"]["seed"] == 11
    assert data["dice"]["used"] == [8, 5, 4, 4]
    assert data["action"]["name"] == "ranged-attack"
    assert data["action"]["declaration"]["weapon"] == "heavy pistol"
    assert data["action"]["declaration"]["shots"][0]["distance_m"] == 18.0
    assert list(data) == ["ruleset", "action", "dice", "result", "events", "trace"]
    assert data["events"][0] == {"type": "ActionTaken", "actor": "shooter", "action": "attack"}


def test_cpr_rof_1_two_distances_are_two_shots() -> None:
    code, out, _ = run(
        *HEAVY_PISTOL, "--distance", "18", "--distance", "4", "--rolls", "1,1,1,1", "--json"
    )
    assert code == 0
    assert [s["distance_m"] for s in json.loads(out)["result"]["shots"]] == [18.0, 4.0]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            [*HEAVY_PISTOL, "--distance", "250"],
            "refused: CPR-RNG-1: The heavy pistol does not reach 250 m on the range table (its row "
            "ends at 200 m).",
        ),
        (
            [
                "shoot",
                "--weapon",
                "shotgun",
                "--ammo",
                "shell",
                "--aim",
                "head",
                "--ref",
                "7",
                "--skill",
                "6",
                "--distance",
                "5",
            ],
            "refused: CPR-AIM-1: Shotgun shells cannot make an aimed shot.",
        ),
        (
            [*AUTOFIRE, "--loaded", "9"],
            "refused: C-5: Autofire needs 10 rounds loaded; the SMG has 9. "
            "Reloading takes an Action.",
        ),
        (
            [*AUTOFIRE, "--aim", "leg"],
            "refused: CPR-AIM-1: Autofire cannot make an aimed shot.",
        ),
        (
            ["reload", "--weapon", "bow"],
            "refused: CPR-AMMO-1: A bow is never reloaded: "
            "nocking the next one is part of the shot.",
        ),
        (
            ["shotgun-shells", "--ref", "6", "--skill", "5", "--target", "A:2,0", "--aim", "head"],
            "refused: CPR-AIM-1: Shotgun shells cannot make an aimed shot.",
        ),
    ],
)
def test_refusals_are_one_line_on_stderr_with_exit_2(args: list[str], line: str) -> None:
    code, out, err = run(*args, "--rolls", "5") if args[0] != "reload" else run(*args)
    assert code == 2
    assert out == ""
    assert err.strip().splitlines() == [line]


@pytest.mark.parametrize(
    "args",
    [
        ["shoot", "--weapon", "medium-pistl", "--ref", "7", "--skill", "6", "--distance", "10"],
        ["reload", "--weapon", "medium-pistl"],
        ["damage", "--weapon", "medium-pistl"],
        ["throw", "--weapon", "medium-pistl", "--dex", "6", "--athletics", "5"],
        ["explode", "--weapon", "medium-pistl", "--at", "1,1"],
    ],
)
def test_an_unknown_weapon_is_refused_as_every_ruleset_refuses_an_option(
    args: list[str],
) -> None:
    """C-10: the catalog takes keys, names and aliases; what it does not know is refused as
    rmu, gurps and cards refuse a --weapon, naming the option and the closest keys."""
    code, out, err = run(*args) if args[0] == "reload" else run(*args, "--seed", "1")
    assert (code, out) == (2, "")
    assert err.strip().splitlines() == [
        "error: --weapon: 'medium-pistl' is not one of assault-rifle, bow, crossbow, grenade, "
        "grenade-launcher, heavy-melee, heavy-pistol, heavy-smg, light-melee, medium-melee, "
        "medium-pistol, rocket-launcher, shotgun, smg, sniper-rifle, very-heavy-melee, "
        "very-heavy-pistol. Did you mean 'medium-pistol' or 'medium-melee' or 'heavy-pistol'?"
    ]


def test_an_unknown_weapon_with_nothing_close_lists_the_catalog() -> None:
    """C-10: 'glok' is close to no cpr weapon, and the refusal said only "is not one of the 17
    names." -- nothing to type next. The names are listed."""
    code, out, err = run("shoot", "--weapon", "glok", "--ref", "7", "--skill", "6",
                         "--distance", "10", "--seed", "1")  # fmt: skip
    assert (code, out) == (2, "")
    assert err.strip() == (
        "error: --weapon: 'glok' is not one of assault-rifle, bow, crossbow, grenade, "
        "grenade-launcher, heavy-melee, heavy-pistol, heavy-smg, light-melee, medium-melee, "
        "medium-pistol, rocket-launcher, shotgun, smg, sniper-rifle, very-heavy-melee, "
        "very-heavy-pistol."
    )


def test_a_weapon_by_its_name_or_alias_is_still_taken() -> None:
    """C-10: 'heavy pistol' and 'knife' are the catalog's own name and alias, not keys."""
    assert run(*SHOOT, "--seed", "1")[0] == 0
    throw = ["throw", "--weapon", "knife", "--dex", "6", "--athletics", "5", "--distance", "5"]
    assert run(*throw, "--seed", "1")[0] == 0


def test_bad_target_spec_is_a_clear_error() -> None:
    code, _, err = run("shotgun-shells", "--ref", "6", "--skill", "5", "--target", "Ana")
    assert code == 2 and "--target: takes NAME:X,Y" in err
    code, _, err = run("shotgun-shells", "--ref", "6", "--skill", "5", "--target", "Ana:1,0:flying")
    assert code == 2 and "--target: unknown flag 'flying'" in err


def test_every_resolving_command_has_json(tmp_path: Path) -> None:
    commands = [
        AUTOFIRE,
        [
            "suppress",
            "--weapon",
            "smg",
            "--ref",
            "7",
            "--skill",
            "5",
            "--target",
            "Ana:10,0:will=5:conc=3",
        ],
        ["shotgun-shells", "--ref", "6", "--skill", "5", "--target", "Ana:3,1:sp=7"],
        [
            "explode",
            "--weapon",
            "grenade launcher",
            "--ref",
            "7",
            "--skill",
            "4",
            "--at",
            "20,0",
            "--target",
            "Ana:18,1:sp=light armorjack",
        ],
        ["throw", "--weapon", "knife", "--dex", "7", "--athletics", "5", "--distance", "8"],
        [
            "throw",
            "--weapon",
            "grenade",
            "--dex",
            "7",
            "--athletics",
            "5",
            "--at",
            "10,0",
            "--target",
            "Ana:10,1",
        ],
        ["damage", "--weapon", "medium melee", "--armor", "11"],
    ]
    for args in commands:
        first = run(*args, "--seed", "3", "--json")
        assert first[0] == 0, (args, first[2])
        assert first[1] == run(*args, "--seed", "3", "--json")[1]
        data = json.loads(first[1])
        assert data["ruleset"] == "cpr" and data["trace"], args
    code, out, _ = run("reload", "--weapon", "shotgun", "--ammo", "shell", "--json")
    assert code == 0 and json.loads(out)["result"]["rounds"] == 4


def test_c_7_targets_from_a_toml_file(tmp_path: Path) -> None:
    scene = tmp_path / "scene.toml"
    scene.write_text(
        '[[target]]\nname = "Ana"\nx_m = 3\ny_m = 1\nbody_sp = "kevlar"\nhp = 35\nmax_hp = 35\n\n'
        '[[target]]\nname = "Bo"\nx_m = 5\ny_m = -2\nbody_sp = 11\n'
        "dodge = { ref = 8, dex = 7, evasion = 6 }\n",
        encoding="utf-8",
    )
    code, out, err = run(
        "shotgun-shells",
        "--ref",
        "6",
        "--skill",
        "5",
        "--toward",
        "10,0",
        "--targets",
        str(scene),
        "--rolls",
        "9,4,5,4,3",
        "--json",
    )
    assert code == 0, err
    targets = {t["target"]: t for t in json.loads(out)["result"]["targets"]}
    assert targets["Ana"]["sp"] == 7 and targets["Ana"]["hp_after"] == 30
    assert targets["Bo"]["result"] == "miss" and targets["Bo"]["dodge"] == 22


def test_a_bad_targets_file_names_file_and_row(tmp_path: Path) -> None:
    scene = tmp_path / "bad.toml"
    scene.write_text('[[target]]\nname = "Ana"\nx_m = "near"\ny_m = 0\n', encoding="utf-8")
    code, _, err = run(
        "explode", "--weapon", "grenade launcher", "--at", "1,1", "--targets", str(scene)
    )
    assert code == 2
    assert str(scene) in err and "target 1" in err


def test_c_8_explode_sends_thrown_grenades_to_throw() -> None:
    code, _, err = run("explode", "--weapon", "grenade", "--at", "5,0", "--rolls", "5")
    assert code == 2 and "use `firefight cpr throw --weapon grenade`" in err
    code, out, _ = run(
        "explode",
        "--weapon",
        "grenade",
        "--placed",
        "--at",
        "5,0",
        "--target",
        "Ana:5,1:sp=7",
        "--rolls",
        "3,3,3,3,3,3",
        "--json",
    )
    assert code == 0 and json.loads(out)["result"]["targets"][0]["through"] == 11


def test_the_issue_example_runs_with_its_damage_dice() -> None:
    code, out, _ = run(*SHOOT, "--rolls", "8,4,3,5")
    assert code == 0 and "HIT target" in out
    code, _, err = run(*SHOOT, "--rolls", "8")
    assert code == 2
    assert err.strip() == (
        "error: D-3: ran out of scripted dice: 1 given, another d6 needed for heavy pistol damage"
    )


def test_cpr_aim_1_aim_options_reach_the_resolver() -> None:
    code, out, _ = run(
        *HEAVY_PISTOL,
        "--distance",
        "5",
        "--aim",
        "held-item",
        "--item",
        "smg",
        "--armor",
        "11",
        "--rolls",
        "9,6,5,1",
        "--json",
    )
    assert code == 0
    events = json.loads(out)["events"]
    assert {"type": "ItemDropped", "target": "target", "item": "smg"} in events


def test_cpr_is_mounted_on_the_main_command() -> None:
    from firefight.cli.app import app as main_app

    result = runner.invoke(main_app, ["cpr", "--help"])
    assert result.exit_code == 0
    for command in (
        "shoot",
        "autofire",
        "suppress",
        "shotgun-shells",
        "throw",
        "explode",
        "reload",
        "damage",
    ):
        assert command in result.stdout


def test_c_14_a_thrown_grenade_takes_its_load_from_ammo() -> None:
    # docs/cpr.md: a grenade comes as any of the grenade launcher's loads (C-14), on the
    # command line as in the scenario.
    grenade = ["throw", "--weapon", "grenade", "--dex", "7", "--athletics", "5", "--at", "12,0"]
    code, out, _ = run(*grenade, "--target", "Ana:12,1", "--ammo", "flashbang", "--rolls", "9")
    assert code == 0
    assert "The flashbang load catches Ana" in out and "grenade damage" not in out
    code, _, err = run(*grenade, "--target", "Ana:12,1", "--ammo", "shell", "--rolls", "9")
    assert code == 2 and "CPR-AMMO-1" in err and "not shotgun shells" in err
    knife = ["throw", "--weapon", "knife", "--dex", "7", "--athletics", "5", "--distance", "8"]
    code, _, err = run(*knife, "--ammo", "flashbang", "--rolls", "6,3")
    assert code == 2 and "--ammo" in err and "grenade" in err


def test_cpr_thr_1_a_thrown_knife_does_its_own_damage_not_the_gms() -> None:
    """CPR-THR-1: a thrown melee weapon does its own damage; --damage is for an improvised
    object, so a knife with --damage is refused, naming the knife, and nothing is rolled."""
    knife = ["throw", "--weapon", "knife", "--dex", "7", "--athletics", "5", "--distance", "8"]
    code, out, err = run(*knife, "--damage", "6d6", "--rolls", "9,6,6,6,6,6,6")
    assert code == 2 and out == ""
    assert "refused: CPR-THR-1:" in err and "light melee weapon does its own damage" in err
    code, out, _ = run(*knife, "--rolls", "9,6")
    assert code == 0 and "light melee weapon damage" in out
