"""Hits, death and penalties in rmu encounters (RULINGS R-2, R-3, RMU-GEN-7).

An rmu combatant's own figures are :class:`RmuStats`: the fixed ones from the scenario, the
running ones the fight changes (:class:`RmuVitals`: AP left, bleeding, stun, stagger, injury,
fatigue, the dying count, the attacker's bonus) and the armor worn with its wear
(:class:`ArmorState`). Only rmu's events change them. Pure functions over a
:class:`~firefight.scene.state.CombatantState` and the figures of ``rmu/data/encounter.toml``:

- unconscious at 0 hits or fewer; dead when the hits below 0 exceed the Body Development bonus;
- the hit-loss penalty by the share of hits lost (0 / -10 / -20 / -30);
- stun tiers adding up and wearing off worst first;
- the total penalty every action carries: hit loss + injury + the running stun tier + fatigue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache

from firefight.errors import RuleRefusal, TableDataError
from firefight.frozen import quick_init, replace, replacer
from firefight.geometry import Posture
from firefight.rulesets.rmu.afflictions import Afflictions, gas_modifiers
from firefight.rulesets.rmu.critical_table import CriticalEffect
from firefight.rulesets.rmu.fire_state import FireState
from firefight.rulesets.rmu.kindred import KindredSheet
from firefight.scene.state import CombatantState, CombatantStats
from firefight.serialize import omitted_when
from firefight.trace import Modifier

__all__ = [
    "ArmorState",
    "EncounterFigures",
    "RmuSkill",
    "RmuStats",
    "RmuVitals",
    "add_stun",
    "armor_of",
    "check_ap",
    "dying",
    "fall",
    "figures",
    "hit_loss_penalty",
    "intact_armor",
    "penalty_modifiers",
    "penalty_sum",
    "rmu_stats",
    "settle",
    "take_critical",
    "take_hits",
    "total_penalty",
    "vitals",
    "wear_off_stun",
    "with_armor",
    "with_vitals",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class RmuSkill:
    name: str
    bonus: int
    ranks: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmorState:
    """A piece of armor and what it has taken: ``damage`` is its running penalty total (<= 0)."""

    kind: str
    quality: int = 0
    damage: int = 0
    broken: bool = False


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class RmuVitals:
    """What the fight has done to an rmu combatant so far, changed only by rmu's events.

    ``ap_left`` is the AP left this round (RMU-GEN-1); ``stun`` holds ``(penalty, rounds)``
    pairs, worst tier first (R-3); ``staggered_owed`` is AP a stagger still has to take at the
    start of the next round; ``dying_rounds`` the dying count (0: dying with no count, R-2;
    None: not dying); ``next_action_bonus`` what a critical gave them for their next action
    this round (RMU-BP-3).
    """

    ap_left: int = 0
    bleed: int = 0
    stun: tuple[tuple[int, int], ...] = ()
    staggered: bool = False
    staggered_owed: int = 0
    injury: int = 0
    fatigue: int = 0
    dying_rounds: int | None = None
    next_action_bonus: int = 0

    @property
    def stun_penalty(self) -> int:
        """The worst stun tier still running, 0 when not stunned."""
        if not self.stun:
            return 0  # most people: asked of everyone shot at
        return min((penalty for penalty, rounds in self.stun if rounds > 0), default=0)

    @property
    def stun_rounds(self) -> int:
        return sum(rounds for _, rounds in self.stun)


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
    (:mod:`firefight.rulesets.rmu.fire_state`), ``vitals`` what the fight has done to them,
    ``armor`` the armor they wear and its wear (None: no armor). ``kindred`` is a vampire's
    sheet (RULINGS V-6; :mod:`firefight.rulesets.rmu.kindred`), None for a mortal.

    ``self_discipline`` is the Self Discipline stat bonus (a flash-bang's Resistance,
    RMU-EXP-17); ``gas_mask`` a worn gas mask (RMU-EXP-16); ``afflictions`` what the explosives
    left on them (:mod:`firefight.rulesets.rmu.afflictions`).

    ``grenades`` pairs each explosive load they carry with how many are left (DEC-620;
    :mod:`firefight.rulesets.rmu.carried`); None when the scenario keeps no count, and then any
    throw is theirs to make (DEC-473). ``melee`` lists the melee weapons they carry by catalog
    key (DEC-826; :mod:`firefight.rulesets.rmu.melee.carried`); None when the scenario lists
    none, and then any blow is theirs to strike.
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
    vitals: RmuVitals = field(default_factory=RmuVitals)
    armor: ArmorState | None = None
    self_discipline: int = 0
    gas_mask: bool = False
    afflictions: Afflictions = field(default_factory=Afflictions)
    # Left out of a stored state when None, so states stored before Kindred write the same.
    kindred: KindredSheet | None = omitted_when(lambda sheet: sheet is None, None)
    # Left out when None too, so states stored before the count (DEC-620) write the same.
    grenades: tuple[tuple[str, int], ...] | None = omitted_when(lambda left: left is None, None)
    # And when None (DEC-826), so states stored before the list write the same.
    melee: tuple[str, ...] | None = omitted_when(lambda carried: carried is None, None)

    def incapacitated(self) -> bool:
        """Dying keeps them from acting (R-2, RMU-GEN-7); so do torpor, a stake in the heart and
        Final Death (V-2, V-3)."""
        return self.vitals.dying_rounds is not None or (
            self.kindred is not None and self.kindred.down
        )

    def skill(self, name: str | None) -> RmuSkill | None:
        """The skill called ``name``, whatever its case; None when they have none of it."""
        if name is None:
            return None
        # Every shot asks its gun's skill: a plain loop, no generator to start each time.
        wanted = name.lower()
        for s in self.skills:
            if s.name.lower() == wanted:
                return s
        return None


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


_LABEL = "firefight/rulesets/rmu/data/encounter.toml"


@cache
def figures() -> EncounterFigures:
    """The encounter figures, read and checked once."""
    # The file's model loads pydantic: only an encounter pays for it, not a standalone shot.
    from firefight.files import read_toml
    from firefight.rulesets.rmu.file_models import EncounterFile
    from firefight.tables.data_files import validate
    from firefight.tables.shipped import package_data

    raw = read_toml(package_data("firefight.rulesets.rmu", "data/encounter.toml"), _LABEL)
    m = validate(EncounterFile, raw, _LABEL)
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


#: The figures of a combatant the scenario gave none: the defaults (frozen, shared safely).
_NO_FIGURES = RmuStats()

# The copies a fight's every shot and round makes (frozen.replacer: no keywords gathered).
_with_stats = replacer(CombatantState, "stats")
_with_hits_taken = replacer(CombatantState, "hits_taken")
_stats_with_vitals = replacer(RmuStats, "vitals")


def rmu_stats(c: CombatantState) -> RmuStats:
    """``c``'s rmu figures; the defaults for a combatant the scenario gave none."""
    stats = c.stats
    return stats if isinstance(stats, RmuStats) else _NO_FIGURES


