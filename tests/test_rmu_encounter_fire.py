"""The rmu firearm actions in encounters: emptying the gun over two rounds, belts, the cone,
suppression sweeps, dives and ducks, dashes for cover, tripods, malfunctions -- built from the
scene, refused before any die, folded from the log and undone (RMU-RF-*, RMU-SUP-*, RMU-MOV-*,
RMU-TRI-2, RMU-GEN-8, F-*)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest

from encounter_support import MemoryStore, in_memory, person, scene
from firefight.cli.encounter import play_scenario
from firefight.dice import Dice
from firefight.encounter.log import LogRecord, decode_event
from firefight.encounter.scenario import load_scenario, scenario_from_data
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.geometry import Point
from firefight.odds.lines import line_odds
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu import rmu_data
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.encounter_actions import parse_rmu_action
from firefight.rulesets.rmu.events import ActionPointsSpent
from firefight.rulesets.rmu.fire_actions import (
    ClearJam,
    DashToCover,
    EmptyGun,
    PrepareRapidFire,
    Sweep,
)
from firefight.rulesets.rmu.firearm_events import (
    ApForfeited,
    ApLimitedNextRound,
    FiredAt,
    PreparationWasted,
    RapidFireFired,
    RapidFirePrepared,
    WeaponMalfunctioned,
)
from firefight.rulesets.rmu.kindred_rules import kindred_rules
from firefight.rulesets.rmu.scene_reading import body_screen
from firefight.rulesets.rmu.shot import AimedShot, resolve_aimed_shot
from firefight.rulesets.rmu.vitals import RmuStats, vitals
from firefight.scene.actions import Reload
from firefight.scene.state import CombatantState, EncounterState
from firefight.service import Applied, EncounterService

ROOT = Path(__file__).resolve().parents[1]
PAD = [50] * 40  # faces for dice a test does not look at: 50 never chains an open-ended roll


# --- scenes -------------------------------------------------------------------------------------


def gunner(
    name: str,
    x: float,
    y: float,
    *,
    weapon: str = "zastava-m85-stock",
    rounds: tuple[int, ...] = (30, 30),
    ob: int = 65,
    mounted: bool = False,
    hits: int = 60,
    armor: str | None = None,
    skills: dict[str, int] | None = None,
    stats: dict[str, Any] | None = None,
    **core: Any,
) -> dict[str, Any]:
    """A combatant with one gun (OB ``ob``) and the firearm skills: Rapid Fire 50, Fire
    Discipline 45, moving maneuvers 40 unless ``skills`` says otherwise."""
    known = {"rapid-fire": 50, "fire-discipline": 45, "moving": 40, **(skills or {})}
    entry: dict[str, Any] = {
        "name": name,
        "position": [x, y],
        "hits": hits,
        "stats": {"quickness": 0, "body_development": 25, "bmr_ft": 20, **(stats or {})},
        "skills": {
            "gun": {"bonus": ob, "ranks": 10},
            **{k: {"bonus": v} for k, v in known.items()},
        },
        "weapon": [
            {
                "name": weapon.split("-")[0],
                "weapon": weapon,
                "skill": "gun",
                "mounted": mounted,
                "magazines": [{"rounds": r} for r in rounds],
            }
        ],
        **core,
    }
    if armor:
        entry["armor"] = {"kind": armor}
    return entry


def bystander(name: str, x: float, y: float, **core: Any) -> dict[str, Any]:
    return {
        "name": name,
        "position": [x, y],
        "bystander": True,
        "hits": 40,
        "stats": {"body_development": 20, "bmr_ft": 20},
        **core,
    }


def barrier(name: str, a: tuple[float, float], b: tuple[float, float], **kw: Any) -> dict[str, Any]:
    return {"name": name, "from": list(a), "to": list(b), "height_ft": 4, "material": "hard", **kw}


def line_scene() -> dict[str, Any]:
    """Vik aims down +y at Jonah 50 ft out; Ben half in the way at 25 ft, Lina behind at 75 ft,
    Ana well off the line; Gus carries a Glock 17."""
    return scene(
        gunner("Vik", 0, 0, facing_deg=0),
        gunner("Jonah", 0, 50, weapon="sks-46", rounds=(10,), armor="BA II"),
        bystander("Ben", 0.8, 25),
        bystander("Lina", -0.5, 75),
        bystander("Ana", 20, 30),
        gunner("Gus", -10, 0, weapon="glock-17", rounds=(17,), skills={}),
    )


def yard_scene(**mara: Any) -> dict[str, Any]:
    """Dario sweeps north from the dock at (30, 0); Teo crouches at the crates (dives by
    default), Sam at the drums (told to stand), Mara in the open; Viktor has a second gun.
    The pallets lie west of Mara, their far side from the dock to the north."""
    hunters: dict[str, Any] = {"weapon": "glock-17", "rounds": (17,), "side": "hunters"}
    return scene(
        gunner("Dario", 30, 0, facing_deg=0, side="smugglers"),
        gunner("Viktor", 50, 0, weapon="glock-17", rounds=(17,), side="smugglers"),
        gunner("Teo", 38, 48, stats={"quickness_db": 5}, **hunters),
        gunner("Sam", 26, 48, under_fire="stand", **hunters),
        gunner("Mara", 30, 40, **{**hunters, **mara}),
        barriers=(
            barrier("crates", (34, 46), (44, 46)),
            barrier("drums", (22, 46), (30, 46)),
            barrier("pallets", (12, 40), (20, 40), height_ft=5, material="soft"),
        ),
    )


class Fight:
    """A fight run through the service (as the CLI runs it), keeping every state it made."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.service = EncounterService(MemoryStore())
        opened = self.service.new("f", scenario_from_data(document), Dice.seeded(1))
        self.states = [opened.state]

    @property
    def state(self) -> EncounterState:
        return self.states[-1]

    def who(self, name: str) -> CombatantState:
        return self.state.combatant(name)

    def act(self, text: str, *faces: int, exact: bool = False) -> Applied:
        dice = Dice.scripted([*faces] if exact else [*faces, *PAD])
        applied = self.service.act("f", text, dice)
        if exact:
            assert not dice.unused
        self.states.append(applied.state)
        return applied

    def refused(self, text: str) -> RuleRefusal:
        head = self.service.store.head("f")
        with pytest.raises(RuleRefusal) as caught:
            self.service.act("f", text, Dice.scripted(PAD))
        assert self.service.store.head("f") == head  # nothing written
        return caught.value

    def next_round(self) -> Applied:
        applied = self.service.next_round("f", Dice.seeded(len(self.states)))
        self.states.append(applied.state)
        return applied


