"""Explosives in rmu encounters: "Mara throws m67 at 30,12" (RMU-EXP-2..4, RMU-EXP-9, -15, -16),
or "at Viktor", where he stands as it is thrown (DEC-703).

The throw is placed at once (:func:`~firefight.rulesets.rmu.placement.resolve_throw`, the whole
Ranged Weapon: Thrown bonus of the thrower's ``thrown`` skill) and leaves a condition in the
scene where it came to rest:

* a **grenade** (M67, MK3A2, AN-M14, M84) burns its fuse: down when its throwing round
  ends, off when the round after ends (RMU-EXP-9); a Molotov bursts on landing, when its
  throwing round ends (DEC-385). Upkeep counts it down; at 0 it is
  due, and the round change rolls its detonation against everyone in the scene with the thrower's
  Thrown ranks (DEC-306), through :func:`~firefight.rulesets.rmu.detonation.resolve_detonation`,
  a barrier of the scene counting for whoever it stands between the burst and (RMU-EXP-6);
* a **cloud** (M18 smoke, CS) fills its radius for the rounds its load lists, rolled when it
  lands (RMU-EXP-15, RMU-EXP-16), and upkeep counts it down until it clears.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal, known_or_refused
from firefight.events import Event
from firefight.frozen import replace
from firefight.geometry import (
    CoverGrade,
    Point,
    band_of,
    crossing_share,
    distance_ft,
    grade_behind_barrier,
)
from firefight.outcome import Outcome
from firefight.rulesets.rmu.blast_results import DetonationResult
from firefight.rulesets.rmu.burning import set_alight
from firefight.rulesets.rmu.carried import check_carried, grenades_left
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.countdown import CountedToZero
from firefight.rulesets.rmu.cover import Cover, CoverMaterial
from firefight.rulesets.rmu.detonation import (
    Blast,
    BlastTarget,
    blast_cover_bonus,
    resolve_detonation,
)
from firefight.rulesets.rmu.encounter_events import bonus_used
from firefight.rulesets.rmu.encounter_results import Thrown
from firefight.rulesets.rmu.events import ActionPointsSpent
from firefight.rulesets.rmu.explosives import Load, explosive_data
from firefight.rulesets.rmu.flash_bang import FlashBang, FlashBangResult, Victim, resolve_flash_bang
from firefight.rulesets.rmu.grenade_reactions import answered
from firefight.rulesets.rmu.kindred_criticals import reads_torpor, severity_steps
from firefight.rulesets.rmu.kindred_rules import kindred_rules
from firefight.rulesets.rmu.kindred_vitals import flash_bang_potency
from firefight.rulesets.rmu.placement import (
    THROW_DIFFICULTY,
    ExplosiveLanded,
    Throw,
    check_throw_ap,
    landing_place,
    resolve_throw,
    throw_band,
)
from firefight.rulesets.rmu.round_results import DueBlasts, GoneOff, NobodyNear
from firefight.rulesets.rmu.scene_reading import can_defend, shooter_modifiers, worn_armor
from firefight.rulesets.rmu.vitals import check_ap, rmu_stats, vitals
from firefight.scene.actions import Action
from firefight.scene.conditions import ConditionKind, register_condition
from firefight.scene.events import ConditionEnded, ConditionStarted, ConditionTicked
from firefight.scene.lines import Line, OptionKind, one_name, read_point
from firefight.scene.state import SCENE_RULE, ActiveCondition, CombatantState, EncounterState
from firefight.trace import Entry, Modifier, Trace, TraceBuilder
from firefight.wording import counted

__all__ = [
    "CLOUD",
    "GRENADE",
    "THROW_BACK_OPTIONS",
    "THROW_OPTIONS",
    "THROW_SKILL",
    "Throws",
    "ThrowsBack",
    "detonate_due",
    "grenade_at_hand",
    "parse_throw",
    "parse_throw_back",
    "resolve_throws",
    "resolve_throws_back",
    "throw_aim",
    "validate_throws",
    "validate_throws_back",
]

#: The combatant skill whose bonus places a throw and whose ranks ride the blast (RMU-EXP-1, -2).
THROW_SKILL = "thrown"
GRENADE = "grenade"
CLOUD = "cloud"
#: RMU-EXP-9: lands at the end of this round, goes off at the end of the next.
FUSE_ROUNDS = 2
THROW_OPTIONS: Mapping[str, OptionKind] = {
    "ap": "int", "difficulty": "int", "mod": "many", "enclosed": "flag",
}  # fmt: skip
THROW_BACK_OPTIONS: Mapping[str, OptionKind] = {"difficulty": "int", "mod": "many"}
#: DEC-385: a Molotov has no fuse; the bottle bursts where it lands, at the end of the round.
BURST_ON_LANDING = ("molotov",)
#: DEC-308: a grenade within this many feet is at hand to pick up.
REACH_FT = 5.0
#: RMU-EXP-9: picking it up costs 3 AP and throwing it on 1, the whole round.
PICK_UP_AP = 3
THROW_BACK_AP = 1
_CLOUDS = ("smoke", "gas")


@dataclass(frozen=True, slots=True, kw_only=True)
class Throws(Action):
    """Aimed at the spot ``aim``, or at where ``target`` stands as it is thrown (DEC-703);
    ``enclosed``: it lands in a closed room (a flash-bang's +20, MK3A2's larger radius)."""

    load: str
    aim: Point | None = None
    target: str | None = None
    ap: int = 3
    difficulty: int = 0
    mods: tuple[Modifier, ...] = ()
    enclosed: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowsBack(Action):
    """Pick a live grenade up (3 AP) and throw it on (1 AP, -50): the whole round (RMU-EXP-9);
    aimed at ``aim`` or at ``target``, as a throw is."""

    aim: Point | None = None
    target: str | None = None
    difficulty: int = 0
    mods: tuple[Modifier, ...] = ()


def fuse_rounds(effect: str) -> int:
    """Round changes until it goes off: a hand grenade's 2 (RMU-EXP-9), a bottle's 1 (DEC-385)."""
    return 1 if effect in BURST_ON_LANDING else FUSE_ROUNDS


def _aimed(
    words: Sequence[str], state: EncounterState, what: str, rule: str
) -> tuple[Point | None, str | None]:
    """The spot ``at X,Y`` in feet, or the one person the words name (DEC-703); a refusal
    naming the closest names when they are neither."""
    words = [w for w in words if w.lower() not in ("to", "at")]
    point = read_point(" ".join(words))
    if point is not None:
        return Point(x_ft=point[0], y_ft=point[1]), None
    if not words:
        raise RuleRefusal(rule, f"{what} needs a spot X,Y in feet or someone to throw it at.")
    try:
        return None, one_name(words, state, what=f"{what} at", rule=rule)
    except RuleRefusal as unknown:
        typed = " ".join(words)
        if unknown.rule != SCENE_RULE or not any(ch.isdigit() for ch in typed):
            raise
        # Figures that name nobody were meant as a spot: say how one is written.
        raise RuleRefusal(
            rule, f"{what} takes a spot in feet as X,Y (e.g. '4,10') or a name, not {typed!r}."
        ) from None


def _difficulty(line: Line, rule: str) -> int:
    """The GM's ``--difficulty``, within the bounds ``rmu throw`` keeps (DEC-898): past them a
    line placed any throw on the aim point (+500) or none (-500)."""
    difficulty = line.number("difficulty", 0, rule)
    if abs(difficulty) > THROW_DIFFICULTY:
        raise RuleRefusal(
            rule,
            f"--difficulty runs from -{THROW_DIFFICULTY} to {THROW_DIFFICULTY}, not {difficulty}.",
        )
    return difficulty


def parse_throw(line: Line, state: EncounterState, rule: str) -> Throws:
    """``throws LOAD at X,Y|NAME [--ap N] [--difficulty N] [--enclosed] [--mod V:LABEL]...``."""
    words = line.words
    if not words:
        raise RuleRefusal(
            rule, "'throws' needs a load and a spot, e.g. 'Mara throws m67 at 30,12'."
        )
    aim, target = _aimed(words[1:], state, "'throws'", rule)
    return Throws(
        actor=line.actor,
        verb="throws",
        text=line.text,
        load=known_or_refused("RMU-EXP-12", explosive_data().load, words[0]).key,
        aim=aim,
        target=target,
        ap=line.number("ap", 3, rule),
        difficulty=_difficulty(line, rule),
        mods=line.mods(rule),
        enclosed=line.has("enclosed"),
    )


def parse_throw_back(line: Line, state: EncounterState, rule: str) -> ThrowsBack:
    """``throws-back at X,Y|NAME [--difficulty N] [--mod V:LABEL]...``: the grenade at hand."""
    aim, target = _aimed(line.words, state, "'throws-back'", rule)
    return ThrowsBack(
        actor=line.actor,
        verb="throws-back",
        text=line.text,
        aim=aim,
        target=target,
        difficulty=_difficulty(line, rule),
        mods=line.mods(rule),
    )


def throw_aim(state: EncounterState, action: Throws | ThrowsBack) -> Point:
    """Where the throw is aimed: its spot, or where the person named stands as it is thrown
    (DEC-703); the explosive is put there, not aimed at them (RMU-EXP-1)."""
    if action.target is not None:
        return state.combatant(action.target).position
    assert action.aim is not None  # the line gives a spot or a person (_aimed)
    return action.aim


def _aim_step(tb: TraceBuilder, action: Throws | ThrowsBack, aim: Point, load: str) -> None:
    if action.target is not None:
        tb.step(f"The {load} is aimed at where {action.target} stands, "
                f"{landing_place(aim)}.", "DEC-703")  # fmt: skip


def grenade_at_hand(state: EncounterState, c: CombatantState) -> ActiveCondition:
    """The grenade lying within reach of ``c`` that they pick up (DEC-308): the nearest one
    they saw land, else the nearest (DEC-677); refused when there is none."""
    near = (
        k
        for k in state.conditions
        if k.kind == GRENADE
        and k.rounds_left == 1
        and k.get("load") not in BURST_ON_LANDING
        and distance_ft(c.position, _at(k)) <= REACH_FT
    )
    picked = answered(c, near)
    if picked is None:
        # The state lists a grenade at its spot the round it is thrown, but it lands only at
        # the round's end (RMU-EXP-9): one within reach then is not "no grenade".
        flying = next(
            (
                k
                for k in state.conditions
                if k.kind == GRENADE
                and (k.rounds_left or 0) > 1
                and distance_ft(c.position, _at(k)) <= REACH_FT
            ),
            None,
        )
        if flying is not None:
            raise RuleRefusal(
                "RMU-EXP-9",
                f"The {flying.get('load')} by {c.name} lands at the end of this round: "
                f"there is nothing to pick up yet; it can be thrown back next round.",
            )
        raise RuleRefusal(
            "RMU-EXP-9",
            f"No grenade has landed within {REACH_FT:g} ft of {c.name}: there is nothing to "
            "pick up and throw back.",
        )
    return picked


def validate_throws_back(state: EncounterState, action: ThrowsBack) -> None:
    c = state.combatant(action.actor)
    grenade = grenade_at_hand(state, c)
    need = PICK_UP_AP + THROW_BACK_AP
    ap_left = vitals(c).ap_left
    if ap_left < need:
        raise RuleRefusal(
            "RMU-EXP-9",
            f"Throwing it back takes the whole round ({need} AP: pick it up, throw it); "
            f"{c.name} has only {ap_left} left.",
        )
    data = explosive_data()
    load = data.load(str(grenade.get("load")))
    throw_band(
        distance_ft(c.position, throw_aim(state, action)), load.increment_ft, data.throw.bands
    )


def resolve_throws_back(state: EncounterState, action: ThrowsBack, dice: Dice) -> Outcome[Thrown]:
    """The grenade picked up and thrown on at 1 AP (-50); its fuse keeps burning: a failed
    throw still scatters from the aim, a fumbled one stays at the thrower's feet."""
    c = state.combatant(action.actor)
    grenade = grenade_at_hand(state, c)
    bonus, ranks = _skill(c)
    load = explosive_data().load(str(grenade.get("load")))
    aim = throw_aim(state, action)
    thrown = resolve_throw(
        Throw(load=load.key, aim=aim, thrower=c.position, thrown_bonus=bonus,
              difficulty=action.difficulty, ap=THROW_BACK_AP, name=c.name,
              extra=(*shooter_modifiers(c, None), *action.mods)),
        dice,
    )  # fmt: skip
    landed = next(e for e in thrown.events if isinstance(e, ExplosiveLanded))
    moved = replace(
        grenade,
        id=f"{grenade.id}-back",
        data=(("load", load.key), ("x_ft", landed.at.x_ft), ("y_ft", landed.at.y_ft),
              ("thrower", c.name), ("ranks", ranks)),
    )  # fmt: skip
    tb = TraceBuilder()
    tb.step(
        f"{c.name} picks up the {load.name} ({PICK_UP_AP} AP) and throws it on "
        f"({THROW_BACK_AP} AP); the fuse burns on.",
        "RMU-EXP-9",
    )
    _aim_step(tb, action, aim, load.name)
    events: list[Event] = [
        ActionPointsSpent(actor=c.name, ap=PICK_UP_AP + THROW_BACK_AP),
        ConditionEnded(id=grenade.id),
        landed,
        ConditionStarted(condition=moved),
        *bonus_used(c),  # the throw carried a critical's bonus still owed (RMU-BP-3)
    ]
    return Outcome(
        events=tuple(events),
        trace=Trace((*tb.build().entries, *thrown.trace.entries)),
        result=Thrown(
            action="throws-back",
            actor=c.name,
            landing=thrown.result,
            condition=moved.id,
            headline=_throw_headline(state, landed, moved, action.target),
        ),
    )


