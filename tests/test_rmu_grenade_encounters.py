"""Grenades in rmu encounters beyond the blast (issue 13): seeing one land and the AP left to
react (RMU-EXP-10), dashing from it to cover (RMU-EXP-11), flash-bangs blinding and deafening
(RMU-EXP-17, X-4), fire from a Molotov or thermate (RMU-EXP-13, RMU-EXP-14), CS on a Kindred
(RMU-EXP-16)."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import KINDRED_SHEET, MemoryStore, in_memory, scene
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.geometry import Point
from firefight.rulesets.rmu.affliction_events import GasChecked, GasExposure, GrenadeNoticed
from firefight.rulesets.rmu.afflictions import Reaction
from firefight.rulesets.rmu.encounter import validate_rmu_action
from firefight.rulesets.rmu.encounter_explosives import ThrowsBack, grenade_at_hand
from firefight.rulesets.rmu.events import CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.flash_bang import Dazzled
from firefight.rulesets.rmu.vitals import rmu_stats, vitals, with_vitals
from firefight.scene.events import ConditionEnded, ConditionStarted
from firefight.scene.state import EncounterState
from firefight.service import EncounterService

PAD = [5] * 60


def person(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "position": [x, y],
        "hits": 120,
        "stats": {"body_development": 25, "bmr_ft": 20, "constitution": 5},
        "skills": {
            "thrown": {"bonus": 40, "ranks": 10},
            "pistol": {"bonus": 60, "ranks": 6},
            "perception": {"bonus": 30},
            "moving": {"bonus": 20},
        },
        "weapon": [{"weapon": "glock-17", "skill": "pistol", "magazines": [{"rounds": 17}]}],
        **extra,
    }


def fight(
    *people: dict[str, Any], barriers: list[dict[str, Any]] | None = None
) -> EncounterService:
    return in_memory("g", scene(*people, barriers=barriers or ()), Dice.seeded(1))


def test_rmu_exp_2_a_scattered_landing_is_told_to_a_tenth_of_a_foot() -> None:
    """RMU-EXP-2 (DEC-714): 31 + 40 - 10 = 61 scatters 8.775 ft toward 5 o'clock; the headline
    and the log said 'it lands at (4.3875, 37.4006)', figures no map or GM reads. The place is
    told to a tenth of a foot, as the source's '6.3 ft at 45 ft'; the event keeps it whole."""
    service = fight(person("Mara", 0, 0), person("Viktor", 30, 60))
    applied = service.act("g", "Mara throws m67 at 0,45", Dice.scripted([31, 5]), force=True)
    assert applied.record.narration[0].startswith("Mara throws the m67; it lands at (4.4, 37.4);")
    # DEC-912: told once, by the headline; the narration goes on with the fuse
    assert sum("lands at" in line for line in applied.record.narration) == 1
    assert applied.record.narration[1].startswith("The m67 (m67-1-1) fuse burns")


# --- RMU-EXP-10: noticing and the reaction budget ---------------------------------------------


def test_rmu_exp_10_each_row_leaves_its_ap_to_react() -> None:
    """The m67 lands at (0,45): Viktor faces it 3 ft off (seen, 4 AP, no roll); Ilya 30 ft off
    facing it (Perception, then 4 AP, but only 2 are left after looking); Sam has his back to
    it (Perception at -25, then 2 AP). Mara, 45 ft off facing it, threw it: she used to look
    too (2 AP, leaving 2); she knows where it went, and keeps the row's 4 (DEC-880)."""
    service = fight(
        person("Mara", 0, 0),
        person("Viktor", 0, 48, facing_deg=180),
        person("Ilya", 30, 45, facing_deg=270),
        person("Sam", 0, 60),  # facing north, away from it
    )
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    landed = service.next_round("g", Dice.scripted([80, 96, 20, *PAD]))
    noticed = {e.target: e for e in landed.record.events if isinstance(e, GrenadeNoticed)}
    assert {n: (e.where, e.ap) for n, e in noticed.items()} == {
        "Mara": ("in front", 4),
        "Viktor": ("near, in front", 4),
        "Ilya": ("in front", 2),
        "Sam": ("behind", 2),
    }
    looks = [t["parts"] for t in landed.record.trace
             if t.get("type") == "total" and "perception" in t["label"]]  # fmt: skip
    behind = [[p["value"] for p in parts if p["rule"] == "RMU-EXP-10"] for parts in looks]
    assert behind == [[], [-25]]  # Ilya, then Sam at -25; Mara rolls none
    state = landed.state
    assert [vitals(state.combatant(n)).ap_left for n in ("Mara", "Viktor", "Ilya")] == [4, 4, 2]


DITCH = {"name": "ditch wall", "from": [10, -3], "to": [30, -3], "height_ft": 4, "material": "hard"}


