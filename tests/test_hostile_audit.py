"""A careless user's audit (after the hostile-input suites): output files asked for two at a
time, and user catalog rows naming what the rest of the data does not know. Each ends in one
line naming the option, or the user's file and row; nothing is written, copied or left behind.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hostile_support import WAREHOUSE, assert_clean_exit, run

# --- two output files, the second unwritable --------------------------------------------------


@pytest.mark.parametrize(
    ("command", "good", "bad", "says"),
    [
        (["scene", "map", str(WAREHOUSE)], ("--svg", "map.svg"), ("--png", "no/map.png"),
         "does not exist"),
        (["scene", "map", str(WAREHOUSE)], ("--png", "map.png"), ("--svg", ""), "is a folder"),
        (["cheatsheet", "rmu"], ("--html", "sheet.html"), ("--pdf", "no/sheet.pdf"),
         "does not exist"),
    ],
)  # fmt: skip
def test_an_output_file_that_cannot_be_written_stops_the_command_before_any_is_written(
    tmp_path: Path, command: list[str], good: tuple[str, str], bad: tuple[str, str], says: str
) -> None:
    """`scene map --svg map.svg --png no/map.png` wrote the SVG, then failed on the PNG: half
    of what was asked, and exit status 2. Both are checked as the options are read, as the odds
    commands' --csv and --plot are."""
    result = run(*command, good[0], str(tmp_path / good[1]), bad[0], str(tmp_path / bad[1]))
    assert_clean_exit(result, allowed=(2,))
    assert f"Invalid value for '{bad[0]}'" in result.stderr and says in result.stderr
    assert sorted(tmp_path.iterdir()) == []
