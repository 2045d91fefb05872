"""The declaration of ``rmu defend``: what a defender brings against one incoming attack
(:mod:`firefight.rulesets.rmu.incoming`, RMU-DOD-1..3, RMU-COV-7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast, get_args

from firefight.declarations import param
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.incoming import Incoming, IncomingKind
from firefight.rulesets.rmu.shot_options import ba_classes, defender_of, weapon_keys
from firefight.wording import either

__all__ = ["DefendOptions"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DefendOptions:
    """The defender, their cover and what is coming in."""

    against: str = param(
        help=f"What is coming in: {either(get_args(IncomingKind))}.",
        choices=get_args(IncomingKind),
    )
    cover: str = param("none", help="GRADE:MATERIAL, e.g. half:hard; 'none' in the open.")
    weapon: str | None = param(
        None, help="The gun firing (prices hard cover against gunfire).", choices=weapon_keys
    )
    armor: str | None = param(None, help="The defender's BA class, if any.", choices=ba_classes)
    armor_untrained: bool = param(False, help="The defender is untrained in the armor.")
    quickness_db: int = param(0, help="The defender's Quickness DB.", low=-50, high=100)
    dodge: int = param(0, help="The defender's Dodge DB (Fleetness).", low=0, high=200)
    celerity: int = param(
        0, help="The defender's Celerity dots (Rapid Reflexes).", low=0, high=5, rule="RMU-DOD-3"
    )
    unconscious: bool = param(False, help="The defender is not conscious (P-9).")

    def build(self) -> Incoming:
        return Incoming(
            # declare() has checked it is one of the three choices.
            against=cast(IncomingKind, self.against),
            cover=parse_cover(self.cover),
            weapon=self.weapon,
            armor=self.armor,
            defender=defender_of(self),
        )
