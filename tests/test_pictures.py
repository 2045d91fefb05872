"""Pictures a GM reads at a glance (issue 20): odds charts on one 0-100% scale with every bar
labelled and every condition in the title, heatmaps with numbers, units and small multiples
in a greyscale-safe colour map, the fights chart headline first, CSV without floating-point
noise, the map as PNG and at a past round, round recaps and cheat-sheets. The pictures' content
is read back through matplotlib's objects, the SVG's text and the PNG's header."""

from __future__ import annotations

import csv
import itertools
import re
from pathlib import Path

import pytest
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from typer.testing import CliRunner

from firefight.cheatsheet import Section, sheet_html, sheet_pages
from firefight.cli.app import app
from firefight.cli.odds_kit import csv_number
from firefight.declarations import conditions
from firefight.odds.plots import HEATMAP_COLOURS, plot_fights, plot_heatmap, plot_outcomes
from firefight.odds.sweep import SweepResult
from firefight.probability.stats import Stat, StatValue, share_interval
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.shot_options import ShotOptions
from firefight.wording import chance_in_words

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _value(name: str, value: float, group: str = "outcome") -> StatValue:
    stat = Stat(name=name, label=f"P({name})", kind="probability", read=float, group=group)  # type: ignore[arg-type]
    return StatValue(stat=stat, value=value, standard_error=0.0)


def _texts(fig: Figure) -> list[str]:
    found = [t.get_text() for t in fig.texts]
    for ax in fig.axes:
        found += [t.get_text() for t in ax.texts]
        found.append(ax.get_title())
        found.append(ax.get_xlabel())
        found += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
    found += [fig.get_suptitle(), fig.get_supxlabel()]
    return found


# --- the odds of one action ------------------------------------------------------------------


def test_outcomes_and_effects_share_one_0_to_100_scale_and_every_bar_says_its_share(
    tmp_path: Path,
) -> None:
    """A 3.4% effect must not look as tall as a 92% miss: every panel reads the same axis."""
    values = [
        _value("miss", 0.92),
        _value("hit", 0.08),
        _value("bleeding", 0.034, "effect"),
        _value("left dead", 0.01, "after"),
    ]
    fig = plot_outcomes(values, "odds: test", tmp_path / "o.png")
    axes = fig.axes
    assert len(axes) == 3
    assert {ax.get_ylim() for ax in axes} == {(0.0, 108.0)}
    heights = sorted(
        round(p.get_height(), 6) for ax in axes for p in ax.patches if isinstance(p, Rectangle)
    )
    assert heights == [1.0, 3.4, 8.0, 92.0]
    labels = [t.get_text() for ax in axes for t in ax.texts]
    assert labels == ["92.0%", "8.0%", "1.0%", "3.4%"]
    assert (tmp_path / "o.png").read_bytes().startswith(b"\x89PNG")


def test_the_chart_title_names_every_condition_and_the_cut_off_in_words(tmp_path: Path) -> None:
    given = conditions(
        ShotOptions,
        {"weapon": "glock-17", "ob": 65, "distance": 40.0, "cover": "half", "armor": "BA II"},
    )
    assert given == ("weapon glock-17", "ob 65", "distance 40 ft", "armor BA II", "cover half")
    fig = plot_outcomes(
        [_value("miss", 1.0)],
        "odds: glock-17",
        tmp_path / "o.png",
        conditions=given,
        footnote="exact; what lies past them (less than one chance in a trillion) is not shown",
    )
    text = "\n".join(_texts(fig))
    for word in given:
        assert word in text
    assert "less than one chance in a trillion" in text
    assert "e-13" not in text


