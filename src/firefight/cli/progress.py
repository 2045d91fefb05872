"""A progress bar with an estimate of the time left, for odds work that takes a while.

Shown on standard error, and only when that is a terminal (a pipe, a file or a test gets
nothing), and only once the work has run for :data:`SHOW_AFTER_S`: a query that answers at once
prints no bar. It goes away when the work ends, so the answer prints where it always did.
Ctrl-C stops the work; the commands write their files whole or not at all
(:func:`firefight.atomic.replacing`).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

from firefight.cli.common import err_console

__all__ = ["SHOW_AFTER_S", "progress_bar"]

#: Seconds of work before the bar appears.
SHOW_AFTER_S = 1.0
#: Seconds between two redraws at most: the work reports far more often than a screen needs.
_EVERY_S = 0.1


@contextlib.contextmanager
def progress_bar(label: str, total: float) -> Iterator[Callable[[float], None]]:
    """Yield ``update(done)``, to call with the work done so far (out of ``total``)."""
    if not err_console.is_terminal:
        yield _nothing
        return
    from rich.progress import (
        BarColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
    )
    task = bar.add_task(label, total=total)
    start = time.monotonic()
    shown = False
    last = 0.0

    def update(done: float) -> None:
        nonlocal shown, last
        now = time.monotonic()
        if now - last < _EVERY_S:
            return
        last = now
        if not shown and now - start >= SHOW_AFTER_S:
            bar.start()
            shown = True
        bar.update(task, completed=done)

    try:
        yield update
    finally:
        if shown:
            bar.stop()


def _nothing(done: float) -> None:
    """No terminal: nothing to draw."""
