"""Reloading (GUR-RELOAD-1, GUR-GUN-1, GUR-ARROW-1): seconds to ready a sling, a bow or a
crossbow (by its ST against the user's), a turn more to choose from a mixed quiver (three in
all for a bow, DEC-725), a bowman's skill roll
to shoot faster (a second off per 3 points made by, 1 second at least), and black-powder
loading: the weapon's load time, a Black Powder Weapons roll to load at all, a second off per
point made by (10 on a critical success), never under half; too-coarse powder makes loads 50%
longer after three shots. A firearm with a magazine or power cell takes its
``reload_seconds`` whatever is left in it; one with a cylinder, tube or internal magazine
takes them to open and close it plus ``reload_seconds_a_round`` for each round put in
(provisional 3e figures, DEC-785). Fast-Draw (a provisional 3e figure: 002 says only
that it speeds reloading) takes a second off a made roll, 1 s at least, and a second more on a
critical failure (the arrow or magazine is dropped, DEC-398); it cannot be used from a mixed
quiver unless the archer draws at random, which spares the turn of choosing (GUR-ARROW-1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firefight.declarations import param
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome
from firefight.rulesets.gurps.data import DATA, Weapon, weapon_keys
from firefight.rulesets.gurps.readying_results import ReloadResult, reload_words
from firefight.rulesets.gurps.rolls import DiceRoller
from firefight.rulesets.gurps.success import judge
from firefight.trace import TraceBuilder

__all__ = ["RULE", "Reload", "resolve_reload"]

RULE = "GUR-RELOAD-1"


@dataclass(frozen=True, slots=True, kw_only=True)
class Reload:
    """Readying a missile weapon or loading a black-powder gun."""

    weapon: str = param(help="Weapon (catalog key).", choices=weapon_keys, rule=RULE)
    st: int = param(10, help="The loader's ST.", low=3, high=30, rule=RULE)
    weapon_st: int | None = param(None, help="The crossbow's ST.", low=3, high=40, rule=RULE)
    skill: int | None = param(
        None,
        help="Bow skill (to shoot faster) or Black Powder Weapons skill (to load).",
        low=1,
        high=30,
        rule=RULE,
    )
    mixed_quiver: bool = param(
        False, help="Arrows of several kinds in the quiver.", rule="GUR-ARROW-1"
    )
    powder: str = param(
        "normal", help="Black powder grade.", choices=("normal", "coarse", "fine"), rule=RULE
    )
    shots_fired: int = param(0, help="Shots fired since cleaning.", low=0, high=200, rule=RULE)
    fast_draw: int | None = param(
        None, help="Fast-Draw skill to speed the reload (a second off).", low=1, high=30, rule=RULE
    )
    random_arrow: bool = param(
        False, help="Draw from a mixed quiver at random (Fast-Draw allowed).", rule="GUR-ARROW-1"
    )
    rounds: int | None = param(
        None,
        help="Rounds put into a cylinder, tube or internal magazine (none: all it holds).",
        low=1,
        high=200,
        rule=RULE,
    )


def _muscle(reload: Reload, weapon: Weapon) -> tuple[int, str]:
    r = DATA.house.reload
    if weapon.kind == "crossbow":
        over = (reload.weapon_st or reload.st) - reload.st
        if over > r.crossbow_heavy_st_over:
            raise RuleRefusal(
                RULE, f"A crossbow {over} ST above the user's cannot be cocked by hand."
            )
        return (r.crossbow if over <= 0 else r.crossbow_heavy), "crossbow"
    if weapon.kind == "bow":
        return r.bow, "bow"
    if weapon.kind == "sling":
        return r.sling, "sling"
    raise RuleRefusal(RULE, f"A {weapon.name} is not reloaded this way.")


def _fast_draw(reload: Reload, seconds: int, roller: DiceRoller, trace: TraceBuilder) -> int:
    """The reload's seconds after a Fast-Draw roll, if one is made (GUR-RELOAD-1)."""
    if reload.fast_draw is None:
        return seconds
    rules = DATA.core.fast_draw
    verdict = judge(roller.sum(3, "Fast-Draw"), reload.fast_draw, DATA.core.success)
    trace.step(f"Fast-Draw {verdict.roll} against {reload.fast_draw}: {verdict.result}", rule=RULE)
    if verdict.success:
        return max(rules.minimum_reload, seconds - rules.reload_saving)
    if verdict.critical:
        trace.step("dropped: a second more to draw another", rule=RULE)
        return seconds + rules.ready_seconds
    return seconds


