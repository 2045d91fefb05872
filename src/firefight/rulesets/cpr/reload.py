"""Reloading (CPR-AMMO-1): an Action that fills the magazine, with one ammunition kind.

A magazine never mixes kinds: loading another kind takes out the rounds left in it first. Bows
and crossbows are never reloaded (nocking is part of the shot), and weapons with no magazine
cannot be. When the rounds at hand are counted (an encounter tracks them), the magazine takes
as many as there are, up to full; with none at hand there is nothing to reload with. No dice
are rolled; the resolver takes them anyway so every resolver has one shape.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.frozen import quick_init
from firefight.outcome import Done, Outcome
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import ActionTaken, MagazineReloaded
from firefight.rulesets.cpr.magazine import check_ammo, check_rounds
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.trace import TraceBuilder
from firefight.wording import counted

__all__ = ["Reload", "ReloadResult", "resolve_reload"]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Reload:
    """Reload ``weapon`` with ``ammo``; ``loaded`` rounds of ``loaded_ammo`` are in it now
    (``loaded_ammo`` None: the same kind as the new rounds). ``at_hand`` counts the rounds of
    ``ammo`` the shooter carries (None: enough to fill the magazine)."""

    weapon: str
    ammo: str = "basic"
    loaded: int = 0
    loaded_ammo: str | None = None
    actor: str = "shooter"
    at_hand: int | None = None


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ReloadResult(Done):
    """The magazine after a reload: its ammunition and rounds, those added and removed."""

    weapon: str
    ammo: str
    rounds: int
    added: int
    removed: int


def _verb(n: int, verb: str) -> str:
    """``verb`` agreeing with ``n`` rounds: "1 round goes in", "4 rounds go in"."""
    return verb + ("es" if verb.endswith("o") else "s") if n == 1 else verb


def resolve_reload(reload: Reload, dice: Dice, data: CprData) -> Outcome[ReloadResult]:
    """Resolve a reload (CPR-AMMO-1)."""
    del dice  # reloading rolls nothing
    weapon = data.weapon(reload.weapon)
    if weapon.kind is WeaponKind.BOW:
        raise RuleRefusal(
            "CPR-AMMO-1",
            f"A {weapon.name} is never reloaded: nocking the next one is part of the shot.",
        )
    if weapon.magazine is None:
        raise RuleRefusal("CPR-AMMO-1", f"A {weapon.name} has no magazine to reload.")
    check_ammo(weapon, reload.ammo, data)
    old_kind = reload.loaded_ammo or reload.ammo
    check_ammo(weapon, old_kind, data)
    check_rounds(weapon, reload.loaded, 0, what="Reloading")
    capacity = weapon.magazine
    new = data.ammo[reload.ammo]
    if reload.at_hand is not None and reload.at_hand < 1:
        raise RuleRefusal(
            "CPR-AMMO-1", f"{reload.actor} has no {new.name} left to load the {weapon.name} with."
        )

    tb = TraceBuilder()
    removed = 0
    kept = reload.loaded
    if reload.loaded and old_kind != reload.ammo:
        removed, kept = reload.loaded, 0
        tb.step(
            f"A magazine holds one kind: the {counted(removed, 'round')} of "
            f"{data.ammo[old_kind].name} {_verb(removed, 'come')} out before {new.name} go in.",
            "CPR-AMMO-1",
        )
    added = capacity - kept
    if reload.at_hand is not None and reload.at_hand < added:
        added = reload.at_hand
        tb.step(
            f"{reload.actor} has only {counted(added, 'round')} of {new.name} at hand: the "
            "magazine is not filled.",
            "CPR-AMMO-1",
        )
    tb.step(
        f"{reload.actor} spends the Action reloading the {weapon.name}: "
        f"{counted(added, 'round')} of {new.name} {_verb(added, 'go')} in; the magazine holds "
        f"{capacity}.",
        "CPR-AMMO-1",
    )
    return Outcome(
        events=(
            ActionTaken(actor=reload.actor, action="reload"),
            MagazineReloaded(
                actor=reload.actor,
                weapon=weapon.key,
                ammo=new.key,
                rounds=kept + added,
                removed=removed,
                removed_ammo=old_kind if removed else None,
            ),
        ),
        trace=tb.build(),
        result=ReloadResult(
            weapon=weapon.key, ammo=new.key, rounds=kept + added, added=added, removed=removed
        ),
    )
