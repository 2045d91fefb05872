"""rmu actions in encounters, parsed from a line such as ``"Mara shoots Viktor --ap 3 --prepared"``.

The line is read by :func:`firefight.scene.lines.read_line`, as every ruleset's is: the first
words name the actor, then comes the verb, then what the verb needs, then ``--options``:

- ``shoots TARGET [--ap N] [--prepared] [--with WEAPON] [--situation NAME]... [--mod V:LABEL]...
  [--called LOCATION]`` -- an aimed shot (RMU-GEN-1, RMU-GEN-3; 1-3 AP, +1 to prepare), at one
  location when called (RULINGS R-7, -25);
- ``reloads [WEAPON] [--ammo TYPE]`` -- draw ammunition and load, 1 AP (RULINGS R-6);
- ``moves [to] X,Y`` -- ordinary movement, 1 AP per BMR or part of one (R-6);
- ``drops-prone`` / ``stands-up`` -- 2 AP (R-6);
- ``waits [--ap N]`` -- lets AP go (all that are left by default);
- ``throws LOAD at X,Y|NAME [--ap N] [--difficulty N]`` -- an explosive, at a spot or where
  someone stands (:mod:`firefight.rulesets.rmu.encounter_explosives`, RMU-EXP-2, RMU-EXP-9,
  DEC-703);
- ``throws-back at X,Y|NAME`` -- a landed grenade within reach, picked up and thrown on (4 AP);
- ``holds-breath`` / ``breathes`` -- against CS gas, no AP
  (:mod:`firefight.rulesets.rmu.encounter_afflictions`, RMU-EXP-16);
- ``rouses POWER``, ``pulls the stake from TARGET``, ``rolls on the ground``, ``puts out TARGET``
  -- Kindred (:mod:`firefight.rulesets.rmu.kindred_actions`, RULINGS V-3..V-5); the last two
  put out a mortal's fire too (RMU-EXP-14);
- ``bites TARGET``, ``feeds on TARGET``, ``lets go of TARGET``, ``tears free of BITER`` -- fangs
  (:mod:`firefight.rulesets.rmu.kindred_feeding`, RMU-BITE-1..5);
- ``stakes TARGET [--called chest]``, ``beheads TARGET`` -- called melee attacks, or the staking
  maneuver on a helpless victim (:mod:`firefight.rulesets.rmu.kindred_stakes`, RMU-STAKE-1..3).
- ``attacks TARGET [with WEAPON]`` (the weapon left out only by a combatant whose melee
  weapons are listed, DEC-827), ``grapples TARGET``, ``breaks free [from NAME]`` -- melee
  (:mod:`firefight.rulesets.rmu.melee.encounter`, R-6, RMU-BITE-2, RMU-BITE-3).

The firearm actions (``prepares``, ``empties``, ``sweeps``, ``dashes``, ``clears``) are read by
:mod:`firefight.rulesets.rmu.fire_actions`. Unknown names and verbs are refused with the closest
matches, under R-6.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from firefight.errors import RuleRefusal, known_or_refused
from firefight.geometry import Point, Posture
from firefight.rulesets.rmu import rmu_data
from firefight.rulesets.rmu.called import parse_location
from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.rulesets.rmu.encounter_afflictions import BREATH_VERBS, HoldsBreath
from firefight.rulesets.rmu.encounter_explosives import (
    THROW_BACK_OPTIONS,
    THROW_OPTIONS,
    parse_throw,
    parse_throw_back,
)
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.fire_actions import (
    ACTIONS_RULE,
    FIRE_OPTIONS,
    FIRE_VERBS,
    MOD_EXAMPLE,
    parse_fire_action,
    weapon_named,
)
from firefight.rulesets.rmu.kindred import POWERS
from firefight.rulesets.rmu.kindred_actions import (
    KINDRED_OPTIONS,
    KINDRED_VERBS,
    parse_kindred_action,
)
from firefight.rulesets.rmu.kindred_feeding import (
    FEEDING_OPTIONS,
    FEEDING_VERBS,
    parse_feeding_action,
)
from firefight.rulesets.rmu.kindred_stakes import (
    STAKE_OPTIONS,
    STAKE_VERBS,
    parse_stake_action,
)
from firefight.rulesets.rmu.line_options import LINE_DECLARATIONS
from firefight.rulesets.rmu.melee.encounter import (
    MELEE_OPTIONS,
    MELEE_VERBS,
    parse_melee_action,
)
from firefight.scene.actions import Action, Move, Reload
from firefight.scene.lines import (
    OptionKind,
    Verb,
    example_line,
    name_at,
    option_point,
    read_line,
    verb_table,
)
from firefight.scene.state import EncounterState
from firefight.trace import Modifier

__all__ = [
    "ChangePosture",
    "Move",
    "Reload",
    "Shoot",
    "Wait",
    "parse_rmu_action",
    "rmu_verbs",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Shoot(Action):
    target: str
    weapon: str | None = None
    ap: int = 3
    prepared: bool = False
    situational: tuple[str, ...] = ()
    mods: tuple[Modifier, ...] = ()
    called: HitLocation | None = None  # RULINGS R-7


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangePosture(Action):
    posture: Posture


@dataclass(frozen=True, slots=True, kw_only=True)
class Wait(Action):
    ap: int | None = None


_SHOOTS = ("shoots", "shoot", "fires", "fire")
_VERBS: dict[str, str] = {
    **dict.fromkeys(_SHOOTS, "shoots"),
    "reloads": "reloads",
    "reload": "reloads",
    "moves": "moves",
    "move": "moves",
    "drops-prone": "drops-prone",
    "drop-prone": "drops-prone",
    # Said as two words at the table ("drops prone", "throws back"): read so, not as no verb
    # 'drops' or as a throw of a load called 'back'.
    "drops prone": "drops-prone",
    "drop prone": "drops-prone",
    "stands-up": "stands-up",
    "stand-up": "stands-up",
    "stands up": "stands-up",
    "stand up": "stands-up",
    "waits": "waits",
    "wait": "waits",
    "passes": "waits",
    "pass": "waits",
    **FIRE_VERBS,
    "throws": "throws",
    "throw": "throws",
    "throws-back": "throws-back",
    "throw-back": "throws-back",
    "throws back": "throws-back",
    "throw back": "throws-back",
    **BREATH_VERBS,
    **KINDRED_VERBS,
    **FEEDING_VERBS,
    **STAKE_VERBS,
    # "fires rapid at X" is the firing round of emptying the gun, not an aimed shot.
    **{f"{spelling} rapid": "empties" for spelling in _SHOOTS},
    **MELEE_VERBS,
}
_OPTIONS: dict[str, Mapping[str, OptionKind]] = {
    "shoots": {
        "ap": "int",
        "prepared": "flag",
        "with": "str",
        "situation": "many",
        "mod": "many",
        "called": "str",
    },
    "reloads": {"ammo": "str", "with": "str"},
    "moves": {},
    "drops-prone": {},
    "stands-up": {},
    "waits": {"ap": "int"},
    **FIRE_OPTIONS,
    "throws": THROW_OPTIONS,
    "throws-back": THROW_BACK_OPTIONS,
    "holds-breath": {},
    "breathes": {},
    **KINDRED_OPTIONS,
    **FEEDING_OPTIONS,
    **STAKE_OPTIONS,
    **MELEE_OPTIONS,
}


_WORDS = {
    "shoots": "TARGET",
    "reloads": "[WEAPON]",
    "moves": "[to] X,Y",
    "prepares": "[rapid fire] [at TARGET]",
    "empties": "[the gun] at TARGET",
    "sweeps": "DIST ft out, WIDTH ft wide [toward NAME | at X,Y]",
    "dashes": "[to cover] BARRIER",
    "clears": "[WEAPON]",
    "throws": "LOAD at X,Y | LOAD at TARGET",
    "throws-back": "at X,Y | at TARGET",
    "rouses": " | ".join(POWERS),
    "pulls-stake": "TARGET",
    "puts-out": "TARGET",
    "bites": "TARGET",
    "feeds": "TARGET",
    "lets-go": "TARGET",
    "tears-free": "[BITER]",
    "stakes": "TARGET",
    "beheads": "TARGET",
    "attacks": "TARGET [with WEAPON]",
    "grapples": "TARGET",
    "breaks-free": "[from HOLDER]",
}


def rmu_verbs() -> tuple[Verb, ...]:
    """The verbs :func:`parse_rmu_action` reads, for a form (:meth:`Ruleset.action_verbs`):
    what follows each and what its options mean (DEC-775)."""
    loads = tuple(explosive_data().loads)
    return verb_table(
        _VERBS,
        _OPTIONS,
        words=_WORDS,
        declarations=LINE_DECLARATIONS,
        first_words={"throws": loads, "rouses": POWERS},
    )


def _refuse(reason: str) -> RuleRefusal:
    return RuleRefusal(ACTIONS_RULE, reason)


def parse_rmu_action(text: str, state: EncounterState) -> Action:
    """Parse one action line against the scene.

    >>> from firefight.scene.state import CombatantState, EncounterState
    >>> people = tuple(CombatantState(name=n, position=Point(x_ft=i, y_ft=0))
    ...                for i, n in enumerate(["Mara", "Viktor"]))
    >>> scene = EncounterState(title="t", ruleset="rmu", combatants=people)
    >>> parse_rmu_action("mara shoots viktor --ap 2 --prepared", scene)
    Shoot(actor='Mara', verb='shoots', text='mara shoots viktor --ap 2 --prepared', \
target='Viktor', weapon=None, ap=2, prepared=True, situational=(), mods=(), called=None)
    >>> parse_rmu_action("Mara dances", scene)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    firefight.errors.RuleRefusal: R-6: rmu knows no action 'dances'; did you mean 'dashes' or \
