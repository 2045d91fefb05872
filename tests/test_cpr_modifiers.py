"""cpr named modifiers (``modifiers.toml``, public core rules, CPR-REF-1): armor penalties on
REF, DEX and MOVE and so on the REF 8 dodge gate (CPR-DOD-1), the smartgun link, the sniping
scope, weapon quality and jams, Luck -- on commands (``--modifier``), on action lines and as
scenario fields. Every figure by hand."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest
from typer.testing import CliRunner

from cpr_support import start
from firefight.cli.app import app
from firefight.dice import Dice
from firefight.encounter.log import LogRecord
from firefight.errors import RuleRefusal
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.cpr.modifiers import NOTHING_CHOSEN
from firefight.service import EncounterService

DATA = CprData()


def test_cpr_ref_1_the_catalog_by_name() -> None:
    """CPR-REF-1, C-2: smartgun link +1, excellent quality +1, a scope +1 only at 51 m or more
    (a fraction rounded up first), Luck +1 a point, poor quality jams on a 1; armor: the worst
    piece's penalty."""
    chosen = DATA.modifiers.resolve(
        ["smartgun-link", "excellent-quality", "sniping-scope", "luck:3", "poor-quality"],
        distance_m=60,
    )
    assert [m.value for m in chosen.attack] == [1, 1, 1, 3]
    assert (chosen.luck, chosen.jams_on) == (3, 1)
    near = DATA.modifiers.resolve(["sniping-scope"], distance_m=50)
    assert near.attack == () and "no bonus under 51 m" in near.notes[0]
    at_51 = DATA.modifiers.resolve(["sniping-scope"], distance_m=51)
    assert [m.value for m in at_51.attack] == [1]  # 51 m is "51 m or more"
    # C-2: 50.5 m is read as 51 m, as the range table reads it (the 51-100 m band)
    assert [m.value for m in DATA.modifiers.resolve(["sniping-scope"], distance_m=50.5).attack] == [
        1
    ]
    assert DATA.modifiers.resolve(["sniping-scope"], distance_m=50.0).attack == ()
    worn = DATA.modifiers.resolve(["armor:medium armorjack", "armor:flak"])
    assert (worn.penalty, worn.penalty_label) == (-4, "flak armor penalty")
    assert [m.value for m in worn.on_roll()] == [-4]
    for bad in ("laser-sight", "luck", "luck:0", "armor:cardboard", "smartgun-link:2"):
        with pytest.raises(RuleRefusal, match="CPR-REF-1"):
            DATA.modifiers.resolve([bad])
    # Points that str.isdigit takes but int does not (a superscript) or cannot (5,000 digits)
    # crashed the line's reading: a traceback at the table, a 500 on the web table.
    for points in ("\u00b2", "9" * 5000):
        with pytest.raises(RuleRefusal, match="CPR-REF-1: Say how many points"):
            DATA.modifiers.resolve([f"luck:{points}"])


def person(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": name,
        "position": [x, y],
        "hp": 40,
        "ref": 7,
        "dex": 6,
        "will": 4,
        "move": 6,
        "skills": {"Handgun": 6, "Evasion": 5},
        "weapon": [{"name": "pistol", "weapon": "heavy pistol"}],
    }
    return entry | extra


def act(service: EncounterService, text: str, rolls: Sequence[int]) -> LogRecord:
    dice = Dice.scripted(rolls)
    record = service.act("fight", text, dice).record
    assert not dice.unused
    return record


def parts(record: LogRecord, label: str) -> list[tuple[int, str]]:
    total = next(e for e in record.trace if e.get("type") == "total" and e["label"] == label)
    return [(p["value"], p["label"]) for p in total["parts"]]


def test_cpr_ref_1_naming_no_modifier_chooses_nothing() -> None:
    """CPR-REF-1: an attack that names no modifier (the encounter skips the catalog for it)
    chooses what the catalog gives for no names, at any distance."""
    for distance in (None, 0.0, 60.0):
        assert DATA.modifiers.resolve((), distance_m=distance) == NOTHING_CHOSEN


