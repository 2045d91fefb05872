"""The melee attack: one swing (or grab) read on the weapon's family table at its size.

The attack costs 2-4 AP at -25 per AP short of 4 (RULINGS R-6, RMU-GEN-1). Its total is the
roll (d100 open-ended high, RMU-GEN-2, D-2) + the attacker's OB, less what the attacker moves
into their own DB as a parry (DEC-345), + the Table 9-5 melee modifiers (``data/melee.toml``,
R-1 where R-1 gives them, DEC-340 otherwise), the weapon's own modifier (a wooden stake's -10,
RMU-STAKE-2) and the GM's, − the defender's DB: Quickness DB, their parry (not against an
attack from the rear) and cover (RMU-COV-7). A defender who is unconscious or helpless brings
none of these (P-9). An unmodified roll inside the weapon's fumble range (shrunk by ranks,
RMU-GEN-8) fumbles on the Melee Fumble table instead.

The total is read on the weapon's table at its size (:mod:`.table_read`): concussion hits, and
from the breaking point on a critical of the cell's type, landed through :mod:`.critical`. A
grapple is this attack with the catalog's ``grapple`` (the Grapple table; RMU-BITE-2): its
critical is a hold, which the result reports as ``hold``.

A missile the melee catalog lists (the crossbow's wooden bolt) is this attack shot from
``distance_ft``: a ranged attack's AP and the range ladder instead of reach (:mod:`.missile`).

Dice, in order: the attack roll; then the fumble roll, or the critical roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.outcome import Outcome
from firefight.rulesets.rmu.called import CalledShot
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS, RmuData, default_data
from firefight.rulesets.rmu.cover import (
    Cover,
    dashed_short,
    price_cover,
    price_melee_cover,
    reached_bonus,
    share_refused,
)
from firefight.rulesets.rmu.defense import Defender, defense_modifiers
from firefight.rulesets.rmu.events import HitsInflicted
from firefight.rulesets.rmu.fumble_range import shrunk_fumble_range
from firefight.rulesets.rmu.haste import haste_term, hastier
from firefight.rulesets.rmu.melee.catalog import MeleeWeapon, melee_weapon
from firefight.rulesets.rmu.melee.critical import land_critical
from firefight.rulesets.rmu.melee.figures import MeleeFigures, WeaponSize, melee_figures
from firefight.rulesets.rmu.melee.fumble import roll_melee_fumble
from firefight.rulesets.rmu.melee.missile import missile_range
from firefight.rulesets.rmu.melee.results import MeleeFumble, MeleeHit, MeleeMiss, MeleeResult
from firefight.rulesets.rmu.melee.table_read import MeleeRead, read_melee, shift_read
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.strike import attack_roll_term
from firefight.trace import Modifier, TraceBuilder
from firefight.wording import counted

__all__ = [
    "MELEE_RULE",
    "PARRY_RULE",
    "MeleeAttack",
    "check_attack",
    "kindred_shift_why",
    "melee_terms",
    "resolve_melee_attack",
]

#: The rule a melee attack's AP and refusals cite (RULINGS R-6, Table 8-1).
MELEE_RULE = "R-6"
#: docs/decisions.md: the parry, OB moved to DB.
PARRY_RULE = "DEC-345"
#: The situation of a two-handed weapon swung in one hand (DEC-340): the catalog says which
#: weapons are two-handed.
ONE_HANDED = "two-hander-one-hand"
# Table 9-5 modifiers R-1 gives (the rest are DEC-340's stand-ins).
_R1 = frozenset(
    {
        "higher-ground",
        "stunned-foe",
        "quarters-close",
        "quarters-cramped",
        "quarters-tight",
        "quarters-confined",
    }
)


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeAttack:
    """One melee attack as declared.

    ``parry`` is OB the attacker moves into their own DB (DEC-345); ``target_parry`` is what
    the defender moved into theirs. ``severity_shift`` moves the critical after the size rule
    (V-1's -1 for a Kindred struck by an ordinary weapon), for the reason ``shift_why`` under
    the rule ``shift_rule``. ``helpless``: the defender is unconscious, held fast or
    otherwise helpless and brings no DB (P-9). ``size`` reads the table at another size than
    the weapon's (a two-handed grip on a hand-and-a-half weapon, a GM's call). ``distance_ft``
    is how far a missile weapon (the crossbow) shoots; a blow has none. ``cover_share_percent``
    is the share of ``cover`` the defender reached this round by a dash (RMU-MOV-2).
    """

    weapon: str
    ob: int
    armor: str = "AT 1"
    ap: int = 4
    ap_available: int = 4
    ranks: int = 0
    size: WeaponSize | None = None
    parry: int = 0
    target_db: int = 0
    target_parry: int = 0
    # Against a missile (the crossbow's bolt) the defender's Dodge DB, after their armor's
    # maneuver penalty (P-3), and their Celerity in play: a share of it is kept (RMU-DOD-2, -3).
    target_dodge: int = 0
    target_celerity: int = 0
    cover: Cover | None = None
    cover_share_percent: int = 100
    helpless: bool = False
    situational: tuple[str, ...] = ()
    extra: tuple[Modifier, ...] = ()
    attacker: str = "attacker"
    target: str = "target"
    # A called shot (RULINGS R-7, RMU-STAKE-1); an aggravated blow (fangs), what
    # can bring a Kindred Final Death (V-2).
    called: CalledShot | None = None
    aggravated: bool = False
    # A decapitation (RMU-STAKE-3, V-1): aggravated only when the blow deals this severity or
    # more, the blow that takes the head (its critical lands on the called head, R-7); a swing
    # that falls short is a blade's cut, lightened and no Final Death (V-2, DEC-968).
    aggravated_from: Severity | None = None
    # The target is a Kindred whose fate V-2 reads: the odds read it as torpor and Final Death.
    # Said outright, as a scene may set V-1's severity steps to 0 and leave no shift to tell
    # by, or switch V-2 off and leave a Kindred to die as a mortal (DEC-852, DEC-853).
    kindred: bool = False
    severity_shift: int = 0
    shift_why: str = ""
    shift_rule: str = "V-1"
    distance_ft: float | None = None

    def aggravates(self, dealt: MeleeRead) -> bool:
        """Whether the blow that ``dealt`` this is aggravated (V-1): fangs always, a beheading
        only when it takes the head (``aggravated_from``)."""
        if self.aggravated:
            return True
        need, severity = self.aggravated_from, dealt.severity
        return (
            need is not None
            and severity is not None
            and not dealt.step_down
            and severity.step >= need.step
        )

    def lightened_by(self, dealt: MeleeRead) -> int:
        """The ``severity_shift`` the blow that ``dealt`` this takes: none for an aggravated
        blow, which V-1 reads at full severity (fangs, a beheading that takes the head)."""
        return 0 if self.aggravates(dealt) else self.severity_shift


def kindred_shift_why(target: str) -> str:
    """Why a blow's critical reads lighter on a Kindred ``target`` (V-1)."""
    return f"{target} is Kindred and the blow is not aggravated"