def vitals(c: CombatantState) -> RmuVitals:
    """What the fight has done to ``c`` so far."""
    # rmu_stats(c).vitals without a second call: asked some 600 times a fight.
    stats = c.stats
    return stats.vitals if isinstance(stats, RmuStats) else _NO_FIGURES.vitals


def with_vitals(c: CombatantState, changed: RmuVitals) -> CombatantState:
    """``c`` with ``changed`` as what the fight has done to them."""
    return _with_stats(c, _stats_with_vitals(rmu_stats(c), changed))


def armor_of(c: CombatantState) -> ArmorState | None:
    """The armor ``c`` wears, with its wear; None when they wear none."""
    return rmu_stats(c).armor


def intact_armor(c: CombatantState, stats: RmuStats | None = None) -> ArmorState | None:
    """The armor ``c`` wears while it holds; None when they wear none or it broke. ``stats``:
    ``c``'s figures, when the caller has them already."""
    armor = (rmu_stats(c) if stats is None else stats).armor
    return armor if armor and not armor.broken else None


def with_armor(c: CombatantState, armor: ArmorState | None) -> CombatantState:
    return replace(c, stats=replace(rmu_stats(c), armor=armor))


def check_ap(c: CombatantState, ap: int, what: str, rule: str = "RMU-GEN-1") -> None:
    """Refuse ``what`` when it costs more than the ``ap`` ``c`` has left this round (RMU-GEN-1,
    or the ``rule`` that sets the cost)."""
    left = vitals(c).ap_left
    if ap > left:
        raise RuleRefusal(rule, f"{what} costs {ap} AP, but {c.name} has only {left} left.")


