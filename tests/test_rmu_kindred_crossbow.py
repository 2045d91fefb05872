"""The crossbow's wooden bolt stakes (issue 14): RMU-STAKE-1, RMU-STAKE-2, R-7, RMU-GEN-4,
RMU-PB-1, R-6; the command, the encounter line and the odds."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from encounter_support import in_memory, scene
from firefight.cli.app import app
from firefight.declarations import declare
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.odds.api import odds, odds_stats
from firefight.odds.lines import line_odds
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.kindred_events import Staked
from firefight.rulesets.rmu.kindred_options import StakeOptions, resolve_stake_on
from firefight.rulesets.rmu.kindred_results import StakeResult
from firefight.rulesets.rmu.melee.attack import MeleeAttack, resolve_melee_attack
from firefight.rulesets.rmu.melee.catalog import melee_weapon
from firefight.rulesets.rmu.melee.results import MeleeHit
from firefight.rulesets.rmu.vitals import rmu_stats, vitals
from test_rmu_kindred import person, vampire

PAD = [5] * 40


def terms(outcome: Any) -> dict[str, int]:
    totals = [t for t in outcome.trace.to_json() if t["type"] == "total"]
    return {p["label"]: p["value"] for p in totals[0]["parts"]}


def rules_of(outcome: Any) -> set[str]:
    totals = [t for t in outcome.trace.to_json() if t["type"] == "total"]
    return {p["rule"] for p in totals[0]["parts"] if p["rule"]}


def bolt(distance: float | None, **more: Any) -> Any:
    decl = declare(StakeOptions, weapon="crossbow", ob=60, distance=distance, **more).build()
    return decl


def test_rmu_stake_2_the_crossbow_is_wood_and_shot() -> None:
    """RMU-STAKE-2: a wooden bolt from a crossbow stakes; wood's -10 holds for its point too
    (DEC-520)."""
    crossbow = melee_weapon("crossbow")
    assert crossbow.wooden and crossbow.ranged and crossbow.stab_penalty == -10
    assert not crossbow.beheads


def test_rmu_stake_1_r7_a_bolt_at_the_chest_is_called_at_20_with_wood_at_10() -> None:
    out = resolve_stake_on(bolt(30), Dice.scripted([50, 50]))
    parts = terms(out)
    assert parts["called shot, staking: chest"] == -20
    assert parts["a wooden point"] == -10
    assert {"RMU-STAKE-1", "RMU-STAKE-2", "RMU-GEN-4"} <= rules_of(out)


@pytest.mark.parametrize(
    ("distance", "label", "value"),
    [
        (8, "point blank (within 10 ft)", 20),
        (10, "point blank (within 10 ft)", 20),
        (11, "Short band, up to 50 ft", 0),
        (30, "Short band, up to 50 ft", 0),
        (70, "Medium band, up to 100 ft", -10),
        (140, "Long band, up to 150 ft", -25),
        (240, "Maximum band, up to 250 ft", -100),
    ],
)
def test_rmu_gen_4_rmu_pb_1_the_bolt_reads_the_range_ladder(
    distance: float, label: str, value: int
) -> None:
    """RMU-GEN-4: Short +0, -10, -25, -50, -100 by bands of the crossbow's short range;
    RMU-PB-1: inside 10 ft the crossbow's flat +20."""
    assert terms(resolve_stake_on(bolt(distance), Dice.scripted([50, 50])))[label] == value


def test_rmu_gen_4_past_the_last_band_the_bolt_does_not_reach() -> None:
    with pytest.raises(RuleRefusal) as refused:
        resolve_stake_on(bolt(251), Dice.scripted([50]))
    assert refused.value.rule == "RMU-GEN-4"


def test_r6_a_shot_takes_1_to_3_ap_and_haste_counts_from_3() -> None:
    """R-6: a ranged attack is 1-3 AP; RMU-GEN-1: -25 per AP short of its most."""
    assert (
        terms(resolve_stake_on(bolt(30, ap=2), Dice.scripted([50, 50])))["haste: 1 AP short of 3"]
        == -25
    )
    with pytest.raises(RuleRefusal, match="1 to 3 AP"):
        resolve_stake_on(bolt(30, ap=4), Dice.scripted([50]))
    with pytest.raises(RuleRefusal, match="say how far"):
        resolve_melee_attack(MeleeAttack(weapon="crossbow", ob=60, ap=3), Dice.scripted([50]))


