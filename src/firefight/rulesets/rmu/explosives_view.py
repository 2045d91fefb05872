"""The explosives in an rmu scene as the state table and the map show them: each live grenade
with its fuse, each cloud with the rounds it has left, each fire (RMU-EXP-9, RMU-EXP-13..16).

>>> from firefight.scene.state import ActiveCondition, EncounterState
>>> fuse = ActiveCondition(id="m67-1-1", kind="grenade", rounds_left=1,
...     data=(("load", "m67"), ("x_ft", 0.0), ("y_ft", 45.0), ("thrower", "Mara")))
>>> scene_lines(EncounterState(title="t", ruleset="rmu", round=2, conditions=(fuse,)))[0][-59:]
'thrown by Mara; goes off at the end of this round (round 2)'
"""

from __future__ import annotations

from firefight.geometry import Point
from firefight.rulesets.rmu.burning import BURNING
from firefight.rulesets.rmu.clouds import CLOUD, clouds_in
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.kindred_fire import still_burning
from firefight.rulesets.rmu.placement import landing_place
from firefight.scene.state import ActiveCondition, EncounterState
from firefight.scene.svg import Mark, Overlay, Ring
from firefight.wording import counted

__all__ = ["explosives_overlay", "scene_lines"]

GRENADE = "grenade"


def _at(k: ActiveCondition) -> Point:
    return Point(x_ft=float(str(k.get("x_ft"))), y_ft=float(str(k.get("y_ft"))))


def _goes_off(k: ActiveCondition, round_number: int) -> int | None:
    """The round at whose end the grenade goes off; None when it goes off now."""
    left = k.rounds_left or 0
    return round_number + left - 1 if left > 0 else None


def _fuse(k: ActiveCondition, round_number: int) -> str:
    last = _goes_off(k, round_number)
    if last is None:
        return "goes off now"
    when = "this round" if last == round_number else "the next round"
    return f"goes off at the end of {when} (round {last})"


def blasts_to_come(state: EncounterState) -> str | None:
    """The grenades in ``state``, a round just ended (its upkeep done, the next not begun),
    still to go off, for odds run no further (RMU-EXP-9): "the m67 goes off at the end of
    round 2, after these odds"; None when there is none."""
    # The fuses count from the round to come; one due goes off as this round closes, after
    # its upkeep, where the odds stop.
    told = [
        f"the {k.get('load')} goes off at the end of round "
        f"{_goes_off(k, state.round + 1) or state.round}"
        for k in state.conditions
        if k.kind == GRENADE
    ]
    return f"{'; '.join(told)}, after these odds" if told else None


def scene_lines(state: EncounterState) -> list[str]:
    """The lines under the state table: live grenades, clouds and fires."""
    lines = []
    for k in state.conditions:
        if k.kind == GRENADE:
            load = explosive_data().load(str(k.get("load")))
            at = _at(k)
            lines.append(
                f"live grenade {k.id}: {load.name} at {landing_place(at)}, thrown by "
                f"{k.get('thrower')}; {_fuse(k, state.round)}"
            )
        elif k.kind == CLOUD:
            load = explosive_data().load(str(k.get("load")))
            at = _at(k)
            # A cloud always counts its rounds down (RMU-EXP-15).
            left = counted(k.rounds_left or 0, "round")
            lines.append(
                f"cloud {k.id}: {load.name}, {k.get('radius_ft'):g} ft about "
                f"{landing_place(at)}, {left} left"
            )
        elif k.kind == BURNING:
            left = "until put out" if k.rounds_left is None else f"{k.rounds_left} more rounds"
            lines.append(f"on fire: {k.holder} ({left})")
    # A Kindred's fire is their sheet's, not a condition (V-5): listed here too, where the
    # GM looks for who is burning, or only a mortal set alight beside them was named.
    lines.extend(f"on fire: {c.name} (until put out)" for c in still_burning(state))
    return lines


def explosives_overlay(state: EncounterState) -> Overlay:
    """On the map: where each live grenade lies with its bands, and each cloud's extent."""
    rings: list[Ring] = []
    marks: list[Mark] = []
    for k in state.conditions:
        if k.kind != GRENADE:
            continue
        load = explosive_data().load(str(k.get("load")))
        at = _at(k)
        last = _goes_off(k, state.round)
        when = "now" if last is None else f"at the end of round {last}"
        marks.append(Mark(at=at, label=f"{k.id}: goes off {when}"))
        bands = load.bands_in(enclosed=k.get("enclosed") is True)
        named = bands or (("radius", load.radius_ft),)
        rings.extend(Ring(center=at, radius_ft=r, label=f"{load.key} {name} {r:g} ft")
                     for name, r in named)  # fmt: skip
    for cloud in clouds_in(state):
        rings.append(Ring(center=cloud.center, radius_ft=cloud.radius_ft, kind="cloud",
                          label=f"{cloud.load} cloud {cloud.radius_ft:g} ft"))  # fmt: skip
    return Overlay(rings=tuple(rings), marks=tuple(marks))
