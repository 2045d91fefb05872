"""The registry of rulesets, found through the ``firefight.rulesets`` entry point group.

A ruleset is imported only when it is first asked for by name, so a command about one ruleset
never loads another.

>>> find_ruleset("rmu").name
'rmu'
>>> "cpr" in ruleset_names()
True
>>> ruleset_holding("firefight.rulesets.rmu.shot"), ruleset_holding("firefight.odds.api")
('rmu', None)
"""

from __future__ import annotations

from functools import cache

from firefight.entry_points import EntryPoint, entry_points
from firefight.errors import UnknownNameError
from firefight.rulesets.base import CatalogRow, Ruleset

__all__ = [
    "CatalogRow",
    "Ruleset",
    "find_ruleset",
    "ruleset_holding",
    "ruleset_names",
    "rulesets",
]


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points("firefight.rulesets")}


def ruleset_names() -> list[str]:
    """The installed rulesets' names, without importing any of them."""
    return sorted(_entry_points())


def ruleset_holding(module: str) -> str | None:
    """The name of the installed ruleset whose package holds ``module`` (the package its entry
    point's class is in), without importing any ruleset; None if none does."""
    for name, ep in _entry_points().items():
        package = ep.value.partition(":")[0].strip()
        if module == package or module.startswith(f"{package}."):
            return name
    return None


@cache
def _load(name: str) -> Ruleset:
    ep = _entry_points()[name]
    cls = ep.load()
    if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
        raise TypeError(f"entry point {ep.name!r} does not name a Ruleset subclass")
    if cls.name != name:
        raise TypeError(f"entry point {ep.name!r} names a ruleset called {cls.name!r}")
    return cls()


def rulesets() -> dict[str, Ruleset]:
    """Every installed ruleset by name, one instance each (this imports them all)."""
    return {name: _load(name) for name in ruleset_names()}


def find_ruleset(name: str) -> Ruleset:
    """A ruleset by name or alias."""
    wanted = name.strip().lower()
    if wanted in _entry_points():
        return _load(wanted)
    for ruleset in rulesets().values():
        if wanted in ruleset.aliases:
            return ruleset
    raise UnknownNameError("ruleset", name, ruleset_names())
