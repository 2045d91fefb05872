"""``firefight odds ...``: the shot's odds, sweeps, plots, CSV/JSON, the claims report."""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.rulesets.rmu.odds.claims import rmu_claims
from firefight.rulesets.rmu.odds.views import default_data
from odds_support import loopback_cluster

runner = CliRunner()

SHOT = ["--weapon", "glock-17", "--ob", "65", "--distance", "40", "--armor", "BA II"]


def _png(path: Path) -> None:
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) > 10_000  # a real chart, not an empty canvas


def test_odds_rmu_shoot_human_output_states_the_cut_off() -> None:
    result = runner.invoke(app, ["odds", "rmu", "shoot", *SHOT])
    assert result.exit_code == 0, result.output
    for text in ("P(miss)", "P(critical A)", "expected hits", "P(bleeding)", "P(fumble)"):
        assert text in result.output
    assert "rerolls" in result.output and "less than one chance in a trillion" in result.output


def test_odds_rmu_shoot_json_lists_stats_and_outcomes_summing_to_one() -> None:
    result = runner.invoke(app, ["odds", "rmu", "shoot", *SHOT, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["method"] == "fast exact"
    assert data["cut_off"] < 1e-12
    assert data["stats"]["p_fumble"]["value"] == pytest.approx(0.03)
    total = sum(o["probability"] for o in data["outcomes"])
    assert total + data["cut_off"] == pytest.approx(1.0, abs=1e-12)
    assert data["action"]["armor"] == "BA II"


def test_dec_471_exact_answered_by_sampling_says_so_and_how_to_sample_more() -> None:
    """DEC-471: `odds rmu bite` has no exact path, so "exact" (the default) samples 5,000 times
    whatever --samples says; the footer said only "Monte Carlo: 5,000 samples", as if the
    --samples given were ignored. It says why and how to get more; asked for, sampling says
    nothing of the kind."""
    fell = runner.invoke(app, ["odds", "rmu", "bite", "--hits-left", "10", "--samples", "50000"])
    assert fell.exit_code == 0, fell.output
    assert (
        "Monte Carlo: 5,000 samples (no exact answer within reach, DEC-471: --method monte-carlo "
        "--samples N for more); ± is one standard error"
    ) in " ".join(fell.output.split())
    asked = runner.invoke(
        app, ["odds", "rmu", "bite", "--hits-left", "10", "--method", "monte-carlo"]
    )
    assert "Monte Carlo: 20,000 samples; ± is one standard error" in asked.output


def test_odds_rmu_shoot_monte_carlo_reports_samples_and_errors() -> None:
    result = runner.invoke(
        app, ["odds", "rmu", "shoot", *SHOT, "--method", "monte-carlo", "--samples", "20000"]
    )
    assert result.exit_code == 0, result.output
    assert "Monte Carlo: 20,000 samples" in result.output
    assert "±" in result.output


def test_odds_rmu_shoot_writes_a_plot_and_a_csv(tmp_path: Path) -> None:
    plot, table = tmp_path / "shot.png", tmp_path / "shot.csv"
    result = runner.invoke(
        app, ["odds", "rmu", "shoot", *SHOT, "--plot", str(plot), "--csv", str(table)]
    )
    assert result.exit_code == 0, result.output
    _png(plot)
    rows = list(csv.DictReader(table.read_text(encoding="utf-8").splitlines()))
    assert {r["stat"] for r in rows} >= {"p_miss", "expected_hits", "p_dead"}


def test_odds_refuses_what_the_resolver_refuses_with_the_same_words() -> None:
    """RMU-GEN-4: the same refusal line from `rmu shoot` and `odds rmu shoot`."""
    far = ["--weapon", "glock-17", "--ob", "65", "--distance", "400"]
    shooting = runner.invoke(app, ["rmu", "shoot", *far, "--seed", "1"])
    asking = runner.invoke(app, ["odds", "rmu", "shoot", *far])
    assert shooting.exit_code == asking.exit_code == 2
    assert "refused: RMU-GEN-4" in asking.output
    assert asking.output == shooting.output


def test_odds_sweep_writes_csv_and_heatmap(tmp_path: Path) -> None:
    out, plot = tmp_path / "out.csv", tmp_path / "heatmap.png"
    result = runner.invoke(
        app,
        [
            "odds",
            "sweep",
            "rmu",
            "shoot",
            "--weapon",
            "glock-17,sks-46",
            "--armor",
            "all",
            "--ob",
            "0:150:10",
            "--distance",
            "20,60,150",
            "--workers",
            "0",
            "--csv",
            str(out),
            "--plot",
            str(plot),
        ],
    )
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.read_text(encoding="utf-8").splitlines()))
    assert len(rows) == 2 * 14 * 16 * 3
    assert {r["armor"] for r in rows} == {
        *(f"AT {n}" for n in range(1, 11)),
        "BA I",
        "BA II",
        "BA III",
        "BA IV",
    }
    _png(plot)


