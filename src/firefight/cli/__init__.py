"""The ``firefight`` command line; :func:`main` is the console script."""

from __future__ import annotations

import sys

__all__ = ["MISSING_EXTRA", "main"]

#: What a user without the command line's dependencies is told, on one line.
MISSING_EXTRA = "firefight: the command line needs its extra: pip install 'firefight[cli]'"


def main() -> None:
    """Run the command line, or say in one line how to install it when typer or rich is
    missing (the library itself does not need them)."""
    try:
        import rich  # noqa: F401  (commands print with it; typer alone would not tell)

        from firefight.cli.app import app
    except ImportError as exc:
        if exc.name not in {"typer", "rich"}:
            raise
        print(MISSING_EXTRA, file=sys.stderr)
        raise SystemExit(1) from None
    app()
