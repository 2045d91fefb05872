"""cpr's tactics for ``odds simulate`` (:mod:`firefight.scene.tactics`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import itemgetter

from firefight.errors import RuleRefusal
from firefight.rulesets.cpr import cpr_data
from firefight.rulesets.cpr.checks import dodges_against
from firefight.rulesets.cpr.combatants import Target
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.encounter_build import dodge_of
from firefight.rulesets.cpr.fighter import CprFighter, fighter, health
from firefight.rulesets.cpr.ranges import DvTable
from firefight.rulesets.cpr.scene import metres_apart
from firefight.rulesets.cpr.tactic_moves import owed_move
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.tactics import enemies_of, quoted
from firefight.trace import QuietTraceBuilder
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


def sharp(state: EncounterState, name: str) -> Iterator[str]:
    """a grenade where two enemies share its square and no ally stands; else, at enemies who
    would keep their DV against the attack first (DEC-856), autofire (a full burst loaded in a
    gun that can), an aimed head shot past thicker body armor, two shots from a ROF 2 gun, one
    shot, as the rounds loaded allow; else reload; else let the turn pass (cpr has no waiting
    action); suppressed, the Move owed to cover first (DEC-671)"""
    # The fighter found once and handed down: each lookup by name scans the scene (some 1.1 K
    # instructions, two of them saved at each of some 43 turns a night-market fight).
    me = state.combatant(name)
    enemies = enemies_of(state, me)
    # Offered one by one: every line the rules took in 40 night-market fights (1,644) was the
    # first offered, so the lines behind it are never written, and the enemies are ranked by
    # who would dodge (some 60 K instructions with two) only once a grenade line is refused.
    yield from owed_move(state, me)
    yield from attack_lines(state, me, enemies)
    yield f"{quoted(name)} reloads"


def attack_lines(
    state: EncounterState,
    shooter: CombatantState,
    enemies: list[CombatantState],
    *,
    first: Callable[[CombatantState], bool] | None = None,
) -> Iterator[str]:
    """:func:`sharp`'s grenade and attacks by ``shooter`` at ``enemies`` (nearest first):
    those ``first`` picks (if given) before the rest, then those who would not dodge the
    attack offered first at them before those who would (DEC-856); one by one, as
    :func:`sharp` offers them."""
    data = cpr_data()
    me = quoted(shooter.name)
    # What the gun in hand can fire (C-5, CPR-ROF-1, CPR-AMMO-1): the rules refuse the rest
    # anyway, rolling nothing, so offering it only spent the time of building an attack to
    # refuse it.
    held = shooter.weapon()
    gun = data.weapon(held.kind) if held is not None else None
    loaded = held.loaded.rounds if held is not None and held.loaded is not None else None

    def holds(rounds: int) -> bool:
        return loaded is None or loaded >= rounds

    bullets = data.figures.autofire_bullets
    sprays = gun is not None and gun.can_autofire and holds(bullets)
    twice = gun is not None and gun.rof >= 2 and holds(2)
    yield from _grenade(state, shooter, enemies, data.figures.explosive_square_m)
    if not holds(1):
        return  # an empty gun: nobody to rank
    # CPR-DOD-1, DEC-867: a target who dodges does so where their dodge is likely to stand
    # higher than the DV, and is beaten only by out-rolling it; the others have only the DV
    # (DEC-856). Asked of the attack offered first at each: autofire's DV where the gun sprays,
    # else the range DV. The nearest first within each (a stable sort), each enemy's figures
    # read once for the rank and the lines; a lone enemy is ranked before nobody, so asked
    # nothing.
    table = data.autofire if sprays else data.ranges
    row = None if gun is None or len(enemies) < 2 else gun.autofire_row if sprays else gun.range_row
    ranked: list[tuple[tuple[bool, bool], CombatantState, CprFighter]] = []
    for e in enemies:
        own = fighter(e)
        later = first is not None and not first(e)
        ranked.append(((later, _would_dodge(state, shooter, e, own, table, row, data)), e, own))
    ranked.sort(key=_RANK)
    for _, e, own in ranked:
        them = quoted(e.name)
        if sprays:
            yield f"{me} autofires at {them}"
        if own.head_sp < own.body_sp:
            # CPR-AIM-1: -8 to hit, but damage through the head armor doubles.
            yield f"{me} shoots {them} --aim head"
        if twice:
            yield f"{me} shoots {them} --twice"
        yield f"{me} shoots {them}"


_RANK = itemgetter(0)
#: The tactic asks whether an enemy would dodge as the attack would, telling nobody.
_UNTOLD = QuietTraceBuilder()


def _would_dodge(
    state: EncounterState,
    shooter: CombatantState,
    enemy: CombatantState,
    own: CprFighter,
    table: DvTable,
    row: str | None,
    data: CprData,
) -> bool:
    """Whether ``enemy`` (``own``, their figures) would dodge an attack from ``shooter`` read
    on ``table``'s ``row``: the dodge they would declare (:func:`~.encounter_build.dodge_of`)
    taken where it is likely to beat the DV (:func:`~.checks.dodges_against`, DEC-867), as the
    attack itself decides. Nobody dodges what does not reach them, nor what no table reads (a
    thrown weapon in hand)."""
    if row is None:
        return False
    dodge = dodge_of(state, enemy, unseen=False, tb=_UNTOLD, data=data)
    if dodge is None:
        return False
    try:
        dv = table.read(row, metres_apart(shooter.position, enemy.position)).dv
    except RuleRefusal:
        return False
    # Of the target, the dodge reads only what weighs on them (C-9, C-4): no cover, SP or nerve.
    target = Target(name=enemy.name, health=health(enemy), injuries=own.injuries, dodge=dodge)
    return dodges_against(target, dv, _UNTOLD, data)


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
