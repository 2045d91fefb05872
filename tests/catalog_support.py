"""What the user catalog tests share: a catalog file put where firefight looks for the user's."""

from __future__ import annotations

from pathlib import Path


def install(home: Path, text: str, name: str = "mine.toml") -> Path:
    """``text`` written as the catalog ``name`` in the user's data folder ``home``."""
    folder = home / "catalogs"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
