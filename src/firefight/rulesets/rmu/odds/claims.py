"""The designer's claims about the rmu firearm tables, measured on the tables in use.

The source (000) states properties of its lost attack tables: the 7.62 mm deals better than
twice the 9 mm's hits in every cell and about 2.7 times as many overall; from bare AT 1 to
AT 10 the 9 mm loses 58% of its hits and the 7.62 mm 54%; the Glock's breaking points against
BA I-IV are 101, 113, 128 and 161; soft armor's worst critical is one step below bare; the 9 mm
tops out at E bare and B against BA IV; the 7.62 mm reaches F and breaks the lighter classes
sooner (DATA.md, RMU-ARM-6). :func:`rmu_claims` measures each on whatever tables are loaded --
the shipped stand-ins, or a GM's imported ones -- and says whether it holds, with the odds of a
shot as a last, informational line. ``firefight odds report rmu`` prints them.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.rulesets.rmu.attack_table import AttackTable
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS, RmuData
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.shot import AimedShot

__all__ = ["Claim", "rmu_claims"]

NINE = "firearm-9mm"
RIFLE = "firearm-7.62mm"
BALLISTIC = ("BA I", "BA II", "BA III", "BA IV")
GLOCK_BREAKING_POINTS = {"BA I": 101, "BA II": 113, "BA III": 128, "BA IV": 161}


@dataclass(frozen=True, slots=True, kw_only=True)
class Claim:
    """One stated property, what the tables give, and whether it holds (None: informational)."""

    rule: str
    claim: str
    stated: str
    measured: str
    holds: bool | None

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "claim": self.claim,
            "stated": self.stated,
            "measured": self.measured,
            "holds": self.holds,
        }


def _hits(table: AttackTable) -> list[list[int]]:
    return [[c.hits for c in row.cells] for row in table.rows]


def _column_hits(table: AttackTable, column: str) -> int:
    return sum(c.hits for c in table.column_cells(column))


def _worst(table: AttackTable, column: str) -> Severity | None:
    found = [c.severity for c in table.column_cells(column) if c.severity]
    return max(found, key=lambda s: s.step) if found else None


def _name(s: Severity | None) -> str:
    return s.value if s else "none"


def rmu_claims(data: RmuData | None = None, *, with_odds: bool = True) -> list[Claim]:
    """Every claim, measured (see the module docstring)."""
    data = data if data is not None else RmuData()
    nine, rifle = data.tables.attack(NINE), data.tables.attack(RIFLE)
    claims: list[Claim] = []

    n_hits, r_hits = _hits(nine), _hits(rifle)
    ratio = sum(map(sum, r_hits)) / sum(map(sum, n_hits))
    claims.append(
        Claim(
            rule="RMU-ARM-6",
            claim="7.62 mm deals about 2.7x the 9 mm's hits overall (every cell of both tables)",
            stated="about 2.7x",
            measured=f"{ratio:.2f}x",
            holds=abs(ratio - 2.7) <= 0.05,
        )
    )
    cells = [
        (r / n, f"{row.label} {col}")
        for row, nrow, rrow in zip(nine.rows, n_hits, r_hits, strict=True)
        for col, n, r in zip(nine.columns, nrow, rrow, strict=True)
        if n > 0
    ]
    least, where = min(cells)
    claims.append(
        Claim(
            rule="RMU-ARM-6",
            claim="7.62 mm deals better than 2x the 9 mm's hits in every cell, row for row",
            stated="> 2x everywhere",
            measured=f"least {least:.2f}x (at {where})",
            holds=least > 2,
        )
    )
    for table, stated in ((nine, 0.58), (rifle, 0.54)):
        loss = 1 - _column_hits(table, NAKED_COLUMNS[-1]) / _column_hits(table, NAKED_COLUMNS[0])
        claims.append(
            Claim(
                rule="RMU-ARM-6",
                claim=f"{table.name}: bare AT 1 to AT 10 loses this share of the hits",
                stated=f"{stated:.0%}",
                measured=f"{loss:.1%}",
                holds=abs(loss - stated) <= 0.005,
            )
        )
    points = {c: nine.breaking_point(c) for c in BALLISTIC}
    for column, stated_point in GLOCK_BREAKING_POINTS.items():
        claims.append(
            Claim(
                rule="RMU-ARM-6",
                claim=f"Glock 17 (9 mm) breaking point against {column}",
                stated=str(stated_point),
                measured=str(points[column]),
                holds=points[column] == stated_point,
            )
        )
    for column in BALLISTIC[:3]:
        r_point, n_point = rifle.breaking_point(column), nine.breaking_point(column)
        claims.append(
            Claim(
                rule="RMU-ARM-6",
                claim=f"7.62 mm breaks {column} sooner than the 9 mm",
                stated="lower breaking point",
                measured=f"{r_point} vs {n_point}",
                holds=r_point is not None and n_point is not None and r_point < n_point,
            )
        )
    claims.append(
        Claim(
            rule="RMU-ARM-6",
            claim="7.62 mm breaking point against BA IV (not stated; shown for reference)",
            stated="-",
            measured=str(rifle.breaking_point("BA IV")),
            holds=None,
        )
    )
    for table, bare, ba_iv in ((nine, "E", "B"), (rifle, "F", None)):
        worst_bare = _worst(table, "AT 1")
        claims.append(
            Claim(
                rule="RMU-GEN-5",
                claim=f"{table.name}: worst critical on bare AT 1",
                stated=bare,
                measured=_name(worst_bare),
                holds=worst_bare is Severity(bare),
            )
        )
        for column in ("BA I", "BA II"):
            worst = _worst(table, column)
            claims.append(
                Claim(
                    rule="RMU-ARM-6",
                    claim=f"{table.name}: soft {column}'s worst critical is one step below bare",
                    stated=_name(Severity("ABCDEFGHIJ"[Severity(bare).step - 2])),
                    measured=_name(worst),
                    holds=worst is not None and worst.step == Severity(bare).step - 1,
                )
            )
        if ba_iv:
            worst = _worst(table, "BA IV")
            claims.append(
                Claim(
                    rule="RMU-ARM-6",
                    claim=f"{table.name}: never worse than {ba_iv} against BA IV",
                    stated=ba_iv,
                    measured=_name(worst),
                    holds=worst is Severity(ba_iv),
                )
            )
    if with_odds:
        claims.append(_odds_line(data))
    return claims


def _odds_line(data: RmuData) -> Claim:
    """What the tables mean for a shot: expected hits per trigger pull, rifle over pistol."""
    from firefight.rulesets.rmu.odds.shot import aimed_shot_exact

    ratios = []
    for ob in (50, 100, 150):
        found = [
            aimed_shot_exact(AimedShot(weapon=w, ob=ob, distance_ft=25), data).expected(
                lambda v: float(v.total_hits)
            )
            for w in ("sks-46", "glock-17")
        ]
        ratios.append(f"OB {ob}: {found[0] / found[1]:.2f}x")
    return Claim(
        rule="RMU-GEN-5",
        claim="per shot at 25 ft on bare AT 1, expected hits with criticals, SKS-46 over Glock 17",
        stated="(informational)",
        measured=", ".join(ratios),
        holds=None,
    )
