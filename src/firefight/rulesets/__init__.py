"""The registry of rulesets, found through the ``firefight.rulesets`` entry point group.

>>> find_ruleset("rmu").name
'rmu'
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from firefight.errors import UnknownNameError
from firefight.rulesets.base import CatalogRow, Ruleset

__all__ = ["CatalogRow", "Ruleset", "find_ruleset", "rulesets"]


@cache
def rulesets() -> dict[str, Ruleset]:
    """Every installed ruleset by name, one instance each."""
    found: dict[str, Ruleset] = {}
    for ep in sorted(entry_points(group="firefight.rulesets"), key=lambda e: e.name):
        cls = ep.load()
        if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
            raise TypeError(f"entry point {ep.name!r} does not name a Ruleset subclass")
        found[cls.name] = cls()
    return found


def find_ruleset(name: str) -> Ruleset:
    """A ruleset by name or alias."""
    wanted = name.strip().lower()
    for ruleset in rulesets().values():
        if wanted == ruleset.name or wanted in ruleset.aliases:
            return ruleset
    raise UnknownNameError("ruleset", name, rulesets())
