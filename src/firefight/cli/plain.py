"""Text written as rich writes it to a file or a pipe, without importing rich.

A resolved action's text (:func:`firefight.cli.resolving.show_outcome`) is a rule with a title,
lines of text, another rule and a headline. Written to a terminal, rich makes the title and the
headline bold; written anywhere else, it adds no style at all, and importing rich alone costs
a scripted shot a good share of its start-up budget (benchmarks/bench_startup.py). So where
rich would write plain text, :class:`PlainWriter` writes the same bytes itself: only for text
it reads the same way rich does (printable characters, nothing an escape or an emoji code could
change, a title that fits its rule) and when rich would see no terminal; anything else goes
to rich. tests/test_plain_text.py holds the two to the same bytes.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TextIO

__all__ = ["PlainWriter", "console_environ"]

#: rich's rule: a box-drawing line, a cell wide.
_LINE = "\u2500"
# What rich's markup or emoji codes could read in a text (rich.markup, rich._emoji_replace):
# a backslash (escapes) and ``:name:``. A tag's bracket is not: the text is escaped, and without
# a backslash in it escaping puts one before each tag that reading the markup takes off again,
# so ``[autofire x3]`` comes out as it is (DEC-562).
_RICH_READS = re.compile(r"\\|:\S*?:")
# Environment variables that make rich write styles to a file, or that it reads its width from.
_STYLE_VARIABLES = ("FORCE_COLOR", "TTY_COMPATIBLE")
# The environment variables rich reads the console's size from.
_SIZE_VARIABLES = ("COLUMNS", "LINES")


def _size(name: str) -> int | None:
    """The size ``name`` sets, when written in ASCII digits; None when unset or unreadable.

    rich reads any text ``str.isdigit`` accepts, and ``int()`` fails on some of it
    (``COLUMNS=\u00b2``, a superscript two): such a value counts as unset, here and in every
    console made (:func:`console_environ`), so that both read the same width.
    """
    value = os.environ.get(name)
    return int(value) if value is not None and value.isascii() and value.isdigit() else None


def console_environ() -> dict[str, str] | None:
    """The environment for a rich console: without a size variable :func:`_size` cannot read
    (rich then falls back as if it were unset: the terminal's size, else 80 columns); None,
    for rich to read the environment itself, when there is none to leave out."""
    unread = [n for n in _SIZE_VARIABLES if n in os.environ and _size(n) is None]
    if not unread:
        return None
    return {k: v for k, v in os.environ.items() if k not in unread}


def _plain(text: str) -> bool:
    """Whether rich writes ``text`` (escaped, then read as markup) unchanged: printable
    characters and line breaks only, nothing rich could take for markup or an emoji."""
    return text.replace("\n", "").isprintable() and not _RICH_READS.search(text)


class PlainWriter:
    """Writes to ``stream`` as a ``rich.console.Console(highlight=False, soft_wrap=True)``
    would when ``stream`` is no terminal; :meth:`can_write` says whether it would."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def _untouched(self) -> bool:
        """rich sees no terminal, on a system where it writes text as it is."""
        if sys.platform == "win32" or any(v in os.environ for v in _STYLE_VARIABLES):
            return False
        if not (getattr(self.stream, "encoding", None) or "utf-8").lower().startswith("utf"):
            return False
        try:
            return not self.stream.isatty()
        except ValueError:
            return False

    def width(self) -> int | None:
        """The width rich gives its rules: the first standard stream that is a terminal, unless
        ``COLUMNS`` says; else 80. None where rich's reading would be odd (``COLUMNS=0``)."""
        width = _size("COLUMNS")
        if width is not None:
            return width if width > 0 else None
        for descriptor in (0, 1, 2):
            try:
                found = os.get_terminal_size(descriptor).columns
            except (AttributeError, ValueError, OSError):
                continue
            return found or 80
        return 80

    def can_write(self, *texts: str, title: str = "") -> bool:
        """Whether every text, and a rule over ``title``, come out here as rich writes them."""
        if not self._untouched() or not all(_plain(t) for t in (*texts, title)):
            return False
        width = self.width()
        fits = width is not None and len(title) + 4 <= width
        return fits and title.isascii() and title.isprintable()

    def rule(self, title: str = "") -> None:
        """rich's ``Console.rule``, centred (``can_write`` said the title fits)."""
        width = self.width() or 80
        if not title:
            self.stream.write(_LINE * width + "\n")
            return
        side = (width - len(title)) // 2
        left = _LINE * max(side - 1, 0)
        right = _LINE * min(side + 1, width - len(left) - len(title))
        line = f"{left} {title} {right}"
        self.stream.write(line[:width].ljust(width) + "\n")

    def line(self, text: str) -> None:
        """rich's ``Console.print`` of escaped text: the text as it is, and a line break."""
        self.stream.write(text + "\n")