@pytest.mark.parametrize(
    ("reaction", "rolls", "ap_after"),
    [("drops-prone", [], 2), ("dashes behind the ditch wall --from grenade", [80], 3)],
)
def test_dec_880_the_thrower_reacts_to_their_own_grenade_without_a_look(
    reaction: str, rolls: list[int], ap_after: int
) -> None:
    """Mara's m67 lands 47 ft in front of her, inside its casualty radius. She used to roll
    Perception for it (2 AP) and, missing, had nothing to react with: going flat or running for
    the ditch wall was refused. She threw it, so she rolls nothing and spends nothing looking;
    the row for where it lies (in front, 4 AP) bounds her reaction (RMU-EXP-10, DEC-880). Sam,
    13 ft past it with his back to it, looks as ever: at -25, and a 10 misses."""
    service = fight(person("Mara", 0, 0), person("Sam", 0, 60), barriers=[DITCH])
    service.act("g", "Mara throws m67 at 0,47", Dice.scripted([70]))
    landed = service.next_round("g", Dice.scripted([10, *PAD]))
    noticed = [(e.target, e.where, e.ap, e.ap_left) for e in landed.record.events
               if isinstance(e, GrenadeNoticed)]  # fmt: skip
    assert noticed == [("Mara", "in front", 4, 4), ("Sam", "behind", 0, 2)]
    said = [t["text"] for t in landed.record.trace if t.get("type") == "step"]
    assert "Mara threw the m67 and knows where it lies: no look." in said
    assert [t for t in said if " looks (" in t] == ["Sam looks (2 AP): failure."]
    reacted = service.act("g", f"Mara {reaction}", Dice.scripted(rolls))
    assert vitals(reacted.state.combatant("Mara")).ap_left == ap_after
    with pytest.raises(RuleRefusal) as err:
        service.act("g", "Sam drops-prone", Dice.scripted([]))
    assert "not noticed" in str(err.value)


def test_dec_880_the_thrower_is_not_surprised_by_their_own_flash_bang() -> None:
    """Mara's m84 lands 12 ft in front of her in a closed room: she used to look for it and,
    missing, was unaware (+20, X-4): 88 + 50 + (100 - 112) + 20 + 20 = 166, six rounds. She
    threw it: 146, four rounds (RMU-EXP-17, DEC-880)."""
    service = fight(person("Mara", 0, 0))
    service.act("g", "Mara throws m84 at 0,12 --enclosed", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    bang = service.next_round("g", Dice.scripted([88, 62, *PAD]))
    assert [(e.target, e.rounds) for e in bang.record.events if isinstance(e, Dazzled)] == [
        ("Mara", 4)
    ]


def test_rmu_exp_10_the_trace_says_where_it_lies_in_plain_words() -> None:
    """Each row reads as English: 'behind Sam', not 'behind of Sam' (RMU-EXP-10)."""
    service = fight(
        person("Mara", 0, 0),
        person("Viktor", 0, 48, facing_deg=180),
        person("Ilya", 30, 45, facing_deg=270),
        person("Sam", 0, 60),
    )
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    landed = service.next_round("g", Dice.scripted([80, 96, 20, *PAD]))
    said = [t["text"] for t in landed.record.trace if "AP to react" in str(t.get("text"))]
    assert said == [
        "The m67 lies in front of Mara: 4 AP to react.",
        "The m67 lies near, in front of Viktor: 4 AP to react.",
        "The m67 lies in front of Ilya: 2 AP to react.",
        "The m67 lies behind Sam: 2 AP to react.",
    ]


def test_rmu_exp_10_two_grenades_landing_at_once_take_one_look() -> None:
    """Mara and Ilya both throw at the ground before Sam: one Perception action (2 AP) is his
    look at both (DEC-660); the round change used to charge 2 AP a grenade and fail on the
    third look with none left."""
    service = fight(
        person("Mara", 0, 0),
        person("Ilya", 10, 0),
        person("Lev", -10, 0),
        person("Sam", 0, 80, facing_deg=180),
    )
    for who in ("Mara", "Ilya", "Lev"):
        service.act("g", f"{who} throws m67 at 0,50", Dice.scripted([96, 14]))
    landed = service.next_round("g", Dice.seeded(3))
    noticed = [e for e in landed.record.events if isinstance(e, GrenadeNoticed)]
    assert [e.target for e in noticed].count("Sam") == 3
    assert vitals(landed.state.combatant("Sam")).ap_left == 2
    looks = [t["text"] for t in landed.record.trace if str(t.get("text")).startswith("Sam looks")]
    assert len(looks) == 3 and sum("(2 AP)" in t for t in looks) == 1


def test_rmu_exp_10_a_reaction_past_the_budget_is_refused() -> None:
    """Sam has his back to it and fails to see it: he has nothing to react with."""
    service = fight(person("Mara", 0, 0), person("Sam", 0, 60))
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted([10, *PAD]))
    with pytest.raises(RuleRefusal) as err:
        service.act("g", "Sam drops-prone", Dice.scripted([]))
    assert err.value.rule == "RMU-EXP-10" and "not noticed" in str(err.value)
    service.act("g", "Sam shoots Mara --ap 2", Dice.scripted([50, 50, 50]))  # no reaction


