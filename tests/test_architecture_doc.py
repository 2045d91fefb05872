"""docs/architecture.md's table of the ``Ruleset`` seams names every seam a ruleset has, and
nothing that is not one: a seam added to ``rulesets/base.py`` is a line of that table."""

from __future__ import annotations

import re
from pathlib import Path

from firefight.rulesets.base import Ruleset

DOC = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"


def _seams_table() -> set[str]:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("| seam | used by |") :]
    rows = table[: table.index("\n\n")].splitlines()[2:]
    return {name for row in rows for name in re.findall(r"`(\w+)(?:\(\))?`", row.split("|")[1])}


def test_the_seams_table_names_every_seam_and_only_seams() -> None:
    named = _seams_table()
    seams = {n for n in dir(Ruleset) if not n.startswith("_")}
    assert named <= seams, f"not a seam of Ruleset: {sorted(named - seams)}"
    # apply_figure is named in set_figure's row, quick_commands with the start-up's tricks.
    told_elsewhere = {"apply_figure", "quick_commands"}
    assert seams - named <= told_elsewhere, f"seams the table leaves out: {sorted(seams - named)}"
    text = DOC.read_text(encoding="utf-8")
    assert all(f"`{n}`" in text for n in told_elsewhere)
