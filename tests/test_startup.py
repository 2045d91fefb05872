"""The command line starts fast (issue 10) without changing what it finds or says."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import metadata

import pytest

from firefight.cli import MISSING_EXTRA
from firefight.entry_points import entry_points


@pytest.mark.parametrize("group", ["firefight.rulesets", "console_scripts", "pytest11"])
def test_entry_points_match_importlib_metadata(group: str) -> None:
    """The registry's quick scan of ``entry_points.txt`` finds what importlib.metadata finds."""
    quick = sorted((ep.name, ep.value) for ep in entry_points(group))
    standard = sorted((ep.name, ep.value) for ep in metadata.entry_points(group=group))
    assert quick == standard
    assert quick or group != "firefight.rulesets"


def test_an_entry_point_loads_the_object_it_names() -> None:
    from firefight.rulesets.rmu import RMU

    (rmu,) = [ep for ep in entry_points("firefight.rulesets") if ep.name == "rmu"]
    assert rmu.load() is RMU


@pytest.mark.parametrize("missing", ["typer", "rich"])
def test_a_missing_cli_extra_gives_a_one_line_install_hint(missing: str) -> None:
    """Without the ``[cli]`` extra, ``firefight`` says how to install it, on one line."""
    code = f"import sys; sys.modules[{missing!r}] = None; from firefight.cli import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == MISSING_EXTRA + "\n"
    assert "pip install 'firefight[cli]'" in MISSING_EXTRA


def test_every_start_up_benchmark_command_runs() -> None:
    """benchmarks/bench_startup.py stays runnable (nothing is timed here)."""
    import bench_startup

    for name, argv in bench_startup.COMMANDS.items():
        done = subprocess.run(argv, capture_output=True, env=bench_startup.ENV, check=False)
        assert done.returncode == 0, (name, done.stderr)


