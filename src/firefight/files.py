"""Reading the files a user hands firefight: one reader for scenarios, tables, targets, imports.

Whatever the file holds, reading it ends in its text (or parsed document) or in a
:class:`~firefight.errors.TableDataError` naming the file and, where one can be found, the
line: a missing or unreadable file, bytes that are not UTF-8 (a binary file), a file over
:data:`~firefight.limits.MAX_FILE_BYTES`, brackets nested deeper than
:data:`~firefight.limits.MAX_NESTING` (which would exhaust the parsers' recursion), syntax
errors, and a key given twice in one JSON object (TOML refuses that itself; JSON would keep the
last silently, DEC-886).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from firefight.errors import TableDataError
from firefight.limits import MAX_FILE_BYTES, MAX_NESTING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = [
    "KeyGivenTwice",
    "check_nesting",
    "json_once_each",
    "parse_json",
    "parse_toml",
    "read_json",
    "read_text",
    "read_toml",
]

# Strings and comments are skipped so that a bracket inside them does not count.
_TOML_TOKENS = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:\\.|[^"\\\n])*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]'
)
_JSON_TOKENS = re.compile(r'"(?:\\.|[^"\\])*"|[\[\]{}]')
# A string followed by a colon is an object's key.
_JSON_KEYS = re.compile(r'("(?:\\.|[^"\\])*")\s*:|[\[\]{}]|"(?:\\.|[^"\\])*"')


def read_text(source: Traversable | Path, label: str | None = None) -> str:
    """The file's text, decoded as UTF-8, without the byte-order mark some editors write
    before it (DEC-928: it is no part of the text, and TOML and JSON readers refuse it).

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "x.toml"
    >>> _ = path.write_bytes(b"a = 1\\nb = '\\xff'\\n")
    >>> read_text(path, "x.toml")
    Traceback (most recent call last):
    ...
    firefight.errors.TableDataError: x.toml, line 2: not UTF-8 text (byte 0xff); is it a binary \
file?
    """
    label = label or str(source)
    try:
        raw = source.read_bytes()
    except OSError as exc:
        raise TableDataError(label, "file", exc.strerror or str(exc)) from None
    if len(raw) > MAX_FILE_BYTES:
        raise TableDataError(
            label, "file", f"{len(raw):,} bytes is over the limit of {MAX_FILE_BYTES:,}"
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise TableDataError(
            label,
            f"line {line}",
            f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); is it a binary file?",
        ) from None


def check_nesting(text: str, label: str, *, syntax: str = "TOML") -> None:
    """Refuse brackets nested deeper than :data:`MAX_NESTING`, naming the line where it happens.

    >>> check_nesting("a = " + "[" * 100 + "]" * 100, "deep.toml")
    Traceback (most recent call last):
    ...
    firefight.errors.TableDataError: deep.toml, line 1: brackets nested 65 deep; the limit is 64
    """
    tokens = _TOML_TOKENS if syntax == "TOML" else _JSON_TOKENS
    depth = 0
    for match in tokens.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_NESTING:
                line = text.count("\n", 0, match.start()) + 1
                raise TableDataError(
                    label,
                    f"line {line}",
                    f"brackets nested {depth} deep; the limit is {MAX_NESTING}",
                )
        elif token in "]}":
            depth = max(0, depth - 1)


def parse_toml(text: str, label: str) -> dict[str, Any]:
    """TOML text parsed; a syntax error or deep nesting names ``label`` and the line."""
    check_nesting(text, label)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TableDataError(label, "TOML syntax", str(exc)) from None
    except ValueError as exc:
        # An integer of more digits than Python converts (thousands of digits).
        raise TableDataError(label, "TOML", str(exc).split(";")[0]) from None
    except RecursionError:
        raise TableDataError(label, "TOML syntax", "nested too deep to read") from None


def parse_json(text: str, label: str) -> Any:
    """JSON text parsed; a syntax error or deep nesting names ``label`` and the line."""
    import json  # only for a JSON file: reading TOML does not load it

    check_nesting(text, label, syntax="JSON")
    try:
        return json_once_each(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise TableDataError(label, f"line {exc.lineno}", f"JSON syntax: {exc.msg}") from None
    except KeyGivenTwice as exc:
        where = f"line {exc.line}" if exc.line is not None else "JSON"
        raise TableDataError(label, where, str(exc)) from None
    except (RecursionError, ValueError) as exc:
        # ValueError: an integer of more digits than Python converts.
        raise TableDataError(label, "JSON", str(exc) or "nested too deep to read") from None


class KeyGivenTwice(ValueError):
    """A key given twice in one JSON object (DEC-886): the key, and the line and column (of
    its opening quote, both from 1) it is given the second time at (None: not found)."""

    def __init__(self, key: str, line: int | None, column: int | None = None) -> None:
        super().__init__(f"the key {key!r} is given twice in one object; keep one")
        self.key = key
        self.line = line
        self.column = column


def json_once_each(text: str, **options: Any) -> Any:
    """JSON ``text`` parsed by :func:`json.loads` (given ``options``), refusing a key given
    twice in one object with :class:`KeyGivenTwice`: JSON readers keep the last one silently,
    so the first was dropped unseen (DEC-886). The one check of a user's JSON, a file's
    (:func:`parse_json`) or a request's (the web API's bodies, DEC-891); whatever else
    :func:`json.loads` raises goes up as it is."""
    import json

    try:
        return json.loads(text, object_pairs_hook=_one_each, **options)
    except KeyGivenTwice as exc:
        # The hook sees an object's pairs, not where they stand: the text is read again, once.
        line, column, key = _first_twice(text) or (None, None, exc.key)
        raise KeyGivenTwice(key, line, column) from None


def _one_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's pairs as a dict, refusing a key given twice: JSON readers keep the last one
    silently, so a doubled ``"hits"`` would drop the first without a word (DEC-886)."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise KeyGivenTwice(key, None)
            seen.add(key)
    return found


def _first_twice(text: str) -> tuple[int, int, str] | None:
    """The line, column and key of the first key given twice in one object of ``text`` (valid
    JSON), read again only once a doubled key was met, to say where it is."""
    import json

    objects: list[set[str] | None] = []  # per open bracket: the keys seen, None for a list
    for match in _JSON_KEYS.finditer(text):
        token = match.group()
        if token in "[{":
            objects.append(set() if token == "{" else None)
        elif token in "]}":
            objects.pop()
        elif match.group(1) is not None and objects and objects[-1] is not None:
            key = json.loads(match.group(1))
            if key in objects[-1]:
                at = match.start()
                line_start = text.rfind("\n", 0, at) + 1
                return text.count("\n", 0, at) + 1, at - line_start + 1, key
            objects[-1].add(key)
    return None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows; numbers must be finite")


def read_toml(source: Traversable | Path, label: str | None = None) -> dict[str, Any]:
    """A TOML file read and parsed (:func:`read_text`, :func:`parse_toml`)."""
    label = label or str(source)
    return parse_toml(read_text(source, label), label)


def read_json(source: Traversable | Path, label: str | None = None) -> Any:
    """A JSON file read and parsed (:func:`read_text`, :func:`parse_json`)."""
    label = label or str(source)
    return parse_json(read_text(source, label), label)
