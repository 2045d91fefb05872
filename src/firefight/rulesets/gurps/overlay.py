"""What a gurps action being declared looks like on the map (:mod:`firefight.scene.svg`): a
shot's line of fire, from where the attack's move leaves the shooter (All-Out Attack, Move and
Attack), with the cover its target has (the scene's, or the line's own: DEC-632) and whether
it is a pop-up attack (DEC-633), dashed and naming them when people interfere with it
(GUR-WRONG-1); a Wait placed with ``--at``, and every one standing in the scene, as the ground
it watches (GUR-OPP-1, DEC-774)."""

from __future__ import annotations

from firefight.errors import RuleRefusal
from firefight.geometry import Point, distance_ft
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.gurps.firing import ATTACKS, attack_advance
from firefight.rulesets.gurps.line_of_fire import in_the_way
from firefight.rulesets.gurps.opportunity import watched_area
from firefight.rulesets.gurps.ranges import yards_from_feet
from firefight.rulesets.gurps.scene_cover import cover_named, rising_over, scene_cover
from firefight.rulesets.gurps.setup import opportunity_modifier, watched_words
from firefight.rulesets.gurps.turn_events import GurpsAction
from firefight.scene.actions import Action
from firefight.scene.lines import option_point
from firefight.scene.points import scene_point
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.svg import FireLine, Mark, Overlay, Ring

__all__ = ["gurps_overlay", "watch_overlay"]


def _watched(c: CombatantState, watch: str, at: Point) -> Overlay:
    """The ground ``c`` watches: hexes as the disc they cover; a line or a cone, which run out
    to the weapon's Max (too far to draw), as a mark where they point."""
    opportunity_modifier(watch, DATA)  # refuses what is no area, as the Wait does
    area = watched_area(c, watch, at)
    if area.kind == "hexes":
        label = f"{c.name} watches {watched_words(watch)} (GUR-OPP-1)"
        return Overlay(rings=(Ring(center=at, radius_ft=area.radius_ft, label=label),))
    return Overlay(marks=(Mark(at=at, label=f"{c.name} watches {watched_words(watch)} this way"),))


def watch_overlay(state: EncounterState) -> Overlay:
    """Every Wait placed in the scene: what a mover walking in is fired at from."""
    shapes = Overlay()
    for c in state.combatants:
        s = gurps_stats(c)
        if s.watching is not None and s.watch_at is not None and c.can_act():
            at = scene_point(s.watch_at[0], s.watch_at[1], "ft")
            shapes = shapes.plus(_watched(c, s.watching, at))
    return shapes


def gurps_overlay(state: EncounterState, action: Action) -> Overlay:
    """The shapes of ``action`` in ``state``; nothing for an action that fires at nobody."""
    if isinstance(action, GurpsAction) and action.verb == "waits":
        options = dict(action.options)
        if "at" not in options:
            return Overlay()
        x, y = option_point(options["at"], what="--at", unit="ft")
        watch = (options.get("watch") or ("1",))[0]
        return _watched(state.combatant(action.actor), watch, scene_point(x, y, "ft"))
    if not isinstance(action, GurpsAction) or action.verb not in ATTACKS or not action.target:
        return Overlay()
    shooter = state.combatant(action.actor)
    try:
        went = attack_advance(shooter, action)
    except RuleRefusal:
        went = None  # a move the maneuver refuses: drawn from where they stand
    if went is not None:
        shooter = went.mover
        state = state.with_combatant(shooter)
    target = state.combatant(action.target)
    way = in_the_way(state, shooter, target, burst=False)
    yards = yards_from_feet(distance_ft(shooter.position, target.position))
    label = f"{shooter.name} at {target.name}, {yards:.0f} yd"
    # The line's own cover (the GM's word) is the one its shot takes (DEC-632).
    given = tuple(dict(action.options).get("mods", ()))
    try:
        cover = cover_named(given) or scene_cover(state, shooter, target)[0]
        pop_up = rising_over(state, shooter, target) is not None
    except RuleRefusal:
        label += ", out of sight"
    else:
        if cover is not None:
            entry = DATA.modifiers[cover]
            label += f", {entry.label} ({entry.value:+d})"
        if pop_up:
            label += ", a pop-up attack (DEC-633)"
    if way.interfering:
        label += ": in the way " + ", ".join(c.name for c in way.interfering)
    line = FireLine(
        start=shooter.position, end=target.position, label=label, blocked=bool(way.interfering)
    )
    return Overlay(lines=(line,))