def _skill(c: CombatantState) -> tuple[int, int]:
    found = rmu_stats(c).skill(THROW_SKILL)
    return (found.bonus, found.ranks) if found else (0, 0)


def validate_throws(state: EncounterState, action: Throws) -> None:
    """Refuse, before any die, a throw the thrower cannot afford or that cannot arrive."""
    c = state.combatant(action.actor)
    data = explosive_data()
    load = data.load(action.load)
    check_carried(c, load.key, load.name)  # DEC-620: none of it left
    check_throw_ap(action.ap, data.throw)
    check_ap(c, action.ap, "The throw")
    throw_band(
        distance_ft(c.position, throw_aim(state, action)), load.increment_ft, data.throw.bands
    )


def resolve_throws(state: EncounterState, action: Throws, dice: Dice) -> Outcome[Thrown]:
    """Place the throw, then start the fuse or the cloud where it came to rest."""
    c = state.combatant(action.actor)
    bonus, ranks = _skill(c)
    load = explosive_data().load(action.load)
    aim = throw_aim(state, action)
    aimed = TraceBuilder()
    _aim_step(aimed, action, aim, load.name)
    thrown = resolve_throw(
        Throw(load=load.key, aim=aim, thrower=c.position, thrown_bonus=bonus,
              difficulty=action.difficulty, ap=action.ap, name=c.name,
              extra=(*shooter_modifiers(c, None), *action.mods)),
        dice,
    )  # fmt: skip
    landed = next(e for e in thrown.events if isinstance(e, ExplosiveLanded))
    tb = TraceBuilder()
    left = grenades_left(c, load.key)
    if left is not None:
        landed = replace(landed, spent=True)  # one fewer carried
        tb.step(f"{c.name} has {counted(left - 1, load.name)} left.", "DEC-620")
    serial = sum(1 for k in state.conditions if k.kind in (GRENADE, CLOUD)) + 1
    where = (("x_ft", landed.at.x_ft), ("y_ft", landed.at.y_ft))
    if load.effect in _CLOUDS:
        assert load.rounds is not None
        low, high = load.rounds
        rounds = low - 1 + tb.roll(dice.die(high - low + 1, f"{load.name} lasts")).total
        tb.step(f"The {load.name} fills {load.radius_ft:g} ft for {rounds} rounds.", "RMU-EXP-15")
        condition = ActiveCondition(
            id=f"{load.key}-{state.round}-{serial}", kind=CLOUD, rounds_left=rounds,
            data=(("load", load.key), *where, ("radius_ft", load.radius_ft)),
        )  # fmt: skip
    else:
        fuse = fuse_rounds(load.effect)
        if fuse == FUSE_ROUNDS:
            tb.step(f"The {load.name} lands at the end of the round and goes off at the end of "
                    "the next.", "RMU-EXP-9")  # fmt: skip
        else:
            tb.step(f"The {load.name} bursts where it lands, at the end of this round.", "DEC-385")
        condition = ActiveCondition(
            id=f"{load.key}-{state.round}-{serial}", kind=GRENADE, rounds_left=fuse,
            data=(("load", load.key), *where, ("thrower", c.name), ("ranks", ranks),
                  ("enclosed", action.enclosed)),
        )  # fmt: skip
    events: list[Event] = [
        ActionPointsSpent(actor=c.name, ap=action.ap),
        landed,
        ConditionStarted(condition=condition),
        *bonus_used(c),  # the throw carried a critical's bonus still owed (RMU-BP-3)
    ]
    return Outcome(
        events=tuple(events),
        trace=Trace((*aimed.build().entries, *thrown.trace.entries, *tb.build().entries)),
        result=Thrown(
            action="throws",
            actor=c.name,
            landing=thrown.result,
            condition=condition.id,
            headline=_throw_headline(state, landed, condition, action.target),
        ),
    )


