"""Event sourcing: the stored log folds back to exactly the state the engine built step by step,
undo included (an appended record, never a delete); events read back through the type
registry; conditions that later rules add plug in without touching the core."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from encounter_support import MemoryStore, person, play, scene
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.fold import fold
from firefight.encounter.log import LogRecord, decode_event, parse_record
from firefight.encounter.scenario import initial_state, load_scenario, scenario_from_data
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import replace
from firefight.geometry import Point, Posture
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import NOT_IN_ENCOUNTERS, CatalogRow, Ruleset
from firefight.rulesets.cards.encounter_events import DeckChanged, ShotTaken, TurnTaken, Wounded
from firefight.rulesets.cpr.events import (
    ActionTaken,
    ArmorAblated,
    DamageDealt,
    WoundStateChanged,
)
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.gurps.turn_events import (
    GurpsDrew,
    GurpsHurt,
    GurpsManeuver,
    GurpsRecovered,
)
from firefight.rulesets.rmu.events import ActionPointsSpent, HitsInflicted
from firefight.rulesets.rmu.firearm_events import FiredAt
from firefight.rulesets.rmu.vitals import RmuVitals, vitals, with_vitals
from firefight.scene import apply as scene_apply
from firefight.scene.apply import FoldError, apply, apply_all
from firefight.scene.conditions import (
    PHASE_BLEEDING,
    ConditionKind,
    condition_kinds,
    register_condition,
    run_upkeep,
)
from firefight.scene.events import (
    ConditionStarted,
    DamageAdjusted,
    InitiativeOrdered,
    InitiativeRolled,
    Moved,
    PostureChanged,
    StatusSet,
    register_event_types,
)
from firefight.scene.state import ActiveCondition, EncounterState
from firefight.service import EncounterService

RMU = find_ruleset("rmu")
EXAMPLES = ("examples/warehouse.toml", "examples/street-ambush.toml")


@pytest.mark.parametrize("path", EXAMPLES)
def test_folding_the_stored_log_reproduces_the_state_exactly(path: str) -> None:
    service, incremental = play(path)
    assert service.load("fight").state == incremental


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_event_reads_back_equal_through_the_registry(path: str) -> None:
    service, _ = play(path)
    events = [e for r in service.log("fight") for e in r.events]
    assert len({type(e) for e in events}) >= 8
    for event in events:
        assert decode_event(event.to_json()) == event


def test_undo_is_an_appended_record_and_the_fold_skips_what_it_reverts() -> None:
    """Undo never deletes: the undone record stays in the log, marked by the undo after it."""
    service = EncounterService(MemoryStore())
    opened = service.new(
        "raid",
        scenario_from_data(scene(person("Mara", 0, 0), person("Viktor", 0, 30))),
        Dice.seeded(1),
    )
    moved = service.act("raid", "Mara moves 0,-10", Dice.scripted([]))
    undone = service.undo("raid")
    assert undone.reverted is not None and undone.reverted.seq == moved.record.seq
    assert undone.state == opened.state
    kinds = [(r.seq, r.kind, r.reverts) for r in service.log("raid")]
    assert kinds == [(1, "round", None), (2, "action", None), (3, "undo", 2)]
    # A round change can be taken back too; the next undo then reaches past it.
    service.act("raid", "Mara drops-prone", Dice.scripted([]))
    service.next_round("raid", Dice.seeded(2))
    assert service.undo("raid").state.round == 1
    assert service.undo("raid").state == opened.state


def test_a_ruleset_without_encounter_seams_refuses_clearly() -> None:
    class Bare(Ruleset):
        name = "bare"
        title = "bare"
        package = "firefight"

        def weapon_catalog(self) -> Sequence[CatalogRow]:
            return []

        def check_data(self) -> list[str]:
            return []

    state = EncounterState(title="t", ruleset="bare")
    with pytest.raises(RuleRefusal) as refused:
        Bare().parse_action("Mara shoots Viktor", state)
    assert refused.value.rule == NOT_IN_ENCOUNTERS
    assert "not supported in encounters yet" in refused.value.reason
    with pytest.raises(RuleRefusal, match=NOT_IN_ENCOUNTERS):
        engine.next_round(
            EncounterState(title="t", ruleset="bare", round=1), Bare(), Dice.seeded(1)
        )


# --- a condition from a later issue plugs in ---------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FuseBurnt(Event):
    grenade: str


class Fuse(ConditionKind):
    """A stand-in for a later issue's grenade fuse: it counts down and then goes off."""

    name = "test-fuse"
    rulesets: ClassVar[tuple[str, ...]] = ("rmu",)

    def expire(self, state: EncounterState, condition: ActiveCondition) -> Sequence[Event]:
        return [FuseBurnt(grenade=str(condition.get("grenade")))]

    def describe(self, event: Event, state: EncounterState) -> str | None:
        return f"The {event.grenade} goes off." if isinstance(event, FuseBurnt) else None

    def begun(self, condition: ActiveCondition) -> str:
        # A kind named by a key says in words what holding it is (DEC-664), as every
        # registered kind must once this test has plugged it in.
        return f"{condition.holder} under a burning fuse"