BANDS = ["--band", "5,6", "--workers", "0", "--json"]


def test_odds_sweep_by_band_refuses_a_band_past_the_last() -> None:
    """RMU-GEN-4: five bands; the sixth is refused in place, the others computed."""
    result = runner.invoke(
        app,
        [*["odds", "sweep", "rmu", "shoot", "--weapon", "glock-17", "--ob", "60"], *BANDS],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["rows"]
    assert rows[0]["refused"] == ""
    assert rows[1]["refused"].startswith("RMU-GEN-4:")


SWEEP = ["odds", "sweep", "rmu", "shoot"]


@pytest.mark.slow
def test_odds_sweep_runs_on_a_dask_cluster_on_loopback(tmp_path: Path) -> None:
    pytest.importorskip("distributed")  # before the in-process sweep it is compared with
    grid = ["--weapon", "glock-17,sks-46", "--armor", "AT 1,BA II", "--ob", "0:100:50"]
    here = runner.invoke(
        app,
        ["odds", "sweep", "rmu", "shoot", *grid, "--distance", "60", "--workers", "0", "--json"],
    )
    with loopback_cluster() as cluster:
        there = runner.invoke(
            app,
            [*SWEEP, *grid, "--distance", "60", "--json", "--dask", cluster.scheduler_address],
        )
    assert there.exit_code == 0, there.output
    near, far = json.loads(here.output)["rows"], json.loads(there.output)["rows"]
    assert len(near) == len(far) == 12
    for a, b in zip(near, far, strict=True):
        assert a["expected_hits"] == pytest.approx(b["expected_hits"], abs=1e-12)


def test_rmu_arm_6_report_command_finds_every_claim_holding() -> None:
    result = runner.invoke(app, ["odds", "report", "rmu", "--json"])
    assert result.exit_code == 0, result.output
    claims = json.loads(result.output)["claims"]
    assert all(c["holds"] in (True, None) for c in claims)
    assert sum(c["holds"] is True for c in claims) >= 15


def _claim(text: str) -> str:
    claims = rmu_claims(default_data(), with_odds=False)
    found = [c for c in claims if c.claim == text] or [c for c in claims if text in c.claim]
    assert len(found) == 1, text
    assert found[0].holds is True, found[0]
    return found[0].measured


def test_rmu_arm_6_rifle_deals_about_2_7_times_the_9mm_hits() -> None:
    assert _claim("about 2.7x") == "2.70x"


def test_rmu_arm_6_rifle_beats_twice_the_9mm_in_every_cell() -> None:
    assert _claim("better than 2x").startswith("least 2.")


@pytest.mark.parametrize(("table", "loss"), [("firearm-9mm", "58.0%"), ("firearm-7.62mm", "54.0%")])
def test_rmu_arm_6_at_1_to_at_10_hit_loss(table: str, loss: str) -> None:
    assert _claim(f"{table}: bare AT 1 to AT 10") == loss


@pytest.mark.parametrize(
    ("column", "point"), [("BA I", "101"), ("BA II", "113"), ("BA III", "128"), ("BA IV", "161")]
)
def test_rmu_arm_6_glock_breaking_points(column: str, point: str) -> None:
    assert _claim(f"Glock 17 (9 mm) breaking point against {column}") == point


@pytest.mark.parametrize(
    "args",
    [
        ["rmu", "shoot", *SHOT],
        [
            "cpr",
            "shoot",
            "--weapon",
            "medium-pistol",
            "--ref",
            "7",
            "--skill",
            "6",
            "--distance",
            "9",
        ],
    ],
    ids=["rmu", "cpr"],
)
def test_a_monte_carlo_kernel_takes_a_negative_seed_as_the_scalar_engines_do(
    args: list[str],
) -> None:
    """A seed is any whole number (the scalar resolvers' sampling takes -3); the numpy kernels
    took none below 0 and stopped with a traceback. Same seed, same counts; another seed,
    other counts."""
    mc = ["--method", "monte-carlo", "--samples", "2000", "--json"]

    def run(seed: str) -> dict[str, object]:
        result = runner.invoke(app, ["odds", *args, *mc, "--seed", seed])
        assert result.exit_code == 0, result.output
        found: dict[str, object] = json.loads(result.output)["stats"]
        return found

    assert run("-3") == run("-3")
    assert run("-3") != run("3")


def test_odds_top_refuses_a_negative_count_and_the_cut_off_counts_one_reroll() -> None:
    """`--top -1` listed all outcomes but one under "the -1 likeliest"; it is refused now.
    Depth 1 reads "1 reroll", not "1 rerolls"."""
    result = runner.invoke(app, ["odds", "rmu", "shoot", *SHOT, "--top", "-1"])
    assert result.exit_code == 2 and "likeliest" not in result.output
    result = runner.invoke(app, ["odds", "rmu", "shoot", *SHOT, "--depth", "1"])
    assert result.exit_code == 0, result.output
    assert "followed for 1 reroll;" in result.output


def test_option_help_keeps_its_brackets() -> None:
    """The help of a declared option was read as rich markup: "[[person]]" printed "[]" and
    "NAME=GRADE:MATERIAL[@X,Y]" lost its "[@X,Y]" in `odds rmu explode --help`."""
    result = runner.invoke(app, ["odds", "rmu", "explode", "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "[[person]] tables" in result.output
    assert "NAME=GRADE:MATERIAL[@X,Y]" in result.output
    assert "NAME:X,Y[:ARMOR]" in result.output


def test_a_range_in_an_error_is_not_read_as_an_emoji_code() -> None:
    """`--ob 0:100:0` was refused as "range '0💯0'": rich read ':100:' as an emoji code."""
    args = ["odds", "sweep", "rmu", "shoot", "--weapon", "glock-17", "--distance", "40"]
    result = runner.invoke(app, [*args, "--ob", "0:100:0"])
    assert result.exit_code == 2
    assert "range '0:100:0' needs" in result.output


def _listed(args: list[str]) -> set[str]:
    """The commands a group's help lists."""
    shown = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "120"})
    assert shown.exit_code == 0, shown.output
    rows = shown.output.split("Commands")[1].splitlines()
    return {row.split()[1] for row in rows if row.startswith("│ ") and len(row.split()) > 2}


def test_odds_sweep_and_report_list_only_the_rulesets_that_offer_them() -> None:
    """cpr has no sweep and only rmu a report of its designers' claims: the help lists no
    command that answers 'has no commands here', and asking for one names those there are."""
    assert _listed(["odds", "sweep"]) == {"cards", "gurps", "rmu"}
    assert _listed(["odds", "report"]) == {"rmu"}
    assert _listed(["odds"]) >= {"cards", "cpr", "gurps", "rmu", "simulate", "sweep"}
    asked = runner.invoke(app, ["odds", "sweep", "cpr", "shoot"])
    assert asked.exit_code == 2
    assert "cpr" in asked.output and "cards, gurps, rmu" in asked.output


def test_each_ruleset_names_the_odds_commands_its_module_defines() -> None:
    """What the listings read without importing the odds modules is what the modules hold."""
    import importlib

    from firefight.rulesets import rulesets

    for ruleset in rulesets().values():
        assert ruleset.odds_cli_module is not None
        module = importlib.import_module(ruleset.odds_cli_module)
        defined = {p for p in ("app", "sweep_app", "report") if hasattr(module, p)}
        assert set(ruleset.odds_cli_parts) == defined, ruleset.name


RMU_ODDS_COMMANDS = {
    "shoot", "rapid-fire", "suppress", "explode", "throw", "gas", "melee", "grapple", "escape",
    "bite", "stake",
}  # fmt: skip


def _fresh(*argv: str, **env: str) -> str:
    """What ``firefight ARGV`` writes in a new process, which has imported no command yet."""
    code = "import sys; from firefight.cli import main; sys.argv[0] = 'firefight'; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=True,
    )
    return done.stdout