def _landing_words(event: ExplosiveLanded, target: str | None = None) -> str:
    """Where it came to rest; thrown ``at`` someone (DEC-703), the words say whom. A fumble
    names whose feet it drops at: after "meant for Viktor", "their feet" read as Viktor's."""
    where = landing_place(event.at)
    meant = "" if target is None else f" meant for {target}"
    if event.fumbled:
        feet = f"{event.actor}'s feet"
        return f"{event.actor} fumbles the {event.load}{meant}: it drops at {feet}, at {where}"
    at = "" if target is None else f" at {target}"
    return f"{event.actor} throws the {event.load}{at}; it lands at {where}"


def _throw_headline(
    state: EncounterState, landed: ExplosiveLanded, kept: ActiveCondition, target: str | None
) -> str:
    """Where it landed, whom it was thrown at if at someone (DEC-703), and what it does next: a
    grenade goes off at the end of the round its fuse runs out in (RMU-EXP-9, a bottle at the
    end of this one, DEC-385), since until then the people near it may still move or throw it
    back; a cloud fills its radius at once (RMU-EXP-15)."""
    rounds = kept.rounds_left
    assert rounds is not None  # a grenade's fuse and a cloud's life are counted in rounds
    if kept.kind == CLOUD:
        radius = kept.get("radius_ft")
        assert isinstance(radius, float | int)
        then = f"it fills {radius:g} ft for {rounds} rounds"
    else:
        then = f"it goes off at the end of round {state.round + rounds - 1}"
    return f"{_landing_words(landed, target)}; {then}."