def dying(c: CombatantState, v: RmuVitals | None = None) -> bool:
    """Dying and not yet dead (R-2, RMU-GEN-7); ``v``: ``c``'s vitals, when the caller has
    them already."""
    return (vitals(c) if v is None else v).dying_rounds is not None and not c.dead


def hit_loss_penalty(hits_max: int, hits_taken: int) -> int:
    """R-2: 0 / -10 / -20 / -30 once more than 25 / 50 / 75% of the hits are gone.

    >>> [hit_loss_penalty(100, lost) for lost in (25, 26, 50, 51, 75, 76, 130)]
    [0, -10, -10, -20, -20, -30, -30]
    """
    if hits_max <= 0:
        return 0
    penalty = 0
    for band in figures().loss_bands:
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
    # In integers, as a Fraction would say it but cheaper: a whole share when it divides out,
    # else the quotient (Python's int division rounds it once, exactly as the Fraction's float).
    hundredfold = 100 * part
    if hundredfold % whole == 0:
        return f"{hundredfold // whole}%"
    return f"{hundredfold / whole:.1f}%"


def penalty_modifiers(c: CombatantState, stats: RmuStats | None = None) -> list[Modifier]:
    """Every penalty ``c`` carries into an action, itemized with its rule: the wounds' (R-2's
    total penalty) and CS gas's -30 "on everything" (RMU-EXP-16). ``stats``: ``c``'s figures,
    when the caller has them already."""
    if stats is None:
        stats = rmu_stats(c)
    v = stats.vitals
    wounds = _wounds(c.hits_max, c.hits_taken, v.injury, v.stun, v.fatigue)
    return [*wounds, *gas_modifiers(stats.afflictions)]


def penalty_sum(c: CombatantState, stats: RmuStats | None = None) -> int:
    """What :func:`penalty_modifiers` add up to, without listing them: the wounds' kept total
    and the gas's penalty (initiative asks it of everyone every round). ``stats``: ``c``'s
    figures, when the caller has them already."""
    if stats is None:
        stats = rmu_stats(c)
    return _total(c, stats.vitals) + stats.afflictions.gas


def _wound_terms(
    hits_max: int,
    hits_taken: int,
    injury: int,
    stun: tuple[tuple[int, int], ...],
    fatigue: int,
) -> tuple[int, int, int, int]:
    """What each wound takes, 0 for none: the hits lost (R-2), the injury (RMU-GEN-7), the
    running stun tier (R-3) and the fatigue (RMU-GEN-7). :func:`_wounds` labels them and
    :func:`_wounds_total` adds them up; a total asked of new figures (after every blow that
    lands) builds no label."""
    stunned = RmuVitals(stun=stun)  # the running tier as the vitals read it
    return hit_loss_penalty(hits_max, hits_taken), injury, stunned.stun_penalty, -fatigue


# The wounds' modifiers hang on these immutable figures alone (the encounter figures are read
# once per process), and a fight reads the same few combinations again and again: after every
# blow, before every shot, at every upkeep. The frozen Modifiers are shared safely; bounded.
@lru_cache(maxsize=4096)
def _wounds(
    hits_max: int,
    hits_taken: int,
    injury: int,
    stun: tuple[tuple[int, int], ...],
    fatigue: int,
) -> tuple[Modifier, ...]:
    loss, injured, stunned, tired = _wound_terms(hits_max, hits_taken, injury, stun, fatigue)
    mods: list[Modifier] = []
    if loss:
        mods.append(
            Modifier(
                value=loss,
                label=f"hits lost ({hits_taken} of {hits_max}: {_percent(hits_taken, hits_max)})",
                rule="R-2",
            )
        )
    if injured:
        mods.append(Modifier(value=injured, label="injury penalty", rule="RMU-GEN-7"))
    if stunned:
        rounds = RmuVitals(stun=stun).stun_rounds
        mods.append(Modifier(value=stunned, label=f"stunned ({rounds} rnd)", rule="R-3"))
    if tired:
        mods.append(Modifier(value=tired, label="fatigue", rule="RMU-GEN-7"))
    return tuple(mods)


