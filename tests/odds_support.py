"""What the odds command tests share: the check that ``odds RULESET ACTION`` offers exactly the
options of the resolving command it mirrors, and a Dask cluster to sweep on."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import typer

from firefight.cli.app import app

#: The resolving command's dice and output options, which the odds command has no use for.
DICE_OPTIONS = {"rolls", "seed", "ask", "as_json"}
#: What every odds command adds.
ODDS_OPTIONS = {"method", "depth", "samples", "top", "csv_path", "csv_decimals", "plot"}


def params_of(*path: str) -> dict[str, Any]:
    """The options of the command at ``path`` (typer's own click objects), by name."""
    command: Any = typer.main.get_command(app)
    for name in path:
        command = command.get_command(typer.Context(command), name)
    return {p.name: p for p in command.params}


def assert_odds_mirror(ruleset: str, command: str) -> None:
    """Every option of ``RULESET COMMAND`` but the dice is on ``odds RULESET COMMAND``, with the
    same flag, help and default; what the odds command adds is :data:`ODDS_OPTIONS`."""
    resolving, asking = params_of(ruleset, command), params_of("odds", ruleset, command)
    for name, option in resolving.items():
        if name in DICE_OPTIONS:
            continue
        mine = asking[name]
        assert (mine.opts, getattr(mine, "help", None), mine.default) == (
            option.opts,
            getattr(option, "help", None),
            option.default,
        ), name
    assert set(asking) - set(resolving) == ODDS_OPTIONS


@contextmanager
def loopback_cluster() -> Iterator[Any]:
    """A one-worker Dask cluster inside this process, on loopback, closed when done; the test is
    skipped where ``distributed`` is not installed."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        yield cluster
