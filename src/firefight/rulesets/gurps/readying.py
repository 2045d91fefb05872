"""Readying in an encounter (GUR-RELOAD-1): a reload that runs its seconds across turns and a
weapon drawn, with or without Fast-Draw (DEC-397, DEC-398)."""

from __future__ import annotations

from collections.abc import Mapping

from firefight.declarations import declare
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import replace
from firefight.outcome import Happened, Outcome
from firefight.rulesets.gurps.draw import Draw, resolve_draw
from firefight.rulesets.gurps.encounter_model import carried_weapon, gurps_stats
from firefight.rulesets.gurps.readying_results import DrawResult, ReloadResult, reload_words
from firefight.rulesets.gurps.reload import Reload, resolve_reload
from firefight.rulesets.gurps.turn_events import GurpsAction, GurpsDrew, GurpsManeuver, announced
from firefight.scene.events import Reloaded
from firefight.scene.state import CombatantState

__all__ = ["draw_maneuver", "reload_maneuver"]


def fast_draw_level(
    c: CombatantState, name: str, opts: Mapping[str, tuple[str, ...]]
) -> int | None:
    if "fast-draw" not in opts:
        return None
    level = gurps_stats(c).fast_draw(name)
    if level is None:
        raise RuleRefusal("GUR-RELOAD-1", f"{c.name} has no Fast-Draw skill for the {name}.")
    return level


def reload_maneuver(
    c: CombatantState, action: GurpsAction, dice: Dice
) -> Outcome[ReloadResult | Happened]:
    """Ready: a reload takes its seconds across turns and loads when they are over; any other
    maneuver in between abandons it (GUR-RELOAD-1, DEC-397)."""
    stats = gurps_stats(c)
    name, kind = carried_weapon(c, action.weapon)
    if stats.busy and stats.reloading == name:
        return announced(
            GurpsManeuver(actor=c.name, maneuver="ready", busy=stats.busy, reloading=name),
            f"{c.name} keeps reloading the {name} ({stats.busy} s more).",
        )
    carried = c.weapon(name)
    assert carried is not None and carried.loaded is not None
    if carried.loaded.rounds >= carried.loaded.capacity:
        raise RuleRefusal(
            "GUR-RELOAD-1",
            f"{c.name}'s {name} is full ({carried.loaded.rounds}/{carried.loaded.capacity}): "
            "there is nothing to reload.",
        )
    counted = name in stats.counted_reloads
    if counted and carried.spare_with_rounds() is None:
        # DEC-906: the loads taken out empty are carried, not loaded again.
        raise RuleRefusal(
            "GUR-RELOAD-1", f"{c.name} has no reload left for the {name}: every spare is spent."
        )
    opts = dict(action.options)
    out = resolve_reload(
        declare(
            Reload,
            weapon=kind,
            st=stats.st,
            skill=stats.skill(name),
            fast_draw=fast_draw_level(c, name, opts),
            random_arrow="random-arrow" in opts,
            # Only the spent rounds go into a cylinder or tube (DEC-785).
            rounds=carried.loaded.capacity - carried.loaded.rounds,
        ),
        dice,
    )
    # The resolver's headline names the catalog's weapon and nobody: at the table it says who,
    # and the gun as the scene names it.
    result = out.result
    verb = "starts reloading" if result.seconds > 1 else "reloads"
    said = reload_words(result.seconds, result.loaded)
    done = replace(result, headline=f"{c.name} {verb} the {name}: {said}")
    out = Outcome(events=out.events, trace=out.trace, result=done)
    seconds = done.seconds
    if seconds > 1:
        ready = GurpsManeuver(
            actor=c.name,
            maneuver="ready",
            busy=seconds - 1,
            reloading=name if done.loaded else None,
        )
        return Outcome(events=(ready,), trace=out.trace, result=out.result)
    events: list[Event] = [GurpsManeuver(actor=c.name, maneuver="ready")]
    if done.loaded and counted:
        spare = carried.spare_with_rounds()
        assert spare is not None  # checked above
        events.append(Reloaded(actor=c.name, weapon=name, spare=spare))
    elif done.loaded:
        events.append(
            RoundsFired(
                actor=c.name, weapon=name, rounds=carried.loaded.rounds - carried.loaded.capacity
            )
        )
    return Outcome(events=tuple(events), trace=out.trace, result=out.result)


def draw_maneuver(c: CombatantState, action: GurpsAction, dice: Dice) -> Outcome[DrawResult]:
    """Ready a weapon into the hand: a made Fast-Draw roll costs no maneuver, a failed one or
    none a Ready, a critical failure drops it (GUR-RELOAD-1)."""
    name, kind = carried_weapon(c, action.weapon)
    if gurps_stats(c).in_hand == name:
        raise RuleRefusal("GUR-RELOAD-1", f"{c.name}'s {name} is in hand already.")
    level = fast_draw_level(c, name, dict(action.options))
    out = resolve_draw(declare(Draw, weapon=kind, fast_draw=level), dice)
    drew = GurpsDrew(actor=c.name, weapon=name, ready=out.result.ready)
    if out.result.seconds == 0:
        return Outcome(events=(drew,), trace=out.trace, result=out.result)
    events = (GurpsManeuver(actor=c.name, maneuver="ready"), drew)
    return Outcome(events=events, trace=out.trace, result=out.result)
