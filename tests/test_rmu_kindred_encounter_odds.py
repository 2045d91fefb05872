"""Odds of the Kindred action lines from inside an encounter (issue 14): P(staked), P(Final
Death), P(torpor) and lodged fangs read from the live state (RMU-STAKE-2, RMU-STAKE-3,
RULINGS V-2, V-3, RMU-BITE-3), through the odds of an action line every ruleset shares."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from encounter_support import in_memory, scene
from firefight.cli.app import app
from firefight.declarations import declare
from firefight.dice import Dice
from firefight.odds.api import odds, odds_stats
from firefight.odds.lines import line_odds
from firefight.odds.live import live_odds
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.kindred_options import StakeOptions
from firefight.rulesets.rmu.kindred_vitals import sheet_of
from firefight.service import EncounterService
from test_rmu_kindred import person, vampire
from test_rmu_kindred_bites import PAD, close_pair
from test_rmu_kindred_stakes import hunter

RMU = find_ruleset("rmu")


def fight(*people: dict[str, Any]) -> EncounterService:
    service = in_memory("k", scene(*people), Dice.seeded(1))
    service.next_round("k", Dice.scripted(PAD))
    return service


def torpid_mara() -> EncounterService:
    """Mara (1 hit) shot into torpor by Jonah beside her; a new round begins."""
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3, hits=1))
    service.act("k", "Jonah shoots Mara", Dice.scripted([80, 50]))
    service.next_round("k", Dice.scripted(PAD))
    return service


def line(service: EncounterService, text: str) -> Any:
    return line_odds(service.load("k").state, RMU, text)


def test_rmu_stake_2_the_odds_of_staking_a_torpid_kindred_are_the_maneuvers() -> None:
    """Mara in torpor is helpless: 'stakes' is the staking maneuver with Jonah's Stake 60, so
    the encounter's P(Mara staked) is the maneuver's, as `odds rmu stake --helpless` gives it,
    and Mara's torpor is no news (she is in it already)."""
    found = line(torpid_mara(), "Jonah stakes Mara")
    alone = declare(StakeOptions, ob=60, helpless=True).build()
    dist = odds(None, alone)
    p_staked = next(s.value for s in odds_stats(dist, alone) if s.stat.name == "p_staked")
    assert abs(found.effects["Mara staked"] - p_staked) < 0.035  # 2,000 samples: 3 SE
    assert "Mara in torpor" not in found.effects


def test_rmu_stake_2_untroubled_the_odds_are_certain() -> None:
    found = line(torpid_mara(), "Jonah stakes Mara --untroubled")
    assert found.effects == {"Mara staked": 1.0}


def test_v2_p_torpor_from_a_shot_is_every_hit_on_a_kindred_with_one_hit_left() -> None:
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 30, hits=1))
    found = line(service, "Jonah shoots Mara")
    assert found.effects["Mara in torpor"] == found.outcomes["hit"] > 0


def test_rmu_stake_3_p_final_death_from_a_beheading_in_the_encounter() -> None:
    """P(Final Death) of 'beheads' in the encounter agrees with `odds rmu stake --behead` for
    the same attack (Jonah's Blade 60, 5 ranks; Mara with no DB), within sampling error."""
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3))
    found = line(service, "Jonah beheads Mara")
    alone = declare(
        StakeOptions, ob=60, weapon="broadsword", behead=True, ranks=5, hits_left=60
    ).build()
    stats = {s.stat.name: s.value for s in odds_stats(odds(None, alone), alone)}
    assert found.effects["Mara Final Death"] > 0
    assert abs(found.effects["Mara Final Death"] - stats["p_final_death"]) < 0.03


def test_rmu_stake_2_p_staked_in_the_encounter_agrees_with_the_standalone_odds() -> None:
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3))
    found = line(service, "Jonah stakes Mara --called chest")
    alone = declare(StakeOptions, ob=60, ranks=5, hits_left=60).build()
    stats = {s.stat.name: s.value for s in odds_stats(odds(None, alone), alone)}
    assert found.effects["Mara staked"] > 0
    assert abs(found.effects["Mara staked"] - stats["p_staked"]) < 0.03


