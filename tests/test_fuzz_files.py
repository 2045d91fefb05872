"""Fuzzing the files firefight reads (issue 12): scenario TOML, table TOML and Markdown, as text
and as raw bytes. Each reads, or is refused with one line naming the file; nothing else escapes.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import event, given, settings
from hypothesis import strategies as st

from firefight.encounter.scenario import initial_state, load_scenario, parse_scenario
from firefight.errors import FirefightError
from firefight.files import parse_toml
from firefight.rulesets.rmu.critical_markdown import import_critical_markdown
from firefight.rulesets.rmu.table_kinds import TABLE_KINDS
from firefight.tables.registry import table_from_data
from hostile_support import FUZZ, ROOT, WAREHOUSE, nasty_token, one_line

SCENARIO = WAREHOUSE.read_text(encoding="utf-8")
TABLE_TOML = (ROOT / "src/firefight/rulesets/rmu/tables/firearm-9mm.toml").read_text(
    encoding="utf-8"
)
MARKDOWN = """\
Practice Critical
| Roll | A | B | C | D | E |
|---|---|---|---|---|---|
| Head1 - 10 | AA scuff.+1H | BSparks.+2H1[-25] | CLaid open.+6H, 2 | DDented. +10H, 43[-50] \
| EGone. Foe is dead. +20H, 4-120 |
| Chest11 - 100 | AA thump.+2H | BFlex.+3H-5 | CGive.+8H, 1-10 | DLung.+12H, 31[-50], -15 \
| EHeart. Foe is dead. +30H, 9-100 |
"""


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few values swapped for nasty ones, lines dropped or doubled, or junk
    spliced in."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        at = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        how = draw(st.sampled_from(("value", "value", "drop", "double", "splice")))
        line = lines[at]
        if how == "value" and "=" in line:
            key = line.split("=", 1)[0]
            value = draw(st.one_of(nasty_token(), nasty_token().map(repr), st.just("[" * 80)))
            lines[at] = f"{key}= {value}"
        elif how == "value" and "|" in line:
            cells = line.split("|")
            cell = draw(st.integers(min_value=0, max_value=len(cells) - 1))
            cells[cell] = draw(nasty_token())
            lines[at] = "|".join(cells)
        elif how == "drop":
            del lines[at]
            lines = lines or [""]
        elif how == "double":
            lines.insert(at, line)
        else:
            cut = draw(st.integers(min_value=0, max_value=len(line)))
            lines[at] = line[:cut] + draw(st.text(max_size=20)) + line[cut:]
    return "\n".join(lines) + "\n"


def refused_in_one_line(exc: FirefightError, label: str) -> None:
    one_line(str(exc))
    assert label in str(exc), str(exc)
    event("refused")


@settings(FUZZ, max_examples=1800)
@given(text=mutated(SCENARIO))
def test_fuzz_scenario_files(text: str) -> None:
    try:
        scenario = parse_scenario(text, "fuzz.toml")
    except FirefightError as exc:
        refused_in_one_line(exc, "fuzz.toml")
        return
    initial_state(scenario)
    event("read")


@settings(FUZZ, max_examples=400)
@given(raw=st.one_of(st.binary(max_size=200), mutated(SCENARIO).map(str.encode)))
def test_fuzz_scenario_bytes(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_bytes(raw)
    try:
        load_scenario(path)
    except FirefightError as exc:
        refused_in_one_line(exc, str(path))


@settings(FUZZ, max_examples=1200)
@given(text=mutated(TABLE_TOML))
def test_fuzz_table_toml(text: str) -> None:
    try:
        table_from_data(parse_toml(text, "fuzz-table.toml"), "fuzz-table.toml", TABLE_KINDS)
    except FirefightError as exc:
        refused_in_one_line(exc, "fuzz-table.toml")


@settings(FUZZ, max_examples=1200)
@given(text=mutated(MARKDOWN), title=st.one_of(st.none(), nasty_token()))
def test_fuzz_table_markdown(text: str, title: str | None) -> None:
    try:
        import_critical_markdown(text, name="fuzz", title=title, source="fuzz.md")
    except FirefightError as exc:
        refused_in_one_line(exc, "fuzz.md")
