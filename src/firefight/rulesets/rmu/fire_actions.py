"""The rmu firearm actions as encounter action lines (docs/scenarios.md, "Action lines").

:func:`~firefight.rulesets.rmu.encounter_actions.parse_rmu_action` reads the line
(:func:`firefight.scene.lines.read_line` finds the actor, the verb and the
``--options``); the verbs below are handed on to :func:`parse_fire_action`:

- ``prepares [rapid fire] [at TARGET] [--ap 2-4] [--with WEAPON] [--mod V:LABEL]...`` -- the
  preparation round of emptying the gun (RMU-RF-2, RMU-RF-3);
- ``empties [the gun] at TARGET [--with WEAPON] [--situation NAME]... [--mod V:LABEL]...``
  (also ``fires rapid at TARGET``, and ``keeps firing at TARGET`` for a running belt) -- the
  firing round, the round after the preparation (RMU-RF-5, RMU-RF-6, F-6);
- ``sweeps DIST ft out, WIDTH ft wide [toward NAME | at X,Y] [--extra N] [--ap 2-4]
  [--bearing DEG] [--dive NAME]... [--stand NAME]... [--with WEAPON] [--mod V:LABEL]...`` --
  a suppression sweep (RMU-SUP-1..10); ``WIDTH ft wide at DIST ft`` and ``--distance`` /
  ``--width`` say the same thing (DEC-550);
- ``dashes [to cover] BARRIER [--at X,Y] [--from NAME] [--fire none|under-fire|suppressed]
  [--bonus N] [--mod V:LABEL]...`` -- moving to cover (RMU-MOV-1, RMU-MOV-2);
- ``clears [WEAPON] [--ap N]`` -- clearing a malfunction (RMU-RF-13).

This module knows nothing of the rules: it reads words into actions.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from firefight.errors import RuleRefusal
from firefight.fuzzy import hint
from firefight.geometry import Point
from firefight.limits import MAX_COORDINATE_FT, finite
from firefight.scene.actions import Action
from firefight.scene.lines import Line, OptionKind, one_name, option_point, read_point
from firefight.scene.state import EncounterState
from firefight.trace import Modifier

__all__ = [
    "ACTIONS_RULE",
    "FIRE_OPTIONS",
    "FIRE_VERBS",
    "MOD_EXAMPLE",
    "ClearJam",
    "DashToCover",
    "EmptyGun",
    "FireLevel",
    "PrepareRapidFire",
    "Sweep",
    "parse_fire_action",
    "weapon_named",
]

#: The rule unknown verbs and malformed lines are refused under: the actions rmu knows.
ACTIONS_RULE = "R-6"

#: A GM's modifier on rmu's d100 scale, for the refusal of a malformed ``--mod``.
MOD_EXAMPLE = "+10:muzzle flash"

FireLevel = Literal["none", "under-fire", "suppressed"]
_LEVELS: dict[str, FireLevel] = {
    "none": "none",
    "under-fire": "under-fire",
    "suppressed": "suppressed",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class PrepareRapidFire(Action):
    target: str | None = None
    weapon: str | None = None
    ap: int = 4
    mods: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class EmptyGun(Action):
    target: str
    weapon: str | None = None
    situational: tuple[str, ...] = ()
    mods: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Sweep(Action):
    """``toward`` (a name) or ``toward_point`` aims the sweep and, with no distance given,
    sets it; else ``bearing_deg``; else the way the shooter faces."""

    width_ft: float
    distance_ft: float | None = None
    toward: str | None = None
    toward_point: Point | None = None
    bearing_deg: float | None = None
    extra_rounds: int = 0
    ap: int = 4
    weapon: str | None = None
    dive: tuple[str, ...] = ()
    stand: tuple[str, ...] = ()
    mods: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DashToCover(Action):
    """``grenade``: dashing from a live grenade (its id, or ``"grenade"`` for the nearest)
    rather than from a gun (RMU-EXP-11)."""

    barrier: str
    spot: Point | None = None
    threat: str | None = None
    grenade: str | None = None
    fire: FireLevel | None = None
    bonus: int | None = None
    mods: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ClearJam(Action):
    weapon: str | None = None
    ap: int | None = None


FIRE_VERBS: dict[str, str] = {
    "prepares": "prepares",
    "prepare": "prepares",
    "empties": "empties",
    "empty": "empties",
    "keeps": "empties",
    "keep": "empties",
    "sweeps": "sweeps",
    "sweep": "sweeps",
    "suppresses": "sweeps",
    "dashes": "dashes",
    "dash": "dashes",
    "clears": "clears",
    "clear": "clears",
}
FIRE_OPTIONS: dict[str, Mapping[str, OptionKind]] = {
    "prepares": {"ap": "int", "with": "str", "mod": "many"},
    "empties": {"with": "str", "situation": "many", "mod": "many"},
    "sweeps": {
        "distance": "str",
        "width": "str",
        "bearing": "str",
        "extra": "int",
        "ap": "int",
        "with": "str",
        "dive": "many",
        "stand": "many",
        "mod": "many",
    },
    "dashes": {"at": "str", "from": "str", "fire": "str", "bonus": "int", "mod": "many"},
    "clears": {"ap": "int", "with": "str"},
}

_FILLER = {"the", "gun", "magazine", "belt", "rapid", "fire", "firing", "his", "her", "their"}


def _refuse(reason: str) -> RuleRefusal:
    return RuleRefusal(ACTIONS_RULE, reason)


def _feet(name: str, text: str) -> float:
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(?:ft|feet|')?", text.strip().lower())
    if match is None:
        raise _refuse(f"{name} takes feet, e.g. 30 or '30 ft', not {text!r}.")
    return finite(name, float(match.group(1)), MAX_COORDINATE_FT)


def weapon_named(line: Line, words: Sequence[str]) -> str | None:
    """The weapon a line names, after its verb (``words``) or by ``--with``, not both: one of
    them would be dropped unread (DEC-775)."""
    said = " ".join(words) or None
    given = line.first("with")
    if said is not None and given is not None:
        raise _refuse(
            f"'{line.verb}' names its weapon once, after the verb or with --with: "
            f"{said!r} and {given!r} both are."
        )
    return said or given


def _name(words: Sequence[str], state: EncounterState, what: str) -> str:
    return one_name(words, state, what=what, rule=ACTIONS_RULE)


def _point(text: str) -> Point | None:
    point = read_point(text)
    return Point(x_ft=point[0], y_ft=point[1]) if point is not None else None


def _names(values: Sequence[str], state: EncounterState) -> tuple[str, ...]:
    return tuple(_name(v.split(), state, "--dive / --stand") for v in values)


def _barrier(words: Sequence[str], state: EncounterState) -> str:
    wanted = " ".join(words).strip()
    if not wanted:
        raise _refuse("'dashes' names the cover to reach, e.g. 'Mara dashes to cover crates'.")
    by_name = {b.name.lower(): b.name for b in state.barriers}
    if wanted.lower() in by_name:
        return by_name[wanted.lower()]
    names = [b.name for b in state.barriers]
    said = hint(wanted, names, listing="the scene has") if names else "the scene has no barriers."
    raise _refuse(f"No barrier called {wanted!r}; {said}")


def _split_at(words: Sequence[str], keywords: set[str]) -> tuple[list[str], list[str] | None]:
    """The words before the first keyword, and those after it (None with no keyword)."""
    for i, w in enumerate(words):
        if w.lower() in keywords:
            return list(words[:i]), list(words[i + 1 :])
    return list(words), None


_NUMBER = re.compile(r"(\d+(?:\.\d+)?)(?:ft|feet|')?")


def _distance_after_at(words: Sequence[str]) -> list[str]:
    """``at 60 ft`` rewritten as ``60 out``: an ``at`` before a lone number gives the distance,
    where ``at X,Y`` (two numbers) still names the spot to sweep toward.

    >>> _distance_after_at("30 wide at 60 at 10,20".split())
    ['30', 'wide', '60', 'out', 'at', '10,20']
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        ahead = words[i + 1] if i + 1 < len(words) else ""
        after = words[i + 2].lower() if i + 2 < len(words) else ""
        if (
            words[i].lower() == "at"
            and _NUMBER.fullmatch(ahead.lower())
            and not _NUMBER.fullmatch(after.rstrip(","))
        ):
            out += [ahead, "out"]
            i += 2
            continue
        out.append(words[i])
        i += 1
    return out


