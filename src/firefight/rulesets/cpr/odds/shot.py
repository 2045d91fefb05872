"""Odds of cpr shots: a single shot (CPR-HIT-1) and autofire (C-5) at one target.

The outcome key, :class:`CprView`, is the resolver's summary without the dice that produced it
(the attack total and the dodge roll), frozen so it can be hashed.

The fast exact path enumerates classes of dice instead of dice: every path in a class gives
the same summary, so one run of the resolver with a representative of the class gives the
class's outcome, and the class's probability comes from closed forms:

- the check: the exploding d10 (C-1: 2-9, 10 + d10, 1 - d10) of the attacker, against the DV
  or the target's own exploding d10 dodge (CPR-DOD-1); a tie misses (CPR-HIT-1); the classes
  are miss and hit (a single shot) or the autofire multiplier min(margin, cap) (C-5);
- the damage dice: the sum and whether two or more came up 6 (C-4), by a recursion over dice;
- the critical injury: 2d6 on the table, rerolled while it names an injury already suffered,
  so each new injury's chance is its share of the totals that name new ones.

The constants of the check (stat, skill, wounds, modifiers; the dodge's DEX + Evasion) are read
off one probe run of the resolver with quiet dice, so no rule is restated here; the probe also
raises every refusal exactly as resolving would. The tests hold this path equal to the generic
engine, face by face.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cache
from typing import Any

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.action_odds import NoFastPath
from firefight.probability.distribution import Distribution
from firefight.probability.stats import Stat
from firefight.rulesets.cpr.attack import RangedAttack, resolve_ranged_attack
from firefight.rulesets.cpr.autofire import AutofireAttack, resolve_autofire
from firefight.rulesets.cpr.combatants import Aim
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.injuries import InjuryTable
from firefight.rulesets.cpr.wounds import WoundState

__all__ = [
    "CPR_STATS",
    "CprView",
    "cpr_default_data",
    "cpr_exact",
    "cpr_key",
    "cpr_sample",
    "cpr_stats",
    "cpr_view_plain",
    "describe_cpr",
    "resolve_cpr",
    "resolve_cpr_for_odds",
]

#: Summary fields that only echo the dice (the views would otherwise differ per face).
_ECHOES = frozenset({"attack_total", "dodge"})

CprView = tuple[tuple[str, Hashable], ...]


def _freeze(value: object) -> Hashable:
    if isinstance(value, dict):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items() if k not in _ECHOES))
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    assert isinstance(value, Hashable)
    return value


def cpr_key(outcome: Outcome) -> CprView:
    """The resolver's result as plain data, frozen, without the dice echoes."""
    frozen = _freeze(outcome.result.fields())
    assert isinstance(frozen, tuple)
    return frozen


def cpr_view_plain(view: CprView) -> dict[str, object]:
    """A key back as JSON-ready data, nested summaries (a ROF 2 attack's shots) included.

    >>> cpr_view_plain((("result", "hit"), ("shots", ((("damage", 7),),)), ("crits", ("a",))))
    {'result': 'hit', 'shots': [{'damage': 7}], 'crits': ['a']}
    """
    return {key: _thaw(value) for key, value in view}


def _thaw(value: object) -> object:
    # _freeze made every dict a tuple of (name, value) pairs and every list a tuple.
    if not isinstance(value, tuple):
        return value
    if value and all(
        isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str) for item in value
    ):
        return {key: _thaw(item) for key, item in value}
    return [_thaw(item) for item in value]


@cache
def cpr_default_data() -> CprData:
    return CprData()


def resolve_cpr(action: RangedAttack | AutofireAttack, dice: Dice, data: CprData) -> Outcome:
    """The resolver of ``action``'s kind: a single-shot attack or autofire."""
    if isinstance(action, AutofireAttack):
        return resolve_autofire(action, dice, data)
    return resolve_ranged_attack(action, dice, data)


def resolve_cpr_for_odds(action: RangedAttack | AutofireAttack, dice: Dice) -> Outcome:
    """The scalar resolver on the default data: picklable, for process pools."""
    return resolve_cpr(action, dice, cpr_default_data())


