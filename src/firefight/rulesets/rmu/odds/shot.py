"""Odds of the rmu aimed shot: its outcome key, the fast exact path and the Monte Carlo kernel.

The outcome key is :class:`~firefight.rulesets.rmu.odds.views.ShotView`. The generic
engine reads it off each resolved path; the fast path and the kernel build the same values
straight from the tables, and the tests hold all three equal.

The fast path follows the resolver's steps, as vectors:

1. :func:`~firefight.rulesets.rmu.shot.prepare_aimed_shot` -- the resolver's own function --
   validates the shot (refusing as the resolver does), sums the modifiers and settles the
   column and the critical tables (the :class:`~firefight.rulesets.rmu.protection.FirePlan`);
2. the attack roll's distribution is a cached vector (:mod:`firefight.probability.openended`,
   high end only: RULINGS D-2), less the natural faces within the fumble range (RMU-GEN-8);
3. each attack-table row's probability is a difference of the cumulative distribution at the
   row's ends, shifted by the modifier total (RMU-GEN-5); totals past 175 read the top row with
   +1 on the critical roll per 5 points over, rounded up (RULINGS P-6);
4. the critical roll (a plain d100: RMU-GEN-6) splits each critical row 100 ways into bins that
   read the same location, table and row; the table is chosen per location by armor coverage
   (RMU-ARM-3) and composite severities read several columns on one roll (RULINGS P-7);
5. where the cell calls for a breakage check on worn armor over the location (RMU-AMMO-5), the
   check's d100 open-ended at both ends (RULINGS D-2) is another vector, read into the bands of
   RULINGS P-5 with the unmodified 66;
6. a miss through bodies in front flies on into a shielder (RMU-COV-6): one of several by a
   die, then steps 2-5 again with the column, critical tables and terms the resolver's own
   :func:`~firefight.rulesets.rmu.bodies.prepare_stray_round` settles (OB +0, no fumble);
7. a fumble whose Firearm Fumble cell (d100, the gun's column) is the 66 sends a round toward
   the nearest ally when one is named (DEC-105): steps 2-5 again at OB +0 with the range band
   of their distance, as :func:`~firefight.rulesets.rmu.shot.resolve_ally_round` sets it up;
8. a tripod gun fired unbraced first attacks its shooter (RMU-TRI-2): steps 2-5 on the attack
   :func:`~firefight.rulesets.rmu.tripod.prepare_recoil` sets up, and each of its outcomes
   shifts the shot's modifier total by what
   :func:`~firefight.rulesets.rmu.tripod.recoil_penalties` charges for it, so the shot is a
   mixture of its distributions at those totals.

Everything after the attack total is fixed by the shot's :class:`_BodySignature`, so a batch of
shots (a sweep) is one matrix product per signature.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from firefight.errors import FirefightError, RuleRefusal
from firefight.probability.distribution import Distribution
from firefight.probability.generators import seeded_generator
from firefight.probability.openended import open_ended
from firefight.probability.stats import Stat
from firefight.rulesets.rmu.bodies import Bystander, prepare_stray_round, stray_shielders
from firefight.rulesets.rmu.catalog import BreakageRules, RmuData
from firefight.rulesets.rmu.kindred_criticals import read_critical
from firefight.rulesets.rmu.odds.views import (
    CANNOT_HIT,
    FUMBLE,
    MISS,
    OUT_OF_REACH,
    SHOT_STATS,
    BreakageView,
    ShotView,
    StrayView,
    default_data,
    effects_of,
    recoil_class,
)
from firefight.rulesets.rmu.protection import FirePlan
from firefight.rulesets.rmu.ranges import range_band, range_modifier
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.shot import AimedShot, PreparedShot, prepare_aimed_shot
from firefight.rulesets.rmu.strike import combine_effects
from firefight.rulesets.rmu.tripod import prepare_recoil, recoil_penalties
from firefight.trace import Modifier

__all__ = [
    "FAST_DEPTH",
    "aimed_shot_exact",
    "aimed_shot_sample",
    "aimed_shot_stats_batch",
]

#: Rerolls followed per open-ended roll by the fast path: about 1e-13 of the probability is
#: left out, under the 1e-12 the engines are held to.
FAST_DEPTH = 9

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]
T = TypeVar("T")

# A critical roll pushed 99 or more past its face always reads 100 (RULINGS P-6, DEC-16), so
# bonuses from 99 up are one class.
_BONUS_CLASSES = 99
_POINTS_PER_BONUS = 5


# --- breakage checks (RMU-BRK-1, RULINGS P-5, D-2) ---------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Breakage:
    """The outcome classes of one breakage check: class ``o`` is a band index, or ``n_bands``
    for broken; ``o + n_bands + 1`` is the same with an unmodified 66 (temporary)."""

    rules: BreakageRules
    armor: str
    prior: int

    @property
    def n_classes(self) -> int:
        return 2 * (len(self.rules.bands) + 1)

    def classes(self, totals: npt.NDArray[np.int64]) -> IntArray:
        """The band class of each check total (broken below the bands)."""
        rules = self.rules
        out = np.full(totals.shape, len(rules.bands), dtype=np.intp)
        for k, band in enumerate(rules.bands):
            inside = totals >= band.low
            if band.high is not None:
                inside &= totals <= band.high
            out[inside & (totals >= rules.broken_below)] = k
        return out

    def failed(self, o: int) -> bool:
        n = len(self.rules.bands)
        return o == n or self.rules.bands[o].penalty < 0

    def view(self, o: int) -> BreakageView | None:
        """The view of class ``o``; None for an impossible one (temporary without a failure)."""
        n = len(self.rules.bands)
        temporary = o > n
        base = o - (n + 1) if temporary else o
        if temporary and not self.failed(base):
            return None
        broken = base == n
        penalty = 0 if broken else self.rules.bands[base].penalty
        new_total = self.prior + penalty
        return BreakageView(
            self.armor,
            penalty,
            new_total,
            broken,
            new_total < self.rules.beaten_open_past,
            temporary,
        )

    def distribution(self, offset: int, depth: int) -> tuple[FloatArray, float]:
        """P(class) of a check whose roll is shifted by ``offset``, and the cut-off."""
        roll = open_ended(depth, low_end=True)
        totals = np.arange(roll.low, roll.high + 1, dtype=np.int64) + offset
        classes = self.classes(totals)
        n = len(self.rules.bands)
        p: FloatArray = np.bincount(classes, weights=roll.p, minlength=self.n_classes).astype(
            np.float64
        )
        # An unmodified 66 is the only way to roll exactly 66: move it to the temporary twin.
        natural = self.rules.temporary_natural
        base = int(self.classes(np.array([natural + offset], dtype=np.int64))[0])
        if self.failed(base):
            p[base] -= float(roll.p[roll.index(natural)])
            p[base + n + 1] += float(roll.p[roll.index(natural)])
        return p, roll.cut_off


# --- one body: everything after the attack total ---------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _BodySignature:
    """What decides a shot's outcome on one body once the attack total is known."""

    attack_table: str
    plan: FirePlan
    armor_damage: int
    armor_quality: int
    fumble: int  # natural faces that fumble (0 for a stray round, which cannot)
    severity_steps: int = 0  # how much lower its criticals read (V-1: a Kindred's)
    kindred: bool = False  # its fate reads torpor and Final Death (V-2, DEC-852)