def totals(record: LogRecord) -> dict[str, list[dict[str, Any]]]:
    """Each attack total in a record's trace, by its label, as its parts."""
    return {t["label"]: t["parts"] for t in record.trace if t.get("type") == "total"}


def rules_of(parts: list[dict[str, Any]]) -> dict[str, int]:
    return {p["rule"]: p["value"] for p in parts if p.get("rule")}


def stats(c: CombatantState) -> RmuStats:
    assert isinstance(c.stats, RmuStats)
    return c.stats


# --- emptying the gun: two rounds -----------------------------------------------------------


def test_rmu_rf_2_emptying_the_gun_without_a_preparation_is_refused() -> None:
    fight = Fight(line_scene())
    refusal = fight.refused("Vik empties the gun at Jonah")
    assert refusal.rule == "RMU-RF-2"
    assert "has not prepared" in refusal.reason and "prepares rapid fire" in refusal.reason


def test_rmu_rf_3_rf_4_preparation_carries_its_share_into_the_next_round() -> None:
    """35 + Rapid Fire 50 + Hard -10 = 75: 70% (M-1), so 30 bullets carry 70% of +70 = +49."""
    fight = Fight(line_scene())
    prepared = fight.act("Vik prepares rapid fire at Jonah", 35, exact=True)
    assert [type(e) for e in prepared.record.events] == [ActionPointsSpent, RapidFirePrepared]
    ready = stats(fight.who("Vik")).fire.ready
    assert ready is not None
    assert (ready.weapon, ready.share_percent, ready.fire_round) == ("zastava", 70, 2)
    fight.next_round()
    fired = fight.act("Vik empties the gun at Jonah", 10, 10, 10)
    parts = rules_of(totals(fired.record)["attack total against Jonah"])
    assert parts["RMU-RF-4"] == 49
    assert vitals(fight.who("Vik")).ap_left == 0  # F-6: the whole round
    assert fight.who("Vik").weapon().loaded.rounds == 0  # type: ignore[union-attr]
    assert stats(fight.who("Vik")).fire.ready is None  # used up: no belt


def test_rmu_rf_2_the_firing_round_is_the_next_round_only() -> None:
    """Same round: refused; a round later than the next: the preparation has lapsed."""
    fight = Fight(line_scene())
    fight.act("Vik prepares rapid fire at Jonah --ap 2", 60, exact=True)
    assert vitals(fight.who("Vik")).ap_left == 2
    same = fight.refused("Vik empties the gun at Jonah")
    assert same.rule == "RMU-RF-2" and "next round, round 2" in same.reason
    fight.next_round()
    fight.next_round()
    late = fight.refused("Vik empties the gun at Jonah")
    assert late.rule == "RMU-RF-2" and "has lapsed" in late.reason


def test_rmu_rf_1_a_glock_17_is_refused_both_rounds() -> None:
    """RMU-RF-1: refused, naming the gun as the scene and its table do ("glock"), not by the
    catalog's "Glock 17", by the quiet path as by the recorded one."""
    fight = Fight(line_scene())
    rmu = find_ruleset("rmu")
    expected = (
        "RMU-RF-1: The glock is semi-automatic: only a gun that fires automatically can empty "
        "its magazine into one man."
    )
    for text in ("Gus prepares rapid fire at Jonah", "Gus empties the gun at Jonah"):
        assert str(fight.refused(text)) == expected
        with pytest.raises(RuleRefusal) as quietly:
            rmu.resolve_quietly(fight.state, rmu.parse_action(text, fight.state), Dice.seeded(0))
        assert str(quietly.value) == expected


def test_rmu_sup_2_a_refusal_names_the_gun_as_the_scene_does() -> None:
    """RMU-SUP-2: the sweep's refusal names Vik's gun "zastava", as the scene does, not by the
    catalog's "Zastava M85 (stock)" (a name ending in a bracket)."""
    refusal = Fight(line_scene()).refused("Vik sweeps 60 ft out, 10 ft wide --extra 40")
    assert str(refusal) == "RMU-SUP-2: The sweep would spend 45 rounds but the zastava has 30."


def test_f_6_the_firing_round_needs_all_four_ap() -> None:
    fight = Fight(line_scene())
    fight.act("Vik prepares rapid fire at Jonah", 35, exact=True)
    fight.next_round()
    fight.act("Vik moves 0,-5", exact=True)
    assert fight.refused("Vik empties the gun at Jonah").rule == "F-6"


def test_f_3_a_wasted_preparation_carries_nothing() -> None:
    """03 then 50 open-ended low is -47; +50 -10 = -7: fail to act."""
    fight = Fight(line_scene())
    wasted = fight.act("Vik prepares rapid fire at Jonah", 3, 50, exact=True)
    assert any(isinstance(e, PreparationWasted) for e in wasted.record.events)
    assert stats(fight.who("Vik")).fire.ready is None
    fight.next_round()
    assert fight.refused("Vik empties the gun at Jonah").rule == "RMU-RF-2"


def test_rmu_rf_13_a_malfunction_jams_the_gun_until_cleared() -> None:
    """02 then 80 is -78; +40 = -38: an A critical. The fumble d100 35 +10 reads 41-50 on Full
    Automatics: semi only, 2 AP to clear. The gun fires nothing until they are paid."""
    fight = Fight(line_scene())
    bad = fight.act("Vik prepares rapid fire at Jonah", 2, 80, 35, exact=True)
    malfunction = next(e for e in bad.record.events if isinstance(e, WeaponMalfunctioned))
    assert (malfunction.row, malfunction.column) == ("41-50", "full-automatics")
    trouble = stats(fight.who("Vik")).fire.trouble("zastava")
    assert trouble is not None and trouble.jam_clear_ap == 2 and trouble.semi_only
    fight.next_round()
    assert fight.refused("Vik shoots Jonah").rule == "RMU-RF-13"
    assert fight.refused("Vik prepares rapid fire at Jonah").rule == "RMU-RF-13"
    fight.act("Vik clears zastava --ap 1", exact=True)
    assert fight.refused("Vik shoots Jonah --ap 2").rule == "RMU-RF-13"
    fight.act("Vik clears zastava", exact=True)
    assert stats(fight.who("Vik")).fire.trouble("zastava") is None
    assert vitals(fight.who("Vik")).ap_left == 2
    fight.act("Vik shoots Jonah --ap 2", 10)


# --- the cone ---------------------------------------------------------------------------------