# --- the dice classes ----------------------------------------------------------------------------


def _d10() -> list[tuple[int, float, tuple[int, ...]]]:
    """The cpr d10 (C-1): (total, probability, faces)."""
    out: list[tuple[int, float, tuple[int, ...]]] = [(v, 0.1, (v,)) for v in range(2, 10)]
    out += [(10 + d, 0.01, (10, d)) for d in range(1, 11)]
    out += [(1 - d, 0.01, (1, d)) for d in range(1, 11)]
    return out


@cache
def _damage(count: int, sixes: int) -> dict[tuple[int, bool], tuple[float, tuple[int, ...]]]:
    """(sum, at least ``sixes`` sixes) -> (probability, representative faces) for ``count``d6."""
    states: dict[tuple[int, int], tuple[float, tuple[int, ...]]] = {(0, 0): (1.0, ())}
    for _ in range(count):
        nxt: dict[tuple[int, int], tuple[float, tuple[int, ...]]] = {}
        for (total, seen), (p, faces) in states.items():
            for face in range(1, 7):
                key = (total + face, min(sixes, seen + (face == 6)))
                q, rep = nxt.get(key, (0.0, (*faces, face)))
                nxt[key] = (q + p / 6, rep)
        states = nxt
    out: dict[tuple[int, bool], tuple[float, tuple[int, ...]]] = {}
    for (total, seen), (p, faces) in states.items():
        key = (total, seen >= sixes)
        q, rep = out.get(key, (0.0, faces))
        out[key] = (q + p, rep)
    return out


def _two_d6() -> dict[int, tuple[float, tuple[int, int]]]:
    out: dict[int, tuple[float, tuple[int, int]]] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            q, rep = out.get(a + b, (0.0, (a, b)))
            out[a + b] = (q + 1 / 36, rep)
    return out


class _Quiet:
    """A probe's dice: a 5 on every die (no explosion, no six), so the summary shows the
    check's constants plus 5."""

    def face(self, sides: int, purpose: str) -> int:
        return min(5, sides)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Check:
    attack: int  # the attacker's total less the d10
    dodge: int | None  # the dodge's total less its d10, when the target dodges
    dv: int
    cap: int | None  # autofire's multiplier cap; None for a single shot


def _probe(action: RangedAttack | AutofireAttack, data: CprData) -> tuple[_Check, int]:
    """The check's constants and the damage dice count, from one quiet run (refusing as the
    resolver does)."""
    if isinstance(action, AutofireAttack):
        # A jam on a natural 1 (CPR-REF-1) misses whatever the total: the generic engine.
        if action.target.wound_state is WoundState.MORTAL or action.jams_on is not None:
            raise _NoFastPath
        fired = resolve_autofire(action, Dice(_Quiet()), data).result
        total, dodge, dv, cap = fired.attack_total, fired.dodge, fired.dv, fired.cap
        count = data.figures.autofire_damage_d6
    else:
        # A jam on a natural 1 (CPR-REF-1), the extra critical of a hit on the mortally
        # wounded (C-12) and a guided smart round's second attack (C-14) are outside the
        # class enumeration: the generic engine takes them.
        target = action.shots[0].target if action.shots else None
        dying = target is not None and target.wound_state is WoundState.MORTAL
        smart = action.guided and data.ammunition(action.ammo).smart
        if len(action.shots) != 1 or action.jams_on is not None or dying or smart:
            raise _NoFastPath
        shot = resolve_ranged_attack(action, Dice(_Quiet()), data).result.shots[0]
        total, dodge, dv, cap = shot.attack_total, shot.dodge, shot.dv, None
        count = data.weapon(action.weapon).damage_d6
    return _Check(
        attack=total - 5, dodge=None if dodge is None else dodge - 5, dv=dv, cap=cap
    ), count


class _NoFastPath(NoFastPath):
    """The action is of a shape the class enumeration does not cover (e.g. two shots)."""


