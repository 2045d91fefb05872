"""The ``firefight`` command line; :func:`main` is the console script."""

from __future__ import annotations

import sys

__all__ = ["EXTRA_OF", "MISSING_EXTRA", "extra_hint", "main"]

#: What a user without the command line's dependencies is told, on one line.
MISSING_EXTRA = "firefight: the command line needs its extra: pip install 'firefight[cli]'"

#: The optional extra (pyproject's ``optional-dependencies``) that installs each module a
#: command may import; tests/test_extras.py holds it to pyproject.
EXTRA_OF = {
    "typer": "cli",
    "rich": "cli",
    "prompt_toolkit": "cli",
    "numpy": "odds",
    "matplotlib": "odds",
    "resvg_py": "odds",
    "threadpoolctl": "odds",
    "dask": "dask",
    "distributed": "dask",
    "psycopg": "postgres",
    "fastapi": "web",
    "starlette": "web",
    "uvicorn": "web",
}


def extra_hint(module: str) -> str | None:
    """The one line that says which extra installs ``module``; None for a module no extra
    installs (then its absence is a bug, and its traceback is shown)."""
    extra = EXTRA_OF.get(module.partition(".")[0])
    if extra is None:
        return None
    if extra == "cli":
        return MISSING_EXTRA
    install = f"pip install 'firefight[{extra}]'"
    return f"firefight: this command needs {module} from the {extra} extra: {install}"


def main() -> None:
    """Run the command line, or say in one line how to install it when typer or rich is
    missing (the library itself does not need them); a command that needs another extra
    (numpy for odds, psycopg for PostgreSQL...) says which when it is missing. A scripted
    resolving command with a plain command line runs without typer (:mod:`.quick`)."""
    try:
        from importlib.util import find_spec

        import rich  # noqa: F401  (commands print with it; typer alone would not tell)

        # Found, not imported: a quick command runs without loading it.
        if find_spec("typer") is None:
            raise ModuleNotFoundError(name="typer")
    except ImportError as exc:
        if exc.name not in {"typer", "rich"}:
            raise
        print(MISSING_EXTRA, file=sys.stderr)
        raise SystemExit(1) from None
    try:
        from firefight.cli.quick import run_quickly

        if run_quickly(sys.argv[1:]):
            return
        from firefight.cli.app import app

        app()
    except ModuleNotFoundError as exc:
        hint = extra_hint(exc.name or "")
        if hint is None:
            raise
        print(hint, file=sys.stderr)
        raise SystemExit(1) from None