def _sweep_numbers(words: Sequence[str]) -> tuple[float | None, float | None, list[str]]:
    """Distance and width from words like ``60 ft out, 30 ft wide`` or ``30 ft wide at 60 ft``.

    ``out`` (or ``far``) marks the number right before it as the distance, else the one right
    after it, and ``at`` the number right after it; then ``wide`` marks the number right after
    it as the width, else the one right before it; a number left unmarked is the distance.
    Returns (distance, width, the words that are not numbers or units).

    The old order ``60 ft wide 30 ft`` (60 ft out, 30 ft across) still reads as it always did,
    for the saved logs that replay by reading their lines again (DEC-550).

    >>> _sweep_numbers("60 ft out, 30 ft wide".split())[:2]
    (60.0, 30.0)
    >>> _sweep_numbers("30 ft wide at 60 ft".split())[:2], _sweep_numbers("60 wide 30".split())[:2]
    ((60.0, 30.0), (60.0, 30.0))
    """
    tokens: list[tuple[str, float | None]] = []
    for w in _distance_after_at(words):
        low = w.lower().rstrip(",")
        match = _NUMBER.fullmatch(low)
        if match:
            tokens.append(
                ("number", finite("a distance", float(match.group(1)), MAX_COORDINATE_FT))
            )
        elif low in ("ft", "feet", "'"):
            continue
        elif low in ("wide", "across"):
            tokens.append(("wide", None))
        elif low in ("out", "far", "deep"):
            tokens.append(("out", None))
        else:
            tokens.append((w, None))
    roles: dict[int, str] = {}

    def free(i: int) -> bool:
        return 0 <= i < len(tokens) and tokens[i][0] == "number" and i not in roles

    def bind(keyword: str, role: str, first: int) -> None:
        for i, (kind, _) in enumerate(tokens):
            if kind == keyword:
                near = next((j for j in (i + first, i - first) if free(j)), None)
                if near is not None:
                    roles[near] = role

    bind("out", "distance", -1)
    bind("wide", "width", +1)
    distance: float | None = None
    width: float | None = None
    rest: list[str] = []
    for i, (kind, value) in enumerate(tokens):
        if kind == "number":
            role = roles.get(i, "distance")
            if role == "width":
                if width is not None:
                    raise _refuse("'sweeps' takes one width.")
                width = value
            else:
                if distance is not None:
                    raise _refuse(
                        "'sweeps' takes one distance and one width, e.g. 'sweeps 60 ft out, "
                        "30 ft wide'."
                    )
                distance = value
        elif kind not in ("wide", "out"):
            rest.append(kind)
    return distance, width, rest