def test_dec_668_a_grenade_unseen_behind_does_not_undo_one_seen_in_front() -> None:
    """Mara's m67 lands 3 ft in front of Sam (seen, 4 AP, no roll); Ilya's lands behind him
    and his look at it fails (0 AP). Each sighting keeps its own reaction (DEC-668): he may
    still drop flat from the first, 2 AP of its 4 being left after the look; the second used
    to take the first one's place and refuse it as a grenade he had not noticed."""
    service = fight(
        person("Mara", 0, 0), person("Ilya", 0, 100), person("Sam", 0, 60, facing_deg=180)
    )
    service.act("g", "Mara throws m67 at 0,57", Dice.scripted([96, 14]))
    service.act("g", "Ilya throws m67 at 0,64", Dice.scripted([96, 14]))
    landed = service.next_round("g", Dice.scripted(PAD))
    sam = [(e.where, e.ap) for e in landed.record.events
           if isinstance(e, GrenadeNoticed) and e.target == "Sam"]  # fmt: skip
    assert sam == [("near, in front", 4), ("behind", 0)]
    flat = service.act("g", "Sam drops-prone", Dice.scripted([]))
    assert vitals(flat.state.combatant("Sam")).ap_left == 0
    reactions = rmu_stats(flat.state.combatant("Sam")).afflictions.reactions
    assert [(r.grenade, r.ap) for r in reactions] == [("m67-1-1", 4), ("m67-1-2", 0)]


def test_dec_668_a_second_grenade_leaves_the_flash_bang_seen() -> None:
    """The ghoul sees the m84 land at his feet, then an m67 he never sees lands behind him in
    the same round: the flash still finds him aware, no +20 (X-4): 146, four rounds."""
    ghoul = person("ghoul", 0, 45, facing_deg=180)
    service = fight(person("Mara", 0, 0), person("Ilya", 0, 120), ghoul)
    service.act("g", "Mara throws m84 at 0,43 --enclosed", Dice.scripted([70]))
    service.act("g", "Ilya throws m67 at 0,50", Dice.scripted([96, 14]))
    landed = service.next_round("g", Dice.scripted(PAD))
    seen = [(e.grenade, e.ap) for e in landed.record.events
            if isinstance(e, GrenadeNoticed) and e.target == "ghoul"]  # fmt: skip
    assert seen == [("m84-1-1", 4), ("m67-1-2", 0)]
    bang = service.next_round("g", Dice.scripted([88, 62, *PAD]))
    assert [(e.target, e.rounds) for e in bang.record.events if isinstance(e, Dazzled)] == [
        ("ghoul", 4)
    ]


CRATE = {"name": "crate", "from": [6, 55], "to": [6, 65], "height_ft": 4, "material": "hard"}


def two_by_sam(front: str = "0,57") -> EncounterService:
    """Mara's m67 lands at ``front`` (3 ft in front of Sam: seen, 4 AP, no roll), Ilya's mk3a2
    2 ft behind him and his look at it fails (0 AP): 2 of the m67's 4 AP are left after the
    look."""
    service = fight(
        person("Mara", 0, 0),
        person("Ilya", 0, 100),
        person("Sam", 0, 60, facing_deg=180),
        barriers=[CRATE],
    )
    service.act("g", f"Mara throws m67 at {front}", Dice.scripted([96, 14]))
    service.act("g", "Ilya throws mk3a2 at 0,62", Dice.scripted([96, 14]))
    landed = service.next_round("g", Dice.scripted(PAD))
    sam = [(e.grenade, e.where, e.ap) for e in landed.record.events
           if isinstance(e, GrenadeNoticed) and e.target == "Sam"]  # fmt: skip
    assert sam == [("m67-1-1", "near, in front", 4), ("mk3a2-1-2", "behind", 0)]
    return service


def test_dec_677_a_dash_answers_the_grenade_it_runs_from() -> None:
    """RMU-EXP-10, RMU-EXP-11: a dash from the mk3a2 Sam never saw is refused, and changes
    nothing, though the m67 he saw leaves him 2 AP (it used to be allowed on them);
    `--from grenade` runs from the nearest grenade he saw, the m67, though the mk3a2 lies
    nearer."""
    service = two_by_sam()
    before = service.load("g").state
    with pytest.raises(RuleRefusal) as err:
        service.act("g", "Sam dashes behind the crate --from mk3a2-1-2", Dice.scripted([50]))
    assert err.value.rule == "RMU-EXP-10" and "not noticed the grenade (behind)" in str(err.value)
    assert service.load("g").state == before
    dash = service.act("g", "Sam dashes behind the crate --from grenade", Dice.scripted([50]))
    said = [t["text"] for t in dash.record.trace if t.get("type") == "step"]
    assert any(t.startswith("Sam dashes from the m67:") for t in said), said