def test_rmu_rf_10_rf_11_everyone_in_the_cone_rolls_and_the_front_shields_the_back() -> None:
    """Jonah (aimed) is shielded by Ben in front; Ben, the front rank, has no body cover; Lina
    behind Jonah is shielded by him; Ana, off the line, is not rolled at all (RMU-RF-10, -11,
    -12: one roll each, nobody rolled twice, no fumble on 01)."""
    fight = Fight(line_scene())
    fight.act("Vik prepares rapid fire at Jonah", 35, exact=True)
    fight.next_round()
    fired = fight.act("Vik empties the gun at Jonah", 1, 1, 1, exact=True)
    found = totals(fired.record)
    assert set(found) == {
        "attack total against Jonah",
        "attack total against Ben",
        "attack total against Lina",
    }
    assert "RMU-RF-11" in rules_of(found["attack total against Jonah"])
    assert "RMU-RF-11" not in rules_of(found["attack total against Ben"])
    assert "RMU-RF-11" in rules_of(found["attack total against Lina"])
    assert rules_of(found["attack total against Ben"])["RMU-RF-10"] == 0  # OB +0
    fired_at = next(e for e in fired.record.events if isinstance(e, FiredAt))
    assert set(fired_at.targets) == {"Jonah", "Ben", "Lina"} and fired_at.rounds == 30
    assert [r["name"] for r in fired.record.summary["targets"]] == ["Jonah", "Ben", "Lina"]


def test_rmu_rf_10_each_cone_roll_lands_on_its_own_person() -> None:
    """Ben, in the front rank with no cover, is hit on his own roll: 95 + 49 = 144."""
    fight = Fight(line_scene())
    fight.act("Vik prepares rapid fire at Jonah", 35, exact=True)
    fight.next_round()
    fight.act("Vik empties the gun at Jonah", 10, 95, 50, 10)
    assert fight.who("Ben").hits_taken > 0
    assert fight.who("Lina").hits_taken == 0 and fight.who("Ana").hits_taken == 0


def corpse_scene(x_ft: float = 2.5, *, dead: bool = True) -> Fight:
    """Vik aims down +y at Jonah lying prone 50 ft out; Ben lies dead in the line at 25 ft,
    ``x_ft`` off it (2.5 ft: his body hides half of Jonah, P-1), as the GM set him; not
    ``dead``, Ben lies there alive."""
    fight = Fight(
        scene(
            gunner("Vik", 0, 0, facing_deg=0),
            gunner("Jonah", 0, 50, weapon="sks-46", rounds=(10,), posture="prone"),
            bystander("Ben", x_ft, 25),
        )
    )
    # The GM's dead lies down as the rules' own (DEC-700): a 'set Ben prone' after it changes
    # nothing, and is refused (DEC-733).
    for line in ("set Ben dead",) if dead else ("set Ben prone",):
        fight.states.append(fight.service.gm("f", line).state)
    return fight


def body_label(parts: list[dict[str, Any]]) -> str | None:
    """The grade of the body cover on an attack, as its label words it; None without any."""
    return next(
        (p["label"].split()[0] for p in parts if "from bodies in front" in p.get("label", "")),
        None,
    )


def test_rmu_rf_11_dec_695_a_corpse_in_the_cone_screens_the_aimed_man_and_is_not_rolled() -> None:
    """Ben's body hides half of Jonah: the burst counts half hard cover for Jonah, as an aimed
    shot would; Ben is dead, so nothing is rolled for him and the burst lands on nobody else."""
    fight = corpse_scene()
    fight.act("Vik prepares rapid fire at Jonah", 35, exact=True)
    fight.next_round()
    fired = fight.act("Vik empties the gun at Jonah", 1, 1, 1)
    found = totals(fired.record)
    assert set(found) == {"attack total against Jonah"}  # the corpse is not rolled for
    jonah = found["attack total against Jonah"]
    assert body_label(jonah) == "half" and rules_of(jonah)["RMU-RF-11"] < 0
    fired_at = next(e for e in fired.record.events if isinstance(e, FiredAt))
    assert fired_at.targets == ("Jonah",)
    said = [t.get("text", "") for t in fired.record.trace]
    assert any("Ben lies dead in the way" in t for t in said)
    assert fight.who("Ben").hits_taken == 0


def test_rmu_sup_7_dec_695_a_corpse_in_the_sweep_screens_whoever_lies_behind_it() -> None:
    """The sweep reads Ben's body as the burst does: half cover for Jonah, no roll for Ben."""
    fight = corpse_scene()
    swept = fight.act("Vik sweeps wide 10 ft toward Jonah --ap 4", 42, 10, 10)
    found = totals(swept.record)
    assert {k for k in found if k.startswith("attack")} == {"attack total against Jonah"}
    assert body_label(found["attack total against Jonah"]) == "half"
    assert [r["name"] for r in swept.record.summary["targets"]] == ["Jonah"]


@pytest.mark.parametrize("x_ft", [1.0, 2.5, 6.0])
def test_p_2_dec_695_an_aimed_shot_and_a_burst_read_the_same_screen_from_a_corpse(
    x_ft: float,
) -> None:
    """Full, half and no cover from the same corpse as it lies nearer or further off the line
    (RMU-RF-11, RMU-COV-5, P-2): the aimed shot and the burst grade it alike."""
    fight = corpse_scene(x_ft)
    state = fight.state
    screen = body_screen(
        state, state.combatant("Vik"), state.combatant("Jonah"), kindred_rules(state), rmu_data()
    )
    aimed = screen.grade.value if screen else None
    fight.act("Vik prepares rapid fire at Jonah", 35, exact=True)
    fight.next_round()
    fired = fight.act("Vik empties the gun at Jonah", 1, 1, 1)
    assert body_label(totals(fired.record)["attack total against Jonah"]) == aimed
    assert aimed == {1.0: "full", 2.5: "half", 6.0: None}[x_ft]


@pytest.mark.parametrize("dead", [True, False])
def test_rmu_cov_6_dec_708_a_missed_aimed_shot_flies_on_into_the_living_not_the_dead(
    dead: bool,
) -> None:
    """RMU-COV-6, DEC-708 (with DEC-695): Vik's aimed shot misses Jonah, whom Ben's body half
    hides. Ben lying dead still screens, but the round is not rolled at him: one attack
    total, and the trace says why. Ben lying alive in the same place takes the stray round's
    roll at OB +0."""
    fired = corpse_scene(dead=dead).act("Vik shoots Jonah", 20)
    found = totals(fired.record)
    assert body_label(found["attack total"]) == "half"
    said = [t.get("text", "") for t in fired.record.trace]
    if dead:
        assert set(found) == {"attack total"}
        assert any("Ben lies dead in the way" in t for t in said)
    else:
        assert set(found) == {"attack total", "attack total against Ben"}
        assert not any("dead in the way" in t for t in said)


