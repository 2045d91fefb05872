"""cpr's tactics for ``odds simulate`` (:mod:`firefight.scene.tactics`)."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from firefight.rulesets.cpr import cpr_data
from firefight.rulesets.cpr.fighter import CprFighter, fighter
from firefight.rulesets.cpr.tactic_moves import owed_move
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.tactics import enemies_by_distance, quoted
from firefight.units import metres_from_feet

__all__ = ["attack_lines", "can_still_harm", "sharp"]


def can_still_harm(c: CombatantState) -> bool:
    """DEC-540: a round loaded or carried for a gun (CPR-AMMO-1), or something left to throw
    (CPR-THR-1)."""
    # Asked before every turn: a plain loop, the figures read only for an empty magazine.
    for w in c.weapons:
        mag = w.loaded
        if mag is None or mag.rounds > 0 or fighter(c).kinds_carried(w.name):
            return True
    return False


def sharp(state: EncounterState, name: str) -> list[str]:
    """a grenade where two enemies share its square and no ally stands; else, at enemies who
    cannot dodge first, autofire (a full burst loaded in a gun that can), an aimed head shot
    past thicker body armor, two shots from a ROF 2 gun, one shot, as the rounds loaded allow;
    else reload; else let the turn pass (cpr has no waiting action); suppressed, the Move owed
    to cover first (DEC-671)"""
    enemies = enemies_by_distance(state, name)
    return [*owed_move(state, name), *attack_lines(state, name, enemies), f"{quoted(name)} reloads"]


def attack_lines(
    state: EncounterState,
    name: str,
    enemies: list[CombatantState],
    *,
    first: Callable[[CombatantState], bool] | None = None,
) -> list[str]:
    """:func:`sharp`'s grenade and attacks at ``enemies`` (nearest first): those ``first``
    picks (if given) before the rest, then those who cannot dodge before those who can."""
    data = cpr_data()
    me = quoted(name)
    # What the gun in hand can fire (C-5, CPR-ROF-1, CPR-AMMO-1): the rules refuse the rest
    # anyway, rolling nothing, so offering it only spent the time of building an attack to
    # refuse it.
    shooter = state.combatant(name)
    held = shooter.weapon()
    gun = data.weapon(held.kind) if held is not None else None
    loaded = held.loaded.rounds if held is not None and held.loaded is not None else None

    def holds(rounds: int) -> bool:
        return loaded is None or loaded >= rounds

    bullets = data.figures.autofire_bullets
    sprays = gun is not None and gun.can_autofire and holds(bullets)
    twice = gun is not None and gun.rof >= 2 and holds(2)
    lines = _grenade(state, shooter, enemies, data.figures.explosive_square_m)
    if not holds(1):
        return lines  # an empty gun: nobody to rank
    # CPR-DOD-1: a REF 8+ target who dodges is beaten only by out-rolling their dodge; the
    # others only have the range DV. The nearest first within each (a stable sort), each
    # enemy's figures read once for the rank and the lines.
    dodge_min_ref = data.figures.dodge_min_ref
    ranked: list[tuple[tuple[bool, bool], CombatantState, CprFighter]] = []
    for e in enemies:
        own = fighter(e)
        later = first is not None and not first(e)
        ranked.append(((later, own.dodges and own.ref >= dodge_min_ref), e, own))
    ranked.sort(key=_RANK)
    for _, e, own in ranked:
        them = quoted(e.name)
        if sprays:
            lines.append(f"{me} autofires at {them}")
        if own.head_sp < own.body_sp:
            # CPR-AIM-1: -8 to hit, but damage through the head armor doubles.
            lines.append(f"{me} shoots {them} --aim head")
        if twice:
            lines.append(f"{me} shoots {them} --twice")
        lines.append(f"{me} shoots {them}")
    return lines


_RANK = itemgetter(0)


def _grenade(
    state: EncounterState, me: CombatantState, enemies: list[CombatantState], side_m: float
) -> list[str]:
    """C-8: the blast fills a square; thrown between the two nearest enemies when both are in
    it and no able ally (the thrower included) is."""
    if len(enemies) < 2:
        return []
    things = [w.name for w in me.weapons if w.loaded is None]
    if not things:
        return []  # most turns: nothing to throw, so no square to work out
    a, b = enemies[0].position, enemies[1].position
    x, y = (a.x_ft + b.x_ft) / 2, (a.y_ft + b.y_ft) / 2
    half = side_m / 2

    def inside(c: CombatantState) -> bool:
        return (
            metres_from_feet(abs(c.position.x_ft - x)) <= half
            and metres_from_feet(abs(c.position.y_ft - y)) <= half
        )

    if not (inside(enemies[0]) and inside(enemies[1])):
        return []  # most turns: the allies are looked for only when the two enemies are close
    friends = [c for c in state.combatants if c.side == me.side and c.can_act()]
    if any(inside(f) for f in friends):
        return []
    at = f"{metres_from_feet(x):.1f},{metres_from_feet(y):.1f}"
    return [f"{quoted(me.name)} throws {quoted(t)} at {at}" for t in things]