def test_rmu_stake_2_a_c_critical_to_the_chest_from_a_bolt_stakes_a_kindred() -> None:
    """97+60 then 60: 157+60-20-10 = 187, an E read D on a Kindred (V-1, DEC-373 reads the E);
    critical 23+3 = 26 lands on the abdomen and the called chest takes 21-25 (R-7)."""
    out = resolve_stake_on(bolt(30), Dice.scripted([97, 60, 23]))
    staked = out.result.done
    assert isinstance(staked, StakeResult) and isinstance(staked.attack.blow, MeleeHit)
    assert (staked.attack.total, staked.attack.blow.location, staked.staked) == (187, "chest", True)
    assert out.result.victim.staked
    assert [e.target for e in out.events if isinstance(e, Staked)] == ["victim"]


def test_rmu_stake_2_a_bolt_short_of_c_does_not_stake() -> None:
    out = resolve_stake_on(bolt(30), Dice.scripted([70, 23]))
    missed = out.result.done
    assert isinstance(missed, StakeResult)
    assert not missed.staked and not out.result.victim.staked


def test_rmu_stake_2_a_bolt_needs_a_roll_even_on_a_helpless_victim() -> None:
    """The no-roll staking and the maneuver are a stake by hand; a helpless target of a bolt
    brings no DB (P-9) but is shot all the same (DEC-522)."""
    with pytest.raises(RuleRefusal) as refused:
        bolt(30, untroubled=True)
    assert refused.value.rule == "RMU-STAKE-2"
    decl = bolt(30, helpless=True, quickness_db=30)
    assert decl.attack is not None and decl.maneuver is None
    assert "Quickness DB" not in terms(resolve_stake_on(decl, Dice.scripted([50, 50])))