def _modules_loaded_by(*argv: str) -> set[str]:
    """The modules a ``firefight`` command has imported when it ends, in a fresh process."""
    code = (
        "import contextlib, io, sys\n"
        "from firefight.cli import main\n"
        f"sys.argv = ['firefight', *{list(argv)!r}]\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    main()\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    # Output to a pipe, no colour forced: what a script sees, and the case the plain writer
    # takes over from rich (firefight.cli.plain).
    env = {k: v for k, v in os.environ.items() if k not in {"FORCE_COLOR", "TTY_COMPATIBLE"}}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    return set(done.stdout.split())


def _under(modules: set[str], *packages: str) -> set[str]:
    return {m for m in modules if m in packages or m.startswith(tuple(f"{p}." for p in packages))}


def test_help_lists_commands_without_loading_them() -> None:
    """``firefight --help`` names every command but imports none of them, no ruleset, no
    pydantic, no importlib.metadata and not typer's rich help formatter."""
    loaded = _modules_loaded_by("--help")
    assert not _under(
        loaded,
        "firefight.rulesets.rmu",
        "firefight.rulesets.cpr",
        "firefight.cli.encounter",
        "firefight.cli.odds",
        "pydantic",
        "importlib.metadata",
        "typer.rich_utils",
    )


SCRIPTED_SHOT = (
    "rmu", "shoot", "--weapon", "glock-17", "--ob", "65", "--distance", "40", "--rolls", "77,42"
)  # fmt: skip


#: What no scripted quick command (cli/quick.py) loads, whichever ruleset's: typer, rich's
#: console, pydantic, and the typer application's own modules.
NOT_ON_THE_QUICK_PATH = (
    "typer",
    "click",
    "rich.console",
    "rich.text",
    "rich.markup",
    "pydantic",
    "pydantic_core",
    "firefight.cli.app",
    "firefight.cli.common",
    "firefight.cli.lazy",
    "firefight.cli.declared",
    "firefight.cli.quick_values",
)


def test_a_scripted_shot_runs_without_typer_rich_or_pydantic() -> None:
    """A scripted ``rmu shoot`` is read without typer (cli/quick.py, DEC-511), written without
    rich (cli/plain.py), and reads the shipped data without pydantic or the data files' models
    (tables/shipped.py, DEC-510); nor does it load the typer command modules, the encounter's
    figures (vitals), the scene's state (the Kindred figures are read apart from the scene's
    options), melee, JSON, importlib's resources and metadata or the TOML writer."""
    loaded = _modules_loaded_by(*SCRIPTED_SHOT)
    assert "firefight.rulesets.rmu.cli.shot" in loaded
    assert not _under(
        loaded,
        *NOT_ON_THE_QUICK_PATH,
        "firefight.rulesets.rmu.cli.commands",
        "firefight.tables.data_files",
        "firefight.rulesets.rmu.file_models",
        "firefight.rulesets.rmu.table_files",
        "firefight.rulesets.rmu.vitals",
        "firefight.rulesets.rmu.kindred_rules",
        "firefight.scene.state",
        "firefight.rulesets.rmu.melee",
        "firefight.rulesets.rmu.incoming",
        "firefight.rulesets.rmu.defense_options",
        "json",
        "importlib.resources",
        "importlib.metadata",
        "tomli_w",
        "difflib",
    )


def test_an_aimed_shot_loads_only_what_it_uses() -> None:
    """``rmu shoot`` loads neither the other ruleset nor the layers above the rules, nor rmu's
    modules for other actions and rare paths (a fumble, a tripod, a Markdown table import),
    nor typer's pydantic converters (cli/quick_values.py), rich's Markdown, syntax and pretty
    printing, or numpy and matplotlib; with ``--json`` too (typer reads no option then either,
    but JSON is written by pydantic)."""
    loaded = _modules_loaded_by(*SCRIPTED_SHOT, "--json")
    assert "firefight.rulesets.rmu.shot" in loaded
    assert not _under(
        loaded,
        "firefight.rulesets.cpr",
        "firefight.encounter",
        "firefight.store",
        "firefight.odds",
        "firefight.rulesets.rmu.odds",
        "firefight.rulesets.rmu.fumble",
        "firefight.rulesets.rmu.firearm_data",
        "firefight.rulesets.rmu.firearm_events",
        "firefight.rulesets.rmu.critical_markdown",
        "firefight.rulesets.rmu.rapid_fire",
        "firefight.rulesets.rmu.suppression",
        "firefight.rulesets.rmu.maneuvers",
        "typer._adapters",
        "typer.rich_utils",
        "rich.markdown",
        "rich.syntax",
        "rich.pretty",
        "numpy",
        "matplotlib",
    )


CPR_SHOT = (
    "cpr", "shoot", "--weapon", "heavy pistol", "--ref", "7", "--skill", "6", "--distance", "18",
    "--armor", "11", "--rolls", "8,4,3,5,9",
)  # fmt: skip
CPR_BURST = (
    "cpr", "autofire", "--weapon", "assault rifle", "--ref", "8", "--skill", "6", "--distance",
    "10", "--rolls", "9,4,4,4,3,3",
)  # fmt: skip


@pytest.mark.parametrize("argv", [CPR_SHOT, CPR_BURST], ids=["shoot", "autofire"])
def test_a_scripted_cpr_shot_runs_without_typer_rich_or_pydantic(argv: tuple[str, ...]) -> None:
    """A scripted ``cpr shoot`` or ``cpr autofire`` is read without typer (cpr's quick_commands,
    DEC-561), written without rich, and reads cpr's shipped data without pydantic or the data
    files' models (DEC-560); nor does it load the typer command module, the other commands'
    declarations, the targets file's model, the encounter, JSON or importlib's resources."""
    loaded = _modules_loaded_by(*argv)
    assert "firefight.rulesets.cpr.cli.shot" in loaded
    assert not _under(
        loaded,
        *NOT_ON_THE_QUICK_PATH,
        "firefight.rulesets.cpr.cli.commands",
        "firefight.rulesets.cpr.area_options",
        "firefight.rulesets.cpr.file_models",
        "firefight.rulesets.cpr.targets_file",
        "firefight.rulesets.cpr.encounter",
        "firefight.tables.data_files",
        "firefight.rulesets.rmu",
        "json",
        "importlib.resources",
        "importlib.metadata",
        "difflib",
    )


def test_a_cpr_shot_does_not_load_rmu() -> None:
    loaded = _modules_loaded_by(
        "cpr", "shoot", "--weapon", "heavy pistol", "--ref", "7", "--skill", "6",
        "--distance", "18", "--rolls", "8,4,3,5,9",
    )  # fmt: skip
    assert "firefight.rulesets.cpr.attack" in loaded
    assert not _under(loaded, "firefight.rulesets.rmu", "firefight.encounter", "firefight.odds")


def _firefight(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``firefight ARGV`` in a fresh process (its consoles are made once a process), with
    ``env`` set over the environment and no COLUMNS or LINES of the test run's own."""
    base = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    code = "import sys; from firefight.cli import main; sys.argv[0] = 'firefight'; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        env={**base, **env},
        check=False,
    )


@pytest.mark.parametrize("size", [{"COLUMNS": "\u00b2"}, {"COLUMNS": "abc"}, {"LINES": "\u00b2"}])
@pytest.mark.parametrize(
    "argv",
    [
        ("weapons", "rmu"),  # a table rich prints
        ("rmu", "shoot", "--weapon", "glock-17", "--ob", "70", "--distance", "40", "--rolls", "77"),
        ("rmu", "shoot", "--weapon", "nope", "--ob", "70", "--distance", "40"),  # a refusal
    ],
)
def test_an_unreadable_terminal_size_is_taken_as_unset(
    argv: tuple[str, ...], size: dict[str, str]
) -> None:
    """``COLUMNS=²`` (a digit int() cannot read) or ``COLUMNS=abc`` is ignored, as if unset:
    the command writes what it writes without it."""
    done = _firefight(*argv, **size)
    unset = _firefight(*argv)
    assert "Traceback" not in done.stderr, done.stderr
    assert (done.returncode, done.stdout, done.stderr) == (
        unset.returncode,
        unset.stdout,
        unset.stderr,
    )


ODDS_RMU_SHOT = ("odds", "rmu", "shoot", "--weapon", "glock-17", "--ob", "65", "--distance", "40")
ODDS_CPR_SHOT = (
    "odds", "cpr", "shoot", "--weapon", "medium-pistol", "--ref", "7", "--skill", "6",
    "--distance", "10",
)  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "ruleset"), [(ODDS_RMU_SHOT, "rmu"), (ODDS_CPR_SHOT, "cpr")], ids=["rmu", "cpr"]
)
def test_the_odds_of_a_shot_load_no_other_ruleset(argv: tuple[str, ...], ruleset: str) -> None:
    """The odds registry reads the ruleset that defines the action first, alone (issue 19):
    once every ruleset's odds were imported to find the shot's."""
    loaded = _modules_loaded_by(*argv, "--json")
    assert f"firefight.rulesets.{ruleset}.odds" in loaded
    others = {"rmu", "cpr", "gurps", "cards"} - {ruleset}
    assert not _under(loaded, *(f"firefight.rulesets.{name}" for name in others))


