"""What the GM decides about a table, beside the fight itself: who and what the players see,
whether they may declare their own characters' actions, and whether they roll their own dice.

The settings are the serving processes' own (DEC-432): they are no part of the encounter's log,
which holds only what happened in the fight. Servers over one PostgreSQL database pass a change
on to each other (:mod:`firefight.web.live`); a restart resets them to the default (every
combatant shown, no numbers for other characters, players watching only).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

__all__ = ["TableSettings", "Tables", "settings_from_json", "settings_json"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSettings:
    """``hidden``: combatants players do not see at all; ``opened``: combatants whose figures
    players see (else a wound described in words); ``players_act``: players may declare their
    own character's actions; ``players_roll``: a player's action is resolved with the faces
    they rolled at the table and typed in (else the server rolls it, DEC-531)."""

    hidden: frozenset[str] = field(default_factory=frozenset)
    opened: frozenset[str] = field(default_factory=frozenset)
    players_act: bool = False
    players_roll: bool = False


def settings_json(settings: TableSettings) -> dict[str, Any]:
    """The settings as JSON (the API's ``table`` and the servers' messages)."""
    return {
        "hidden": sorted(settings.hidden),
        "opened": sorted(settings.opened),
        "players_act": settings.players_act,
        "players_roll": settings.players_roll,
    }


def settings_from_json(data: dict[str, Any]) -> TableSettings:
    return TableSettings(
        hidden=frozenset(data["hidden"]),
        opened=frozenset(data["opened"]),
        players_act=bool(data["players_act"]),
        players_roll=bool(data.get("players_roll", False)),
    )


class Tables:
    """Every encounter's settings, shared by the request threads of one process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._settings: dict[str, TableSettings] = {}

    def get(self, encounter: str) -> TableSettings:
        with self._lock:
            return self._settings.get(encounter, TableSettings())

    def put(self, encounter: str, settings: TableSettings) -> None:
        with self._lock:
            self._settings[encounter] = settings