def attack_ap(weapon: MeleeWeapon, figures: MeleeFigures) -> tuple[int, int]:
    """The AP a blow (R-6's 2-4) or a missile shot (R-6's 1-3) with ``weapon`` takes."""
    return figures.missile_ap if weapon.ranged else figures.attack_ap


def check_attack(attack: MeleeAttack) -> None:
    """Refuse, citing the rule, what no roll can make happen."""
    _check(attack, melee_weapon(attack.weapon), melee_figures())


def _check(attack: MeleeAttack, weapon: MeleeWeapon, figures: MeleeFigures) -> None:
    low, high = attack_ap(weapon, figures)
    if weapon.ranged and attack.distance_ft is None:
        raise RuleRefusal(
            MELEE_RULE, f"The {weapon.name} is shot, not swung: say how far it shoots."
        )
    if not weapon.ranged and attack.distance_ft is not None:
        raise RuleRefusal(MELEE_RULE, f"The {weapon.name} is swung, not shot: it has no range.")
    if weapon.ranged and attack.parry:
        raise RuleRefusal(PARRY_RULE, f"Nobody parries with the {weapon.name} as they shoot it.")
    if not 0 <= attack.cover_share_percent <= 100:
        raise share_refused(attack.cover_share_percent)
    what = "shot" if weapon.ranged else "melee attack"
    if not low <= attack.ap <= high:
        raise RuleRefusal(MELEE_RULE, f"A {what} takes {low} to {high} AP, not {attack.ap}.")
    if attack.ap > attack.ap_available:
        raise RuleRefusal(
            "RMU-GEN-1",
            f"The attack costs {attack.ap} AP, but only {attack.ap_available} are left"
            f"{hastier(low, attack.ap_available)}.",
        )
    if attack.armor not in NAKED_COLUMNS:
        raise RuleRefusal(
            "RMU-GEN-5", f"Melee tables read AT 1 to AT 10; {attack.armor!r} is not one of them."
        )
    if not 0 <= attack.parry <= max(attack.ob, 0):
        raise RuleRefusal(
            PARRY_RULE,
            f"A parry moves part of the attacker's OB ({attack.ob}) into DB: "
            f"{attack.parry} is more than there is.",
        )
    for name in attack.situational:
        figures.modifier(name)
    if ONE_HANDED in attack.situational and not weapon.two_handed:
        raise RuleRefusal(
            "DEC-340",
            f"The {weapon.name} is not a two-handed weapon: it has no one-handed grip to be "
            "penalised for.",
        )


