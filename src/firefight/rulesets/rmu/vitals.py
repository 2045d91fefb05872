"""Hits, death and penalties in rmu encounters (RULINGS R-2, R-3, RMU-GEN-7).

Pure functions over a :class:`~firefight.scene.state.CombatantState` and the figures of
``rmu/data/encounter.toml``:

- unconscious at 0 hits or fewer; dead when the hits below 0 exceed the Body Development bonus;
- the hit-loss penalty by the share of hits lost (0 / -10 / -20 / -30);
- stun tiers adding up and wearing off worst first;
- the total penalty every action carries: hit loss + injury + the running stun tier + fatigue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from pydantic import Field

from firefight.errors import TableDataError
from firefight.frozen import replace
from firefight.geometry import Posture
from firefight.rulesets.rmu.afflictions import Afflictions, gas_modifiers
from firefight.rulesets.rmu.critical_table import CriticalEffect
from firefight.rulesets.rmu.fire_state import FireState
from firefight.rulesets.rmu.kindred import KindredSheet
from firefight.scene.state import CombatantState, CombatantStats
from firefight.tables.data_files import DataModel, package_data, read_toml, validate
from firefight.trace import Modifier

__all__ = [
    "EncounterFigures",
    "RmuSkill",
    "RmuStats",
    "add_stun",
    "figures",
    "hit_loss_penalty",
    "penalty_modifiers",
    "rmu_stats",
    "settle",
    "take_critical",
    "take_hits",
    "total_penalty",
    "wear_off_stun",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class RmuSkill:
    name: str
    bonus: int
    ranks: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class RmuStats(CombatantStats):
    """An rmu combatant's own figures.

    ``quickness`` is the Quickness stat bonus (initiative, R-5); ``quickness_db`` the DB it gives
    behind cover (RMU-DOD-1); ``dodge`` the Dodge DB; ``body_development`` the Body Development
    bonus that sets how far below 0 hits a body lasts (R-2); ``bmr_ft`` the base movement rate,
    feet per AP of movement (R-6); ``armor_trained`` picks the trained end of the armor's
    maneuver penalty (RMU-ARM-5).

    ``strength`` is the Strength stat bonus, the only defense against an unbraced tripod gun's
    recoil (RMU-TRI-2); ``constitution`` the Constitution stat bonus, None when the scenario
    gives none (the fatigue check of R-2, DEC-79); ``under_fire`` is how they answer a sweep
    when the action does not say (``"dive"`` or ``"stand"``; None: dive when cover is at hand,
    RMU-SUP-9/10). ``fire`` is what the firearm actions left on them
    (:mod:`firefight.rulesets.rmu.fire_state`). ``kindred`` is a vampire's sheet (RULINGS V-6;
    :mod:`firefight.rulesets.rmu.kindred`), None for a mortal.

    ``self_discipline`` is the Self Discipline stat bonus (a flash-bang's Resistance,
    RMU-EXP-17); ``gas_mask`` a worn gas mask (RMU-EXP-16); ``afflictions`` what the explosives
    left on them (:mod:`firefight.rulesets.rmu.afflictions`).
    """

    quickness: int = 0
    quickness_db: int = 0
    dodge: int = 0
    celerity: int = 0
    body_development: int = 0
    bmr_ft: float = 20.0
    armor_trained: bool = True
    naked_at: str = "AT 1"
    skills: tuple[RmuSkill, ...] = ()
    strength: int = 0
    constitution: int | None = None
    under_fire: str | None = None
    fire: FireState = field(default_factory=FireState)
    self_discipline: int = 0
    gas_mask: bool = False
    afflictions: Afflictions = field(default_factory=Afflictions)
    kindred: KindredSheet | None = None

    def skill(self, name: str | None) -> RmuSkill | None:
        if name is None:
            return None
        return next((s for s in self.skills if s.name.lower() == name.lower()), None)


@dataclass(frozen=True, slots=True, kw_only=True)
class LossBand:
    over_percent: int
    penalty: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EncounterFigures:
    round_ap: int
    loss_bands: tuple[LossBand, ...]
    fatigue_check_at: int
    dying_at: int
    dies_at: int
    stun_tiers: tuple[int, ...]
    initiative_dice: int
    initiative_sides: int
    initiative_penalty_step: int
    surprised_ap_lost: int
    flat_footed_ap_lost: int
    drop_prone_ap: int
    stand_up_ap: int
    reload_ap: int
    move_per_bmr_ap: int


class _Source(DataModel):
    text: str


class _Round(DataModel):
    ap: int = Field(gt=0)


class _LossBand(DataModel):
    over_percent: int = Field(ge=0, le=100)
    penalty: int = Field(le=0)


class _Hits(DataModel):
    loss_bands: list[_LossBand] = Field(min_length=1)
    fatigue_check_at: int
    dying_at: int
    dies_at: int


class _Stun(DataModel):
    tiers: list[int] = Field(min_length=1)


class _Initiative(DataModel):
    dice: int = Field(gt=0)
    sides: int = Field(gt=1)
    penalty_step: int = Field(lt=0)
    surprised_ap_lost: int = Field(ge=0)
    flat_footed_ap_lost: int = Field(ge=0)


class _Actions(DataModel):
    drop_prone: int = Field(ge=0)
    stand_up: int = Field(ge=0)
    reload: int = Field(ge=0)
    move_per_bmr: int = Field(gt=0)


class _File(DataModel):
    source: _Source
    round: _Round
    hits: _Hits
    stun: _Stun
    initiative: _Initiative
    actions: _Actions


_LABEL = "firefight/rulesets/rmu/data/encounter.toml"


@cache
def figures() -> EncounterFigures:
    """The encounter figures, read and checked once."""
    raw = read_toml(package_data("firefight.rulesets.rmu", "data/encounter.toml"), _LABEL)
    m = validate(_File, raw, _LABEL)
    bands = tuple(
        LossBand(over_percent=b.over_percent, penalty=b.penalty) for b in m.hits.loss_bands
    )
    if [b.over_percent for b in bands] != sorted(b.over_percent for b in bands):
        raise TableDataError(_LABEL, "hits.loss_bands", "bands must rise by over_percent")
    tiers = tuple(sorted(m.stun.tiers))
    if any(t >= 0 for t in tiers):
        raise TableDataError(_LABEL, "stun.tiers", "stun tiers are penalties, below 0")
    return EncounterFigures(
        round_ap=m.round.ap,
        loss_bands=bands,
        fatigue_check_at=m.hits.fatigue_check_at,
        dying_at=m.hits.dying_at,
        dies_at=m.hits.dies_at,
        stun_tiers=tiers,
        initiative_dice=m.initiative.dice,
        initiative_sides=m.initiative.sides,
        initiative_penalty_step=m.initiative.penalty_step,
        surprised_ap_lost=m.initiative.surprised_ap_lost,
        flat_footed_ap_lost=m.initiative.flat_footed_ap_lost,
        drop_prone_ap=m.actions.drop_prone,
        stand_up_ap=m.actions.stand_up,
        reload_ap=m.actions.reload,
        move_per_bmr_ap=m.actions.move_per_bmr,
    )


def rmu_stats(c: CombatantState) -> RmuStats:
    """``c``'s rmu figures; the defaults for a combatant the scenario gave none."""
    return c.stats if isinstance(c.stats, RmuStats) else RmuStats()


