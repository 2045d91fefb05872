"""Kindred as rmu combatants (issue 14): the scenario sheet (RULINGS V-6) and what it changes."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import KINDRED_SHEET, in_memory, scene
from encounter_support import kindred_scene as start
from firefight.dice import Dice
from firefight.encounter.scenario import ScenarioError, initial_state, scenario_from_data
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.geometry import Point, Posture
from firefight.outcome import Happened, Outcome
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.critical_table import CriticalEffect
from firefight.rulesets.rmu.detonation import Blast, BlastTarget, resolve_detonation
from firefight.rulesets.rmu.encounter_events import Died
from firefight.rulesets.rmu.encounter_fire import _person_fields as person_fields
from firefight.rulesets.rmu.events import CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.explosives_view import scene_lines
from firefight.rulesets.rmu.kindred import KindredSheet
from firefight.rulesets.rmu.kindred_criticals import read_critical
from firefight.rulesets.rmu.kindred_events import BurningStarted, FinalDeath, PowerRoused, Staked
from firefight.rulesets.rmu.kindred_fire import burn_due, with_fire
from firefight.rulesets.rmu.scene_reading import defender
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.tripod import resolve_recoil
from firefight.rulesets.rmu.vitals import rmu_stats, vitals
from firefight.scene.apply import apply_all
from firefight.scene.events import StatusSet
from firefight.scene.state import EncounterState
from firefight.trace import Trace, TraceBuilder


def person(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "position": [x, y],
        "hits": 60,
        "stats": {"body_development": 25, "bmr_ft": 20, **extra.pop("stats", {})},
        "skills": {"pistol": {"bonus": 60, "ranks": 6}},
        "weapon": [{"weapon": "glock-17", "skill": "pistol", "magazines": [{"rounds": 17}]}],
        **extra,
    }


def vampire(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return person(name, x, y, **{**KINDRED_SHEET, **extra})


def test_v6_a_kindred_carries_the_sheet_and_a_mortal_none() -> None:
    state = initial_state(scenario_from_data(scene(vampire("Mara", 0, 0), person("Jonah", 0, 30))))
    sheet = rmu_stats(state.combatant("Mara")).kindred
    assert sheet == KindredSheet(blood_potency=2, hunger=2, celerity=2, potence=3, protean=2)
    assert rmu_stats(state.combatant("Jonah")).kindred is None


def test_v6_a_kindred_sheet_defaults_to_blood_potency_1_and_hunger_1() -> None:
    bare = person("Mara", 0, 0, kindred=True)
    sheet = rmu_stats(initial_state(scenario_from_data(scene(bare))).combatant("Mara")).kindred
    assert sheet is not None and (sheet.blood_potency, sheet.hunger) == (1, 1)


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        ({"hunger": 3}, "kindred = true"),
        ({"kindred": True, "hunger": 6}, "less than or equal to 5"),
        ({"kindred": True, "blood_potency": 11}, "less than or equal to 10"),
        ({"kindred": True, "blood_potency": -1}, "greater than or equal to 0"),
        ({"kindred": True, "stats": {"celerity": 2}}, "disciplines.celerity"),
        ({"kindred": True, "disciplines": {"celerity": 6}}, "less than or equal to 5"),
    ],
)
def test_v6_the_sheet_is_checked_when_read(extra: dict[str, Any], says: str) -> None:
    with pytest.raises(ScenarioError, match=says):
        scenario_from_data(scene(person("Mara", 0, 0, **extra)))


def test_v4_a_kindreds_celerity_counts_for_the_dodge_share_only_once_roused() -> None:
    state = initial_state(scenario_from_data(scene(vampire("Mara", 0, 0))))
    assert defender(state, state.combatant("Mara")).celerity == 0
    sheet = rmu_stats(state.combatant("Mara")).kindred
    assert sheet is not None and sheet.rouse("celerity").celerity_in_play == 2


def test_a_mortal_given_rapid_reflexes_keeps_them_without_blood() -> None:
    """A ghoul (or any mortal) given stats.celerity has it in play at once, as before."""
    state = initial_state(scenario_from_data(scene(person("Ghoul", 0, 0, stats={"celerity": 2}))))
    assert defender(state, state.combatant("Ghoul")).celerity == 2


# --- V-1: ordinary damage reads one severity lower --------------------------------------------


def shot_at(target: dict[str, Any], rolls: list[int], **rules: Any) -> Any:
    data = scene(person("Jonah", 0, 0), target)
    if rules:
        data["rules"] = {"kindred": rules}
    service = in_memory("k", data, Dice.seeded(1))
    return service.act("k", "Jonah shoots Mara --ap 3", Dice.scripted(rolls))


def criticals(applied: Any) -> list[CriticalInflicted]:
    return [e for e in applied.record.events if isinstance(e, CriticalInflicted)]


def test_v1_a_kindred_hit_by_a_9mm_reads_one_severity_lower_than_a_mortal() -> None:
    """Same dice (attack 99+40, critical 05): the mortal takes the E cell, the Kindred the D."""
    table = RmuData().tables.critical("ballistic-puncture")
    mortal = criticals(shot_at(person("Mara", 0, 30), [99, 40, 5]))
    kindred_shot = shot_at(vampire("Mara", 0, 30), [99, 40, 5])
    kindred = criticals(kindred_shot)
    assert [(e.severity, e.effect) for e in mortal] == [("E", table.row_for(5).cell(Severity.E))]
    assert [(e.severity, e.effect, e.reduced_from) for e in kindred] == [
        ("D", table.row_for(5).cell(Severity.D), "E")
    ]
    steps = [t for t in kindred_shot.record.trace if t.get("rule") == "V-1"]
    assert steps and "reads 1 severity lower, D" in steps[0]["text"]
    assert "read as D on a Kindred (V-1)" in kindred_shot.record.narration[0]


def test_v1_rmu_bite_1_fangs_on_a_kindred_are_aggravated() -> None:
    """V-1, RMU-BITE-1: Mara bites Viktor, also Kindred, face to face: 99 then 60 open-ended
    + 5 (the one rank) - 20 (a direct bite, RMU-BITE-2) = 144, 14C on the Puncture table read
    Small; critical roll 44. Fangs are aggravated: the C stays a C, and hits and critical are
    marked so."""
    state = start(vampire("Mara", 0, 0), vampire("Viktor", 0, 4, facing_deg=180))
    bite = RMU.parse_action("Mara bites Viktor --ap 4", state)
    out = RMU.resolve(state, bite, Dice.scripted([99, 60, 44]))
    crits = [e for e in out.events if isinstance(e, CriticalInflicted)]
    assert [(c.severity, c.reduced_from, c.aggravated) for c in crits] == [("C", None, True)]
    hits = [e for e in out.events if isinstance(e, HitsInflicted)]
    assert [(h.hits, h.aggravated) for h in hits] == [(14, True)]
    said = [t["text"] for t in out.trace.to_json() if t.get("rule") == "RMU-BITE-1"]
    assert said == ["Fangs are aggravated to Viktor: no severity reduction."]


def test_rmu_bite_2_fangs_are_not_swung_as_a_melee_weapon() -> None:
    """RMU-BITE-2, -3: the fangs' -20 without a hold and their lodging are the bite's own rules;
    'attacks with bite' went round them (no -20, nothing lodged), so it is refused (DEC-696),
    naming the line that bites."""
    state = start(vampire("Mara", 0, 0), vampire("Viktor", 0, 4))
    attack = RMU.parse_action("Mara attacks Viktor with bite --ap 4", state)
    with pytest.raises(RuleRefusal) as refused:
        RMU.validate(state, attack)
    assert refused.value.rule == "RMU-BITE-2"
    assert "'Mara bites Viktor'" in refused.value.reason


def test_v1_concussion_hits_on_a_kindred_are_not_reduced() -> None:
    """V-1 lightens the critical only: the 9 mm's concussion hits (attack 99+40) are the same on
    a Kindred as on a mortal, neither halved nor reduced."""

    def hits(target: dict[str, Any]) -> list[int]:
        shot = shot_at(target, [99, 40, 5])
        return [e.hits for e in shot.record.events if isinstance(e, HitsInflicted)]

    mortal = hits(person("Mara", 0, 30))
    assert mortal and mortal[0] > 0 and hits(vampire("Mara", 0, 30)) == mortal


def test_v1_the_headline_of_an_a_stepped_down_does_not_read_a_as_a() -> None:
    """An A critical on a Kindred steps down a row on the A column (V-1): the headline said
    'a critical A, read as A'; it says the A was stepped down."""
    shot = shot_at(vampire("Mara", 0, 30), [66, 40, 40])
    headline = shot.record.narration[0]
    assert "critical A to the leg, stepped down a row on a Kindred (V-1)" in headline
    assert "read as A" not in headline


def test_v1_an_a_stepped_past_its_location_is_told_where_it_is_read() -> None:
    """V-1: an A with no lighter row for its location steps down to the 01 row, the head
    (RMU-BP-1). A critical roll of 12 (arm 11-15) read as the 01 row's head graze: the headline
    said "to the arm" while the detail said "head"; both name the head (DEC-967)."""
    shot = shot_at(vampire("Mara", 0, 30), [66, 12])
    (critical,) = criticals(shot)
    assert critical.location == "head"
    headline = shot.record.narration[0]
    assert "critical A to the head, stepped down a row on a Kindred (V-1)" in headline


def test_v1_is_a_scenario_option_and_0_turns_it_off() -> None:
    off = criticals(shot_at(vampire("Mara", 0, 30), [99, 40, 5], severity_steps=0))
    assert [e.severity for e in off] == ["E"]


def test_v1_below_a_steps_down_to_the_nearest_lower_row_of_the_same_location() -> None:
    table = RmuData().tables.critical("ballistic-puncture")
    leg = read_critical(table, 40, Severity.A, steps=1)  # 36-45 leg: the next lower leg is 06-10
    assert [(s, row.label) for s, row, _ in leg.cells] == [(Severity.A, "06-10")]
    assert leg.cells[0][2] == table.row_for(8).cell(Severity.A) and leg.reduced
    chest = read_critical(table, 3, Severity.A, steps=1)  # 02-03 chest: none lower, so 01
    assert [row.label for _, row, _ in chest.cells] == ["01"]


def test_v1_a_scene_reading_two_severities_lower_steps_down_twice_below_a() -> None:
    """V-1 as a scenario option of 2: a B critical reads 2 lower, one past A; an A critical two
    past A walks down the leg rows twice: 67-75 -> 36-45 -> 06-10 (RMU-BP-1's leg bands); from
    36-45 the first step reaches 06-10 and the second finds no lower leg row: the 01 row."""
    table = RmuData().tables.critical("ballistic-puncture")
    twice = read_critical(table, 70, Severity.A, steps=2)
    assert [(s, row.label) for s, row, _ in twice.cells] == [(Severity.A, "06-10")]
    assert [row.label for _, row, _ in read_critical(table, 40, Severity.A, steps=2).cells] == [
        "01"
    ]
    once = read_critical(table, 70, Severity.B, steps=2)  # B - 2 = one below A
    assert [(s, row.label) for s, row, _ in once.cells] == [(Severity.A, "36-45")]


def test_v1_a_compound_severity_steps_down_the_ladder() -> None:
    """P-7's F (E + A) one lower is E alone; G (E + B) is F (E + A)."""
    table = RmuData().tables.critical("ballistic-puncture")
    assert [s for s, _, _ in read_critical(table, 50, Severity.F, steps=1).cells] == [Severity.E]
    assert [s for s, _, _ in read_critical(table, 50, Severity.G, steps=1).cells] == [
        Severity.E,
        Severity.A,
    ]


def test_v1_fire_is_aggravated_a_thermate_critical_is_not_reduced() -> None:
    """An AN-M14 (thermate) reads Heat at the band's severity on a Kindred as on a mortal."""
    blast = Blast(
        load="an-m14",
        center=Point(x_ft=0, y_ft=0),
        people=(
            BlastTarget(name="Mara", position=Point(x_ft=3, y_ft=0), severity_steps=1),
            BlastTarget(name="Jonah", position=Point(x_ft=-3, y_ft=0)),
        ),
    )
    outcome = resolve_detonation(blast, Dice.scripted([80, 40, 40]))
    crits = {e.target: e for e in outcome.events if isinstance(e, CriticalInflicted)}
    assert crits["Mara"].severity == crits["Jonah"].severity
    assert crits["Mara"].effect == crits["Jonah"].effect
    assert crits["Mara"].aggravated and crits["Mara"].reduced_from is None
    assert any(
        t.get("rule") == "V-1" and "aggravated" in str(t["text"]) for t in outcome.trace.to_json()
    )


def test_v1_fragments_are_not_aggravated_and_read_lower() -> None:
    blast = Blast(
        load="m67",
        center=Point(x_ft=0, y_ft=0),
        thrown_ranks=10,
        people=(BlastTarget(name="Mara", position=Point(x_ft=30, y_ft=0), severity_steps=1),),
    )
    outcome = resolve_detonation(blast, Dice.scripted([60, 50]))
    (crit,) = [e for e in outcome.events if isinstance(e, CriticalInflicted)]
    assert (crit.reduced_from, crit.severity) == ("B", "A")  # the docstring's mortal reads B


# --- V-2: torpor and Final Death ---------------------------------------------------------------

RMU = find_ruleset("rmu")


def land(state: EncounterState, *events: Event) -> EncounterState:
    return apply_all(state, events, RMU)


def sheet(state: EncounterState, name: str) -> KindredSheet:
    found = rmu_stats(state.combatant(name)).kindred
    assert found is not None
    return found


def test_v2_at_0_hits_a_kindred_falls_into_torpor() -> None:
    state = land(start(vampire("Mara", 0, 0)), HitsInflicted(target="Mara", hits=60, rule="t"))
    mara = state.combatant("Mara")
    assert sheet(state, "Mara").torpor and mara.unconscious and not mara.dead
    assert mara.posture is Posture.PRONE
    with pytest.raises(RuleRefusal, match="torpor") as refused:
        RMU.validate(state, RMU.parse_action("Mara waits", state))
    assert refused.value.rule == "V-2"


def test_v2_past_body_development_only_aggravated_damage_brings_final_death() -> None:
    """Body Development 25: 90 hits on 60 is 30 below 0. Bullets leave torpor; fangs destroy."""
    bullets = land(start(vampire("Mara", 0, 0)), HitsInflicted(target="Mara", hits=90, rule="t"))
    assert sheet(bullets, "Mara").torpor and not bullets.combatant("Mara").dead
    fangs = land(
        start(vampire("Mara", 0, 0)),
        HitsInflicted(target="Mara", hits=90, rule="RMU-BITE-1", aggravated=True),
    )
    assert sheet(fangs, "Mara").final_death and fangs.combatant("Mara").dead
    mortal = land(start(person("Mara", 0, 0)), HitsInflicted(target="Mara", hits=90, rule="t"))
    assert mortal.combatant("Mara").dead
    # Past, not at: 85 aggravated hits on 60 leave her 25 below 0, exactly her Body Development,
    # so torpor; one more hit is past it, Final Death.
    at_bd = land(
        start(vampire("Mara", 0, 0)),
        HitsInflicted(target="Mara", hits=85, rule="RMU-BITE-1", aggravated=True),
    )
    assert sheet(at_bd, "Mara").torpor and not sheet(at_bd, "Mara").final_death
    past = land(at_bd, HitsInflicted(target="Mara", hits=1, rule="RMU-BITE-1", aggravated=True))
    assert sheet(past, "Mara").final_death and past.combatant("Mara").dead


def test_v2_a_lethal_cell_is_torpor_unless_aggravated() -> None:
    deadly = CriticalEffect(label="dead", hits=5, dead=True)
    dying = CriticalEffect(label="dying", hits=5, dying_rounds=3)
    hit = land(
        start(vampire("Mara", 0, 0)),
        CriticalInflicted(
            target="Mara", table="ballistic-puncture", severity="E", roll=100,
            location="head", effect=deadly,
        ),
    )  # fmt: skip
    assert sheet(hit, "Mara").torpor and not hit.combatant("Mara").dead
    bleeding_out = land(
        start(vampire("Mara", 0, 0)),
        CriticalInflicted(
            target="Mara", table="ballistic-puncture", severity="E", roll=99,
            location="chest", effect=dying,
        ),
    )  # fmt: skip
    assert vitals(bleeding_out.combatant("Mara")).dying_rounds is None
    assert sheet(bleeding_out, "Mara").torpor
    burnt = land(
        start(vampire("Mara", 0, 0)),
        CriticalInflicted(
            target="Mara", table="heat", severity="E", roll=100, location="head",
            effect=deadly, aggravated=True,
        ),
    )  # fmt: skip
    assert sheet(burnt, "Mara").final_death and burnt.combatant("Mara").dead


def test_v2_a_kindred_does_not_die_of_the_penalties_at_upkeep() -> None:
    """R-2's -300 kills a mortal at the next upkeep; a Kindred lies in torpor instead."""
    crushed = CriticalEffect(label="crushed", hits=1, injury=-300)
    state = start(vampire("Mara", 0, 0), person("Jonah", 0, 30))
    for name in ("Mara", "Jonah"):
        state = land(
            state,
            CriticalInflicted(
                target=name, table="ballistic-impact", severity="E", roll=50,
                location="chest", effect=crushed,
            ),
        )  # fmt: skip
    died = {e.target for e in RMU.upkeep(state).events if isinstance(e, Died)}
    assert died == {"Jonah"}
    assert sheet(state, "Mara").torpor and vitals(state.combatant("Mara")).dying_rounds is None


def test_v2_bleeding_stun_and_injury_weigh_on_a_kindred_as_on_a_mortal() -> None:
    """V-2's last clause: the same wounding cell leaves Mara (Kindred) and Jonah (mortal) the
    same bleeding 3, stun 2 rounds at -25 and injury -10, and the upkeep bleeds both 3 hits
    and wears one round of the stun off both."""
    gash = CriticalEffect(
        label="gash", hits=5, bleed=3, stun_rounds=2, stun_penalty=-25, injury=-10
    )
    state = start(vampire("Mara", 0, 0), person("Jonah", 0, 30))
    for name in ("Mara", "Jonah"):
        state = land(
            state,
            CriticalInflicted(
                target=name, table="ballistic-puncture", severity="C", roll=50,
                location="chest", effect=gash,
            ),
        )  # fmt: skip
    cut = [vitals(state.combatant(n)) for n in ("Mara", "Jonah")]
    assert [(v.bleed, v.stun, v.injury) for v in cut] == [(3, ((-25, 2),), -10)] * 2
    after = land(state, *RMU.upkeep(state).events)
    taken = [
        after.combatant(n).hits_taken - state.combatant(n).hits_taken for n in ("Mara", "Jonah")
    ]
    assert taken == [3, 3]
    assert [vitals(after.combatant(n)).stun for n in ("Mara", "Jonah")] == [((-25, 1),)] * 2


def test_v2_the_log_says_a_kindred_falls_into_torpor_and_meets_final_death() -> None:
    """V-2: a Kindred at 0 hits falls into torpor, not unconscious, and what destroys them is
    Final Death: the narrated log says so (the state table already did), a mortal as before."""
    before = start(vampire("Mara", 0, 0), person("Jonah", 0, 30))
    torpid = land(before, HitsInflicted(target="Mara", hits=60, rule="t"))
    gone = land(torpid, HitsInflicted(target="Mara", hits=60, rule="t", aggravated=True))
    mara = [s.combatant("Mara") for s in (before, torpid, gone)]
    assert RMU.went_down(mara[0], mara[1]) == "Mara falls into torpor [V-2]."
    assert RMU.went_down(mara[1], mara[2]) == "Mara meets Final Death [V-2]."
    assert RMU.went_down(mara[0], mara[2]) == "Mara meets Final Death [V-2]."
    mortal = land(before, HitsInflicted(target="Jonah", hits=60, rule="t"))
    jonah = (before.combatant("Jonah"), mortal.combatant("Jonah"))
    assert RMU.went_down(*jonah) == "Jonah falls unconscious."
    switched_off = land(
        start(vampire("Mara", 0, 0), torpor=False), HitsInflicted(target="Mara", hits=60, rule="t")
    )
    assert RMU.went_down(mara[0], switched_off.combatant("Mara")) == "Mara falls unconscious."


def test_v2_is_a_scenario_option_off_a_kindred_dies_as_a_mortal() -> None:
    state = land(
        start(vampire("Mara", 0, 0), torpor=False),
        HitsInflicted(target="Mara", hits=90, rule="t"),
    )
    assert state.combatant("Mara").dead and not sheet(state, "Mara").final_death


def test_v2_the_gm_s_unconscious_is_torpor_and_dead_final_death_for_a_kindred() -> None:
    """V-2, DEC-702: the GM's `set Mara unconscious` turned only the shared flag: the state
    table went on saying "up", and `set Mara dead` left her "up, prone" while R-2 refused her
    actions as dead. The GM's statuses now read as V-2 reads a blow's: unconscious is torpor,
    dead is Final Death (in torpor too), up neither; with V-2 off a Kindred is set as a mortal."""
    state = start(vampire("Mara", 0, 0))
    torpid = land(state, StatusSet(target="Mara", status="unconscious"))
    assert sheet(torpid, "Mara").torpor and not sheet(torpid, "Mara").final_death
    assert RMU.describe_row(torpid.combatant("Mara"))["state"] == "torpor, prone; Hunger 2"
    with pytest.raises(RuleRefusal) as refused:
        RMU.validate(torpid, RMU.parse_action("Mara waits", torpid))
    assert refused.value.rule == "V-2"
    gone = land(torpid, StatusSet(target="Mara", status="dead"))
    mara = gone.combatant("Mara")
    assert sheet(gone, "Mara").final_death and mara.dead and mara.unconscious
    assert RMU.describe_row(mara)["state"] == "FINAL DEATH"
    back = land(gone, StatusSet(target="Mara", status="up"))
    assert not (sheet(back, "Mara").torpor or sheet(back, "Mara").final_death)
    assert back.combatant("Mara").can_act()
    mortal_rules = land(start(vampire("Mara", 0, 0), torpor=False),
                        StatusSet(target="Mara", status="dead"))  # fmt: skip
    assert mortal_rules.combatant("Mara").dead and not sheet(mortal_rules, "Mara").final_death


# --- V-3 and P-9: staked ------------------------------------------------------------------------


def test_v3_p9_a_staked_kindred_cannot_act_or_defend() -> None:
    state = start(vampire("Mara", 0, 0), person("Ana", 3, 0))
    state = land(state, PowerRoused(actor="Mara", power="celerity"))
    assert defender(state, state.combatant("Mara")).conscious
    state = land(state, Staked(target="Mara", by="Jonah", rule="RMU-STAKE-2"))
    assert not defender(state, state.combatant("Mara")).conscious
    with pytest.raises(RuleRefusal, match="staked") as refused:
        RMU.validate(state, RMU.parse_action("Mara waits", state))
    assert refused.value.rule == "V-3"


def test_v3_p9_the_trace_does_not_call_a_staked_kindred_unconscious() -> None:
    """Staked, Mara is awake but cannot defend (P-9, V-3): the trace says so, not that she is
    out cold."""
    state = start(vampire("Mara", 0, 30, stats={"quickness_db": 10}), person("Ana", 0, 0))
    state = land(state, Staked(target="Mara", by="Jonah", rule="RMU-STAKE-2"))
    shot = RMU.resolve(state, RMU.parse_action("Ana shoots Mara", state), Dice.scripted([50] * 5))
    said = [t["text"] for t in shot.trace.to_json() if t.get("rule") == "P-9"]
    assert said == [
        "Mara cannot defend (out cold, staked, in torpor or helpless): no Quickness DB,"
        " no Dodge, no Celerity share."
    ]


def test_v3_p9_a_staked_kindred_brings_no_quickness_db_against_a_blade() -> None:
    """P-9 holds in melee as it does against a shot: staked, Mara (Quickness DB 10) is awake
    but cannot defend. Ana (no blade skill, OB 0) stabs with a knife at 4 AP: 50 + 0 + 30
    (prone target) = 80, with no -10 for Mara's Quickness."""
    state = start(vampire("Mara", 0, 0, stats={"quickness_db": 10}), person("Ana", 0, 4))
    state = land(state, Staked(target="Mara", by="Jonah", rule="RMU-STAKE-2"))
    stab = RMU.parse_action("Ana attacks Mara with knife --ap 4", state)
    out = RMU.resolve(state, stab, Dice.scripted([50] * 5))
    trace = out.trace.to_json()
    total = next(t for t in trace if t.get("label") == "melee attack total")
    parts = total["parts"]
    assert isinstance(parts, list)
    assert [(p["label"], p["value"]) for p in parts] == [
        ("attack roll, d100 open-ended high", 50),
        ("OB with the Knife", 0),
        ("prone target", 30),
    ]
    said = [t["text"] for t in trace if t.get("rule") == "P-9"]
    assert "Mara is staked: no DB, no parry." in said


def test_v3_a_staked_kindred_is_told_she_cannot_act_not_only_move() -> None:
    """V-3 paralyses: a Rouse check is refused as any action is, and the refusal says so."""
    state = start(vampire("Mara", 0, 0), person("Ana", 3, 0))
    state = land(state, Staked(target="Mara", by="Jonah", rule="RMU-STAKE-2"))
    with pytest.raises(RuleRefusal) as refused:
        RMU.validate(state, RMU.parse_action("Mara rouses potence", state))
    assert refused.value.rule == "V-3"
    assert "cannot act" in str(refused.value) and "move" not in str(refused.value)


def test_v3_pulling_the_stake_takes_3_ap_from_someone_adjacent() -> None:
    state = start(
        vampire("Mara", 0, 0), person("Ana", 3, 0), person("Far", 30, 0), person("Edge", 0, 5)
    )
    state = land(state, Staked(target="Mara", by="Jonah", rule="RMU-STAKE-2"))
    far = RMU.parse_action("Far pulls the stake from Mara", state)
    with pytest.raises(RuleRefusal, match="within 5 ft"):
        RMU.validate(state, far)
    RMU.validate(state, RMU.parse_action("Edge pulls the stake from Mara", state))  # 5 ft is within
    pull = RMU.parse_action("Ana pulls the stake from Mara", state)
    RMU.validate(state, pull)
    outcome = RMU.resolve(state, pull, Dice.scripted([]))
    after = land(state, *outcome.events)
    assert not sheet(after, "Mara").staked and vitals(after.combatant("Ana")).ap_left == 1
    assert any(e.rule == "V-3" for e in outcome.trace.entries if hasattr(e, "rule"))


def test_v3_the_stake_removal_ap_is_a_scenario_option() -> None:
    state = start(vampire("Mara", 0, 0), person("Ana", 3, 0), stake_removal_ap=1)
    state = land(state, Staked(target="Mara", by="Jonah", rule="RMU-STAKE-2"))
    outcome = RMU.resolve(
        state, RMU.parse_action("Ana pulls the stake from Mara", state), Dice.scripted([])
    )
    assert vitals(land(state, *outcome.events).combatant("Ana")).ap_left == 3


# --- V-4: Hunger and Rouse checks ---------------------------------------------------------------


def rouse(state: EncounterState, line: str, rolls: list[int]) -> EncounterState:
    action = RMU.parse_action(line, state)
    RMU.validate(state, action)
    return land(state, *RMU.resolve(state, action, Dice.scripted(rolls)).events)


def test_v4_a_power_of_two_words_may_be_written_with_spaces() -> None:
    """'rouses feral weapons' is 'rouses feral-weapons' (V-4, RMU-BITE-5)."""
    state = start(vampire("Mara", 0, 0))
    roused = rouse(state, "Mara rouses feral weapons", [6])
    assert sheet(roused, "Mara").is_roused("feral-weapons")


def test_v4_a_power_is_named_as_the_rules_name_it() -> None:
    """V-4's powers read as RMU-EXP-16 and RMU-BITE-5 write them, 'Blush of Life', not
    'Blush Of Life': in the headline, the narration and the refusals."""
    service = in_memory("k", scene(vampire("Mara", 0, 0)), Dice.seeded(1))
    with pytest.raises(RuleRefusal) as none:
        service.act("k", "Mara rouses blush of life", Dice.scripted([]))
    assert "0 dots of Blush of Life: Blush of Life needs 1" in str(none.value)
    service = in_memory("k", scene(vampire("Mara", 0, 0, disciplines={"blush_of_life": 1})),
                        Dice.seeded(1))  # fmt: skip
    roused = service.act("k", "Mara rouses blush of life", Dice.scripted([6])).record
    assert roused.narration[0] == "Mara rouses Blush of Life."
    assert "Mara's Blush of Life is active [V-4]." in roused.narration
    with pytest.raises(RuleRefusal, match="Mara's Blush of Life is already active"):
        service.act("k", "Mara rouses blush-of-life", Dice.scripted([]))


def test_v4_rousing_celerity_costs_a_rouse_check_and_puts_it_in_play() -> None:
    state = start(vampire("Mara", 0, 0))
    calm = rouse(state, "Mara rouses celerity", [6])
    assert sheet(calm, "Mara").hunger == 2  # 6+: no change
    assert defender(calm, calm.combatant("Mara")).celerity == 2
    hungry = rouse(state, "Mara rouses celerity", [5])
    assert sheet(hungry, "Mara").hunger == 3  # under 6: Hunger +1


@pytest.mark.parametrize(
    "power", ["celerity", "potence", "fortitude", "blush of life", "feral weapons"]
)
def test_v4_each_blood_bought_power_costs_a_rouse_check(power: str) -> None:
    """V-4: each of the five powers the ruling names costs a Rouse check: 5 is under 6, so
    Hunger 2 -> 3, and the power is active. Protean is a discipline (V-6), not such a power."""
    dots = {"celerity": 1, "potence": 1, "fortitude": 1, "blush_of_life": 1, "protean": 2}
    state = start(vampire("Mara", 0, 0, disciplines=dots))
    roused = rouse(state, f"Mara rouses {power}", [5])
    assert sheet(roused, "Mara").hunger == 3
    assert sheet(roused, "Mara").is_roused(power.replace(" ", "-"))
    with pytest.raises(RuleRefusal, match="'rouses' takes one power"):
        RMU.parse_action("Mara rouses protean", state)


def test_dec_947_rousing_fortitude_says_it_does_nothing_the_rules_give() -> None:
    """V-4, DEC-524, DEC-947: Fortitude costs its Rouse check and the rules give it no effect;
    the headline said only "Mara rouses Fortitude.", as if it did something. It says so now;
    Celerity, which has an effect, reads as before."""
    dots = {"celerity": 1, "fortitude": 1}
    state = start(vampire("Mara", 0, 0, disciplines=dots))
    tough = RMU.resolve(state, RMU.parse_action("Mara rouses fortitude", state), Dice.scripted([5]))
    assert tough.result.headline == (
        "Mara rouses Fortitude: no effect beyond the Rouse check (DEC-524)."
    )
    assert any(e.rule == "DEC-524" for e in tough.trace.entries if hasattr(e, "rule"))
    quick = RMU.resolve(state, RMU.parse_action("Mara rouses celerity", state), Dice.scripted([5]))
    assert quick.result.headline == "Mara rouses Celerity."


def test_v4_at_hunger_5_no_rouse_check_can_be_made_and_the_power_fails() -> None:
    state = start(vampire("Mara", 0, 0, hunger=5))
    with pytest.raises(RuleRefusal, match="Hunger is 5") as refused:
        RMU.validate(state, RMU.parse_action("Mara rouses celerity", state))
    assert refused.value.rule == "V-4"


def test_v4_a_mortal_has_no_blood_and_a_power_needs_its_dots() -> None:
    state = start(vampire("Mara", 0, 0), person("Jonah", 0, 30))
    with pytest.raises(RuleRefusal, match="mortal"):
        RMU.validate(state, RMU.parse_action("Jonah rouses celerity", state))
    with pytest.raises(RuleRefusal, match="Fortitude"):
        RMU.validate(state, RMU.parse_action("Mara rouses fortitude", state))


def test_v4_off_powers_cost_no_blood() -> None:
    state = rouse(start(vampire("Mara", 0, 0), rouse_checks=False), "Mara rouses celerity", [])
    assert sheet(state, "Mara").hunger == 2 and sheet(state, "Mara").is_roused("celerity")


# --- V-5: burning -------------------------------------------------------------------------------


def burning_scene(**rules: Any) -> EncounterState:
    state = start(vampire("Mara", 0, 0), person("Ana", 3, 0), **rules)
    heat = CriticalEffect(label="singed", hits=2)
    hit = CriticalInflicted(
        target="Mara", table="heat", severity="A", roll=30, location="chest", effect=heat,
        aggravated=True,
    )  # fmt: skip
    outcome = with_fire(state, Outcome(events=(hit,), trace=Trace(()), result=Happened()))
    return land(state, *outcome.events)


def test_v5_fire_on_a_kindred_keeps_burning_an_a_heat_critical_each_round() -> None:
    """RMU-EXP-14: fire on a Kindred is aggravated and burns on; V-5 prices each round an A."""
    state = burning_scene()
    assert sheet(state, "Mara").burning
    burnt = burn_due(state, Dice.scripted([50]), RmuData())
    (crit,) = [e for e in burnt.events if isinstance(e, CriticalInflicted)]
    heat = RmuData().tables.critical("heat")
    assert (crit.table, crit.severity, crit.aggravated) == ("heat", "A", True)
    assert crit.effect == heat.row_for(50).cell(Severity.A)


def test_v5_the_fire_burns_at_the_round_change_with_nothing_else_in_play() -> None:
    """DEC-366: a burning Kindred's critical comes with the round change's dice, before
    initiative, even when no condition is in the scene (V-5)."""
    state = burning_scene()
    assert not state.conditions
    done = RMU.initiative(state, Dice.scripted([50, *[5] * 10]))
    (crit,) = [e for e in done.events if isinstance(e, CriticalInflicted)]
    assert (crit.target, crit.roll) == ("Mara", 50)


def test_v5_only_a_heat_critical_sets_a_kindred_alight_and_only_once() -> None:
    """V-5, RMU-EXP-14: fire is what burns on. A 9 mm's Ballistic Puncture critical on a
    Kindred (attack 99+40, critical 05: a D) lights nothing; a second Heat critical on a
    Kindred already burning starts no second fire."""
    shot = shot_at(vampire("Mara", 0, 30), [99, 40, 5])
    assert [e.table for e in criticals(shot)] == ["ballistic-puncture"]
    assert not [e for e in shot.record.events if isinstance(e, BurningStarted)]
    assert not sheet(shot.state, "Mara").burning
    state = burning_scene()
    again = CriticalInflicted(
        target="Mara", table="heat", severity="A", roll=60, location="arm",
        effect=CriticalEffect(label="singed", hits=2), aggravated=True,
    )  # fmt: skip
    struck = Outcome(events=(again,), trace=Trace(()), result=Happened())
    assert with_fire(state, struck).events == (again,)


def test_v5_is_a_scenario_option() -> None:
    assert not sheet(burning_scene(fire_keeps_burning=False), "Mara").burning


def test_v5_someone_else_puts_the_fire_out_with_2_ap_and_no_roll() -> None:
    state = burning_scene()
    action = RMU.parse_action("Ana puts out Mara", state)
    RMU.validate(state, action)
    after = land(state, *RMU.resolve(state, action, Dice.scripted([])).events)
    assert not sheet(after, "Mara").burning and vitals(after.combatant("Ana")).ap_left == 2


@pytest.mark.parametrize(
    ("rolls", "out"),
    [([97, 10], True), ([96, 5], True), ([91], False), ([90], False), ([40], False)],
)
def test_v5_rolling_on_the_ground_is_a_medium_maneuver(rolls: list[int], out: bool) -> None:
    """An absolute maneuver (M-3), Medium (+0): 107 and 101 are successes and put the fire out;
    91 and 90 are only partial successes (91 would succeed at Light +10) and 40 a failure, and
    the fire burns on."""
    state = burning_scene()
    action = RMU.parse_action("Mara rolls on the ground", state)
    RMU.validate(state, action)
    after = land(state, *RMU.resolve(state, action, Dice.scripted(rolls)).events)
    assert sheet(after, "Mara").burning is not out
    assert vitals(after.combatant("Mara")).ap_left == 2
    # DEC-944: she ends the roll on the ground, out or not; Ana beating it out stays up.
    assert after.combatant("Mara").posture is Posture.PRONE


def test_dec_944_rolling_on_the_ground_leaves_the_roller_prone() -> None:
    """V-5, R-6, DEC-944: Mara rolled on the ground to put out her fire and was still standing
    after it (the state table said "up, burning, standing"); a roll ends lying down, so a shot
    at her now meets R-1's prone target and a blast reads her one band out (RMU-EXP-7)."""
    state = burning_scene()
    assert state.combatant("Mara").posture is Posture.STANDING
    action = RMU.parse_action("Mara rolls on the ground", state)
    done = RMU.resolve(state, action, Dice.scripted([97, 10]))
    after = land(state, *done.events)
    assert after.combatant("Mara").posture is Posture.PRONE
    assert done.result.headline == "Mara rolls on the ground: the fire is out."
    helped = RMU.parse_action("Ana puts out Mara", state)
    assert (
        land(state, *RMU.resolve(state, helped, Dice.scripted([])).events).combatant("Ana").posture
        is Posture.STANDING
    )


def test_v1_a_tripod_recoil_on_a_kindred_shooter_reads_lower() -> None:
    """The unbraced M2HB's recoil (Fall/Crush, RMU-TRI-2) is blunt trauma: lighter on a Kindred."""
    data = RmuData()
    crits = {}
    for steps in (0, 1):
        recoil = resolve_recoil(
            shooter="Mara", weapon=data.weapon("m2hb"), strength_bonus=0, naked_column="AT 1",
            dice=Dice.scripted([97, 60, 30]), data=data, trace=TraceBuilder(),
            severity_steps=steps,
        )  # fmt: skip
        crits[steps] = [e for e in recoil.events if isinstance(e, CriticalInflicted)]
    assert [e.severity for e in crits[0]] == ["E"]
    assert [(e.severity, e.reduced_from) for e in crits[1]] == [("D", "E")]


def test_v1_bursts_and_sweeps_read_each_kindreds_steps() -> None:
    """Everyone a burst or a sweep catches carries their V-1 steps into their own roll."""
    state = start(vampire("Mara", 0, 30), person("Jonah", 0, 0), person("Ana", 5, 30))
    fields = {
        name: person_fields(state, state.combatant("Jonah"), state.combatant(name), "glock-17",
                            TraceBuilder())["defender"].severity_steps
        for name in ("Mara", "Ana")
    }  # fmt: skip
    assert fields == {"Mara": 1, "Ana": 0}


def test_v6_the_state_table_shows_hunger_torpor_stake_and_final_death() -> None:
    state = start(vampire("Mara", 0, 0), person("Jonah", 0, 30))
    assert RMU.describe_row(state.combatant("Mara"))["state"] == "up, standing; Hunger 2"
    assert RMU.describe_row(state.combatant("Jonah"))["state"] == "up, standing"
    staked = land(
        state,
        HitsInflicted(target="Mara", hits=60, rule="t"),
        Staked(target="Mara", by="Jonah", rule="RMU-STAKE-2"),
    )
    assert RMU.describe_row(staked.combatant("Mara"))["state"] == "torpor, staked, prone; Hunger 2"
    gone = land(state, FinalDeath(target="Mara", cause="beheaded", rule="RMU-STAKE-3"))
    assert RMU.describe_row(gone.combatant("Mara"))["state"] == "FINAL DEATH"
    figures = RMU.describe_combatant(state.combatant("Mara"))
    assert isinstance(figures["kindred"], dict) and figures["kindred"]["hunger"] == 2


def test_rmu_bite_4_the_log_tells_the_slakes_fed_and_the_hunger_left() -> None:
    """Brutal Feed slakes 3 at once; from Hunger 1 it ends at 0, which "slakes by 3" misread
    (RMU-BITE-4)."""
    from firefight.rulesets.rmu.kindred_events import Fed
    from firefight.rulesets.rmu.kindred_vitals import describe_kindred_event

    told = describe_kindred_event(Fed(actor="Mara", victim="Lev", round=2, slakes=3, hunger=0))
    assert told == "Mara feeds on Lev (3 slakes): Hunger now 0 [RMU-BITE-4]."
    one = describe_kindred_event(Fed(actor="Mara", victim="Lev", round=2, slakes=1, hunger=2))
    assert one == "Mara feeds on Lev (1 slake): Hunger now 2 [RMU-BITE-4]."


def test_v5_a_burning_kindred_is_listed_on_fire_under_the_state_table() -> None:
    """V-5, RMU-EXP-14: the lines under the state table said "on fire: Viktor (3 more rounds)"
    for a mortal a Molotov set alight and nothing for the Kindred beside him burning until put
    out (their fire is their sheet's, not a condition). Both are listed; put out, she is not."""
    state = burning_scene()
    assert "on fire: Mara (until put out)" in scene_lines(state)
    action = RMU.parse_action("Ana puts out Mara", state)
    after = land(state, *RMU.resolve(state, action, Dice.scripted([])).events)
    assert not any(line.startswith("on fire:") for line in scene_lines(after))


@pytest.mark.parametrize("verb", ["holds-breath", "breathes"])
def test_rmu_exp_16_a_kindred_who_does_not_breathe_holds_no_breath(verb: str) -> None:
    """A Kindred without Blush of Life draws no breath (RMU-EXP-16, V-4): "Lucia breathes
    again" was said of one, as "Lucia holds their breath" was. Both are refused, naming why;
    a mortal still holds theirs (DEC-971)."""
    state = start(vampire("Lucia", 0, 0), person("Ana", 3, 0))
    with pytest.raises(RuleRefusal) as refused:
        RMU.validate(state, RMU.parse_action(f"Lucia {verb}", state))
    assert refused.value.rule == "RMU-EXP-16"
    assert "Lucia does not breathe" in refused.value.reason
    RMU.validate(state, RMU.parse_action("Ana holds-breath", state))


def test_v5_rmu_exp_14_a_burning_mortal_s_state_cell_says_burning_as_a_kindred_s_does() -> None:
    """A Molotov's fire on a mortal is the scene's (a countdown), on a Kindred their sheet's
    (V-5): the state cell read "up, burning, standing" for the Kindred and "up, standing" for
    the mortal burning beside her. Both say it, in the table, the headline's changes and the
    web's rows, each shown with its scene (DEC-972)."""
    from firefight.rulesets.rmu.burning import set_alight

    state = burning_scene()
    state = land(state, *set_alight(state, ["Ana"], "molotov"))
    ana, mara = state.combatant("Ana"), state.combatant("Mara")
    assert RMU.describe_row(ana, state)["state"] == "up, burning, standing"
    assert RMU.describe_row(mara, state)["state"].startswith("up, burning, standing")
    assert RMU.describe_row(ana)["state"] == "up, standing"  # no scene: the person alone


def test_r_2_v5_rolling_on_the_ground_at_minus_100_first_passes_the_fatigue_check() -> None:
    """R-2: at a total penalty of -100 or worse every effortful action first passes a fatigue
    check; a burning Mara at -100 rolled on the ground with none. Rolling (or beating out
    another's flames) is bodily effort: d100 50 - 100 fails the check, the 2 AP go, and the
    fire burns on (DEC-973)."""
    from firefight.rulesets.rmu.fatigue import FatigueChecked

    state = burning_scene()
    hurt = CriticalEffect(label="test cell", injury=-100)
    injured = CriticalInflicted(
        target="Mara", table="ballistic-puncture", severity="C", roll=50, location="leg",
        effect=hurt,
    )  # fmt: skip
    state = land(state, injured)
    action = RMU.parse_action("Mara rolls on the ground", state)
    done = RMU.resolve(state, action, Dice.scripted([50]))
    (check,) = [e for e in done.events if isinstance(e, FatigueChecked)]
    after = land(state, *done.events)
    assert not check.passed and sheet(after, "Mara").burning
    assert vitals(after.combatant("Mara")).ap_left == 2