def melee_terms(
    attack: MeleeAttack, weapon: MeleeWeapon, figures: MeleeFigures, data: RmuData, tb: TraceBuilder
) -> list[Modifier]:
    """Every term of the total but the roll (see the module docstring)."""
    terms = [Modifier(value=attack.ob, label=f"OB with the {weapon.name}", rule=None)]
    if attack.parry:
        terms.append(Modifier(value=-attack.parry, label="OB moved to parry", rule=PARRY_RULE))
    most = attack_ap(weapon, figures)[1]
    haste = haste_term(
        attack.ap, most, figures.haste_per_ap, lambda short: f"haste: {short} AP short of {most}"
    )
    if haste is not None:
        terms.append(haste)
    if attack.distance_ft is not None:
        terms.append(missile_range(weapon, attack.distance_ft, figures, data.rules))
    for name in attack.situational:
        rule = "R-1" if name in _R1 else "DEC-340"
        terms.append(
            Modifier(value=figures.modifier(name), label=name.replace("-", " "), rule=rule)
        )
    if weapon.stab_penalty:
        terms.append(
            Modifier(
                value=weapon.stab_penalty,
                label="a wooden point" if weapon.ranged else f"{weapon.name} stabbing",
                rule="RMU-STAKE-2",
            )
        )
    if attack.called is not None:
        terms.append(attack.called.modifier())
    terms.extend(attack.extra)
    terms.extend(_defense_terms(attack, weapon, data, tb))
    return terms


def _defense_terms(
    attack: MeleeAttack, weapon: MeleeWeapon, data: RmuData, tb: TraceBuilder
) -> Sequence[Modifier]:
    terms: list[Modifier] = []
    if attack.helpless:
        if attack.target_db or attack.target_parry:
            tb.step(f"{attack.target} is helpless: no Quickness DB and no parry.", "P-9")
    elif weapon.ranged:
        # A bolt is a missile: Quickness DB and the share of the Dodge, no cover needed, read as
        # a shot reads them (RMU-DOD-2, RMU-DOD-3, DEC-945).
        dodging = Defender(
            quickness_db=attack.target_db,
            dodge_db=attack.target_dodge,
            celerity=attack.target_celerity,
        )
        terms.extend(
            defense_modifiers(
                defender=dodging,
                behind_cover=False,
                armor=None,
                armor_penalty=0,
                rules=data.rules,
                missile="other",
            )
        )
        if attack.target_parry:
            tb.step(f"{attack.target} cannot parry a {weapon.name}'s bolt.", "DEC-521")
    else:
        if attack.target_db:
            terms.append(Modifier(value=-attack.target_db, label="Quickness DB", rule="P-9"))
        if attack.target_parry and "rear" in attack.situational:
            tb.step(f"{attack.target} cannot parry a blow from behind.", PARRY_RULE)
        elif attack.target_parry:
            terms.append(
                Modifier(value=-attack.target_parry, label="defender's parry", rule=PARRY_RULE)
            )
    cover, share = attack.cover, attack.cover_share_percent
    if cover is None:
        return terms
    if share == 0:
        tb.step(dashed_short(attack.target, cover), "RMU-MOV-2")
        return terms
    if weapon.ranged:
        price = price_cover(cover, None, data.cover)
        if price.impassable and share == 100:
            raise RuleRefusal(price.rule, f"No bolt goes through {cover} cover.")
        bonus, rule = price.bonus, price.rule
        label = f"{cover} cover against a missile ({price.column})"
    else:
        bonus, rule = price_melee_cover(cover, data.cover), "RMU-COV-7"
        label = f"{cover} cover against melee"
    if share < 100:
        bonus = reached_bonus(bonus, share)
        label += f", {share}% of it reached this round"
        rule = "RMU-MOV-2"
    terms.append(Modifier(value=-bonus, label=label, rule=rule))
    return terms


