"""A vampire's bite (RMU-BITE-1..3, RMU-BITE-5).

The bite is a melee attack (:mod:`firefight.rulesets.rmu.melee.attack`) with the catalog's
``bite``: Unarmed: Bite (every Kindred has 1 rank) on the Puncture chassis read Small (DATA.md).
How the fangs reach the victim sets the penalty (RMU-BITE-2, -3):

=============  ======================================================  =======
reach          when                                                    penalty
=============  ======================================================  =======
``lodged``     the fangs are already in (RMU-BITE-3)                   0
``helpless``   the victim is unaware, helpless or unresisting          0
``held``       a hold lasts: the biter's from an earlier round, or     0
               another's (DEC-943)
``secondary``  the biter's grapple landed this round: the bite         -20
               follows it
``direct``     no hold                                                 -20
=============  ======================================================  =======

Feral Weapons (Protean 2) waives the -20 (RMU-BITE-5). Against Kindred the fangs are aggravated:
no V-1 reduction, and what they deal can bring Final Death (RMU-BITE-1, V-2). A bite that deals
damage lodges the fangs (RMU-BITE-3).

Dice: those of the melee attack (the attack roll, then the fumble or the critical roll).

>>> from firefight.dice import Dice
>>> bite = Bite(biter="Mara", victim="Viktor", ob=5, reach="direct")
>>> outcome = resolve_bite(bite, Dice.scripted([97, 60, 50]))
>>> outcome.result.attack.total, outcome.result.attack.blow.hits, outcome.result.lodged
(142, 13, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import Cover
from firefight.rulesets.rmu.kindred_results import BiteResult
from firefight.rulesets.rmu.kindred_rules import kindred_figures
from firefight.rulesets.rmu.melee.attack import MeleeAttack, resolve_melee_attack
from firefight.rulesets.rmu.melee.results import MeleeHit
from firefight.trace import Modifier, Trace, TraceBuilder
from firefight.wording import counted

__all__ = ["BITE_WEAPON", "REACHES", "Bite", "Reach", "bite_attack", "resolve_bite"]

#: The melee catalog's row the fangs are read on; only a bite uses it (RMU-BITE-1, -2).
BITE_WEAPON = "bite"

#: How the fangs reach the victim (RMU-BITE-2, RMU-BITE-3).
Reach = Literal["lodged", "helpless", "held", "secondary", "direct"]
REACHES: tuple[Reach, ...] = ("lodged", "helpless", "held", "secondary", "direct")

_WHY: dict[Reach, tuple[str, str]] = {
    "lodged": ("the fangs are already lodged: no penalty", "RMU-BITE-3"),
    "helpless": ("the victim is unaware, helpless or unresisting: no penalty", "RMU-BITE-2"),
    "held": ("the victim is held (an earlier round's hold, or another's): full OB", "RMU-BITE-2"),
    "secondary": ("a secondary attack after this round's grapple", "RMU-BITE-2"),
    "direct": ("a direct bite without a hold", "RMU-BITE-2"),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Bite:
    """One bite. ``ob`` is the biter's Unarmed: Bite bonus; ``feral`` Feral Weapons active
    (RMU-BITE-5); ``victim_column`` the victim's naked AT; ``victim_db`` their Quickness DB and
    ``victim_parry`` what they moved into DB (DEC-345), neither brought when ``victim_helpless``
    (P-9); ``situational`` Table 9-5's melee terms by name, as a blade's
    (DEC-340, DEC-780); ``extra`` the biter's penalties and other terms; ``cover`` what covers
    the victim against the fangs (RMU-COV-7), of which they reached ``cover_share_percent``
    this round (RMU-MOV-2)."""

    biter: str
    victim: str
    ob: int
    reach: Reach
    ap: int = 4
    ap_available: int = 4
    feral: bool = False
    victim_column: str = "AT 1"
    victim_db: int = 0
    victim_parry: int = 0
    victim_helpless: bool = False
    victim_kindred: bool = False
    situational: tuple[str, ...] = ()
    extra: tuple[Modifier, ...] = ()
    cover: Cover | None = None
    cover_share_percent: int = 100


def bite_attack(bite: Bite, tb: TraceBuilder | None = None) -> MeleeAttack:
    """The melee attack a bite is, with its reach's penalty (RMU-BITE-2, -3, -5)."""
    why, rule = _WHY[bite.reach]
    reach: list[Modifier] = []
    if bite.reach not in ("secondary", "direct"):
        if tb is not None:
            tb.step(f"{bite.biter} bites {bite.victim}: {why}.", rule)
    elif bite.feral:
        if tb is not None:
            tb.step(f"Feral Weapons: the -20 of {why} is waived.", "RMU-BITE-5")
    else:
        reach.append(Modifier(value=kindred_figures().bite_penalty, label=why, rule=rule))
    return MeleeAttack(
        weapon=BITE_WEAPON,
        ob=bite.ob,
        armor=bite.victim_column,
        ap=bite.ap,
        ap_available=bite.ap_available,
        ranks=kindred_figures().bite_ranks,
        target_db=bite.victim_db,
        target_parry=bite.victim_parry,
        cover=bite.cover,
        cover_share_percent=bite.cover_share_percent,
        helpless=bite.victim_helpless,
        situational=bite.situational,
        extra=(*reach, *bite.extra),
        attacker=bite.biter,
        target=bite.victim,
        aggravated=True,
    )


def resolve_bite(bite: Bite, dice: Dice, data: RmuData | None = None) -> Outcome[BiteResult]:
    """Roll and read one bite (RMU-BITE-1..3)."""
    tb = TraceBuilder()
    attack = bite_attack(bite, tb)
    if bite.victim_kindred:
        tb.step(f"Fangs are aggravated to {bite.victim}: no severity reduction.", "RMU-BITE-1")
    swung = resolve_melee_attack(attack, dice, data)
    blow = swung.result.blow
    lodged = isinstance(blow, MeleeHit)
    after = TraceBuilder()
    if lodged:
        after.step(f"The bite draws blood: the fangs lodge in {bite.victim}.", "RMU-BITE-3")
    hits = blow.hits if isinstance(blow, MeleeHit) else 0
    severity = blow.severity if isinstance(blow, MeleeHit) else None
    headline = f"{bite.biter} bites {bite.victim}: " + (
        f"{counted(hits, 'hit')}"
        + (f" and a critical {severity}" if severity else "")
        + ", the fangs lodge."
        if lodged
        else f"{blow.result}."
    )
    return Outcome(
        events=swung.events,
        trace=Trace((*tb.build().entries, *swung.trace.entries, *after.build().entries)),
        result=BiteResult(
            attack=swung.result,
            biter=bite.biter,
            victim=bite.victim,
            reach=bite.reach,
            lodged=lodged,
            headline=headline,
        ),
    )
