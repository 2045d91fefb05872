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

__all__ = ["replacing", "unwritable"]


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
    handle, name = _partial(path)
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


def _partial(path: Path) -> tuple[int, str]:
    return tempfile.mkstemp(
        prefix=f".{path.stem}.", suffix=f".partial{path.suffix}", dir=path.parent
    )


def unwritable(path: Path) -> str | None:
    """Why :func:`replacing` could not write ``path``, in a sentence, or None: tried as it
    writes (a temporary file beside it, at once removed), so that a command asked to write
    where it cannot says so before any work, not after it.

    >>> unwritable(Path(tempfile.mkdtemp()) / "out.csv") is None
    True
    >>> unwritable(Path("/no/such/folder/out.csv"))
    "the folder '/no/such/folder' does not exist"
    """
    try:
        if not path.parent.is_dir():
            return f"the folder {str(path.parent)!r} does not exist"
        if path.is_dir():
            return f"{str(path)!r} is a folder: name a file in it"
        handle, name = _partial(path)
    except PermissionError:
        return f"the folder {str(path.parent)!r} cannot be written"
    except OSError as exc:  # a name too long, a read-only file system...
        return f"{str(path)!r} cannot be written: {exc.strerror or exc}"
    os.close(handle)
    os.unlink(name)
    return None
