"""What the cpr encounter tests share: a fighter with a heavy pistol, a scene of such people, and
a fight kept in memory as ``fight`` and played on with scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import encounter_support
from encounter_support import in_memory
from firefight.dice import Dice
from firefight.encounter.log import LogRecord
from firefight.service import EncounterService


def person(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    """A cpr combatant at (``x``, ``y``) m: HP 40, REF 6, DEX 6, WILL 4, MOVE 6, BODY 6,
    Handgun 6, Athletics 4, Evasion 5 and a heavy pistol; ``extra`` adds or overrides fields."""
    entry: dict[str, Any] = {
        "name": name,
        "position": [x, y],
        "hp": 40,
        "ref": 6,
        "dex": 6,
        "will": 4,
        "move": 6,
        "body": 6,
        "skills": {"Handgun": 6, "Athletics": 4, "Evasion": 5},
        "weapon": [{"name": "pistol", "weapon": "heavy pistol"}],
    }
    return entry | extra


def scene(*people: dict[str, Any], barriers: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """A scenario document for cpr with these people."""
    return encounter_support.scene(*people, barriers=barriers, ruleset="cpr")


def start(
    people: Sequence[dict[str, Any]], opening: Sequence[int], barriers: Sequence[Any] = ()
) -> EncounterService:
    """``people`` (and ``barriers``) stored as the encounter ``fight``, its first turn opened
    with every die of ``opening``."""
    dice = Dice.scripted(opening)
    service = in_memory("fight", scene(*people, barriers=barriers), dice)
    assert not dice.unused, f"opening left dice unused: {dice.unused}"
    return service


def step(service: EncounterService, rolls: Sequence[int], text: str | None = None) -> LogRecord:
    """The record of the action ``text`` (or, with none, of the next turn), every die of
    ``rolls`` used."""
    dice = Dice.scripted(rolls)
    if text is None:
        record = service.next_round("fight", dice).record
    else:
        record = service.act("fight", text, dice).record
    assert not dice.unused, f"{text!r} left dice unused: {dice.unused}"
    return record