_NO_CHECK = -1


class _Body:
    """The tables of one body arranged for vector arithmetic.

    Attack rows are ``i``; a critical bin ``j`` is a set of critical totals that read the same
    location, wound table and row and the same breakage cell. Cell ``(i, j)`` either lands one
    view (``cell_view``) or calls for a breakage check at ``check_offset`` whose class picks the
    view from ``check_views``.
    """

    def __init__(self, data: RmuData, sig: _BodySignature) -> None:
        table = data.tables.attack(sig.attack_table)
        plan = sig.plan
        col = table.column_index(plan.column)
        self.fumble = sig.fumble
        self.lows = np.array([r.low for r in table.rows], dtype=np.int64)
        self.highs = np.array([r.high for r in table.rows], dtype=np.int64)
        self.n_rows = len(table.rows)
        locator = data.tables.critical("ballistic-puncture")
        bins: dict[tuple[object, ...], int] = {}
        self.bin_of_total = np.zeros(100, dtype=np.intp)
        readers: list[tuple[str, str | None, int]] = []
        for total in range(1, 101):
            location = locator.row_for(total).location
            wound = plan.critical_table(location)
            brk = plan.breakage_table(location) if plan.worn is not None else None
            key = (
                location,
                wound,
                data.tables.critical(wound).row_for(total).low,
                brk,
                data.tables.critical(brk).row_for(total).low if brk else None,
            )
            if key not in bins:
                bins[key] = len(bins)
                readers.append((wound, brk, total))
            self.bin_of_total[total - 1] = bins[key]
        self.n_bins = len(bins)
        self.breakage = (
            _Breakage(rules=data.breakage, armor=plan.worn.key, prior=sig.armor_damage)
            if plan.worn is not None
            else None
        )
        n_o = self.breakage.n_classes if self.breakage else 1
        self.cell_view: list[list[ShotView | None]] = []
        self.check_offset = np.full((self.n_rows, self.n_bins), _NO_CHECK, dtype=np.int64)
        self.check_views: list[list[list[ShotView | None]]] = []
        for i, row in enumerate(table.rows):
            cell = row.cells[col]
            hits = math.ceil(cell.hits / 2) if plan.half_hits and cell.hits else cell.hits
            views: list[ShotView | None] = []
            checks: list[list[ShotView | None]] = []
            for j, (wound, brk, total) in enumerate(readers):
                if cell.severity is None:
                    views.append(ShotView("hit", hits, None, None, None, None, hits))
                    checks.append([])
                    continue
                landed = _critical_view(data, wound, total, cell.severity, hits, sig)
                modifier = _breakage_modifier(data, brk, total, cell.severity)
                if modifier is None or self.breakage is None or plan.worn is None:
                    views.append(landed)
                    checks.append([])
                    continue
                self.check_offset[i, j] = (
                    plan.worn.strength + sig.armor_quality + sig.armor_damage + modifier
                )
                views.append(None)
                checks.append(
                    [
                        None
                        if (worn := self.breakage.view(o)) is None
                        else landed._replace(breakage=worn)
                        for o in range(n_o)
                    ]
                )
            self.cell_view.append(views)
            self.check_views.append(checks)
        counts = np.bincount(self.bin_of_total, minlength=self.n_bins).astype(np.float64)
        self.uniform = counts / 100.0
        # bonus_bins[b - 1, j]: P(bin j | critical roll + b), the sum read as 100 past it (P-6).
        self.bonus_bins = np.zeros((_BONUS_CLASSES, self.n_bins))
        faces = np.arange(1, 101)
        for b in range(1, _BONUS_CLASSES + 1):
            read = np.minimum(faces + b, 100)
            self.bonus_bins[b - 1] = (
                np.bincount(self.bin_of_total[read - 1], minlength=self.n_bins) / 100
            )

    def landings(self, depth: int) -> list[tuple[int, int, ShotView | None, float]]:
        """Every (row, bin, view, probability) a landing can end in; view None is the cut."""
        out: list[tuple[int, int, ShotView | None, float]] = []
        splits: dict[int, tuple[FloatArray, float]] = {}
        for i in range(self.n_rows):
            for j in range(self.n_bins):
                view = self.cell_view[i][j]
                offset = int(self.check_offset[i, j])
                if offset == _NO_CHECK or self.breakage is None:
                    out.append((i, j, view, 1.0))
                    continue
                if offset not in splits:
                    splits[offset] = self.breakage.distribution(offset, depth)
                p, cut = splits[offset]
                for o in np.flatnonzero(p):
                    out.append((i, j, self.check_views[i][j][o], float(p[o])))
                if cut:
                    out.append((i, j, None, cut))
        return out

    def attack_masses(
        self, modifier_totals: Sequence[int], depth: int
    ) -> tuple[FloatArray, FloatArray, FloatArray, float]:
        """For each modifier total: P(fumble), P(miss), ``W[k, i, j]`` = P(row i, bin j), and
        the attack roll's cut-off."""
        roll = open_ended(depth)
        assert roll.low == 1 and self.fumble < 96
        fumble_mass = float(roll.p[: self.fumble].sum())
        cum = np.concatenate(([0.0], np.cumsum(roll.p)))
        cum[1 : self.fumble + 1] = 0.0
        cum[self.fumble + 1 :] -= fumble_mass

        def cdf(x: npt.NDArray[np.int64]) -> FloatArray:
            """P(no fumble and roll <= x)."""
            result: FloatArray = cum[np.clip(x - roll.low + 1, 0, len(cum) - 1)]
            return result

        m = np.asarray(modifier_totals, dtype=np.int64)[:, None]
        # RMU-GEN-5: each row's share is the roll landing in [low - m, high - m].
        rows = cdf(self.highs[None, :] - m) - cdf(self.lows[None, :] - 1 - m)
        miss = cdf(self.lows[None, :1] - 1 - m)[:, 0]
        # P-6: past the top row, +1 on the critical roll per 5 points over, rounded up.
        top = int(self.highs[-1])
        edges = top + _POINTS_PER_BONUS * np.arange(_BONUS_CLASSES, dtype=np.int64)
        above = cdf(edges[None, :] - m)
        # The last class runs to the roll's top, however far the modifiers carry it.
        everything = np.full((len(m), 1), cum[-1])
        bonus = np.diff(above, axis=1, append=everything)
        weights = rows[:, :, None] * self.uniform[None, None, :]
        weights[:, -1, :] += bonus @ self.bonus_bins
        fumbles = np.full(len(m), fumble_mass)
        return fumbles, miss, weights, roll.cut_off

    def distribution(self, modifier_total: int, depth: int) -> tuple[dict[ShotView, float], float]:
        """This body's own landing distribution at one modifier total, and its cut-off."""
        fumble, miss, weights, cut = self.attack_masses([modifier_total], depth)
        out: dict[ShotView, float] = {}
        if fumble[0]:
            out[FUMBLE] = float(fumble[0])
        if miss[0]:
            out[MISS] = float(miss[0])
        for i, j, view, p in self.landings(depth):
            mass = float(weights[0, i, j]) * p
            if not mass:
                continue
            if view is None:
                cut += mass
            else:
                out[view] = out.get(view, 0.0) + mass
        return out, cut