def _check_classes(check: _Check) -> dict[int, tuple[float, tuple[int, ...]]]:
    """Class -> (probability, representative dice: dodge faces then attack faces). Class 0 is a
    miss; class k >= 1 a hit with autofire multiplier k (1 for a single shot)."""
    dodges = [(0, 1.0, ())] if check.dodge is None else _d10()
    out: dict[int, tuple[float, tuple[int, ...]]] = {}
    for y, py, dodge_faces in dodges:
        threshold = check.dv if check.dodge is None else check.dodge + y
        for x, px, faces in _d10():
            margin = check.attack + x - threshold
            cls = 0 if margin <= 0 else (1 if check.cap is None else min(margin, check.cap))
            q, rep = out.get(cls, (0.0, (*dodge_faces, *faces)))
            out[cls] = (q + py * px, rep)
    return out


def _table(action: RangedAttack | AutofireAttack) -> InjuryTable:
    """The critical injury table a hit reads: head for an aimed head shot, else body (C-4)."""
    aim = None if isinstance(action, AutofireAttack) else action.shots[0].aim
    return "head" if aim is Aim.HEAD else "body"


def _injury_split(
    action: RangedAttack | AutofireAttack, data: CprData
) -> list[tuple[float, tuple[int, ...]]]:
    """The accepted critical injury rolls: (probability, faces) over the 2d6 totals that name
    an injury the target does not have yet (C-4: reroll the others)."""
    target = action.target if isinstance(action, AutofireAttack) else action.shots[0].target
    rows = data.injuries.rows[_table(action)]
    have = set(target.injuries)
    fresh = {t: v for t, v in _two_d6().items() if rows[t].key not in have}
    mass = sum(p for p, _ in fresh.values())
    if not fresh:
        return [(1.0, ())]
    return [(p / mass, faces) for p, faces in fresh.values()]


def _run(action: RangedAttack | AutofireAttack, data: CprData, faces: tuple[int, ...]) -> Outcome:
    return resolve_cpr(action, Dice.scripted(faces), data)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Leaf:
    """One class of dice paths: the check class, the damage class, the injury roll."""

    check: int
    damage: tuple[int, bool] | None
    injury: int | None  # index into the injury split
    probability: float
    faces: tuple[int, ...]


def _leaves(action: RangedAttack | AutofireAttack, data: CprData) -> list[_Leaf]:
    check, count = _probe(action, data)
    sixes = data.figures.critical_sixes
    injuries = _injury_split(action, data)
    out: list[_Leaf] = []
    for cls, (p, faces) in sorted(_check_classes(check).items()):
        if cls == 0:
            out.append(_Leaf(check=0, damage=None, injury=None, probability=p, faces=faces))
            continue
        for (total, critical), (q, rolled) in sorted(_damage(count, sixes).items()):
            if not critical:
                out.append(
                    _Leaf(
                        check=cls,
                        damage=(total, critical),
                        injury=None,
                        probability=p * q,
                        faces=(*faces, *rolled),
                    )
                )
                continue
            for k, (r, injury_faces) in enumerate(injuries):
                out.append(
                    _Leaf(
                        check=cls,
                        damage=(total, critical),
                        injury=k,
                        probability=p * q * r,
                        faces=(*faces, *rolled, *injury_faces),
                    )
                )
    return out


def cpr_exact(
    action: RangedAttack | AutofireAttack, data: CprData | None = None, *, generic: bool = True
) -> Distribution[CprView]:
    """The exact distribution of a cpr single shot or autofire (nothing is cut off: no die
    chains). A two-shot attack has no fast path and goes to the generic engine (unbounded), or
    with ``generic=False`` raises :class:`~firefight.probability.action_odds.NoFastPath`."""
    data = data if data is not None else cpr_default_data()
    try:
        leaves = _leaves(action, data)
    except _NoFastPath:
        if not generic:
            raise
        from firefight.probability.enumeration import enumerate_outcomes

        return enumerate_outcomes(
            lambda dice: resolve_cpr(action, dice, data), key=cpr_key, depth=0
        )
    out: dict[CprView, float] = {}
    for leaf in leaves:
        view = cpr_key(_run(action, data, leaf.faces))
        out[view] = out.get(view, 0.0) + leaf.probability
    return Distribution(probabilities=out, method="fast exact", depth=None)


