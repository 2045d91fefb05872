"""cpr's dying and initiative from the public core rules (RULINGS C-11, C-12): the exploding
initiative d10 with critical-injury penalties, death saves at the start of each turn with +1
per save taken, a natural 10 failing, the critical injury of a hit on the mortally wounded, and
stabilizing -- so that someone in a cpr encounter can die. Every figure is worked by hand."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from cpr_support import person, start, step
from firefight.cli.app import app
from firefight.dice import Dice
from firefight.encounter.fold import fold
from firefight.encounter.log import LogRecord, parse_record
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.death import DeathSave, resolve_death_save
from firefight.rulesets.cpr.events import CriticalInjuryInflicted, DeathSaveRolled
from firefight.rulesets.cpr.fighter import fighter

DATA = CprData()


def parts(record: LogRecord, label: str) -> list[tuple[int, str]]:
    total = next(e for e in record.trace if e.get("type") == "total" and e["label"] == label)
    return [(p["value"], p["rule"]) for p in total["parts"]]


def dying(**extra: Any) -> list[dict[str, Any]]:
    """V (REF 7) at 0,0; Rook (REF 6, BODY 6) mortally wounded at 0,10 m."""
    return [person("V", 0, 0, ref=7), person("Rook", 0, 10, hp_left=0, **extra)]


# --- C-11 initiative ---------------------------------------------------------------------------


def test_c_11_initiative_d10_explodes_and_injuries_weigh_on_it() -> None:
    """C-11: V REF 7 + 10 then 3 = 20; Rook REF 6 + d10 1 then -4 = 3, less 2 for a
    concussion = 1: the critical injury counts, the wound state's -4 (mortally wounded)
    does not."""
    service = start(
        [person("V", 0, 0, ref=7), person("Rook", 0, 10, injuries=["concussion"], hp_left=0)],
        [10, 3, 1, 4, 2],  # V 10+3, Rook 1-4, then Rook's death save 2
    )
    record = service.log("fight")[0]
    assert [who.initiative for who in service.state("fight").combatants] == [20, 1]
    assert parts(record, "V's initiative") == [(7, "C-11"), (13, "C-1")]
    assert parts(record, "Rook's initiative") == [(6, "C-11"), (-3, "C-1"), (-2, "C-11")]
    assert service.state("fight").initiative == (("V",), ("Rook",))


# --- C-12 death saves --------------------------------------------------------------------------


def test_c_12_death_save_each_turn_plus_one_per_save_then_death() -> None:
    """C-12: BODY 6. Turn 1: d10 3 -> 3 < 6 holds. Turn 2: 4 + 1 = 5 < 6 holds. Turn 3:
    4 + 2 = 6 is not under 6: Rook dies, and dead men roll no more."""
    service = start(dying(), [5, 5, 3])  # V 7+5, Rook 6+5, Rook's save 3
    assert fighter(service.state("fight").combatant("Rook")).death_saves == 1
    record = step(service, [4])
    assert parts(record, "Rook's death save") == [(4, "C-12"), (1, "C-12")]
    assert "Rook makes the death save (5 under BODY 6) [C-12]." in record.narration
    record = step(service, [4])
    assert "Rook fails the death save (6) and dies [C-12]." in record.narration
    rook = service.state("fight").combatant("Rook")
    assert rook.dead
    step(service, [])  # no save for the dead, no initiative for them either
    assert service.state("fight").initiative == (("V",),)
    # the stored log folds back to the same state
    loaded = service.load("fight")
    reread = [parse_record(r.payload(), seq=r.seq) for r in loaded.records]
    assert fold(loaded.scene, reread, find_ruleset("cpr")) == service.state("fight")


def test_c_12_a_natural_10_always_fails_and_injuries_add_their_penalty() -> None:
    """C-12: BODY 12, d10 10 fails although 10 < 12. Whiplash (+1) turns a 4 into 5 against
    BODY 5: not under, dead."""
    out = resolve_death_save(DeathSave(name="Rook", body=12), Dice.scripted([10]), DATA)
    assert out.result.fields()["saved"] is False
    out = resolve_death_save(
        DeathSave(name="Rook", body=5, injuries=("whiplash",)), Dice.scripted([4]), DATA
    )
    assert (out.result.fields()["total"], out.result.fields()["saved"]) == (5, False)
    out = resolve_death_save(DeathSave(name="Rook", body=5), Dice.scripted([4]), DATA)
    assert (out.result.fields()["total"], out.result.fields()["saved"]) == (4, True)
    assert isinstance(out.events[0], DeathSaveRolled)


def test_c_12_no_body_no_save_and_the_trace_says_so() -> None:
    """C-12: a scenario without BODY cannot roll the save; the turn says why."""
    rook = person("Rook", 0, 10, hp_left=0)
    del rook["body"]
    service = start([person("V", 0, 0, ref=7), rook], [5, 5])
    steps = [e["text"] for e in service.log("fight")[0].trace if e.get("type") == "step"]
    assert any("no BODY" in s and "give the combatant `body`" in s for s in steps)
    assert not service.state("fight").combatant("Rook").dead


def test_c_12_a_hit_on_the_mortally_wounded_brings_a_critical_injury() -> None:
    """C-12: V 7 + Handgun 6 + d10 5 = 18 beats DV 15 at 10 m. 3d6 2+3+4 = 9, no SP, 9 HP;
    no two sixes, but Rook was mortally wounded: 2d6 2+3 = 5 on the Body table, broken ribs,
    and 5 bonus damage: 14 HP lost."""
    service = start(dying(), [5, 5, 3])
    record = step(service, [5, 2, 3, 4, 2, 3], "V shoots Rook")
    crits = [e for e in record.events if isinstance(e, CriticalInjuryInflicted)]
    assert [(c.cause, c.injury) for c in crits] == [("hit while mortally wounded", "broken-ribs")]
    assert parts(record, "HP Rook loses") == [(9, "C-3"), (5, "C-12")]
    assert service.state("fight").combatant("Rook").hits_left == -14


def test_c_12_dec_142_the_hit_on_the_mortally_wounded_must_get_through_the_sp() -> None:
    """C-12, DEC-142: Rook, mortally wounded, wears body SP 9. 3d6 2+3+4 = 9 is wholly
    stopped: no HP lost and no critical injury. 2+3+5 = 10 gets 1 through: 2d6 2+3 = 5 on the
    Body table (broken ribs) and its 5 bonus, so 1 + 5 = 6 HP lost."""
    stopped = start(dying(armor={"body": 9}), [5, 5, 3])
    record = step(stopped, [5, 2, 3, 4], "V shoots Rook")
    assert not [e for e in record.events if isinstance(e, CriticalInjuryInflicted)]
    assert stopped.state("fight").combatant("Rook").hits_left == 0
    one_through = start(dying(armor={"body": 9}), [5, 5, 3])
    record = step(one_through, [5, 2, 3, 5, 2, 3], "V shoots Rook")
    crits = [e for e in record.events if isinstance(e, CriticalInjuryInflicted)]
    assert [(c.cause, c.injury) for c in crits] == [("hit while mortally wounded", "broken-ribs")]
    assert parts(record, "HP Rook loses") == [(1, "C-3"), (5, "C-12")]
    assert one_through.state("fight").combatant("Rook").hits_left == -6


def test_c_12_two_sixes_on_the_mortally_wounded_bring_one_critical_not_two() -> None:
    """C-4 and C-12: 6+6+1 = 13 with two sixes is the dice's critical (2d6 4+4 = 8, broken
    leg); the hit on the mortally wounded adds no second one."""
    service = start(dying(), [5, 5, 3])
    record = step(service, [5, 6, 6, 1, 4, 4], "V shoots Rook")
    crits = [e for e in record.events if isinstance(e, CriticalInjuryInflicted)]
    assert [c.cause for c in crits] == ["damage dice"]
    assert service.state("fight").combatant("Rook").hits_left == -18


def test_c_12_stabilized_no_more_saves_until_hurt_again() -> None:
    """C-12: Doc (TECH 5, First Aid 4) 1 m from Rook: 5 + 4 + d10 5 = 14 beats DV 13. The
    next turn rolls no save for Rook and the earlier +1 is gone; a new wound ends the
    stabilization (DEC-143), and the saves start again from +0."""
    doc = person("Doc", 0, 11, tech=5, skills={"First Aid": 4})
    service = start([*dying(), doc], [5, 5, 4, 3])  # V 12, Rook 11, Doc 10; Rook saves 3
    record = step(service, [5], "Doc stabilizes Rook")
    assert parts(record, "stabilize total") == [(5, "C-12"), (4, "C-12"), (5, "C-1")]
    rook = fighter(service.state("fight").combatant("Rook"))
    assert (rook.stabilized, rook.death_saves) == (True, 0)
    assert "Doc stabilizes Rook: no more death saves [C-12]." in record.narration
    step(service, [])  # no death save
    step(service, [5, 2, 3, 4, 2, 3], "V shoots Rook")
    assert not fighter(service.state("fight").combatant("Rook")).stabilized
    record = step(service, [5])
    assert parts(record, "Rook's death save") == [(5, "C-12")]


def test_c_12_stabilize_tie_fails_and_refusals() -> None:
    """C-12: TECH 5 + the better of First Aid 2 and Paramedic 4 + 4 = 13 ties DV 13 and fails
    (defender wins ties). Refused: too far, not mortally wounded; a refusal changes nothing."""
    doc = person("Doc", 0, 11, tech=5, skills={"First Aid": 2, "Paramedic": 4})
    service = start([*dying(), doc], [5, 5, 4, 3])
    record = step(service, [4], "Doc stabilizes Rook")
    assert parts(record, "stabilize total") == [(5, "C-12"), (4, "C-12"), (4, "C-1")]
    assert not fighter(service.state("fight").combatant("Rook")).stabilized
    step(service, [2])  # Rook's second save: 2 + 1 = 3 < 6
    with pytest.raises(RuleRefusal, match="C-12: Doc must be within 2 m"):
        service.act("fight", "Doc stabilizes V", Dice.scripted([]))
    far = person("Doc", 0, 20, tech=5, skills={"First Aid": 4})
    service = start([*dying(), far], [5, 5, 4, 3])
    before = service.state("fight")
    with pytest.raises(RuleRefusal, match="C-12: Doc must be within 2 m to work on Rook"):
        service.act("fight", "Doc stabilizes Rook", Dice.scripted([]))
    assert service.state("fight") == before


def test_c_12_only_the_mortally_wounded_are_stabilized() -> None:
    """C-12: V is unhurt; stabilizing themselves is refused."""
    service = start(dying(), [5, 5, 3])
    with pytest.raises(RuleRefusal, match="C-12: V is not mortally wounded"):
        service.act("fight", "V stabilizes", Dice.scripted([]))


def test_c_12_c_14_standalone_death_save_stabilize_and_a_poison_load() -> None:
    """C-12: `cpr death-save`: 3 + 2 saves + whiplash 1 = 6, not under BODY 6: dies.
    `cpr stabilize`: 5 + 4 + 4 = 13 ties DV 13: still dying. C-14: `cpr explode --ammo
    poison`: Rook resists 4 + 2 + 3 = 9 < 13 and takes 3 + 4 = 7 past SP 11."""
    runner = CliRunner()
    cpr = ["cpr"]
    out = runner.invoke(
        app, [*cpr, "death-save", "--body", "6", "--saves", "2", "--injury", "whiplash",
              "--rolls", "3", "--json"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["result"] == {
        "outcome": "failure", "target": "target", "total": 6, "body": 6, "saved": False,
    }  # fmt: skip
    out = runner.invoke(app, [*cpr, "stabilize", "--tech", "5", "--skill", "4", "--rolls", "4"])
    assert out.exit_code == 0 and "Still dying." in out.output
    out = runner.invoke(
        app, [*cpr, "explode", "--weapon", "grenade launcher", "--at", "0,10", "--ref", "7",
              "--skill", "6", "--ammo", "poison",
              "--target", "Rook:0,10:sp=11:will=4:resist=2:hp=40/40",
              "--rolls", "5,3,3,4", "--json"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    rook = json.loads(out.output)["result"]["targets"][0]
    assert (rook["result"], rook["hp_lost"]) == ("hit", 7)