def test_rmu_cov_6_dec_708_encounter_odds_of_the_shot_send_no_round_into_the_dead() -> None:
    """RMU-COV-6, DEC-708: `encounter odds` of Vik's shot past Ben's body read the scene as the
    shot does. Alive, Ben takes the stray rounds' rolls and their hits (counted as the stray
    round hitting someone in the way, Ben among the effects); dead, only Jonah can be hit and
    nothing befalls Ben."""
    rmu = find_ruleset("rmu")
    living = line_odds(corpse_scene(dead=False).state, rmu, "Vik shoots Jonah")
    dead = line_odds(corpse_scene().state, rmu, "Vik shoots Jonah")
    assert any(e.startswith("Ben ") for e in living.effects)
    assert not any(e.startswith("Ben ") for e in dead.effects)
    stray = "stray round hits someone in the way"
    assert stray not in dead.outcomes and living.outcomes[stray] > 0.03


def test_p_2_an_aimed_shot_asked_again_reads_the_corpse_where_it_now_lies() -> None:
    """P-2, RMU-COV-5: the same shot by the same shooter at the same target, asked of a scene
    where Ben's body lies 6 ft off the line (no cover) and then of one where it lies 1 ft off
    (full cover): the second reads the body in front, though every figure the kept shots are
    filed under is the same (a kept shot told apart from the screen it was read with)."""
    rmu = find_ruleset("rmu")
    open_ground = corpse_scene(6.0).state
    ben = open_ground.combatant("Ben")
    hidden = replace(
        open_ground,
        combatants=tuple(
            replace(c, position=Point(x_ft=1.0, y_ft=25)) if c is ben else c
            for c in open_ground.combatants
        ),
    )

    def cover_read(state: EncounterState) -> str | None:
        action = rmu.parse_action("Vik shoots Jonah", state)
        outcome = rmu.resolve(state, action, Dice.scripted(PAD))
        trace = cast("list[dict[str, Any]]", outcome.trace.to_json())
        found = {t["label"]: t["parts"] for t in trace if t.get("type") == "total"}
        return body_label(found["attack total"])

    assert cover_read(open_ground) is None
    assert cover_read(hidden) == "full"
    assert cover_read(open_ground) is None


# --- belt-fed guns ------------------------------------------------------------------------------


def belt_scene() -> dict[str, Any]:
    return scene(
        gunner("Bruno", 0, 0, weapon="m2hb", rounds=(100, 100), mounted=True, ob=60),
        gunner(
            "Jonah",
            0,
            120,
            weapon="sks-46",
            rounds=(10,),
            hits=400,
            stats={"body_development": 200},
        ),
    )


def test_rmu_rf_6_a_belt_fed_gun_keeps_firing_on_the_one_preparation() -> None:
    """75 a round for a belt-fed gun: 75, then the last 25 next round at the same 70%; then
    the belt is out (RMU-RF-5, RMU-RF-6)."""
    fight = Fight(belt_scene())
    fight.act("Bruno prepares rapid fire at Jonah", 35, exact=True)
    fight.next_round()
    first = fight.act("Bruno empties the gun at Jonah", 10)
    fired = next(e for e in first.record.events if isinstance(e, RapidFireFired))
    assert (fired.bullets, fired.rounds_left, fired.belt_continues) == (75, 25, True)
    ready = stats(fight.who("Bruno")).fire.ready
    assert ready is not None and ready.continuing and ready.fire_round == 3
    fight.next_round()
    again = fight.act("Bruno keeps firing at Jonah", 10)
    fired = next(e for e in again.record.events if isinstance(e, RapidFireFired))
    assert (fired.bullets, fired.share_percent, fired.belt_continues) == (25, 70, False)
    assert any(t.get("rule") == "RMU-RF-6" for t in again.record.trace)
    assert not any(isinstance(e, RapidFirePrepared) for e in again.record.events)
    fight.next_round()
    assert fight.refused("Bruno empties the gun at Jonah").rule == "RMU-RF-1"  # belt empty


def test_rmu_rf_6_a_belt_that_skips_a_round_must_prepare_again() -> None:
    fight = Fight(belt_scene())
    fight.act("Bruno prepares rapid fire at Jonah", 35, exact=True)
    fight.next_round()
    fight.act("Bruno empties the gun at Jonah", 10)
    fight.next_round()
    fight.next_round()
    refusal = fight.refused("Bruno keeps firing at Jonah")
    assert refusal.rule == "RMU-RF-6" and "Prepare again" in refusal.reason


# --- tripods --------------------------------------------------------------------------------------


def test_rmu_tri_2_a_tripod_gun_from_the_hip_beats_up_its_shooter_first() -> None:
    """Recoil: 50 + 145 (ME 29) - 3 x Strength 10 = 165 on Fall/Crush, on Bruno, before the
    attack roll; his shot carries -50 and what the recoil did. A mounted gun has no recoil."""
    hip = scene(
        gunner("Bruno", 0, 0, weapon="m2hb", rounds=(100,), ob=60, stats={"strength": 10}),
        gunner("Jonah", 0, 120, weapon="sks-46", rounds=(10,)),
    )
    fight = Fight(hip)
    shot = fight.act("Bruno shoots Jonah", 50)
    first_hit = next(e for e in shot.record.events if hasattr(e, "target"))
    assert getattr(first_hit, "target", None) == "Bruno"
    recoil = rules_of(totals(shot.record)["recoil attack on Bruno"])
    assert recoil["RMU-TRI-2"] in (-30, 145)  # the Strength term and the ME term both cite it
    parts = totals(shot.record)["attack total"]
    assert {"value": -50, "label": "M2HB fired unbraced", "rule": "RMU-TRI-2"} in parts
    assert fight.who("Bruno").hits_taken > 0
    assert shot.record.summary["headline"].startswith("The m2hb's recoil hits Bruno first")
    mounted = Fight(belt_scene())
    calm = mounted.act("Bruno shoots Jonah", 10)
    assert "recoil attack on Bruno" not in totals(calm.record)
    assert mounted.who("Bruno").hits_taken == 0


# --- suppression --------------------------------------------------------------------------------


def test_rmu_sup_2_the_class_rate_is_shared_by_every_sweep_and_shot_this_round() -> None:
    """A belt-fed M2HB fires 75 a round: 50 then 30 is too many; 50 then 25 is not. An aimed
    shot's round counts too. Next round the count starts again."""
    fight = Fight(belt_scene())
    fight.act("Bruno sweeps 200 ft wide 60 ft --bearing 90 --ap 2 --extra 45", 50, exact=True)
    refusal = fight.refused("Bruno sweeps 200 ft wide 60 ft --bearing 90 --ap 2 --extra 25")
    assert refusal.rule == "RMU-SUP-2" and "50 already this round" in refusal.reason
    fight.act("Bruno sweeps 200 ft wide 60 ft --bearing 90 --ap 2 --extra 20", 50, exact=True)
    assert stats(fight.who("Bruno")).fire.rounds_fired_in(1, "m2hb") == 75
    fight.next_round()
    fight.act("Bruno reloads", exact=True)
    fight.act("Bruno shoots Jonah --ap 1", 10)
    over = fight.refused("Bruno sweeps 200 ft wide 60 ft --bearing 90 --ap 2 --extra 70")
    assert over.rule == "RMU-SUP-2" and "1 already this round" in over.reason


