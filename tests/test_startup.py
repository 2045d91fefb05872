"""The command line starts fast (issue 10) without changing what it finds or says."""

from __future__ import annotations

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