def test_a_hit_is_split_into_hits_that_hurt_and_hits_armor_stopped(tmp_path: Path) -> None:
    """`odds rmu shoot` against BA II: of the 48% that hit without a critical, 18% do no harm
    at all; the chart's outcome bars then add up to 100%."""
    table = tmp_path / "shot.csv"
    result = runner.invoke(
        app,
        [
            "odds", "rmu", "shoot", "--weapon", "glock-17", "--ob", "65", "--distance", "40",
            "--armor", "BA II", "--csv", str(table),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "given: weapon glock-17, ob 65, distance 40 ft, armor BA II" in result.output
    rows = {
        r["stat"]: float(r["value"])
        for r in csv.DictReader(table.read_text(encoding="utf-8").splitlines())
    }
    assert rows["p_hits_hurt"] + rows["p_stopped"] == pytest.approx(rows["p_hits_only"])
    assert rows["p_stopped"] == pytest.approx(0.18)
    outcomes = ["p_fumble", "p_miss", "p_cannot_hit", "p_hits_hurt", "p_stopped"]
    outcomes += [f"p_critical_{s}" for s in "ABCDEFGHIJ"]
    assert sum(rows[k] for k in outcomes) == pytest.approx(1.0)
    assert "hit, stopped by armor: no hits, no critical" in result.output


def test_small_chances_are_said_in_words() -> None:
    assert chance_in_words(1.0e-13) == "less than one chance in a trillion"
    assert chance_in_words(5e-10) == "less than one chance in a billion"
    assert chance_in_words(0.25) == "25%"


# --- sweeps ----------------------------------------------------------------------------------


def _sweep(weapons: int, armors: int, obs: int) -> SweepResult:
    points, values = [], []
    for w in range(weapons):
        for o in range(obs):
            for a in range(armors):
                points.append((f"gun-{w}", 10 * o, f"AT {a + 1}"))
                values.append((min(1.0, 0.05 * o + 0.01 * w),))
    return SweepResult(
        parameters=("weapon", "distance", "armor"),
        points=tuple(points),
        stat_names=("p_hit",),
        stat_labels=("P(hit)",),
        values=tuple(values),
        refusals=tuple(None for _ in points),
        method="exact",
    )


def test_a_wide_sweep_becomes_small_multiples_with_numbers_and_units(tmp_path: Path) -> None:
    """Eight weapons x three armors is 24 rows: a panel per weapon instead, each cell numbered,
    the distance axis in feet."""
    fig = plot_heatmap(
        _sweep(8, 3, 5), "p_hit", tmp_path / "h.png", x="distance", units={"distance": "ft"}
    )
    titled = [ax.get_title() for ax in fig.axes if ax.get_title()]
    assert titled == [f"weapon gun-{w}" for w in range(8)]
    first = fig.axes[0]
    assert [t.get_text() for t in first.get_yticklabels()] == ["AT 1", "AT 2", "AT 3"]
    assert len(first.texts) == 15
    assert first.texts[0].get_text() == "0"
    assert first.texts[1].get_text() == "5.0"  # small shares keep a decimal, not "0"
    assert "distance (ft)" in [ax.get_xlabel() for ax in fig.axes]


def test_the_heatmap_colours_print_in_greyscale() -> None:
    """Lightness rises steadily along the colour map, so grey levels keep the order."""
    from matplotlib import colormaps

    cmap = colormaps[HEATMAP_COLOURS]
    grey = [
        0.2126 * r + 0.7152 * g + 0.0722 * b
        for r, g, b in (to_rgb(cmap(k / 20)) for k in range(21))
    ]
    assert all(a < b for a, b in itertools.pairwise(grey))


def test_csv_numbers_are_rounded_to_six_decimals_by_default(tmp_path: Path) -> None:
    assert csv_number(0.9100000000000006) == "0.91"
    assert csv_number(1 / 3, 3) == "0.333"
    out = tmp_path / "s.csv"
    result = runner.invoke(
        app,
        [
            "odds", "sweep", "rmu", "shoot", "--weapon", "glock-17", "--ob", "10:40:10",
            "--distance", "40", "--workers", "0", "--csv", str(out),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    numbers = re.findall(r"\d+\.\d+", out.read_text(encoding="utf-8"))
    assert numbers and all(len(n.split(".")[1]) <= 6 for n in numbers)


# --- many fights -----------------------------------------------------------------------------


def test_the_fights_chart_leads_with_who_wins_and_how_often_nobody_does(tmp_path: Path) -> None:
    ends = [
        ("smugglers", 0.24, share_interval(24, 100)),
        ("nobody (20 rounds ran out)", 0.69, share_interval(69, 100)),
    ]
    fig = plot_fights(ends, {"Mara": ({3: 10}, 90)}, 100, tmp_path / "f.png", title="warehouse")
    head = fig.axes[0]
    assert head.get_title() == "how the fights end"
    assert [t.get_text() for t in head.get_yticklabels()] == [e[0] for e in ends]
    assert head.texts[0].get_text() == "24.0%  (95%: 16.7% to 33.2%)"
    assert fig.axes[1].get_title() == "time to incapacitate"


def test_a_wilson_interval_stays_inside_0_and_1() -> None:
    assert share_interval(0, 20)[0] == 0.0
    assert share_interval(20, 20)[1] == 1.0
    low, high = share_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)


# --- the map, recaps, cheat-sheets -----------------------------------------------------------


def test_scene_map_writes_a_png(tmp_path: Path) -> None:
    png = tmp_path / "map.png"
    result = runner.invoke(
        app, ["scene", "map", str(ROOT / "examples" / "warehouse.toml"), "--png", str(png)]
    )
    assert result.exit_code == 0, result.output
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG")
    width = int.from_bytes(data[16:20], "big")
    assert width >= 1400  # twice the drawing's 720 px and its legend: sharp at A5


def test_cpr_shapes_on_the_map_the_blast_square_and_the_suppression_ring() -> None:
    from firefight.encounter.scenario import initial_state, load_scenario
    from firefight.scene.svg import scene_svg

    state = initial_state(load_scenario(ROOT / "examples" / "night-market.toml"))
    cpr = find_ruleset("cpr")
    thrown = cpr.overlay(state, cpr.parse_action("V throws grenade at Rook", state))
    assert len(thrown.areas) == 1 and thrown.areas[0].label == "blast: 10 m square"
    assert len(thrown.lines) == 1
    swept = cpr.overlay(state, cpr.parse_action("Rook suppresses", state))
    assert [r.label for r in swept.rings] == ["suppression: 25 m"]
    drawn = scene_svg(state, unit="m", overlay=thrown)
    assert "<title>blast: 10 m square</title></polygon>" in drawn


def test_encounter_map_and_recap_read_a_past_round(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'ff.db'}"
    scenario = str(ROOT / "examples" / "warehouse.toml")

    def run(*args: str) -> str:
        result = runner.invoke(app, ["encounter", *args, "--store", store])
        assert result.exit_code == 0, result.output
        return result.output

    run("new", "wh", "-s", scenario, "--seed", "1")
    run("act", "wh", "Mara shoots Viktor", "--rolls", "90,40")
    run("next-round", "wh", "--seed", "2", "--force")
    md = run("recap", "wh", "--round", "1", "--markdown")
    assert md.startswith("## Warehouse raid, round 1\n")
    assert "- **Mara**: Mara fires the glock at Viktor" in md
    assert "now: weapons glock 17/17 ball +1 spare → glock 16/17 ball +1 spare" in md
    html = run("recap", "wh", "--round", "1", "--html")
    assert "<strong>Mara</strong>" in html
    svg = tmp_path / "r1.svg"
    run("map", "wh", "--round", "1", "--svg", str(svg))
    assert "Warehouse raid" in svg.read_text(encoding="utf-8")
    missing = runner.invoke(app, ["encounter", "recap", "wh", "--round", "9", "--store", store])
    assert missing.exit_code != 0
    assert "round 9 has not been played" in missing.output
    for command in ("recap", "map"):
        zero = runner.invoke(app, ["encounter", command, "wh", "--round", "0", "--store", store])
        assert zero.exit_code == 2
        assert zero.output.strip().splitlines() == [
            "error: --round is 0: rounds are counted from 1"
        ]


def test_a_round_s_recap_tells_what_came_as_it_opened() -> None:
    """RMU-EXP-9, RMU-EXP-8 (DEC-710): the grenade room's m67 goes off as round 3 opens, its
    blast told under round 3 in the log; the recap skipped every round's opening record, so the
    blast, its hits and its bleeding were in no round's recap and round 3's 'now' said nobody
    was hurt. A round's recap tells its opening as the log does, and how each stands after it."""
    from encounter_support import MemoryStore
    from firefight.cli.encounter import play_scenario
    from firefight.encounter.recap import recap_round
    from firefight.service import EncounterService

    service = EncounterService(MemoryStore())
    play_scenario(service, ROOT / "examples" / "grenade-room.toml", "room")
    loaded = service.load("room")
    told = recap_round(loaded.scene, loaded.records, loaded.ruleset, 3)
    assert "The m67 (m67-1-1) goes off [RMU-EXP-1]." in told.scene
    assert "Mara takes 13 hits [RMU-EXP-8]." in told.scene
    changed = {p.name: dict((col, (was, now)) for col, was, now in p.changed) for p in told.people}
    assert changed["Mara"]["hits"] == ("55/55", "34/55")
    assert changed["Mara"]["conditions"] == ("-", "bleed 3")
    # Each record is told once: round 2's recap has not the blast, round 3's not round 2's moves.
    earlier = recap_round(loaded.scene, loaded.records, loaded.ruleset, 2)
    assert not any("goes off" in line for line in earlier.scene)
    assert "Ilya moves 20 ft to (-6, 72)." not in [d for p in told.people for d in p.did]
    # What every opening resets (rmu's AP, cpr's and cards' turn) is no change to tell.
    play_scenario(service, ROOT / "examples" / "night-market.toml", "market")
    loaded = service.load("market")
    told = recap_round(loaded.scene, loaded.records, loaded.ruleset, loaded.state.round)
    assert not any(col == "turn" for p in told.people for col, _, _ in p.changed)


def test_the_recap_as_markdown_and_html_tells_the_round_s_opening() -> None:
    """RMU-EXP-8 (DEC-710): the recap a GM pastes or the web shows tells round 3's opening
    too: the m67 going off and Mara's 13 hits are lines of it, above the people's."""
    from encounter_support import MemoryStore
    from firefight.cli.encounter import play_scenario
    from firefight.encounter.recap import recap_html, recap_markdown, recap_round
    from firefight.service import EncounterService

    service = EncounterService(MemoryStore())
    play_scenario(service, ROOT / "examples" / "grenade-room.toml", "room")
    loaded = service.load("room")
    told = recap_round(loaded.scene, loaded.records, loaded.ruleset, 3)
    markdown = recap_markdown(told)
    assert "- The m67 (m67-1-1) goes off [RMU-EXP-1]." in markdown.splitlines()
    assert "- Mara takes 13 hits [RMU-EXP-8]." in markdown.splitlines()
    assert "<li>Mara takes 13 hits [RMU-EXP-8].</li>" in recap_html(told)


@pytest.mark.parametrize("name", ["rmu", "cpr", "gurps", "cards"])
def test_every_ruleset_has_a_cheatsheet_on_at_most_two_pages(name: str, tmp_path: Path) -> None:
    sections = find_ruleset(name).cheatsheet()
    assert sections
    assert 1 <= len(sheet_pages(name, sections)) <= 2
    page = sheet_html(name, sections)
    for s in sections:
        assert f"<h2>{s.title}</h2>" in page


def test_the_rmu_cheatsheet_reads_its_figures_from_the_data_files() -> None:
    """The range ladder and the cover values are the data's (RMU-GEN-4, RMU-COV-3)."""
    from firefight.rulesets.rmu.catalog import default_data

    sheet = {s.title: s for s in find_ruleset("rmu").cheatsheet()}
    ranges = sheet["Range bands (RMU-GEN-4)"]
    assert [row[3] for row in ranges.rows] == ["+0", "-10", "-25", "-50", "-100"]
    cover = sheet["Cover DB (RMU-COV-2, -3, -7)"]
    hard = default_data().cover.hard[0]
    assert (f"hard vs {hard.label}", *(f"{v:+d}" for v in hard.values)) in cover.rows


def test_gur_mod_1_gur_gun_1_the_gurps_cheatsheet_reads_its_figures_from_the_data_files() -> None:
    """Targeting (GUR-MOD-1: snap shot -4, aiming to +3 at four turns), pistol barrels
    (GUR-GUN-1: Holdout and Fast-Draw) and the vitals' x3 (GUR-LOC-1) are the data's."""
    sheet = {s.title: s for s in find_ruleset("gurps").cheatsheet()}
    targeting = sheet["Targeting (GUR-MOD-1, GUR-RANGE-1)"].rows
    assert ("snap shot (skill under SS)", "-4") in targeting
    assert targeting[1:5] == (
        ("aiming 1 turn", "Acc"),
        ("aiming 2 turns", "Acc +1"),
        ("aiming 3 turns", "Acc +2"),
        ("aiming 4 turns or more", "Acc +3"),
    )
    assert ("short barrel", "-1", "-2", "+1", "+1") in sheet["Pistol barrels (GUR-GUN-1)"].rows
    vitals = next(r for r in sheet["Hit locations (GUR-LOC-1)"].rows if r[0] == "vitals")
    assert vitals[3] == "×3 impaling or bullet"


def test_the_cheatsheet_command_writes_html_and_pdf(tmp_path: Path) -> None:
    html, pdf = tmp_path / "rmu.html", tmp_path / "rmu.pdf"
    result = runner.invoke(app, ["cheatsheet", "rmu", "--html", str(html), "--pdf", str(pdf)])
    assert result.exit_code == 0, result.output
    assert "Tables in use" in html.read_text(encoding="utf-8")
    assert pdf.read_bytes().startswith(b"%PDF")


def test_a_section_with_a_short_row_names_itself() -> None:
    with pytest.raises(ValueError, match="section 'Ranges', row 1: 1 cells for 2 columns"):
        Section(title="Ranges", columns=("band", "OB"), rows=(("Short",),))


def test_gur_wrong_1_a_gurps_shot_is_drawn_with_who_is_in_the_way() -> None:
    """GUR-WRONG-1: the line from Ann to Bob, dashed and naming whoever stands on it."""
    from firefight.encounter.scenario import initial_state, load_scenario

    state = initial_state(load_scenario(ROOT / "examples" / "alley-crossing.toml"))
    gurps = find_ruleset("gurps")
    shot = gurps.overlay(state, gurps.parse_action("Ann shoots Bob", state))
    assert [line.label.split(":")[0] for line in shot.lines] == ["Ann at Bob, 22 yd"]
    waited = gurps.overlay(state, gurps.parse_action("Ann kneels", state))
    assert waited.lines == ()


def test_dec_917_a_recap_says_who_joined_and_no_change_from_nothing_to_nothing() -> None:
    """DEC-917 (ENC-GM, DEC-705): a Goon the GM added in round 1 was recapped "Goon: did
    nothing" with "conditions: - → -" and "firearms: - → -" among his lines; he joined the
    fight, and a cell empty before and after is no change to read out."""
    from encounter_support import MemoryStore
    from firefight.dice import Dice
    from firefight.encounter.recap import recap_markdown, recap_round
    from firefight.encounter.scenario import load_scenario
    from firefight.service import EncounterService

    service = EncounterService(MemoryStore())
    service.new("raid", load_scenario(ROOT / "examples" / "warehouse.toml"), Dice.seeded(3))
    service.gm("raid", "add Goon like Viktor")
    loaded = service.load("raid")
    told = recap_round(loaded.scene, loaded.records, loaded.ruleset, 1)
    (goon,) = [p for p in told.people if p.name == "Goon"]
    assert goon.did == ("joins the fight",)
    assert all(was != now for _, was, now in goon.changed)
    assert ("hits", "-", "50/50") in goon.changed
    assert "- **Goon**: joins the fight" in recap_markdown(told).splitlines()
