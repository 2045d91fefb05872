"""Every trace line of a broad set of rmu actions cites a rule that governs it (issue 11: soft
and impenetrable cover cite RMU-COV-2, hard and hardened RMU-COV-3, cover doubled against
hollowpoint RMU-COV-8, the recoil's critical RMU-TRI-2, a burst's critical RMU-RF-8).

Each modifier of a total and each step is sorted into a kind by its wording; the table gives the
rule IDs allowed for that kind. A term no kind matches fails the test too, so a new kind of term
has to be added here with the rules that govern it.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Mapping
from typing import Any

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app

# (kind, pattern on the modifier's label, allowed rule IDs); the first pattern that matches wins.
_KINDS: list[tuple[str, str, set[str | None]]] = [
    ("attack roll", r"^attack roll, d100", {"RMU-GEN-2"}),
    ("critical roll", r"^critical roll, d100", {"RMU-GEN-6"}),
    ("past 175", r"^attack total past 175", {"P-6"}),
    ("fumble roll", r"^fumble roll", {"RMU-GEN-8"}),
    ("maneuver roll", r"^maneuver roll", {"D-2"}),
    ("breakage roll", r"^breakage roll", {"D-2"}),
    ("the shooter's OB", r"'s OB$", {None}),
    (
        "OB +0 of a stray round or the cone",
        r"^OB \+0: none",
        {"RMU-COV-6", "RMU-RF-10", "RMU-SUP-6", "RMU-GEN-8"},
    ),
    ("OB +0 of the recoil", r"^OB \+0: a Large attack", {"RMU-TRI-2"}),
    ("unprepared recoil", r"^recoil, shot not prepared$", {"RMU-GEN-3"}),
    ("tripod recoil", r"^recoil: ", {"RMU-TRI-2"}),
    ("unbraced", r"fired unbraced$", {"RMU-TRI-2"}),
    ("strength", r"Strength bonus x\d+, in place of DB", {"RMU-TRI-2"}),
    ("haste", r"^haste: ", {"RMU-GEN-1", "RMU-RF-3", "RMU-SUP-3"}),
    ("haste offset", r"offsets the haste", {"RMU-SK-1"}),
    ("range", r"^range: ", {"RMU-GEN-4", "RMU-PB-2"}),
    ("point blank", r"^point blank", {"RMU-PB-1", "RMU-PB-2"}),
    ("tripod", r"tripod", {"RMU-TRI-1"}),
    ("hunting", r"^hunting class", {"RMU-HUNT-1"}),
    ("missile penalty", r"missile penalty$", {"RMU-ARM-5"}),
    ("mover's armor", r"maneuver penalty$", {"RMU-ARM-5"}),
    (
        "situational",
        r"^(higher ground|stunned foe|surprised foe|prone target|attacker in "
        r"melee|off hand|quarters \w+)",
        {"R-1"},
    ),
    ("cover against hollowpoint", r"against hollowpoint$", {"RMU-COV-8"}),
    ("a diver's doubled cover", r"doubled: .* dived", {"RMU-SUP-9"}),
    ("cover reached by a dash", r"reached this round", {"RMU-MOV-2"}),
    ("bodies in front", r"cover from bodies in front", {"RMU-COV-5", "RMU-RF-11"}),
    ("soft or impenetrable cover", r"^\w+ (soft|impenetrable) cover", {"RMU-COV-2"}),
    ("hard or hardened cover", r"^\w+ (hard|hardened) cover", {"RMU-COV-3"}),
    ("Quickness DB", r"Quickness DB", {"RMU-DOD-1", "RMU-DOD-2", "RMU-DOD-3", "RMU-ARM-5"}),
    ("Dodge", r"^Dodge DB", {"RMU-DOD-1", "RMU-DOD-2", "RMU-DOD-3"}),
    ("carried bullet bonus", r"bullets: \d+% of", {"RMU-RF-4"}),
    ("class modifier", r"hard to hold on one man", {"RMU-RF-9"}),
    ("sweep volume", r"^volume of the sweep", {"F-5"}),
    ("short of the ground", r"^short of the declared distance", {"RMU-SUP-6"}),
    ("width", r"^width .* past the free", {"F-7"}),
    ("skill bonus", r"(Rapid Fire|Fire Discipline) bonus", {"RMU-RF-3", "RMU-SUP-1"}),
    ("difficulty", r"^difficulty: ", {"M-2"}),
    ("moving under fire", r"^moving to cover", {"RMU-MOV-1"}),
    ("mover's bonus", r"moving maneuver bonus$", {None}),
    ("armor strength", r"strength$", {"RMU-BRK-1"}),
    ("armor quality", r"^armor quality$", {"RMU-BRK-1"}),
    ("penalties taken", r"breakage penalties already taken", {"RMU-BRK-1"}),
    ("cell's breakage", r"cell's breakage modifier", {"P-5"}),
    ("GM modifier", r"^(flash|GM modifier)$", {None}),
    ("melee cover", r"cover against melee$", {"RMU-COV-7"}),
    ("missile cover", r"cover against a missile", {"RMU-COV-2", "RMU-COV-3"}),
]
PART_KINDS = [(kind, pattern, frozenset(ids)) for kind, pattern, ids in _KINDS]

CRITICAL_READ = r"^Critical [A-J] to the "
CRITICAL_RULES = {"RMU-GEN-6", "RMU-ARM-3", "RMU-AMMO-3", "RMU-AMMO-4", "RMU-AMMO-6"}

COMMANDS = [
    "rmu shoot --weapon glock-17 --ob 80 --distance 20 --rolls 70,50",
    "rmu shoot --weapon glock-17 --ob 80 --distance 5 --prepared --armor 'BA II' --rolls 90,23,50",
    "rmu shoot --weapon glock-17 --ob 110 --distance 20 --prepared --armor 'BA III' "
    "--ammo armor-piercing --rolls 50,23,50",
    "rmu shoot --weapon glock-17 --ob 110 --distance 20 --prepared --ammo armor-piercing "
    "--rolls 50,23",
    "rmu shoot --weapon glock-17 --ob 110 --distance 20 --prepared --ammo hollowpoint "
    "--cover half:soft --rolls 50,23",
    "rmu shoot --weapon glock-17 --ob 110 --distance 20 --prepared --ammo hollowpoint "
    "--armor 'BA II' --cover partial:hard --quickness-db 10 --dodge 20 --rolls 90,50,50",
    "rmu shoot --weapon sks-46 --ob 60 --distance 300 --cover full:impenetrable --rolls 50",
    "rmu shoot --weapon sks-46 --ob 60 --distance 300 --cover partial:impenetrable --rolls 50",
    "rmu shoot --weapon sks-46 --ob 60 --distance 300 --cover half:hardened "
    "--shooter-armor 'BA III' --situation higher-ground --situation prone-target --rolls 80,50",
    "rmu shoot --weapon m2hb --ob 60 --distance 100 --strength 5 --rolls 50,50,50,50,50",
    "rmu shoot --weapon m2hb --ob 60 --distance 1000 --mounted --rolls 50,50,50",
    "rmu shoot --weapon glock-17 --ob 40 --distance 100 --body-cover half "
    "--shielder 'Ana=BA II' --shielder Ben --rolls 60,2,99,40,50,50",
    "rmu shoot --weapon glock-17 --ob 40 --distance 20 --ap 1 --celerity 2 --dodge 30 "
    "--quickness-db 10 --armor 'BA I' --mod 5:flash --rolls 2,50",
    "rmu shoot --weapon glock-17 --ob 60 --distance 20 --cover half:hard --unconscious "
    "--quickness-db 10 --rolls 50",
    "rmu rapid-fire --weapon zastava-m85-stock --share 70 --ob 70 --target Bob:0,40 "
    "--target 'Ann:0.5,20:BA II' --ammo hollowpoint --rolls 50,50,50,50,50,50",
    "rmu rapid-fire --weapon zastava-m85-stock --share 70 --ob 70 --target Bob:0,40 "
    "--cover Bob=half:soft --rolls 90,50,50,50",
    "rmu rapid-fire --weapon zastava-m85-stock --prepare --skill 60 --fire-discipline 20 --ap 3 "
    "--rolls 50",
    "rmu suppress --weapon glock-17 --distance 60 --width 30 --fire-discipline 50 "
    "--target Edge:0,59.5 --cover Edge=half:hard --dive Edge --target Cy:1,40 --dash Cy=40 "
    "--rolls 50,50,50,50,50,50,50,50,50",
    "rmu suppress --weapon sks-46 --distance 100 --width 90 --ap 3 --target A:0,90 "
    "--target 'B:2,60:BA IV' --cover B=half:soft --rolls 50,50,50,50,50,50,50,50,50",
    "rmu shoot --weapon glock-17 --ob 40 --distance 40 --ally 'Ana=BA II@50' --rolls 2,66,99,50,50",
    "rmu defend --against missile --cover half:soft --quickness-db 10 --dodge 30 --armor 'BA II'",
    "rmu defend --against melee --cover half:hard",
    "rmu move-to-cover --cover full:soft --bonus 40 --fire suppressed --rolls 50",
    "rmu move-to-cover --cover half:hard --weapon glock-17 --bonus 40 --armor 'BA II' "
    "--rolls 33,50",
]


def trace_of(command: str) -> list[Mapping[str, Any]]:
    result = CliRunner().invoke(app, [*shlex.split(command), "--json"])
    assert result.exit_code == 0, result.stderr
    trace: list[Mapping[str, Any]] = json.loads(result.stdout)["trace"]
    return trace


def kind_of(label: str) -> tuple[str, frozenset[str | None]]:
    for kind, pattern, allowed in PART_KINDS:
        if re.search(pattern, label):
            return kind, allowed
    raise AssertionError(f"no kind in the table for the term {label!r}")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_trace_term_cites_a_rule_that_governs_it(command: str) -> None:
    """RMU-COV-2, RMU-COV-3, RMU-COV-8, RMU-TRI-2, RMU-RF-8: each term's rule is one allowed
    for its kind; each critical read cites the rule that chose its table."""
    last_total = ""
    for entry in trace_of(command):
        if entry["type"] == "total":
            if entry["label"] != "critical roll":  # P-6 adds to the roll of the same attack
                last_total = entry["label"]
            for part in entry["parts"]:
                kind, allowed = kind_of(part["label"])
                assert part["rule"] in allowed, (kind, part)
        elif entry["type"] == "step" and re.search(CRITICAL_READ, entry["text"]):
            if last_total.startswith("recoil attack"):
                assert entry["rule"] == "RMU-TRI-2", entry  # the recoil's own tables
            elif "rapid-fire" in command:
                assert entry["rule"] == "RMU-RF-8", entry  # a burst reads Shrapnel
            else:
                assert entry["rule"] in CRITICAL_RULES, entry


def test_rmu_cov_2_soft_and_impenetrable_cover_cite_cov_2_and_hard_cites_cov_3() -> None:
    """The audit's finding: soft and impenetrable cover cited RMU-COV-3."""
    base = "rmu shoot --weapon sks-46 --ob 60 --distance 300 --rolls 80,50 --cover "
    rules = {}
    for material in ("soft", "impenetrable", "hard", "hardened"):
        total = next(t for t in trace_of(base + "half:" + material) if t["type"] == "total")
        rules[material] = [p["rule"] for p in total["parts"] if "cover" in p["label"]]
    assert rules == {
        "soft": ["RMU-COV-2"],
        "impenetrable": ["RMU-COV-2"],
        "hard": ["RMU-COV-3"],
        "hardened": ["RMU-COV-3"],
    }


def test_rmu_cov_8_body_cover_doubled_against_hollowpoint_cites_cov_8() -> None:
    """A burst of hollowpoint at Bob behind Ann: the doubled body cover (-350: full hard on the
    SG & ME 1-6 column, x2) cites RMU-COV-8, not RMU-RF-11."""
    trace = trace_of(COMMANDS[14])
    total = next(t for t in trace if t.get("label") == "attack total against Bob")
    (term,) = [p for p in total["parts"] if "bodies" in p["label"]]
    assert (term["value"], term["rule"]) == (-350, "RMU-COV-8")


def test_rmu_tri_2_the_recoils_critical_cites_tri_2() -> None:
    trace = trace_of(COMMANDS[9])
    recoil_at = next(
        i for i, t in enumerate(trace) if str(t.get("label", "")).startswith("recoil attack")
    )
    read = next(
        t for t in trace[recoil_at:] if t["type"] == "step" and re.search(CRITICAL_READ, t["text"])
    )
    assert read["rule"] == "RMU-TRI-2"