def _at(condition: ActiveCondition) -> Point:
    x, y = condition.get("x_ft"), condition.get("y_ft")
    assert isinstance(x, float | int) and isinstance(y, float | int)
    return Point(x_ft=float(x), y_ft=float(y))


def _barrier(
    state: EncounterState, center: Point, c: CombatantState, data: RmuData
) -> tuple[str, Cover] | None:
    """The best barrier of the scene crossing the line from the burst to ``c`` (RMU-EXP-6),
    graded by how much of ``c`` it hides (P-1), with its name; a barrier off that line counts
    for nothing."""
    best: tuple[int, str, Cover] | None = None
    for barrier in state.barriers:
        if crossing_share(center, c.position, barrier.start, barrier.end) is None:
            continue
        grade = grade_behind_barrier(center, c.body, barrier.height_ft)
        if grade is CoverGrade.NONE:
            continue
        cover = Cover(grade=grade, material=CoverMaterial(barrier.material))
        bonus, stops = blast_cover_bonus(cover, data)
        rank = 10**6 if stops else bonus
        if best is None or rank > best[0]:
            best = (rank, barrier.name, cover)
    return (best[1], best[2]) if best else None


def _target(state: EncounterState, center: Point, c: CombatantState, data: RmuData) -> BlastTarget:
    cover = _barrier(state, center, c, data)
    stats, rules = rmu_stats(c), kindred_rules(state)
    return BlastTarget(
        name=c.name,
        position=c.position,
        posture=c.posture,
        size=c.size,
        armor=worn_armor(c)["armor"],
        # P-9: whoever cannot defend (out cold, dying, staked, in torpor, held fast) brings no
        # Quickness DB, the same test a shot's defender reads (scene_reading.can_defend).
        quickness_db=stats.quickness_db if can_defend(state, c) else 0,
        cover=cover[1] if cover else None,
        cover_share_percent=_dash_share(state, c, cover[0] if cover else None),
        severity_steps=severity_steps(stats, rules),
        kindred=reads_torpor(stats, rules),
    )


