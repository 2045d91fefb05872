"""rmu's tactics for ``odds simulate`` (:mod:`firefight.scene.tactics`)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache

from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.loadout import trouble_in_hand
from firefight.rulesets.rmu.vitals import figures, rmu_stats, vitals
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.tactics import enemies_of, quoted, rounds_left

__all__ = ["GROUPED_FT", "aimed", "can_still_harm", "grouped_pair", "reload_due"]

#: Enemies this close to each other are one grenade's target: it is thrown between them.
GROUPED_FT = 10.0
#: How far short of an enemy a Kindred closing in stops: inside the 5 ft reach of a bite
#: (DEC-308), clear of the enemy's own spot (S-1).
CLOSE_IN_FT = 4.0


def can_still_harm(c: CombatantState) -> bool:
    """DEC-540: a round left in a gun or a magazine for it, grenades (a thrower, DEC-473; one
    left of a counted blast grenade, DEC-620), or fangs (a Kindred, RMU-BITE-1)."""
    if rounds_left(c):
        return True
    stats = rmu_stats(c)
    if stats.kindred is not None:
        return True
    if stats.grenades is not None:
        return _blast_load(c) is not None
    return not c.weapons and stats.skill("thrown") is not None


def _blast_load(c: CombatantState) -> str | None:
    """DEC-620: the first counted load left that wounds by its kill and casualty bands (an M67,
    RMU-EXP-5); None when none is left or nobody counts."""
    data = explosive_data()
    for key, left in rmu_stats(c).grenades or ():
        names = {band for band, _ in data.load(key).bands}
        if left > 0 and names & {"kill", "casualty"}:
            return key
    return None


def grouped_pair(enemies: list[CombatantState]) -> tuple[float, tuple[float, float]] | None:
    """The gap between the two nearest enemies and the point between them, when they stand
    within :data:`GROUPED_FT` of each other: one grenade's or one sweep's target."""
    if len(enemies) < 2:
        return None
    a, b = enemies[0].position, enemies[1].position
    gap = math.hypot(a.x_ft - b.x_ft, a.y_ft - b.y_ft)
    if gap > GROUPED_FT:
        return None
    return gap, ((a.x_ft + b.x_ft) / 2, (a.y_ft + b.y_ft) / 2)


def reload_due(c: CombatantState, *, in_cover: bool = True) -> bool:
    """Whether ``c`` reloads the gun in hand when no shot is left to take: an empty one
    anywhere; one under half its fullest magazine only ``in_cover``; a fuller one never, since
    reloading drops the rounds left in it."""
    gun = c.weapon()
    if gun is None:
        return False
    left = gun.loaded.rounds if gun.loaded is not None else 0
    if left == 0:
        return True
    if not in_cover:
        return False
    # Asked at every turn: the fullest magazine is a spare whenever it beats twice the one in
    # the gun (the gun's own never does), so the spares alone are gone through, stopping at one.
    return any(2 * left < spare.rounds for spare in gun.spares)


def aimed(state: EncounterState, name: str) -> Iterator[str]:
    """a grenade left of those counted thrown between two grouped enemies; a prepared shot at
    the nearest enemy it can (no recoil penalty); else a quick shot; else clear a jam; else
    reload an empty gun or one under half full; a thrower without a gun throws an M67 between
    grouped enemies, best with no ally in its casualty band, never with one in its kill band;
    a Kindred without one bites, else closes in; else wait"""
    # Offered one by one: the rules take the first line tried at most actions (a shot), so the
    # lines behind it (the reload asked of the gun, the fangs, the wait) are never worked out.
    c = state.combatant(name)
    enemies = enemies_of(state, c)
    if c.weapons:
        # DEC-620: a fighter with a gun throws first only at a group, with a grenade counted.
        yield from _throw(state, c, enemies)
    # RMU-RF-13: what a malfunction left on the gun in hand, as the state holds it, so that no
    # line goes to the rules only to be refused for it (a refusal costs the checks before it,
    # the exception and its words; 2.7 a warehouse fight were, 1.3% of its instructions): a
    # gun that fires nothing is offered no shot, and a clear only when there is something left
    # to clear that a clear can fix. A refused line draws no die: the fights are the same.
    trouble = trouble_in_hand(c)
    if trouble is None or not trouble.holds_fire:
        # RMU-GEN-1: the whole round's 4 AP on one shot at each enemy, nearest first, its
        # preparation taking the -30 recoil off; when fewer are left, a plain shot. Each line
        # made as it is offered: the first is taken at most turns.
        for e in enemies:
            yield _shot(name, e.name, True)
        for e in enemies:
            yield _shot(name, e.name, False)
    me = quoted(name)
    if trouble is not None and not trouble.broken:  # a broken gun lasts the fight
        yield f"{me} clears"
    if reload_due(c):
        yield f"{me} reloads"
    if not c.weapons:  # with a gun: offered first
        yield from _throw(state, c, enemies)
    yield from _fangs(state, c, enemies)
    yield f"{me} waits"


# Asked at every action, of the same few pairs of people: the lines are plain strings made of
# the names alone, shared safely. Bounded.
@lru_cache(maxsize=1024)
def _shot(name: str, enemy: str, prepared: bool) -> str:
    """``name``'s shot at ``enemy``, prepared or not."""
    return f"{quoted(name)} shoots {quoted(enemy)}{' --prepared' if prepared else ''}"


