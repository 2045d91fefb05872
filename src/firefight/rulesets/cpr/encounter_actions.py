"""cpr actions in encounters, read from a line such as ``"V shoots Rook --aim head"``.

Places are in metres (C-2), written ``X,Y``. The verbs (docs/cpr.md, "In an encounter"):

- ``shoots TARGET [--aim head|held-item|leg] [--twice [--move-between X,Y]]`` -- an attack
  (CPR-HIT-1, CPR-AIM-1); ``--twice`` is the two shots of a ROF 2 weapon, with the Move
  spent between them if a place is given (CPR-ROF-1);
- ``shoots cover BARRIER [--twice]`` -- a shot at a barrier's cover HP (C-13);
- ``autofires [at] TARGET`` -- autofire (C-5); ``suppresses`` -- suppressive fire (C-6);
- ``fires shells [at] TARGET`` -- a shotgun shell toward the target (C-7);
- ``throws ITEM at TARGET`` or ``throws grenade at X,Y [--lands X,Y]`` (CPR-THR-1, C-8; where
  a grenade that misses lands is the GM's call, given by ``--lands``);
- ``stabilizes [PATIENT]`` -- First Aid or Paramedic on a mortally wounded character within
  reach, or oneself (C-12);
- ``extinguishes [NAME]`` -- an Action putting out a fire on oneself or someone within
  reach (C-14);
- ``reloads [WEAPON] [--ammo KIND]`` (CPR-AMMO-1); ``moves [to] X,Y`` (the Move; once it is
  spent, a second move runs on the Action, CPR-REF-1);
- ``clears jam [WEAPON]`` -- an Action un-jamming a poor quality weapon (CPR-REF-1);
- ``holds [--until TEXT]`` -- hold the turn's Action to use later in the turn (CPR-REF-1).

Every attack and suppressive fire takes ``--with WEAPON`` (default: the one in hand),
``--mod V:LABEL`` (the GM's modifiers), ``--modifier NAME`` (the named catalog:
``smartgun-link``, ``luck:2``...) and, where a dodge is possible, ``--unseen`` (the target
cannot see it coming). Those options
are declared on the actions' fields (``line=True``, :mod:`firefight.declarations`) and read and
checked by :func:`~firefight.scene.lines.declared_values`, as the command line checks its own;
``--mod``, ``--move-between`` and ``--lands`` are read here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from firefight.declarations import param
from firefight.errors import RuleRefusal
from firefight.geometry import Point
from firefight.rulesets.cpr.combatants import Aim
from firefight.rulesets.cpr.line_options import LineOptions
from firefight.rulesets.cpr.option_text import AIM_HELP
from firefight.scene.actions import ACTION_RULE, Action, Move, Reload
from firefight.scene.gm_mods import option_mod
from firefight.scene.lines import (
    Line,
    OptionKind,
    Verb,
    declared_options,
    declared_values,
    example_line,
    name_at,
    option_point,
    read_line,
    verb_table,
)
from firefight.scene.points import scene_point
from firefight.scene.state import SCENE_RULE, EncounterState
from firefight.trace import Modifier

__all__ = [
    "Autofire",
    "ClearJam",
    "Extinguish",
    "FireShells",
    "Hold",
    "Move",
    "Reload",
    "Shoot",
    "Stabilize",
    "Suppress",
    "ThrowItem",
    "cpr_verbs",
    "parse_cpr_action",
]


#: The most named modifiers one action line may give.
MAX_NAMED = 12


# The action-line options several actions share, declared once each.
def _weapon() -> Any:
    return param(None, flag="with", help="The weapon (default: the one in hand).", line=True)


def _aimed() -> Any:
    return param(None, help=AIM_HELP, line=True)


def _unseen() -> Any:
    return param(False, help="The target cannot see the attack coming.", line=True)


def _named() -> Any:
    return param(
        (),
        flag="modifier",
        help="A named modifier (smartgun-link, luck:2...).",
        high=MAX_NAMED,
        line=True,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Shoot(Action):
    target: str
    weapon: str | None = _weapon()
    aim: Aim | None = _aimed()  # noqa: RUF009 (a new declared field, as param makes)
    twice: bool = param(False, help="Both shots of a ROF 2 weapon (CPR-ROF-1).", line=True)
    move_between: Point | None = None
    unseen: bool = _unseen()
    mods: tuple[Modifier, ...] = ()
    named: tuple[str, ...] = _named()
    at_cover: bool = False  # ``target`` names a barrier: the shot is at the cover (C-13)


@dataclass(frozen=True, slots=True, kw_only=True)
class Autofire(Action):
    target: str
    weapon: str | None = _weapon()
    aim: Aim | None = _aimed()  # noqa: RUF009 (a new declared field, as param makes)
    unseen: bool = _unseen()
    mods: tuple[Modifier, ...] = ()
    named: tuple[str, ...] = _named()


@dataclass(frozen=True, slots=True, kw_only=True)
class Suppress(Action):
    weapon: str | None = _weapon()
    mods: tuple[Modifier, ...] = ()
    named: tuple[str, ...] = _named()


@dataclass(frozen=True, slots=True, kw_only=True)
class FireShells(Action):
    target: str
    weapon: str | None = _weapon()
    aim: Aim | None = _aimed()  # noqa: RUF009 (a new declared field, as param makes)
    unseen: bool = _unseen()
    mods: tuple[Modifier, ...] = ()
    named: tuple[str, ...] = _named()


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowItem(Action):
    """A throw at someone (``target``) or, for a grenade, at a place (``point``)."""

    item: str
    target: str | None = None
    point: Point | None = None
    aim: Aim | None = _aimed()  # noqa: RUF009 (a new declared field, as param makes)
    unseen: bool = _unseen()
    mods: tuple[Modifier, ...] = ()
    named: tuple[str, ...] = _named()
    #: Where a grenade that misses lands, the GM's call (C-8): it goes off there, placed.
    lands: Point | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Hold(Action):
    """Hold this turn's Action for later in the turn (CPR-REF-1)."""

    until: str = param("", help="What the held Action waits for.", line=True)