def _critical_view(
    data: RmuData,
    table_name: str,
    total: int,
    severity: Severity,
    hits: int,
    sig: _BodySignature,
) -> ShotView:
    """The landing a critical of ``severity`` dealt makes on the body ``sig``, its cells read
    as the resolver reads them: ``severity_steps`` lower (V-1), its fate a Kindred's when the
    body is ``kindred`` (V-2, DEC-852)."""
    table = data.tables.critical(table_name)
    reading = read_critical(table, total, severity, steps=sig.severity_steps)
    cells = [cell for _, _, cell in reading.cells]
    return ShotView(
        "hit",
        hits,
        severity.value,
        reading.location,
        table_name,
        effects_of(combine_effects(cells)),
        hits + sum(c.hits for c in cells),
        kindred_severity=reading.severity.value if reading.reduced else None,
        kindred=sig.kindred,
    )


def _breakage_modifier(
    data: RmuData, table_name: str | None, total: int, severity: Severity
) -> int | None:
    """The deepest breakage modifier the cell calls for, or None (no check): RMU-AMMO-5."""
    if table_name is None:
        return None
    found = [
        c.breakage
        for _, c in data.tables.critical(table_name).lookup(total, severity)
        if c.breakage is not None
    ]
    return min(found) if found else None


def _cached(
    store: weakref.WeakKeyDictionary[RmuData, dict[Hashable, T]],
    data: RmuData,
    key: Hashable,
    build: Callable[[], T],
) -> T:
    """``store[data][key]``, built on first use (per data, so a GM's own tables get their own)."""
    per_data = store.setdefault(data, {})
    found = per_data.get(key)
    if found is None:
        found = per_data[key] = build()
    return found


_BODIES: weakref.WeakKeyDictionary[RmuData, dict[Hashable, _Body]] = weakref.WeakKeyDictionary()


def _body(data: RmuData, sig: _BodySignature) -> _Body:
    return _cached(_BODIES, data, sig, lambda: _Body(data, sig))


# --- the whole shot: the target, and the shielders a miss may fly into -----------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Stray:
    """A shielder a missed round may meet (RMU-COV-6) and the fixed total it is attacked at."""

    name: str
    body: _BodySignature
    modifier_total: int


def _strays(prep: PreparedShot, data: RmuData) -> tuple[_Stray, ...]:
    """The shielders a miss may fly on into, each set up by the resolver's own
    :func:`~firefight.rulesets.rmu.bodies.prepare_stray_round`. Empty when a miss goes nowhere."""
    return tuple(_stray(prep, who, data) for who in stray_shielders(prep.shot.screen))


