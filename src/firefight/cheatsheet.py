"""A ruleset's cheat-sheet: the figures a table reaches for most (range bands, cover, common
modifiers, what actions cost) as a few small tables, built from the ruleset's data files by
its :meth:`~firefight.rulesets.base.Ruleset.cheatsheet` hook, so a changed or imported figure
shows up in it.

The renderers here know no ruleset: :func:`sheet_html` writes a printable page,
:func:`sheet_pdf` one or two A4 pages through matplotlib.

>>> s = Section(title="Ranges", columns=("band", "OB"), rows=(("Short", "+0"),))
>>> "<th>band</th>" in sheet_html("rmu", (s,))
True
"""

from __future__ import annotations

import html
import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["Section", "sheet_html", "sheet_pages", "sheet_pdf", "signed"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Section:
    """One small table of a cheat-sheet: a title, its column headings, its rows of cells and
    a short note (where the figures come from, what is provisional)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""

    def __post_init__(self) -> None:
        for number, row in enumerate(self.rows, start=1):
            if len(row) != len(self.columns):
                raise ValueError(
                    f"cheat-sheet section {self.title!r}, row {number}: {len(row)} cells for "
                    f"{len(self.columns)} columns"
                )


def signed(value: float) -> str:
    """A modifier as a sheet prints it, with its sign.

    >>> signed(10), signed(-25), signed(0), signed(1.5)
    ('+10', '-25', '+0', '+1.5')
    """
    return f"{value:+g}"


_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10pt; margin: 1.2cm; }
h1 { font-size: 15pt; margin: 0 0 0.4em; }
.sections { columns: 2; column-gap: 1.2cm; }
section { break-inside: avoid; margin-bottom: 0.9em; }
h2 { font-size: 11pt; margin: 0 0 0.25em; border-bottom: 1px solid #555; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 1px 6px 1px 0; vertical-align: top; }
th { border-bottom: 1px solid #999; }
p.note { color: #555; font-size: 8pt; margin: 0.2em 0 0; }
@page { size: A4; margin: 1cm; }
"""


def sheet_html(ruleset: str, sections: Sequence[Section]) -> str:
    """The cheat-sheet as a printable HTML page (two columns on A4; every text escaped)."""
    e = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>firefight {e(ruleset)} cheat-sheet</title><style>{_STYLE}</style></head>",
        f'<body><h1>firefight {e(ruleset)}: cheat-sheet</h1><div class="sections">',
    ]
    for s in sections:
        head = "".join(f"<th>{e(c)}</th>" for c in s.columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{e(cell)}</td>" for cell in row) + "</tr>" for row in s.rows
        )
        note = f'<p class="note">{e(s.note)}</p>' if s.note else ""
        parts.append(
            f"<section><h2>{e(s.title)}</h2><table><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>{note}</section>"
        )
    parts.append("</div></body></html>")
    return "\n".join(parts) + "\n"


#: A4 in inches, and the lines of text one page holds at the sheet's type size.
_A4 = (8.27, 11.69)
_LINES_PER_PAGE = 92


def _section_lines(s: Section) -> int:
    return len(s.rows) + 3 + len(textwrap.wrap(s.note, 95))


def sheet_pages(ruleset: str, sections: Sequence[Section]) -> list[Figure]:
    """The cheat-sheet as A4 matplotlib figures: two columns a page, sections never split."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    # Fill columns to an even share of the lines (a page's column at most), so one page's
    # two columns come out about as long as each other.
    total = sum(_section_lines(s) for s in sections)
    pages_needed = math.ceil(total / (2 * _LINES_PER_PAGE))
    target = min(_LINES_PER_PAGE, math.ceil(total / (2 * pages_needed)))
    columns: list[list[Section]] = [[]]
    used = 0
    for s in sections:
        need = _section_lines(s)
        if columns[-1] and used + need > target and used + need // 2 > target:
            columns.append([])
            used = 0
        columns[-1].append(s)
        used += need
    pages = [columns[i : i + 2] for i in range(0, len(columns), 2)]
    figures = []
    for number, page in enumerate(pages, start=1):
        # A short sheet is set larger: the longest column fills the page's height.
        longest = max(sum(_section_lines(s) for s in column) for column in page)
        line = min(1.2 / (_LINES_PER_PAGE + 6), 0.9 / longest)
        size = 7 * line * (_LINES_PER_PAGE + 6)
        fig = Figure(figsize=_A4)
        fig.text(0.06, 0.965, f"firefight {ruleset}: cheat-sheet", fontsize=13, weight="bold")
        fig.text(0.94, 0.965, f"{number}/{len(pages)}", fontsize=8, ha="right")
        for c, column in enumerate(page):
            x0, y = 0.06 + c * 0.46, 0.94
            for s in column:
                fig.text(x0, y, s.title, fontsize=size * 1.35, weight="bold")
                y -= line * 1.3
                lengths = _lengths(s)
                # A wide section is set smaller so that it keeps to its half of the page.
                cell = size * min(1.0, _COLUMN_WIDTH / (sum(lengths) * _char_width(size)))
                for k, row in enumerate((s.columns, *s.rows)):
                    x = x0
                    for text, length in zip(row, lengths, strict=True):
                        fig.text(x, y, text, fontsize=cell, weight="bold" if k == 0 else "normal")
                        x += length * _char_width(cell)
                    y -= line
                if s.note:
                    for part in textwrap.wrap(s.note, 95):
                        fig.text(x0, y, part, fontsize=size * 0.8, color="#555555")
                        y -= line * 0.8
                y -= line * 0.8
        figures.append(fig)
    return figures


def sheet_pdf(ruleset: str, sections: Sequence[Section], path: Path) -> int:
    """The cheat-sheet as a PDF of A4 pages; returns the number of pages."""
    from matplotlib.backends.backend_pdf import PdfPages

    pages = sheet_pages(ruleset, sections)
    with PdfPages(path) as pdf:
        for fig in pages:
            pdf.savefig(fig)
    return len(pages)


#: The width of a page's column, as a share of the page.
_COLUMN_WIDTH = 0.43


def _char_width(size: float) -> float:
    """About how much of the A4 page's width one character of ``size`` points takes."""
    return size * 0.6 / 72 / _A4[0]


def _lengths(s: Section) -> list[int]:
    """Each column's width in characters: its longest cell and a gap."""
    return [max(len(row[k]) for row in (s.columns, *s.rows)) + 2 for k in range(len(s.columns))]
