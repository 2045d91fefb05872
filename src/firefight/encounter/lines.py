"""Reading an action line: who acts, the verb, its words and ``--options``.

Every ruleset's actions are typed the same way -- ``"V shoots Rook --aim head"`` -- so the
reading lives here and a ruleset only says which verbs and options it knows
(:func:`read_line`) and what they mean. The line is split like a shell line: quotes keep a
name with spaces together, though names are matched greedily too (``Big Sal shoots Mara``
works). Unknown names, verbs and options are refused with the closest matches.

>>> from firefight.encounter.state import CombatantState, EncounterState
>>> from firefight.geometry import Point
>>> people = tuple(CombatantState(name=n, position=Point(x_ft=i, y_ft=0))
...                for i, n in enumerate(["V", "Big Sal"]))
>>> scene = EncounterState(title="t", ruleset="x", combatants=people)
>>> line = read_line("v shoots big sal --aim head", scene, {"shoots": "shoots"},
...                  {"shoots": {"aim": "str"}}, ruleset="x")
>>> line.actor, line.verb, line.words, dict(line.options)
('V', 'shoots', ('big', 'sal'), {'aim': ('head',)})
>>> name_at(line.words, 0, len(line.words), scene)
('Big Sal', 2)
"""

from __future__ import annotations

import difflib
import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from firefight.encounter.actions import ACTION_RULE
from firefight.encounter.state import EncounterState, unknown_combatant
from firefight.errors import RuleRefusal
from firefight.trace import Modifier

__all__ = [
    "Line",
    "OptionKind",
    "name_at",
    "option_int",
    "option_mod",
    "option_point",
    "read_line",
]

#: ``flag`` takes no value; ``str`` and ``int`` one; ``many`` may be given again and again.
OptionKind = Literal["flag", "str", "int", "many"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Line:
    """A line read against the scene: ``verb`` is the canonical verb, ``words`` what follows
    it up to the options, ``options`` each option's values in order (``""`` for a flag)."""

    actor: str
    verb: str
    words: tuple[str, ...]
    options: Mapping[str, tuple[str, ...]]
    text: str

    def first(self, name: str) -> str | None:
        """The option's value, or None when it was not given."""
        values = self.options.get(name)
        return values[0] if values else None

    def has(self, name: str) -> bool:
        return name in self.options


def name_at(words: Sequence[str], start: int, stop: int, state: EncounterState) -> tuple[str, int]:
    """The longest run of words from ``start`` that names someone in the scene, and where it
    ends; a refusal naming the closest names otherwise."""
    for end in range(stop, start, -1):
        found = state.find(" ".join(words[start:end]))
        if found is not None:
            return found.name, end
    raise unknown_combatant(words[start], state.names)


def _options(
    verb: str, tokens: Sequence[str], known: Mapping[str, OptionKind], rule: str
) -> tuple[list[str], dict[str, tuple[str, ...]]]:
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
            close = difflib.get_close_matches(name, list(known), n=2, cutoff=0.5)
            if close:
                hint = "did you mean " + " or ".join(f"--{c}" for c in close) + "?"
            elif known:
                hint = "it takes " + ", ".join(f"--{k}" for k in known) + "."
            else:
                hint = "it takes none."
            raise RuleRefusal(rule, f"'{verb}' has no option --{name}; {hint}")
        if known[name] == "flag":
            if eq:
                raise RuleRefusal(rule, f"--{name} takes no value.")
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
            raise RuleRefusal(rule, f"--{name} needs a value.")
        found.setdefault(name, []).append(value)
    for name, values in found.items():
        if len(values) > 1 and known[name] != "many":
            raise RuleRefusal(rule, f"--{name} is given {len(values)} times; give it once.")
    return positional, {k: tuple(v) for k, v in found.items()}


def read_line(
    text: str,
    state: EncounterState,
    verbs: Mapping[str, str],
    options: Mapping[str, Mapping[str, OptionKind]],
    *,
    ruleset: str,
    rule: str = ACTION_RULE,
) -> Line:
    """Split ``text`` into actor, verb, words and options.

    ``verbs`` maps every spelling accepted (``"shoot"``, ``"fires"``) to its canonical verb;
    ``options`` gives each canonical verb's options. Refusals cite ``rule``.
    """
    try:
        tokens = shlex.split(text)
    except ValueError as exc:
        raise RuleRefusal(rule, f"The action line cannot be read: {exc}.") from None
    canonical = tuple(dict.fromkeys(verbs.values()))
    if len(tokens) < 2:
        raise RuleRefusal(
            rule, f"An action names who acts and what they do, e.g. 'V {canonical[0]} ...'."
        )
    first_option = next((i for i, t in enumerate(tokens) if t.startswith("--")), len(tokens))
    verb_at = next((i for i, t in enumerate(tokens) if t.lower() in verbs), None)
    if verb_at is None or verb_at == 0 or verb_at > first_option:
        _, after = name_at(tokens, 0, max(1, min(first_option, len(tokens)) - 1), state)
        word = tokens[after] if after < len(tokens) else ""
        close = difflib.get_close_matches(word.lower(), canonical, n=2, cutoff=0.5)
        hint = (
            "did you mean " + " or ".join(repr(c) for c in close) + "?"
            if close
            else "it knows " + ", ".join(canonical) + "."
        )
        raise RuleRefusal(rule, f"{ruleset} knows no action {word!r}; {hint}")
    actor, after = name_at(tokens, 0, verb_at, state)
    if after != verb_at:
        raise unknown_combatant(" ".join(tokens[:verb_at]), state.names)
    verb = verbs[tokens[verb_at].lower()]
    words, found = _options(verb, tokens[verb_at + 1 :], options.get(verb, {}), rule)
    return Line(
        actor=actor, verb=verb, words=tuple(words), options=found, text=" ".join(text.split())
    )


def option_int(name: str, text: str, rule: str = ACTION_RULE) -> int:
    """A whole-number option value."""
    if not re.fullmatch(r"[+-]?\d+", text):
        raise RuleRefusal(rule, f"--{name} takes a whole number, not {text!r}.")
    return int(text)


def option_mod(text: str, rule: str = ACTION_RULE) -> Modifier:
    """A GM's modifier written ``VALUE:LABEL`` (``-2:smoke``); it cites no rule."""
    value, _, label = text.partition(":")
    if not re.fullmatch(r"[+-]?\d+", value.strip()):
        raise RuleRefusal(rule, f"--mod takes VALUE:LABEL, e.g. '-2:smoke', not {text!r}.")
    return Modifier(value=int(value), label=label.strip() or "GM modifier", rule=None)


_POINT = re.compile(r"\(?\s*(-?\d+(?:\.\d+)?)\s*[, ]\s*(-?\d+(?:\.\d+)?)\s*\)?")


def option_point(
    words: Sequence[str], *, what: str, unit: str, rule: str = ACTION_RULE
) -> tuple[float, float]:
    """Coordinates written ``X,Y`` (a leading ``to`` or ``at`` is skipped), as typed.

    >>> option_point(["to", "3,4.5"], what="'moves'", unit="m")
    (3.0, 4.5)
    """
    text = " ".join(w for w in words if w.lower() not in ("to", "at")).strip()
    match = _POINT.fullmatch(text)
    if match is None:
        raise RuleRefusal(
            rule, f"{what} takes a place in {unit} as X,Y (e.g. '4,10'), not {text!r}."
        )
    return float(match.group(1)), float(match.group(2))
