"""Reloading: a fresh magazine holds the weapon's listed ammo (CRD-WPN-1). The source gives
reloading no cost; it takes the shooter's turn (DEC-260)."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import param
from firefight.errors import RuleRefusal
from firefight.outcome import Done, Outcome
from firefight.rulesets.cards.data import CardsData, cards_data
from firefight.rulesets.cards.shot import weapon_keys
from firefight.trace import TraceBuilder

__all__ = ["Reload", "ReloadResult", "resolve_reload"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Reload:
    weapon: str = param(help="Weapon key.", choices=weapon_keys)
    loaded: int = param(0, help="Rounds still in the magazine.", low=0, high=1000, rule="CRD-WPN-1")


@dataclass(frozen=True, slots=True, kw_only=True)
class ReloadResult(Done):
    """The weapon reloaded, the rounds now in it and the rounds it held before."""

    weapon: str
    loaded: int
    was: int


def resolve_reload(reload: Reload, data: CardsData | None = None) -> Outcome[ReloadResult]:
    weapon = (data or cards_data()).weapon(reload.weapon)
    if reload.loaded > weapon.ammo:
        raise RuleRefusal(
            "CRD-WPN-1", f"A {weapon.name} magazine holds {weapon.ammo}, not {reload.loaded}."
        )
    if reload.loaded == weapon.ammo:
        raise RuleRefusal("CRD-WPN-1", f"The {weapon.name} is already full ({weapon.ammo}).")
    trace = TraceBuilder()
    trace.step(
        f"{weapon.name}: a fresh magazine of {weapon.ammo} (was {reload.loaded}); the turn is "
        "spent",
        rule="CRD-WPN-1",
    )
    return Outcome(
        events=(),
        trace=trace.build(),
        result=ReloadResult(weapon=weapon.key, loaded=weapon.ammo, was=reload.loaded),
    )