def test_odds_rmu_lists_every_command_with_its_own_help() -> None:
    """Each `odds rmu` command but the shot is in a module imported only when it runs (issue
    19): `odds rmu --help` and the shell's completion still list every one, the help with
    the words the command's own help starts with."""
    import typer.main

    from firefight.rulesets.rmu.cli import odds as rmu_odds

    group = typer.main.get_group(rmu_odds.app)
    ctx = group.context_class(group, info_name="rmu")
    names = group.list_commands(ctx)
    assert set(names) == RMU_ODDS_COMMANDS
    listing = " ".join(_fresh("odds", "rmu", "--help", COLUMNS="400").split())
    for name in names:
        command = group.get_command(ctx, name)
        assert command is not None and command.help is not None, name
        assert f"│ {name} {' '.join(command.help.split())} │" in listing, name
    completed = _fresh(
        _FIREFIGHT_COMPLETE="complete_zsh", _TYPER_COMPLETE_ARGS="firefight odds rmu "
    )
    offered = dict(re.findall(r'"([a-z-]+)":"([^"]*)"', completed))
    assert set(offered) == RMU_ODDS_COMMANDS
    assert offered["explode"].startswith("The odds of a detonation, per person")


def _option_help(args: list[str], flag: str) -> str:
    """The help row(s) of ``flag`` in a command's help, as one line."""
    shown = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "200"})
    rows = shown.output.splitlines()
    at = next(i for i, row in enumerate(rows) if row.lstrip("│ *").startswith(f"{flag} "))
    text = rows[at]
    for row in rows[at + 1 :]:
        if row.strip("│ ").startswith("--") or not row.startswith("│"):
            break
        text += " " + row.strip("│ ")
    return " ".join(text.split())