def test_rmu_sup_3_a_third_sweep_in_a_round_is_refused() -> None:
    fight = Fight(belt_scene())
    for _ in range(2):
        fight.act("Bruno sweeps 200 ft wide 60 ft --bearing 90 --ap 2", 50, exact=True)
    refusal = fight.refused("Bruno sweeps 200 ft wide 60 ft --bearing 90 --ap 2")
    assert refusal.rule == "RMU-SUP-3" and "swept 2 times" in refusal.reason


def test_rmu_sup_9_10_divers_and_standers_and_their_ap_next_round() -> None:
    """Teo dives behind the crates (cover at hand): the rest of his AP go now, 2 next round,
    and the crates count double. Sam, told to stand, ducks behind the drums: 3 AP next round.
    Mara in the open stands and pays nothing. Each takes their own attack."""
    fight = Fight(yard_scene())
    swept = fight.act("Dario sweeps 50 ft wide 30 ft toward 30,50 --ap 3", 42, 10, 10, 10)
    replies = {r["name"]: r["response"] for r in swept.record.summary["targets"]}
    assert replies == {"Mara": "stand", "Sam": "stand", "Teo": "dive"}
    events = swept.record.events
    assert ApForfeited(actor="Teo", rule="RMU-SUP-9") in events
    assert ApLimitedNextRound(actor="Teo", ap=2, rule="RMU-SUP-9") in events
    assert ApLimitedNextRound(actor="Sam", ap=3, rule="RMU-SUP-10") in events
    assert not any(getattr(e, "actor", None) == "Mara" for e in events)  # standing costs nothing
    assert vitals(fight.who("Teo")).ap_left == 0
    teo = rules_of(totals(swept.record)["attack total against Teo"])
    assert teo["RMU-SUP-9"] == -140  # half hard cover, 70, doubled
    sam = rules_of(totals(swept.record)["attack total against Sam"])
    assert sam["RMU-COV-3"] == -70
    started = fight.next_round()
    assert (
        vitals(fight.who("Teo")).ap_left,
        vitals(fight.who("Sam")).ap_left,
        vitals(fight.who("Mara")).ap_left,
    ) == (
        2,
        3,
        4,
    )
    lost = [e for e in started.record.events if type(e).__name__ == "ActionPointsLost"]
    assert {(getattr(e, "actor", ""), getattr(e, "rule", "")) for e in lost} == {
        ("Teo", "RMU-SUP-9"),
        ("Sam", "RMU-SUP-10"),
    }


def test_rmu_sup_9_the_action_overrides_who_dives_and_a_diver_runs_for_cover_in_reach() -> None:
    """--stand keeps Teo up at the crates; --dive sends Mara for the pallets 12 ft away: a
    moving maneuver at -40 (RMU-MOV-1), its share of the doubled cover; she ends behind them."""
    fight = Fight(yard_scene(position=[22, 44]))
    swept = fight.act(
        "Dario sweeps 50 ft wide 40 ft toward 30,50 --ap 3 --dive Mara --stand Teo",
        42,
        70,
        10,
        10,
        10,
    )
    replies = {r["name"]: r["response"] for r in swept.record.summary["targets"]}
    assert replies["Mara"] == "dive" and replies["Teo"] == "stand"
    mara = next(r for r in swept.record.summary["targets"] if r["name"] == "Mara")
    assert mara["dash_share_percent"] == 60  # 70 + 40 - 40 = 70: 60% (M-1)
    assert fight.who("Mara").position.y_ft > 40  # behind the pallets, away from Dario
    assert stats(fight.who("Mara")).fire.cover_in(1) is not None


@pytest.mark.parametrize(
    ("ammo", "swept_term", "plain"),
    [("ball", -84, 70), ("hollowpoint", -168, 140)],
)
def test_rmu_sup_9_mov_2_cov_8_a_divers_share_is_of_the_doubled_cover_and_the_log_says_so(
    ammo: str, swept_term: int, plain: int
) -> None:
    """Mara dives for the drums (half hard, +70 on Dario's SG & ME 1-6 column, RMU-COV-3) and
    reaches 60% (70 + 40 - 40 = 70, M-1). Against the sweep the share is of the doubled cover
    (RMU-SUP-9): 70 x 2 x 60% = 84; hollowpoint doubles once more (RMU-COV-8, DEC-63): 168.
    From next round the cover counts plainly in full (RMU-MOV-2): +70, +140 against
    hollowpoint. The log's line gives the same figures the attacks count."""
    doc = yard_scene(position=[22, 44])
    dario = next(c for c in doc["combatant"] if c["name"] == "Dario")
    for magazine in dario["weapon"][0]["magazines"]:
        magazine["ammo"] = ammo
    fight = Fight(doc)
    swept = fight.act(
        "Dario sweeps 50 ft wide 40 ft toward 30,50 --ap 3 --dive Mara --stand Teo",
        42,
        70,
        10,
        10,
        10,
    )
    against_mara = rules_of(totals(swept.record)["attack total against Mara"])
    assert against_mara["RMU-SUP-9"] == swept_term
    assert (
        f"Mara is behind the drums: +{-swept_term} against the sweep, +{plain} from next round "
        "[RMU-SUP-9]."
    ) in swept.record.narration
    fight.next_round()
    shot = fight.act("Dario shoots Mara --ap 2", 10)
    cover_rule = "RMU-COV-8" if ammo == "hollowpoint" else "RMU-COV-3"
    assert rules_of(totals(shot.record)["attack total"])[cover_rule] == -plain


def test_rmu_sk_1_f_4_from_the_sheet_each_skill_offsets_the_other_actions_haste() -> None:
    """RMU-SK-1 / F-4 as an encounter reads the sheet: Vik's 2 AP preparation (haste -50) is
    offset by his Fire Discipline 45, not his Rapid Fire 50: 35 + 50 - 10 - 50 + 45 = 70, 60%
    (M-1). Dario's 2 AP sweep is offset by his Rapid Fire 50, not his Fire Discipline 45."""
    fight = Fight(line_scene())
    prepared = fight.act("Vik prepares rapid fire at Jonah --ap 2", 35, exact=True)
    assert rules_of(totals(prepared.record)["Rapid Fire preparation total"])["RMU-SK-1"] == 45
    ready = stats(fight.who("Vik")).fire.ready
    assert ready is not None and ready.share_percent == 60
    yard = Fight(yard_scene())
    swept = yard.act("Dario sweeps 50 ft wide 40 ft toward 30,50 --ap 2", 42, 70, 10, 10, 10)
    assert rules_of(totals(swept.record)["Fire Discipline sweep total"])["RMU-SK-1"] == 50