def deaf_sam(service: EncounterService) -> EncounterState:
    """The state with Sam deaf: the mk3a2 behind him went unheard (unaware, no look: 0 AP,
    DEC-383), so all 4 AP of the round are his and the m67's 4 are left to react with."""
    state = service.load("g").state
    sam = state.combatant("Sam")
    senses = rmu_stats(sam).afflictions
    heard = tuple(
        replace(r, where="unaware", ap=0, ap_left_then=4) if r.where == "behind" else
        replace(r, ap_left_then=4)
        for r in senses.reactions
    )  # fmt: skip
    sam = replace(sam, stats=replace(rmu_stats(sam), afflictions=replace(senses, reactions=heard)))
    return state.with_combatant(with_vitals(sam, replace(vitals(sam), ap_left=4)))


def test_dec_677_a_throw_back_answers_the_grenade_picked_up() -> None:
    """RMU-EXP-9, RMU-EXP-10: deaf Sam picks up the m67 he saw, not the mk3a2 he never
    noticed though it lies nearer; with the m67 8 ft off, out of reach, throwing back the
    mk3a2 is refused (it used to be allowed on the m67's 4 AP)."""
    back = ThrowsBack(actor="Sam", verb="throws-back", text="", aim=Point(x_ft=0, y_ft=20))
    state = deaf_sam(two_by_sam())
    assert grenade_at_hand(state, state.combatant("Sam")).id == "m67-1-1"
    validate_rmu_action(state, back)
    far = deaf_sam(two_by_sam(front="0,52"))
    assert grenade_at_hand(far, far.combatant("Sam")).id == "mk3a2-1-2"
    with pytest.raises(RuleRefusal) as err:
        validate_rmu_action(far, back)
    assert err.value.rule == "RMU-EXP-10" and "not noticed the grenade (unaware)" in str(err.value)


def test_rmu_exp_10_the_reaction_counts_down_with_the_ap_spent() -> None:
    seen = Reaction(round=2, grenade="m67-1-1", where="behind", ap=2, ap_left_then=4)
    assert [seen.left(2, ap) for ap in (4, 3, 2, 1)] == [2, 1, 0, 0]
    assert seen.left(3, 4) is None  # another round: no longer a reaction


def test_rmu_exp_10_a_blind_man_sees_nothing_land() -> None:
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 48, facing_deg=180))
    service.act("g", "Mara throws m84 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    # The flash: grenade 95 + 50 + (100 - Resistance 5 + 40 + 10 = 55) = 190: 8 steps.
    service.next_round("g", Dice.scripted([95, 5, *PAD]))
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([90]))
    seen = service.next_round("g", Dice.scripted(PAD))
    noticed = {e.target: e for e in seen.record.events if isinstance(e, GrenadeNoticed)}
    assert (noticed["Viktor"].where, noticed["Viktor"].ap) == ("unaware", 0)
    said = [t["text"] for t in seen.record.trace if "Viktor cannot" in str(t.get("text"))]
    assert said == ["The m67 lies where Viktor cannot see it: 0 AP to react."]


def test_rmu_exp_10_nobody_out_cold_notices_a_grenade_land() -> None:
    """RMU-EXP-10: noticing is for who can react. Viktor, knocked out 15 ft past where the m67
    lands, gets no row, no Perception roll and no AP to react; Ilya beside him, awake, looks."""
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 60), person("Ilya", 3, 60))
    service.gm("g", "set Viktor unconscious")
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    landed = service.next_round("g", Dice.scripted([80, *PAD]))
    noticed = [e.target for e in landed.record.events if isinstance(e, GrenadeNoticed)]
    assert "Viktor" not in noticed and "Ilya" in noticed


# --- RMU-EXP-11: a dash to cover from a grenade --------------------------------------------------

WALL = {"name": "wall", "from": [-10, 60], "to": [10, 60], "height_ft": 4, "material": "hard"}