def test_rmu_stake_2_the_command_shoots_the_bolt() -> None:
    runner = CliRunner()
    out = runner.invoke(
        app,
        ["rmu", "stake", "--weapon", "crossbow", "--ob", "60", "--distance", "30",
         "--rolls", "97,60,23"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert "Short band" in out.output and "staked" in out.output


def test_rmu_stake_2_odds_give_p_staked_for_the_bolt() -> None:
    """The odds of the bolt (P(staked)) agree with the scalar resolver on a shot that cannot
    miss the chest's C: run the exact odds and check against a direct probability bound."""
    decl = bolt(30)
    dist = odds(None, decl)
    stats = {s.stat.name: s.value for s in odds_stats(dist, decl)}
    assert 0 < stats["p_staked"] < stats["p_hit"] <= 1
    near = {s.stat.name: s.value for s in odds_stats(odds(None, bolt(8)), bolt(8))}
    assert near["p_staked"] > stats["p_staked"]  # point blank's +20


# --- in an encounter --------------------------------------------------------------------------


def crossbowman(name: str, x: float, y: float) -> dict[str, Any]:
    return person(
        name,
        x,
        y,
        skills={"pistol": {"bonus": 60, "ranks": 6}, "crossbow": {"bonus": 60, "ranks": 5}},
    )


def fight(*people: dict[str, Any], barriers: list[dict[str, Any]] | None = None) -> Any:
    document = scene(*people)
    if barriers:
        document["barrier"] = barriers
    service = in_memory("k", document, Dice.seeded(1))
    service.next_round("k", Dice.scripted(PAD))
    return service


def test_rmu_stake_2_jonah_stakes_mara_with_a_crossbow_bolt_from_30_ft() -> None:
    service = fight(crossbowman("Jonah", 0, 0), vampire("Mara", 0, 30))
    done = service.act(
        "k", "Jonah stakes Mara --called chest --with crossbow", Dice.scripted([97, 60, 23])
    )
    assert done.record.summary["staked"]
    sheet = rmu_stats(done.state.combatant("Mara")).kindred
    assert sheet is not None and sheet.staked
    assert vitals(done.state.combatant("Jonah")).ap_left == 1  # 3 AP, a shot's most
    shot = next(t for t in done.record.trace if t.get("type") == "total")
    labels = {p["label"]: p["value"] for p in shot["parts"]}
    assert labels["Short band, up to 50 ft"] == 0 and labels["called shot, staking: chest"] == -20


def test_rmu_cov_2_a_bolt_meets_the_cover_on_the_line() -> None:
    """Cover on the line of fire is priced as against a missile with no gun behind it
    (RMU-COV-2, DEC-103, DEC-521)."""
    desk = {"name": "desk", "from": [-3, 27], "to": [3, 27], "height_ft": 4, "material": "soft"}
    service = fight(crossbowman("Jonah", 0, 0), vampire("Mara", 0, 30), barriers=[desk])
    done = service.act("k", "Jonah stakes Mara --with crossbow", Dice.scripted([50, 50]))
    shot = next(t for t in done.record.trace if t.get("type") == "total")
    assert any("cover against a missile" in p["label"] and p["value"] < 0 for p in shot["parts"])


def test_r6_an_encounter_bolt_refuses_four_ap_and_the_untroubled_stake() -> None:
    service = fight(crossbowman("Jonah", 0, 0), vampire("Mara", 0, 30))
    with pytest.raises(RuleRefusal) as refused:
        service.act("k", "Jonah stakes Mara --with crossbow --ap 4", Dice.scripted([]))
    assert refused.value.rule == "R-6"
    with pytest.raises(RuleRefusal) as untroubled:
        service.act("k", "Jonah stakes Mara --with crossbow --untroubled", Dice.scripted([]))
    assert untroubled.value.rule == "RMU-STAKE-2"


def test_r6_the_crossbow_is_not_swung_in_an_encounter() -> None:
    service = fight(crossbowman("Jonah", 0, 0), vampire("Mara", 0, 3))
    with pytest.raises(RuleRefusal, match="stakes Mara --with crossbow") as refused:
        service.act("k", "Jonah attacks Mara with crossbow", Dice.scripted([50, 50]))
    assert refused.value.rule == "R-6"


def test_rmu_stake_2_encounter_odds_of_the_bolt_agree_with_the_standalone_odds() -> None:
    """P(Mara staked) for 'stakes Mara --with crossbow' from 30 ft, read from the live state,
    agrees with `odds rmu stake --weapon crossbow --distance 30` (OB 60, 5 ranks, no DB)
    within sampling error."""
    service = fight(crossbowman("Jonah", 0, 0), vampire("Mara", 0, 30))
    found = line_odds(
        service.load("k").state, find_ruleset("rmu"), "Jonah stakes Mara --with crossbow"
    )
    alone = bolt(30, ranks=5, hits_left=60)
    stats = {s.stat.name: s.value for s in odds_stats(odds(None, alone), alone)}
    assert found.effects["Mara staked"] > 0
    assert abs(found.effects["Mara staked"] - stats["p_staked"]) < 0.035


def _bolt_terms(applied: Any) -> dict[str, tuple[int, str]]:
    total = next(t for t in applied.record.trace if t.get("type") == "total")
    return {p["label"]: (p["value"], p["rule"]) for p in total["parts"]}


def test_dec_945_a_bolt_is_a_missile_the_victim_keeps_half_the_dodge() -> None:
    """RMU-DOD-2, RMU-DOD-3, DEC-945: a wooden bolt at Mara (Quickness DB 10, Dodge 20) met
    only her Quickness DB; against a missile she keeps half the Dodge with no cover needed, and
    with Celerity 2 roused two thirds of it. A blow from a stake still meets the Quickness DB."""
    mara = vampire("Mara", 0, 30, stats={"quickness_db": 10, "dodge": 20, "bmr_ft": 20})
    service = fight(crossbowman("Jonah", 0, 0), mara)
    shot = _bolt_terms(service.act("k", "Jonah stakes Mara --with crossbow", Dice.scripted(PAD)))
    assert shot["defender's Quickness DB"] == (-10, "RMU-DOD-2")
    assert shot["Dodge DB 20, x 1/2"] == (-10, "RMU-DOD-2")
    service.act("k", "Mara rouses celerity", Dice.scripted([8]))
    quick = service.act("k", "Jonah stakes Mara --with crossbow --ap 1", Dice.scripted(PAD))
    assert _bolt_terms(quick)["Dodge DB 20, x Celerity 2: 2/3"] == (-13, "RMU-DOD-3")
    alone = terms(resolve_stake_on(bolt(30, dodge=20, celerity=2), Dice.scripted([50, 50])))
    assert alone["Dodge DB 20, x Celerity 2: 2/3"] == -13
    with pytest.raises(RuleRefusal) as blow:
        declare(StakeOptions, ob=60, dodge=20).build()
    assert blow.value.rule == "RMU-DOD-2"
