"""rmu actions in encounters, parsed from a line such as ``"Mara shoots Viktor --ap 3 --prepared"``.

The line is split like a shell line (quotes keep a name with spaces together, though names are
also matched greedily: ``Big Sal shoots Mara`` works). The first words name the actor, then comes
the verb, then what the verb needs, then ``--options``:

- ``shoots TARGET [--ap N] [--prepared] [--with WEAPON] [--situation NAME]... [--mod V:LABEL]...``
  -- an aimed shot (RMU-GEN-1, RMU-GEN-3; 1-3 AP, +1 to prepare);
- ``reloads [WEAPON] [--ammo TYPE]`` -- draw ammunition and load, 1 AP (RULINGS R-6);
- ``moves [to] X,Y`` -- ordinary movement, 1 AP per BMR or part of one (R-6);
- ``drops-prone`` / ``stands-up`` -- 2 AP (R-6);
- ``waits [--ap N]`` -- lets AP go (all that are left by default).

The firearm actions (``prepares``, ``empties``, ``sweeps``, ``dashes``, ``clears``) are read by
:mod:`firefight.rulesets.rmu.fire_actions`. Unknown names and verbs are refused with the closest
matches.
"""

from __future__ import annotations

import difflib
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from firefight.encounter.actions import Action
from firefight.encounter.state import EncounterState, unknown_combatant
from firefight.errors import RuleRefusal
from firefight.geometry import Point, Posture
from firefight.rulesets.rmu.fire_actions import (
    FIRE_CANONICAL,
    FIRE_OPTIONS,
    FIRE_VERBS,
    fire_verb,
    parse_fire_action,
)
from firefight.trace import Modifier

__all__ = [
    "ChangePosture",
    "Move",
    "Reload",
    "Shoot",
    "Wait",
    "parse_rmu_action",
]

#: The rule unknown verbs and malformed lines are refused under: the actions rmu knows.
ACTIONS_RULE = "R-6"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shoot(Action):
    target: str
    weapon: str | None = None
    ap: int = 3
    prepared: bool = False
    situational: tuple[str, ...] = ()
    mods: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Reload(Action):
    weapon: str | None = None
    ammo: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Action):
    to: Point


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangePosture(Action):
    posture: Posture


@dataclass(frozen=True, slots=True, kw_only=True)
class Wait(Action):
    ap: int | None = None


_VERBS: dict[str, str] = {
    "shoots": "shoots",
    "shoot": "shoots",
    "fires": "shoots",
    "fire": "shoots",
    "reloads": "reloads",
    "reload": "reloads",
    "moves": "moves",
    "move": "moves",
    "drops-prone": "drops-prone",
    "drop-prone": "drops-prone",
    "stands-up": "stands-up",
    "stand-up": "stands-up",
    "waits": "waits",
    "wait": "waits",
    "passes": "waits",
    "pass": "waits",
    **FIRE_VERBS,
}
_CANONICAL = ("shoots", "reloads", "moves", "drops-prone", "stands-up", "waits", *FIRE_CANONICAL)

# Option name -> kind: "int", "str", "flag", or "many" (repeatable string).
_OPTIONS: dict[str, dict[str, str]] = {
    "shoots": {"ap": "int", "prepared": "flag", "with": "str", "situation": "many", "mod": "many"},
    "reloads": {"ammo": "str", "with": "str"},
    "moves": {},
    "drops-prone": {},
    "stands-up": {},
    "waits": {"ap": "int"},
    **FIRE_OPTIONS,
}


def _refuse(reason: str) -> RuleRefusal:
    return RuleRefusal(ACTIONS_RULE, reason)


def _name_at(
    tokens: Sequence[str], start: int, stop: int, state: EncounterState
) -> tuple[str, int]:
    """The longest run of words from ``start`` that names someone in the scene."""
    for end in range(stop, start, -1):
        found = state.find(" ".join(tokens[start:end]))
        if found is not None:
            return found.name, end
    raise unknown_combatant(tokens[start], state.names)


def _options(verb: str, tokens: Sequence[str]) -> tuple[list[str], dict[str, list[str]]]:
    """Positional words and ``--options`` (by name, values in order)."""
    known = _OPTIONS[verb]
    positional: list[str] = []
    found: dict[str, list[str]] = {}
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if not token.startswith("--"):
            positional.append(token)
            i += 1
            continue
        name, eq, inline = token[2:].partition("=")
        if name not in known:
            close = difflib.get_close_matches(name, known, n=2, cutoff=0.5)
            hint = (
                "did you mean " + " or ".join(f"--{c}" for c in close) + "?"
                if close
                else (
                    "it takes " + ", ".join(f"--{k}" for k in known) + "."
                    if known
                    else "it takes none."
                )
            )
            raise _refuse(f"'{verb}' has no option --{name}; {hint}")
        if known[name] == "flag":
            if eq:
                raise _refuse(f"--{name} takes no value.")
            found.setdefault(name, []).append("")
            i += 1
            continue
        if eq:
            value = inline
            i += 1
        elif i + 1 < len(tokens):
            value = tokens[i + 1]
            i += 2
        else:
            raise _refuse(f"--{name} needs a value.")
        found.setdefault(name, []).append(value)
    for name, values in found.items():
        if len(values) > 1 and known[name] != "many":
            raise _refuse(f"--{name} is given {len(values)} times; give it once.")
    return positional, found


