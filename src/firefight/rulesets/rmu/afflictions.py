"""What the explosives leave on a person between actions: CS gas in the lungs and eyes, a
flash-bang's blindness and deafness, a grenade noticed and the AP left to react to it
(RMU-EXP-10, RMU-EXP-16, RMU-EXP-17).

:class:`Afflictions` is a plain value kept on each combatant's
:class:`~firefight.rulesets.rmu.vitals.RmuStats`, changed only by folding the events of
:mod:`~firefight.rulesets.rmu.affliction_events`. Like the firearm state, what belongs to one
round is stored with its round, so nothing has to be wiped when a round starts.

- ``gas``: the CS penalty now (-30 inside for a breathing victim, -10 on the eyes alone, -10 for
  two rounds after leaving); ``gas_inside`` whether they are in the cloud; ``gas_until`` the
  last round of the after-effect once out of it;
- ``gas_checked`` / ``gas_failed``: the round of their last Constitution maneuver against the
  gas, and the round it failed in (no coherent action that round);
- ``held_breath``: holding their breath (declared, RMU-EXP-16);
- ``blind`` / ``deaf``: rounds of a flash-bang's blindness and deafness left (RMU-EXP-17);
- ``reactions``: the grenades noticed this round, each with what it leaves to react with
  (RMU-EXP-10; one for each grenade, DEC-668).

>>> Afflictions(gas=-30, gas_inside=True).brief()
'CS -30'
>>> Afflictions(gas=-10, gas_until=5, blind=3, deaf=3).brief()
'CS -10 (to r5); blind 3; deaf 3'
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.frozen import replace
from firefight.trace import Modifier

__all__ = ["Afflictions", "Reaction", "gas_modifiers", "sight_modifiers"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Reaction:
    """A grenade ``grenade`` noticed in round ``round`` (RMU-EXP-10): ``where`` is the noticing
    row; ``ap`` what may be spent reacting, counted from ``ap_left_then`` (the AP left when it
    was noticed), so that whatever is spent afterwards in the round comes out of it."""

    round: int
    grenade: str
    where: str
    ap: int
    ap_left_then: int

    def left(self, round_number: int, ap_left: int) -> int | None:
        """The reaction AP still open in ``round_number`` with ``ap_left`` AP; None when this
        reaction belongs to another round."""
        if self.round != round_number:
            return None
        return max(0, self.ap - (self.ap_left_then - ap_left))


@dataclass(frozen=True, slots=True, kw_only=True)
class Afflictions:
    """What the explosives left on one combatant; see the module docstring."""

    gas: int = 0
    gas_inside: bool = False
    gas_until: int = 0
    gas_checked: int = 0
    gas_failed: int = 0
    held_breath: bool = False
    blind: int = 0
    deaf: int = 0
    reactions: tuple[Reaction, ...] = ()

    def sighted(self, reaction: Reaction) -> Afflictions:
        """These afflictions with ``reaction`` among this round's: one for each grenade
        (DEC-668); those of an earlier round are let go.

        >>> one = Reaction(round=2, grenade="a", where="behind", ap=0, ap_left_then=4)
        >>> two = Reaction(round=2, grenade="b", where="near, in front", ap=4, ap_left_then=4)
        >>> [r.grenade for r in Afflictions().sighted(one).sighted(two).reactions]
        ['a', 'b']
        """
        kept = [
            r for r in self.reactions if r.round == reaction.round and r.grenade != reaction.grenade
        ]
        return replace(self, reactions=(*kept, reaction))

    def saw(self, grenade: str) -> bool:
        """Whether the grenade ``grenade`` was noticed landing (RMU-EXP-10, X-4)."""
        return any(r.grenade == grenade and r.ap > 0 for r in self.reactions)

    def incoherent_in(self, round_number: int) -> bool:
        """Whether a failed Constitution maneuver took this round's coherent action
        (RMU-EXP-16)."""
        return self.gas_failed == round_number and round_number > 0

    def brief(self) -> str:
        """A few words for the state table."""
        parts = []
        if self.gas:
            parts.append(f"CS {self.gas}" + ("" if self.gas_inside else f" (to r{self.gas_until})"))
        if self.held_breath:
            parts.append("holding breath")
        if self.blind:
            parts.append(f"blind {self.blind}")
        if self.deaf:
            parts.append(f"deaf {self.deaf}")
        return "; ".join(parts)


def gas_modifiers(a: Afflictions) -> list[Modifier]:
    """The CS penalty on everything a gassed person does (RMU-EXP-16)."""
    if not a.gas:
        return []
    where = "in the CS cloud" if a.gas_inside else f"out of the CS, through round {a.gas_until}"
    return [Modifier(value=a.gas, label=f"CS gas ({where})", rule="RMU-EXP-16")]


def sight_modifiers(a: Afflictions, blind_penalty: int) -> list[Modifier]:
    """What blindness costs an action that needs sight (RMU-EXP-17, DEC-383)."""
    if not a.blind:
        return []
    label = f"blinded by a flash-bang ({a.blind} rnd)"
    return [Modifier(value=blind_penalty, label=label, rule="RMU-EXP-17")]