def _stray(
    prep: PreparedShot,
    who: Bystander,
    data: RmuData,
    carried: tuple[Modifier, ...] | None = None,
) -> _Stray:
    """A round gone astray into ``who`` as the resolver sets it up, carrying ``carried`` (None:
    the missed shot's carried terms, P-8)."""
    stray = prepare_stray_round(
        weapon=prep.weapon,
        ammo=prep.ammo,
        who=who,
        data=data,
        carried=prep.carried if carried is None else carried,
    )
    return _Stray(
        name=who.name,
        body=_BodySignature(
            attack_table=prep.weapon.attack_table,
            plan=stray.plan,
            armor_damage=who.armor_damage,
            armor_quality=who.armor_quality,
            fumble=0,  # a stray round cannot fumble (RMU-COV-6, DEC-105)
            severity_steps=who.defender.severity_steps,
            kindred=who.defender.kindred,
        ),
        modifier_total=stray.modifier_total,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class _Ally:
    """The ally a fumble's 66 sends a round toward (DEC-105): ``share`` is the chance a fumble
    reads that cell; ``stray`` the round's setup, None when the ally stands out of reach."""

    name: str
    share: float
    stray: _Stray | None


@cache
def _ally_share(column: str) -> float:
    """P(a fumble's d100 reads a cell that sends a round toward the nearest ally)."""
    # Asked only when an ally is named: a shot without one reads no Fumble table (issue 19).
    from firefight.rulesets.rmu.fumble import firearm_fumble_table

    table = firearm_fumble_table()
    return sum(table.read(face, column).effect.nearest_ally for face in range(1, 101)) / 100


def _ally(prep: PreparedShot, data: RmuData) -> _Ally | None:
    """The fumble's round as :func:`~firefight.rulesets.rmu.shot.resolve_ally_round` sets it
    up; None when nobody is named or the gun's column has no such cell."""
    ally = prep.shot.ally
    if ally is None:
        return None
    from firefight.rulesets.rmu.fumble import fumble_column

    share = _ally_share(fumble_column(prep.weapon))
    if not share:
        return None
    try:
        band = range_band(prep.weapon, ally.distance_ft, data.rules, allow_point_blank=False)
    except RuleRefusal:
        return _Ally(name=ally.who.name, share=share, stray=None)
    rng = range_modifier(band, prep.weapon)
    stray = _stray(prep, ally.who, data, carried=(rng,) if rng.value else ())
    return _Ally(name=ally.who.name, share=share, stray=stray)


def _target(prep: PreparedShot) -> _BodySignature:
    assert prep.plan is not None
    return _BodySignature(
        attack_table=prep.weapon.attack_table,
        plan=prep.plan,
        armor_damage=prep.shot.armor_damage,
        armor_quality=prep.shot.armor_quality,
        fumble=prep.fumble,
        severity_steps=prep.shot.defender.severity_steps,
        kindred=prep.shot.defender.kindred,
    )


class _Model:
    """A shot's bodies with every outcome numbered: column ``v`` of the probability matrices is
    ``views[v]``; view 0 is FUMBLE, 1 MISS, 2 the cut-off (not an outcome)."""

    def __init__(
        self,
        data: RmuData,
        target: _BodySignature,
        strays: tuple[_Stray, ...],
        ally: _Ally | None = None,
    ) -> None:
        self.target = _body(data, target)
        self.strays = strays
        self.stray_bodies = [_body(data, s.body) for s in strays]
        self.ally = ally
        self.ally_body = _body(data, ally.stray.body) if ally and ally.stray else None
        self._fumbles: dict[int, tuple[IntArray, FloatArray]] = {}
        self.views: list[ShotView | None] = [FUMBLE, MISS, None]
        self._numbered: dict[ShotView, int] = {FUMBLE: 0, MISS: 1}
        self._entries: dict[int, tuple[IntArray, IntArray, IntArray, FloatArray]] = {}
        self._misses: dict[int, tuple[IntArray, FloatArray]] = {}
        self._stats: dict[tuple[str, ...], FloatArray] = {}

    def number(self, view: ShotView | None) -> int:
        if view is None:
            return 2
        if view not in self._numbered:
            self._numbered[view] = len(self.views)
            self.views.append(view)
        return self._numbered[view]

    def entries(self, depth: int) -> tuple[IntArray, IntArray, IntArray, FloatArray]:
        if depth not in self._entries:
            rows, bins, views, probs = [], [], [], []
            for i, j, view, p in self.target.landings(depth):
                rows.append(i)
                bins.append(j)
                views.append(self.number(view))
                probs.append(p)
            self._entries[depth] = (
                np.array(rows, dtype=np.intp),
                np.array(bins, dtype=np.intp),
                np.array(views, dtype=np.intp),
                np.array(probs, dtype=np.float64),
            )
        return self._entries[depth]

    def misses(self, depth: int) -> tuple[IntArray, FloatArray]:
        """Where a miss ends: MISS, or split over the shielders' landings (RMU-COV-6)."""
        if depth not in self._misses:
            if not self.strays:
                split = {1: 1.0}
            else:
                split = {}
                share = 1.0 / len(self.strays)
                for stray, body in zip(self.strays, self.stray_bodies, strict=True):
                    landed, cut = body.distribution(stray.modifier_total, depth)
                    for view, p in landed.items():
                        v = self.number(MISS._replace(shielder=StrayView(stray.name, view)))
                        split[v] = split.get(v, 0.0) + share * p
                    split[2] = split.get(2, 0.0) + share * cut
            self._misses[depth] = (
                np.array(list(split), dtype=np.intp),
                np.array(list(split.values()), dtype=np.float64),
            )
        return self._misses[depth]

    def ally_view(self, landing: ShotView) -> ShotView:
        assert self.ally is not None
        return FUMBLE._replace(ally=StrayView(self.ally.name, landing))

    def fumbles(self, depth: int) -> tuple[IntArray, FloatArray]:
        """Where a fumble ends: FUMBLE, or, on the 66, the ally round's landings (DEC-105)."""
        if depth not in self._fumbles:
            ally = self.ally
            split: dict[int, float] = {0: 1.0}
            if ally is not None:
                split[0] = 1.0 - ally.share
                if ally.stray is None or self.ally_body is None:
                    split[self.number(self.ally_view(OUT_OF_REACH))] = ally.share
                else:
                    landed, cut = self.ally_body.distribution(ally.stray.modifier_total, depth)
                    for view, p in landed.items():
                        v = self.number(self.ally_view(view))
                        split[v] = split.get(v, 0.0) + ally.share * p
                    split[2] = split.get(2, 0.0) + ally.share * cut
            self._fumbles[depth] = (
                np.array(list(split), dtype=np.intp),
                np.array(list(split.values()), dtype=np.float64),
            )
        return self._fumbles[depth]

    def probabilities(self, modifier_totals: Sequence[int], depth: int) -> FloatArray:
        """``P[k, v]``: the probability of view ``v`` at the ``k``-th modifier total; column 2
        holds the cut-off."""
        fumble, miss, weights, cut = self.target.attack_masses(modifier_totals, depth)
        ent_row, ent_bin, ent_view, ent_p = self.entries(depth)
        miss_view, miss_p = self.misses(depth)
        fumble_view, fumble_p = self.fumbles(depth)
        k = len(fumble)
        n = len(self.views)
        mass = weights[:, ent_row, ent_bin] * ent_p[None, :]
        flat = (ent_view[None, :] + n * np.arange(k)[:, None]).ravel()
        out: FloatArray = (
            np.bincount(flat, weights=mass.ravel(), minlength=k * n)
            .astype(np.float64)
            .reshape(k, n)
        )
        out[:, fumble_view] += fumble[:, None] * fumble_p[None, :]
        out[:, miss_view] += miss[:, None] * miss_p[None, :]
        out[:, 2] += cut
        return out

    def stat_matrix(self, stats: Sequence[Stat]) -> FloatArray:
        """``G[v, s]``: stat ``s`` read on view ``v`` (0 on the cut-off column)."""
        names = tuple(s.name for s in stats)
        cached = self._stats.get(names)
        if cached is None or len(cached) != len(self.views):
            cached = np.array(
                [[0.0 if v is None else s.read(v) for s in stats] for v in self.views],
                dtype=np.float64,
            ).reshape(len(self.views), len(stats))
            self._stats[names] = cached
        return cached


_MODELS: weakref.WeakKeyDictionary[RmuData, dict[Hashable, _Model]] = weakref.WeakKeyDictionary()


def _model(data: RmuData, prep: PreparedShot) -> _Model:
    target, strays, ally = _target(prep), _strays(prep, data), _ally(prep, data)
    return _cached(
        _MODELS, data, (target, strays, ally), lambda: _Model(data, target, strays, ally)
    )


# --- the engines ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Recoil:
    """An unbraced tripod gun's recoil attack on its shooter (RMU-TRI-2), as a body."""

    body: _BodySignature
    modifier_total: int

    def shift(self, landed: ShotView) -> int:
        """What this recoil outcome adds to the shot's modifier total."""
        return _recoil_shift(landed.total_hits, landed.severity)


@cache
def _recoil_shift(hits_taken: int, severity: str | None) -> int:
    taken = recoil_penalties(hits_taken, Severity(severity) if severity is not None else None)
    return sum(m.value for m in taken)


def _recoil(prep: PreparedShot) -> _Recoil | None:
    """The recoil as the resolver sets it up (:func:`prepare_recoil`), or None when braced."""
    if not prep.recoil:
        return None
    shot = prep.shot
    recoil = prepare_recoil(
        shooter=shot.shooter,
        weapon=prep.weapon,
        strength_bonus=shot.strength_bonus,
        naked_column=shot.shooter_naked_column,
    )
    return _Recoil(
        body=_BodySignature(
            attack_table=recoil.weapon.attack_table,
            plan=recoil.plan,
            armor_damage=0,
            armor_quality=0,
            fumble=0,  # the recoil's roll cannot fumble
            severity_steps=shot.shooter_severity_steps,
            kindred=shot.shooter_kindred,
        ),
        modifier_total=recoil.modifier_total,
    )


def _exact(prep: PreparedShot, data: RmuData, depth: int) -> tuple[dict[ShotView, float], float]:
    """The shot's views and probabilities, and the probability cut off."""
    recoil = _recoil(prep)
    if recoil is None:
        if prep.plan is None:
            return {CANNOT_HIT: 1.0}, 0.0
        model = _model(data, prep)
        row = model.probabilities([prep.modifier_total], depth)[0]
        found = {}
        for v in np.flatnonzero(row):
            view = model.views[v]
            if view is not None:
                found[view] = float(row[v])
        return found, float(row[2])
    # RMU-TRI-2: the recoil lands first; each of its outcomes shifts the shot's total. Its
    # outcomes are merged into classes first (DEC-470), so the shot's are not multiplied by
    # every recoil detail.
    landed, cut = _body(data, recoil.body).distribution(recoil.modifier_total, depth)
    by_shift: dict[int, dict[ShotView, float]] = {}
    for view, p in landed.items():
        classes = by_shift.setdefault(recoil.shift(view), {})
        first = recoil_class(view)
        classes[first] = classes.get(first, 0.0) + p
    out: dict[ShotView, float] = {}
    if prep.plan is None:
        for classes in by_shift.values():
            for first, p in classes.items():
                key = CANNOT_HIT._replace(recoil=first)
                out[key] = out.get(key, 0.0) + p
        return out, cut
    model = _model(data, prep)
    shifts = list(by_shift)
    rows = model.probabilities([prep.modifier_total + d for d in shifts], depth)
    for shift, row in zip(shifts, rows, strict=True):
        classes = by_shift[shift]
        cut += sum(classes.values()) * float(row[2])
        for v in np.flatnonzero(row):
            view = model.views[v]
            if view is None:
                continue
            for first, p in classes.items():
                key = view._replace(recoil=first)
                out[key] = out.get(key, 0.0) + p * float(row[v])
    return out, cut


def aimed_shot_exact(
    shot: AimedShot, data: RmuData | None = None, *, depth: int = FAST_DEPTH
) -> Distribution[ShotView]:
    """The exact distribution of one aimed shot by the fast path; equal to the generic
    engine's (:func:`~firefight.probability.enumeration.enumerate_outcomes` over the resolver) to
    1e-12 at the same ``depth``. A refused shot raises the resolver's refusal."""
    data = data if data is not None else default_data()
    prep = prepare_aimed_shot(shot, data)
    found, cut = _exact(prep, data, depth)
    return Distribution(probabilities=found, method="fast exact", cut_off=cut, depth=depth)


def aimed_shot_stats_batch(
    shots: Sequence[AimedShot],
    data: RmuData | None = None,
    *,
    depth: int = FAST_DEPTH,
    stats: Sequence[Stat] = SHOT_STATS,
) -> list[tuple[float, ...] | FirefightError]:
    """Exact stats of many shots at once: one matrix product per signature.

    A shot the rules refuse gets its refusal in place of numbers.
    """
    data = data if data is not None else default_data()
    out: list[tuple[float, ...] | FirefightError] = [() for _ in shots]
    # Per model, the rows to read: (shot, modifier total, weight). An unbraced tripod gun's
    # shot is several rows, one per shift its recoil may cause, weighed by that shift's chance
    # (the stats read the target only, so the recoil's own outcomes need not be told apart).
    groups: dict[int, tuple[_Model, list[tuple[int, int, float]]]] = {}
    recoils: dict[_Recoil, tuple[tuple[int, float], ...]] = {}
    for i, shot in enumerate(shots):
        try:
            prep = prepare_aimed_shot(shot, data)
        except FirefightError as exc:
            out[i] = exc
            continue
        if prep.plan is None:
            found = Distribution(probabilities=_exact(prep, data, depth)[0], method="fast exact")
            out[i] = tuple(found.expected(s.read) for s in stats)
            continue
        model = _model(data, prep)
        rows = groups.setdefault(id(model), (model, []))[1]
        recoil = _recoil(prep)
        if recoil is None:
            rows.append((i, prep.modifier_total, 1.0))
            continue
        if recoil not in recoils:
            recoils[recoil] = _recoil_shifts(data, recoil, depth)
        for shift, p in recoils[recoil]:
            rows.append((i, prep.modifier_total + shift, p))
    for model, members in groups.values():
        probs = model.probabilities([m for _, m, _ in members], depth)
        values = probs @ model.stat_matrix(stats)
        sums: dict[int, npt.NDArray[np.float64]] = {}
        for (i, _, weight), row in zip(members, values, strict=True):
            sums[i] = sums[i] + weight * row if i in sums else weight * row
        for i, row in sums.items():
            out[i] = tuple(float(x) for x in row)
    return out


def _recoil_shifts(data: RmuData, recoil: _Recoil, depth: int) -> tuple[tuple[int, float], ...]:
    """Each shift of the shot's total the recoil may cause (RMU-TRI-2), with its chance."""
    landed, _cut = _body(data, recoil.body).distribution(recoil.modifier_total, depth)
    shifts: dict[int, float] = {}
    for view, p in landed.items():
        shift = recoil.shift(view)
        shifts[shift] = shifts.get(shift, 0.0) + p
    return tuple(shifts.items())


# --- Monte Carlo -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Kernel:
    """One body's tables for sampling, outcomes numbered as in its :class:`_Model`.

    Extended rows: 0 fumble, 1 miss, ``2 + i`` attack row ``i``. ``ids[row * n_bins + bin]``
    is the outcome, -1 where a breakage check decides it (``check_ids``), -2 for a miss that
    flies on to a shielder, -3 for a fumble that may send a round toward an ally.
    """

    body: _Body
    ids: npt.NDArray[np.int32]
    offsets: npt.NDArray[np.int64]
    check_ids: npt.NDArray[np.int32]
    failed: npt.NDArray[np.bool_]
    # By attack class and critical face (class * 100 + face - 1), the P-6 bonus folded in:
    cell_of: npt.NDArray[np.int32]  # the extended cell read
    id_of: npt.NDArray[np.int32]  # its outcome (-1: a breakage check decides)
    checks: bool  # whether any cell calls for a breakage check
    tables: dict[int, tuple[npt.NDArray[np.int16], int]]

    def classes(self, modifier_total: int) -> tuple[npt.NDArray[np.int16], int]:
        if modifier_total not in self.tables:
            self.tables[modifier_total] = _class_table(self.body, modifier_total)
        return self.tables[modifier_total]


_STRAY = -2
_ALLY = -3


def _kernel(model: _Model, body: _Body, nest: Callable[[ShotView], ShotView] | None) -> _Kernel:
    """``nest``: None for the target, else how a body's outcome sits in the shot's (a
    shielder's in MISS, the ally's in FUMBLE)."""

    def number(view: ShotView | None) -> int:
        if view is None or nest is None:
            return model.number(view)
        return model.number(nest(view))

    n_bins = body.n_bins
    rows = body.n_rows + 2
    ids = np.zeros(rows * n_bins, dtype=np.int32)
    ids[:n_bins] = _ALLY if (nest is None and model.ally is not None) else number(FUMBLE)
    ids[n_bins : 2 * n_bins] = _STRAY if (nest is None and model.strays) else number(MISS)
    n_o = body.breakage.n_classes if body.breakage else 1
    check_ids = np.zeros((rows * n_bins, n_o), dtype=np.int32)
    offsets = np.zeros(rows * n_bins, dtype=np.int64)
    for i in range(body.n_rows):
        for j in range(n_bins):
            cell = (i + 2) * n_bins + j
            view = body.cell_view[i][j]
            if view is not None:
                ids[cell] = number(view)
                continue
            ids[cell] = -1
            offsets[cell] = body.check_offset[i, j]
            for o, checked in enumerate(body.check_views[i][j]):
                check_ids[cell, o] = number(checked) if checked is not None else 0
    failed = np.zeros(n_o, dtype=np.bool_)
    if body.breakage is not None:
        bands = len(body.breakage.rules.bands)
        failed[: bands + 1] = [body.breakage.failed(o) for o in range(bands + 1)]
    # Classes: 0 fumble, 1 miss, 2 + i row i, then the top row with P-6 bonus 1..99.
    first_bonus = 2 + body.n_rows
    ext_row = np.concatenate((np.arange(first_bonus), np.full(_BONUS_CLASSES, first_bonus - 1)))
    bonus = np.concatenate((np.zeros(first_bonus, np.int64), np.arange(1, _BONUS_CLASSES + 1)))
    faces = np.arange(100)
    read = np.minimum(faces[None, :] + bonus[:, None], 99)
    cell_of = (ext_row[:, None] * n_bins + body.bin_of_total[read]).astype(np.int32).ravel()
    return _Kernel(
        body=body,
        ids=ids,
        offsets=offsets,
        check_ids=check_ids,
        failed=failed,
        cell_of=cell_of,
        id_of=ids[cell_of],
        checks=bool((ids == -1).any()),
        tables={},
    )


def _class_table(body: _Body, modifier_total: int) -> tuple[npt.NDArray[np.int16], int]:
    """Attack class by roll total (0 fumble, 1 miss, 2 + i row i, then the top row + bonus),
    and the roll past which the class no longer changes. A total within the fumble range can
    only be a natural face (chains start at 96), so the fumble check is folded in (RMU-GEN-8).
    """
    top = int(body.highs[-1])
    first_bonus = 2 + body.n_rows
    saturated = max(top + _POINTS_PER_BONUS * (_BONUS_CLASSES - 1) + 1 - modifier_total, 1)
    # Rolls are int16; one past 30 000 (a chain of 300 rerolls) never happens.
    saturated = min(saturated, 30_000)
    totals = np.arange(saturated + 1, dtype=np.int64) + modifier_total
    row = np.searchsorted(body.lows, totals, side="right") - 1
    classes = np.where(totals < body.lows[0], 1, 2 + row)
    steps = np.minimum(-((top - totals) // _POINTS_PER_BONUS), _BONUS_CLASSES)
    classes = np.where(totals > top, first_bonus - 1 + steps, classes)
    classes[: body.fumble + 1] = 0
    if (first_bonus + _BONUS_CLASSES) * 100 > np.iinfo(np.int16).max:
        raise ValueError(f"an attack table of {body.n_rows} rows is too long for the kernel")
    return classes.astype(np.int16), saturated


def _roll_high(rng: np.random.Generator, n: int, cap: int) -> npt.NDArray[np.int16]:
    """n open-ended d100 totals, high end only (RULINGS D-2), capped at ``cap``."""
    total = rng.integers(1, 101, n, dtype=np.int16)
    rolling = np.flatnonzero(total >= 96)
    while rolling.size:
        more = rng.integers(1, 101, rolling.size, dtype=np.int16)
        total[rolling] = np.minimum(total[rolling] + more, cap)
        rolling = rolling[more >= 96]
    return total


def _roll_full(rng: np.random.Generator, n: int) -> tuple[IntArray, IntArray]:
    """n open-ended d100 rolls at both ends (RULINGS D-1): naturals and totals."""
    first = rng.integers(1, 101, n).astype(np.intp)
    total = first.copy()
    sign = np.where(first >= 96, 1, np.where(first <= 5, -1, 0))
    rolling = np.flatnonzero(sign)
    while rolling.size:
        more = rng.integers(1, 101, rolling.size)
        total[rolling] += sign[rolling] * more
        rolling = rolling[more >= 96]
    return first, total


def _sample_body(
    k: _Kernel, modifier_total: int, n: int, rng: np.random.Generator
) -> npt.NDArray[np.int32]:
    body = k.body
    classes, saturated = k.classes(modifier_total)
    cls = classes[_roll_high(rng, n, saturated)]
    # The critical die, read only by critical rows (RMU-GEN-6), as a face 0-99 of the class.
    flat = cls * np.int16(100) + rng.integers(0, 100, n, dtype=np.int16)
    ids: npt.NDArray[np.int32] = k.id_of[flat]
    if not k.checks or body.breakage is None:
        return ids
    checked = np.flatnonzero(ids == -1)
    if checked.size:
        cell = k.cell_of[flat[checked]]
        natural, rolled = _roll_full(rng, checked.size)
        o = body.breakage.classes(rolled + k.offsets[cell])
        temporary = k.failed[o] & (natural == body.breakage.rules.temporary_natural)
        o = o + temporary * (len(body.breakage.rules.bands) + 1)
        ids[checked] = k.check_ids[cell, o]
    return ids


def aimed_shot_sample(
    shot: AimedShot,
    data: RmuData | None = None,
    *,
    samples: int = 1_000_000,
    seed: int = 0,
    chunk: int = 1 << 16,
) -> Distribution[ShotView]:
    """Monte Carlo: ``samples`` shots rolled as numpy vectors, seeded (same seed, same counts).

    Every die is rolled as the resolver rolls it: an unbraced tripod gun's recoil attack, the
    open-ended attack die to the end of its chain (no cut-off), the fumble check on its natural
    first face, the critical die, the breakage check's die open at both ends, the die choosing
    a shielder and the stray round's own dice.
    """
    if samples < 1:
        raise ValueError(f"samples must be 1 or more, got {samples!r}")
    data = data if data is not None else default_data()
    prep = prepare_aimed_shot(shot, data)
    rng = seeded_generator(seed)
    recoil = _recoil(prep)
    recoil_model = _Model(data, recoil.body, ()) if recoil is not None else None
    recoil_kernel = (
        _kernel(recoil_model, recoil_model.target, None) if recoil_model is not None else None
    )
    model = _model(data, prep) if prep.plan is not None else None
    target = _kernel(model, model.target, None) if model is not None else None
    strays = (
        [
            _kernel(model, body, _in_miss(s.name))
            for s, body in zip(model.strays, model.stray_bodies, strict=True)
        ]
        if model is not None
        else []
    )
    ally = (
        _kernel(model, model.ally_body, model.ally_view)
        if model is not None and model.ally_body is not None
        else None
    )
    width = len(recoil_model.views) + 1 if recoil_model is not None else 1
    counts = np.zeros(0, dtype=np.int64)
    for start in range(0, samples, chunk):
        n = min(chunk, samples - start)
        if recoil is not None and recoil_kernel is not None and recoil_model is not None:
            first = _sample_body(recoil_kernel, recoil.modifier_total, n, rng)
            shift_of = np.array(
                [0 if v is None else recoil.shift(v) for v in recoil_model.views], dtype=np.int64
            )
            shifts = shift_of[first]
        else:
            first = np.full(n, -1, dtype=np.int32)
            shifts = np.zeros(n, dtype=np.int64)
        ids = np.full(n, -1, dtype=np.int32)
        if model is not None and target is not None and recoil is None:
            ids = _sample_target(model, target, strays, ally, prep.modifier_total, n, rng)
        elif model is not None and target is not None:
            for shift in np.unique(shifts):
                mine = np.flatnonzero(shifts == shift)
                total = prep.modifier_total + int(shift)
                ids[mine] = _sample_target(model, target, strays, ally, total, mine.size, rng)
        if recoil is None and model is not None:
            # Without recoil the code below is just the outcome + 1.
            found = np.concatenate(([0], np.bincount(ids)))
        else:
            # One code per (shot outcome, recoil outcome); -1 stands for none of either.
            found = np.bincount((ids.astype(np.int64) + 1) * width + (first.astype(np.int64) + 1))
        if len(found) > len(counts):
            counts = np.concatenate((counts, np.zeros(len(found) - len(counts), np.int64)))
        counts[: len(found)] += found
    tally = {
        (int(c) // width - 1, int(c) % width - 1): int(counts[c]) for c in np.flatnonzero(counts)
    }
    probabilities: dict[ShotView, float] = {}
    for (main, before), count in tally.items():
        view = CANNOT_HIT if main < 0 or model is None else model.views[main]
        if view is None:
            continue
        if recoil_model is not None and before >= 0:
            landed = recoil_model.views[before]
            assert landed is not None
            view = view._replace(recoil=recoil_class(landed))
        probabilities[view] = probabilities.get(view, 0.0) + count / samples
    return Distribution(probabilities=probabilities, method="monte carlo", samples=samples)


def _in_miss(name: str) -> Callable[[ShotView], ShotView]:
    """How a shielder's outcome sits in the shot's: a miss that flew on into them."""
    return lambda view: MISS._replace(shielder=StrayView(name, view))


def _sample_target(
    model: _Model,
    target: _Kernel,
    strays: list[_Kernel],
    ally: _Kernel | None,
    modifier_total: int,
    n: int,
    rng: np.random.Generator,
) -> npt.NDArray[np.int32]:
    ids = _sample_body(target, modifier_total, n, rng)
    fumbled = np.flatnonzero(ids == _ALLY)
    if fumbled.size and model.ally is not None:
        # DEC-105: the fumble's d100 reads the 66 with the ally's share; then their round.
        sent = rng.random(fumbled.size) < model.ally.share
        ids[fumbled[~sent]] = model.number(FUMBLE)
        chosen = fumbled[sent]
        if model.ally.stray is None or ally is None:
            ids[chosen] = model.number(model.ally_view(OUT_OF_REACH))
        else:
            ids[chosen] = _sample_body(ally, model.ally.stray.modifier_total, chosen.size, rng)
    if not strays:
        return ids
    flying = np.flatnonzero(ids == _STRAY)
    if flying.size:
        # RMU-COV-6: one die picks the shielder when there are several.
        who = rng.integers(0, len(strays), flying.size) if len(strays) > 1 else None
        for s, (stray, k) in enumerate(zip(model.strays, strays, strict=True)):
            mine = flying if who is None else flying[who == s]
            ids[mine] = _sample_body(k, stray.modifier_total, mine.size, rng)
    return ids