def _dash_share(state: EncounterState, c: CombatantState, barrier: str | None) -> int:
    """RMU-EXP-11: a dash behind ``barrier`` in the round that just ended counts by the share
    its maneuver reached (the fuse runs out at that round's end); an earlier one in full."""
    taken = rmu_stats(c).fire.cover_in(state.round - 1)
    if barrier is None or taken is None or taken.barrier != barrier:
        return 100
    return taken.share_percent


def _victims(state: EncounterState, condition: ActiveCondition, center: Point,
             radius_ft: float) -> tuple[Victim, ...]:  # fmt: skip
    """Everyone with any part in the flash-bang's radius; unaware unless they saw it land
    (RMU-EXP-10, X-4)."""
    found = []
    for c in state.combatants:
        if c.dead or band_of(c.body, center, [radius_ft])[0] is None:
            continue
        stats = rmu_stats(c)
        aware = stats.afflictions.saw(condition.id)
        found.append(Victim(name=c.name, co_bonus=stats.constitution or 0,
                            sd_bonus=stats.self_discipline, blood_potency=flash_bang_potency(c),
                            unaware=not aware))  # fmt: skip
    return tuple(found)


def _flash(
    state: EncounterState, condition: ActiveCondition, dice: Dice
) -> Outcome[FlashBangResult | NobodyNear]:
    load = explosive_data().load(str(condition.get("load")))
    victims = _victims(state, condition, _at(condition), load.radius_ft)
    if not victims:
        tb = TraceBuilder()
        tb.step(f"The {load.name} goes off with nobody in its {load.radius_ft:g} ft.",
                "RMU-EXP-17")  # fmt: skip
        return Outcome(events=(), trace=tb.build(), result=NobodyNear())
    bang = FlashBang(victims=victims, enclosed=condition.get("enclosed") is True)
    return resolve_flash_bang(bang, dice)


