"""What the rmu firearm actions leave on a combatant from one action to the next (docs/rmu.md,
"What the encounter tracks").

:class:`FireState` is a plain value kept on each combatant's
:class:`~firefight.rulesets.rmu.vitals.RmuStats` and changed only by folding the firearm events
(:mod:`firefight.rulesets.rmu.encounter_fire`). Everything that lasts "this round" or "next
round" is stored with the round it belongs to, so nothing has to be wiped when a round starts:
a count from an earlier round simply reads as zero.

- ``ready``: a preparation's share carried into the firing round that follows it, or a belt-fed
  gun still running on that share (RMU-RF-2, RMU-RF-4, RMU-RF-6);
- ``guns``: what a malfunction left on a gun until it is cleared (RMU-RF-13, F-3, F-5);
- ``sweeps`` / ``rounds_fired`` / ``grounds``: this round's sweeps, the rounds each gun has
  sent, and the ground each sweep made dangerous (RMU-SUP-2, RMU-SUP-3, RMU-MOV-1);
- ``fired_on_by``: the guns that fired at this person this round (RMU-MOV-1);
- ``ap_cap``: the AP a dive or a duck leaves for the next round (RMU-SUP-9, RMU-SUP-10);
- ``cover``: the cover reached by a dash this round and the share of it that counts
  (RMU-MOV-2).

>>> fire = FireState(ready=Readiness(weapon="zastava", share_percent=70, prepared_round=1,
...                                  fire_round=2))
>>> fire.ready_in(2) is fire.ready, fire.ready_in(3)
(True, None)
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.frozen import replace, replacer
from firefight.geometry import Point

__all__ = [
    "ApCap",
    "CoverTaken",
    "FireState",
    "GunTrouble",
    "Readiness",
    "SweepGround",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Readiness:
    """A preparation's share, good for the firing round ``fire_round`` only (RMU-RF-2); with
    ``continuing`` a belt-fed gun that fired last round and may fire again (RMU-RF-6)."""

    weapon: str
    share_percent: int
    prepared_round: int
    fire_round: int
    continuing: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class GunTrouble:
    """A malfunction's lasting effect on one gun (the Firearm Fumble table's cell).

    ``jam_clear_ap`` is what clearing still costs; while it is owed the gun does not fire, and
    ``semi_only`` / ``half_effect`` last until it is paid. ``broken`` lasts the fight.
    """

    weapon: str
    label: str
    rule: str
    jam_clear_ap: int = 0
    semi_only: bool = False
    half_effect: bool = False
    broken: bool = False

    @property
    def jammed(self) -> bool:
        return self.jam_clear_ap > 0

    @property
    def holds_fire(self) -> bool:
        """Whether the gun fires nothing while this lasts: broken, or jammed until cleared
        (RMU-RF-13)."""
        return self.broken or self.jam_clear_ap > 0

    def describe(self) -> str:
        parts = []
        if self.broken:
            parts.append("broken")
        if self.jam_clear_ap:
            parts.append(f"jammed ({self.jam_clear_ap} AP to clear)")
        if self.semi_only:
            parts.append("semi only")
        if self.half_effect:
            parts.append("half effect")
        return f"{self.weapon} " + ", ".join(parts or ["cleared"])


@dataclass(frozen=True, slots=True, kw_only=True)
class SweepGround:
    """The ground one sweep made dangerous this round, from where the muzzle stood."""

    round: int
    weapon: str
    muzzle: Point
    bearing_deg: float
    distance_ft: float
    width_ft: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ApCap:
    """At most ``ap`` AP in round ``round`` (RMU-SUP-9: 2 after a dive; RMU-SUP-10: 3 after
    ducking)."""

    round: int
    ap: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverTaken:
    """The barrier a dash reached in round ``round``; ``share_percent`` of it counts that round
    (0: left in the open), all of it from the next (RMU-MOV-2)."""

    barrier: str
    round: int
    share_percent: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FireState:
    """One combatant's firearm-action state; see the module docstring."""

    ready: Readiness | None = None
    guns: tuple[GunTrouble, ...] = ()
    round: int = 0  # the round the counts below belong to
    sweeps: int = 0
    rounds_fired: tuple[tuple[str, int], ...] = ()
    grounds: tuple[SweepGround, ...] = ()
    fired_on_by: tuple[tuple[str, str], ...] = ()
    ap_cap: ApCap | None = None
    cover: CoverTaken | None = None

    # --- reading, for a given round -----------------------------------------------------------

    def ready_in(self, round_number: int) -> Readiness | None:
        """The preparation (or running belt) that may fire in ``round_number``, if any."""
        if self.ready is not None and self.ready.fire_round == round_number:
            return self.ready
        return None

    def sweeps_in(self, round_number: int) -> int:
        return self.sweeps if self.round == round_number else 0

    def rounds_fired_in(self, round_number: int, weapon: str) -> int:
        if self.round != round_number:
            return 0
        return sum(n for name, n in self.rounds_fired if name == weapon)

    def grounds_in(self, round_number: int) -> tuple[SweepGround, ...]:
        return self.grounds if self.round == round_number else ()

    def guns_on_in(self, round_number: int) -> tuple[tuple[str, str], ...]:
        return self.fired_on_by if self.round == round_number else ()

    def cover_in(self, round_number: int) -> CoverTaken | None:
        """The cover a dash reached this very round (its share still counts), if any."""
        if self.cover is not None and self.cover.round == round_number:
            return self.cover
        return None

    def cap_in(self, round_number: int) -> ApCap | None:
        if self.ap_cap is not None and self.ap_cap.round == round_number:
            return self.ap_cap
        return None

    def trouble(self, weapon: str) -> GunTrouble | None:
        # A loop, not next() over a generator: asked of every shot's gun, mostly of no trouble.
        for g in self.guns:
            if g.weapon == weapon:
                return g
        return None

    # --- changing (used by the fold only) ------------------------------------------------------

    def in_round(self, round_number: int) -> FireState:
        """This state with the per-round counts reset if they belong to another round."""
        return self if self.round == round_number else _new_round(self, round_number, 0, (), (), ())

    def with_trouble(self, trouble: GunTrouble | None, weapon: str) -> FireState:
        others = tuple(g for g in self.guns if g.weapon != weapon)
        return replace(self, guns=others if trouble is None else (*others, trouble))

    def add_rounds(self, round_number: int, weapon: str, rounds: int) -> FireState:
        if self.round != round_number:  # the first shot of a round, most shots: counted anew
            return _new_round(self, round_number, 0, ((weapon, rounds),), (), ())
        fired = dict(self.rounds_fired)
        fired[weapon] = fired.get(weapon, 0) + rounds
        return _with_rounds_fired(self, tuple(fired.items()))

    def fired_on(self, round_number: int, gun: tuple[str, str]) -> FireState:
        if self.round != round_number:  # the first gun on them this round, most shots
            return _new_round(self, round_number, 0, (), (), (gun,))
        if gun in self.fired_on_by:
            return self
        return _with_fired_on_by(self, (*self.fired_on_by, gun))

    def describe(self) -> str:
        """A short line for the state table; what belongs to a round names it.

        >>> FireState(ap_cap=ApCap(round=3, ap=2, rule="RMU-SUP-9")).describe()
        '2 AP in round 3'
        """
        parts = []
        ready = self.ready
        if ready is not None:
            what = "belt running" if ready.continuing else "prepared"
            parts.append(
                f"{what}: {ready.weapon} {ready.share_percent}% in round {ready.fire_round}"
            )
        parts.extend(g.describe() for g in self.guns)
        if self.ap_cap is not None:
            parts.append(f"{self.ap_cap.ap} AP in round {self.ap_cap.round}")
        if self.cover is not None:
            c = self.cover
            parts.append(f"{c.share_percent}% behind {c.barrier} in round {c.round}")
        return "; ".join(parts)

    def brief(self) -> str:
        """A few words for the state table's firearm column, each ending in the round it
        belongs to (``r2``); the sweeps are those of the last round the shooter fired in.

        >>> FireState(ready=Readiness(weapon="m2", share_percent=70, prepared_round=1,
        ...                           fire_round=2), round=1, sweeps=2,
        ...           ap_cap=ApCap(round=2, ap=3, rule="RMU-SUP-10")).brief()
        'ready m2 70% r2; 2 sweeps r1; 3 AP r2'
        """
        parts = []
        ready = self.ready
        if ready is not None:
            what = "belt" if ready.continuing else "ready"
            parts.append(f"{what} {ready.weapon} {ready.share_percent}% r{ready.fire_round}")
        parts.extend(g.describe() for g in self.guns)
        if self.sweeps:
            parts.append(f"{self.sweeps} sweep{'' if self.sweeps == 1 else 's'} r{self.round}")
        if self.ap_cap is not None:
            parts.append(f"{self.ap_cap.ap} AP r{self.ap_cap.round}")
        if self.cover is not None:
            c = self.cover
            parts.append(f"{c.share_percent}% {c.barrier} r{c.round}")
        return "; ".join(parts)


# The copies every shot makes (frozen.replacer: no keywords gathered). _new_round begins the
# counts again in a round (its round, sweeps, rounds fired, grounds and guns on them), as a
# round nobody has fired in yet leaves them but for the first rounds fired or gun given.
_new_round = replacer(FireState, "round", "sweeps", "rounds_fired", "grounds", "fired_on_by")
_with_rounds_fired = replacer(FireState, "rounds_fired")
_with_fired_on_by = replacer(FireState, "fired_on_by")