def _parse_sweep(base: Mapping[str, Any], line: Line, state: EncounterState) -> Sweep:
    before, aim = _split_at(_distance_after_at(line.words), {"toward", "towards", "at", "on"})
    distance, width, left = _sweep_numbers(before)
    if left:
        raise _refuse(
            f"'sweeps' reads {' '.join(left)!r} as nothing it knows; say how far and how wide, "
            "e.g. 'sweeps 60 ft out, 30 ft wide toward Mara'."
        )
    given = line.first("distance")
    if given is not None:
        distance = _feet("--distance", given)
    given = line.first("width")
    if given is not None:
        width = _feet("--width", given)
    toward: str | None = None
    toward_point: Point | None = None
    if aim is not None:
        if not aim:
            raise _refuse("'sweeps ... toward' needs a name or X,Y after it.")
        toward_point = _point(" ".join(aim))
        if toward_point is None:
            toward = _name(aim, state, "'sweeps ... toward'")
    if width is None:
        raise _refuse(
            "'sweeps' needs the width of the ground, e.g. 'sweeps 60 ft out, 30 ft wide' "
            "or 'sweeps 30 ft wide toward Mara'."
        )
    if distance is None and aim is None:
        raise _refuse(
            "'sweeps' needs how far out the ground is, or a person or X,Y to sweep toward."
        )
    bearing: float | None = None
    given = line.first("bearing")
    if given is not None:
        try:
            bearing = float(given)
        except ValueError:
            raise _refuse(f"--bearing takes degrees, not {given!r}.") from None
    dive = _names(line.options.get("dive", ()), state)
    stand = _names(line.options.get("stand", ()), state)
    both = set(dive) & set(stand)
    if both:
        raise _refuse(f"{', '.join(sorted(both))} cannot both dive and stand.")
    return Sweep(
        **base,
        width_ft=width,
        distance_ft=distance,
        toward=toward,
        toward_point=toward_point,
        bearing_deg=bearing,
        extra_rounds=line.number("extra", 0, ACTIONS_RULE),
        ap=line.number("ap", 4, ACTIONS_RULE),
        weapon=line.first("with"),
        dive=dive,
        stand=stand,
        mods=line.mods(ACTIONS_RULE, example=MOD_EXAMPLE),
    )


