"""The rmu encounter seams: scenario combatants, validating and resolving actions against the
state, and applying rmu's events (DESIGN.md layer 6; RMU-GEN-1, RMU-GEN-7, RULINGS R-2..R-6).

An aimed shot in an encounter is built from the state: the shooter's skill bonus and ranks with
the weapon in hand and the ammunition in its magazine, every penalty the shooter carries
(R-2, R-3, RMU-GEN-7), the target's armor and its breakage so far, size, Quickness DB and Dodge,
the distance between them, and the cover on the line of fire: the best barrier between them on
the target's side (its grade from the share of the target it hides, RMU-COV-1, P-1) or the people
standing in the way (RMU-COV-5), whichever gives more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from operator import attrgetter
from typing import Annotated, Any, Literal, NamedTuple, TypeVar

from pydantic import Field, field_validator, model_validator

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import replace, replacer
from firefight.geometry import Body, Posture, distance_ft
from firefight.outcome import Happened, Outcome
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset, refuse_weapons_named_alike, refused_as_in_scene
from firefight.rulesets.rmu import encounter_fire, firearm_events, rmu_data
from firefight.rulesets.rmu import upkeep as _upkeep  # noqa: F401  (registers R-4's kinds)
from firefight.rulesets.rmu.affliction_events import (
    AFFLICTION_EVENTS,
    apply_affliction_event,
    describe_affliction_event,
)
from firefight.rulesets.rmu.bodies import Ally
from firefight.rulesets.rmu.called import CalledShot
from firefight.rulesets.rmu.carried import take_grenade
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS, RmuData
from firefight.rulesets.rmu.encounter_actions import (
    ChangePosture,
    Move,
    Reload,
    Shoot,
    Wait,
)
from firefight.rulesets.rmu.encounter_afflictions import (
    HoldsBreath,
    check_coherent,
    exposure_events,
    needs_gas_check,
    resolve_holds_breath,
    roll_gas_check,
    validate_holds_breath,
)
from firefight.rulesets.rmu.encounter_events import (
    ActionPointsLost,
    AttackerBonusUsed,
    Bled,
    Died,
    DyingCountdown,
    RoundStarted,
    StaggerCleared,
    StaggerPaid,
    StunWoreOff,
    bonus_used,
)
from firefight.rulesets.rmu.encounter_explosives import (
    Throws,
    ThrowsBack,
    grenade_at_hand,
    resolve_throws,
    resolve_throws_back,
    validate_throws,
    validate_throws_back,
)
from firefight.rulesets.rmu.encounter_results import NoEffect, ShotTaken
from firefight.rulesets.rmu.events import (
    ActionPointsSpent,
    AttackerBonusGained,
    BreakageTaken,
    CriticalInflicted,
    HitsInflicted,
)
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.fatigue import (
    FATIGUE_RULE,
    FatigueChecked,
    needs_fatigue_check,
    roll_fatigue_check,
)
from firefight.rulesets.rmu.fire_actions import (
    ClearJam,
    DashToCover,
    EmptyGun,
    PrepareRapidFire,
    Sweep,
)
from firefight.rulesets.rmu.grenade_reactions import check_reaction
from firefight.rulesets.rmu.kindred import KindredSheet
from firefight.rulesets.rmu.kindred_actions import (
    KINDRED_ACTIONS,
    Rouse,
    resolve_kindred_action,
    validate_kindred_action,
)
from firefight.rulesets.rmu.kindred_criticals import reads_torpor, severity_steps
from firefight.rulesets.rmu.kindred_events import KINDRED_EVENTS, event_subject
from firefight.rulesets.rmu.kindred_feeding import (
    FEEDING_ACTIONS,
    LetsGo,
    check_fangs_free,
    resolve_feeding_action,
    validate_feeding_action,
)
from firefight.rulesets.rmu.kindred_fire import burning_started, set_alight, with_fire
from firefight.rulesets.rmu.kindred_rules import kindred_rules
from firefight.rulesets.rmu.kindred_stakes import (
    STAKE_ACTIONS,
    resolve_stake_action,
    validate_stake_action,
)
from firefight.rulesets.rmu.kindred_vitals import (
    apply_kindred_event,
    check_kindred_can_act,
    describe_kindred_event,
    kindred_landed,
)
from firefight.rulesets.rmu.loadout import check_gun_fires, ready_weapon, spare_for
from firefight.rulesets.rmu.melee.carried import (
    CARRIED_RULE,
    MeleeWeaponLeft,
    MeleeWeaponTaken,
    describe_carried_event,
    drop_melee,
    take_melee,
)
from firefight.rulesets.rmu.melee.catalog import melee_weapon
from firefight.rulesets.rmu.melee.encounter import (
    MELEE_ACTIONS,
    check_not_held,
    check_not_held_fast,
    held_terms,
    resolve_melee_action,
    validate_melee_action,
)
from firefight.rulesets.rmu.merged import Merged
from firefight.rulesets.rmu.placement import ExplosiveLanded
from firefight.rulesets.rmu.scene_reading import (
    body_screen,
    check_can_move,
    cover_share_now,
    defender,
    fire_target,
    line_of_fire,
    move_cost,
    nearest_ally,
    shooter_modifiers,
    situational_conditions,
    worn_figures,
)
from firefight.rulesets.rmu.shot import (
    AimedShot,
    PreparedShot,
    aimed_shot_events,
    resolve_aimed_shot,
    settled_aimed_shot,
    with_extra,
)
from firefight.rulesets.rmu.shot_results import AimedShotResult
from firefight.rulesets.rmu.struck import Strike, Struck
from firefight.rulesets.rmu.table_kinds import critical_words
from firefight.rulesets.rmu.vitals import (
    ArmorState,
    RmuSkill,
    RmuStats,
    RmuVitals,
    armor_of,
    check_ap,
    dying,
    fall,
    figures,
    hit_loss_penalty,
    intact_armor,
    rmu_stats,
    settle,
    take_critical,
    take_hits,
    total_penalty,
    vitals,
    wear_off_stun,
    with_armor,
    with_vitals,
)
from firefight.scene.actions import Action
from firefight.scene.apply import (
    FoldError,
    People,
    apply_all,
    fold_alone,
    named_in_log,
    people_fold,
    personal_fold_into,
)
from firefight.scene.events import (
    ArmorRepaired,
    PostureChanged,
    Reloaded,
    moved_to,
    register_event_types,
    rounds_left_line,
)
from firefight.scene.spots import spot_taken
from firefight.scene.state import (
    CombatantState,
    EncounterState,
    MagazineState,
    Surprise,
    WeaponState,
)
from firefight.serialize import to_plain
from firefight.tables.data_files import DataModel
from firefight.tables.settled import settled_while
from firefight.trace import QuietTraceBuilder, Trace, TraceBuilder
from firefight.wording import counted

__all__ = [
    "RmuCombatantFields",
    "apply_rmu_event",
    "build_shot",
    "describe_rmu_event",
    "new_rmu_combatant",
    "resolve_rmu_action",
    "validate_rmu_action",
]

register_event_types(
    RoundStarted,
    ActionPointsSpent,
    ActionPointsLost,
    HitsInflicted,
    CriticalInflicted,
    AttackerBonusGained,
    BreakageTaken,
    AttackerBonusUsed,
    Bled,
    Died,
    DyingCountdown,
    StaggerCleared,
    StaggerPaid,
    StunWoreOff,
    FatigueChecked,
    ExplosiveLanded,
    MeleeWeaponLeft,
    MeleeWeaponTaken,
    *AFFLICTION_EVENTS,
    *KINDRED_EVENTS,
    *(
        getattr(firearm_events, name)
        for name in firearm_events.__all__
        if name != "malfunction_event"  # the helper that makes one, not an event
    ),
)


# --- the scenario's rmu combatant (pydantic, at the edge) --------------------------------------


# The command line's sanity limits (DEC-80): an OB or a bonus -999..999, a Dodge DB 0..200,
# armor quality -100..100; a scenario's pistol bonus of 100,000 killed with every shot.
Bonus = Annotated[int, Field(ge=-999, le=999)]


class RmuSkillModel(DataModel):
    bonus: Bonus
    ranks: int = Field(default=0, ge=0, le=999)


class RmuMagazineModel(DataModel):
    rounds: int = Field(ge=0)
    ammo: str = "ball"

    @field_validator("ammo")
    @classmethod
    def _known_ammo(cls, value: str) -> str:
        rmu_data().ammunition(value)
        return value


class RmuWeaponModel(DataModel):
    weapon: str
    name: str | None = Field(default=None, min_length=1)
    skill: str | None = None
    bonus: Bonus = 0
    mounted: bool = False
    magazines: list[RmuMagazineModel] = Field(default_factory=list)

    @field_validator("weapon")
    @classmethod
    def _known_weapon(cls, value: str) -> str:
        rmu_data().weapon(value)
        return value

    @model_validator(mode="after")
    def _fits(self) -> RmuWeaponModel:
        capacity = rmu_data().weapon(self.weapon).magazine
        for n, mag in enumerate(self.magazines, start=1):
            if mag.rounds > capacity:
                raise ValueError(
                    f"magazine {n} holds {mag.rounds} rounds, but a {self.weapon} magazine "
                    f"holds {capacity}"
                )
        return self


class RmuArmorModel(DataModel):
    kind: str
    quality: int = Field(default=0, ge=-100, le=100)
    damage: int = Field(default=0, ge=-999, le=0)

    @field_validator("kind")
    @classmethod
    def _known_armor(cls, value: str) -> str:
        if rmu_data().armor_class(value) is None:
            raise ValueError(f"{value!r} is a naked column; give it as naked_at, not as armor")
        return value


class RmuStatsModel(DataModel):
    quickness: Bonus = 0
    quickness_db: int = Field(default=0, ge=0, le=100)
    dodge: int = Field(default=0, ge=0, le=200)
    celerity: int = Field(default=0, ge=0, le=5)
    body_development: int = Field(ge=0, le=999)
    # A sane base movement rate (people move 10-30 ft): a tiny one would make every move cost
    # hundreds of digits of AP, a huge one cross the scene's limit.
    bmr_ft: float = Field(ge=1.0, le=1000.0)
    armor_trained: bool = True
    strength: Bonus = 0
    constitution: Bonus | None = None
    self_discipline: Bonus = 0


class KindredDisciplinesModel(DataModel):
    """A Kindred's discipline dots (RULINGS V-6), 0-5 each."""

    celerity: int = Field(default=0, ge=0, le=5)
    potence: int = Field(default=0, ge=0, le=5)
    fortitude: int = Field(default=0, ge=0, le=5)
    protean: int = Field(default=0, ge=0, le=5)
    blush_of_life: int = Field(default=0, ge=0, le=5)


