"""The GM's commands at the table (issue 17): overrides the rules do not roll for, recorded in
the log as ``gm`` records of events, so that they fold, replay and undo like any action.

A GM line starts with its command word (an action line starts with a person's name)::

    hits Viktor 5          damage taken (the ruleset's damage track, Ruleset.gm_damage)
    heal Viktor 5          damage healed
    repair Viktor          armor made whole (Ruleset.gm_repair)
    add Goon2 like Goon at 10,20    a fresh copy of someone as they began joins, last
    remove Pavel           someone leaves the scene
    move Mara to 3,4       someone put somewhere (in the ruleset's scene unit)
    set Mara prone         a posture, or up / unconscious / dead
    set Mara ap 2          one of the ruleset's own figures (Ruleset.gm_figures, DEC-551)
    delay Mara             Mara acts last this round
    hold Mara              Mara steps out of the order and acts when she chooses (DEC-412)
    reorder Viktor Mara    the named act first, in that order; the rest after, as they were

>>> GM_COMMANDS[:3]
('hits', 'heal', 'repair')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.frozen import replace
from firefight.fuzzy import hint, match
from firefight.geometry import Body, Point, Posture
from firefight.limits import (
    MAX_COORDINATE_FT,
    MAX_COORDINATE_M,
    MAX_DIGITS,
    clean_name,
    typed_whole,
)
from firefight.outcome import Happened, Outcome
from firefight.scene.apply import apply, initiative_without
from firefight.scene.events import (
    GM_COMMANDS,
    GM_RULE,
    CombatantAdded,
    CombatantRemoved,
    FigureSet,
    InitiativeOrdered,
    PostureChanged,
    StatusSet,
    moved_to,
)
from firefight.scene.figure_bounds import FIGURE_TOP, OutOfRange
from firefight.scene.lines import name_at, one_name, split_words
from firefight.scene.points import scene_point
from firefight.scene.spots import spot_taken
from firefight.scene.state import CombatantState, EncounterState, Surprise
from firefight.trace import Trace
from firefight.units import metres_from_feet
from firefight.wording import counted

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset

__all__ = ["GM_COMMANDS", "STATUSES", "added_like", "gm_outcome", "is_gm_line"]

STATUSES = ("up", "unconscious", "dead")
#: A number as the GM may type one, past what a figure or a place takes ("1e308", "1.5"): read
#: as a number, so that its refusal says what is wrong with it (its bounds, the scene's
#: limits), not that something is left over or unread.
_ANY_NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?"
_NUMBER = re.compile(_ANY_NUMBER, re.IGNORECASE)
_PLACE = re.compile(rf"\(?\s*({_ANY_NUMBER})\s*[, ]\s*({_ANY_NUMBER})\s*\)?", re.IGNORECASE)
#: Past every figure's bounds (each is within MAX_NUMBER): what the ruleset's check of it says
#: of this is the figure's bounds.
_PAST_EVERY_BOUND = 10**MAX_DIGITS
#: DEC-731: how many whole steps out from the model `add` looks for a free spot.
_BESIDE_STEPS = 20
_USAGE = {
    "hits": "hits NAME N",
    "heal": "heal NAME N",
    "repair": "repair NAME",
    "add": "add NEW like NAME at X,Y",
    "remove": "remove NAME",
    "move": "move NAME to X,Y",
    "set": "set NAME up|unconscious|dead|standing|kneeling|prone, or set NAME FIGURE N",
    "delay": "delay NAME",
    "hold": "hold NAME",
    "reorder": "reorder NAME NAME ...",
}


def is_gm_line(text: str, state: EncounterState) -> bool:
    """Whether ``text`` is a GM command: its first word is one, and nobody is called that."""
    words = text.split()
    return bool(words) and words[0].lower() in GM_COMMANDS and state.find(words[0]) is None


def _refuse(reason: str) -> RuleRefusal:
    return RuleRefusal(GM_RULE, reason)


def _split(text: str) -> list[str]:
    try:
        return split_words(text)
    except ValueError as exc:
        raise _refuse(f"The GM command cannot be read: {exc}.") from None


def _amount(words: Sequence[str], usage: str, command: str) -> tuple[str, int]:
    if len(words) < 2:
        raise _refuse(f"Write it {usage!r}.")
    return " ".join(words[:-1]), _number(command, words[-1], lambda: (0, FIGURE_TOP))


def _number(command: str, text: str, bounds: Callable[[], tuple[int, int] | None]) -> int:
    """The GM's N, refused in the command's own words (a sign is the command's to judge): a
    number that is no whole one, or of more digits than any figure has, with the ``bounds``
    it takes."""
    value = typed_whole(text, signed=True)
    if value is None:
        within = bounds() if _NUMBER.fullmatch(text) else None
        said = "" if within is None else f" from {within[0]} to {within[1]}"
        raise _refuse(f"{command} takes a whole number{said}, not {text[:20]!r}.")
    return value


def _place(words: Sequence[str], ruleset: Ruleset, usage: str) -> tuple[float, float]:
    """X,Y as typed, within the scene's limits (README, Limits): a place past them, however
    written (``1e300,1e300``, a dozen digits), is refused naming the limit, not as unread."""
    text = " ".join(w for w in words if w.lower() not in ("to", "at")).strip()
    found = _PLACE.fullmatch(text)
    unit = ruleset.scene_unit
    if found is None:
        raise _refuse(f"Write it {usage!r}: a place in {unit} as X,Y.")
    bound = MAX_COORDINATE_FT if unit == "ft" else MAX_COORDINATE_M
    x, y = float(found[1]), float(found[2])  # past the float range: inf, refused below
    if not (abs(x) <= bound and abs(y) <= bound):
        raise _refuse(
            f"{text[:40]} is past the scene's limits: a place's X and Y are each within "
            f"±{bound:,.10g} {unit} (README, Limits)."
        )
    return x, y


def _free(state: EncounterState, c: CombatantState, at: Point) -> None:
    """S-1: the GM puts ``c`` only where nobody's body already is, as a move must (two bodies
    on one spot leave no line of fire between them, nor past them)."""
    there = spot_taken(state, c, Body(center=at, posture=c.posture, size=c.size))
    if there is not None:
        raise _refuse(f"{there} already stands there; put {c.name} a body's width away.")


def _out_of_reach(
    ended: Sequence[Event], state: EncounterState, ruleset: Ruleset, lead: str = ", out of reach: "
) -> str:
    """The end of a GM move's or removal's headline: what it broke, in the ruleset's words
    (DEC-918), each without its rule tag (the log's narration keeps it)."""
    from firefight.encounter.narrate import narrate

    words = [re.sub(r" \[[^\]]*\]\.?$", "", t) for t in narrate(state, ended, ruleset)]
    return (lead + "; ".join(words) + ".") if words else "."


def _order(state: EncounterState, moved: str, *, out: bool) -> tuple[tuple[str, ...], ...]:
    """The initiative order with ``moved`` taken out, and put back last unless ``out``."""
    rest = tuple(
        g for g in (tuple(n for n in group if n != moved) for group in state.initiative) if g
    )
    return rest if out else (*rest, (moved,))


def gm_outcome(state: EncounterState, text: str, ruleset: Ruleset) -> Outcome:
    """The events of one GM line; a refusal (nothing changes) when it does not read."""
    words = _split(text)
    if not words:
        raise _refuse("Name a GM command: " + ", ".join(GM_COMMANDS) + ".")
    command = match(words[0], GM_COMMANDS)
    if command is None:
        raise _refuse(f"No GM command {words[0]!r}; {hint(words[0], GM_COMMANDS)}")
    rest = words[1:]
    usage = _USAGE[command]
    events: tuple[Event, ...]
    if command in ("hits", "heal"):
        who, amount = _amount(rest, usage, command)
        name = one_name(who.split(), state, what="the GM's command", rule=GM_RULE)
        if not 0 <= amount <= FIGURE_TOP:
            raise _refuse(f"{command} takes a number from 0 to {FIGURE_TOP}, not {amount}.")
        if command == "heal":  # never past full: the headline and the log say what it healed
            amount = min(amount, ruleset.damage_taken(state.combatant(name)))
        events = tuple(ruleset.gm_damage(state, name, amount if command == "hits" else -amount))
        took = counted(amount, *ruleset.damage_noun)
        said = f"GM: {name} {'takes' if command == 'hits' else 'heals'} {took}."
    elif command == "repair":
        name = one_name(rest, state, what="the GM's command", rule=GM_RULE)
        events = tuple(ruleset.gm_repair(state, name))
        said = f"GM: {name}'s armor is repaired."
    elif command == "remove":
        name = one_name(rest, state, what="the GM's command", rule=GM_RULE)
        ended = tuple(ruleset.gm_parted(state, name, leaving=True))
        events = (*ended, CombatantRemoved(name=name))
        said = f"GM: {name} leaves the scene" + _out_of_reach(ended, state, ruleset, ": ")
    elif command == "add":
        events, said = _add(state, rest, ruleset, usage)
    elif command == "move":
        if not rest:
            raise _refuse(f"Write it {usage!r}.")
        name, end = name_at(rest, 0, len(rest), state)
        x, y = _place(rest[end:], ruleset, usage)
        to = scene_point(x, y, ruleset.scene_unit)
        _free(state, state.combatant(name), to)
        moved = moved_to(state.combatant(name), to)
        put = state.with_combatant(replace(state.combatant(name), position=to))
        ended = tuple(ruleset.gm_parted(put, name))
        events = (moved, *ended)
        said = f"GM: {name} is put at {x:g},{y:g} {ruleset.scene_unit}" + _out_of_reach(
            ended, put, ruleset
        )
    elif command == "set":
        if len(rest) < 2:
            raise _refuse(f"Write it {usage!r}.")
        if len(rest) >= 3 and (_NUMBER.fullmatch(rest[-1]) or _figure_named(state, rest, ruleset)):
            events, said = _set_figure(state, rest, ruleset)
        else:
            name = one_name(rest[:-1], state, what="the GM's command", rule=GM_RULE)
            events, said = _set(state, name, rest[-1], ruleset)
    elif command == "reorder":
        events, said = _reorder(state, rest)
    else:
        name = one_name(rest, state, what="the GM's command", rule=GM_RULE)
        if not state.initiative:
            raise _refuse(f"The {ruleset.name} ruleset keeps no initiative order to {command} in.")
        events = (InitiativeOrdered(groups=_order(state, name, out=command == "hold")),)
        said = (
            f"GM: {name} holds, out of the order, and acts when they choose."
            if command == "hold"
            else f"GM: {name} delays and acts last this round."
        )
    return Outcome(events=events, trace=Trace(()), result=Happened(action=command, headline=said))


def _set(
    state: EncounterState, name: str, value: str, ruleset: Ruleset
) -> tuple[tuple[Event, ...], str]:
    postures = [p.value for p in Posture]
    found = match(value, (*STATUSES, *postures))
    if found is None and value.lower() == "dying":
        # Nearest by spelling is 'standing', which sends the GM nowhere (DEC-913).
        raise _refuse(
            "No status 'dying': dying comes of the wounds as the ruleset counts them, not of "
            f"the GM's word; 'set {name} unconscious' or 'dead' puts them down."
        )
    if found is None:
        raise _refuse(f"No status {value!r}; {hint(value, (*STATUSES, *postures))}")
    if found in STATUSES:
        # What the status comes to is the ruleset's: an rmu Kindred set unconscious is in
        # torpor (V-2), so the headline reads the state the fold leaves, as the table does.
        status = StatusSet(target=name, status=found)
        now = ruleset.status(apply(state, status, ruleset).combatant(name))
        return (status,), f"GM: {name}'s state is now {now}."
    posture = Posture(found)
    brought = tuple(ruleset.gm_posture(state, name, posture))
    return (PostureChanged(actor=name, posture=posture), *brought), f"GM: {name} is {found}."


def _figure_named(state: EncounterState, words: Sequence[str], ruleset: Ruleset) -> bool:
    """Whether ``set NAME FIGURE X`` names a figure with something not a number after it
    (``set Lucia hunger x``): read as a status, it was refused "the GM's command is one person;
    'hunger' is left over", where the number is what is wrong."""
    figure = match(words[-2], ruleset.gm_figures())
    return figure is not None and state.find(" ".join(words[:-1])) is None


def _set_figure(
    state: EncounterState, words: Sequence[str], ruleset: Ruleset
) -> tuple[tuple[Event, ...], str]:
    """``set NAME FIGURE N``: one of the ruleset's own figures, checked by the ruleset before
    it is recorded, so that the record always folds."""
    figures = ruleset.gm_figures()
    _one_number(state, words, figures)
    name = one_name(words[:-2], state, what="the GM's command", rule=GM_RULE)
    figure = match(words[-2], figures)
    if figure is None:
        not_kept = ruleset.gm_figures_not_kept().get(words[-2].lower())
        if not_kept is not None:
            raise _refuse(not_kept)
        said = hint(words[-2], figures, listing="it has") if figures else "it keeps none."
        raise _refuse(
            f"The {ruleset.name} ruleset has no figure {words[-2]!r} for the GM to set; {said}"
        )
    c = state.combatant(name)
    value = _number(f"set {figure}", words[-1], lambda: _bounds(ruleset, c, figure))
    before, now = ruleset.status(c), ruleset.status(ruleset.set_figure(c, figure, value))
    # A figure the ruleset reads a state off (cards's full Red level, K-3) says the state it
    # leaves, as `set NAME STATUS` does: lowered, "set to 3" alone hid that it got them up
    # (DEC-965).
    became = f"; {name}'s state is now {now}" if now != before else ""
    return (FigureSet(target=name, figure=figure, value=value),), (
        f"GM: {name}'s {ruleset.gm_figure_name(figure)} set to {value}{became}."
    )


def _one_number(state: EncounterState, words: Sequence[str], figures: Mapping[str, str]) -> None:
    """DEC-910: refuse ``set Rico yellow 3 4``, a figure with more than one number after it,
    saying so: the name was read up to the last word but one, and the line was refused
    "'yellow' is left over", blaming the figure for the number too many."""
    numbers = 0
    while numbers < len(words) and _NUMBER.fullmatch(words[-1 - numbers]):
        numbers += 1
    if numbers < 2 or numbers >= len(words):
        return
    figure = match(words[-1 - numbers], figures)
    if figure is not None and state.find(" ".join(words[:-2])) is None:
        given = " ".join(words[-numbers:])
        raise _refuse(
            f"set {figure} takes one number, not {numbers} ({given}): 'set NAME {figure} N'."
        )


def _bounds(ruleset: Ruleset, c: CombatantState, figure: str) -> tuple[int, int] | None:
    """``c``'s ``figure``'s bounds, as the ruleset's own check of it gives them (None when it
    keeps none); a refusal of the figure itself (Hunger for no Kindred) is told as it is."""
    try:
        ruleset.set_figure(c, figure, _PAST_EVERY_BOUND)
    except OutOfRange as exc:
        return exc.low, exc.top
    return None


def _add(
    state: EncounterState, words: Sequence[str], ruleset: Ruleset, usage: str
) -> tuple[tuple[Event, ...], str]:
    at, stop = _like_at(words, usage)
    new = clean_name(" ".join(words[:at]))  # README, Limits: as every name that enters
    if state.find(new) is not None:
        raise _refuse(f"Someone called {new!r} is already in the scene; choose another name.")
    model = _model(state, words, at, stop)
    source = state.combatant(model)
    # DEC-705: the model as they began (sheet, gear, full magazines, whole armor, up), not
    # as the fight has left them; a scene built without its starts has only the model now.
    # They join a fight under way: the round's share to act with, and no opening surprise.
    start = state.start_of(source.name) or source
    fresh = ruleset.joined(replace(start, name=new, initiative=None, surprise=Surprise.NONE))
    unit = ruleset.scene_unit
    if stop < len(words):
        x, y = _place(words[stop + 1 :], ruleset, usage)
        _free(state, fresh, scene_point(x, y, unit))
    else:
        x, y = _beside(state, fresh, source, unit)
    fresh = replace(fresh, position=scene_point(x, y, unit))
    said = f"GM: {new} joins the fight, like {model}, at {x:g},{y:g} {unit}."
    return (CombatantAdded(combatant=fresh),), said


def _like_at(words: Sequence[str], usage: str) -> tuple[int, int]:
    """Where an ``add`` line's ``like`` stands among ``words``, and where the model's name
    ends: at the place's ``at``, which follows it (a newcomer may be called "Man at Arms")."""
    lowered = [w.lower() for w in words]
    if "like" not in lowered or lowered.index("like") == 0:
        raise _refuse(f"Write it {usage!r}: the newcomer is a copy of someone in the scene.")
    at = lowered.index("like")
    return at, lowered.index("at", at) if "at" in lowered[at:] else len(words)


def _model(state: EncounterState, words: Sequence[str], at: int, stop: int) -> str:
    return one_name(words[at + 1 : stop], state, what="'like'", rule=GM_RULE)


def added_like(state: EncounterState, text: str) -> str | None:
    """The model of the GM's ``add NEW like MODEL`` line ``text``, read against ``state``,
    the scene it was given in; None for any other GM line."""
    words = _split(text)
    if not words or match(words[0], GM_COMMANDS) != "add":
        return None
    at, stop = _like_at(words[1:], _USAGE["add"])
    return _model(state, words[1:], at, stop)


def _beside(
    state: EncounterState, c: CombatantState, model: CombatantState, unit: Literal["ft", "m"]
) -> tuple[float, float]:
    """DEC-731: where ``c`` joins when the GM gives no place: beside ``model``, whose body takes
    up their own spot (S-1): the nearest whole step of the scene's unit east, west, north or
    south of them that nobody's body takes up, as the scene writes it."""
    mx, my = (
        (model.position.x_ft, model.position.y_ft)
        if unit == "ft"
        else (metres_from_feet(model.position.x_ft), metres_from_feet(model.position.y_ft))
    )
    # Feet written as metres and back carry float dust (6 m read back as 6.000000000000001).
    mx, my = round(mx, 6), round(my, 6)
    for step in range(1, _BESIDE_STEPS + 1):
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            x, y = mx + dx * step, my + dy * step
            at = scene_point(x, y, unit)
            if spot_taken(state, c, Body(center=at, posture=c.posture, size=c.size)) is None:
                return x, y
    raise _refuse(f"Nobody can stand near {model.name}: give {c.name} a place with 'at X,Y'.")


def _reorder(state: EncounterState, words: Sequence[str]) -> tuple[tuple[Event, ...], str]:
    if not words:
        raise _refuse(f"Write it {_USAGE['reorder']!r}.")
    first: list[str] = []
    i = 0
    while i < len(words):
        name, i = name_at(words, i, len(words), state)
        if name in first:
            raise _refuse(f"{name} is named twice in the new order.")
        first.append(name)
    groups = (*((n,) for n in first), *initiative_without(state.initiative, first))
    order = " → ".join(" & ".join(g) for g in groups)
    return (InitiativeOrdered(groups=groups),), f"GM: the order is now {order}."