def _grenade(text: str | None, state: EncounterState) -> str | None:
    """``--from grenade`` or ``--from ID`` naming a live grenade (RMU-EXP-11), else None (a
    person). With grenades live, a word that is neither one nor anyone is refused naming both,
    so a load typed for an id (``--from m84``) is not answered as a person missing."""
    if text is None:
        return None
    wanted = text.strip()
    if wanted.lower() == "grenade":
        return "grenade"
    found = state.condition(wanted.lower())
    if found is not None and found.kind == "grenade":
        return found.id
    live = [k.id for k in state.conditions if k.kind == "grenade"]
    if live and state.find(wanted) is None:
        raise RuleRefusal(
            "RMU-EXP-11",
            f"--from {wanted!r} is no live grenade and nobody in the scene: run from 'grenade' "
            f"(the nearest seen to land), a grenade by its id ({', '.join(live)}) or someone "
            f"({', '.join(state.names)}).",
        )
    return None


def parse_fire_action(line: Line, state: EncounterState) -> Action:
    """The action for one of the verbs of :data:`FIRE_OPTIONS`, from the line read."""
    verb, positional = line.verb, line.words
    base = {"actor": line.actor, "verb": verb, "text": line.text}
    mods = line.mods(ACTIONS_RULE, example=MOD_EXAMPLE)
    if verb == "prepares":
        words = [w for w in positional if w.lower() not in _FILLER | {"to", "empty"}]
        _, after = _split_at(words, {"at"})
        target = _name(after, state, "'prepares ... at'") if after else None
        if after is None and words:
            raise _refuse(
                f"'prepares' reads {' '.join(words)!r} as nothing it knows; e.g. 'Vik prepares "
                "rapid fire at Mara --ap 3'."
            )
        return PrepareRapidFire(
            **base,
            target=target,
            weapon=line.first("with"),
            ap=line.number("ap", 4, ACTIONS_RULE),
            mods=mods,
        )
    if verb == "empties":
        before, after = _split_at(positional, {"at", "into"})
        weapon_words = [w for w in before if w.lower() not in _FILLER]
        target_words = after if after is not None else weapon_words
        if after is None:
            weapon_words = []
        if not target_words:
            raise _refuse("'empties' needs someone to aim at, e.g. 'Vik empties the gun at Mara'.")
        weapon = weapon_named(line, weapon_words)
        return EmptyGun(
            **base,
            target=_name(target_words, state, "'empties ... at'"),
            weapon=weapon,
            situational=line.options.get("situation", ()),
            mods=mods,
        )
    if verb == "sweeps":
        return _parse_sweep(base, line, state)
    if verb == "dashes":
        words = [w for w in positional if w.lower() not in ("to", "cover", "behind", "the", "for")]
        at = line.first("at")
        spot: Point | None = None
        if at is not None:
            x, y = option_point([at], what="--at", unit="feet", rule=ACTIONS_RULE)
            spot = Point(x_ft=x, y_ft=y)
        fire_text = line.first("fire")
        if fire_text is not None and fire_text not in _LEVELS:
            raise _refuse(f"--fire is none, under-fire or suppressed, not {fire_text!r}.")
        threat = line.first("from")
        grenade = _grenade(threat, state)
        return DashToCover(
            **base,
            barrier=_barrier(words, state),
            spot=spot,
            threat=_name(threat.split(), state, "--from") if threat and not grenade else None,
            grenade=grenade,
            fire=_LEVELS[fire_text] if fire_text is not None else None,
            bonus=line.number("bonus", None, ACTIONS_RULE),
            mods=mods,
        )
    if verb == "clears":
        words = [w for w in positional if w.lower() not in ("the", "jam", "a", "stoppage")]
        weapon = weapon_named(line, words)
        return ClearJam(**base, weapon=weapon, ap=line.number("ap", None, ACTIONS_RULE))
    raise _refuse(f"rmu knows no firearm action {verb!r}.")
