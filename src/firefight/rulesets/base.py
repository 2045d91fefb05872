"""What every ruleset provides (DESIGN.md layer 5).

A ruleset is a subclass of :class:`Ruleset` registered under the ``firefight.rulesets`` entry
point group, as python-chess registers its variants. It names itself, ships its data in its own
package (``<package>/tables/*.toml`` and ``<package>/data/*.toml``), and exposes pure resolvers.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

__all__ = ["CatalogRow", "Ruleset"]


@dataclass(frozen=True, slots=True, kw_only=True)
class CatalogRow:
    """One weapon as the catalog listing shows it: a key and labelled figures."""

    key: str
    name: str
    figures: tuple[tuple[str, str], ...]
    provisional: tuple[str, ...] = ()


class Ruleset(ABC):
    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    package: ClassVar[str]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    @abstractmethod
    def weapon_catalog(self) -> Sequence[CatalogRow]:
        """The weapons this ruleset knows, for ``firefight weapons``."""

    @abstractmethod
    def check_data(self) -> list[str]:
        """Load and cross-check every data file; raise TableDataError on the first bad one."""