def test_cpr_ref_1_cpr_dod_1_armor_penalty_on_ref_dex_move_and_the_dodge_gate() -> None:
    """CPR-REF-1: V in flak (-4): initiative 7 + 5 - 4 = 8; the attack carries -4; MOVE 6 - 4
    = 2, 4 m a Move. CPR-DOD-1: Rook REF 9 in a medium armorjack (-2) is REF 7, under the
    gate: no dodge; Juno REF 10 in it dodges on DEX 8 - 2 = 6."""
    service = start(
        [
            person("V", 0, 0, armor={"body": "flak"}),
            person("Rook", 0, 10, ref=9, armor={"body": "medium armorjack"}),
            person("Juno", 4, 10, ref=10, dex=8, armor={"body": "medium armorjack"}),
        ],
        [5, 2, 3],
    )
    opening = service.log("fight")[0]
    assert parts(opening, "V's initiative")[-1] == (-4, "flak armor penalty")
    assert service.state("fight").combatant("V").initiative == 8
    record = act(service, "V shoots Rook", [5])  # 7 + 6 - 4 + 5 = 14 < DV 15
    assert (-4, "flak armor penalty") in parts(record, "attack total")
    steps = [e["text"] for e in record.trace if e.get("type") == "step"]
    assert any("REF 9 is 7" in s and "no dodge" in s for s in steps)
    with pytest.raises(RuleRefusal, match=r"V can move 4 m in one Move \(MOVE 2"):
        service.act("fight", "V moves to 0,-5", Dice.scripted([]))
    service.next_round("fight", Dice.scripted([]))
    record = act(service, "V shoots Juno", [4, 5])  # Juno 6 + 5 + 4 = 15 beats V's 14
    assert parts(record, "Juno's dodge")[:2] == [(6, "Juno's DEX"), (5, "Juno's Evasion")]


def test_cpr_ref_1_smartgun_link_on_the_weapon_luck_on_the_line() -> None:
    """CPR-REF-1: a smartgun-linked pistol (scenario) +1 and --modifier luck:2 +2: 7 + 6 + 1 +
    2 + d10 3 = 19; LUCK 3 -> 1; asking for 2 more is refused and changes nothing."""
    gun = {"name": "pistol", "weapon": "heavy pistol", "modifiers": ["smartgun-link"]}
    service = start([person("V", 0, 0, weapon=[gun], luck=3), person("Rook", 0, 10)], [5, 4])
    record = act(service, "V shoots Rook --modifier luck:2", [3, 1, 1, 1])
    assert parts(record, "attack total")[2:4] == [
        (1, "smartgun link"),
        (2, "Luck spent (2 points)"),
    ]
    assert fighter(service.state("fight").combatant("V")).luck == 1
    service.next_round("fight", Dice.scripted([]))
    before = service.state("fight")
    with pytest.raises(RuleRefusal, match="CPR-REF-1: V has 1 LUCK left, not the 2"):
        service.act("fight", "V shoots Rook --modifier luck:2", Dice.scripted([]))
    assert service.state("fight") == before


def test_cpr_ref_1_luck_left_is_a_figure_of_its_own_on_the_table_and_the_web() -> None:
    """CPR-REF-1: LUCK is a pool of points, not an injury: the state table (and the web
    table, which shows the same row) has a LUCK column, 3 then 1 after 2 are spent, and the
    change reads 'LUCK 3 -> 1'; the conditions column names no LUCK."""
    from firefight.encounter.headline import state_changes
    from firefight.rulesets import find_ruleset
    from firefight.store.table_settings import TableSettings
    from firefight.web.tokens import Scope
    from firefight.web.views import rows_view

    cpr = find_ruleset("cpr")
    service = start([person("V", 0, 0, luck=3), person("Rook", 0, 10)], [5, 4])
    before = service.state("fight")
    row = cpr.describe_row(before.combatant("V"))
    assert (row["LUCK"], row["conditions"]) == ("3", "-")
    assert cpr.describe_row(before.combatant("Rook"))["LUCK"] == "0"
    act(service, "V shoots Rook --modifier luck:2", [3, 1, 1, 1])
    after = service.state("fight")
    assert cpr.describe_row(after.combatant("V"))["LUCK"] == "1"
    assert state_changes(before, after, cpr)[0].endswith("; LUCK 3 → 1")
    web = rows_view(after, cpr, Scope(role="gm"), TableSettings())
    assert next(r["row"] for r in web if r["name"] == "V") == cpr.describe_row(after.combatant("V"))