def _alight(state: EncounterState, load: Load, blast: DetonationResult) -> list[Event]:
    """Who the burst sets on fire: thermate whoever it gave a critical, a Molotov everyone in
    its fire (RMU-EXP-13, RMU-EXP-14)."""
    if load.effect not in ("incendiary", "molotov"):
        return []
    caught = [p.name for p in blast.people if p.severity]
    return set_alight(state, caught, load.name)


def detonate_due(state: EncounterState, dice: Dice, data: RmuData) -> Outcome[DueBlasts]:
    """Every grenade whose fuse has run out goes off, read by everyone alive (DEC-306): a
    flash-bang's contest for those in its radius (RMU-EXP-17), any other load's detonation,
    and the fires it lights (RMU-EXP-13, RMU-EXP-14)."""
    events: list[Event] = []
    entries: list[Entry] = []
    blasts: list[GoneOff] = []
    for condition in state.conditions:
        if condition.kind != GRENADE or condition.rounds_left != 0:
            continue
        load = explosive_data().load(str(condition.get("load")))
        ranks = condition.get("ranks")
        assert isinstance(ranks, int)
        center = _at(condition)
        events.append(ConditionEnded(id=condition.id))  # told first: it goes off, then the harm
        lit: list[Event] = []
        done: Outcome[FlashBangResult | DetonationResult | NobodyNear]
        if load.effect == "flash":
            done = _flash(state, condition, dice)
        else:
            people = tuple(_target(state, center, c, data) for c in state.combatants if not c.dead)
            blast = Blast(load=load.key, center=center, thrown_ranks=ranks, people=people,
                          thrower=str(condition.get("thrower")),
                          enclosed=condition.get("enclosed") is True)  # fmt: skip
            blasted = resolve_detonation(blast, dice, data)
            lit = _alight(state, load, blasted.result)
            done = blasted
        events.extend((*done.events, *lit))
        entries.extend(done.trace.entries)
        blasts.append(GoneOff(condition=condition.id, done=done.result))
    due = DueBlasts(blasts=tuple(blasts))
    return Outcome(events=tuple(events), trace=Trace(tuple(entries)), result=due)