def test_rmu_sup_parse_distance_and_width_either_way_round() -> None:
    state = Fight(yard_scene()).state
    one = parse_rmu_action("Dario sweeps 60 ft wide 30 ft", state)
    two = parse_rmu_action("Dario sweeps 60 ft out 30 ft wide --extra 5", state)
    three = parse_rmu_action("Dario sweeps wide 30 ft toward Mara --ap 2", state)
    assert isinstance(one, Sweep) and (one.distance_ft, one.width_ft) == (60, 30)
    assert isinstance(two, Sweep) and (two.distance_ft, two.width_ft, two.extra_rounds) == (
        60,
        30,
        5,
    )
    assert isinstance(three, Sweep) and three.toward == "Mara" and three.distance_ft is None
    with pytest.raises(RuleRefusal) as refused:
        parse_rmu_action("Dario sweeps 60 ft", state)
    assert refused.value.rule == "R-6" and "width" in refused.value.reason


@pytest.mark.parametrize(
    "line",
    [
        "Dario reloads m85",
        "Dario reloads --with m85",
        "Dario clears the m85",
        "Dario clears --with m85",
        "Dario empties the m85 at Mara",
        "Dario empties the gun at Mara --with m85",
    ],
)
def test_dec_775_a_weapon_named_after_the_verb_or_by_with_is_read(line: str) -> None:
    action = parse_rmu_action(line, Fight(yard_scene()).state)
    assert isinstance(action, Reload | ClearJam | EmptyGun) and action.weapon == "m85"


@pytest.mark.parametrize(
    "line",
    [
        "Dario reloads m85 --with glock",
        "Dario clears the m85 --with glock",
        "Dario empties the m85 at Mara --with glock",
    ],
)
def test_dec_775_a_weapon_named_twice_is_refused_not_half_read(line: str) -> None:
    """R-6, DEC-775: the words' weapon and --with's both named one; the line read one of them and
    dropped the other unread (a reload took the words', a jam or a burst --with's)."""
    with pytest.raises(RuleRefusal) as refused:
        parse_rmu_action(line, Fight(yard_scene()).state)
    assert refused.value.rule == "R-6"
    assert "'m85' and 'glock' both are" in refused.value.reason


# --- moving to cover --------------------------------------------------------------------------


def test_rmu_mov_1_2_a_dash_counts_its_share_this_round_and_all_of_it_next() -> None:
    """Mara dashes to the pallets under one gun: 40 + 40 - 20 = 60: 50%. A shot at her this
    round meets half the full soft cover's +100; next round all of it."""
    fight = Fight(yard_scene(position=[22, 44]))
    fight.act("Viktor shoots Mara --ap 2", 10, exact=True)
    dash = fight.act("Mara dashes to cover pallets", 40, exact=True)
    dash_parts = rules_of(totals(dash.record)["Mara moving to cover total"])
    assert dash_parts["RMU-MOV-1"] == -20
    assert dash.record.summary["share_percent"] == 50
    assert fight.who("Mara").position.y_ft > 40  # the pallets' far side from the dock
    now = fight.act("Dario shoots Mara --ap 2", 10, exact=True)
    assert rules_of(totals(now.record)["attack total"])["RMU-MOV-2"] == -50
    fight.next_round()
    later = fight.act("Dario shoots Mara --ap 2", 10, exact=True)
    parts = rules_of(totals(later.record)["attack total"])
    assert parts["RMU-COV-2"] == -100 and "RMU-MOV-2" not in parts


def test_rmu_mov_1_minus_40_under_a_sweep_or_several_guns_and_no_roll_with_none() -> None:
    fight = Fight(yard_scene(position=[22, 44]))
    fight.act("Viktor shoots Mara --ap 2", 10, exact=True)
    fight.act("Dario shoots Mara --ap 2", 10, exact=True)
    dash = fight.act("Mara dashes to cover pallets", 40, exact=True)
    assert rules_of(totals(dash.record)["Mara moving to cover total"])["RMU-MOV-1"] == -40
    swept = Fight(yard_scene())
    swept.act("Dario sweeps 50 ft wide 30 ft toward 30,50 --ap 3", 42, 10, 10, 10)
    dash = swept.act("Mara dashes to cover drums --at 27,44", 40, exact=True)
    assert rules_of(totals(dash.record)["Mara moving to cover total"])["RMU-MOV-1"] == -40
    quiet = Fight(yard_scene(position=[22, 44]))
    calm = quiet.act("Mara dashes to cover pallets --fire none", exact=True)
    assert calm.record.summary["share_percent"] == 100 and calm.record.dice.faces == ()


def test_rmu_mov_2_a_failed_dash_leaves_the_mover_in_the_open_this_round() -> None:
    """03 then 30 open-ended low is -27; +40 -20 = -7: fail to act. Mara is at the pallets but
    not behind them: a shot this round meets no cover at all; next round, all of it."""
    fight = Fight(yard_scene(position=[22, 44]))
    fight.act("Mara dashes to cover pallets", 3, 30, exact=True)
    assert stats(fight.who("Mara")).fire.cover_in(1).share_percent == 0  # type: ignore[union-attr]
    shot = fight.act("Dario shoots Mara --ap 2", 10, exact=True)
    parts = rules_of(totals(shot.record)["attack total"])
    assert "RMU-COV-3" not in parts and "RMU-MOV-2" not in parts
    assert any(t.get("rule") == "RMU-MOV-2" for t in shot.record.trace)
    fight.next_round()
    later = fight.act("Dario shoots Mara --ap 2", 10, exact=True)
    assert rules_of(totals(later.record)["attack total"])["RMU-COV-2"] == -100


# --- the aimed shot's fumble --------------------------------------------------------------------


def test_rmu_gen_8_a_fumbled_shot_reads_the_guns_own_fumble_column() -> None:
    """A Glock reads Semi-automatics, a Zastava Full Automatics; no severity pushes the roll."""
    data = RmuData()
    glock = resolve_aimed_shot(
        AimedShot(weapon="glock-17", ob=50, distance_ft=20), Dice.scripted([1, 75]), data
    )
    zastava = resolve_aimed_shot(
        AimedShot(weapon="zastava-m85-stock", ob=50, distance_ft=20), Dice.scripted([1, 93]), data
    )
    g = next(e for e in glock.events if isinstance(e, WeaponMalfunctioned))
    z = next(e for e in zastava.events if isinstance(e, WeaponMalfunctioned))
    assert (g.column, g.row, g.effect.jam_clear_ap) == ("semi-automatics", "71-80", 4)
    assert (z.column, z.row, z.effect.broken) == ("full-automatics", "91-95", True)
    assert glock.result.result == "fumble" and not any(
        type(e).__name__ == "HitsInflicted" for e in glock.events
    )