'stakes' or 'clears'? Its verbs: shoots, reloads, moves, drops-prone, stands-up, waits, ...
    """
    line = read_line(
        text,
        state,
        _VERBS,
        _OPTIONS,
        ruleset="rmu",
        rule=ACTIONS_RULE,
    )
    if line.verb in FIRE_OPTIONS:
        return parse_fire_action(line, state)
    if line.verb == "throws":
        return parse_throw(line, state, ACTIONS_RULE)
    if line.verb == "throws-back":
        return parse_throw_back(line, state, ACTIONS_RULE)
    if line.verb in KINDRED_OPTIONS:
        return parse_kindred_action(line, state, ACTIONS_RULE)
    if line.verb in FEEDING_OPTIONS:
        return parse_feeding_action(line, state, ACTIONS_RULE)
    if line.verb in STAKE_OPTIONS:
        return parse_stake_action(line, state, ACTIONS_RULE)
    if line.verb in MELEE_OPTIONS:
        return parse_melee_action(line, state)
    verb, positional = line.verb, line.words
    base = {"actor": line.actor, "verb": verb, "text": line.text}
    if verb == "shoots":
        words = [w for w in positional if w.lower() != "at"]
        if not words:
            example = example_line(state, "shoots", line.actor)
            raise _refuse(f"'shoots' needs a target, e.g. {example!r}.")
        target, used = name_at(words, 0, len(words), state)
        if used != len(words):
            raise _refuse(f"'shoots' takes one target; {' '.join(words[used:])!r} is left over.")
        return Shoot(
            **base,
            target=target,
            weapon=line.first("with"),
            ap=line.number("ap", 3, ACTIONS_RULE),
            prepared=line.has("prepared"),
            situational=line.options.get("situation", ()),
            mods=line.mods(ACTIONS_RULE, example=MOD_EXAMPLE),
            called=parse_location(called) if (called := line.first("called")) else None,
        )
    if verb == "reloads":
        if len(positional) > 1:
            raise _refuse("'reloads' takes at most one weapon name.")
        weapon = weapon_named(line, positional)
        if (ammo := line.first("ammo")) is not None:
            known_or_refused(ACTIONS_RULE, rmu_data().ammunition, ammo)
        return Reload(**base, weapon=weapon, ammo=ammo)
    if verb == "moves":
        x, y = option_point(positional, what="'moves'", unit="feet", rule=ACTIONS_RULE)
        return Move(**base, to=Point(x_ft=x, y_ft=y))
    if positional:
        raise _refuse(f"'{verb}' takes no {' '.join(positional)!r}.")
    if verb == "drops-prone":
        return ChangePosture(**base, posture=Posture.PRONE)
    if verb == "stands-up":
        return ChangePosture(**base, posture=Posture.STANDING)
    if verb in ("holds-breath", "breathes"):
        return HoldsBreath(**base, held=verb == "holds-breath")
    return Wait(**base, ap=line.number("ap", None, ACTIONS_RULE))