def total_penalty(c: CombatantState, v: RmuVitals | None = None) -> int:
    """R-2's "total penalty": what the wounds take, the measure of dying and of the fatigue
    check; the gas's passing penalty is no wound (DEC-381). ``v``: ``c``'s vitals, when the
    caller has them already."""
    return _total(c, vitals(c) if v is None else v)


def _total(c: CombatantState, v: RmuVitals) -> int:
    """:func:`total_penalty` of ``c``, whose vitals ``v`` are."""
    return _wounds_total(c.hits_max, c.hits_taken, v.injury, v.stun, v.fatigue)


# The sum of the wounds' terms, kept as :func:`_wounds` are (same figures, same bound): every
# blow that lands asks it, to see whether they are dying now.
@lru_cache(maxsize=4096)
def _wounds_total(
    hits_max: int,
    hits_taken: int,
    injury: int,
    stun: tuple[tuple[int, int], ...],
    fatigue: int,
) -> int:
    return sum(_wound_terms(hits_max, hits_taken, injury, stun, fatigue))


def settle(c: CombatantState) -> CombatantState:
    """Unconscious and dead as the hits and penalties now stand (R-2).

    Conditions only ever get worse here: nothing in a fight heals. A combatant who drops falls
    prone. A total penalty of -200 or worse makes them dying with no count (``dying_rounds``
    0): R-2 gives none, and -300 kills them at the next upkeep.
    """
    stats = rmu_stats(c)
    left = c.hits_left
    unconscious = c.unconscious or left <= 0
    dead = c.dead or -left > stats.body_development
    v = stats.vitals
    if not dead and v.dying_rounds is None and _total(c, v) <= figures().dying_at:
        c = with_vitals(c, replace(v, dying_rounds=0))
    return fall(c, unconscious=unconscious, dead=dead)


def fall(c: CombatantState, *, unconscious: bool, dead: bool) -> CombatantState:
    """``c`` unconscious and dead as given. Whoever drops unconscious or dead falls: their
    body lies prone from then on (S-1, DEC-72), whether a blow, a death at the upkeep or the
    GM's ``set`` (DEC-700) put them down; getting up again is the stand-up (R-6).

    >>> from firefight.geometry import Point
    >>> from firefight.scene.state import CombatantState
    >>> up = CombatantState(name="V", position=Point(x_ft=0, y_ft=0))
    >>> fall(up, unconscious=False, dead=True).posture.value
    'prone'
    """
    if unconscious == c.unconscious and dead == c.dead:
        return c  # nothing new to store
    fallen = (unconscious and not c.unconscious) or (dead and not c.dead)
    return replace(
        c, unconscious=unconscious, dead=dead, posture=Posture.PRONE if fallen else c.posture
    )


def take_hits(c: CombatantState, hits: int) -> CombatantState:
    return settle(_with_hits_taken(c, c.hits_taken + hits))


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
    stats = rmu_stats(c)
    v = stats.vitals
    stun = (
        add_stun(v.stun, effect.stun_penalty, effect.stun_rounds) if effect.stun_rounds else v.stun
    )
    ap_left, owed = v.ap_left, v.staggered_owed
    if effect.staggered:
        lost_now = min(effect.staggered, ap_left)
        ap_left -= lost_now
        owed += effect.staggered - lost_now
    dying_rounds = v.dying_rounds
    if effect.dying_rounds is not None:
        dying_rounds = (
            effect.dying_rounds
            if dying_rounds is None or dying_rounds == 0
            else min(dying_rounds, effect.dying_rounds)
        )
    hurt = replace(
        v,
        bleed=v.bleed + effect.bleed,
        stun=stun,
        staggered=v.staggered or bool(effect.staggered),
        staggered_owed=owed,
        ap_left=ap_left,
        injury=v.injury + effect.injury,
        fatigue=v.fatigue + effect.fatigue,
        dying_rounds=dying_rounds,
    )
    # One copy of the combatant for the vitals and the blow: every critical that lands.
    hit = replace(
        c,
        stats=_stats_with_vitals(stats, hurt),
        hits_taken=c.hits_taken + effect.hits,
        posture=Posture.PRONE if effect.prone else c.posture,
        dead=c.dead or effect.dead,
    )
    return settle(hit)