def hit_loss_penalty(hits_max: int, hits_taken: int, figs: EncounterFigures | None = None) -> int:
    """R-2: 0 / -10 / -20 / -30 once more than 25 / 50 / 75% of the hits are gone.

    >>> [hit_loss_penalty(100, lost) for lost in (25, 26, 50, 51, 75, 76, 130)]
    [0, -10, -10, -20, -20, -30, -30]
    """
    figs = figs or figures()
    if hits_max <= 0:
        return 0
    penalty = 0
    for band in figs.loss_bands:
        # Exact in integers: lost/max > over% without rounding the share.
        if hits_taken * 100 > band.over_percent * hits_max:
            penalty = band.penalty
    return penalty


def _percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a percentage, whole when exact, else to one decimal, so the
    label never shows a band's edge the share does not reach (74.5% and 75.4% are not 75%).

    >>> _percent(30, 50), _percent(149, 200), _percent(377, 500)
    ('60%', '74.5%', '75.4%')
    """
    share = Fraction(100 * part, whole)
    if share.denominator == 1:
        return f"{share.numerator}%"
    return f"{float(share):.1f}%"


def penalty_modifiers(c: CombatantState) -> list[Modifier]:
    """Every penalty ``c`` carries into an action, itemized with its rule: the wounds' (R-2's
    total penalty) and CS gas's -30 "on everything" (RMU-EXP-16)."""
    return [*_wound_modifiers(c), *gas_modifiers(rmu_stats(c).afflictions)]