@pytest.mark.parametrize(("rolls", "share", "value"), [([96, 14], 100, -70), ([80], 70, -49)])
def test_rmu_exp_11_the_dash_counts_its_share_of_the_barrier(
    rolls: list[int], share: int, value: int
) -> None:
    """Viktor runs behind the half-height wall from the m67 (a move, then the moving maneuver at
    -20): its percentage of the wall's +70 (SG & ME 1-6) comes off the detonation."""
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 50, facing_deg=180), barriers=[WALL])
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))  # Viktor sees it near; Mara threw it
    dash = service.act("g", "Viktor dashes behind the wall --from grenade", Dice.scripted(rolls))
    totals = {t["label"]: t for t in dash.record.trace if t.get("type") == "total"}
    maneuver = [p for t in totals.values() for p in t["parts"] if p["rule"] == "RMU-MOV-1"]
    assert [p["value"] for p in maneuver] == [-20]
    assert dash.record.summary["share_percent"] == share
    boom = service.next_round("g", Dice.scripted([60, *PAD]))
    parts = {t["label"]: t["parts"] for t in boom.record.trace if t.get("type") == "total"}
    cover = [p for p in parts["detonation against Viktor"] if "cover" in p["label"]]
    rule = "RMU-EXP-11" if share < 100 else "RMU-EXP-6"
    assert [(p["value"], p["rule"]) for p in cover] == [(value, rule)]


def test_rmu_exp_11_a_dash_under_suppression_is_at_minus_40() -> None:
    """RMU-EXP-11: the same dash with a sweep up (the GM says so) takes the moving maneuver at
    -40, not -20."""
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 50, facing_deg=180), barriers=[WALL])
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    dash = service.act(
        "g", "Viktor dashes behind the wall --from grenade --fire suppressed", Dice.scripted([80])
    )
    parts = [p for t in dash.record.trace if t.get("type") == "total" for p in t["parts"]]
    assert [p["value"] for p in parts if p["rule"] == "RMU-MOV-1"] == [-40]


def test_rmu_exp_11_a_dash_from_no_grenade_is_refused() -> None:
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 50), barriers=[WALL])
    with pytest.raises(RuleRefusal) as err:
        service.act("g", "Viktor dashes behind the wall --from grenade", Dice.scripted([]))
    assert err.value.rule == "RMU-EXP-11"


@pytest.mark.parametrize("wanted", ["m67", "m67-1-9"])
def test_rmu_exp_11_a_dash_from_a_load_not_an_id_names_the_live_grenades(wanted: str) -> None:
    """RMU-EXP-11: `--from m67` (the load, not the id) or an id no grenade has was refused as
    "Nobody called 'm67' is in the scene": the refusal names what --from takes, the live
    grenades by id and the people, and nothing is saved."""
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 50, facing_deg=180), barriers=[WALL])
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    before = service.load("g").state
    with pytest.raises(RuleRefusal) as err:
        service.act("g", f"Viktor dashes behind the wall --from {wanted}", Dice.scripted([80]))
    assert err.value.rule == "RMU-EXP-11"
    assert err.value.reason == (
        f"--from {wanted!r} is no live grenade and nobody in the scene: run from 'grenade' (the "
        "nearest seen to land), a grenade by its id (m67-1-1) or someone (Mara, Viktor)."
    )
    assert service.load("g").state == before
    dash = service.act("g", "Viktor dashes behind the wall --from M67-1-1", Dice.scripted([80]))
    assert dash.record.summary["share_percent"] == 70


# --- RMU-EXP-17: a flash-bang in the encounter ----------------------------------------------


def flash(*, facing: float = 0.0) -> EncounterService:
    """The source's ghoul (Co +5, SD +0, no Blood Potency) watching the door, his back to the
    window the flash-bang comes through, in a closed room."""
    ghoul = person("ghoul", 0, 45, facing_deg=facing)
    ghoul["stats"] = {"body_development": 25, "bmr_ft": 20, "constitution": 5}
    service = fight(person("Mara", 0, 0), ghoul)
    service.act("g", "Mara throws m84 at 0,43 --enclosed", Dice.scripted([70]))
    return service


def test_rmu_exp_17_the_source_example_in_an_encounter_6_rounds_12_hits() -> None:
    """Unaware (he never saw it land: Perception at -25 fails) and enclosed: 88 + 50 +
    (100 - 112) + 20 + 20 = 166: six rounds blind and deaf, 12 concussion hits."""
    service = flash()
    landed = service.next_round("g", Dice.scripted([10, *PAD]))
    assert [e.ap for e in landed.record.events if isinstance(e, GrenadeNoticed)] == [0]
    bang = service.next_round("g", Dice.scripted([88, 62, *PAD]))
    dazzled = [e for e in bang.record.events if isinstance(e, Dazzled)]
    assert [(e.target, e.rounds) for e in dazzled] == [("ghoul", 6)]
    hits = [e.hits for e in bang.record.events if isinstance(e, HitsInflicted)]
    assert hits == [12]
    senses = rmu_stats(bang.state.combatant("ghoul")).afflictions
    assert (senses.blind, senses.deaf) == (6, 6)