def test_a_sweeps_help_says_what_each_option_takes() -> None:
    """A number takes a list or START:STOP:STEP, a choice a list or 'all', a yes-or-no
    option true, false or both: the help offers no form the option refuses (`--skill all`
    is 'takes a whole number'), and a yes-or-no option shows that it takes a value."""
    gurps = ["odds", "sweep", "gurps", "shoot"]
    skill = _option_help(gurps, "--skill")
    assert "Sweep: a comma list or START:STOP:STEP." in skill and "all" not in skill
    assert "Sweep: a comma list or all." in _option_help(gurps, "--weapon")
    braced = _option_help(gurps, "--braced")
    assert "LIST" in braced and "Sweep: true, false or true,false." in braced
    rmu = ["odds", "sweep", "rmu", "shoot"]
    assert "Sweep: a comma list or all." in _option_help(rmu, "--armor")
    assert "Sweep: a comma list or START:STOP:STEP." in _option_help(rmu, "--ob")
    refused = runner.invoke(app, [*gurps, "--weapon", "revolver-38", "--skill", "all"])
    assert refused.exit_code == 2 and "takes a whole number" in refused.output


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (
            ["rmu", "shoot", "--weapon", "glock-17", "--band", "5,6", "--ob", "50"],
            "refused (1 point): RMU-GEN-4: Range band 6 is not one of 1 to 5.",
        ),
        (
            ["cards", "shoot", "--weapon", "glock-22", "--skill", "3", "--distance", "10,5000"],
            "refused (1 point): CRD-RNG-1: 5000 m is past Extreme range",
        ),
    ],
)
def test_rmu_gen_4_crd_rng_1_a_sweeps_table_says_why_a_point_is_refused(
    args: list[str], why: str
) -> None:
    """A point the rules refuse reads 'refused' in the table, and the refusal is said under
    it, rule and sentence, as the CSV's `refused` column keeps it."""
    shown = runner.invoke(app, ["odds", "sweep", *args], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert why in " ".join(shown.output.split())


@pytest.mark.parametrize(
    ("args", "given"),
    [
        (["gas", "--victim", "Viktor:10", "--victim", "Ilya:0", "--holding-breath", "Ilya"],
         "given: victim Viktor:10, Ilya:0, holding breath Ilya"),
        (["melee", "--weapon", "hand-axe", "--ob", "70", "--armor", "AT 3"],
         "given: ob 70, armor AT 3, weapon hand-axe"),
        (["grapple", "--ob", "45"], "given: ob 45"),
        (["escape", "--ob", "40", "--holder-ob", "30", "--hold", "50"],
         "given: ob 40, holder ob 30, hold 50%"),
        (["bite", "--hits-left", "10"], "given: hits left 10"),
        (["stake", "--ob", "60", "--weapon", "crossbow", "--distance", "30"],
         "given: ob 60, weapon crossbow, distance 30 ft"),
    ],
)  # fmt: skip
def test_every_rmu_odds_command_says_what_it_was_given(args: list[str], given: str) -> None:
    """As `odds rmu shoot` does, every odds command prints the conditions given beyond the
    defaults under its title, so two answers can be told apart."""
    shown = runner.invoke(app, ["odds", "rmu", *args], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert given in shown.output