def _throw(state: EncounterState, me: CombatantState, enemies: list[CombatantState]) -> list[str]:
    """DEC-473: with no count of grenades kept, only a fighter with no gun and a Thrown skill is
    taken to carry M67s; DEC-620: with one kept, anyone with a blast grenade left (with or
    without a gun) throws it. They land between the two nearest enemies when grouped, else, from
    a fighter with no gun, on the nearest; a fighter with a gun throws only at a group, else
    shoots. DEC-540: best where no ally (the thrower included) stands in the load's casualty
    band (RMU-EXP-5); failing that, a step back of one BMR (R-6) while the AP left still pay
    for the throw (RMU-EXP-3); failing that, a throw with every ally outside the kill band;
    else, from a fighter with no gun, a step back as far as the AP carry."""
    if not enemies or (me.weapons and len(enemies) < 2):
        return []
    stats = rmu_stats(me)
    if stats.grenades is None:
        load = None if me.weapons or stats.skill("thrown") is None else "m67"
    else:
        load = _blast_load(me)
    if load is None:
        return []
    group = grouped_pair(enemies)
    if me.weapons and group is None:
        return []
    bands = dict(explosive_data().load(load).bands)
    friends = [c for c in state.combatants if c.in_fight() and c.side == me.side]
    spots = [] if me.weapons else [(e.position.x_ft, e.position.y_ft) for e in enemies]
    if group is not None:
        spots.insert(0, group[1])

    def throw_clear_of(band_ft: float) -> list[str]:
        for x, y in spots:
            if all(math.hypot(f.position.x_ft - x, f.position.y_ft - y) > band_ft for f in friends):
                return [f"{quoted(me.name)} throws {load} at {x:g},{y:g}"]
        return []

    step = figures().move_per_bmr_ap
    room = vitals(me).ap_left - step >= explosive_data().throw.ap_full
    # A step back takes only the thrower out of the band: no use when they stand clear of it.
    x, y = spots[0]
    in_band = math.hypot(me.position.x_ft - x, me.position.y_ft - y) <= bands.get("casualty", 0.0)
    return (
        throw_clear_of(bands.get("casualty", 0.0))
        or (_step(me, enemies[0], -stats.bmr_ft + 1.0) if room and in_band else [])
        or throw_clear_of(bands.get("kill", 0.0))
        or ([] if me.weapons else _step(me, enemies[0], -_reach(me)))
    )


def _gap(a: CombatantState, b: CombatantState) -> float:
    return math.hypot(a.position.x_ft - b.position.x_ft, a.position.y_ft - b.position.y_ft)


def _reach(me: CombatantState) -> float:
    """How far the AP left carry ``me`` (R-6: AP per BMR)."""
    # A foot short: the line's coordinates are rounded, and a step a hair past a whole BMR
    # costs another one.
    steps = vitals(me).ap_left // figures().move_per_bmr_ap
    return max(0.0, steps * rmu_stats(me).bmr_ft - 1.0)


def _step(me: CombatantState, toward: CombatantState, feet: float) -> list[str]:
    """A move ``feet`` toward ``toward`` (away when negative); nothing for no step."""
    dx = toward.position.x_ft - me.position.x_ft
    dy = toward.position.y_ft - me.position.y_ft
    gap = math.hypot(dx, dy)
    if feet == 0 or gap == 0:
        return []
    x, y = me.position.x_ft + dx * feet / gap, me.position.y_ft + dy * feet / gap
    return [f"{quoted(me.name)} moves {x:.1f},{y:.1f}"]


def _fangs(state: EncounterState, me: CombatantState, enemies: list[CombatantState]) -> list[str]:
    """DEC-540: a Kindred with no gun bites the nearest enemy in reach (RMU-BITE-1), else walks
    at them: as far as the AP left carry (R-6), to :data:`CLOSE_IN_FT` short of them; fangs
    lodged in an enemy feed (RMU-BITE-4), in someone down let go."""
    if me.weapons or not enemies:
        return []
    if rmu_stats(me).kindred is None:
        return []
    target = enemies[0]
    step = max(0.0, min(_reach(me), _gap(me, target) - CLOSE_IN_FT))
    who, whom = quoted(me.name), quoted(target.name)
    # RMU-BITE-3, RMU-BITE-4: fangs lodged in an enemy feed; lodged in someone down, let go.
    down = [quoted(c.name) for c in state.combatants if not c.can_act()]
    return [
        f"{who} feeds on {whom}",
        f"{who} bites {whom}",
        *(f"{who} lets go of {d}" for d in down),
        *_step(me, target, step),
    ]