def test_r_4_a_plugged_in_condition_ticks_with_the_durations_and_expires() -> None:
    """R-4 (durations tick): a registered kind runs at upkeep with no change to the core."""
    register_condition(Fuse())
    register_event_types(FuseBurnt)
    # The ruleset applies its own events; this one changes nothing in the state.
    state = engine.open_fight(
        initial_state(scenario_from_data(scene(person("Mara", 0, 0), person("V", 0, 30)))),
        RMU,
        Dice.seeded(1),
    ).state
    fuse = ActiveCondition(id="fuse-1", kind="test-fuse", rounds_left=2, data=(("grenade", "M67"),))
    state = apply_all(state, [ConditionStarted(condition=fuse)], RMU)

    class Rmu(type(RMU)):  # type: ignore[misc]
        def apply(self, state: EncounterState, event: Event) -> EncounterState:
            return state if isinstance(event, FuseBurnt) else super().apply(state, event)

    rmu = Rmu()
    one = engine.next_round(state, rmu, Dice.seeded(2))
    assert one.state.condition("fuse-1") == ActiveCondition(
        id="fuse-1", kind="test-fuse", rounds_left=1, data=(("grenade", "M67"),)
    )
    two = engine.next_round(one.state, rmu, Dice.seeded(3))
    assert two.state.condition("fuse-1") is None
    assert FuseBurnt(grenade="M67") in two.record.events
    assert "The M67 goes off." in two.record.narration
    assert parse_record(two.record.payload()).events == two.record.events


def test_r_4_a_kind_registered_after_an_upkeep_joins_the_next_in_phase_order() -> None:
    """R-4: the upkeep order is kept between rounds, and a kind registered since joins it."""

    class Early(ConditionKind):
        name = "test-early"
        phase = PHASE_BLEEDING
        rulesets: ClassVar[tuple[str, ...]] = ("test-late-kinds",)

    assert [k.name for k in condition_kinds("test-late-kinds")] == ["durations"]
    register_condition(Early())
    assert [k.name for k in condition_kinds("test-late-kinds")] == ["test-early", "durations"]


def test_r_4_a_kind_reading_only_conditions_is_asked_only_with_some_in_play() -> None:
    """R-4: upkeep passes over a kind whose hook reads nothing but the scene's conditions when
    none is in play; a subclass with a hook of its own is asked unless it says so too."""
    asked: list[str] = []

    class OnlyConditions(ConditionKind):
        name = "test-only-conditions"
        rulesets: ClassVar[tuple[str, ...]] = ("test-quiet-kinds",)
        reads_only_conditions = True

        def upkeep(self, state: EncounterState) -> Sequence[Event]:
            asked.append(self.name)
            return ()

    class OwnHook(OnlyConditions):
        name = "test-own-hook"

        def upkeep(self, state: EncounterState) -> Sequence[Event]:
            asked.append(self.name)
            return ()

    register_condition(OnlyConditions())
    register_condition(OwnHook())
    quiet = EncounterState(title="t", ruleset="test-quiet-kinds", round=1)
    run_upkeep(quiet, lambda s, _: s)
    assert asked == ["test-own-hook"]
    asked.clear()
    held = replace(quiet, conditions=(ActiveCondition(id="c", kind="other", rounds_left=3),))
    run_upkeep(held, lambda s, _: s)
    assert asked == ["test-only-conditions", "test-own-hook"]


# --- random legal play, undo included: fold == incremental --------------------------------------

NAMES = ("Mara", "Viktor", "Lev")
ACTIONS = st.one_of(
    st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES), st.integers(1, 3), st.booleans()).map(
        lambda t: f"{t[0]} shoots {t[1]} --ap {t[2]}" + (" --prepared" if t[3] else "")
    ),
    st.sampled_from(NAMES).map(lambda n: f"{n} reloads"),
    st.tuples(st.sampled_from(NAMES), st.integers(-30, 30), st.integers(-10, 50)).map(
        lambda t: f"{t[0]} moves {t[1]},{t[2]}"
    ),
    st.sampled_from(NAMES).map(lambda n: f"{n} drops-prone"),
    st.sampled_from(NAMES).map(lambda n: f"{n} stands-up"),
    st.sampled_from(NAMES).map(lambda n: f"{n} waits --ap 1"),
)


