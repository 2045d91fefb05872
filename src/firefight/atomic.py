"""Writing an output file whole or not at all.

A chart or a CSV file is written to a temporary file beside it and renamed over the target
only once complete, so an interrupted command (Ctrl-C during a long sweep or simulation, a
full disk, a failed render) leaves the old file or none -- never half of a new one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["replacing"]


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path`` (same suffix, so writers that read the format from the
    name still do) that replaces ``path`` when the block ends normally; on any exception,
    Ctrl-C included, the temporary file is removed and ``path`` is left as it was.

    >>> import tempfile
    >>> target = Path(tempfile.mkdtemp()) / "out.csv"
    >>> with replacing(target) as partial:
    ...     _ = partial.write_text("a,b\\n")
    >>> target.read_text(), sorted(p.name for p in target.parent.iterdir())
    ('a,b\\n', ['out.csv'])
    """
    handle, name = tempfile.mkstemp(
        prefix=f".{path.stem}.", suffix=f".partial{path.suffix}", dir=path.parent
    )
    os.close(handle)
    partial = Path(name)
    # mkstemp makes the file private; the output gets the mode any new file would.
    mask = os.umask(0)
    os.umask(mask)
    partial.chmod(0o666 & ~mask)
    try:
        yield partial
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