def test_cpr_ref_1_a_poor_quality_weapon_jams_on_a_natural_1_until_cleared() -> None:
    """CPR-REF-1: natural 1 (then 3): the pistol jams and the shot misses; the next turn it
    cannot fire; clearing takes the Action; the turn after it fires again."""
    gun = {"name": "pistol", "weapon": "heavy pistol", "modifiers": ["poor-quality"], "loaded": 8}
    service = start([person("V", 0, 0, weapon=[gun]), person("Rook", 0, 10)], [5, 4])
    record = act(service, "V shoots Rook --twice", [1, 3])
    assert "V's pistol jams [CPR-REF-1]." in record.narration
    pistol = service.state("fight").combatant("V").weapon("pistol")
    assert pistol is not None and pistol.loaded is not None and pistol.loaded.rounds == 7
    service.next_round("fight", Dice.scripted([]))
    with pytest.raises(RuleRefusal, match="CPR-REF-1: V's pistol is jammed"):
        service.act("fight", "V shoots Rook", Dice.scripted([]))
    act(service, "V clears jam", [])
    service.next_round("fight", Dice.scripted([]))
    act(service, "V shoots Rook", [4, 1, 1, 1])  # 7 + 6 + 4 = 17 beats DV 15; 3 damage


def test_cpr_ref_1_shoot_takes_modifier_on_the_command_line() -> None:
    """CPR-REF-1: `cpr shoot --modifier smartgun-link --modifier armor:flak`: 7 + 6 + 1 - 4
    + d10 5 = 15 ties DV 15 at 10 m and misses."""
    result = CliRunner().invoke(
        app,
        [
            "cpr", "shoot", "--weapon", "heavy pistol", "--ref", "7", "--skill", "6",
            "--distance", "10", "--modifier", "smartgun-link", "--modifier", "armor:flak",
            "--rolls", "5", "--json",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["result"]["shots"][0]["attack_total"] == 15
    assert out["result"]["shots"][0]["result"] == "miss"


def _smart(*extra: str, rolls: str) -> dict[str, Any]:
    result = CliRunner().invoke(
        app,
        [
            "cpr", "shoot", "--weapon", "heavy pistol", "--ref", "7", "--skill", "6",
            "--distance", "30", "--ammo", "smart", *extra, "--rolls", rolls, "--json",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    shot: dict[str, Any] = json.loads(result.output)["result"]["shots"][0]
    return shot


def test_c_14_dec_462_a_guided_smart_round_that_misses_attacks_again() -> None:
    """30 m: DV 25. 7 + 6 + 1 (link) + d10 5 = 19 misses; the smart round's own attack,
    10 + d10 10, exploding (C-1) + 6 = 26, beats it: a hit, 3d6 2+2+2 = 6 to the body. A
    second try whose own roll is 4 (14) misses."""
    shot = _smart("--modifier", "smartgun-link", rolls="5,10,6,2,2,2")
    assert (shot["attack_total"], shot["smart_total"], shot["result"]) == (19, 26, "hit")
    again = _smart("--modifier", "smartgun-link", rolls="5,4")
    assert (again["smart_total"], again["result"]) == (14, "miss")


def test_c_14_dec_462_smart_rounds_without_a_link_fly_as_basic_ones() -> None:
    shot = _smart(rolls="5")
    assert shot["result"] == "miss" and "smart_total" not in shot


def test_c_14_dec_462_the_odds_count_the_smart_rounds_second_attack() -> None:
    """At DV 25, with the link on both, smart rounds hit more often than basic ones: a miss
    gets the round's own 10 + d10, which hits on an exploding 10."""

    def p_hit(ammo: str) -> float:
        result = CliRunner().invoke(
            app,
            [
                "odds", "cpr", "shoot", "--weapon", "heavy pistol", "--ref", "7", "--skill", "6",
                "--distance", "30", "--ammo", ammo, "--modifier", "smartgun-link", "--json",
            ],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        return float(json.loads(result.output)["stats"]["p_hit"]["value"])

    assert p_hit("smart") > p_hit("basic")


def _command(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["cpr", *args, "--json"])
    assert result.exit_code == 0, result.output
    out: dict[str, Any] = json.loads(result.output)
    return out


def _total_parts(out: dict[str, Any], label: str) -> list[tuple[int, str]]:
    total = next(e for e in out["trace"] if e.get("type") == "total" and e["label"] == label)
    return [(p["value"], p["label"]) for p in total["parts"]]


NAMED = ("--modifier", "luck:2", "--modifier", "armor:flak", "--modifier", "excellent-quality")


def test_cpr_ref_1_c_5_autofire_takes_modifier_on_the_command_line() -> None:
    """CPR-REF-1, C-5: `cpr autofire` reads --modifier as `cpr shoot` does: 7 + 5 - 4 (flak)
    + 2 (LUCK) + 1 (excellent) + d10 6 = 17 ties the SMG's DV 17 at 10 m and misses; a poor
    SMG's natural 1 (then 1) jams it and the burst misses."""
    smg = ("autofire", "--weapon", "smg", "--ref", "7", "--skill", "5", "--distance", "10")
    out = _command(*smg, *NAMED, "--rolls", "6")
    assert _total_parts(out, "autofire total") == [
        (7, "shooter's REF"),
        (5, "shooter's Autofire skill"),
        (-4, "flak armor penalty"),
        (2, "Luck spent (2 points)"),
        (1, "excellent quality weapon"),
        (6, "d10 rolled 6"),
    ]
    assert (out["result"]["attack_total"], out["result"]["outcome"]) == (17, "miss")
    jammed = _command(*smg, "--modifier", "poor-quality", "--rolls", "1,1")
    assert jammed["result"]["jammed"] is True and jammed["result"]["outcome"] == "miss"


def test_cpr_ref_1_c_6_suppress_takes_modifier_on_the_command_line() -> None:
    """CPR-REF-1, C-6: `cpr suppress` reads --modifier as `cpr shoot` does: 7 + 5 - 4 + 2 + 1
    + d10 6 = 17 beats Ana's 5 + 3 + 2 = 10; a poor SMG's natural 1 jams it: nobody breaks
    and Ana rolls nothing."""
    smg = ("suppress", "--weapon", "smg", "--ref", "7", "--skill", "5")
    ana = ("--target", "Ana:10,0:will=5:conc=3")
    out = _command(*smg, *ana, *NAMED, "--rolls", "6,2")
    assert [v for v, _ in _total_parts(out, "suppressive fire check")] == [7, 5, -4, 2, 1, 6]
    assert (out["result"]["check_total"], out["result"]["must_take_cover"]) == (17, ["Ana"])
    jammed = _command(*smg, *ana, "--modifier", "poor-quality", "--rolls", "1,1")
    assert jammed["result"]["jammed"] is True and jammed["result"]["must_take_cover"] == []


def test_cpr_ref_1_c_7_shotgun_shells_take_modifier_on_the_command_line() -> None:
    """CPR-REF-1, C-7: `cpr shotgun-shells` too: 6 + 5 - 4 + 2 + 1 + d10 2 = 12 misses DV 13;
    a poor shotgun's natural 1 jams it and the shell hits nobody."""
    shells = ("shotgun-shells", "--ref", "6", "--skill", "5", "--target", "A:2,0")
    out = _command(*shells, *NAMED, "--rolls", "2")
    assert [v for v, _ in _total_parts(out, "attack total")] == [6, 5, -4, 2, 1, 2]
    assert out["result"]["targets"][0]["result"] == "miss"
    jammed = _command(*shells, "--modifier", "poor-quality", "--rolls", "1,1")
    assert jammed["result"]["jammed"] is True


@pytest.mark.parametrize("command", ["autofire", "suppress", "shotgun-shells"])
def test_cpr_ref_1_an_unknown_modifier_is_refused_on_every_firing_command(command: str) -> None:
    """CPR-REF-1: a name the catalog lacks is refused before a die, naming the known ones."""
    args = {
        "autofire": ["--weapon", "smg", "--ref", "7", "--skill", "5", "--distance", "10"],
        "suppress": ["--weapon", "smg", "--ref", "7", "--skill", "5", "--target", "A:5,0"],
        "shotgun-shells": ["--ref", "6", "--skill", "5", "--target", "A:2,0"],
    }[command]
    result = CliRunner().invoke(
        app, ["cpr", command, *args, "--modifier", "laser-sight", "--rolls", "5"]
    )
    assert result.exit_code == 2
    assert "refused: CPR-REF-1: No modifier called 'laser-sight'" in result.output


def test_cpr_ref_1_cpr_thr_1_dec_681_throw_takes_modifier_and_never_jams() -> None:
    """CPR-REF-1, CPR-THR-1, DEC-681: `cpr throw` reads --modifier as the encounter's 'throws'
    line does: 7 DEX + 5 - 4 (flak, on DEX) + 2 (LUCK) + 1 (excellent) + d10 3 = 14 misses a
    knife's DV 15 at 8 m. A thrown weapon is not fired: a poor one's natural 1 (then 1) is a
    plain low roll, no jam, and a grenade takes the modifiers too."""
    knife = ("throw", "--weapon", "knife", "--dex", "7", "--athletics", "5", "--distance", "8")
    out = _command(*knife, *NAMED, "--rolls", "3")
    assert _total_parts(out, "throw total") == [
        (7, "thrower's DEX"),
        (5, "thrower's Athletics skill"),
        (-4, "flak armor penalty"),
        (2, "Luck spent (2 points)"),
        (1, "excellent quality weapon"),
        (3, "d10 rolled 3"),
    ]
    assert (out["result"]["attack_total"], out["result"]["outcome"]) == (14, "miss")
    poor = _command(*knife, "--modifier", "poor-quality", "--rolls", "1,1")
    assert "jammed" not in poor["result"]
    assert not any("jam" in e.get("text", "") for e in poor["trace"])
    grenade = ("throw", "--weapon", "grenade", "--dex", "7", "--athletics", "5", "--at", "12,0")
    thrown = _command(*grenade, "--target", "Ana:30,0", "--modifier", "luck:2", "--rolls", "6")
    assert [v for v, _ in _total_parts(thrown, "attack total")] == [7, 5, 2, 6]


LAUNCHER = ("explode", "--weapon", "grenade launcher", "--ref", "7", "--skill", "4", "--at", "20,0")


def test_cpr_ref_1_c_8_explode_takes_modifier_and_a_poor_launcher_jams() -> None:
    """CPR-REF-1, C-8: `cpr explode` from a launcher reads --modifier as `cpr shoot` does:
    7 + 4 - 4 (flak) + 2 (LUCK) + 1 (excellent) + d10 5 = 15 misses the launcher's DV 15 at
    20 m. A poor launcher's natural 1 (then 1) jams it, as every fired weapon's does: nothing
    goes off, nobody is caught, no damage is rolled, and the grenade in it is spent."""
    ana = ("--target", "Ana:30,0")
    out = _command(*LAUNCHER, *ana, *NAMED, "--rolls", "5")
    assert [v for v, _ in _total_parts(out, "attack total")] == [7, 4, -4, 2, 1, 5]
    jammed = _command(
        *LAUNCHER, "--target", "Ana:20,1", "--modifier", "poor-quality", "--rolls", "1,1"
    )
    result = jammed["result"]
    assert (result["jammed"], result["detail"], result["rounds_left"]) == (True, "jammed", 1)
    assert [t["result"] for t in result["targets"]] == ["missed"]
    assert "WeaponJammed" in [e["type"] for e in jammed["events"]]
    text = CliRunner().invoke(
        app,
        ["cpr", *LAUNCHER, "--target", "Ana:20,1", "--modifier", "poor-quality", "--rolls", "1,1"],
    )
    assert "JAMMED" in text.output and "GM places" not in text.output


def test_cpr_ref_1_c_8_a_placed_charge_takes_no_modifier() -> None:
    """CPR-REF-1, C-8: a placed charge rolls no attack, so a named modifier has nothing to
    weigh on: refused before a die."""
    result = CliRunner().invoke(
        app,
        [
            "cpr", "explode", "--weapon", "grenade", "--placed", "--at", "20,0",
            "--target", "Ana:20,1", "--modifier", "luck:2", "--rolls", "1",
        ],
    )  # fmt: skip
    assert result.exit_code == 2
    assert "--modifier" in result.output and "placed" in result.output


def test_cpr_thr_1_dec_681_a_poor_knife_thrown_in_an_encounter_never_jams() -> None:
    """CPR-THR-1, DEC-681: a poor quality knife thrown is not fired: its natural 1 (then 1) is
    a plain miss, the trace promises no jam and the knife is not jammed afterwards."""
    knife = {"name": "knife", "weapon": "knife", "modifiers": ["poor-quality"]}
    service = start([person("V", 0, 0, weapon=[knife]), person("Rook", 0, 10)], [5, 4])
    record = act(service, "V throws knife at Rook", [1, 1])
    assert not any("jam" in str(e.get("text", "")) for e in record.trace)
    assert "jam" not in record.narration
    assert fighter(service.state("fight").combatant("V")).jammed == ()