class FoldMatchesIncremental(RuleBasedStateMachine):
    """Random action sequences (refusals, round changes and undos among them): the state folded
    from the stored log always equals the state the engine built one step at a time."""

    def __init__(self) -> None:
        super().__init__()
        doc = scene(
            person("Mara", 0, 0, hits=30, bd=10, armor="BA II", rounds=(5, 17)),
            person("Viktor", 0, 40, hits=25, bd=5, rounds=(3, 10), ammo="hollowpoint"),
            person("Lev", 15, 35, hits=20, bd=5, rounds=(2,), surprise="surprised"),
            barriers=[
                {"name": "crates", "from": [-5, 36], "to": [5, 36], "height_ft": 3.5},
            ],
        )
        self.service = EncounterService(MemoryStore())
        self.scenario = scenario_from_data(doc)
        self.stack = [self.service.new("fight", self.scenario, Dice.seeded(0)).state]

    @rule(text=ACTIONS, seed=st.integers(0, 2**16))
    def act(self, text: str, seed: int) -> None:
        head = self.service.store.head("fight")
        try:
            applied = self.service.act("fight", text, Dice.seeded(seed))
        except RuleRefusal:
            assert self.service.store.head("fight") == head
            return
        incremental = apply_all(self.stack[-1], applied.record.events, RMU)
        assert incremental == applied.state
        self.stack.append(incremental)

    @rule(seed=st.integers(0, 2**16))
    def next_round(self, seed: int) -> None:
        applied = self.service.next_round("fight", Dice.seeded(seed))
        self.stack.append(apply_all(self.stack[-1], applied.record.events, RMU))

    @precondition(lambda self: len(self.stack) > 1)
    @rule()
    def undo(self) -> None:
        self.stack.pop()
        assert self.service.undo("fight").state == self.stack[-1]

    @invariant()
    def fold_equals_incremental(self) -> None:
        loaded = self.service.load("fight")
        assert loaded.state == self.stack[-1]
        reread = [parse_record(LogRecord.payload(r), seq=r.seq) for r in loaded.records]
        assert fold(initial_state(self.scenario), reread, RMU) == self.stack[-1]


FoldMatchesIncremental.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_fold_matches_incremental_under_random_play = FoldMatchesIncremental.TestCase


def test_an_action_built_on_a_stale_log_is_refused_by_the_store_and_writes_nothing() -> None:
    """Optimistic concurrency: a command names the head it folded; a writer who got there
    first wins and the loser's record is not written."""
    from firefight.store.base import ConflictError

    service = EncounterService(MemoryStore())
    service.new(
        "raid",
        scenario_from_data(scene(person("Mara", 0, 0), person("Viktor", 0, 30))),
        Dice.seeded(1),
    )
    stale = service.current("raid")
    service.act("raid", "Viktor waits --ap 1", Dice.scripted([]))  # the other writer
    resolution = engine.act(stale.state, "Mara waits --ap 1", RMU, Dice.scripted([]))
    with pytest.raises(ConflictError):
        service._applied(stale, resolution)
    assert [r.text for r in service.log("raid")] == ["round 1", "Viktor waits --ap 1"]


def test_a_run_of_events_on_single_combatants_folds_as_one_event_at_a_time() -> None:
    """apply_all folds events that touch only the people they name (rmu's AP, fire and hits
    too) in one scene copy; the state must be the one folding them one by one gives, a failed
    one failing alike."""
    start = initial_state(
        scenario_from_data(
            scene(person("Mara", 0, 0), person("Viktor", 0, 30), person("Ann", 9, 9))
        )
    )
    state = engine.open_fight_quietly(start, RMU, Dice.seeded(1))
    mara = state.combatant("Mara")
    gun = mara.weapon()
    assert gun is not None
    events: list[Event] = [
        InitiativeRolled(actor="Viktor", faces=(4, 5), total=9),
        InitiativeRolled(actor="Mara", faces=(1, 2), total=3),
        Moved(actor="Mara", to=Point(x_ft=1.0, y_ft=2.0), distance_ft=2.2, facing_deg=90.0),
        ActionPointsSpent(actor="Mara", ap=2),
        RoundsFired(actor="Mara", weapon=gun.name, rounds=2),
        FiredAt(actor="Mara", weapon=gun.name, rounds=2, targets=("Viktor", "Ann")),
        HitsInflicted(target="Viktor", hits=12, rule="RMU-GEN-7"),
        DamageAdjusted(target="Viktor", amount=7),
        InitiativeOrdered(groups=(("Viktor",), ("Mara",))),
        StatusSet(target="Ann", status="unconscious"),
        PostureChanged(actor="Mara", posture=Posture.PRONE),
    ]
    one_by_one = state
    for event in events:
        one_by_one = apply(one_by_one, event, RMU)
    assert apply_all(state, events, RMU) == one_by_one
    assert one_by_one.combatant("Mara").initiative == 3
    assert one_by_one.combatant("Viktor").hits_taken == 19
    too_many = RoundsFired(actor="Mara", weapon=gun.name, rounds=99)
    with pytest.raises(FoldError, match="does not hold them"):
        apply_all(state, [events[0], too_many], RMU)