class _Fuse(CountedToZero):
    """A grenade's fuse: counted down at upkeep to 0, when it is due (RMU-EXP-9)."""

    name = GRENADE
    rulesets = ("rmu",)

    def describe(self, event: Event, state: EncounterState) -> str | None:
        found = _condition_of(event, state, GRENADE)
        if found is None:
            return None
        what = f"The {found.get('load')} ({found.id})"
        if isinstance(event, ConditionStarted):
            when = "the next round" if found.rounds_left == FUSE_ROUNDS else "this round"
            effect = explosive_data().load(str(found.get("load"))).effect
            if effect in BURST_ON_LANDING:  # a bottle has no fuse to burn (DEC-385)
                return f"{what} bursts where it lies at the end of {when} [DEC-385]."
            return f"{what} fuse burns: it goes off at the end of {when} [RMU-EXP-9]."
        if isinstance(event, ConditionTicked):
            done = "is due to go off" if event.rounds_left == 0 else "has landed"
            return f"{what} {done} [RMU-EXP-9]."
        if found.rounds_left == 0:
            flash = explosive_data().load(str(found.get("load"))).effect == "flash"
            return f"{what} goes off [{'RMU-EXP-17' if flash else 'RMU-EXP-1'}]."
        return f"{what} is picked up [RMU-EXP-9]."


class _Cloud(ConditionKind):
    """Smoke or CS filling its radius, counted down until it clears (RMU-EXP-15, -16)."""

    name = CLOUD
    rulesets = ("rmu",)

    def describe(self, event: Event, state: EncounterState) -> str | None:
        found = _condition_of(event, state, CLOUD)
        if found is None:
            return None
        if isinstance(event, ConditionStarted):
            return f"The {found.get('load')} cloud fills {found.get('radius_ft'):g} ft for " \
                f"{found.rounds_left} rounds [RMU-EXP-15]."  # fmt: skip
        if isinstance(event, ConditionTicked):
            left = counted(event.rounds_left, "round")
            return f"The {found.get('load')} cloud: {left} left [RMU-EXP-15]."
        return f"The {found.get('load')} cloud clears [RMU-EXP-15]."


def _condition_of(event: Event, state: EncounterState, kind: str) -> ActiveCondition | None:
    if isinstance(event, ConditionStarted):
        return event.condition if event.condition.kind == kind else None
    if isinstance(event, ConditionTicked | ConditionEnded):
        found = state.condition(event.id)
        return found if found is not None and found.kind == kind else None
    return None


register_condition(_Fuse())
register_condition(_Cloud())