def test_rmu_bite_3_after_a_grapple_the_odds_of_lodged_fangs_are_the_odds_of_damage() -> None:
    """Held from last round, the bite is at full OB (RMU-BITE-2); every bite that deals damage
    lodges the fangs (RMU-BITE-3), so P(Mara's fangs lodged in Viktor) is P(hit) on a naked
    victim."""
    service = close_pair()
    service.act("k", "Mara grapples Viktor --ap 2", Dice.scripted([90, 60]))
    service.next_round("k", Dice.scripted(PAD))
    found = line(service, "Mara bites Viktor")
    assert abs(found.effects["Mara's fangs lodged in Viktor"] - found.outcomes["hit"]) < 1e-9
    grapple = line(close_pair(), "Mara grapples Viktor")
    assert abs(grapple.effects["Viktor grappled"] - grapple.outcomes["hit"]) < 0.02


def test_encounter_odds_command_prints_the_effects_and_saves_nothing(tmp_path: Path) -> None:
    runner = CliRunner()
    store = f"sqlite:///{tmp_path / 'k.db'}"
    toml = Path(__file__).parent.parent / "examples" / "kindred-ambush.toml"
    made = runner.invoke(
        app, ["encounter", "new", "amb", "-s", str(toml), "--seed", "1", "--store", store]
    )
    assert made.exit_code == 0, made.output
    out = runner.invoke(
        app, ["encounter", "odds", "amb", "Mara grapples Viktor", "--store", store, "--json"]
    )
    assert out.exit_code == 0, out.output
    found = json.loads(out.output)
    assert found["effects"]["Viktor grappled"] > 0 and "hit" in found["outcomes"]
    text = runner.invoke(app, ["encounter", "odds", "amb", "Mara bites Viktor", "--store", store])
    assert "P(Mara's fangs lodged in Viktor)" in text.output
    log = runner.invoke(app, ["encounter", "log", "amb", "--store", store, "--json"])
    assert "grapples" not in log.output and "bites" not in log.output
    refused = runner.invoke(
        app, ["encounter", "odds", "amb", "Jonah stakes Mara", "--store", store]
    )
    assert refused.exit_code == 2 and "RMU-STAKE-1" in refused.output


def test_the_mortal_words_are_dying_and_dead() -> None:
    """A mortal's state words are rmu's own (dying, R-2), not a Kindred's."""
    service = fight(hunter("Jonah", 0, 0), person("Viktor", 0, 30, hits=1))
    found = line(service, "Jonah shoots Viktor")
    assert found.effects
    assert all(word.split(" ", 1)[1] in ("dying", "dead", "unconscious") for word in found.effects)


def test_rmu_stake_2_v2_live_odds_count_the_stake_and_not_the_torpor_she_is_in() -> None:
    """The command line's live odds (DEC-413) count the same states: staking a torpid Mara with
    time and no interference stakes her every time; her torpor was there before."""
    found = live_odds(
        torpid_mara().load("k").state, RMU, ["Jonah stakes Mara --untroubled"], trials=20
    )
    assert found.effects == (("Mara staked", 1.0),)
    assert "P(Mara staked) = 100.0%" in "\n".join(found.text())
    assert found.to_json()["effects"] == {"Mara staked": 1.0}


def test_v3_a_staked_kindred_is_down_in_the_live_odds_and_rolls_no_initiative() -> None:
    """V-3: staked (and not in torpor), Mara cannot act -- so the live odds count her down
    after a stake that lands, and the next round hands her no initiative roll."""
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3))
    service.act("k", "Jonah stakes Mara --called chest", Dice.scripted([97, 30, 23]))
    mara = service.load("k").state.combatant("Mara")
    sheet = sheet_of(mara)
    assert sheet is not None and sheet.staked and not sheet.torpor
    assert not mara.can_act()
    opened = service.next_round("k", Dice.seeded(3))
    assert len(opened.record.dice.faces) == 2  # Jonah's initiative alone