def test_rounds_fired_again_from_the_same_weapons_leave_the_same_weapons() -> None:
    """A gun's rounds are kept by the weapons they were fired from (a simulation's fights fire
    the same guns alike): the same weapons firing the same rounds again are handed the very
    weapons the first fold left, equal to those worked out afresh, and another count, another
    gun's weapons or rounds the gun does not hold are worked out (or refused) as before."""
    start = initial_state(scenario_from_data(scene(person("Mara", 0, 0), person("Viktor", 0, 30))))
    mara = start.combatant("Mara")
    gun = mara.weapon()
    assert gun is not None and gun.loaded is not None
    full = gun.loaded.rounds
    two = RoundsFired(actor="Mara", weapon=gun.name, rounds=2)
    first = apply(start, two, RMU).combatant("Mara")
    again = apply(start, two, RMU).combatant("Mara")
    assert again.weapons is first.weapons
    scene_apply._FIRED.clear()
    assert apply(start, two, RMU).combatant("Mara") == again
    loaded = again.weapon()
    assert loaded is not None and loaded.loaded is not None
    assert loaded.loaded.rounds == full - 2
    three = apply(start, RoundsFired(actor="Mara", weapon=gun.name, rounds=3), RMU)
    assert three.combatant("Mara").weapons[0].loaded == replace(gun.loaded, rounds=full - 3)
    onward = apply(apply(start, two, RMU), two, RMU).combatant("Mara").weapon()
    assert onward is not None and onward.loaded is not None
    assert onward.loaded.rounds == full - 4
    with pytest.raises(FoldError, match="does not hold them"):
        apply(start, RoundsFired(actor="Mara", weapon=gun.name, rounds=full + 1), RMU)


def test_a_log_names_people_exactly_where_a_player_may_not() -> None:
    """A declaration finds its people ignoring case; a stored log's event must name them as
    the scene spells them, in a run or alone, or the log is refused as corrupt."""
    start = initial_state(scenario_from_data(scene(person("Mara", 0, 0), person("Viktor", 0, 30))))
    state = engine.open_fight_quietly(start, RMU, Dice.seeded(1))
    assert state.combatant("viktor") is state.combatant("Viktor")
    spent = ActionPointsSpent(actor="mara", ap=1)
    with pytest.raises(FoldError, match="'mara', who is not in the scene"):
        apply_all(state, [spent], RMU)
    with pytest.raises(FoldError, match="'mara', who is not in the scene"):
        apply(state, spent, RMU)
    assert (
        vitals(apply_all(state, [replace(spent, actor="Mara")], RMU).combatant("Mara")).ap_left == 3
    )


def test_a_shot_s_action_and_rounds_fold_in_a_run_as_one_at_a_time_in_cpr() -> None:
    """cpr's Action taken folds in a run with the rounds fired and the hit's damage, armor and
    wound state, to the same state; a second Action in the turn is refused alike."""
    cpr = find_ruleset("cpr")
    state = engine.open_fight_quietly(
        initial_state(load_scenario("examples/night-market.toml")), cpr, Dice.seeded(1)
    )
    shooter, target = state.combatants[0], state.combatants[1]
    gun = shooter.weapon()
    assert gun is not None
    body_sp = fighter(target).body_sp
    events: list[Event] = [
        ActionTaken(actor=shooter.name, action="shoots"),
        RoundsFired(actor=shooter.name, weapon=gun.name, rounds=1),
        DamageDealt(
            target=target.name, location="body", damage=20, sp=body_sp, through=5, hp_lost=5
        ),
        ArmorAblated(target=target.name, location="body", sp_before=body_sp, sp_after=body_sp - 1),
        WoundStateChanged(
            target=target.name,
            hp_before=target.hits_left,
            hp_after=target.hits_left - 5,
            before="unhurt",
            after="lightly",
        ),
    ]
    one_by_one = state
    for event in events:
        one_by_one = apply(one_by_one, event, cpr)
    assert apply_all(state, events, cpr) == one_by_one != state
    with pytest.raises(FoldError, match="second Action"):
        apply_all(state, [*events, events[0]], cpr)


