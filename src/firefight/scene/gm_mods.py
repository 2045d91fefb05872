"""A GM's own modifier, typed ``VALUE:LABEL`` (``-2:smoke``): what no named option covers.

One reading for every ruleset: :func:`option_mod` for an action line's ``--mod`` (a refusal
under the line's rule) and :func:`read_mod` for a command's (a declaration error naming the
option). Kept apart from :mod:`.lines` so that a quick command reads it without the scene.
"""

from __future__ import annotations

import re

from firefight.declarations import DeclarationError
from firefight.errors import RuleRefusal
from firefight.limits import MAX_DIGITS, MAX_GM_MOD
from firefight.scene.actions import ACTION_RULE
from firefight.text import quoted
from firefight.trace import Modifier

__all__ = ["option_mod", "read_mod"]


def option_mod(
    text: str, rule: str = ACTION_RULE, *, example: str = "-2:smoke", most: int = MAX_GM_MOD
) -> Modifier:
    """A GM's modifier written ``VALUE:LABEL`` (``-2:smoke``) on an action line, at most
    ``most`` either way, as the ruleset's command takes it (DEC-870); it cites no rule.
    ``example`` is one on the ruleset's own scale, for the refusal under ``rule``.

    >>> option_mod("+1000:luck").value
    Traceback (most recent call last):
    ...
    firefight.errors.RuleRefusal: ENC-ACTION: --mod takes VALUE:LABEL with VALUE -999 to 999, \
e.g. '-2:smoke', not '+1000:luck'.
    """
    problem = _mod_problem(text, example, most)
    if problem is not None:
        raise RuleRefusal(rule, f"--mod {problem}")
    return _gm_modifier(text)


def read_mod(text: str, *, example: str = "-2:smoke", most: int = MAX_GM_MOD) -> Modifier:
    """A GM's modifier a command's ``--mod`` gives, read as :func:`option_mod` reads a line's:
    ``VALUE:LABEL``, at most ``most`` either way (every ruleset's commands read it here). A
    :class:`DeclarationError` naming ``--mod`` otherwise.

    >>> read_mod("+2:spotter").render(), read_mod("-1").render()
    ('   +2  spotter', '   -1  GM modifier')
    >>> read_mod("+1000:luck")
    Traceback (most recent call last):
    ...
    firefight.declarations.DeclarationError: --mod: takes VALUE:LABEL with VALUE -999 to 999, \
e.g. '-2:smoke', not '+1000:luck'.
    """
    problem = _mod_problem(text, example, most)
    if problem is not None:
        raise DeclarationError("--mod", problem)
    return _gm_modifier(text)


def _mod_problem(text: str, example: str, most: int) -> str | None:
    """What is wrong with ``text`` as ``VALUE:LABEL`` (None: nothing); the value's digits are
    bounded so that a huge one is not even converted."""
    value = text.partition(":")[0].strip()
    if re.fullmatch(rf"[+-]?\d{{1,{MAX_DIGITS}}}", value) and abs(int(value)) <= most:
        return None
    return f"takes VALUE:LABEL with VALUE -{most} to {most}, e.g. {example!r}, not {quoted(text)}."


def _gm_modifier(text: str) -> Modifier:
    value, _, label = text.partition(":")
    return Modifier(value=int(value), label=label.strip() or "GM modifier", rule=None)