def test_rmu_gen_8_a_fumble_in_an_encounter_jams_the_gun() -> None:
    fight = Fight(line_scene())
    fight.act("Gus shoots Jonah", 1, 75, exact=True)
    refusal = fight.refused("Gus shoots Jonah --ap 1")
    assert refusal.rule == "RMU-GEN-8" and "jammed" in refusal.reason
    fight.act("Gus clears glock", exact=True)  # 1 AP of the 4 it takes
    assert stats(fight.who("Gus")).fire.trouble("glock").jam_clear_ap == 3  # type: ignore[union-attr]


# --- parsing ------------------------------------------------------------------------------------


def test_r_6_the_firearm_verbs_read_as_the_issue_writes_them() -> None:
    state = Fight(line_scene()).state
    prep = parse_rmu_action("Vik prepares rapid fire at Jonah --ap 3", state)
    assert isinstance(prep, PrepareRapidFire) and (prep.target, prep.ap) == ("Jonah", 3)
    for text in ("Vik empties the gun at Jonah", "Vik fires rapid at Jonah"):
        empty = parse_rmu_action(text, state)
        assert isinstance(empty, EmptyGun) and empty.target == "Jonah"
    state = Fight(yard_scene()).state
    dash = parse_rmu_action("Mara dashes to cover pallets --from Dario", state)
    assert isinstance(dash, DashToCover) and (dash.barrier, dash.threat) == ("pallets", "Dario")
    with pytest.raises(RuleRefusal, match="did you mean 'pallets'"):
        parse_rmu_action("Mara dashes to cover palets", state)


# --- the log: fold and undo -----------------------------------------------------------------


def _run_everything() -> Fight:
    fight = Fight(yard_scene(position=[22, 44]))
    fight.act("Dario prepares rapid fire at Mara", 35, exact=True)
    fight.act("Viktor shoots Mara --ap 2", 10, exact=True)
    fight.act("Mara dashes to cover pallets", 40, exact=True)
    fight.act("Sam sweeps wide 20 ft toward Viktor --ap 2 --dive Viktor", 60, 10, 10)
    fight.next_round()
    fight.act("Dario empties the gun at Mara", 10, 10, 10)
    fight.act("Viktor shoots Sam --ap 1", 1, 75, exact=True)
    fight.act("Viktor clears glock --ap 1", exact=True)
    return fight


def test_folding_the_stored_log_gives_the_state_built_step_by_step() -> None:
    fight = _run_everything()
    assert fight.service.load("f").state == fight.state
    events = [e for r in fight.service.log("f") for e in r.events]
    kinds = {type(e).__name__ for e in events}
    assert {"RapidFirePrepared", "RapidFireFired", "SuppressionSwept", "CoverReached"} <= kinds
    assert {"FiredAt", "WeaponMalfunctioned", "JamCleared", "ApLimitedNextRound"} <= kinds
    for event in events:
        assert decode_event(event.to_json()) == event


@pytest.mark.parametrize(
    "text",
    [
        "Dario prepares rapid fire at Mara",
        "Mara dashes to cover pallets",
        "Dario sweeps 50 ft wide 30 ft toward 30,50 --ap 2",
        "Viktor shoots Mara --ap 2",
    ],
)
def test_undo_takes_each_firearm_action_back(text: str) -> None:
    fight = Fight(yard_scene(position=[22, 44]))
    before = fight.state
    fight.act(text, 35, 10, 10, 10)
    assert fight.state != before
    assert fight.service.undo("f").state == before


def test_undo_takes_back_the_firing_round_and_the_clearing() -> None:
    fight = _run_everything()
    before_clear = fight.states[-2]
    assert fight.service.undo("f").state == before_clear
    assert fight.service.undo("f").state == fight.states[-3]
    assert fight.service.undo("f").state == fight.states[-4]  # the firing round
    ready = stats(fight.service.state("f").combatant("Dario")).fire.ready
    assert ready is not None and ready.fire_round == 2


def test_the_state_table_shows_what_the_firearm_actions_left() -> None:
    """The rmu state table's ``firearms`` column, after the weapons: the share carried into
    the firing round (RMU-RF-2), this round's sweeps (RMU-SUP-3), a diver's AP cap for the
    next round (RMU-SUP-9), the share of cover a dash reached (RMU-MOV-2) and a jam until it
    is cleared (RMU-RF-13), each with the round it belongs to."""
    rmu = find_ruleset("rmu")
    fight = Fight(yard_scene(position=[22, 44]))
    fight.act("Dario prepares rapid fire at Mara", 35, exact=True)
    fight.act("Viktor shoots Mara --ap 2", 10, exact=True)
    fight.act("Mara dashes to cover pallets", 40, exact=True)
    fight.act("Sam sweeps wide 20 ft toward Viktor --ap 2 --dive Viktor", 60, 10, 10)
    rows = {c.name: rmu.describe_row(c) for c in fight.state.combatants}
    assert list(rows["Dario"])[-3:] == ["weapons", "firearms", "armor"]
    assert {name: row["firearms"] for name, row in rows.items()} == {
        "Dario": "ready zastava 70% r2",
        "Viktor": "2 AP r2",
        "Teo": "-",
        "Sam": "1 sweep r1",
        "Mara": "50% pallets r1",
    }
    fight.next_round()
    fight.act("Dario empties the gun at Mara", 10, 10, 10)
    fight.act("Viktor shoots Sam --ap 1", 1, 75, exact=True)
    assert rmu.describe_row(fight.who("Dario"))["firearms"] == "-"  # the preparation is spent
    assert rmu.describe_row(fight.who("Viktor"))["firearms"] == (
        "glock jammed (4 AP to clear); 2 AP r2"
    )
    fight.act("Viktor clears glock --ap 1", exact=True)  # 1 AP of the 4 it takes
    assert rmu.describe_row(fight.who("Viktor"))["firearms"] == (
        "glock jammed (3 AP to clear); 2 AP r2"
    )


# --- the example --------------------------------------------------------------------------------


def _summary(c: CombatantState) -> tuple[object, ...]:
    weapon = c.weapon()
    loaded = str(weapon.loaded) if weapon and weapon.loaded else None
    return (c.name, c.hits_left, vitals(c).ap_left, loaded, stats(c).fire.describe())