#: The modules of the rmu actions other than the aimed shot, for the command line and odds.
RMU_OTHER_ACTIONS = (
    "firefight.rulesets.rmu.cli.odds.fire",
    "firefight.rulesets.rmu.cli.odds.explosives",
    "firefight.rulesets.rmu.cli.odds.melee",
    "firefight.rulesets.rmu.cli.odds.kindred",
    "firefight.rulesets.rmu.fire_options",
    "firefight.rulesets.rmu.explosive_options",
    "firefight.rulesets.rmu.kindred_options",
    "firefight.rulesets.rmu.melee",
    "firefight.rulesets.rmu.detonation",
    "firefight.rulesets.rmu.rapid_fire",
    "firefight.rulesets.rmu.suppression",
    "firefight.rulesets.rmu.odds.blast",
    "firefight.rulesets.rmu.odds.fire",
    "firefight.rulesets.rmu.odds.gas",
    "firefight.rulesets.rmu.odds.kindred",
    "firefight.rulesets.rmu.odds.melee",
    # Read only when a fumble sends a round toward a named ally (DEC-105).
    "firefight.rulesets.rmu.fumble",
)


@pytest.mark.parametrize("argv", [(*ODDS_RMU_SHOT, "--json"), ("odds", "rmu", "--help")])
def test_the_odds_of_an_aimed_shot_load_no_other_rmu_action(argv: tuple[str, ...]) -> None:
    """``odds rmu shoot`` and the ``odds rmu`` listing import no other action's command
    module, declaration or odds, nor the Fumble table with no ally named (issue 19: the
    explosives' and Kindred's alone were some 40% of the shot's start)."""
    loaded = _modules_loaded_by(*argv)
    assert "firefight.rulesets.rmu.cli.odds" in loaded
    assert not _under(loaded, *RMU_OTHER_ACTIONS)