class RmuCombatantFields(DataModel):
    """The rmu part of a ``[[combatant]]`` (docs/scenarios.md)."""

    hits: int = Field(gt=0, le=999)
    naked_at: str = "AT 1"
    stats: RmuStatsModel
    skills: dict[str, RmuSkillModel] = Field(default_factory=dict)
    armor: RmuArmorModel | None = None
    weapon: list[RmuWeaponModel] = Field(default_factory=list)
    under_fire: Literal["dive", "stand"] | None = None
    gas_mask: bool = False
    # DEC-620: the grenades carried, counted down by each throw; None keeps no count (DEC-473).
    grenades: dict[str, Annotated[int, Field(le=10_000)]] | None = None
    # DEC-826: the melee weapons carried, by catalog name (a name twice is two of them); None
    # lets anyone strike with any.
    melee: list[str] | None = Field(default=None, max_length=100)
    # RULINGS V-6: a Kindred's sheet; mortals give none of it.
    kindred: bool = False
    blood_potency: int | None = Field(default=None, ge=0, le=10)
    hunger: int | None = Field(default=None, ge=0, le=5)
    disciplines: KindredDisciplinesModel | None = None

    @field_validator("naked_at")
    @classmethod
    def _naked(cls, value: str) -> str:
        if value not in NAKED_COLUMNS:
            raise ValueError(f"{value!r} is not a naked armor column (AT 1 to AT 10)")
        return value

    @field_validator("grenades")
    @classmethod
    def _known_loads(cls, value: dict[str, int] | None) -> dict[str, int] | None:
        if value is None:
            return None
        counts: dict[str, int] = {}
        for given, n in value.items():
            key = explosive_data().load(given).key
            if n < 0:
                raise ValueError(f"{n} {given} is fewer than none: give 0 or more")
            if key in counts:
                raise ValueError(f"{given!r} is given twice")
            counts[key] = n
        return counts

    @field_validator("melee")
    @classmethod
    def _known_melee(cls, value: list[str] | None) -> list[str] | None:
        if value is None:
            return None
        keys = []
        for given in value:
            weapon = melee_weapon(given)
            if weapon.natural:
                raise ValueError(
                    f"{given!r} is a natural weapon, always at hand: leave it out of melee "
                    f"({CARRIED_RULE})"
                )
            keys.append(weapon.key)
        return keys

    @model_validator(mode="after")
    def _consistent(self) -> RmuCombatantFields:
        if not self.kindred:
            given = [
                key
                for key in ("blood_potency", "hunger", "disciplines")
                if getattr(self, key) is not None
            ]
            if given:
                raise ValueError(
                    f"{', '.join(given)} belong to a Kindred's sheet: add kindred = true (V-6)"
                )
        elif self.stats.celerity:
            raise ValueError(
                "a Kindred's Celerity is a discipline: give it as disciplines.celerity, "
                "not stats.celerity (it costs a Rouse check when roused, V-4)"
            )
        refuse_weapons_named_alike(self.weapon)
        for w in self.weapon:
            if w.skill is not None and w.skill not in self.skills:
                raise ValueError(
                    f"weapon {w.name or w.weapon!r} uses skill {w.skill!r}, which is not among "
                    f"the skills ({', '.join(sorted(self.skills)) or 'none given'})"
                )
        return self


