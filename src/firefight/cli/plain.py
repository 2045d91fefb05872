"""Text written as rich writes it to a file or a pipe, without importing rich.

A resolved action's text (:func:`firefight.cli.resolving.show_outcome`) is a rule with a title,
lines of text, another rule and a headline. Written to a terminal, rich makes the title and the
headline bold; written anywhere else, it adds no style at all, and importing rich alone costs
a scripted shot a good share of its start-up budget (benchmarks/bench_startup.py). So where
rich would write plain text, :class:`PlainWriter` writes the same bytes itself: only for text
it reads the same way rich does (printable characters, nothing markup or an emoji code could
change, a title that fits its rule) and when rich would see no terminal; anything else goes
to rich. tests/test_plain_text.py holds the two to the same bytes.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TextIO

__all__ = ["PlainWriter"]

#: rich's rule: a box-drawing line, a cell wide.
_LINE = "\u2500"
# What rich's markup or emoji codes could read in a text (rich.markup, rich._emoji_replace):
# a tag's opening bracket, a backslash (escapes) and ``:name:``.
_RICH_READS = re.compile(r"\[[a-z#/@]|\\|:\S*?:")
# Environment variables that make rich write styles to a file, or that it reads its width from.
_STYLE_VARIABLES = ("FORCE_COLOR", "TTY_COMPATIBLE")


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
        columns = os.environ.get("COLUMNS")
        if columns is not None and columns.isdigit():
            width = int(columns)
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
