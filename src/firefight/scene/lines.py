"""Reading an action line: who acts, the verb, its words and ``--options``.

Every ruleset's actions are typed the same way -- ``"V shoots Rook --aim head"`` -- so the
reading lives here and a ruleset only says which verbs and options it knows
(:func:`read_line`) and what they mean. The line is split like a shell line: quotes keep a
name with spaces together, though names are matched greedily too (``Big Sal shoots Mara``
works). A verb may be spelled in several words (``fires rapid``). Unknown names, verbs and
options are refused with the closest matches.

>>> from firefight.scene.state import CombatantState, EncounterState
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

import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from firefight.declarations import DeclarationError, options_of, parse_value
from firefight.errors import RuleRefusal
from firefight.fuzzy import hint, suggestion
from firefight.limits import MAX_DIGITS
from firefight.scene.actions import ACTION_RULE
from firefight.scene.events import GM_COMMANDS, GM_RULE
from firefight.scene.gm_mods import option_mod
from firefight.scene.state import EncounterState, unknown_combatant
from firefight.text import controls, quoted
from firefight.trace import Modifier

__all__ = [
    "Line",
    "OptionKind",
    "Verb",
    "declared_options",
    "declared_values",
    "example_line",
    "name_at",
    "one_name",
    "option_int",
    "option_point",
    "read_line",
    "read_point",
    "verb_table",
    "write_line",
]

#: ``flag`` takes no value; ``str`` and ``int`` one; ``many`` may be given again and again.
OptionKind = Literal["flag", "str", "int", "many"]

_D = TypeVar("_D", int, None)


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

    def number(self, name: str, default: _D, rule: str = ACTION_RULE) -> int | _D:
        """The option's whole-number value, or ``default`` when it was not given."""
        text = self.first(name)
        return default if text is None else option_int(name, text, rule)

    def weapon_said(self, option: str, rule: str = ACTION_RULE) -> str | None:
        """The weapon named in the words after the verb (``Ann reloads 38``, as every ruleset's
        reload may say it), else by ``option`` (``--weapon``); both must name the same one.

        >>> said = Line(actor="Ann", verb="reloads", words=("38",), options={}, text="")
        >>> said.weapon_said("weapon")
        '38'
        >>> Line(actor="Ann", verb="reloads", words=("38",), options={"weapon": ("45",)},
        ...      text="").weapon_said("weapon")
        Traceback (most recent call last):
        ...
        firefight.errors.RuleRefusal: ENC-ACTION: 'reloads' names the weapon twice, '38' and \
--weapon 45: name it once.
        """
        given = self.first(option)
        if not self.words:
            return given
        named = " ".join(self.words)
        if given is not None and given.lower() != named.lower():
            raise RuleRefusal(
                rule,
                f"'{self.verb}' names the weapon twice, {named!r} and --{option} {given}: "
                "name it once.",
            )
        return named

    def mods(self, rule: str = ACTION_RULE, *, example: str = "-2:smoke") -> tuple[Modifier, ...]:
        """Every ``--mod VALUE:LABEL`` given, in order
        (:func:`~firefight.scene.gm_mods.option_mod`)."""
        return tuple(option_mod(m, rule, example=example) for m in self.options.get("mod", ()))


def name_at(words: Sequence[str], start: int, stop: int, state: EncounterState) -> tuple[str, int]:
    """The longest run of words from ``start`` that names someone in the scene, and where it
    ends; a refusal naming the closest names otherwise."""
    for end in range(stop, start, -1):
        found = state.find(" ".join(words[start:end]))
        if found is not None:
            return found.name, end
    raise unknown_combatant(words[start], state.names)


def one_name(
    words: Sequence[str], state: EncounterState, *, what: str, rule: str = ACTION_RULE
) -> str:
    """The one person ``words`` name, all of them: the longest run from the first word that
    names someone, with nothing left over; ``what`` says what the words were for.

    >>> from firefight.scene.state import CombatantState, EncounterState
    >>> from firefight.geometry import Point
    >>> sal = CombatantState(name="Big Sal", position=Point(x_ft=0, y_ft=0))
    >>> scene = EncounterState(title="t", ruleset="x", combatants=(sal,))
    >>> one_name(["big", "sal"], scene, what="--from")
    'Big Sal'
    >>> one_name(["big", "sal", "now"], scene, what="--from")
    Traceback (most recent call last):
    ...
    firefight.errors.RuleRefusal: ENC-ACTION: --from is one person; 'now' is left over.
    """
    for end in range(len(words), 0, -1):
        found = state.find(" ".join(words[:end]))
        if found is not None:
            if end != len(words):
                raise RuleRefusal(
                    rule, f"{what} is one person; {' '.join(words[end:])!r} is left over."
                )
            return found.name
    raise unknown_combatant(" ".join(words), state.names)