def new_rmu_combatant(spec: Any, core: CombatantState) -> CombatantState:
    """The combatant as the scenario sets them up (the first magazine listed is loaded)."""
    stats = spec.stats
    weapons = []
    for w in spec.weapon:
        capacity = rmu_data().weapon(w.weapon).magazine
        mags = [MagazineState(rounds=m.rounds, capacity=capacity, ammo=m.ammo) for m in w.magazines]
        weapons.append(
            WeaponState(
                name=w.name or w.weapon,
                kind=w.weapon,
                skill=w.skill,
                bonus=w.bonus,
                mounted=w.mounted,
                loaded=mags[0] if mags else None,
                spares=tuple(mags[1:]),
            )
        )
    armor = spec.armor
    dots = spec.disciplines.model_dump() if spec.disciplines is not None else {}
    sheet = (
        KindredSheet(
            blood_potency=spec.blood_potency if spec.blood_potency is not None else 1,
            hunger=spec.hunger if spec.hunger is not None else 1,
            **dots,
        )
        if spec.kindred
        else None
    )
    return replace(
        core,
        hits_max=spec.hits,
        weapons=tuple(weapons),
        stats=RmuStats(
            quickness=stats.quickness,
            quickness_db=stats.quickness_db,
            dodge=stats.dodge,
            celerity=stats.celerity,
            body_development=stats.body_development,
            bmr_ft=stats.bmr_ft,
            armor_trained=stats.armor_trained,
            naked_at=spec.naked_at,
            strength=stats.strength,
            constitution=stats.constitution,
            self_discipline=stats.self_discipline,
            gas_mask=spec.gas_mask,
            under_fire=spec.under_fire,
            armor=ArmorState(kind=armor.kind, quality=armor.quality, damage=armor.damage)
            if armor
            else None,
            kindred=sheet,
            grenades=tuple(spec.grenades.items()) if spec.grenades is not None else None,
            melee=tuple(spec.melee) if spec.melee is not None else None,
            skills=tuple(
                RmuSkill(name=name, bonus=s.bonus, ranks=s.ranks) for name, s in spec.skills.items()
            ),
        ),
    )


# --- validation ---------------------------------------------------------------------------------


#: Actions that spend no AP: rousing a power (DEC-364), letting the fangs go (RMU-BITE-3),
#: holding the breath or breathing again (DEC-381). With the round's AP spent they may still be
#: taken: "no AP left" is no reason to refuse what costs none.
_FREE_ACTIONS = (Rouse, LetsGo, HoldsBreath)


def _able(state: EncounterState, c: CombatantState, v: RmuVitals, *, free: bool = False) -> None:
    """Refuse an actor who cannot act at all (R-2, RMU-GEN-7, R-5, RMU-GEN-1; a Kindred's
    V-2, V-3); ``v`` is their vitals; ``free``: the action spends no AP."""
    check_kindred_can_act(c)
    if c.dead:
        raise RuleRefusal("R-2", f"{c.name} is dead and takes no more actions.")
    if dying(c, v):
        rule = "RMU-GEN-7" if v.dying_rounds else "R-2"
        raise RuleRefusal(rule, f"{c.name} is dying and cannot act.")
    if c.unconscious:
        raise RuleRefusal(
            "R-2",
            f"{c.name} is unconscious ({c.hits_left} hits left of {c.hits_max}) and cannot act.",
        )
    if state.round == 1 and c.surprise is Surprise.FLAT_FOOTED:
        raise RuleRefusal("R-5", f"{c.name} was caught flat-footed and takes no action in round 1.")
    if v.ap_left <= 0 and not free:
        raise RuleRefusal(
            "RMU-GEN-1",
            f"{c.name} has no AP left this round ({figures().round_ap} a round); "
            "wait for the next round.",
        )


def _reacting(action: Action) -> bool:
    """Whether ``action`` is a reaction to a landed grenade (RMU-EXP-9, RMU-EXP-10): going
    flat, a dash from it, throwing it back. A plain move is not judged one (DEC-386): the GM
    knows why someone walks."""
    if isinstance(action, ChangePosture):
        return action.posture is Posture.PRONE
    if isinstance(action, DashToCover):
        return action.grenade is not None
    return isinstance(action, ThrowsBack)


def _answers(state: EncounterState, action: Action) -> str | None:
    """The grenade a reaction answers: the one picked up and thrown back, or run from
    (DEC-677); going flat answers every grenade (None)."""
    c = state.combatant(action.actor)
    if isinstance(action, ThrowsBack):
        return grenade_at_hand(state, c).id
    if isinstance(action, DashToCover) and action.grenade is not None:
        return encounter_fire.live_grenade(state, c, action.grenade)[0].id
    return None


def validate_rmu_action(state: EncounterState, action: Action, *, quiet: bool = False) -> None:
    """Refuse what the state forbids before any die is rolled; a reaction to a grenade past
    what its noticing row leaves to react with (RMU-EXP-10). ``quiet``: for a resolution whose
    trace nobody reads (:func:`resolve_rmu_quietly`), so a shot is read without its steps."""
    c = state.combatant(action.actor)
    try:
        _validated(state, action, c, rmu_stats(c), quiet=quiet)
    except RuleRefusal as refusal:
        raise _refused_as_in_scene(refusal, c, action) from None


_FIRING = (Shoot, PrepareRapidFire, EmptyGun, Sweep, ClearJam, Reload)


def _refused_as_in_scene(refusal: RuleRefusal, c: CombatantState, action: Action) -> RuleRefusal:
    """``refusal`` naming the gun ``c`` fires, loads or clears as the scene does
    (:func:`refused_as_in_scene`: "the glock is semi-automatic", not the catalog's "the Glock
    17")."""
    weapon = c.weapon(action.weapon) if isinstance(action, _FIRING) else None
    return refused_as_in_scene(refusal, weapon, lambda kind: rmu_data().weapon(kind).name)


def _validated(
    state: EncounterState, action: Action, c: CombatantState, stats: RmuStats, *, quiet: bool
) -> _Built | None:
    """:func:`validate_rmu_action` of ``c``'s action (the actor, as ``state`` has them, whose
    figures are ``stats``: read once for every check); a shot's read and prepared shot, which
    validating it built (:func:`_prepared_for`)."""
    built = _validate(state, action, c, stats, quiet=quiet)
    if built is not None or not _reacting(action):
        return built
    if stats.afflictions.reactions:
        check_reaction(state, c, _ap_cost(state, action, c), _answers(state, action))
    return None


def _ap_cost(state: EncounterState, action: Action, c: CombatantState) -> int:
    """The AP ``c``'s ``action`` spends. The costs never hang on the dice: a dry run on
    throwaway dice reads them off."""
    dry = _resolve(state, action, Dice.seeded(0), c, quiet=True)
    return sum(e.ap for e in dry.events if isinstance(e, ActionPointsSpent) and e.actor == c.name)


