"""``firefight rmu bite | stake`` and their odds (issue 14): the commands, the JSON shape, the
refusals naming the rule, and P(staked), P(Final Death), P(torpor)."""

from __future__ import annotations

import json

from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.declarations import declare
from firefight.dice import Dice
from firefight.rulesets.rmu.bite import resolve_bite
from firefight.rulesets.rmu.flash_bang import FlashBang, Victim, resolve_flash_bang
from firefight.rulesets.rmu.kindred_options import BiteOptions, StakeOptions, resolve_bite_on
from firefight.rulesets.rmu.kindred_vitals import flash_bang_potency

runner = CliRunner()


def validator() -> Draft202012Validator:
    printed = runner.invoke(app, ["schema"])
    assert printed.exit_code == 0
    return Draft202012Validator(json.loads(printed.output))


def test_rmu_stake_2_the_stake_command_stakes_a_kindred_on_a_c_to_the_chest() -> None:
    result = runner.invoke(app, ["rmu", "stake", "--ob", "60", "--rolls", "97,20,23", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    validator().validate(doc)
    result_ = doc["result"]
    assert (result_["dealt_severity"], result_["severity"]) == ("C", "B")  # V-1 on the wound
    assert result_["victim"]["staked"]  # DEC-373: the C dealt stakes


def test_rmu_stake_3_behead_with_a_broadsword_is_final_death() -> None:
    result = runner.invoke(
        app,
        ["rmu", "stake", "--ob", "60", "--behead", "--weapon", "broadsword", "--rolls", "90,23"],
    )
    assert result.exit_code == 0, result.output
    assert "FINAL DEATH" in result.output


def test_rmu_stake_3_a_stake_does_not_behead_and_the_refusal_names_the_rule() -> None:
    result = runner.invoke(app, ["rmu", "stake", "--ob", "60", "--behead", "--rolls", "90,23"])
    assert result.exit_code == 2
    assert "RMU-STAKE-3" in result.output


def test_rmu_stake_2_the_no_roll_case_and_the_maneuver() -> None:
    untroubled = runner.invoke(app, ["rmu", "stake", "--ob", "20", "--untroubled", "--seed", "1"])
    assert untroubled.exit_code == 0, untroubled.output
    assert "no roll" in untroubled.output and "staked" in untroubled.output
    maneuver = runner.invoke(app, ["rmu", "stake", "--ob", "20", "--helpless", "--rolls", "70"])
    assert maneuver.exit_code == 0, maneuver.output
    assert "next-round" in maneuver.output


def test_rmu_bite_1_the_bite_command_and_a_kindred_victim_in_torpor() -> None:
    result = runner.invoke(
        app, ["rmu", "bite", "--reach", "helpless", "--hits-left", "5", "--rolls", "90,50"]
    )
    assert result.exit_code == 0, result.output
    assert "torpor" in result.output and "[RMU-BITE-2]" in result.output


def test_v2_a_bite_past_body_development_is_final_death_for_a_kindred() -> None:
    decl = declare(BiteOptions, reach="helpless", hits_left=-20, body_development=5).build()
    out = resolve_bite_on(decl, Dice.scripted([90, 50]))
    assert out.result.victim.final_death


def test_odds_rmu_stake_reports_p_staked() -> None:
    result = runner.invoke(app, ["odds", "rmu", "stake", "--ob", "60", "--json"])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "p_staked" in text and "p_final_death" in text and "p_torpor" in text


def test_odds_p_staked_is_the_share_of_c_or_worse_to_the_chest() -> None:
    """Enumerated by hand: every outcome listed with 'staked' has C or worse (RMU-STAKE-2)."""
    result = runner.invoke(app, ["odds", "rmu", "stake", "--ob", "60"])
    assert result.exit_code == 0, result.output
    for line in result.output.splitlines():
        if "staked" in line and "P(" not in line:
            assert " C critical" in line or " D critical" in line or " E critical" in line


def test_dec_780_dec_790_the_bite_command_takes_the_situation_and_the_victims_parry() -> None:
    """DEC-780, DEC-790 (DEC-345): `rmu bite` reads the melee terms a blade's calculator does.
    A direct bite, 50 + 5 (the one rank) - 20 (RMU-BITE-2) = 35; parried 10: 25; from the rear
    +35 and no parry: 70."""

    def total(**options: object) -> int | None:
        bite = declare(BiteOptions, **options).build().bite
        return resolve_bite(bite, Dice.scripted([50, 50])).result.attack.total

    assert total() == 35
    assert total(target_parry=10) == 25
    assert total(target_parry=10, situation=("rear",)) == 70
    result = runner.invoke(app, ["rmu", "bite", "--situation", "rear", "--rolls", "50,50"])
    assert result.exit_code == 0, result.output
    assert "melee attack total = 70" in result.output and "rear" in result.output


def test_odds_rmu_bite_runs() -> None:
    result = runner.invoke(app, ["odds", "rmu", "bite", "--hits-left", "10"])
    assert result.exit_code == 0, result.output
    assert "P(Final Death)" in result.output


def test_rmu_exp_17_blood_potency_feeds_the_flash_bang_resistance() -> None:
    """A Kindred's Blood Potency 3 adds +15 to the Resistance (RMU-EXP-17); a mortal's 0."""
    from encounter_support import scene
    from firefight.encounter.scenario import initial_state, scenario_from_data
    from test_rmu_kindred import person, vampire

    state = initial_state(
        scenario_from_data(scene(vampire("Mara", 0, 0, blood_potency=3), person("Jonah", 0, 9)))
    )
    assert flash_bang_potency(state.combatant("Mara")) == 3
    assert flash_bang_potency(state.combatant("Jonah")) == 0
    bang = FlashBang(
        victims=(
            Victim(name="Mara", blood_potency=flash_bang_potency(state.combatant("Mara"))),
            Victim(name="Jonah", blood_potency=flash_bang_potency(state.combatant("Jonah"))),
        )
    )
    out = resolve_flash_bang(bang, Dice.scripted([50, 50, 50, 50]))
    resistance = [t for t in out.trace.to_json() if t["type"] == "total"]
    values = [int(str(t["value"])) for t in resistance if "Resistance" in str(t["label"])]
    assert values[0] - values[1] == 15


def test_stake_options_build_a_maneuver_only_against_a_kindred() -> None:
    decl = declare(StakeOptions, ob=20, helpless=True, mortal=True).build()
    assert decl.maneuver is not None


def test_the_kindred_ambush_example_plays_through() -> None:
    """examples/kindred-ambush.toml: V-1 on the 9 mm, a Rouse check (V-4), a bite and a feed
    (RMU-BITE-3, -4), the stake (RMU-STAKE-2) and its removal (V-3), the sheet in the table."""
    result = runner.invoke(app, ["play", "examples/kindred-ambush.toml"])
    assert result.exit_code == 0, result.output
    for cited in ("[V-1]", "[V-4]", "[RMU-BITE-3]", "[RMU-BITE-4]", "[RMU-STAKE-2]", "[V-3]"):
        assert cited in result.output
    assert "Hunger 3" in result.output


def test_dec_911_ballistic_armor_given_to_a_bite_names_the_column_it_counts_as() -> None:
    """RMU-BITE-1, DEC-348, DEC-911: `rmu bite --armor "BA II"` was refused with "Did you mean
    'AT 2'?", the closest column by spelling, where BA II counts as AT 5 against fangs. The
    refusal says it is ballistic armor and names AT 5; a melee attack's --armor alike, and
    odds rmu bite too. A column that is neither is refused with the closest, as before."""
    for argv in (
        ["rmu", "bite", "--armor", "BA II"],
        ["odds", "rmu", "bite", "--armor", "ba ii"],
        ["rmu", "melee", "--weapon", "dagger", "--ob", "50", "--armor", "BA II"],
    ):
        result = runner.invoke(app, [*argv, "--seed", "1"])
        assert result.exit_code == 2, argv
        said = "is ballistic armor, and a melee attack reads an AT column: BA II counts as AT 5"
        assert said in result.stderr, argv
        assert "AT 2" not in result.stderr
    wrong = runner.invoke(app, ["rmu", "bite", "--armor", "AT 11", "--seed", "1"])
    assert "is not one of AT 1, AT 2" in wrong.stderr