def _run_and_one_at_a_time(ruleset: str, path: str, events: Callable[..., list[Event]]) -> None:
    """The state ``events`` (made from the example's first two combatants and the first's gun)
    fold to in a run is the one folding them one at a time gives, and not the start."""
    rules = find_ruleset(ruleset)
    state = engine.open_fight_quietly(initial_state(load_scenario(path)), rules, Dice.seeded(1))
    shooter, target = state.combatants[0], state.combatants[1]
    gun = shooter.weapon()
    assert gun is not None
    run = events(shooter.name, target.name, gun.name)
    one_by_one = state
    for event in run:
        one_by_one = apply(one_by_one, event, rules)
    assert apply_all(state, run, rules) == one_by_one != state


def test_a_gurps_maneuver_shot_and_wound_fold_in_a_run_as_one_at_a_time() -> None:
    """gurps's maneuver, draw, wound and recovery fold in a run with the rounds fired."""
    _run_and_one_at_a_time(
        "gurps",
        "examples/dry-gulch.toml",
        lambda shooter, target, gun: [
            GurpsManeuver(actor=shooter, maneuver="aim", aim_target=target, aim_turns=1),
            RoundsFired(actor=shooter, weapon=gun, rounds=1),
            GurpsHurt(
                target=target,
                injury=5,
                shock=2,
                stunned=True,
                knocked_down=True,
                unconscious=False,
                dead=False,
            ),
            GurpsRecovered(actor=target),
            GurpsDrew(actor=shooter, weapon=gun, ready=True),
        ],
    )


def test_a_cards_turn_shot_and_wound_fold_in_a_run_as_one_at_a_time() -> None:
    """The cards ruleset's turn, shot and wound fold in a run with the rounds fired, the deck
    (the scene's own) between them."""
    _run_and_one_at_a_time(
        "cards",
        "examples/cards-alley.toml",
        lambda shooter, target, gun: [
            RoundsFired(actor=shooter, weapon=gun, rounds=1),
            ShotTaken(actor=shooter, weapon=gun, must_cock=True),
            TurnTaken(actor=shooter, doing="shoots"),
            DeckChanged(left=("AS", "2H")),
            Wounded(target=target, green=1, yellow=0, red=0, wear=1, knocked_down=True, down=False),
            TurnTaken(actor=target, doing="gets up"),
        ],
    )


def test_r_4_an_upkeep_s_kinds_fold_in_runs_as_one_event_at_a_time() -> None:
    """R-4: rmu's upkeep folds each kind's events in one run (two bleeding, two stunned, two
    dying, one staggered no more): the round ends in the state folding its events one at a
    time gives, and the countdowns and a death fold alike in a run by themselves."""
    people = [person(name, 0, i * 10) for i, name in enumerate(("Mara", "Viktor", "Ann", "Bo"))]
    state = engine.open_fight_quietly(
        initial_state(scenario_from_data(scene(*people))), RMU, Dice.seeded(1)
    )
    hurt: dict[str, Callable[[RmuVitals], RmuVitals]] = {
        "Mara": lambda v: replace(v, bleed=2, stun=((-50, 1), (-25, 2)), dying_rounds=3),
        "Viktor": lambda v: replace(v, bleed=1, stun=((-25, 1),), staggered=True),
        "Ann": lambda v: replace(v, dying_rounds=1),
    }
    for name, change in hurt.items():
        c = state.combatant(name)
        state = state.with_combatant(with_vitals(c, change(vitals(c))))
    upkeep, after = RMU.end_round(state)
    kinds = {type(e).__name__ for e in upkeep.events}
    assert {"Bled", "StunWoreOff", "DyingCountdown", "Died", "StaggerCleared"} <= kinds
    one_by_one = state
    for event in upkeep.events:
        one_by_one = apply(one_by_one, event, RMU)
    assert after == one_by_one != state
    assert vitals(after.combatant("Mara")).stun == ((-25, 2),)
    assert after.combatant("Ann").dead and not vitals(after.combatant("Viktor")).staggered
    assert apply_all(state, upkeep.events, RMU) == one_by_one