def _wound_modifiers(c: CombatantState) -> list[Modifier]:
    mods: list[Modifier] = []
    loss = hit_loss_penalty(c.hits_max, c.hits_taken)
    if loss:
        mods.append(
            Modifier(
                value=loss,
                label=f"hits lost ({c.hits_taken} of {c.hits_max}: "
                f"{_percent(c.hits_taken, c.hits_max)})",
                rule="R-2",
            )
        )
    if c.injury:
        mods.append(Modifier(value=c.injury, label="injury penalty", rule="RMU-GEN-7"))
    if c.stun_penalty:
        mods.append(
            Modifier(value=c.stun_penalty, label=f"stunned ({c.stun_rounds} rnd)", rule="R-3")
        )
    if c.fatigue:
        mods.append(Modifier(value=-c.fatigue, label="fatigue", rule="RMU-GEN-7"))
    return mods


def total_penalty(c: CombatantState) -> int:
    """R-2's "total penalty": what the wounds take, the measure of dying and of the fatigue
    check; the gas's passing penalty is no wound (DEC-381)."""
    return sum(m.value for m in _wound_modifiers(c))


def settle(c: CombatantState) -> CombatantState:
    """Unconscious and dead as the hits and penalties now stand (R-2).

    Conditions only ever get worse here: nothing in a fight heals. A combatant who drops falls
    prone. A total penalty of -200 or worse makes them dying with no count (``dying_rounds``
    0): R-2 gives none, and -300 kills them at the next upkeep.
    """
    figs = figures()
    below_zero = -c.hits_left
    unconscious = c.unconscious or c.hits_left <= 0
    dead = c.dead or below_zero > rmu_stats(c).body_development
    dying_rounds = c.dying_rounds
    if not dead and dying_rounds is None and total_penalty(c) <= figs.dying_at:
        dying_rounds = 0
    # Whoever drops unconscious or dead falls: their body lies prone from then on (S-1).
    fallen = (unconscious and not c.unconscious) or (dead and not c.dead)
    posture = Posture.PRONE if fallen else c.posture
    return replace(
        c, unconscious=unconscious, dead=dead, dying_rounds=dying_rounds, posture=posture
    )


def take_hits(c: CombatantState, hits: int) -> CombatantState:
    return settle(replace(c, hits_taken=c.hits_taken + hits))


def add_stun(
    stun: tuple[tuple[int, int], ...], penalty: int, rounds: int
) -> tuple[tuple[int, int], ...]:
    """R-3: rounds at the same tier add up; tiers are kept worst first.

    >>> add_stun(((-25, 1),), -50, 2)
    ((-50, 2), (-25, 1))
    >>> add_stun(((-25, 1),), -25, 2)
    ((-25, 3),)
    """
    tiers = dict(stun)
    tiers[penalty] = tiers.get(penalty, 0) + rounds
    return tuple(sorted(((p, r) for p, r in tiers.items() if r > 0), key=lambda t: t[0]))


def wear_off_stun(stun: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """R-3: one round wears off, from the worst tier.

    >>> wear_off_stun(((-50, 1), (-25, 2)))
    ((-25, 2),)
    """
    if not stun:
        return stun
    (worst, rounds), *rest = stun
    return ((worst, rounds - 1), *rest) if rounds > 1 else tuple(rest)


def take_critical(c: CombatantState, effect: CriticalEffect) -> CombatantState:
    """One critical cell landing (RMU-GEN-7): hits, bleeding, stun, stagger, injury, fatigue,
    prone, dying, dead. The stagger takes its AP now, and owes what is not left (R-3)."""
    stun = (
        add_stun(c.stun, effect.stun_penalty, effect.stun_rounds) if effect.stun_rounds else c.stun
    )
    ap_left, owed = c.ap_left, c.staggered_owed
    if effect.staggered:
        lost_now = min(effect.staggered, ap_left)
        ap_left -= lost_now
        owed += effect.staggered - lost_now
    dying = c.dying_rounds
    if effect.dying_rounds is not None:
        dying = (
            effect.dying_rounds if dying is None or dying == 0 else min(dying, effect.dying_rounds)
        )
    hit = replace(
        c,
        hits_taken=c.hits_taken + effect.hits,
        bleed=c.bleed + effect.bleed,
        stun=stun,
        staggered=c.staggered or bool(effect.staggered),
        staggered_owed=owed,
        ap_left=ap_left,
        injury=c.injury + effect.injury,
        fatigue=c.fatigue + effect.fatigue,
        posture=Posture.PRONE if effect.prone else c.posture,
        dying_rounds=dying,
        dead=c.dead or effect.dead,
    )
    return settle(hit)
