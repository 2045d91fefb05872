"""A bite reads the holds and parries of the scene as a blade does (RMU-BITE-1, DEC-780,
DEC-790): the hold on the biter (DEC-343), a victim held fast (P-9, RMU-BITE-2) and the
victim's parry (DEC-345), each from the one function the melee attack reads it from."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.rulesets.rmu.kindred_feeding import (
    Bites,
    resolve_feeding_action,
    validate_feeding_action,
)
from firefight.rulesets.rmu.melee.encounter import PARRYING, Attack, resolve_melee_action
from firefight.rulesets.rmu.melee.holds import GRAPPLED
from firefight.scene.state import ActiveCondition, EncounterState
from test_rmu_kindred import person, vampire
from test_rmu_kindred_bites import fight


def _scene(viktor: dict[str, Any], *conditions: ActiveCondition) -> EncounterState:
    """Mara at the origin; Viktor 3 ft north (his facing as given); Ana beside Mara; round 2
    when the conditions are laid on."""
    service = fight(vampire("Mara", 0, 0), person("Viktor", 0, 3, **viktor), person("Ana", 2, 0))
    state = service.load("k").state
    assert state.round == 2
    return replace(state, conditions=(*state.conditions, *conditions))


def _hold(grappler: str, victim: str, hold: int, round_: int) -> ActiveCondition:
    return ActiveCondition(
        id=f"{GRAPPLED}-{grappler}-{victim}",
        kind=GRAPPLED,
        holder=victim,
        data=(("grappler", grappler), ("hold", hold), ("round", round_)),
    )


def _parrying(who: str, parry: int) -> ActiveCondition:
    return ActiveCondition(
        id=f"{PARRYING}-{who}", kind=PARRYING, holder=who, rounds_left=1, data=(("parry", parry),)
    )


def _bite(state: EncounterState, line: str = "") -> Any:
    action = Bites(actor="Mara", verb="bites", text=f"Mara bites Viktor {line}", target="Viktor")
    validate_feeding_action(state, action)
    return resolve_feeding_action(state, action, Dice.scripted([50, 50]))


def _parts(outcome: Any) -> list[Any]:
    return [p for t in outcome.trace.to_json() if t.get("type") == "total" for p in t["parts"]]


def _labels(outcome: Any) -> list[str]:
    return [p["label"] for p in _parts(outcome)]


def _rules(outcome: Any) -> list[str | None]:
    """Every rule the trace cites: its steps' and its total's terms'."""
    return [t.get("rule") for t in (*outcome.trace.to_json(), *_parts(outcome))]


FRONT = {"facing_deg": 180}


def test_dec_343_a_biter_held_by_another_bites_at_the_holds_penalty() -> None:
    """DEC-343: Ana holds Mara 30%, a penalty on what Mara rolls, her bite as her knife: a
    direct bite from Viktor's front, 50 + 5 (DEC-367) - 20 (RMU-BITE-2) - 30 = 5."""
    state = _scene(FRONT, _hold("Ana", "Mara", 30, 1))
    bitten = _bite(state)
    assert bitten.result.bite.reach == "direct"
    assert bitten.result.bite.attack.total == 50 + 5 - 20 - 30
    assert "DEC-343" in _rules(bitten)


def test_dec_343_a_biter_held_fast_cannot_bite() -> None:
    """DEC-343: held at 100% Mara may only try to break free, fangs or blade."""
    state = _scene(FRONT, _hold("Ana", "Mara", 100, 1))
    with pytest.raises(RuleRefusal, match="held fast") as refused:
        _bite(state)
    assert refused.value.rule == "DEC-343"


@pytest.mark.parametrize(
    ("since", "reach", "total"),
    [
        (1, "helpless", 50 + 5),  # a hold from round 1: no penalty
        (2, "secondary", 50 + 5 - 20),  # the grapple landed this round: RMU-BITE-2's -20
    ],
)
def test_p_9_rmu_bite_2_a_victim_held_fast_by_the_biter_is_helpless(
    since: int, reach: str, total: int
) -> None:
    """DEC-343: held 100% by Mara, Viktor (Quickness DB 20) is helpless (P-9), to her knife and
    to her fangs alike: no DB either way. The reach (DEC-790): a hold lasting from an earlier
    round, no penalty, 50 + 5 = 55; one that landed this round is still RMU-BITE-2's secondary
    bite at -20, 50 + 5 - 20 = 35, however well it holds (the DB is gone all the same)."""
    state = _scene({**FRONT, "stats": {"quickness_db": 20}}, _hold("Mara", "Viktor", 100, since))
    bitten = _bite(state)
    assert bitten.result.bite.reach == reach
    assert bitten.result.bite.attack.total == total
    assert "P-9" in _rules(bitten)
    knife = Attack(actor="Mara", verb="attacks", text="", target="Viktor", weapon="knife")
    cut = resolve_melee_action(state, knife, Dice.scripted([50, 50]))
    assert "Quickness DB" not in _labels(cut) and "Quickness DB" not in _labels(bitten)


def test_dec_345_a_bite_is_parried_as_a_blade_is() -> None:
    """DEC-345: Viktor moved 15 into DB this round; melee attacks on him are 15 lower, a bite
    too (RMU-BITE-1, DEC-790): 50 + 5 - 20 - 15 = 20."""
    bitten = _bite(_scene(FRONT, _parrying("Viktor", 15)))
    assert bitten.result.bite.attack.total == 50 + 5 - 20 - 15
    assert "DEC-345" in _rules(bitten)


def test_dec_345_no_parry_against_fangs_from_behind_or_on_the_helpless() -> None:
    """DEC-345: a parry stops nothing from the rear (50 + 5 - 20 + 35 = 70); P-9: a victim held
    fast parries nothing (50 + 5 = 55)."""
    rear = _bite(_scene({"facing_deg": 0}, _parrying("Viktor", 15)))
    assert rear.result.bite.attack.total == 50 + 5 - 20 + 35
    fast = _bite(_scene(FRONT, _parrying("Viktor", 15), _hold("Mara", "Viktor", 100, 1)))
    assert fast.result.bite.attack.total == 50 + 5