def cpr_sample(
    action: RangedAttack | AutofireAttack,
    data: CprData | None = None,
    *,
    samples: int = 1_000_000,
    seed: int = 0,
) -> Distribution[CprView]:
    """Monte Carlo with numpy: every die rolled -- the dodge and attack d10s exploding (C-1),
    the damage d6s, the critical injury 2d6 rerolled until new -- and each sample's classes
    looked up in the outcomes the exact path found."""
    import numpy as np

    from firefight.probability.generators import seeded_generator

    data = data if data is not None else cpr_default_data()
    try:
        check, count = _probe(action, data)
    except _NoFastPath:
        from firefight.probability.montecarlo import simulate

        return simulate(
            lambda dice: resolve_cpr(action, dice, data), key=cpr_key, samples=samples, seed=seed
        )
    leaves = _leaves(action, data)
    views: dict[tuple[int, tuple[int, bool] | None, int | None], CprView] = {}
    for leaf in leaves:
        views[(leaf.check, leaf.damage, leaf.injury)] = cpr_key(_run(action, data, leaf.faces))
    rng = seeded_generator(seed)
    n = samples

    def d10(size: int) -> Any:
        first = rng.integers(1, 11, size)
        second = rng.integers(1, 11, size)
        return np.where(first == 10, 10 + second, np.where(first == 1, 1 - second, first))

    threshold = check.dv if check.dodge is None else check.dodge + d10(n)
    margin = check.attack + d10(n) - threshold
    cls = np.where(margin <= 0, 0, 1 if check.cap is None else np.minimum(margin, check.cap))
    faces = rng.integers(1, 7, (n, count))
    total = faces.sum(axis=1)
    critical = (faces == 6).sum(axis=1) >= data.figures.critical_sixes
    injuries = _injury_split(action, data)
    injury = np.full(n, -1)
    wanted = np.flatnonzero((cls > 0) & critical)
    if wanted.size and injuries[0][1]:
        target = action.target if isinstance(action, AutofireAttack) else action.shots[0].target
        rows = data.injuries.rows[_table(action)]
        have = set(target.injuries)
        order = {faces_[0] + faces_[1]: k for k, (_, faces_) in enumerate(injuries)}
        pending = wanted
        while pending.size:
            rolled = rng.integers(1, 7, pending.size) + rng.integers(1, 7, pending.size)
            fresh = np.array([rows[int(t)].key not in have for t in rolled])
            # A fresh total's index: the representative with the same total (C-4).
            injury[pending[fresh]] = [order[int(t)] for t in rolled[fresh]]
            pending = pending[~fresh]
    elif wanted.size:
        injury[wanted] = 0
    # One whole number per (check class, damage sum, critical, injury), tallied at once.
    sums = 6 * count + 1
    code = ((cls * sums + total) * 2 + critical) * 13 + (injury + 1)
    tally = np.bincount(code)
    out: dict[CprView, float] = {}
    for c in np.flatnonzero(tally).tolist():
        rest, k = divmod(c, 13)
        rest, crit = divmod(rest, 2)
        klass, t = divmod(rest, sums)
        key = (
            (klass, None, None)
            if klass == 0
            else (klass, (t, bool(crit)), None if k == 0 else k - 1)
        )
        view = views[key]
        out[view] = out.get(view, 0.0) + int(tally[c]) / samples
    return Distribution(probabilities=out, method="monte carlo", samples=samples)


# --- headline numbers -----------------------------------------------------------------------


def _shots(view: CprView) -> list[dict[str, Any]]:
    data = dict(view)
    shots = data.get("shots")
    if isinstance(shots, tuple):
        return [dict(s) for s in shots]
    return [data]


def _stat(name: str, label: str, read: Callable[[list[dict[str, Any]]], float], **kw: Any) -> Stat:
    return Stat(name=name, label=label, read=lambda v: read(_shots(v)), **kw)


def _hits(shots: list[dict[str, Any]]) -> bool:
    return any(x["result"] == "hit" for x in shots)


def _hurts(shots: list[dict[str, Any]]) -> bool:
    """Some shot hit and took HP: armor did not stop all of it."""
    return any(x["result"] == "hit" and x.get("hp_lost", 0) > 0 for x in shots)