@dataclass(frozen=True, slots=True, kw_only=True)
class ClearJam(Action):
    """An Action clearing a jammed weapon (the one in hand when None), CPR-REF-1."""

    weapon: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Extinguish(Action):
    """An Action putting out the fire on ``target`` (the actor when None), C-14."""

    target: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Stabilize(Action):
    """First Aid or Paramedic on ``patient`` (the actor themselves when None), C-12."""

    patient: str | None = None
    mods: tuple[Modifier, ...] = ()


_VERBS: dict[str, str] = {
    "shoots": "shoots",
    "shoot": "shoots",
    "fires": "shoots",
    "fire": "shoots",
    "autofires": "autofires",
    "autofire": "autofires",
    "sprays": "autofires",
    "suppresses": "suppresses",
    "suppress": "suppresses",
    "throws": "throws",
    "throw": "throws",
    "reloads": "reloads",
    "reload": "reloads",
    "moves": "moves",
    "move": "moves",
    "stabilizes": "stabilizes",
    "stabilize": "stabilizes",
    "extinguishes": "extinguishes",
    "extinguish": "extinguishes",
    "clears": "clears",
    "clear": "clears",
    "holds": "holds",
    "hold": "holds",
    "runs": "moves",
    "run": "moves",
}

_MOD: dict[str, OptionKind] = {"mod": "many"}
_OPTIONS: dict[str, Mapping[str, OptionKind]] = {
    "shoots": {**declared_options(Shoot), **_MOD, "move-between": "str"},
    "autofires": {**declared_options(Autofire), **_MOD},
    "suppresses": {**declared_options(Suppress), **_MOD},
    "throws": {**declared_options(ThrowItem), **_MOD, "lands": "str"},
    "reloads": {"ammo": "str", "with": "str"},
    "moves": {},
    "stabilizes": _MOD,
    "extinguishes": {},
    "clears": {},
    "holds": declared_options(Hold),
}


