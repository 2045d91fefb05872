"""One BLAS thread for the odds layer's matrix products.

A sweep's exact points are matrix products (one per shot signature). OpenBLAS starts a thread
per core for each; on a small shared machine, with a worker process per core besides, those
threads fight over the cores and the products slow 35-80x (issue 19). The odds work is already
split into processes where that pays, so each process multiplies on one thread.

threadpoolctl comes with the odds extra; without it (numpy alone) the products keep BLAS's own
choice.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

__all__ = ["one_blas_thread"]


@contextlib.contextmanager
def one_blas_thread() -> Iterator[None]:
    """Run the block with BLAS limited to one thread, then restore what it had."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - the odds extra installs it
        yield
        return
    with threadpool_limits(limits=1, user_api="blas"):
        yield