GOLDEN = (
    2,
    8,
    [
        ("Vik", 55, 0, "0/30 ball", ""),
        ("Dario", 46, 4, "25/30 ball", ""),
        ("Bruno", 22, 4, "99/100 ball", ""),
        ("Jonah", 43, 4, "10/10 ball", ""),
        ("Mara", 35, 1, "16/17 ball", "30% behind pallets in round 1"),
        ("Teo", 50, 2, "17/17 ball", "2 AP in round 2"),
        ("Sam", 50, 3, "17/17 ball", "3 AP in round 2"),
        ("Ben", 27, 4, None, ""),
        ("Lina", 35, 4, None, ""),
    ],
)


def test_loading_dock_plays_to_its_golden_summary() -> None:
    """RMU-RF-2..11, RMU-SUP-1..10, RMU-MOV-1/2, RMU-TRI-2 as the scripted dice leave them."""
    round_number, count, people = GOLDEN
    _, records, state = play_scenario(
        EncounterService(MemoryStore()), ROOT / "examples" / "loading-dock.toml", "x"
    )
    assert state.round == round_number and len(records) == count
    assert [_summary(c) for c in state.combatants] == people
    kinds = {type(e).__name__ for r in records for e in r.events}
    assert {"RapidFirePrepared", "RapidFireFired", "SuppressionSwept", "CoverReached"} <= kinds
    assert {"ApForfeited", "ApLimitedNextRound", "ActionPointsLost", "FiredAt"} <= kinds
    rules = {t.get("rule") for r in records for t in r.trace} | {
        p["rule"] for r in records for t in r.trace for p in t.get("parts", ())
    }
    wanted = {"RMU-RF-4", "RMU-RF-10", "RMU-RF-11", "RMU-SUP-9", "RMU-SUP-10", "RMU-MOV-2"}
    assert wanted | {"RMU-TRI-2", "RMU-MOV-1", "F-5", "F-1"} <= rules


def test_loading_dock_is_deterministic_and_folds_back() -> None:
    scenario = load_scenario(ROOT / "examples" / "loading-dock.toml")
    assert any(c.bystander for c in scenario.combatants)  # type: ignore[attr-defined]
    runs = [
        play_scenario(EncounterService(MemoryStore()), ROOT / "examples" / "loading-dock.toml", "x")
        for _ in range(2)
    ]
    assert [r.payload() for r in runs[0][1]] == [r.payload() for r in runs[1][1]]
    service = EncounterService(MemoryStore())
    _, _, state = play_scenario(service, ROOT / "examples" / "loading-dock.toml", "x")
    assert service.load("x").state == state


# --- RMU-BP-3: a critical's bonus to the attacker, in an encounter ------------------------------


def _bp_3_parts(applied: Applied) -> list[int]:
    """The RMU-BP-3 terms of an action's attack total."""
    parts = [p for t in totals(applied.record).values() for p in t]
    return [p["value"] for p in parts if p["rule"] == "RMU-BP-3"]


def _head_100_e() -> tuple[EncounterService, Applied]:
    """Mara (Glock, OB 80) shoots Viktor 10 ft off at 2 AP: 97 then 40 is 137, + 80, -30
    recoil, -25 haste, +30 point blank = 192, an E on AT 1; the critical roll 100 is Head 100 E,
    which kills him and gives her +25 on her next action this round."""
    doc = scene(person("Mara", 0, 0), person("Viktor", 0, 10), person("Ana", 10, 0))
    service = in_memory("bp", doc, Dice.seeded(1))
    shot = service.act("bp", "Mara shoots Viktor --ap 2", Dice.scripted([97, 40, 100]))
    assert (shot.record.summary["severity"], shot.record.summary["location"]) == ("E", "head")
    return service, shot


def test_rmu_bp_3_the_bonus_rides_on_the_attackers_next_action_and_is_spent() -> None:
    """RMU-BP-3: her next shot, at Ana (1 AP), carries the +25: 50 + 80 - 30 - 50 + 30 + 25 =
    105. Spent on it, it is gone from the shot after: 80."""
    service, _ = _head_100_e()
    second = service.act("bp", "Mara shoots Ana --ap 1", Dice.scripted([50, *PAD]))
    assert _bp_3_parts(second) == [25] and second.record.summary["attack_total"] == 105
    third = service.act("bp", "Mara shoots Ana --ap 1", Dice.scripted([50, *PAD]))
    assert _bp_3_parts(third) == [] and third.record.summary["attack_total"] == 80


def test_rmu_bp_3_the_bonus_lapses_with_the_round() -> None:
    """RMU-BP-3: the bonus is for this round only; unused when it ends, it is gone."""
    service, _ = _head_100_e()
    service.next_round("bp", Dice.scripted([7, 3, 2, 4]))  # initiative: 2d10 each, Mara and Ana
    later = service.act("bp", "Mara shoots Ana --ap 1", Dice.scripted([50, *PAD]))
    assert _bp_3_parts(later) == []


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("Ilya dashes behind the crates", "nobody armed"),
        ("Ilya dashes behind the crates --from Mara", "Mara carries no gun"),
    ],
)
def test_rmu_cov_3_a_dash_behind_hard_cover_with_no_gun_says_what_to_name(
    line: str, said: str
) -> None:
    """The loading bay's crates are hard cover, priced by the incoming gun, and nobody there
    carries one: "name the weapon firing" named no option an action line has."""
    service = EncounterService(MemoryStore())
    bay = ROOT / "examples" / "gas-and-flash.toml"
    service.new("bay", load_scenario(bay), Dice.seeded(1))
    with pytest.raises(RuleRefusal) as err:
        service.act("bay", line, Dice.scripted([]))
    assert err.value.rule == "RMU-COV-3"
    assert said in err.value.reason and "--from grenade" in err.value.reason


def test_dec_942_a_burst_headline_tells_a_kindred_s_softened_critical() -> None:
    """V-1, DEC-942: emptying the gun into a Kindred read the critical one severity lower, but
    the headline named only the severity dealt ("a critical E") where an aimed shot's says how
    the Kindred read it; the burst's says so now, in the aimed shot's words."""
    fight = Fight(scene(gunner("Vik", 0, 0, facing_deg=0), gunner("Mara", 0, 50, kindred=True)))
    fight.act("Vik prepares rapid fire at Mara", 35, exact=True)
    fight.next_round()
    fired = fight.act("Vik empties the gun at Mara", 50, 40)
    landed = [e for e in fired.record.events if type(e).__name__ == "CriticalInflicted"]
    assert [(e.severity, e.reduced_from) for e in landed] == [("D", "E")]  # type: ignore[attr-defined]
    assert fired.record.summary["headline"].endswith(
        "Mara: 24 hits and a critical E, read as D on a Kindred (V-1)."
    )