def _firearm_seconds(reload: Reload, weapon: Weapon, trace: TraceBuilder) -> int:
    """A magazine's seconds however many rounds are left in it; a weapon loaded a round at a
    time takes its seconds to open and close it plus its seconds a round for each round put in,
    so only the spent ones cost time (GUR-RELOAD-1, DEC-785)."""
    assert weapon.reload_seconds is not None
    per_round = weapon.reload_seconds_a_round
    if not per_round:
        return weapon.reload_seconds
    rounds = weapon.shots if reload.rounds is None else reload.rounds
    seconds = weapon.reload_seconds + rounds * per_round
    trace.step(
        f"{rounds} of {weapon.shots} rounds put in one at a time: {rounds} x {per_round} s, "
        f"+{weapon.reload_seconds} s to open and close it",
        rule=RULE,
    )
    return seconds


def resolve_reload(reload: Reload, dice: Dice) -> Outcome[ReloadResult]:
    weapon = DATA.weapon(reload.weapon)
    if reload.rounds is not None and reload.rounds > weapon.shots:
        raise RuleRefusal(
            RULE,
            f"A {weapon.name} holds {weapon.shots} rounds: {reload.rounds} cannot be put in.",
        )
    if not weapon.reloadable:
        raise RuleRefusal(RULE, f"A {weapon.name} is not reloaded: it is thrown or drawn anew.")
    trace = TraceBuilder()
    roller = DiceRoller(dice, trace)
    r = DATA.house.reload
    loaded = True
    if weapon.black_powder:
        assert weapon.load_seconds is not None
        if reload.fast_draw is not None:
            raise RuleRefusal(RULE, "Fast-Draw does not speed loading loose powder and ball.")
        seconds = float(weapon.load_seconds)
        if reload.powder == "coarse" and reload.shots_fired >= r.coarse_fouling_after_shots:
            seconds *= r.coarse_reload_multiplier
            trace.step("fouled by coarse powder: 50% longer", rule=RULE)
        if reload.skill is None:
            raise RuleRefusal(
                RULE, "Loading black powder takes a Black Powder Weapons roll: give --skill."
            )
        verdict = judge(roller.sum(3, "Black Powder Weapons"), reload.skill, DATA.core.success)
        trace.step(
            f"Black Powder Weapons {verdict.roll} against {reload.skill}: {verdict.result}",
            rule=RULE,
        )
        loaded = verdict.success
        if verdict.success:
            saving = r.black_powder_critical_saving if verdict.critical else verdict.margin
            seconds = max(seconds / 2, seconds - saving)
        seconds = math.ceil(seconds)
    elif weapon.muscle_powered and weapon.kind != "thrown":
        base, kind = _muscle(reload, weapon)
        seconds = base
        if reload.mixed_quiver and kind in ("bow", "crossbow"):
            if reload.random_arrow:
                trace.step("a mixed quiver drawn at random: no turn to choose", rule="GUR-ARROW-1")
            else:
                if reload.fast_draw is not None:
                    raise RuleRefusal(
                        "GUR-ARROW-1",
                        "Fast-Draw cannot pick the right arrow from a mixed quiver; draw at "
                        "random (--random-arrow) or reload without it.",
                    )
                seconds += r.mixed_quiver_choosing
                trace.step("a mixed quiver: a turn to pick the arrow", rule="GUR-ARROW-1")
        if kind == "bow" and reload.skill is not None:
            verdict = judge(
                roller.sum(3, "Bow skill to shoot faster"), reload.skill, DATA.core.success
            )
            if verdict.success:
                faster = verdict.margin // r.bow_faster_points_per_second
                seconds = max(r.bow_faster_minimum, seconds - faster)
            trace.step(
                f"Bow {verdict.roll} against {reload.skill}: {verdict.result}", rule="GUR-ARROW-1"
            )
        seconds = _fast_draw(reload, seconds, roller, trace)
    else:  # a gun with its reload seconds, as it is reloadable
        seconds = _fast_draw(reload, _firearm_seconds(reload, weapon, trace), roller, trace)
    # The shot takes the second after the reload: a one-shot weapon's cycle, and for one that
    # holds more, when it fires again.
    fire_every = seconds + 1
    trace.step(f"{seconds:g} s to reload; it fires again on second {fire_every:g}", rule=RULE)
    result = ReloadResult(
        seconds=seconds,
        fire_every=fire_every,
        loaded=loaded,
        headline=f"{weapon.name}: {reload_words(seconds, loaded)}",
    )
    return Outcome(events=(), trace=trace.build(), result=result)
