"""The declarations of the cpr actions that attack nobody, as a person gives them: reloading,
a death save and stabilizing — one field per option of ``cpr reload``, ``cpr death-save`` and
``cpr stabilize`` (:mod:`firefight.declarations`). Each ``build(data)`` makes the resolver's
declaration.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import param
from firefight.rulesets.cpr.attack_options import MAX_LISTED, MAX_ROUNDS, ActorFields
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.death import DeathSave, Stabilize
from firefight.rulesets.cpr.option_text import (
    SKILL_RANGE,
    STAT_RANGE,
    ammo_keys,
    death_saves_help,
    injury_keys,
    loaded_ammo_help,
    weapon_named,
)
from firefight.rulesets.cpr.reload import Reload
from firefight.rulesets.cpr.wounds import WoundState

__all__ = ["DeathSaveOptions", "ReloadOptions", "StabilizeOptions"]

#: The most death saves a character may have taken already: far past any BODY.
MAX_SAVES = 100


@dataclass(frozen=True, kw_only=True)
class ReloadOptions:
    """Reload: an Action that fills the magazine with one kind of ammunition."""

    weapon: str = param(help="Weapon (see `firefight weapons -r cpr`).", known=weapon_named)
    ammo: str = param(
        "basic",
        help=loaded_ammo_help,
        choices=ammo_keys,
    )
    loaded: int = param(
        0, help="Rounds in the magazine now.", low=0, high=MAX_ROUNDS, rule="CPR-AMMO-1"
    )
    loaded_ammo: str | None = param(
        None, help="Kind of the rounds in it now (default: same as --ammo).", choices=ammo_keys
    )
    actor: str = param("shooter", help="Who reloads.", sweep=False)

    def title(self) -> str:
        return f"cpr reload: {self.weapon}"

    def build(self, data: CprData) -> Reload:
        return Reload(
            weapon=self.weapon,
            ammo=self.ammo,
            loaded=self.loaded,
            loaded_ammo=self.loaded_ammo,
            actor=self.actor,
        )


@dataclass(frozen=True, kw_only=True)
class DeathSaveOptions:
    """A mortally wounded character's death save (C-12).

    d10 + saves taken + injuries' death save penalties must come in under BODY; a natural 10
    always fails. One d10."""

    body: int = param(help="The character's BODY.", low=STAT_RANGE[0], high=STAT_RANGE[1])
    saves: int = param(0, help=death_saves_help, low=0, high=MAX_SAVES)
    injury: tuple[str, ...] = param(
        (),
        help="A critical injury the character has (repeat).",
        choices=injury_keys,
        high=MAX_LISTED,
        sweep=False,
    )
    name: str = param("target", help="Who is dying.", sweep=False)

    def title(self) -> str:
        return "cpr death save"

    def build(self, data: CprData) -> DeathSave:
        return DeathSave(
            name=self.name, body=self.body, saves_made=self.saves, injuries=self.injury
        )


@dataclass(frozen=True, kw_only=True)
class StabilizeOptions(ActorFields):
    """Stabilizing a mortally wounded character (C-12); success ends the death saves.

    TECH + First Aid or Paramedic + d10 against DV 13. One d10 (a 10 or 1 takes one more)."""

    tech: int = param(help="The medic's TECH.", low=STAT_RANGE[0], high=STAT_RANGE[1])
    skill: int = param(
        help="The medic's First Aid or Paramedic.", low=SKILL_RANGE[0], high=SKILL_RANGE[1]
    )
    medic: str = param("medic", help="Who works on the patient.", sweep=False)
    patient: str = param("patient", help="Who is dying.", sweep=False)
    patient_state: WoundState = param(
        WoundState.MORTAL, help="The patient's wound state (only the mortal are helped)."
    )

    def title(self) -> str:
        return "cpr stabilize"

    def build(self, data: CprData) -> Stabilize:
        return Stabilize(
            medic=self.medic,
            patient=self.patient,
            patient_state=self.patient_state,
            tech=self.tech,
            skill=self.skill,
            wound=self.wounded,
            injuries=self.injury,
            extra=self.extra(),
        )