def test_rmu_exp_17_seeing_it_land_takes_the_surprise_off() -> None:
    """Facing it, he sees it (no +20 unaware): 146, four rounds."""
    service = flash(facing=180)
    service.next_round("g", Dice.scripted(PAD))
    bang = service.next_round("g", Dice.scripted([88, 62, *PAD]))
    assert [e.rounds for e in bang.record.events if isinstance(e, Dazzled)] == [4]


def test_rmu_exp_17_blindness_costs_aimed_actions_and_wears_off() -> None:
    service = flash()
    service.next_round("g", Dice.scripted([10, *PAD]))
    service.next_round("g", Dice.scripted([88, 62, *PAD]))
    shot = service.act("g", "ghoul shoots Mara", Dice.scripted([50, 50, 50]))
    parts = [p for t in shot.record.trace if t.get("type") == "total" for p in t["parts"]]
    assert any(p["rule"] == "RMU-EXP-17" and p["value"] == -100 for p in parts)
    state = shot.state
    for _ in range(6):
        state = service.next_round("g", Dice.scripted(PAD)).state
    assert rmu_stats(state.combatant("ghoul")).afflictions.blind == 0


def test_rmu_exp_17_nobody_outside_the_radius_is_touched() -> None:
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 70))
    service.act("g", "Mara throws m84 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    bang = service.next_round("g", Dice.scripted(PAD))
    assert not [e for e in bang.record.events if isinstance(e, Dazzled | HitsInflicted)]


# --- RMU-EXP-13 / RMU-EXP-14: fire -------------------------------------------------------------


def test_dec_385_a_thrown_bottle_is_told_bursting_not_its_fuse_burning() -> None:
    """DEC-385: a Molotov has no fuse, yet its throw was told "The molotov (molotov-1-1) fuse
    burns"; it says the bottle bursts where it lies, and a grenade's fuse still burns."""
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 30))
    bottle = service.act("g", "Mara throws molotov at 0,30", Dice.scripted([95]), force=True)
    assert bottle.record.narration[-1] == (
        "The molotov (molotov-1-1) bursts where it lies at the end of this round [DEC-385]."
    )
    fused = service.act("g", "Mara throws m67 at 0,45 --ap 1", Dice.scripted([95, 6]), force=True)
    assert fused.record.narration[-1] == (
        "The m67 (m67-1-2) fuse burns: it goes off at the end of the next round [RMU-EXP-9]."
    )


def test_rmu_exp_13_a_molotov_bursts_where_it_lands_and_sets_people_alight() -> None:
    """The bottle breaks at the end of the round thrown (DEC-385): a flat C Heat critical on
    everyone within 10 ft, who then burn, an A Heat critical a round, 3 rounds (DEC-384)."""
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 30), person("Sam", 0, 50))
    thrown = service.act("g", "Mara throws molotov at 0,30", Dice.scripted([95]))
    fuse = next(e for e in thrown.record.events if isinstance(e, ConditionStarted)).condition
    assert fuse.rounds_left == 1
    burst = service.next_round("g", Dice.scripted([50, *PAD]))
    crits = [e for e in burst.record.events if isinstance(e, CriticalInflicted)]
    assert {(e.target, e.table, e.severity) for e in crits} == {("Viktor", "heat", "C")}
    fires = [e.condition for e in burst.record.events if isinstance(e, ConditionStarted)]
    assert [(k.kind, k.holder, k.rounds_left) for k in fires] == [("rmu-burning", "Viktor", 3)]
    burns = []
    state = burst.state
    for _ in range(4):
        after = service.next_round("g", Dice.scripted(PAD))
        burns.append([(e.table, e.severity) for e in after.record.events
                      if isinstance(e, CriticalInflicted)])  # fmt: skip
        state = after.state
    assert burns == [[("heat", "A")]] * 3 + [[]]
    assert not [k for k in state.conditions if k.kind == "rmu-burning"]


def test_dec_837_a_fire_lit_at_the_round_change_first_burns_at_the_next_kindred_or_not() -> None:
    """DEC-837 (revising DEC-366 to DEC-384's order): the molotov bursting at a round change
    gives Viktor (mortal) and Lucia (Kindred) its C Heat critical and sets both alight; neither
    fire burns in that same round change (one critical each, the bottle's); at the next round
    change each takes its A Heat critical (V-5)."""
    lucia = person("Lucia", 5, 30, **KINDRED_SHEET)
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 30), lucia)
    service.act("g", "Mara throws molotov at 0,30", Dice.scripted([95]))
    burst = service.next_round("g", Dice.scripted([50, 50, *PAD]))
    crits = [(e.target, e.severity) for e in burst.record.events
             if isinstance(e, CriticalInflicted)]  # fmt: skip
    assert sorted(crits) == [("Lucia", "C"), ("Viktor", "C")]
    after = service.next_round("g", Dice.scripted(PAD))
    burns = [(e.target, e.table, e.severity) for e in after.record.events
             if isinstance(e, CriticalInflicted)]  # fmt: skip
    assert sorted(burns) == [("Lucia", "heat", "A"), ("Viktor", "heat", "A")]