_WORDS = {
    "shoots": "TARGET | shells at TARGET | cover NAME",
    "autofires": "[at] TARGET",
    "throws": "ITEM at X,Y | ITEM at TARGET",
    "reloads": "[WEAPON]",
    "moves": "[to] X,Y",
    "stabilizes": "[PATIENT]",
    "extinguishes": "[NAME]",
    "clears": "jam [WEAPON]",
    "holds": "[the action]",
}
_DECLARATIONS: dict[str, tuple[type, ...]] = {
    "shoots": (Shoot, LineOptions),
    "autofires": (Autofire, LineOptions),
    "suppresses": (Suppress, LineOptions),
    "throws": (ThrowItem, LineOptions),
    "reloads": (LineOptions,),
    "stabilizes": (LineOptions,),
    "holds": (Hold,),
}


def cpr_verbs() -> tuple[Verb, ...]:
    """The verbs :func:`parse_cpr_action` reads, for a form (:meth:`Ruleset.action_verbs`)."""
    return verb_table(_VERBS, _OPTIONS, words=_WORDS, declarations=_DECLARATIONS)


def _refuse(reason: str) -> RuleRefusal:
    return RuleRefusal(ACTION_RULE, reason)


def _target(words: tuple[str, ...], verb: str, state: EncounterState) -> str:
    words = tuple(w for w in words if w.lower() != "at")
    if not words:
        raise _refuse(f"'{verb}' needs a target, e.g. {example_line(state, verb)!r}.")
    target, used = name_at(words, 0, len(words), state)
    if used != len(words):
        raise _refuse(f"'{verb}' takes one target; {' '.join(words[used:])!r} is left over.")
    return target


def _not_cover(words: tuple[str, ...], state: EncounterState) -> None:
    """Refuse a shot at a barrier named as if it were a person, pointing to the line that
    shoots its cover (C-13); someone who shares the barrier's name is shot as before."""
    named = " ".join(w for w in words if w.lower() != "at")
    wanted = named.lower()
    barrier = next((b.name for b in state.barriers if b.name.lower() == wanted), None)
    if barrier is not None and state.find(named) is None:
        raise RuleRefusal(
            "C-13",
            f"{barrier!r} is cover, not a person: 'shoots cover {barrier}' shoots at its HP.",
        )


def _point(words: tuple[str, ...] | list[str], what: str) -> Point:
    x, y = option_point(words, what=what, unit="metres")
    return scene_point(x, y, "m")


def _mods(line: Line) -> tuple[Modifier, ...]:
    return tuple(option_mod(m) for m in line.options.get("mod", ()))


