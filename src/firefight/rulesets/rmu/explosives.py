"""Explosive loads and the figures every explosive rule reads (RMU-EXP-3..17, RULINGS X-1..X-5),
loaded from ``data/explosives.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Literal

from pydantic import Field, model_validator

from firefight.errors import UnknownNameError
from firefight.rulesets.rmu.severity import Severity
from firefight.tables.data_files import DataModel, package_data, read_toml, validate

__all__ = [
    "BandFigures",
    "BurningFigures",
    "CloudFigures",
    "ExplosiveData",
    "FlashBangFigures",
    "Load",
    "NoticingFigures",
    "ThrowFigures",
    "explosive_data",
]

Effect = Literal[
    "fragmentation", "concussion", "incendiary", "flash", "smoke", "gas", "molotov"
]  # fmt: skip
BandName = Literal["kill", "casualty", "fringe"]
LABEL = "firefight/rulesets/rmu/data/explosives.toml"


@dataclass(frozen=True, slots=True, kw_only=True)
class Load:
    """One explosive: its throw increment and the bands it wounds in, innermost first.

    ``bands`` pairs each band's name with its outer radius in feet; a load that wounds nobody
    (flash, smoke, gas) has none and an area ``radius_ft`` instead.
    """

    key: str
    name: str
    effect: Effect
    increment_ft: float
    bands: tuple[tuple[BandName, float], ...]
    radius_ft: float
    enclosed_bands: tuple[tuple[BandName, float], ...]
    critical_table: str | None
    flat_severity: Severity | None
    rounds: tuple[int, int] | None
    provisional: tuple[str, ...]

    def bands_in(self, *, enclosed: bool) -> tuple[tuple[BandName, float], ...]:
        """The bands, larger where the load says a closed room makes them larger (MK3A2)."""
        return self.enclosed_bands if enclosed and self.enclosed_bands else self.bands


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowFigures:
    band_penalties: tuple[int, ...]
    ap_full: int
    penalty_per_ap_short: int
    fumble_max: int

    @property
    def bands(self) -> int:
        """Throw increments a throw may reach: one per penalty (RMU-EXP-4); past them, none."""
        return len(self.band_penalties)


@dataclass(frozen=True, slots=True, kw_only=True)
class BandFigures:
    modifiers: dict[BandName, int]
    straddling: int
    severity: dict[BandName, Severity]


@dataclass(frozen=True, slots=True, kw_only=True)
class FlashBangFigures:
    resistance_base: int
    stat_multiplier: int
    per_blood_potency: int
    grenade_base: int
    enclosed: int
    unaware: int
    nightvision: int
    step_threshold: int
    step_size: int
    hits_per_step: int
    blind_penalty: int


@dataclass(frozen=True, slots=True, kw_only=True)
class NoticingFigures:
    """RMU-EXP-10's placement rows (a provisional stand-in, DATA.md)."""

    provisional: bool
    derivation: str
    seen_within_ft: float
    front_half_angle_deg: float
    near_ap: int
    far_front_ap: int
    behind_penalty: int
    behind_ap: int
    unaware_ap: int
    perception_ap_full: int
    perception_penalty_per_ap_short: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CloudFigures:
    """What smoke and CS do to people (RMU-EXP-15, RMU-EXP-16).

    ``smoke_opaque_ft`` is the depth of smoke that hides a body wholly (provisional); the gas
    figures are the source's: -30 on everything for a breathing victim, -10 on the eyes alone,
    -10 for ``after_rounds`` rounds after leaving.
    """

    smoke_opaque_ft: float
    gas_full: int
    gas_eyes: int
    gas_after: int
    gas_after_rounds: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BurningFigures:
    """Someone set alight (RMU-EXP-13, RMU-EXP-14; provisional for mortals, DEC-384)."""

    table: str
    severity: Severity
    mortal_rounds: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ExplosiveData:
    source: str
    loads: dict[str, Load]
    throw: ThrowFigures
    bands: BandFigures
    flash_bang: FlashBangFigures
    noticing: NoticingFigures
    clouds: CloudFigures
    burning: BurningFigures

    def load(self, key: str) -> Load:
        try:
            return self.loads[key.strip().lower()]
        except KeyError:
            raise UnknownNameError("rmu explosive", key, self.loads) from None


class _Catalog(DataModel):
    kind: Literal["explosives"]
    source: str
    derivation: str


class _Throw(DataModel):
    band_penalties: list[int] = Field(min_length=1)
    ap_full: int = Field(ge=1)
    penalty_per_ap_short: int = Field(le=0)
    fumble_max: int = Field(ge=0, le=100)


class _Bands(DataModel):
    kill: int
    casualty: int
    fringe: int
    straddling: int = Field(le=0)


class _Severities(DataModel):
    kill: Severity
    casualty: Severity
    fringe: Severity