def test_rmu_exp_14_thermate_sets_alight_whom_it_gives_a_critical() -> None:
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 30), person("Sam", 0, 80))
    service.act("g", "Mara throws an-m14 at 0,30", Dice.scripted([95]))
    service.next_round("g", Dice.scripted(PAD))
    boom = service.next_round("g", Dice.scripted([60, 50, *PAD]))
    fires = [e.condition.holder for e in boom.record.events if isinstance(e, ConditionStarted)]
    assert fires == ["Viktor"]


def test_v1_a_kindred_in_an_m67_blast_reads_its_critical_one_severity_lower() -> None:
    """V-1, RMU-EXP-8: fragments are not aggravated. Viktor (mortal) and Lucia (Kindred) stand
    2 ft either side of the burst, in the kill band: 60 + 10 Thrown ranks + 20 = 90 each, a C
    on the fragmentation table's AT 1 column; the same critical roll (50, an arm) reads C for
    Viktor and one severity lower, B, for Lucia."""
    lucia = person("Lucia", 2, 30, **KINDRED_SHEET)
    service = fight(person("Mara", 0, 0), person("Viktor", -2, 30), lucia)
    service.act("g", "Mara throws m67 at 0,30", Dice.scripted([95]))
    service.next_round("g", Dice.scripted(PAD))
    boom = service.next_round("g", Dice.scripted([60, 50, 50, 50, *PAD]))
    crits = {e.target: e for e in boom.record.events if isinstance(e, CriticalInflicted)}
    assert (crits["Viktor"].severity, crits["Viktor"].reduced_from) == ("C", None)
    assert (crits["Lucia"].severity, crits["Lucia"].reduced_from) == ("B", "C")
    assert crits["Lucia"].table == crits["Viktor"].table == "ballistic-shrapnel-bare"


def test_rmu_exp_14_fragments_set_nobody_alight() -> None:
    """RMU-EXP-14: fire is the incendiary's (and the Molotov's, RMU-EXP-13). The same throw
    with an M67 gives Viktor a critical on Ballistic Shrapnel and lights nothing."""
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 30), person("Sam", 0, 80))
    service.act("g", "Mara throws m67 at 0,30", Dice.scripted([95]))
    service.next_round("g", Dice.scripted(PAD))
    boom = service.next_round("g", Dice.scripted([60, 50, *PAD]))
    struck = [e.target for e in boom.record.events if isinstance(e, CriticalInflicted)]
    assert "Viktor" in struck
    assert not [e for e in boom.record.events if isinstance(e, ConditionStarted)]


def test_rmu_exp_14_thermate_kept_off_by_full_impenetrable_cover_sets_nobody_alight() -> None:
    """RMU-EXP-14 with RMU-EXP-6: Ana stands 8 ft from the burst, in the casualty band, but a
    full-height vault wall stands between: the blast stops short of her (no critical), so the
    thermate sets only Viktor alight."""
    vault = {"name": "vault", "from": [4, 24], "to": [4, 36], "height_ft": 8,
             "material": "impenetrable"}  # fmt: skip
    service = fight(
        person("Mara", 0, 0), person("Viktor", 0, 30), person("Ana", 8, 30), barriers=[vault]
    )
    service.act("g", "Mara throws an-m14 at 0,30", Dice.scripted([95]))
    service.next_round("g", Dice.scripted(PAD))
    boom = service.next_round("g", Dice.scripted([60, 50, *PAD]))
    fires = [e.condition.holder for e in boom.record.events if isinstance(e, ConditionStarted)]
    assert fires == ["Viktor"]
    said = [t["text"] for t in boom.record.trace if t.get("type") == "step"]
    assert "Full impenetrable cover stops the blast short of Ana." in said


def test_rmu_exp_14_a_mortal_rolls_the_fire_out() -> None:
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 30))
    service.act("g", "Mara throws molotov at 0,30", Dice.scripted([95]))
    service.next_round("g", Dice.scripted([50, *PAD]))
    out = service.act("g", "Viktor rolls on the ground", Dice.scripted([96, 30]))
    assert [e for e in out.record.events if isinstance(e, ConditionEnded)]
    assert not [k for k in out.state.conditions if k.kind == "rmu-burning"]
    with pytest.raises(RuleRefusal) as err:
        service.act("g", "Mara puts out Viktor", Dice.scripted([]))
    assert err.value.rule == "V-5"


# --- RMU-EXP-16: CS on a Kindred ----------------------------------------------------------------


def kindred(name: str, x: float, y: float) -> dict[str, Any]:
    return person(name, x, y, kindred=True, blood_potency=2, hunger=1,
                  disciplines={"blush_of_life": 1})  # fmt: skip


