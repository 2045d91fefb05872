"""Armor wear under armor-piercing fire: the DATA.md property (revised) of the armor stand-in,
computed exactly (RMU-AMMO-4, RMU-AMMO-5, RMU-BRK-1, RMU-BRK-2, RULINGS P-5, DEC-101).

For every AP round a class stops (9 mm AP against BA III and BA IV, 7.62 mm AP against BA IV),
fired at the totals of a skilled shooter (OB 80-100 at short range, the attack roll's median of
50), the median number of rounds into the plate that beat it open is 2 or 3. A round into the
plate is a critical on a location it covers: only that calls for a breakage check (RMU-AMMO-5).
BA IV's breaking point (161, RMU-ARM-6) is above those totals, so no round touches it there; it
is measured on the rows from its breaking point to the top of the table instead (DEC-101).

The chain is exact: the running total is a Markov chain over 0, -10, -20 ... and each check is
the full open-ended d100 (both ends, D-2) plus strength, the penalties already taken and the
cell's modifier; a total past -50 or a broken plate ends it.
"""

from __future__ import annotations

import pytest

from firefight.probability.openended import open_ended
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.protection import plan_fire
from firefight.rulesets.rmu.severity import Severity
from firefight.trace import TraceBuilder

DATA = RmuData()
MEDIAN_ROLL = 50
SKILLED_OB = range(80, 101)
TABLE_TOP = 175


def cell_modifier(weapon: str, armor: str, severity: Severity) -> int:
    """The breakage modifier a stopped AP round's critical of ``severity`` calls for on a
    covered location: one figure for every covered row of the table."""
    plan = plan_fire(
        weapon=DATA.weapon(weapon),
        armor_key=armor,
        naked_column="AT 1",
        armor_damage=0,
        ammo=DATA.ammunition("armor-piercing"),
        data=DATA,
        trace=TraceBuilder(),
    )
    locate = DATA.tables.critical("ballistic-puncture")
    found = set()
    for roll in range(1, 101):
        location = locate.row_for(roll).location
        name = plan.breakage_table(location)
        if name is None:
            assert not plan.covered(location)
            continue
        cells = DATA.tables.critical(name).lookup(roll, severity)
        found.add(min(c.breakage for _, c in cells if c.breakage is not None))
    assert len(found) == 1, found
    return found.pop()


def beaten_open_by(armor: str, modifier: int, rounds: int = 8) -> list[float]:
    """P(the plate is beaten open or broken within n rounds into it), n = 1..``rounds``."""
    rules = DATA.breakage
    strength = DATA.armor[armor].strength
    roll = open_ended(6, low_end=True)
    states = {0: 1.0}
    done = 0.0
    out = []
    for _ in range(rounds):
        after: dict[int, float] = {}
        for taken, p in states.items():
            for index, q in enumerate(roll.p):
                if not q:
                    continue
                total = roll.low + index + strength + taken + modifier
                band = rules.band_for(total)
                new = taken + (band.penalty if band is not None else 0)
                if total < rules.broken_below or new < rules.beaten_open_past:
                    done += p * q
                else:
                    after[new] = after.get(new, 0.0) + p * q
        states = after
        out.append(done)
    return out


def median_rounds(armor: str, modifier: int) -> int:
    return next(n for n, p in enumerate(beaten_open_by(armor, modifier), 1) if p >= 0.5)


def severities(weapon: str, armor: str, totals: range) -> set[Severity]:
    table = DATA.tables.attack(DATA.weapon(weapon).attack_table)
    found = {table.lookup(t, armor).severity for t in totals}
    return {s for s in found if s is not None}


STOPPED = [("glock-17", "BA III"), ("glock-17", "BA IV"), ("sks-46", "BA IV")]


@pytest.mark.parametrize(("weapon", "armor"), STOPPED)
def test_data_ba_row_ap_rounds_a_class_stops_beat_it_open_in_a_median_of_2_or_3(
    weapon: str, armor: str
) -> None:
    """RMU-BRK-2, RMU-AMMO-5: DATA.md's revised property of the armor strengths, exactly."""
    caliber = DATA.weapon(weapon).caliber
    classes = list(DATA.armor)
    assert classes.index(armor) > classes.index(DATA.penetration[caliber])  # RMU-AMMO-4
    skilled = range(SKILLED_OB.start + MEDIAN_ROLL, SKILLED_OB.stop + MEDIAN_ROLL)
    found = severities(weapon, armor, skilled)
    if not found:
        # No critical below the breaking point (RMU-ARM-6): measured from it up (DEC-101).
        table = DATA.tables.attack(DATA.weapon(weapon).attack_table)
        start = next(
            t for t in range(skilled.stop, TABLE_TOP + 1) if table.lookup(t, armor).severity
        )
        assert start == 161
        found = severities(weapon, armor, range(start, TABLE_TOP + 1))
    assert found
    for severity in found:
        modifier = cell_modifier(weapon, armor, severity)
        assert median_rounds(armor, modifier) in (2, 3), (severity, modifier)


def test_p_5_rmu_brk_2_the_chain_worked_by_hand_for_ba_iii() -> None:
    """BA III (strength 20) and an A critical's AP cell (-20): the first check is d100 OE + 0,
    and only a total under 1 beats the plate in one round (broken). That is a first face f of
    01-05 and a subtracted reroll of at least f: (100 + 99 + 98 + 97 + 96) / 10000 = 0.049."""
    first = beaten_open_by("BA III", -20, rounds=1)[0]
    assert first == pytest.approx(0.049, abs=1e-9)
    assert median_rounds("BA III", -20) == 3