class _FlashBang(DataModel):
    resistance_base: int
    stat_multiplier: int
    per_blood_potency: int
    grenade_base: int
    enclosed: int
    unaware: int
    nightvision: int
    step_threshold: int
    step_size: int = Field(ge=1)
    hits_per_step: int = Field(ge=0)
    blind_penalty: int = Field(le=0)


class _Noticing(DataModel):
    provisional: bool
    derivation: str = Field(min_length=1)
    seen_within_ft: float = Field(gt=0)
    front_half_angle_deg: float = Field(gt=0, le=180)
    near_ap: int = Field(ge=0)
    far_front_ap: int = Field(ge=0)
    behind_penalty: int = Field(le=0)
    behind_ap: int = Field(ge=0)
    unaware_ap: int = Field(ge=0)
    perception_ap_full: int = Field(ge=0)
    perception_penalty_per_ap_short: int = Field(le=0)


class _Clouds(DataModel):
    smoke_opaque_ft: float = Field(gt=0)
    gas_full: int = Field(le=0)
    gas_eyes: int = Field(le=0)
    gas_after: int = Field(le=0)
    gas_after_rounds: int = Field(ge=0)


class _Burning(DataModel):
    table: str
    severity: Severity
    mortal_rounds: int = Field(ge=1)


class _Load(DataModel):
    key: str
    name: str
    effect: Effect
    increment_ft: float = Field(gt=0)
    kill_ft: float | None = Field(default=None, gt=0)
    casualty_ft: float | None = Field(default=None, gt=0)
    casualty_enclosed_ft: float | None = Field(default=None, gt=0)
    fringe_ft: float | None = Field(default=None, gt=0)
    radius_ft: float | None = Field(default=None, gt=0)
    critical_table: str | None = None
    flat_severity: Severity | None = None
    rounds: tuple[int, int] | None = None
    provisional: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _wounds_or_fills(self) -> _Load:
        banded = [r for r in (self.kill_ft, self.casualty_ft, self.fringe_ft) if r is not None]
        if banded and self.radius_ft is not None:
            raise ValueError("a load has bands (kill/casualty/fringe) or a radius_ft, not both")
        if not banded and self.radius_ft is None:
            raise ValueError("a load needs bands (kill/casualty/fringe) or a radius_ft")
        if any(b <= a for a, b in pairwise(banded)):
            raise ValueError("band radii must grow outward: kill < casualty < fringe")
        return self


class _File(DataModel):
    catalog: _Catalog
    throw: _Throw
    bands: _Bands
    severity_by_band: _Severities
    flash_bang: _FlashBang
    noticing: _Noticing
    clouds: _Clouds
    burning: _Burning
    load: list[_Load] = Field(min_length=1)


def _bands(m: _Load, *, enclosed: bool) -> tuple[tuple[BandName, float], ...]:
    casualty = m.casualty_enclosed_ft if enclosed else m.casualty_ft
    named: tuple[tuple[BandName, float | None], ...] = (
        ("kill", m.kill_ft),
        ("casualty", casualty),
        ("fringe", m.fringe_ft),
    )
    return tuple((name, r) for name, r in named if r is not None)


@cache
def explosive_data() -> ExplosiveData:
    """The shipped explosive figures, read once per process."""
    model = validate(
        _File,
        read_toml(package_data("firefight.rulesets.rmu", "data/explosives.toml"), LABEL),
        LABEL,
    )
    loads = {}
    for m in model.load:
        bands = _bands(m, enclosed=False)
        loads[m.key] = Load(
            key=m.key,
            name=m.name,
            effect=m.effect,
            increment_ft=m.increment_ft,
            bands=bands,
            radius_ft=m.radius_ft if m.radius_ft is not None else bands[-1][1],
            enclosed_bands=_bands(m, enclosed=True) if m.casualty_enclosed_ft else (),
            critical_table=m.critical_table,
            flat_severity=m.flat_severity,
            rounds=m.rounds,
            provisional=tuple(m.provisional),
        )
    b = model.bands
    s = model.severity_by_band
    return ExplosiveData(
        source=model.catalog.source,
        loads=loads,
        throw=ThrowFigures(
            band_penalties=tuple(model.throw.band_penalties),
            ap_full=model.throw.ap_full,
            penalty_per_ap_short=model.throw.penalty_per_ap_short,
            fumble_max=model.throw.fumble_max,
        ),
        bands=BandFigures(
            modifiers={"kill": b.kill, "casualty": b.casualty, "fringe": b.fringe},
            straddling=b.straddling,
            severity={"kill": s.kill, "casualty": s.casualty, "fringe": s.fringe},
        ),
        flash_bang=FlashBangFigures(**model.flash_bang.model_dump()),
        noticing=NoticingFigures(**model.noticing.model_dump()),
        clouds=CloudFigures(**model.clouds.model_dump()),
        burning=BurningFigures(**model.burning.model_dump()),
    )