CPR_STATS: tuple[Stat, ...] = (
    _stat(
        "p_miss",
        "P(miss)",
        lambda s: float(all(x["result"] == "miss" for x in s)),
        kind="probability",
    ),
    _stat(
        "p_hit_hurts",
        "P(hit that hurts)",
        lambda s: float(_hurts(s)),
        kind="probability",
    ),
    _stat(
        "p_hit_stopped",
        "P(hit, stopped by armor or cover)",
        lambda s: float(_hits(s) and not _hurts(s)),
        kind="probability",
    ),
    _stat(
        "p_hit",
        "P(hit)",
        lambda s: float(_hits(s)),
        kind="probability",
        group="summary",
    ),
    _stat(
        "expected_hp_lost",
        "expected HP lost",
        lambda s: float(sum(x.get("hp_lost", 0) for x in s)),
        kind="expected",
        group="summary",
    ),
    _stat(
        "expected_damage",
        "expected damage (before armor)",
        lambda s: float(sum(x.get("damage", 0) for x in s)),
        kind="expected",
        group="summary",
    ),
    _stat(
        "p_critical_injury",
        "P(critical injury)",
        lambda s: float(any(x.get("critical_injuries") for x in s)),
        kind="probability",
        group="effect",
    ),
    _stat(
        "p_armor_ablated",
        "P(armor ablated)",
        lambda s: float(any(x.get("sp_after", x.get("sp", 0)) != x.get("sp", 0) for x in s)),
        kind="probability",
        group="effect",
    ),
    _stat(
        "p_seriously_wounded",
        "P(seriously wounded or worse)",
        lambda s: float(any(x.get("wound_state") in ("serious", "mortal") for x in s)),
        kind="probability",
        group="effect",
    ),
    _stat(
        "p_mortally_wounded",
        "P(mortally wounded)",
        lambda s: float(any(x.get("wound_state") == "mortal" for x in s)),
        kind="probability",
        group="effect",
    ),
    _stat(
        "p_item_dropped",
        "P(held item dropped)",
        lambda s: float(any(x.get("item_dropped") for x in s)),
        kind="probability",
        group="effect",
    ),
)


def describe_cpr(view: CprView) -> str:
    parts = []
    for shot in _shots(view):
        if shot["result"] != "hit":
            parts.append("miss: the gun jams" if shot.get("jammed") else "miss")  # CPR-REF-1
            continue
        times = f" (x{shot['multiplier']})" if "multiplier" in shot else ""  # of the dice, C-5
        text = f"hit: {shot.get('damage', 0)} damage{times}, {shot.get('hp_lost', 0)} HP lost"
        if shot.get("critical_injuries"):
            named = cpr_default_data().injuries.labels(shot["critical_injuries"])
            text += ", critical injury " + ", ".join(named)
        if shot.get("wound_state") == "unhurt":
            text += ", still unhurt"
        elif shot.get("wound_state"):
            text += f", {shot['wound_state']} wound"
        parts.append(text)
    return "; ".join(parts)


def _left_in(state: WoundState, before: WoundState) -> Stat:
    def read(view: CprView) -> float:
        found = [s["wound_state"] for s in _shots(view) if s.get("wound_state")]
        return float((found[-1] if found else before.value) == state.value)

    return Stat(
        name=f"p_left_{state.value}",
        label=f"P(left {state.words})",
        kind="probability",
        read=read,
        group="after",
    )


def cpr_stats(action: RangedAttack | AutofireAttack) -> tuple[Stat, ...]:
    """:data:`CPR_STATS`, and, when the target's HP are known, the chance of each wound state
    the attack leaves them in (C-9): the last hit's, or the one they had for a miss.

    An attack whose shots go at different targets has no one target to report on.
    """
    if isinstance(action, AutofireAttack):
        targets = [action.target]
    else:
        targets = [s.target for s in action.shots]
    target = targets[0]
    if target.health is None or any(t != target for t in targets):
        return CPR_STATS
    before = target.health.state
    return (*CPR_STATS, *(_left_in(state, before) for state in WoundState))