def _spelling_at(tokens: Sequence[str], i: int, verbs: Mapping[str, str], longest: int) -> int:
    """How many words from ``tokens[i]`` spell a verb, the longest spelling first; 0 for none."""
    for n in range(min(longest, len(tokens) - i), 0, -1):
        if " ".join(t.lower() for t in tokens[i : i + n]) in verbs:
            return n
    return 0


def _options(
    verb: str,
    tokens: Sequence[str],
    known: Mapping[str, OptionKind],
    rule: str,
    instead: Mapping[str, str],
    actor: str,
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
            what_to_do = instead.get(name)
            if what_to_do is not None:
                # What the line cannot say is done another way: that way, not a list (DEC-961).
                at = bool(positional) and positional[0].lower() == "at"
                named = positional[1:] if at else positional
                target = " ".join(named) or "TARGET"
                said = what_to_do.format(actor=actor, target=target)
                raise RuleRefusal(rule, f"'{verb}' has no option --{name}: {said}")
            said = hint(name, known, listing="it takes", prefix="--") if known else "it takes none."
            raise RuleRefusal(rule, f"'{verb}' has no option --{name}; {said}")
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


#: The curly quotes phones and word processors put in for straight ones, read as those
#: (DEC-962): a name in curly double quotes was read with its quotes, and named nobody.
_STRAIGHT_QUOTES = str.maketrans(
    {"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2018": "'", "\u2019": "'", "\u201a": "'"}
)


def split_words(text: str) -> list[str]:
    """``text`` split into words as a shell splits them (quotes group words), except that an
    apostrophe inside a word is a letter: "O'Neil shoots D'Arcy" names O'Neil and D'Arcy, where
    a shell reads a quotation running from one to the other (DEC-896). A ``ValueError`` for an
    unclosed quotation, as :func:`shlex.split` raises it.

    >>> split_words("O'Neil shoots 'Big Sal' --mod '-2:smoke'")
    ["O'Neil", 'shoots', 'Big Sal', '--mod', '-2:smoke']
    >>> split_words(write_line("O'Neil", "aims", "D'Arcy"))
    ["O'Neil", 'aims', "D'Arcy"]

    Curly quotes, as phones and word processors type them, are read as straight ones
    (DEC-962): a quotation in them groups words, an apostrophe in a name is a letter.

    >>> split_words("Mad Dog shoots \u201cBig Sal\u201d --mod \u2018-2:smoke\u2019")
    ['Mad', 'Dog', 'shoots', 'Big Sal', '--mod', '-2:smoke']
    >>> split_words("O\u2019Neil shoots D\u2019Arcy")
    ["O'Neil", 'shoots', "D'Arcy"]
    """
    text = text.translate(_STRAIGHT_QUOTES)
    out: list[str] = []
    quote = ""
    at = 0
    while at < len(text):
        ch = text[at]
        if ch == "\\" and quote != "'":
            # an escaped character is kept as typed: it neither opens nor closes a quotation
            out.append(text[at : at + 2])
            at += 2
            continue
        inside = 0 < at < len(text) - 1 and text[at - 1].isalnum() and text[at + 1].isalnum()
        if not quote and ch == "'" and inside:
            out.append("\\'")
        else:
            if not quote and ch in "'\"":
                quote = ch
            elif quote == ch:
                quote = ""
            out.append(ch)
        at += 1
    return shlex.split("".join(out))


def read_line(
    text: str,
    state: EncounterState,
    verbs: Mapping[str, str],
    options: Mapping[str, Mapping[str, OptionKind]],
    *,
    ruleset: str,
    rule: str = ACTION_RULE,
    instead: Mapping[str, str] | None = None,
) -> Line:
    """Split ``text`` into actor, verb, words and options.

    ``verbs`` maps every spelling accepted (``"shoot"``, ``"fires"``, ``"fires rapid"``), in
    lower case, to its canonical verb; the longest spelling found wins. ``options`` gives each
    canonical verb's options; ``instead``, options no verb takes because something else does
    what they would, each with what to do (``{actor}`` and ``{target}`` filled in from the
    line). Refusals cite ``rule``; a player who gave too little is shown a line of the scene's
    own people (:func:`example_line`).
    """
    if any(controls(text)):
        raise RuleRefusal(rule, "The action line holds a control character; type it plainly.")
    try:
        tokens = split_words(text)
    except ValueError as exc:
        raise RuleRefusal(rule, f"The action line cannot be read: {exc}.") from None
    canonical = tuple(dict.fromkeys(verbs.values()))
    if tokens and tokens[0].lower() in GM_COMMANDS and state.find(tokens[0]) is None:
        # Read as someone acting, the GM's command would name nobody called 'hits' (DEC-712).
        raise RuleRefusal(
            GM_RULE,
            f"{tokens[0].lower()!r} is the GM's command, not an action: give it with "
            "'encounter gm', or alone in 'encounter play' or the web table's whole line.",
        )
    first_option = next((i for i, t in enumerate(tokens) if t.startswith("--")), len(tokens))
    # A name alone (before any option) says who but no action: read for a verb, 'Mad Dog' was
    # told "Nobody called 'Mad'" (DEC-963).
    named = state.find(" ".join(tokens[:first_option])) if first_option else None
    if len(tokens) < 2 or named is not None:
        example = example_line(state, canonical[0], named.name if named else None)
        said = (
            f"{named.name!r} says who acts but not what they do: an action names both"
            if named
            else "An action names who acts and what they do"
        )
        raise RuleRefusal(rule, f"{said}, e.g. {example!r}.")
    longest = max(len(spelling.split()) for spelling in verbs)
    _refuse_a_verb_first(tokens, state, verbs, longest, rule)
    spelt = [i for i in range(1, first_option) if _spelling_at(tokens, i, verbs, longest)]
    # The verb follows the actor's whole name, which may spell one too (a 'Dash' who waits, a
    # 'Grapple Jones'; DEC-713): the verb after the longest run of words naming someone, as a
    # name is read, else the first.
    verb_at = next(
        (i for i in reversed(spelt) if state.find(" ".join(tokens[:i])) is not None),
        spelt[0] if spelt else None,
    )
    if verb_at is None:
        _, after = name_at(tokens, 0, max(1, min(first_option, len(tokens)) - 1), state)
        word = tokens[after] if after < len(tokens) else ""
        # The verbs are always listed: a player who guessed one wrong wants to see them all,
        # each as it is typed (a verb kept under a name no line reads, as its first spelling).
        typed = tuple(
            v if v in verbs else next(s for s, c in verbs.items() if c == v) for v in canonical
        )
        close = suggestion(word, typed)
        listed = "its verbs: " + ", ".join(typed) + "."
        said = f"{close} {listed.capitalize()}" if close else listed
        raise RuleRefusal(rule, f"{ruleset} knows no action {word!r}; {said}")
    actor, after = name_at(tokens, 0, verb_at, state)
    if after != verb_at:
        raise unknown_combatant(" ".join(tokens[:verb_at]), state.names)
    spelled = _spelling_at(tokens, verb_at, verbs, longest)
    verb = verbs[" ".join(t.lower() for t in tokens[verb_at : verb_at + spelled])]
    words, found = _options(
        verb, tokens[verb_at + spelled :], options.get(verb, {}), rule, instead or {}, actor
    )
    return Line(
        actor=actor, verb=verb, words=tuple(words), options=found, text=" ".join(text.split())
    )


def _refuse_a_verb_first(
    tokens: Sequence[str], state: EncounterState, verbs: Mapping[str, str], longest: int, rule: str
) -> None:
    """Refuse a line that opens with a verb and names nobody first (``shoots Viktor``): read
    as a name, it was told "Nobody called 'shoots' is in the scene". The example puts someone
    the line does not name before it."""
    spelled = _spelling_at(tokens, 0, verbs, longest)
    if not spelled or any(state.find(" ".join(tokens[:n])) for n in range(1, len(tokens) + 1)):
        return
    typed = " ".join(tokens[:spelled])
    named = {t.lower() for t in tokens}
    who = next((c.name for c in state.combatants if c.name.lower() not in named), "NAME")
    raise RuleRefusal(
        rule,
        f"A line starts with who acts: {typed!r} is what they do, "
        f"e.g. {who + ' ' + ' '.join(tokens)!r}.",
    )


def option_int(name: str, text: str, rule: str = ACTION_RULE) -> int:
    """A whole-number option value; one of more than :data:`MAX_DIGITS` digits is refused
    before it is converted.

    >>> option_int("ap", "9" * 5000)
    Traceback (most recent call last):
    ...
    firefight.errors.RuleRefusal: ENC-ACTION: --ap takes a whole number of at most 12 digits.
    """
    if not re.fullmatch(r"[+-]?\d+", text):
        raise RuleRefusal(rule, f"--{name} takes a whole number, not {quoted(text)}.")
    if len(text.lstrip("+-")) > MAX_DIGITS:
        raise RuleRefusal(rule, f"--{name} takes a whole number of at most {MAX_DIGITS} digits.")
    return int(text)


# Digits are bounded so that a place past the scene's limit is not even converted.
_NUMBER = rf"-?\d{{1,{MAX_DIGITS}}}(?:\.\d{{1,{MAX_DIGITS}}})?"
_POINT = re.compile(rf"\(?\s*({_NUMBER})\s*[, ]\s*({_NUMBER})\s*\)?")


def read_point(text: str) -> tuple[float, float] | None:
    """Coordinates written ``X,Y`` (or ``(X, Y)``, or ``X Y``), as typed; None for anything else.

    >>> read_point("(3, 4.5)"), read_point("Mara")
    ((3.0, 4.5), None)
    """
    match = _POINT.fullmatch(text.strip())
    if match is None:
        return None
    return float(match.group(1)), float(match.group(2))


def option_point(
    words: Sequence[str], *, what: str, unit: str, rule: str = ACTION_RULE
) -> tuple[float, float]:
    """Coordinates written ``X,Y`` (a leading ``to`` or ``at`` is skipped), as typed.

    >>> option_point(["to", "3,4.5"], what="'moves'", unit="m")
    (3.0, 4.5)
    """
    text = " ".join(w for w in words if w.lower() not in ("to", "at")).strip()
    point = read_point(text)
    if point is None:
        raise RuleRefusal(
            rule, f"{what} takes a place in {unit} as X,Y (e.g. '4,10'), not {quoted(text)}."
        )
    return point


def declared_options(declaration: type) -> dict[str, OptionKind]:
    """The action-line options a declaration gives: its fields marked ``line=True``, spelled
    as on the command line (:mod:`firefight.declarations`)."""
    kinds: dict[str, OptionKind] = {}
    for option in options_of(declaration):
        if option.param.line:
            kind: OptionKind = "many" if option.repeated else "str"
            if option.kind is bool:
                kind = "flag"
            elif option.kind is int and not option.repeated:
                # Said as a number, as a hand-written "int" is ("--bullets N", not TEXT).
                kind = "int"
            kinds[option.flag[2:]] = kind
    return kinds


def declared_values(line: Line, declaration: type, rule: str = ACTION_RULE) -> dict[str, Any]:
    """The values ``line`` gives the declaration's line options, read and checked exactly as
    the command line checks them; a bad one is refused under its option's rule (else ``rule``).
    """
    values: dict[str, Any] = {}
    for option in options_of(declaration):
        spelled = option.flag[2:]
        if not option.param.line or spelled not in line.options:
            continue
        given = line.options[spelled]
        try:
            if option.kind is bool:
                values[option.name] = True
            elif option.repeated:
                values[option.name] = option.check(tuple(parse_value(option, v) for v in given))
            else:
                values[option.name] = parse_value(option, given[0])
        except DeclarationError as exc:
            raise RuleRefusal(exc.rule or rule, str(exc).removeprefix(f"{exc.rule}: ")) from None
    return values


@dataclass(frozen=True, slots=True, kw_only=True)
class Verb:
    """One verb of a ruleset's action lines, as a form or a help page offers it: what may follow
    it (``words``, e.g. ``TARGET`` or ``[to] X,Y``), its options, and the declarations whose
    :class:`~firefight.declarations.Param` say what each option means (help, bounds, choices).
    """

    name: str
    options: Mapping[str, OptionKind]
    words: str = ""
    declarations: tuple[type, ...] = ()
    #: What the first word after the verb may be, where the rules name it (rmu's explosive
    #: loads for ``throws``, a Kindred's powers for ``rouses``): Tab offers them.
    first_words: tuple[str, ...] = ()

    def param_of(self, spelled: str) -> Any:
        """The :class:`~firefight.declarations.Option` an option spelled ``spelled`` (without
        ``--``) comes from, or None when no declaration gives it."""
        for declaration in self.declarations:
            for option in options_of(declaration):
                if option.flag[2:] == spelled:
                    return option
        return None

    def words_in(self, unit: str) -> str:
        """What follows the verb, a place saying the scene's ``unit`` (the help page's and the
        form's one wording): ``[to] X,Y (X,Y in ft)``."""
        return f"{self.words} (X,Y in {unit})" if "X,Y" in self.words else self.words


def verb_table(
    verbs: Mapping[str, str],
    options: Mapping[str, Mapping[str, OptionKind]],
    *,
    words: Mapping[str, str] | None = None,
    declarations: Mapping[str, tuple[type, ...]] | None = None,
    first_words: Mapping[str, Sequence[str]] | None = None,
) -> tuple[Verb, ...]:
    """The canonical verbs of a ruleset's tables (those :func:`read_line` reads), in the order
    they are first spelled, each named by its first spelling (what a line may say: "all-out
    attacks", not the key "all-out") with its options, words, declarations and first words."""
    spelled: dict[str, str] = {}
    for spelling, verb in verbs.items():
        spelled.setdefault(verb, spelling)
    return tuple(
        Verb(
            name=spelling,
            options=dict(options.get(verb, {})),
            words=(words or {}).get(verb, ""),
            declarations=(declarations or {}).get(verb, ()),
            first_words=tuple((first_words or {}).get(verb, ())),
        )
        for verb, spelling in spelled.items()
    )


def example_line(state: EncounterState, verb: str, actor: str | None = None) -> str:
    """A line of ``verb`` for a refusal to show, naming the scene's own people: ``actor`` (else
    the first) and someone else, of another side where there is one. A fixed "V shoots ..."
    named nobody in most fights.

    >>> from firefight.geometry import Point
    >>> from firefight.scene.state import CombatantState
    >>> people = tuple(CombatantState(name=n, position=Point(x_ft=0, y_ft=0))
    ...                for n in ("Kes", "Dova"))
    >>> scene = EncounterState(title="t", ruleset="x", combatants=people)
    >>> example_line(scene, "shoots"), example_line(scene, "shoots", "Dova")
    ('Kes shoots Dova', 'Dova shoots Kes')
    """
    people = state.combatants
    who = actor or (people[0].name if people else "NAME")
    found = state.find(who)
    others = [c for c in people if c.name != who]
    foes = [c for c in others if found is None or c.side != found.side]
    other = (foes or others)[0].name if others else "TARGET"
    return f"{who} {verb} {other}"


def write_line(
    actor: str,
    verb: str,
    words: str = "",
    options: Mapping[str, str | bool | Sequence[str]] | None = None,
) -> str:
    """An action line from a form's fields, the way :func:`read_line` reads it back: the actor's
    name quoted when it must be, ``words`` as typed, a flag for ``True``, one ``--option VALUE``
    per value (none for ``False`` or an empty value).

    >>> write_line("Big Sal", "shoots", "Mara", {"ap": "2", "prepared": True, "mod": ["-2:smoke"]})
    "'Big Sal' shoots Mara --ap 2 --prepared --mod -2:smoke"
    """
    parts = [shlex.quote(actor), verb]
    if words.strip():
        parts.append(" ".join(words.split()))
    for flag, value in (options or {}).items():
        if value is True:
            parts.append(f"--{flag}")
            continue
        values = [value] if isinstance(value, str) else [] if value is False else list(value)
        parts += [f"--{flag} {shlex.quote(v)}" for v in values if v.strip()]
    return " ".join(parts)