def parse_cpr_action(text: str, state: EncounterState) -> Action:
    """Read one action line against the scene.

    >>> from firefight.scene.state import CombatantState, EncounterState
    >>> people = tuple(CombatantState(name=n, position=Point(x_ft=i, y_ft=0))
    ...                for i, n in enumerate(["V", "Rook"]))
    >>> scene = EncounterState(title="t", ruleset="cpr", combatants=people)
    >>> parse_cpr_action("V shoots Rook --aim head", scene).aim
    <Aim.HEAD: 'head'>
    >>> parse_cpr_action("V juggles", scene)
    Traceback (most recent call last):
    ...
    firefight.errors.RuleRefusal: ENC-ACTION: cpr knows no action 'juggles'; its verbs: shoots, \
autofires, suppresses, throws, reloads, moves, stabilizes, extinguishes, clears, holds.
    """
    line = read_line(text, state, _VERBS, _OPTIONS, ruleset="cpr")
    actor, verb, said = line.actor, line.verb, line.text
    words = line.words
    if line.verb == "shoots" and words and words[0].lower() in ("shells", "shell"):
        if line.has("twice") or line.has("move-between"):
            raise RuleRefusal(
                "CPR-ROF-1", "A shotgun is ROF 1: a shell is one attack for the whole Action."
            )
        return FireShells(
            actor=actor,
            verb=verb,
            text=said,
            target=_target(words[1:], "fires shells at", state),
            mods=_mods(line),
            **declared_values(line, FireShells),
        )
    if line.verb == "shoots" and words and words[0].lower() == "cover":
        wanted = " ".join(words[1:]).lower()
        barrier = next((b.name for b in state.barriers if b.name.lower() == wanted), None)
        if barrier is None:
            known = ", ".join(b.name for b in state.barriers) or "none"
            raise RuleRefusal(
                SCENE_RULE, f"No barrier called {wanted!r} is in the scene; barriers: {known}."
            )
        if line.has("aim"):
            raise RuleRefusal("CPR-AIM-1", "An aimed shot picks a spot on a person, not cover.")
        return Shoot(
            actor=actor,
            verb=verb,
            text=said,
            target=barrier,
            at_cover=True,
            mods=_mods(line),
            **declared_values(line, Shoot),
        )
    if line.verb == "shoots":
        _not_cover(words, state)
        between = line.first("move-between")
        if between is not None and not line.has("twice"):
            raise _refuse("--move-between is the move between two shots: give --twice as well.")
        return Shoot(
            actor=actor,
            verb=verb,
            text=said,
            target=_target(words, "shoots", state),
            move_between=_point([between], "--move-between") if between is not None else None,
            mods=_mods(line),
            **declared_values(line, Shoot),
        )
    if line.verb == "autofires":
        return Autofire(
            actor=actor,
            verb=verb,
            text=said,
            target=_target(words, "autofires at", state),
            mods=_mods(line),
            **declared_values(line, Autofire),
        )
    if line.verb == "suppresses":
        if words:
            raise _refuse(
                "'suppresses' takes no target: it reaches everyone in sight within range."
            )
        return Suppress(
            actor=actor, verb=verb, text=said, mods=_mods(line), **declared_values(line, Suppress)
        )
    if line.verb == "throws":
        lowered = [w.lower() for w in words]
        if "at" not in lowered or lowered.index("at") == 0:
            raise _refuse(
                "'throws' takes what and where: 'V throws grenade at 4,10' or "
                "'V throws knife at Rook'."
            )
        split = len(lowered) - 1 - lowered[::-1].index("at")
        item, rest = " ".join(words[:split]), words[split + 1 :]
        mods = _mods(line)
        values = declared_values(line, ThrowItem)
        lands = line.first("lands")
        if lands is not None:
            values["lands"] = _point([lands], "--lands")
        try:
            point = _point(rest, "'throws ... at'")
        except RuleRefusal:
            # DEC-923: one word with a comma that names nobody was meant as a place.
            if len(rest) == 1 and "," in rest[0] and state.find(rest[0]) is None:
                raise
            target = _target(rest, "throws at", state)
            return ThrowItem(
                actor=actor, verb=verb, text=said, item=item, target=target, mods=mods, **values
            )
        return ThrowItem(
            actor=actor, verb=verb, text=said, item=item, point=point, mods=mods, **values
        )
    if line.verb == "holds":
        if words and [w.lower() for w in words] not in (["action"], ["the", "action"]):
            raise _refuse("'holds' takes no target: 'V holds --until \"Rook shows\"'.")
        return Hold(actor=actor, verb=verb, text=said, **declared_values(line, Hold))
    if line.verb == "clears":
        if not words or words[0].lower() != "jam" or len(words) > 2:
            raise _refuse("'clears' takes 'jam' and at most one weapon: 'V clears jam pistol'.")
        return ClearJam(
            actor=actor, verb=verb, text=said, weapon=words[1] if len(words) == 2 else None
        )
    if line.verb == "extinguishes":
        burning = _target(words, "extinguishes", state) if words else None
        return Extinguish(actor=actor, verb=verb, text=said, target=burning)
    if line.verb == "stabilizes":
        patient = _target(words, "stabilizes", state) if words else None
        return Stabilize(actor=actor, verb=verb, text=said, patient=patient, mods=_mods(line))
    if line.verb == "reloads":
        if len(words) > 1:
            raise _refuse("'reloads' takes at most one weapon name.")
        weapon = words[0] if words else line.first("with")
        return Reload(actor=actor, verb=verb, text=said, weapon=weapon, ammo=line.first("ammo"))
    return Move(actor=actor, verb=verb, text=said, to=_point(words, "'moves'"))