def _validate(
    state: EncounterState, action: Action, c: CombatantState, stats: RmuStats, *, quiet: bool
) -> _Built | None:
    """The checks of :func:`_validated`; a shot's read and prepared shot."""
    encounter_fire.refuse_before_ap(state, action)
    _able(state, c, stats.vitals, free=isinstance(action, _FREE_ACTIONS))
    check_coherent(state, c, action, stats)
    # The shot first: most of a fight's actions (none of the kinds below is a Shoot).
    if isinstance(action, Shoot):
        check_not_held_fast(state, c)
        weapon = ready_weapon(c, action.weapon)
        check_gun_fires(c, weapon, stats)
        # Building and preparing the shot runs every check the shot makes, without dice.
        return _prepared_for(state, action, c, quiet=quiet, weapon=weapon, stats=stats)
    if isinstance(action, HoldsBreath):
        validate_holds_breath(state, action)
        return None
    if isinstance(action, encounter_fire.FIRE_ACTIONS):
        encounter_fire.validate_fire_action(state, action)
        return None
    if isinstance(action, Throws):
        validate_throws(state, action)
        return None
    if isinstance(action, ThrowsBack):
        validate_throws_back(state, action)
        return None
    if isinstance(action, KINDRED_ACTIONS):
        validate_kindred_action(state, action)
        return None
    if isinstance(action, FEEDING_ACTIONS):
        validate_feeding_action(state, action)
        return None
    if isinstance(action, STAKE_ACTIONS):
        validate_stake_action(state, action)
        return None
    if isinstance(action, MELEE_ACTIONS):
        validate_melee_action(state, action)
        return None
    if isinstance(action, Reload):
        weapon = ready_weapon(c, action.weapon)
        if action.ammo is not None:
            rmu_data().ammunition(action.ammo)
        spare_for(c, weapon, action.ammo)
        check_ap(c, figures().reload_ap, "Drawing ammunition and loading")
        return None
    if isinstance(action, Move):
        check_can_move(c)
        check_not_held(state, c)
        check_fangs_free(state, c)
        distance = distance_ft(c.position, action.to)
        if distance <= 0:
            raise RuleRefusal("R-6", f"{c.name} is already there.")
        cost = move_cost(c, distance)
        ap_left = vitals(c).ap_left
        if cost > ap_left:
            bmr = rmu_stats(c).bmr_ft
            reach = ap_left * bmr / figures().move_per_bmr_ap
            raise RuleRefusal(
                "RMU-GEN-1",
                f"Moving {distance:.0f} ft costs {cost} AP (BMR {bmr:g} ft per AP), "
                f"but {c.name} has only {ap_left} left: {reach:g} ft at most.",
            )
        there = spot_taken(state, c, Body(center=action.to, posture=c.posture, size=c.size))
        if there is not None:
            raise RuleRefusal("S-1", f"{there} already takes up that spot.")
        return None
    if isinstance(action, ChangePosture):
        if action.posture is c.posture:
            raise RuleRefusal("R-6", f"{c.name} is already {c.posture.value}.")
        figs = figures()
        cost = figs.drop_prone_ap if action.posture is Posture.PRONE else figs.stand_up_ap
        what = "Dropping prone" if action.posture is Posture.PRONE else "Standing up"
        check_ap(c, cost, what)
        return None
    if isinstance(action, Wait):
        if action.ap is not None:
            if action.ap < 1:
                raise RuleRefusal("RMU-GEN-1", "Waiting lets at least 1 AP go.")
            check_ap(c, action.ap, f"Waiting {action.ap} AP")
        return None
    raise RuleRefusal("R-6", f"rmu cannot resolve a {type(action).__name__} yet.")


# --- the aimed shot from the state ---------------------------------------------------------------


def build_shot(state: EncounterState, action: Shoot, tb: TraceBuilder) -> AimedShot:
    """The :class:`AimedShot` the state declares for ``action``; refuses what cannot be fired."""
    shooter = state.combatant(action.actor)
    values = _shot_fields(state, action, shooter, rmu_stats(shooter), tb, rmu_data())
    return _aimed_shot(values, nearest_ally(state, shooter))


#: The :class:`AimedShot` fields :func:`_shot_fields` reads off the scene, in its order (after
#: the id of the screen): first what most often sets a shot apart from one kept alike, so
#: comparing stops early; last the :data:`_KEYED` plain ones a kept shot is found under
#: (:func:`_prepared_for`). All but the nearest ally, whom only a fumble reads (DEC-105):
#: :func:`_shoot` looks them up then.
_SHOT_FIELDS = (
    "screen",
    "weapon",
    "ob",
    "ranks",
    "prepared",
    "mounted",
    "ammo",
    "armor",
    "naked_column",
    "armor_quality",
    "armor_broken",
    "cover",
    "cover_share_percent",
    "target_size",
    "defender",
    "shooter_armor",
    "strength_bonus",
    "shooter_naked_column",
    "shooter_severity_steps",
    "shooter_kindred",
    "called",
    "shooter",
    "target",
    "ap",
    "ap_available",
    "distance_ft",
    "armor_damage",
    "situational",
    "extra",
)
_KEYED = 8


def _aimed_shot(values: tuple[Any, ...], ally: Ally | None) -> AimedShot:
    """The shot :func:`_shot_fields` read, from its values, with ``ally`` as its nearest ally."""
    return AimedShot(**dict(zip(_SHOT_FIELDS, values[1:], strict=True)), ally=ally)


def _shot_fields(
    state: EncounterState,
    action: Shoot,
    shooter: CombatantState,
    stats: RmuStats,
    tb: TraceBuilder,
    data: RmuData,
    weapon: WeaponState | None = None,
) -> tuple[Any, ...]:
    """:func:`build_shot`'s :class:`AimedShot` as the values of :data:`_SHOT_FIELDS`, after the
    id of the screen (one tuple, as the shot is kept under and compared with:
    :func:`_prepared_for`); ``shooter`` is the actor as ``state`` has them, ``stats`` their
    figures, ``weapon`` the gun they fire when the caller found it already. The target's
    figures are read once too, for every reading of them."""
    target = fire_target(state, shooter, action.target, verb="shoot")
    if weapon is None:
        weapon = ready_weapon(shooter, action.weapon)
    mag = weapon.loaded
    if mag is None or mag.rounds <= 0:
        spare = any(m.rounds > 0 for m in weapon.spares)
        then = "reload first (draw ammunition and load, 1 AP)" if spare else "and has no spare"
        raise RuleRefusal("R-6", f"{shooter.name}'s {weapon.name} is empty; {then}.")
    aimed_at = rmu_stats(target)
    rules = kindred_rules(state)
    skill = stats.skill(weapon.skill)
    situational = list(action.situational)
    for name, why in situational_conditions(state, target, aimed_at):
        if name not in situational:
            situational.append(name)
            tb.step(why, "R-1")
    cover, distance = line_of_fire(state, shooter, target, weapon.kind, tb, data)
    # RMU-MOV-2: a barrier reached by a dash this round counts only by the share reached.
    cover_share = cover_share_now(state, target, tb, aimed_at) if cover is not None else 100
    armor, naked_column, armor_damage, armor_quality, armor_broken = worn_figures(target, aimed_at)
    screen = body_screen(state, shooter, target, rules, data)
    shooter_armor = intact_armor(shooter, stats)
    return (
        id(screen),
        screen,
        weapon.kind,
        skill.bonus if skill else 0,
        skill.ranks if skill else 0,
        action.prepared,
        weapon.mounted,
        mag.ammo,
        armor,
        naked_column,
        armor_quality,
        armor_broken,
        cover,
        cover_share,
        target.size,
        defender(state, target, aimed_at),
        shooter_armor.kind if shooter_armor else None,
        stats.strength,
        stats.naked_at,
        severity_steps(stats, rules),
        reads_torpor(stats, rules),
        CalledShot(location=action.called) if action.called else None,
        shooter.name,
        target.name,
        action.ap,
        stats.vitals.ap_left,
        distance,
        armor_damage,
        tuple(situational),
        (*shooter_modifiers(shooter, weapon, stats), *held_terms(state, shooter), *action.mods),
    )


class _Built(NamedTuple):
    """A shot read off the scene and prepared, with the trace of each, and the rmu data it was
    read with (the shot fires with the same). A plain tuple: made for every shot, read at once."""

    state: EncounterState
    action: Shoot
    shot: AimedShot
    read: Trace
    prepared: tuple[PreparedShot, Trace]
    data: RmuData
    #: Whether ``read`` tells nothing: the shot was read for a quiet resolution.
    untold: bool
    #: The gun fired, as the scene has it.
    weapon: WeaponState


