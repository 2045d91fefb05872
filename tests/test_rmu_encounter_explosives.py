"""Explosives in rmu encounters (issue 13): the throw places the grenade, its fuse burns through
the next round and the round change sets it off against everyone; smoke and CS as clouds that
count down (RMU-EXP-2, RMU-EXP-9, RMU-EXP-15, RMU-EXP-16; DEC-306)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from encounter_support import MemoryStore, doorway, in_memory, scene, thrower
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.log import decode_event
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu import encounter_explosives
from firefight.rulesets.rmu.encounter_actions import parse_rmu_action
from firefight.rulesets.rmu.events import CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.melee.holds import GRAPPLED
from firefight.rulesets.rmu.placement import ExplosiveLanded
from firefight.rulesets.rmu.vitals import vitals
from firefight.scene.events import ConditionEnded, ConditionStarted, ConditionTicked
from firefight.scene.state import ActiveCondition
from firefight.service import EncounterService

PAD = [5] * 40  # initiative d10s and any critical roll a test does not look at


def fight() -> EncounterService:
    return in_memory("g", doorway(), Dice.seeded(1))


def test_rmu_exp_9_the_grenade_lands_this_round_and_goes_off_at_the_end_of_the_next() -> None:
    service = fight()
    thrown = service.act(
        "g", "Mara throws m67 at 0,45", Dice.scripted([70])
    )  # 70 + 40 - 10: on target
    landed = [e for e in thrown.record.events if isinstance(e, ExplosiveLanded)]
    assert landed and landed[0].at.y_ft == 45
    started = next(e for e in thrown.record.events if isinstance(e, ConditionStarted))
    assert started.condition.kind == "grenade" and started.condition.rounds_left == 2
    assert vitals(thrown.state.combatant("Mara")).ap_left == 1  # 3 AP thrown

    first = service.next_round("g", Dice.scripted(PAD))  # end of round 1: it has landed
    assert not any(isinstance(e, HitsInflicted) for e in first.record.events)
    assert [e.rounds_left for e in first.record.events if isinstance(e, ConditionTicked)] == [1]

    second = service.next_round("g", Dice.scripted([60, 50, 50, *PAD]))  # end of round 2: boom
    events = second.record.events
    hit = {e.target for e in events if isinstance(e, HitsInflicted | CriticalInflicted)}
    assert "Viktor" in hit and "Sam" not in hit  # Sam is 115 ft off: out of it
    assert any(isinstance(e, ConditionEnded) for e in events)
    assert second.state.conditions == ()
    assert second.state.combatant("Viktor").hits_taken > 0


def test_rmu_exp_9_the_fuse_sequence_folds_back_from_the_log() -> None:
    service = fight()
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.act("g", "Viktor drops-prone", Dice.scripted([]))
    service.next_round("g", Dice.scripted(PAD))
    played = service.next_round("g", Dice.scripted([60, *PAD])).state
    assert service.load("g").state == played
    for record in service.log("g"):
        for event in record.events:
            assert decode_event(event.to_json()) == event


def test_rmu_exp_7_dropping_prone_in_time_moves_viktor_a_band_out() -> None:
    service = fight()
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    service.act("g", "Viktor drops-prone", Dice.scripted([]))
    boom = service.next_round("g", Dice.scripted([60, *PAD]))
    blasts = [o for o in boom.record.trace if o.get("type") == "total"]
    viktor = next(t for t in blasts if t["label"] == "detonation against Viktor")
    assert {p["rule"]: p["value"] for p in viktor["parts"]}["RMU-EXP-7"] == 0  # casualty


def test_p_9_rmu_exp_6_an_unconscious_body_brings_no_quickness_db_against_a_blast() -> None:
    """P-9: the blast's Quickness DB (RMU-EXP-6) is a defense, and out cold Viktor (Quickness DB
    15) has none. Awake, his -15 stands in the detonation total; knocked out first, it does
    not."""

    def viktor_terms(knocked_out: bool) -> dict[str, int]:
        doc = scene(
            thrower("Mara", 0, 0),
            thrower("Viktor", 0, 45, stats={"body_development": 25, "bmr_ft": 20,
                                            "quickness_db": 15}),
        )  # fmt: skip
        service = in_memory("g", doc, Dice.seeded(1))
        if knocked_out:
            service.gm("g", "set Viktor unconscious")
        service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
        service.next_round("g", Dice.scripted(PAD))
        boom = service.next_round("g", Dice.scripted([60, *PAD]))
        totals = [o for o in boom.record.trace if o.get("type") == "total"]
        viktor = next(t for t in totals if t["label"] == "detonation against Viktor")
        return {p["rule"]: p["value"] for p in viktor["parts"]}

    assert viktor_terms(knocked_out=False)["RMU-EXP-6"] == -15
    assert viktor_terms(knocked_out=True).get("RMU-EXP-6", 0) == 0


def test_p_9_dec_343_a_victim_held_fast_brings_no_quickness_db_against_a_blast() -> None:
    """P-9, DEC-343: held fast by Ana (100%), Viktor (Quickness DB 15) is helpless: his -15 is
    gone from the detonation total, as it is when he is out cold; held 90% it stands."""

    def viktor_terms(hold: int) -> dict[str, int]:
        doc = scene(
            thrower("Mara", 0, 0),
            thrower("Viktor", 0, 45, stats={"body_development": 25, "bmr_ft": 20,
                                            "quickness_db": 15}),
            thrower("Ana", 0, 47),
        )  # fmt: skip
        service = in_memory("g", doc, Dice.seeded(1))
        service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
        landed = service.next_round("g", Dice.scripted(PAD)).state
        grip = ActiveCondition(
            id=f"{GRAPPLED}-Ana-Viktor",
            kind=GRAPPLED,
            holder="Viktor",
            data=(("grappler", "Ana"), ("hold", hold), ("round", landed.round)),
        )
        held = replace(landed, conditions=(*landed.conditions, grip))
        boom = engine.next_round(held, find_ruleset("rmu"), Dice.scripted([60, *PAD]))
        totals = [o for o in boom.record.trace if o.get("type") == "total"]
        viktor = next(t for t in totals if t["label"] == "detonation against Viktor")
        return {p["rule"]: p["value"] for p in viktor["parts"]}

    assert viktor_terms(90)["RMU-EXP-6"] == -15
    assert viktor_terms(100).get("RMU-EXP-6", 0) == 0


def test_rmu_exp_15_smoke_fills_its_radius_for_10_to_18_rounds_and_clears() -> None:
    service = fight()
    thrown = service.act("g", "Mara throws m18 at 0,45", Dice.scripted([70, 1]))
    cloud = next(e for e in thrown.record.events if isinstance(e, ConditionStarted)).condition
    assert (cloud.kind, cloud.rounds_left, cloud.get("radius_ft")) == ("cloud", 10, 20)
    state = thrown.state
    for _ in range(10):
        state = service.next_round("g", Dice.seeded(3)).state
    assert state.conditions == ()


def test_rmu_exp_16_a_cs_cloud_lasts_3_to_7_rounds() -> None:
    thrown = fight().act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    cloud = next(e for e in thrown.record.events if isinstance(e, ConditionStarted)).condition
    assert cloud.rounds_left == 7


@pytest.mark.parametrize(
    ("line", "rule"),
    [
        ("Mara throws m67 at 0,200", "RMU-EXP-4"),  # past 5 x 25 ft
        ("Mara throws m67 at 0,45 --ap 4", "RMU-EXP-3"),
        ("Mara throws m67 at 0,45 --ap 0", "RMU-EXP-3"),
        # DEC-898: the GM's difficulty keeps rmu throw's bounds (+500 put any throw on the aim)
        ("Mara throws m67 at 0,45 --difficulty 500", "R-6"),
        ("Mara throws m67 at 0,45 --difficulty -201", "R-6"),
    ],
)
def test_throws_that_cannot_be_made_are_refused_before_any_die(line: str, rule: str) -> None:
    with pytest.raises(RuleRefusal) as err:
        fight().act("g", line, Dice.scripted([]))
    assert err.value.rule == rule


def test_rmu_exp_9_the_grenade_room_example_plays_and_replays_byte_for_byte() -> None:
    """examples/grenade-room.toml: the source's scattered throw (RMU-EXP-2), a man gone flat
    (RMU-EXP-7), the blast read by all (RMU-EXP-1) at the end of round 2, then smoke."""
    from pathlib import Path

    from firefight.cli.encounter import play_scenario

    path = Path(__file__).resolve().parents[1] / "examples" / "grenade-room.toml"
    runs = [play_scenario(EncounterService(MemoryStore()), path, "x") for _ in range(2)]
    assert [r.payload() for r in runs[0][1]] == [r.payload() for r in runs[1][1]]
    service = EncounterService(MemoryStore())
    _, records, state = play_scenario(service, path, "x")
    assert service.load("x").state == state
    landed = next(e for r in records for e in r.events if isinstance(e, ExplosiveLanded))
    assert (round(landed.at.x_ft, 1), landed.at.y_ft) == (6.3, 45)
    hurt = {e.target for r in records for e in r.events if isinstance(e, HitsInflicted)}
    assert hurt == {"Mara", "Viktor", "Ilya"}  # 45 ft off, Mara is inside the casualty band
    assert [c.kind for c in state.conditions] == ["cloud"]


def test_rmu_exp_6_a_scene_barrier_counts_only_between_the_burst_and_the_body() -> None:
    """A 4 ft hard wall between the burst and Viktor is priced on SG & ME 1-6; Sam's wall lies
    behind him and counts for nothing."""
    document = doorway()
    document["combatant"][2]["position"] = [0, 75]  # Sam: 30 ft past the burst
    document["barrier"] = [
        {"name": "desk", "from": [-3, 43], "to": [3, 43], "height_ft": 4, "material": "hard"},
        {"name": "shelf", "from": [-3, 78], "to": [3, 78], "height_ft": 4, "material": "hard"},
    ]
    service = in_memory("g", document, Dice.seeded(1))
    service.act("g", "Viktor moves 0,40", Dice.scripted([]))
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    boom = service.next_round("g", Dice.scripted([60, *PAD]))
    totals = {t["label"]: t["parts"] for t in boom.record.trace if t.get("type") == "total"}
    viktor = [p for p in totals["detonation against Viktor"] if p["rule"] == "RMU-EXP-6"]
    sam = [p for p in totals["detonation against Sam"] if p["rule"] == "RMU-EXP-6"]
    assert [p["value"] for p in viktor if "cover" in p["label"]] == [-70]  # half hard
    assert not [p for p in sam if "cover" in p["label"]]


def test_rmu_exp_9_a_throw_back_takes_the_whole_round_at_minus_50_and_keeps_the_fuse() -> None:
    """Viktor stands at the landing spot; in round 2 he picks it up (3 AP) and throws it on
    (1 AP, -50); it goes off at the end of round 2 where it lands, by Mara."""
    service = fight()
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    back = service.act("g", "Viktor throws-back at 0,5", Dice.scripted([90, 6]))
    totals = {t["label"]: t["parts"] for t in back.record.trace if t.get("type") == "total"}
    placement = {p["rule"]: p["value"] for p in totals["placement"]}
    assert placement["RMU-EXP-3"] == -50 and vitals(back.state.combatant("Viktor")).ap_left == 0
    moved = back.state.conditions[0]
    assert moved.rounds_left == 1 and moved.get("thrower") == "Viktor"
    # 90 + 40 - 10 (40 ft: second increment) - 50 = 70: 30% of 20 ft = 6 ft, short (6 o'clock)
    assert moved.get("y_ft") == pytest.approx(11)
    boom = service.next_round("g", Dice.scripted([60, *PAD]))
    hurt = {e.target for e in boom.record.events if isinstance(e, HitsInflicted)}
    assert "Mara" in hurt
    narrated = " ".join(back.record.narration)
    assert "picked up" in narrated and "end of this round" in narrated
    # the headline says when the burning fuse runs out (issue 17)
    assert back.record.narration[0].endswith("it goes off at the end of round 2.")


@pytest.mark.parametrize(
    ("setup", "line", "rule"),
    [
        ([], "Viktor throws-back at 0,5", "RMU-EXP-9"),  # nothing has landed yet
        (["Viktor moves 0,30"], "Viktor throws-back at 0,5", "RMU-EXP-9"),  # not at hand
    ],
)
def test_rmu_exp_9_a_throw_back_needs_a_grenade_at_hand(
    setup: list[str], line: str, rule: str
) -> None:
    service = fight()
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    if setup:
        service.next_round("g", Dice.scripted(PAD))
        for text in setup:
            service.act("g", text, Dice.scripted([]))
    with pytest.raises(RuleRefusal) as err:
        service.act("g", line, Dice.scripted([]))
    assert err.value.rule == rule


def test_rmu_exp_9_a_throw_back_without_the_whole_round_is_refused() -> None:
    service = fight()
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    service.act("g", "Viktor waits --ap 1", Dice.scripted([]))
    with pytest.raises(RuleRefusal) as err:
        service.act("g", "Viktor throws-back at 0,5", Dice.scripted([]))
    assert err.value.rule == "RMU-EXP-9" and "whole round" in err.value.reason


def _landing(service: EncounterService, line: str, rolls: list[int]) -> tuple[float, float]:
    done = service.act("g", line, Dice.scripted(rolls))
    landed = next(e for e in done.record.events if isinstance(e, ExplosiveLanded))
    return round(landed.at.x_ft, 2), round(landed.at.y_ft, 2)


@pytest.mark.parametrize("rolls", [[70], [42, 3]])
def test_dec_703_a_throw_at_someone_is_placed_where_they_stand(rolls: list[int]) -> None:
    """RMU-EXP-1: an explosive is put somewhere, not aimed at anyone, so 'at Viktor' is his spot
    (0,45): the same band (-10, RMU-EXP-4) and, short of 100, the same scatter from it
    (RMU-EXP-2: 42 + 40 - 10 = 72, 6.3 ft toward 3 o'clock), as 'at 0,45'."""
    by_name = fight()
    at_him = _landing(by_name, "Mara throws m67 at Viktor", rolls)
    assert at_him == _landing(fight(), "Mara throws m67 at 0,45", rolls)
    assert at_him == ((0, 45) if rolls == [70] else (6.3, 45))
    trace = " ".join(str(o.get("text", "")) for o in by_name.log("g")[-1].trace)
    assert "aimed at where Viktor stands" in trace


def test_dec_703_the_headline_names_whom_the_throw_was_aimed_at() -> None:
    """RMU-EXP-2, DEC-703: 'throws m67 at Viktor' said only where it landed; the headline now
    says whom it was thrown at, and a throw at a spot stays as it was."""
    service = fight()
    at_him = service.act("g", "Mara throws m67 at Viktor", Dice.scripted([70]))
    assert at_him.record.narration[0].startswith(
        "Mara throws the m67 at Viktor; it lands at (0, 45);"
    )
    spot = fight().act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    assert spot.record.narration[0].startswith("Mara throws the m67; it lands at (0, 45);")


def test_dec_703_the_aim_is_where_they_stand_as_it_is_thrown_and_stays_there() -> None:
    """Viktor moves up to 0,30 before the throw: it is aimed there; he runs on after it lands,
    and the grenade does not follow him (RMU-EXP-9)."""
    service = fight()
    service.act("g", "Viktor moves 0,30", Dice.scripted([]))
    assert _landing(service, "Mara throws m67 at viktor", [70]) == (0, 30)
    service.next_round("g", Dice.scripted(PAD))
    moved = service.act("g", "Viktor moves 0,50", Dice.scripted([]))
    grenade = moved.state.conditions[0]
    assert (grenade.get("x_ft"), grenade.get("y_ft")) == (0, 30)


@pytest.mark.parametrize(
    ("line", "rule", "said"),
    [
        ("Mara throws m67 at Sam", "RMU-EXP-4", ""),  # 160 ft: past 5 x 25 ft
        ("Mara throws m67 at Vikor", "ENC-SCENE", "Viktor"),  # did you mean
        ("Mara throws m67 at Viktor Sam", "R-6", "left over"),
        ("Mara throws m67 at 0;45", "R-6", "as X,Y (e.g. '4,10') or a name, not '0;45'"),
    ],
)
def test_dec_703_a_throw_at_someone_out_of_reach_or_unknown_is_refused(
    line: str, rule: str, said: str
) -> None:
    with pytest.raises(RuleRefusal) as err:
        fight().act("g", line, Dice.scripted([]))
    assert err.value.rule == rule and said in err.value.reason


@pytest.mark.parametrize(
    ("setup", "line"),
    [
        ([], "Mara throws m67 at 0,110"),  # 110 ft: the fifth 25 ft increment
        (["Mara throws m67 at 0,45", "next round"], "Viktor throws-back at 0,-65"),  # 110 ft
    ],
)
def test_rmu_exp_4_an_encounter_throw_reaches_as_many_increments_as_the_data_gives(
    setup: list[str], line: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reach of a throw and of a throw back is the data's count of throw increments (one
    per band penalty), not a number of the encounter's own: with four, 110 ft is past it."""

    def played() -> EncounterService:
        service = fight()
        for step in setup:
            if step == "next round":
                service.next_round("g", Dice.scripted(PAD))
            else:
                service.act("g", step, Dice.scripted([70]))
        return service

    shipped = explosive_data()
    assert played().act("g", line, Dice.scripted([90, 6])).record.events  # five: it arrives
    four = replace(shipped, throw=replace(shipped.throw, band_penalties=(0, -10, -25, -50)))
    service = played()
    monkeypatch.setattr(encounter_explosives, "explosive_data", lambda: four)
    with pytest.raises(RuleRefusal) as err:
        service.act("g", line, Dice.scripted([90, 6]))
    assert err.value.rule == "RMU-EXP-4" and "last of 4 throw increments" in err.value.reason


def test_dec_703_a_throw_back_at_someone_is_placed_where_they_stand() -> None:
    """Viktor throws Mara's grenade back at her (RMU-EXP-9): aimed at 0,0, where she stands."""
    landed = []
    for aim in ("Mara", "0,0"):
        service = fight()
        service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
        service.next_round("g", Dice.scripted(PAD))
        back = service.act("g", f"Viktor throws-back at {aim}", Dice.scripted([90, 6]))
        landed.append((back.state.conditions[0].get("x_ft"), back.state.conditions[0].get("y_ft")))
    assert landed[0] == landed[1]


def test_dec_703_the_map_draws_a_throw_at_someone_on_their_spot() -> None:
    from firefight.rulesets import find_ruleset

    state = fight().load("g").state
    rmu = find_ruleset("rmu")
    drawn = rmu.overlay(state, rmu.parse_action("Mara throws m67 at Viktor", state))
    assert {(r.center.x_ft, r.center.y_ft) for r in drawn.rings} == {(0, 45)}


@pytest.mark.parametrize(
    ("line", "verb"),
    [
        ("Viktor throws back at 0,5", "throws-back"),
        ("Viktor throw back at Mara", "throws-back"),
        ("Viktor drops prone", "drops-prone"),
        ("Viktor drop prone", "drops-prone"),
        ("Viktor stands up", "stands-up"),
        ("Viktor holds breath", "holds-breath"),
        ("Viktor rolls out", "rolls-out"),
        ("Viktor pulls stake from Mara", "pulls-stake"),
    ],
)
def test_r_6_the_two_word_verbs_read_without_their_hyphen(line: str, verb: str) -> None:
    """A GM types "drops prone" and "throws back" as they are said; read as 'throws' with a
    load called 'back', or as no verb 'drops', they were refused for the wrong reason."""
    assert parse_rmu_action(line, fight().state("g")).verb == verb


def test_rmu_exp_9_a_grenade_still_in_the_air_is_refused_as_landing_at_the_round_end() -> None:
    """`show` lists the grenade at its spot the round it is thrown; one within reach then is
    not "no grenade": it lands at the end of the round, and is thrown back from the next."""
    service = fight()
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))  # on Viktor's spot
    with pytest.raises(RuleRefusal) as err:
        service.act("g", "Viktor throws-back at 0,5", Dice.scripted([]))
    assert err.value.rule == "RMU-EXP-9"
    assert "lands at the end of this round" in err.value.reason
    assert "next round" in err.value.reason


def test_rmu_exp_10_a_look_that_misses_the_grenade_says_what_is_left_of_the_round() -> None:
    """The round opened "4 AP each" and then Mara "does not notice the m67", yet the table
    showed her with 2 AP: the look's cost was only in the trace. The line says what is left.
    Viktor throws it 20 ft before her: his own grenade he needs no look for (DEC-880)."""
    service = fight()
    service.act("g", "Viktor throws m67 at 0,20", Dice.scripted([70]))
    opened = service.next_round("g", Dice.scripted(PAD))  # a 5 for her Perception: missed
    assert vitals(opened.state.combatant("Mara")).ap_left == 2
    assert "Mara does not notice the m67-1-1 (in front): 2 AP left [RMU-EXP-10]." in (
        opened.record.narration
    )
