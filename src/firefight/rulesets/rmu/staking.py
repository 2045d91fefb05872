"""Staking and decapitation (RMU-STAKE-1..3; RULINGS V-3, R-7).

In a fight both are called melee attacks, declared before the roll at -20 (RMU-STAKE-1) and
aimed at the chest or the head (a critical elsewhere takes the next lower row that hits it, R-7):

- **staking** needs wood (a stake, or a crossbow's wooden bolt shot from a distance: -10 for
  wood) and a critical of C or more to the chest: a Kindred is staked, paralysed until the
  stake is pulled (RMU-STAKE-2, V-3);
- **decapitation** needs an edged weapon heavy enough (axe, scimitar, broadsword) and a critical
  of D or more to the head: Final Death (RMU-STAKE-3). It is aggravated (V-1).

The severity that counts is the one the attack deals, before a Kindred's V-1 lightens the wound
it leaves (DEC-373).

A victim who cannot resist (helpless, P-9) is staked by a maneuver instead (RMU-STAKE-2, DATA.md
bands): an absolute maneuver (M-3) with the Stake skill -- Success staked; Partial staked next
round if undisturbed; Failure not staked; Absolute Failure the stake breaks. With time and no
interference no roll is needed.

>>> from firefight.dice import Dice
>>> attack = stake_attack("stake", weapon="stake", ob=60, attacker="Jonah", target="Mara")
>>> out = resolve_stake_attack("stake", attack, victim_kindred=True,
...                            dice=Dice.scripted([97, 60, 23]))
>>> s = out.result
>>> s.attack.total, s.attack.blow.severity, s.attack.blow.location, s.staked
(187, 'D', 'chest', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from firefight.dice import Dice
from firefight.errors import RuleRefusal, UnknownNameError
from firefight.events import Event
from firefight.outcome import Outcome
from firefight.rulesets.rmu.called import CalledShot, Purpose
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.encounter_events import Died
from firefight.rulesets.rmu.kindred_events import FinalDeath, Staked
from firefight.rulesets.rmu.kindred_results import StakeResult, StakingResult
from firefight.rulesets.rmu.kindred_rules import kindred_figures
from firefight.rulesets.rmu.maneuvers import read_absolute, roll_maneuver_total
from firefight.rulesets.rmu.melee.attack import MeleeAttack, resolve_melee_attack
from firefight.rulesets.rmu.melee.catalog import melee_catalog, melee_weapon
from firefight.rulesets.rmu.melee.results import Blow, MeleeHit
from firefight.rulesets.rmu.severity import Severity
from firefight.trace import Modifier, Trace, TraceBuilder
from firefight.wording import counted

__all__ = [
    "StakingManeuver",
    "check_weapon",
    "resolve_stake_attack",
    "resolve_staking_maneuver",
    "stake_attack",
    "stake_words",
]


def check_weapon(purpose: Purpose, key: str) -> None:
    """Refuse a weapon that cannot stake or behead (RMU-STAKE-2, RMU-STAKE-3), a name the melee
    catalog lacks (a gun) too, naming the weapons that can."""
    try:
        weapon = melee_weapon(key)
    except UnknownNameError:
        stakes = purpose == "stake"
        able = [k for k, w in melee_catalog().items() if (w.stakes if stakes else w.beheads)]
        rule, what = ("RMU-STAKE-2", "stakes") if stakes else ("RMU-STAKE-3", "beheads")
        raise RuleRefusal(
            rule, f"{key!r} is no melee weapon that {what}; these do: {', '.join(able)}."
        ) from None
    if purpose == "stake" and not weapon.stakes:
        raise RuleRefusal(
            "RMU-STAKE-2",
            f"Only wood stakes a vampire, a stake or a wooden bolt; the {weapon.name} is neither.",
        )
    if purpose == "behead" and not weapon.beheads:
        raise RuleRefusal(
            "RMU-STAKE-3",
            f"The {weapon.name} is no edged weapon heavy enough to take a head "
            "(an axe, a scimitar, a broadsword).",
        )


def stake_attack(purpose: Purpose, *, weapon: str, **attack: Any) -> MeleeAttack:
    """The called melee attack a staking or a decapitation is (RMU-STAKE-1)."""
    check_weapon(purpose, weapon)
    figs = kindred_figures()
    location = figs.stake_location if purpose == "stake" else figs.behead_location
    return MeleeAttack(
        weapon=weapon,
        called=CalledShot(location=location, purpose=purpose),
        aggravated_from=figs.behead_severity if purpose == "behead" else None,
        **attack,
    )


def _dealt(blow: Blow) -> Severity | None:
    """The severity the attack dealt before a Kindred's V-1 (DEC-373), None when none or below
    A (a step-down)."""
    if not isinstance(blow, MeleeHit):
        return None
    shifted = blow.dealt_severity is not None
    severity = blow.dealt_severity if shifted else blow.severity
    if severity is None or (blow.dealt_step_down if shifted else blow.step_down):
        return None
    return Severity(severity)


def resolve_stake_attack(
    purpose: Purpose,
    attack: MeleeAttack,
    *,
    victim_kindred: bool,
    dice: Dice,
    data: RmuData | None = None,
) -> Outcome[StakeResult]:
    """Swing, then read whether the stake went home or the head came off (RMU-STAKE-2, -3)."""
    figs = kindred_figures()
    swung = resolve_melee_attack(attack, dice, data)
    tb = TraceBuilder()
    blow = swung.result.blow
    dealt = _dealt(blow)
    location = blow.location if isinstance(blow, MeleeHit) else None
    need, place, rule = (
        (figs.stake_severity, figs.stake_location, "RMU-STAKE-2")
        if purpose == "stake"
        else (figs.behead_severity, figs.behead_location, "RMU-STAKE-3")
    )
    done = dealt is not None and dealt.step >= need.step and location == place.value
    what = "the stake reaches the heart" if purpose == "stake" else "the head comes off"
    if blow.result == "hit":
        tb.step(
            f"{'Yes' if done else 'No'}: {what} only with {need.value} or more to the "
            f"{place.value}; the attack dealt "
            f"{dealt.value if dealt else 'no such critical'}"
            f"{f' to the {location}' if dealt else ''}.",
            rule,
        )
    events: list[Event] = list(swung.events)
    if done and purpose == "stake":
        if victim_kindred:
            events.append(Staked(target=attack.target, by=attack.attacker, rule=rule))
        else:
            tb.step(f"{attack.target} is mortal: a stake is only a wound.", "RMU-STAKE-2")
    elif done:
        events.append(
            FinalDeath(target=attack.target, cause="beheaded", rule=rule)
            if victim_kindred
            else Died(target=attack.target, cause="beheaded", rule=rule)
        )
    went = done and (victim_kindred or purpose == "behead")
    return Outcome(
        events=tuple(events),
        trace=Trace((*swung.trace.entries, *tb.build().entries)),
        result=StakeResult(
            attack=swung.result,
            purpose=purpose,
            staked=went if purpose == "stake" else None,
            beheaded=went if purpose == "behead" else None,
        ),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class StakingManeuver:
    """Staking a victim who cannot resist (RMU-STAKE-2). ``bonus`` is the Stake skill;
    ``untroubled``: time and no interference, so no roll."""

    staker: str
    victim: str
    bonus: int = 0
    untroubled: bool = False
    extra: tuple[Modifier, ...] = ()


def resolve_staking_maneuver(m: StakingManeuver, dice: Dice) -> Outcome[StakingResult]:
    """The staking maneuver (DATA.md bands); dice: the maneuver roll, none when untroubled."""
    tb = TraceBuilder()
    if m.untroubled:
        tb.step(
            f"{m.staker} has time and no one interferes: {m.victim} is staked, no roll.",
            "RMU-STAKE-2",
        )
        return Outcome(
            events=(Staked(target=m.victim, by=m.staker, rule="RMU-STAKE-2"),),
            trace=tb.build(),
            result=StakingResult(result="staked", band=None, staked=True, roll=None),
        )
    roll, rolled = roll_maneuver_total(
        purpose="staking maneuver",
        label="staking maneuver",
        parts=[
            Modifier(value=m.bonus, label=f"{m.staker}'s Stake skill", rule="RMU-STAKE-2"),
            *m.extra,
        ],
        dice=dice,
        trace=tb,
    )
    total = rolled.value
    reading = read_absolute(total, roll.natural)
    outcome = kindred_figures().staking[reading.result.value]
    tb.lookup(
        table="staking maneuver (DATA.md stand-in)",
        row=reading.band,
        column=reading.result.value,
        cell=outcome,
        rule="M-3",
    )
    told = {
        "staked": f"{m.victim} is staked.",
        "next-round": f"The stake goes in next round if {m.staker} is not disturbed.",
        "missed": f"{m.victim} is not staked.",
        "breaks": "The stake breaks.",
    }[outcome]
    tb.step(told, "RMU-STAKE-2")
    staked = outcome == "staked"
    events = (Staked(target=m.victim, by=m.staker, rule="RMU-STAKE-2"),) if staked else ()
    return Outcome(
        events=events,
        trace=tb.build(),
        result=StakingResult(
            result=outcome, band=reading.result.value, total=total, roll=roll.total, staked=staked
        ),
    )


def stake_words(done: StakeResult) -> str:
    """A stake or a beheading as the headline says it: a hit's hits (the critical's own
    included) and critical with where it struck, as every attack's headline gives them, then
    whether the stake went home or the head came off (RMU-STAKE-2, RMU-STAKE-3); a Kindred's
    softened critical (V-1) names the severity struck as well, since that is what the verdict
    reads (DEC-373)."""
    blow = done.attack.blow
    if not isinstance(blow, MeleeHit):
        return done.result
    hits = counted(blow.total_hits, "hit")
    if blow.severity is None:
        said = f"{hits}, no critical"
    else:
        struck = blow.dealt_severity
        was = f" (struck as {struck})" if struck is not None and struck != blow.severity else ""
        said = f"{hits} and a critical {blow.severity}{was} to the {blow.location}"
    if done.purpose == "stake":
        return f"{said}: {'staked' if done.staked else 'not staked'}"
    return f"{said}: {'the head comes off' if done.beheaded else 'the head stays on'}"
