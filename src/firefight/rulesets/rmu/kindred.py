"""The Kindred sheet: what a vampire carries on top of an rmu combatant (RULINGS V-1..V-6).

A mortal's :class:`~firefight.rulesets.rmu.vitals.RmuStats` has ``kindred`` None. A Kindred's
holds a :class:`KindredSheet`: the fixed figures the scenario gives (V-6: Blood Potency, Hunger,
discipline dots) and the running ones the fight changes (Hunger, powers roused, torpor, the
stake, fire, Final Death). Only rmu's events change it.

Celerity lives here for a Kindred: their dots count toward the Dodge share (RMU-DOD-3, P-4) only
once roused in the encounter, which costs a Rouse check (V-4). ``stats.celerity`` stays for
anyone else given Rapid Reflexes (a ghoul, or the standalone shot), who pays no blood.

>>> sheet = KindredSheet(blood_potency=2, hunger=1, celerity=3)
>>> sheet.celerity_in_play, sheet.rouse("celerity").celerity_in_play
(0, 3)
>>> sheet.breathes, KindredSheet(blush_of_life=1, roused=("blush-of-life",)).breathes
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.frozen import replace

__all__ = ["DISCIPLINES", "NO_EFFECT_POWERS", "POWERS", "KindredSheet", "kindred_name"]

#: The discipline dots a sheet carries (V-6), as the scenario spells them.
DISCIPLINES = ("celerity", "potence", "fortitude", "protean", "blush_of_life")

#: The blood-bought powers a Rouse check activates (V-4), as action lines and events name them.
POWERS = ("celerity", "potence", "fortitude", "blush-of-life", "feral-weapons")

#: The powers the rules give a Rouse check and no effect (V-4, DEC-524): rousing one is said so.
NO_EFFECT_POWERS = ("fortitude",)

#: Words a power's or a discipline's name keeps in lower case, as the rules write them
#: ("Blush of Life", RMU-EXP-16).
_SMALL_WORDS = frozenset({"of", "the"})


def kindred_name(key: str) -> str:
    """A power or discipline as the rules name it, from its key (either spelling).

    >>> kindred_name("blush-of-life"), kindred_name("blush_of_life"), kindred_name("feral-weapons")
    ('Blush of Life', 'Blush of Life', 'Feral Weapons')
    """
    words = key.replace("_", "-").split("-")
    return " ".join(w if i and w in _SMALL_WORDS else w.capitalize() for i, w in enumerate(words))


@dataclass(frozen=True, slots=True, kw_only=True)
class KindredSheet:
    """One Kindred's figures. ``hunger`` is 0-5 (V-4); ``blood_potency`` 0-10 (it adds to the
    flash-bang Resistance, RMU-EXP-17). The discipline dots are fixed for the fight.

    Running: ``roused`` the powers activated this encounter (a Rouse check each, V-4);
    ``torpor`` fallen where a mortal would be unconscious or dead (V-2); ``staked`` paralysed by
    a stake through the heart (V-3); ``burning`` on fire until put out (V-5); ``final_death``
    destroyed (V-2, RMU-STAKE-3); ``fed_round`` the last round they fed (once a round,
    RMU-BITE-4).
    """

    blood_potency: int = 1
    hunger: int = 1
    celerity: int = 0
    potence: int = 0
    fortitude: int = 0
    protean: int = 0
    blush_of_life: int = 0
    roused: tuple[str, ...] = ()
    torpor: bool = False
    staked: bool = False
    burning: bool = False
    final_death: bool = False
    fed_round: int = 0

    def dots(self, discipline: str) -> int:
        """The dots in ``discipline`` (``blush-of-life`` and ``blush_of_life`` alike)."""
        key = discipline.replace("-", "_")
        if key not in DISCIPLINES:
            raise KeyError(discipline)
        value: int = getattr(self, key)
        return value

    def is_roused(self, power: str) -> bool:
        return power in self.roused

    def rouse(self, power: str) -> KindredSheet:
        """The sheet with ``power`` active for the rest of the encounter."""
        if power in self.roused:
            return self
        return replace(self, roused=(*self.roused, power))

    @property
    def celerity_in_play(self) -> int:
        """The Celerity dots the Dodge share reads: none until roused (V-4, RMU-DOD-3)."""
        return self.celerity if self.is_roused("celerity") else 0

    @property
    def breathes(self) -> bool:
        """Whether the body breathes: only under an active Blush of Life (gas, smoke)."""
        return self.is_roused("blush-of-life")

    @property
    def down(self) -> bool:
        """Out of the fight for now: in torpor, staked or destroyed."""
        return self.torpor or self.staked or self.final_death

    def status(self, posture: str) -> str:
        """The state table's cell for a Kindred: up, torpor or Final Death with the stake,
        the fire, Hunger and the powers roused.

        >>> KindredSheet(hunger=3, torpor=True, staked=True).status("prone")
        'torpor, staked, prone; Hunger 3'
        """
        if self.final_death:
            return "FINAL DEATH"
        parts = ["torpor" if self.torpor else "up"]
        flags = ((self.staked, "staked"), (self.burning, "burning"))
        parts += [word for flag, word in flags if flag]
        tail = f"Hunger {self.hunger}"
        if self.roused:
            tail += ", roused " + "/".join(kindred_name(p) for p in self.roused)
        return f"{', '.join([*parts, posture])}; {tail}"
