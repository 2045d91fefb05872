"""What the GM decides about a table, beside the fight itself: who and what the players see,
whether they may declare their own characters' actions, and whether they roll their own dice.

The settings are kept in the store, per encounter, beside the log and no part of it (DEC-924):
the log holds only what happened in the fight, so an undo leaves them be, while a restarted
server, or a second one over the same PostgreSQL database, reads the GM's last settings. An
encounter whose table was never set has the default (every combatant shown, no numbers for
other characters, players watching only).

Each change is read and written in one transaction, and numbered (``revision``): a page that
read revision 3 and sets the table once another change made it 4 is refused, not let undo
that change unseen (:class:`TableChanged`, DEC-982).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from firefight.errors import FirefightError
from firefight.store.base import SettingsChange, TableSettingsStore, damaged_table_settings
from firefight.text import printable

__all__ = [
    "TableChanged",
    "TableSettings",
    "Tables",
    "settings_change",
    "settings_from_json",
    "settings_json",
    "stored_settings",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSettings:
    """``hidden``: combatants players do not see at all; ``opened``: combatants whose figures
    players see (else a wound described in words); ``players_act``: players may declare their
    own character's actions; ``players_roll``: a player's action is resolved with the faces
    they rolled at the table and typed in (else the server rolls it, DEC-531); ``revision``:
    how many times they were changed (DEC-982; 0, never, or before revisions were kept)."""

    hidden: frozenset[str] = field(default_factory=frozenset)
    opened: frozenset[str] = field(default_factory=frozenset)
    players_act: bool = False
    players_roll: bool = False
    revision: int = 0


class TableChanged(FirefightError):
    """The table's settings were changed since the writer read them; nothing was written.

    >>> str(TableChanged("raid", read=3, now=4))
    "encounter 'raid': its table settings were changed since this page read them (revision 3, \
now 4), by another tab or a GM command; nothing was changed: they are shown as they are now, \
set them again"
    """

    def __init__(self, encounter: str, *, read: int, now: int) -> None:
        super().__init__(
            f"encounter {encounter!r}: its table settings were changed since this page read "
            f"them (revision {read}, now {now}), by another tab or a GM command; nothing was "
            "changed: they are shown as they are now, set them again"
        )
        self.read = read
        self.now = now


def settings_json(settings: TableSettings) -> dict[str, Any]:
    """The settings as JSON (the API's ``table`` and the servers' messages)."""
    return {
        "hidden": sorted(settings.hidden),
        "opened": sorted(settings.opened),
        "players_act": settings.players_act,
        "players_roll": settings.players_roll,
        "revision": settings.revision,
    }


def settings_from_json(data: dict[str, Any]) -> TableSettings:
    """The settings :func:`settings_json` wrote; a ValueError naming the first field that is
    not as written (a list of names, a true or false; ``players_roll`` came later, DEC-531),
    rather than a wrong reading: ``"Lev"`` as a set would hide "L", "e" and "v"."""
    data = {"players_roll": False, "revision": 0, **data}
    for key in ("hidden", "opened", "players_act"):
        if key not in data:
            raise ValueError(f"{key} is missing")
    for key in ("hidden", "opened"):
        names = data[key]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError(f"{key} is {names!r}, not a list of names")
    for key in ("players_act", "players_roll"):
        if not isinstance(data[key], bool):
            raise ValueError(f"{key} is {data[key]!r}, not true or false")
    revision = data["revision"]
    if isinstance(revision, bool) or not isinstance(revision, int) or revision < 0:
        raise ValueError(f"revision is {revision!r}, not a whole number from 0")
    return TableSettings(
        hidden=frozenset(data["hidden"]),
        opened=frozenset(data["opened"]),
        players_act=data["players_act"],
        players_roll=data["players_roll"],
        revision=revision,
    )


def stored_settings(encounter: str, stored: dict[str, Any]) -> TableSettings:
    """``encounter``'s settings as the store keeps them (``stored``); damaged ones refused
    naming the encounter and the way to clear them (DEC-888)."""
    try:
        return settings_from_json(stored)
    except ValueError as exc:
        raise damaged_table_settings(encounter, printable(str(exc))[:120]) from None


def settings_change(
    encounter: str, change: Callable[[TableSettings], TableSettings]
) -> SettingsChange:
    """``change`` as the store makes it, of the settings as they stand when written: the next
    revision, or nothing written when it changes nothing (DEC-982)."""

    def changed(stored: dict[str, Any] | None) -> dict[str, Any] | None:
        now = TableSettings() if stored is None else stored_settings(encounter, stored)
        new = change(now)
        if replace(new, revision=now.revision) == now:
            return None
        return settings_json(replace(new, revision=now.revision + 1))

    return changed


class Tables:
    """Every encounter's settings, read from the store on each ask: no copy is kept in the
    process, so no server can go on with settings another one has replaced (DEC-924)."""

    def __init__(self, store: TableSettingsStore) -> None:
        self._store = store

    def get(self, encounter: str) -> TableSettings:
        stored = self._store.table_settings(encounter)
        return TableSettings() if stored is None else stored_settings(encounter, stored)

    def change(
        self, encounter: str, change: Callable[[TableSettings], TableSettings]
    ) -> TableSettings:
        """Store ``change`` of the settings as they stand when written (the next revision), so
        that a change of one name keeps what another writer changed meanwhile (DEC-982)."""
        stored = self._store.change_table_settings(encounter, settings_change(encounter, change))
        return TableSettings() if stored is None else stored_settings(encounter, stored)

    def put(
        self, encounter: str, settings: TableSettings, *, revision: int | None = None
    ) -> TableSettings:
        """Store ``settings`` whole (the next revision); with the ``revision`` the writer read,
        refused (:class:`TableChanged`) when another change came since (DEC-982)."""

        def whole(now: TableSettings) -> TableSettings:
            if revision is not None and revision != now.revision:
                raise TableChanged(encounter, read=revision, now=now.revision)
            return settings

        return self.change(encounter, whole)