#: The last shot built: validating an action and resolving it read the same state, so the
#: shot is read off the scene and prepared once for both (the rules run are the same).
_last_built: list[_Built] = []


#: The scene read for a quiet resolution tells nobody its steps: one builder keeping nothing.
_UNREAD = QuietTraceBuilder()


def _prepared_for(
    state: EncounterState,
    action: Shoot,
    shooter: CombatantState,
    *,
    quiet: bool,
    weapon: WeaponState | None = None,
    stats: RmuStats | None = None,
) -> _Built:
    """:func:`build_shot` and :func:`~.shot.settled_aimed_shot`, run once for a state and
    action in a row; refuses as they do. ``shooter`` is the actor as ``state`` has them (the
    caller found them already), ``weapon`` their gun and ``stats`` their figures when the caller
    found them too; ``quiet``:
    nobody reads the steps of the read (a shot read so is not taken for a told resolution)."""
    if _last_built:
        last = _last_built[0]
        if (
            last.state is state
            and (last.action is action or last.action == action)
            and (quiet or not last.untold)
        ):
            return last
    tb = _UNREAD if quiet else TraceBuilder()
    # Looked up once and handed down: the shot reads the data at every step.
    data = rmu_data()
    if stats is None:
        stats = rmu_stats(shooter)
    values = _shot_fields(state, action, shooter, stats, tb, data, weapon)
    if weapon is None:  # found after the target, as the read refuses them in that order
        weapon = ready_weapon(shooter, action.weapon)
    # Most shots of a fight are one read before, to the last field (a shooter firing again at
    # someone who has not moved): the shot and what it settles to are kept for its values,
    # found under the plain ones that set shots apart most (the shooter's wounds, the target's
    # armor and conditions) and compared with those kept under them in the rest
    # (settled_while), and neither the shot nor its prepared shot's key is built anew; equal
    # fields make an equal shot. The screen is what most often sets apart shots kept alike:
    # one is kept per set of figures (scene_reading), so it is told apart first by identity --
    # the kept values hold it, so no other value can take its id while kept; an equal one made
    # anew after its first was dropped only settles the shot again.
    shot, prepared = settled_while(
        data,
        "shot from the scene",
        values[-_KEYED:],
        values[:-_KEYED],
        _settled_shot,
        values,
        data,
    )
    built = _Built(state, action, shot, tb.build(), prepared, data, quiet, weapon)
    _last_built[:] = [built]
    return built


def _settled_shot(
    values: tuple[Any, ...], data: RmuData
) -> tuple[AimedShot, tuple[PreparedShot, Trace]]:
    extra = values[-1]
    if extra:
        # Most shots met anew differ from one kept only by the shooter's own terms (a new wound
        # penalty, a bonus owed): the shot without them is found by its plain values, as any
        # shot is (no shot built nor compared whole), and prepared with them put in (P-8).
        plain = (*values[:-1], ())
        shot, prepared = settled_while(
            data,
            "shot from the scene",
            plain[-_KEYED:],
            plain[:-_KEYED],
            _settled_shot,
            plain,
            data,
        )
        shot = replace(shot, extra=extra)
        return shot, with_extra(prepared, shot)
    # No ally: a fumble looks them up (_shoot). Their armor figures need no check before the
    # dice, as a declared ally's do: a scene's people were checked as its scenario loaded.
    shot = _aimed_shot(values, None)
    return shot, settled_aimed_shot(shot, data)


def _headline(action: Shoot, weapon: str, shot: AimedShotResult) -> str:
    head = f"{action.actor} fires the {weapon} at {action.target}"
    if shot.result == "fumble":
        # What the fumble does, as the narration says it: "fumble." alone left a GM reading
        # the AP gone (or a jam) with no cause in the lines the session prints (RMU-GEN-8).
        bad = shot.malfunction
        what = f" ({bad.effect.label}): {bad.effect.summary()}" if bad else ""
        return f"{head}: fumble{what}."
    if shot.result == "cannot hit":
        return f"{head}: the cover stops it cold."
    if shot.result == "hit":
        return f"{head}: {strike_words(shot.landing)}."
    missed = f"{head}: {strike_words(shot.landing)}"
    shielder = shot.shielder
    if shielder is not None:
        name = shielder.name
        if shielder.landing.hit:
            return f"{missed}; the round flies on into {name}: {strike_words(shielder.landing)}."
        return f"{missed}; the stray round misses {name} too."
    return f"{missed}."


def strike_words(landing: Strike) -> str:
    """What one strike did, in a few words: a miss and by how much, a hit its hits and its
    critical -- or that the armor (its column) stopped it, when the cell gives nothing."""
    if not isinstance(landing, Struck):
        by = landing.miss_by
        return f"missed by {by}" if by is not None else "miss"
    hits = landing.hits_taken
    if landing.severity:
        return (
            f"hit, {counted(hits, 'hit')} and a critical {landing.severity} to the "
            f"{landing.location}{landing.kindred_words}"
        )
    if not hits:
        column = landing.column
        return (
            f"hit, but the armor ({column}) stops it"
            if column.startswith("BA")
            else ("hit, no damage")
        )
    return f"hit, {counted(hits, 'hit')}, no critical"


def resolve_rmu_action(state: EncounterState, action: Action, dice: Dice) -> Outcome:
    """The events and trace of a validated action, after the checks it must pass first (the
    CS Constitution maneuver, RMU-EXP-16; the fatigue check, R-2, DEC-79), and then the CS
    read again for everyone the action moved or gassed (RMU-EXP-16). A refusal names the gun
    as the scene does."""
    c = state.combatant(action.actor)
    try:
        return _exposed(state, _checked(state, action, dice, c))
    except RuleRefusal as refusal:
        raise _refused_as_in_scene(refusal, c, action) from None


def resolve_rmu_quietly(
    state: EncounterState, action: Action, dice: Dice, rmu: Ruleset
) -> EncounterState:
    """The state :func:`resolve_rmu_action` leads to, its events folded once by ``rmu`` (the
    ruleset asking): the CS read again on the state they leave (RMU-EXP-16) is what folding
    them all would give. Refuses all :func:`validate_rmu_action` does first
    (``resolve_validates``): the quiet path validates here, where it knows nobody reads the
    steps, so a shot is read off the scene once, building none."""
    c = state.combatant(action.actor)  # the actor and their figures, read once for both
    stats = rmu_stats(c)
    try:
        built = _validated(state, action, c, stats, quiet=True)
        events: Sequence[Event]
        if (
            isinstance(action, Shoot)
            and built is not None
            and not _checks_first(state, action, c, stats)
        ):
            # Most of a fight's actions: the shot's events gathered alone, with no outcome
            # built round them (:func:`_checked` gives the same events), from the shot its
            # validation read and prepared.
            shot = _shot_events(state, action, dice, c, stats, built)
            lit = set_alight(state, shot)
            if lit:  # a Heat critical on a Kindred (V-5): seldom
                shot.extend(burning_started(lit))
            events = shot
        else:
            events = _checked(state, action, dice, c, quiet=True, stats=stats).events
    except RuleRefusal as refusal:
        raise _refused_as_in_scene(refusal, c, action) from None
    after = apply_all(state, events, rmu)
    gassed = exposure_events(after)
    return apply_all(after, gassed, rmu) if gassed else after