def _int(name: str, text: str) -> int:
    if not re.fullmatch(r"[+-]?\d+", text):
        raise _refuse(f"--{name} takes a whole number, not {text!r}.")
    return int(text)


def _mod(text: str) -> Modifier:
    value, _, label = text.partition(":")
    if not re.fullmatch(r"[+-]?\d+", value.strip()):
        raise _refuse(f"--mod takes VALUE:LABEL, e.g. '+10:muzzle flash', not {text!r}.")
    return Modifier(value=int(value), label=label.strip() or "GM modifier", rule=None)


_POINT = re.compile(r"\(?\s*(-?\d+(?:\.\d+)?)\s*[, ]\s*(-?\d+(?:\.\d+)?)\s*\)?")


def _point(words: Sequence[str]) -> Point:
    text = " ".join(w for w in words if w.lower() != "to").strip()
    match = _POINT.fullmatch(text)
    if match is None:
        raise _refuse(
            f"'moves' takes where to, in feet, as X,Y (e.g. 'moves 10,25'), not {text!r}."
        )
    return Point(x_ft=float(match.group(1)), y_ft=float(match.group(2)))


def parse_rmu_action(text: str, state: EncounterState) -> Action:
    """Parse one action line against the scene.

    >>> from firefight.encounter.state import CombatantState, EncounterState
    >>> people = tuple(CombatantState(name=n, position=Point(x_ft=i, y_ft=0))
    ...                for i, n in enumerate(["Mara", "Viktor"]))
    >>> scene = EncounterState(title="t", ruleset="rmu", combatants=people)
    >>> parse_rmu_action("mara shoots viktor --ap 2 --prepared", scene)
    Shoot(actor='Mara', verb='shoots', text='mara shoots viktor --ap 2 --prepared', \
target='Viktor', weapon=None, ap=2, prepared=True, situational=(), mods=())
    >>> parse_rmu_action("Mara dances", scene)
    Traceback (most recent call last):
    ...
    firefight.errors.RuleRefusal: R-6: rmu knows no action 'dances'; did you mean 'dashes' or \
'clears'?
    """
    try:
        tokens = shlex.split(text)
    except ValueError as exc:
        raise _refuse(f"The action line cannot be read: {exc}.") from None
    if len(tokens) < 2:
        raise _refuse("An action names who acts and what they do, e.g. 'Mara shoots Viktor'.")
    first_option = next((i for i, t in enumerate(tokens) if t.startswith("--")), len(tokens))
    verb_at = next((i for i, t in enumerate(tokens) if t.lower() in _VERBS), None)
    if verb_at is None or verb_at == 0 or verb_at > first_option:
        actor, after = _name_at(tokens, 0, max(1, min(first_option, len(tokens)) - 1), state)
        word = tokens[after] if after < len(tokens) else ""
        close = difflib.get_close_matches(word.lower(), _CANONICAL, n=2, cutoff=0.5)
        hint = (
            "did you mean " + " or ".join(repr(c) for c in close) + "?"
            if close
            else "it knows " + ", ".join(_CANONICAL) + "."
        )
        raise _refuse(f"rmu knows no action {word!r}; {hint}")
    actor, after = _name_at(tokens, 0, verb_at, state)
    if after != verb_at:
        raise unknown_combatant(" ".join(tokens[:verb_at]), state.names)
    verb, rest = fire_verb(_VERBS[tokens[verb_at].lower()], tokens[verb_at + 1 :])
    positional, opts = _options(verb, rest)
    base = {"actor": actor, "verb": verb, "text": " ".join(text.split())}
    if verb in FIRE_OPTIONS:
        return parse_fire_action(verb, base, positional, opts, state)

    if verb == "shoots":
        words = [w for w in positional if w.lower() != "at"]
        if not words:
            raise _refuse("'shoots' needs a target, e.g. 'Mara shoots Viktor'.")
        target, used = _name_at(words, 0, len(words), state)
        if used != len(words):
            raise _refuse(f"'shoots' takes one target; {' '.join(words[used:])!r} is left over.")
        return Shoot(
            **base,
            target=target,
            weapon=opts.get("with", [None])[0],
            ap=_int("ap", opts["ap"][0]) if "ap" in opts else 3,
            prepared="prepared" in opts,
            situational=tuple(opts.get("situation", ())),
            mods=tuple(_mod(m) for m in opts.get("mod", ())),
        )
    if verb == "reloads":
        if len(positional) > 1:
            raise _refuse("'reloads' takes at most one weapon name.")
        weapon = positional[0] if positional else opts.get("with", [None])[0]
        return Reload(**base, weapon=weapon, ammo=opts.get("ammo", [None])[0])
    if verb == "moves":
        return Move(**base, to=_point(positional))
    if positional:
        raise _refuse(f"'{verb}' takes no {' '.join(positional)!r}.")
    if verb == "drops-prone":
        return ChangePosture(**base, posture=Posture.PRONE)
    if verb == "stands-up":
        return ChangePosture(**base, posture=Posture.STANDING)
    return Wait(**base, ap=_int("ap", opts["ap"][0]) if "ap" in opts else None)