def resolve_melee_attack(
    attack: MeleeAttack, dice: Dice, data: RmuData | None = None
) -> Outcome[MeleeResult]:
    """Resolve one melee attack (see the module docstring for the dice)."""
    data = data or default_data()
    figures = melee_figures()
    weapon = melee_weapon(attack.weapon)
    _check(attack, weapon, figures)
    tb = TraceBuilder()
    how = (
        f"shoots {attack.target} from {attack.distance_ft:g} ft"
        if attack.distance_ft is not None
        else f"attacks {attack.target}"
    )
    tb.step(f"{attack.attacker} {how} with the {weapon.name}: {attack.ap} AP.", MELEE_RULE)
    terms = melee_terms(attack, weapon, figures, data, tb)
    roll = tb.roll(dice.d100_open_ended("melee attack roll", low_end=False))
    swung = partial(
        MeleeResult, weapon=weapon.key, roll=roll.total, ap=attack.ap, parry=attack.parry
    )
    natural = roll.natural
    reach = shrunk_fumble_range(weapon.fumble, attack.ranks, figures)
    if natural <= reach:
        tb.step(f"An unmodified {natural:02d} is within the fumble range 01-{reach:02d}.",
                "RMU-GEN-8")  # fmt: skip
        fumble = roll_melee_fumble(column=weapon.fumble_column, dice=dice, trace=tb)
        events: list[Event] = []
        if fumble.effect.self_hits:
            events.append(
                HitsInflicted(
                    target=attack.attacker, hits=fumble.effect.self_hits, rule="RMU-GEN-8"
                )
            )
        fumbled = swung(blow=MeleeFumble(fumble=fumble))
        return Outcome(events=tuple(events), trace=tb.build(), result=fumbled)
    total = tb.total("melee attack total", [attack_roll_term(roll.total), *terms]).value
    size = attack.size or weapon.size
    table = data.tables.attack(weapon.attack_table)
    read = read_melee(table, total, attack.armor, size, figures)
    # The size's rule beside the cell, so 11 hits read as 8 is no slip (RMU-GEN-5, P-6).
    sized = f" ({how})" if (how := figures.sizes[size].said()) else ""
    row = read.result.row
    tb.lookup(
        table=table.name,
        row=row.label if row else f"below {table.rows[0].low}",
        column=attack.armor,
        cell=f"{read.result.cell} read {size.value}{sized}: {read}",
        rule="RMU-GEN-5",
    )
    dealt = read
    aggravated = attack.aggravates(dealt)
    lightened = attack.lightened_by(dealt)
    if attack.severity_shift and not lightened and read.severity is not None:
        tb.step(f"{attack.target} is Kindred, but the blow is aggravated: full severity.", "V-1")
    elif lightened and read.severity is not None:
        shifted = shift_read(read, lightened)
        tb.step(
            f"{attack.shift_why or 'Severity moved'}: {read} becomes {shifted}.", attack.shift_rule
        )
        read = shifted
    if row is None or not (read.hits or read.severity):
        tb.step(f"A total of {total} does nothing to {attack.target}.", "RMU-GEN-5")
        return Outcome(events=(), trace=tb.build(), result=swung(total=total, blow=MeleeMiss()))
    events = []
    if read.hits:
        # An aggravated blow's hits are as aggravated as its critical (V-1, V-2).
        events.append(
            HitsInflicted(
                target=attack.target, hits=read.hits, rule="RMU-GEN-5", aggravated=aggravated
            )
        )
    hit = partial(
        MeleeHit,
        hits=read.hits,
        severity=read.severity.value if read.severity else None,
        step_down=read.step_down,
        critical_table=read.critical_table,
    )
    if read.severity is None or read.critical_table is None:
        tb.step(f"{counted(read.hits, 'concussion hit')}, no critical.", "RMU-GEN-5")
        bare = swung(total=total, blow=hit(total_hits=read.hits, hold=0))
        return Outcome(events=tuple(events), trace=tb.build(), result=bare)
    shifted_from = dealt.severity.value if dealt is not read and dealt.severity else None
    landed = land_critical(
        table=data.tables.critical(read.critical_table),
        severity=read.severity,
        step_down=read.step_down,
        roll_bonus=read.critical_roll_bonus,
        target=attack.target,
        attacker=attack.attacker,
        dice=dice,
        trace=tb,
        rule=attack.shift_rule if shifted_from else "RMU-GEN-7",
        called=attack.called.location if attack.called else None,
        reduced_from=shifted_from,
        aggravated=aggravated,
    )
    events.extend(landed.events)
    critical = hit(
        total_hits=read.hits + sum(cell.hits for _, cell in landed.cells),
        hold=landed.hold,
        # What the blow dealt before the shift, for the rules that ask (RMU-STAKE-2, DEC-373).
        dealt_severity=shifted_from,
        dealt_step_down=dealt.step_down if shifted_from is not None else None,
        critical_roll=landed.roll,
        row=landed.row,
        location=landed.location,
        effects=landed.effects,
    )
    return Outcome(events=tuple(events), trace=tb.build(), result=swung(total=total, blow=critical))