def _checks_first(
    state: EncounterState, action: Action, c: CombatantState, stats: RmuStats
) -> bool:
    """Whether ``c``'s ``action`` must pass a check before it is taken (:func:`_checked`)."""
    return needs_gas_check(state, c, action, stats) or needs_fatigue_check(c, action, stats.vitals)


def _checked(
    state: EncounterState,
    action: Action,
    dice: Dice,
    c: CombatantState,
    *,
    quiet: bool = False,
    stats: RmuStats | None = None,
) -> Outcome:
    """``action`` by ``c`` (its actor, as ``state`` has them, whose figures are ``stats`` when
    the caller read them) after the checks it must pass first (:func:`resolve_rmu_action`)."""
    if stats is None:
        stats = rmu_stats(c)
    checks: list[Outcome] = []
    if needs_gas_check(state, c, action, stats):
        passed, gas = roll_gas_check(state, c, dice)
        checks.append(gas)
        if not passed:
            headline = f"{c.name} chokes on the CS: no coherent action this round."
            return _to_no_effect(state, action, checks, "RMU-EXP-16", headline)
    if needs_fatigue_check(c, action, stats.vitals):
        passed, fatigue = roll_fatigue_check(c, dice)
        checks.append(fatigue)
        if not passed:
            headline = f"{c.name} fails the fatigue check, too spent to act: the AP are lost."
            return _to_no_effect(state, action, checks, FATIGUE_RULE, headline)
    done = with_fire(state, _resolve(state, action, dice, c, quiet=quiet, stats=stats))
    if not checks:
        return done
    return Outcome(
        events=(*(e for o in checks for e in o.events), *done.events),
        trace=Trace((*(t for o in checks for t in o.trace.entries), *done.trace.entries)),
        result=Merged(main=done.result, after=tuple(o.result for o in checks)),
    )


def _to_no_effect(
    state: EncounterState,
    action: Action,
    checks: Sequence[Outcome],
    rule: str,
    headline: str,
) -> Outcome[Merged]:
    """A failed check: the AP the action would spend are gone all the same."""
    c = state.combatant(action.actor)
    ap = _ap_cost(state, action, c)
    tb = TraceBuilder()
    tb.step(f"{c.name} spends {ap} AP on the attempt, to no effect.", rule)
    return Outcome(
        events=(
            *(e for o in checks for e in o.events),
            ActionPointsSpent(actor=c.name, ap=ap),
            *bonus_used(c),
        ),
        trace=Trace((*(t for o in checks for t in o.trace.entries), *tb.build().entries)),
        result=Merged(
            main=NoEffect(
                action=action.verb,
                actor=c.name,
                ap_spent=ap,
                headline=headline.replace("the AP are lost", f"{ap} AP lost to no effect"),
            ),
            after=tuple(o.result for o in checks),
        ),
    )


def _exposed(state: EncounterState, outcome: Outcome) -> Outcome:
    """``outcome`` with the CS figures it changed for anyone (RMU-EXP-16)."""
    after = apply_all(state, outcome.events, find_ruleset("rmu"))
    gassed = exposure_events(after)
    if not gassed:
        return outcome
    return Outcome(events=(*outcome.events, *gassed), trace=outcome.trace, result=outcome.result)


#: A quiet shot's trace and result: nobody reads them (a simulated fight reads the events).
_UNTOLD = Trace()
_SHOT_QUIETLY = Happened(action="shoots")


def _shoot(
    state: EncounterState,
    action: Shoot,
    dice: Dice,
    c: CombatantState,
    *,
    quiet: bool,
    stats: RmuStats | None = None,
) -> Outcome:
    """An aimed shot by ``c``, its events as the encounter keeps them: its rounds and
    malfunction named for the gun in the scene, the shot counted for the gun's rate and the
    target's guns, the bonus its shooter spends; ``quiet``: with neither its trace nor its
    result; ``stats``: ``c``'s figures, when the caller read them."""
    if quiet:
        return Outcome(
            events=tuple(_shot_events(state, action, dice, c, stats)),
            trace=_UNTOLD,
            result=_SHOT_QUIETLY,
        )
    built = _prepared_for(state, action, c, quiet=False, stats=stats)
    weapon = built.weapon
    # The events name the gun as the scene does (shot_events renames nothing).
    outcome = resolve_aimed_shot(
        built.shot, dice, built.data, built.prepared, weapon.name, partial(nearest_ally, state, c)
    )
    events = encounter_fire.shot_events(c, weapon, target=action.target, events=outcome.events)
    events.extend(bonus_used(c, None if stats is None else stats.vitals))
    headline = encounter_fire.recoil_first(
        c.name,
        weapon.name,
        outcome.result.recoil,
        _headline(action, weapon.name, outcome.result),
    )
    taken = ShotTaken(
        actor=c.name,
        target=action.target,
        weapon_name=weapon.name,
        shot=outcome.result,
        headline=headline,
    )
    return Outcome(
        events=tuple(events),
        trace=type(outcome.trace)((*built.read.entries, *outcome.trace.entries)),
        result=taken,
    )


def _shot_events(
    state: EncounterState,
    action: Shoot,
    dice: Dice,
    c: CombatantState,
    stats: RmuStats | None,
    built: _Built | None = None,
) -> list[Event]:
    """:func:`_shoot`'s events alone, for a shot whose trace and result nobody reads (a
    simulated fight, a dry run for its costs), rolling the same dice; ``built``: the shot as
    its validation read and prepared it, when the caller has it."""
    if built is None:
        built = _prepared_for(state, action, c, quiet=True, stats=stats)
    weapon = built.weapon
    # The events name the gun as the scene does (shot_events renames nothing); whom a
    # fumble's 66 sends a round toward is looked up only then (DEC-105).
    fired = aimed_shot_events(
        built.shot, dice, built.data, built.prepared, weapon.name, partial(nearest_ally, state, c)
    )
    events = encounter_fire.shot_events(c, weapon, target=action.target, events=fired)
    events.extend(bonus_used(c, None if stats is None else stats.vitals))
    return events