def test_rmu_exp_16_a_vampire_who_does_not_breathe_takes_only_the_eyes() -> None:
    service = fight(person("Mara", 0, 0), kindred("Lucia", 0, 45))
    thrown = service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    gassed = [e for e in thrown.record.events if isinstance(e, GasExposure)]
    assert [(e.target, e.penalty) for e in gassed] == [("Lucia", -10)]
    service.next_round("g", Dice.scripted(PAD))
    shot = service.act("g", "Lucia shoots Mara", Dice.scripted([50, 50, 50]))
    assert not [e for e in shot.record.events if isinstance(e, GasChecked)]


def test_rmu_exp_16_blush_of_life_breathes_and_takes_all_of_it() -> None:
    service = fight(person("Mara", 0, 0), kindred("Lucia", 0, 45))
    service.act("g", "Lucia rouses blush-of-life", Dice.scripted([8]))
    thrown = service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    gassed = [e for e in thrown.record.events if isinstance(e, GasExposure)]
    assert [(e.target, e.penalty) for e in gassed] == [("Lucia", -30)]


# --- the state table and the map ----------------------------------------------------------------


def test_rmu_exp_9_the_state_table_lists_live_grenades_clouds_and_fires() -> None:
    from firefight.rulesets import find_ruleset

    service = fight(person("Mara", 0, 0), person("Viktor", 0, 45), person("Sam", 0, 30))
    service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    state = service.act("g", "Mara throws molotov at 0,30 --ap 1", Dice.scripted([96, 50])).state
    rmu = find_ruleset("rmu")
    lines = list(rmu.describe_scene(state))
    assert lines[0].startswith("cloud cs-1-1: CS gas grenade, 20 ft about (0, 45), 7 rounds")
    assert "live grenade molotov-1-2" in lines[1] and "end of this round (round 1)" in lines[1]
    assert rmu.describe_row(state.combatant("Viktor"))["conditions"] == "CS -30"
    burnt = service.next_round("g", Dice.scripted([50, *PAD])).state
    assert "on fire: Sam (3 more rounds)" in list(rmu.describe_scene(burnt))


def test_rmu_exp_15_the_map_draws_grenades_bands_and_clouds() -> None:
    from firefight.rulesets import find_ruleset
    from firefight.scene.svg import scene_svg

    service = fight(person("Mara", 0, 0), person("Viktor", 0, 45))
    service.act("g", "Mara throws m18 at 0,45", Dice.scripted([70, 1]))
    state = service.act("g", "Mara throws m67 at 0,20 --ap 1", Dice.scripted([96, 50])).state
    rmu = find_ruleset("rmu")
    overlay = rmu.scene_overlay(state)
    assert [(r.kind, r.radius_ft) for r in overlay.rings] == [
        ("band", 15),
        ("band", 50),
        ("band", 100),
        ("cloud", 20),
    ]
    # The fuse in rounds, said as the round it goes off in (RMU-EXP-9), not a bare number.
    assert [m.label for m in overlay.marks] == ["m67-1-2: goes off at the end of round 2"]
    planned = rmu.overlay(state, rmu.parse_action("Viktor throws cs at 0,0", state))
    assert [(r.kind, r.radius_ft) for r in planned.rings] == [("cloud", 20)]
    svg = scene_svg(state, overlay=overlay.plus(planned))
    assert svg.count('class="cloud"') == 2 and svg.count('class="band"') == 3


def test_rmu_exp_16_the_loading_bay_example_plays_and_replays_byte_for_byte() -> None:
    """examples/gas-and-flash.toml: CS (RMU-EXP-16), a dash from a grenade (RMU-EXP-11), a
    flash-bang on a mortal and a Kindred (RMU-EXP-17)."""
    from pathlib import Path

    from firefight.cli.encounter import play_scenario

    path = Path(__file__).resolve().parents[1] / "examples" / "gas-and-flash.toml"
    runs = [play_scenario(EncounterService(MemoryStore()), path, "x") for _ in range(2)]
    assert [r.payload() for r in runs[0][1]] == [r.payload() for r in runs[1][1]]
    service = EncounterService(MemoryStore())
    _, records, state = play_scenario(service, path, "x")
    assert service.load("x").state == state
    events = [e for r in records for e in r.events]
    gassed = [(e.target, e.penalty) for e in events if isinstance(e, GasExposure)]
    assert ("Viktor", -30) in gassed and ("Lucia", -10) in gassed and ("Viktor", -10) in gassed
    dazzled = {e.target: e.rounds for e in events if isinstance(e, Dazzled)}
    assert dazzled == {"Viktor": 5, "Lucia": 2}
    parts = [p for r in records for t in r.trace if t.get("type") == "total" for p in t["parts"]]
    assert any(p["rule"] == "RMU-EXP-11" and p["value"] == -56 for p in parts)
