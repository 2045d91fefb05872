"""``rmu bite`` and ``rmu stake`` as a person gives them: one field per option of the command,
of ``odds rmu ...`` and of ``odds sweep`` where swept (:mod:`firefight.declarations`).

Each builds a declaration that carries the victim's body as well as the attack: their hits left
and Body Development bonus, and whether they are Kindred, so that the result reads torpor and
Final Death as an encounter would (RULINGS V-2) -- :func:`resolve_bite_on` and
:func:`resolve_stake_on` fold the attack's events onto that body.

>>> from firefight.declarations import declare
>>> from firefight.dice import Dice
>>> decl = declare(StakeOptions, ob=60).build()
>>> resolve_stake_on(decl, Dice.scripted([97, 20, 23])).result.victim.staked
True
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import param
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.frozen import replace
from firefight.geometry import Point
from firefight.limits import MAX_GM_MODS
from firefight.outcome import Outcome
from firefight.rulesets.rmu.bite import REACHES, Bite, Reach, resolve_bite
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.encounter_events import Died
from firefight.rulesets.rmu.events import CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.kindred import KindredSheet
from firefight.rulesets.rmu.kindred_criticals import kindred_steps, kindred_torpor
from firefight.rulesets.rmu.kindred_events import FinalDeath, Staked
from firefight.rulesets.rmu.kindred_results import (
    OnVictim,
    StakeResult,
    StakingResult,
    VictimState,
)
from firefight.rulesets.rmu.kindred_rules import KindredRules, kindred_figures
from firefight.rulesets.rmu.kindred_vitals import apply_kindred_event, kindred_landed
from firefight.rulesets.rmu.melee.attack import MeleeAttack, attack_ap, kindred_shift_why
from firefight.rulesets.rmu.melee.catalog import melee_catalog, melee_weapon
from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.rulesets.rmu.melee.options import (
    attack_ap_help,
    melee_ranks_help,
    naked_param,
    situation_param,
)
from firefight.rulesets.rmu.shot_options import MAX_DISTANCE_FT, parse_mod
from firefight.rulesets.rmu.staking import (
    StakingManeuver,
    resolve_stake_attack,
    resolve_staking_maneuver,
    stake_attack,
)
from firefight.rulesets.rmu.vitals import RmuStats, settle, take_critical, take_hits
from firefight.scene.state import CombatantState

__all__ = [
    "BiteDeclaration",
    "BiteOptions",
    "StakeDeclaration",
    "StakeOptions",
    "VictimBody",
    "resolve_bite_on",
    "resolve_stake_on",
]


def _feral_help() -> str:
    return f"Feral Weapons active: no {kindred_figures().bite_penalty} (RMU-BITE-5)."


def _stake_ap_help() -> str:
    figures = melee_figures()
    (blow_low, blow_high), (shot_low, shot_high) = figures.attack_ap, figures.missile_ap
    return (
        f"AP spent: {blow_low}-{blow_high} for a blow, {shot_low}-{shot_high} for a crossbow "
        "shot (default: the most)."
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class VictimBody:
    """The victim as far as the verdict goes: hits left, Body Development, Kindred or not."""

    name: str = "victim"
    hits_left: int = 50
    body_development: int = 25
    kindred: bool = True

    def fold(self, events: tuple[Event, ...]) -> VictimState:
        """What ``events`` leave this body in (V-2 for a Kindred, R-2 for a mortal)."""
        body = CombatantState(
            name=self.name,
            position=Point(x_ft=0, y_ft=0),
            hits_max=max(self.hits_left, 1),
            hits_taken=max(0, 1 - self.hits_left),
            stats=RmuStats(
                body_development=self.body_development,
                kindred=KindredSheet() if self.kindred else None,
            ),
        )
        rules = KindredRules()
        for e in events:
            if isinstance(e, HitsInflicted) and e.target == self.name:
                hurt = take_hits(body, e.hits)
                body = kindred_landed(hurt, aggravated=e.aggravated, rules=rules)
            elif isinstance(e, CriticalInflicted) and e.target == self.name:
                hurt = take_critical(body, e.effect)
                body = kindred_landed(
                    hurt, aggravated=e.aggravated, rules=rules, lethal=e.effect.dead
                )
            elif isinstance(e, Staked | FinalDeath) and e.target == self.name and self.kindred:
                body = apply_kindred_event(body, e)
            elif isinstance(e, Died) and e.target == self.name:
                body = settle(replace(body, dead=True))
        sheet = body.stats.kindred if isinstance(body.stats, RmuStats) else None
        return VictimState(
            hits_left=body.hits_left,
            torpor=bool(sheet and sheet.torpor),
            staked=bool(sheet and sheet.staked),
            final_death=bool(sheet and sheet.final_death),
            unconscious=body.unconscious,
            dead=body.dead,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class _Victim:
    """The options every Kindred command shares about the victim."""

    armor: str = naked_param("victim")
    quickness_db: int = param(0, help="The victim's Quickness DB.", low=-50, high=100)
    hits_left: int = param(
        50, help="The victim's hits left (for torpor and death).", low=-999, high=999
    )
    body_development: int = param(
        25, help="The victim's Body Development bonus (R-2, V-2).", low=0, high=999
    )
    ap_left: int = param(4, help="AP the attacker has left.", low=0, high=4, rule="RMU-GEN-1")
    mod: tuple[str, ...] = param(
        (), help="Extra modifier VALUE:LABEL (repeatable).", high=MAX_GM_MODS, sweep=False
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class BiteDeclaration:
    bite: Bite
    victim: VictimBody


@dataclass(frozen=True, slots=True, kw_only=True)
class BiteOptions(_Victim):
    """Every option of a bite (RMU-BITE-1..3, -5)."""

    ob: int = param(
        kindred_figures().bite_rank_bonus,
        help="The biter's Unarmed: Bite bonus (default: the one rank every Kindred has).",
        low=-999,
        high=999,
    )
    reach: str = param(
        "direct",
        help="How the fangs reach: direct, secondary (after this round's grapple), held "
        "(a hold from an earlier round, or another's), lodged, helpless (unaware, helpless, "
        "unresisting).",
        choices=REACHES,
        rule="RMU-BITE-2",
    )
    ap: int = param(4, help=attack_ap_help, low=0, high=4, rule="R-6")
    feral: bool = param(False, help=_feral_help)
    mortal: bool = param(False, help="The victim is mortal (default: Kindred).")
    target_parry: int = param(
        0, help="OB the victim moved into DB to parry (DEC-345, DEC-790).", low=0, high=999
    )
    # A bite takes the melee attack's situational terms (DEC-780).
    situation: tuple[str, ...] = situation_param()

    def build(self) -> BiteDeclaration:
        reach: Reach = next(r for r in REACHES if r == self.reach)
        return BiteDeclaration(
            bite=Bite(
                biter="biter",
                victim="victim",
                ob=self.ob,
                reach=reach,
                ap=self.ap,
                ap_available=self.ap_left,
                feral=self.feral,
                victim_column=self.armor,
                victim_db=self.quickness_db,
                victim_kindred=not self.mortal,
                victim_parry=self.target_parry,
                situational=self.situation,
                extra=tuple(parse_mod(m) for m in self.mod),
            ),
            victim=VictimBody(
                hits_left=self.hits_left,
                body_development=self.body_development,
                kindred=not self.mortal,
            ),
        )


def _stakes_or_beheads() -> tuple[str, ...]:
    return tuple(k for k, w in melee_catalog().items() if w.stakes or w.beheads)


@dataclass(frozen=True, slots=True, kw_only=True)
class StakeDeclaration:
    """A staking or decapitation: ``attack`` in a fight, or ``maneuver`` on a helpless victim."""

    behead: bool
    victim: VictimBody
    attack: MeleeAttack | None = None
    maneuver: StakingManeuver | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StakeOptions(_Victim):
    """Every option of a staking or a decapitation (RMU-STAKE-1..3)."""

    ob: int = param(help="The attacker's OB with the weapon (the Stake skill).", low=-999, high=999)
    weapon: str = param(
        "stake",
        help="The weapon: wood to stake (a stake, or a crossbow's wooden bolt), a heavy edged "
        "one to behead.",
        choices=_stakes_or_beheads,
    )
    ap: int | None = param(
        None,
        help=_stake_ap_help,
        low=0,
        high=4,
        rule="R-6",
    )
    distance: float | None = param(
        None,
        help="How far the crossbow shoots (a crossbow needs it; a blow has none).",
        unit="ft",
        low=0,
        high=MAX_DISTANCE_FT,
        rule="RMU-GEN-4",
    )
    behead: bool = param(False, help="Take the head (RMU-STAKE-3) instead of staking.")
    ranks: int = param(0, help=melee_ranks_help, low=0, high=200)
    helpless: bool = param(
        False,
        help="The victim cannot resist (P-9): staking is a maneuver with the Stake skill.",
        rule="RMU-STAKE-2",
    )
    untroubled: bool = param(
        False, help="Time and no interference: staked with no roll (RMU-STAKE-2)."
    )
    mortal: bool = param(False, help="The victim is mortal (default: Kindred).")
    dodge: int = param(
        0,
        help="The victim's Dodge DB against a crossbow's bolt: a missile, half of it kept "
        "(RMU-DOD-2).",
        low=0,
        high=200,
    )
    celerity: int = param(
        0,
        help="The victim's Celerity against a bolt: a larger share of the Dodge (RMU-DOD-3).",
        low=0,
        high=5,
        rule="RMU-DOD-3",
    )

    def build(self) -> StakeDeclaration:
        victim = VictimBody(
            hits_left=self.hits_left,
            body_development=self.body_development,
            kindred=not self.mortal,
        )
        extra = tuple(parse_mod(m) for m in self.mod)
        weapon = melee_weapon(self.weapon)
        shot = weapon.ranged
        if shot and self.untroubled:
            raise RuleRefusal(
                "RMU-STAKE-2", "Only a stake driven by hand goes in with no roll; a bolt is shot."
            )
        if not shot and (self.dodge or self.celerity):
            raise RuleRefusal(
                "RMU-DOD-2",
                "--dodge and --celerity are a missile's defense (a crossbow's bolt); a blow "
                "meets the Quickness DB only.",
            )
        if not self.behead and not shot and (self.helpless or self.untroubled):
            return StakeDeclaration(
                behead=False,
                victim=victim,
                maneuver=StakingManeuver(
                    staker="attacker",
                    victim="victim",
                    bonus=self.ob,
                    untroubled=self.untroubled,
                    extra=extra,
                ),
            )
        attack = stake_attack(
            "behead" if self.behead else "stake",
            weapon=self.weapon,
            ob=self.ob,
            armor=self.armor,
            ap=self.ap if self.ap is not None else attack_ap(weapon, melee_figures())[1],
            ap_available=self.ap_left,
            ranks=self.ranks,
            target_db=self.quickness_db,
            target_dodge=self.dodge,
            target_celerity=self.celerity,
            helpless=self.helpless,
            distance_ft=self.distance,
            extra=extra,
            attacker="attacker",
            target="victim",
            severity_shift=-kindred_steps(not self.mortal),
            shift_why=kindred_shift_why("the victim"),
            kindred=kindred_torpor(not self.mortal),
        )
        return StakeDeclaration(behead=self.behead, victim=victim, attack=attack)


def resolve_bite_on(
    decl: BiteDeclaration, dice: Dice, data: RmuData | None = None
) -> Outcome[OnVictim]:
    """The bite, and what it leaves the victim in (V-2)."""
    out = resolve_bite(decl.bite, dice, data)
    victim = decl.victim.fold(out.events)
    return Outcome(
        events=out.events, trace=out.trace, result=OnVictim(done=out.result, victim=victim)
    )


def resolve_stake_on(
    decl: StakeDeclaration, dice: Dice, data: RmuData | None = None
) -> Outcome[OnVictim]:
    """The staking or decapitation, and what it leaves the victim in (V-2, V-3)."""
    if decl.maneuver is not None:
        if not decl.victim.kindred:
            raise RuleRefusal("RMU-STAKE-2", "Only a Kindred is staked; the victim is mortal.")
        out: Outcome[StakeResult | StakingResult] = resolve_staking_maneuver(decl.maneuver, dice)
    else:
        assert decl.attack is not None
        out = resolve_stake_attack(
            "behead" if decl.behead else "stake",
            decl.attack,
            victim_kindred=decl.victim.kindred,
            dice=dice,
            data=data,
        )
    victim = decl.victim.fold(out.events)
    return Outcome(
        events=out.events, trace=out.trace, result=OnVictim(done=out.result, victim=victim)
    )