def _resolve(
    state: EncounterState,
    action: Action,
    dice: Dice,
    c: CombatantState,
    *,
    quiet: bool = False,
    stats: RmuStats | None = None,
) -> Outcome:
    """The outcome of ``action`` by ``c`` (its actor, as ``state`` has them: every caller found
    them already; ``stats`` their figures, when the caller read them); ``quiet`` when only its
    events are read (a simulated fight, a dry run for its costs): an aimed shot then builds
    neither its trace nor its result."""
    if isinstance(action, Shoot):  # most of a fight's actions: asked first
        return _shoot(state, action, dice, c, quiet=quiet, stats=stats)
    if isinstance(action, encounter_fire.FIRE_ACTIONS):
        return encounter_fire.resolve_fire_action(state, action, dice)
    if isinstance(action, Throws):
        return resolve_throws(state, action, dice)
    if isinstance(action, ThrowsBack):
        return resolve_throws_back(state, action, dice)
    if isinstance(action, HoldsBreath):
        return resolve_holds_breath(state, action)
    if isinstance(action, KINDRED_ACTIONS):
        return resolve_kindred_action(state, action, dice)
    if isinstance(action, FEEDING_ACTIONS):
        return resolve_feeding_action(state, action, dice)
    if isinstance(action, STAKE_ACTIONS):
        return resolve_stake_action(state, action, dice)
    if isinstance(action, MELEE_ACTIONS):
        return resolve_melee_action(state, action, dice)
    tb = TraceBuilder()
    figs = figures()
    if isinstance(action, Reload):
        weapon = ready_weapon(c, action.weapon)
        spare = spare_for(c, weapon, action.ammo)
        mag = weapon.spares[spare]
        tb.step(
            f"{c.name} draws a magazine ({mag}) and loads the {weapon.name}: {figs.reload_ap} AP.",
            "R-6",
        )
        events = [
            ActionPointsSpent(actor=c.name, ap=figs.reload_ap),
            Reloaded(actor=c.name, weapon=weapon.name, spare=spare),
            *bonus_used(c),
        ]
        return Outcome(events=tuple(events), trace=tb.build(), result=Happened(action="reloads"))
    if isinstance(action, Move):
        distance = distance_ft(c.position, action.to)
        cost = move_cost(c, distance)
        tb.step(
            f"{c.name} moves {distance:.1f} ft: {cost} AP at {rmu_stats(c).bmr_ft:g} ft (BMR) "
            "per AP.",
            "R-6",
        )
        events = [ActionPointsSpent(actor=c.name, ap=cost), moved_to(c, action.to), *bonus_used(c)]
        return Outcome(events=tuple(events), trace=tb.build(), result=Happened(action="moves"))
    if isinstance(action, ChangePosture):
        prone = action.posture is Posture.PRONE
        cost = figs.drop_prone_ap if prone else figs.stand_up_ap
        tb.step(f"{c.name} {'drops prone' if prone else 'stands up'}: {cost} AP.", "R-6")
        events = [
            ActionPointsSpent(actor=c.name, ap=cost),
            PostureChanged(actor=c.name, posture=action.posture),
            *bonus_used(c),
        ]
        return Outcome(events=tuple(events), trace=tb.build(), result=Happened(action=action.verb))
    if isinstance(action, Wait):
        ap = action.ap if action.ap is not None else vitals(c).ap_left
        tb.step(f"{c.name} waits, letting {ap} AP go.", "RMU-GEN-1")
        events = [ActionPointsSpent(actor=c.name, ap=ap), *bonus_used(c)]
        return Outcome(
            events=tuple(events),
            trace=tb.build(),
            result=Happened(action="waits", headline=f"{c.name} waits ({ap} AP)."),
        )
    raise RuleRefusal("R-6", f"rmu cannot resolve a {type(action).__name__} yet.")


# --- applying rmu's events ----------------------------------------------------------------------


def _round_opened(c: CombatantState, ap: int) -> CombatantState:
    """``c`` at the start of a round: its AP, no bonus carried over, no initiative yet."""
    stats = c.stats  # rmu_stats(c) without its call: everyone's, every round
    if not isinstance(stats, RmuStats):
        stats = rmu_stats(c)
    v = stats.vitals
    if c.stats is stats and v.ap_left == ap and v.next_action_bonus == 0 and c.initiative is None:
        return c  # already so: someone down or out of the fight since an earlier round
    # One copy of the combatant for both changes: every round copies everyone.
    return _opened(c, _stats_vitals(stats, _fresh_vitals(v, ap, 0)), None)


def joined_round(c: CombatantState) -> CombatantState:
    """A newcomer the GM brings in (DEC-705) with the round's AP, as a round opens (RMU-GEN-1)."""
    return _round_opened(c, figures().round_ap)


# The copies every round and shot make (frozen.replacer: no keywords gathered).
_opened = replacer(CombatantState, "stats", "initiative")
_with_stats = replacer(CombatantState, "stats")
_stats_vitals = replacer(RmuStats, "vitals")
_with_ap_left = replacer(RmuVitals, "ap_left")
_round_opened_scene = replacer(EncounterState, "round", "initiative", "combatants")
_fresh_vitals = replacer(RmuVitals, "ap_left", "next_action_bonus")


_Fold = Callable[[EncounterState, Any], EncounterState]
E = TypeVar("E", bound=Event)
# Each of rmu's events folds by one function, found by the event's class: a fold of a long log
# (or a fight's many shots) looks each event's rule up once, not by trying the classes in turn.
_FOLDS: dict[type[Event], _Fold] = {}


def _folds(*classes: type[Event]) -> Callable[[_Fold], _Fold]:
    def register(fn: _Fold) -> _Fold:
        for cls in classes:
            _FOLDS[cls] = fn
        return fn

    return register


def apply_rmu_event(state: EncounterState, event: Event) -> EncounterState:
    """The state after one of rmu's own events."""
    fold = _FOLDS.get(type(event))
    if fold is None:
        # A subclass of one of rmu's events folds as the event it is (as isinstance would say).
        fold = next((_FOLDS[c] for c in type(event).__mro__ if c in _FOLDS), None)
        if fold is None:
            raise FoldError(f"rmu does not know how to apply a {type(event).__name__} event")
    return fold(state, event)


@_folds(ArmorRepaired)
def _armor_repaired(state: EncounterState, event: ArmorRepaired) -> EncounterState:
    c = named_in_log(state, event.wearer)
    worn = armor_of(c)
    if worn is None:
        raise FoldError(f"{event.wearer} wears no armor to repair")
    return state.with_combatant(with_armor(c, replace(worn, damage=0, broken=False)))


@_folds(RoundStarted)
def _round_started(state: EncounterState, event: RoundStarted) -> EncounterState:
    return _round_opened_scene(
        state, event.round, (), tuple([_round_opened(c, event.ap) for c in state.combatants])
    )


#: A fold changing only the one combatant its event names (a shot's AP, an upkeep's
#: countdowns): folded in a run with the events around it (apply_all), or by itself.
_folds_personal = partial(personal_fold_into, _FOLDS)


# A shot's AP change only the shooter: folded in a run with the rounds it fires (apply_all).
@_folds_personal(ActionPointsSpent, attrgetter("actor"))
def _spend_ap(c: CombatantState, event: ActionPointsSpent) -> CombatantState:
    stats = rmu_stats(c)  # read once, not by vitals and with_vitals in turn: every shot's AP
    v = stats.vitals
    if event.ap > v.ap_left:
        raise FoldError(f"{event.actor} spends {event.ap} AP with only {v.ap_left} left")
    return _with_stats(c, _stats_vitals(stats, _with_ap_left(v, v.ap_left - event.ap)))


@_folds(ActionPointsLost)
def _ap_lost(state: EncounterState, event: ActionPointsLost) -> EncounterState:
    c = named_in_log(state, event.actor)
    v = vitals(c)
    return state.with_combatant(with_vitals(c, replace(v, ap_left=max(0, v.ap_left - event.ap))))


def _folds_people(*classes: type[Event]) -> Callable[[Callable[[People, Any], None]], None]:
    """Register a fold changing only the people its events name (a shot's fire and wounds):
    folded in a run with the shot's other events (apply_all), or by itself here."""

    def register(fn: Callable[[People, Any], None]) -> None:
        for cls in classes:
            people_fold(cls)(fn)
            _FOLDS[cls] = partial(fold_alone, fn)

    return register


@_folds_people(HitsInflicted, Bled)
def _hits(people: People, event: HitsInflicted | Bled) -> None:
    c = people[event.target]
    hurt = take_hits(c, event.hits)
    aggravated = isinstance(event, HitsInflicted) and event.aggravated
    rules = kindred_rules(people.scene)
    people[c.name] = kindred_landed(hurt, aggravated=aggravated, rules=rules)


@_folds_people(CriticalInflicted)
def _critical(people: People, event: CriticalInflicted) -> None:
    c = people[event.target]
    hurt = take_critical(c, event.effect)
    people[c.name] = kindred_landed(
        hurt,
        aggravated=event.aggravated,
        rules=kindred_rules(people.scene),
        lethal=event.effect.dead,
    )


@_folds(*KINDRED_EVENTS)
def _kindred(state: EncounterState, event: Event) -> EncounterState:
    return state.with_combatant(
        apply_kindred_event(named_in_log(state, event_subject(event)), event)
    )


@_folds(AttackerBonusGained)
def _bonus_gained(state: EncounterState, event: AttackerBonusGained) -> EncounterState:
    c = named_in_log(state, event.actor)
    v = vitals(c)
    return state.with_combatant(
        with_vitals(c, replace(v, next_action_bonus=v.next_action_bonus + event.bonus))
    )


@_folds(AttackerBonusUsed)
def _bonus_used(state: EncounterState, event: AttackerBonusUsed) -> EncounterState:
    c = named_in_log(state, event.actor)
    return state.with_combatant(with_vitals(c, replace(vitals(c), next_action_bonus=0)))


@_folds_personal(BreakageTaken, lambda e: e.wearer)
def _armor_broken(c: CombatantState, event: BreakageTaken) -> CombatantState:
    worn = armor_of(c)
    if worn is None or worn.kind != event.armor:
        raise FoldError(f"{event.wearer} wears no {event.armor} to break")
    armor = replace(worn, damage=event.new_total, broken=worn.broken or event.broken)
    return with_armor(c, armor)


@_folds_personal(DyingCountdown, lambda e: e.target)
def _dying(c: CombatantState, event: DyingCountdown) -> CombatantState:
    return with_vitals(c, replace(vitals(c), dying_rounds=event.rounds_left))


@_folds_personal(Died, lambda e: e.target)
def _died(c: CombatantState, event: Died) -> CombatantState:
    # Dying leaves them where they were (DEC-72); dead, they fall as a blow's dead do.
    return settle(fall(c, unconscious=c.unconscious, dead=True))


@_folds_personal(StunWoreOff, lambda e: e.target)
def _stun_wore_off(c: CombatantState, event: StunWoreOff) -> CombatantState:
    v = vitals(c)
    return with_vitals(c, replace(v, stun=wear_off_stun(v.stun)))


@_folds_personal(StaggerCleared, lambda e: e.target)
def _stagger_cleared(c: CombatantState, event: StaggerCleared) -> CombatantState:
    return with_vitals(c, replace(vitals(c), staggered=False))


@_folds(StaggerPaid)
def _stagger_paid(state: EncounterState, event: StaggerPaid) -> EncounterState:
    c = named_in_log(state, event.target)
    v = vitals(c)
    return state.with_combatant(
        with_vitals(c, replace(v, ap_left=max(0, v.ap_left - event.ap), staggered_owed=0))
    )


_folds(*encounter_fire.FIRE_EVENTS)(encounter_fire.apply_fire_event)
# A shot's fire changes only the shooter and those shot at: folded in the shot's run.
_folds_people(*encounter_fire.FIRED_AT)(encounter_fire.fired_at)


@_folds(FatigueChecked)
def _fatigue_checked(state: EncounterState, event: FatigueChecked) -> EncounterState:
    return state  # the check changes nothing itself; a failed one's AP are their own event


@_folds(ExplosiveLanded)
def _explosive_landed(state: EncounterState, event: ExplosiveLanded) -> EncounterState:
    # Where it rests is its condition's; a counted throw leaves one fewer (DEC-620).
    if not event.spent:
        return state
    return state.with_combatant(take_grenade(named_in_log(state, event.actor), event.load))


@_folds(MeleeWeaponLeft)
def _melee_left(state: EncounterState, event: MeleeWeaponLeft) -> EncounterState:
    # A stake driven home or broken is out of the hand (DEC-828).
    c = named_in_log(state, event.actor)
    if event.weapon not in (rmu_stats(c).melee or ()):
        raise FoldError(f"{c.name} carries no {event.weapon} to leave in {event.target}")
    return state.with_combatant(drop_melee(c, event.weapon))


@_folds(MeleeWeaponTaken)
def _melee_taken(state: EncounterState, event: MeleeWeaponTaken) -> EncounterState:
    return state.with_combatant(take_melee(named_in_log(state, event.actor), event.weapon))


_folds(*AFFLICTION_EVENTS)(apply_affliction_event)


# --- words for the narrated log and the state table -----------------------------------------------


def describe_rmu_event(event: Event, state: EncounterState) -> str | None:
    if isinstance(event, HitsInflicted):
        return (
            f"{event.target} takes {event.hits} hit{'' if event.hits == 1 else 's'} [{event.rule}]."
        )
    if isinstance(event, CriticalInflicted):
        return (
            f"{event.target}: {event.severity} critical to the {event.location} "
            f"({critical_words(event.table)}, {event.roll}): {event.effect.label}; "
            f"{event.effect.summary()}."
        )
    if isinstance(event, BreakageTaken):
        if event.temporary:
            return f"{event.wearer}'s {event.armor} gives way only for the moment [P-5]."
        if event.broken:
            return f"{event.wearer}'s {event.armor} breaks [P-5]."
        if event.penalty:
            tail = ", beaten open" if event.beaten_open else ""
            return (
                f"{event.wearer}'s {event.armor} takes {event.penalty} "
                f"({event.new_total} in all{tail}) [RMU-BRK-2]."
            )
        return f"{event.wearer}'s {event.armor} holds [P-5]."
    kindred = describe_kindred_event(event)
    if kindred is not None:
        return kindred
    if isinstance(event, FatigueChecked):
        verdict = "goes on" if event.passed else "the action fails"
        return f"{event.actor}'s fatigue check: {event.result} ({event.total}), {verdict} [R-2]."
    if isinstance(event, AttackerBonusGained):
        return f"{event.actor} gains +{event.bonus} on the next action this round [{event.rule}]."
    if isinstance(event, RoundsFired):
        return rounds_left_line(event, state)
    # A throw's landing (ExplosiveLanded) is told by its headline alone, which says where and
    # what comes next (DEC-912).
    return (
        describe_carried_event(event)
        or describe_affliction_event(event)
        or encounter_fire.describe_fire_event(event, state)
        or _describe_round_event(event)
    )


def _describe_round_event(event: Event) -> str | None:
    if isinstance(event, RoundStarted):
        return f"Round {event.round} begins: {event.ap} AP each."
    if isinstance(event, ActionPointsLost):
        return f"{event.actor} loses {event.ap} AP ({event.reason}) [{event.rule}]."
    return None


def rmu_combatant_figures(c: CombatantState) -> dict[str, object]:
    sheet = rmu_stats(c).kindred
    return {
        "hit_loss_penalty": hit_loss_penalty(c.hits_max, c.hits_taken),
        "total_penalty": total_penalty(c),
        **encounter_fire.fire_figures(c),
        # Only a Kindred's figures carry their sheet (V-6), so a mortal's read as before.
        **({"kindred": to_plain(sheet)} if sheet is not None else {}),
    }
