"""``firefight.frozen.replace`` gives exactly what ``dataclasses.replace`` gives, faster for the
frozen slotted values the fold copies, and the same thing for every other class."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_support import duel
from firefight.encounter.scenario import initial_state
from firefight.frozen import _make_copier, replace
from firefight.geometry import Point, Posture
from firefight.scene.state import CombatantState, EncounterState, MagazineState

MARA = initial_state(duel()).combatant("Mara")

CHANGES = st.fixed_dictionaries(
    {},
    optional={
        "unconscious": st.booleans(),
        "hits_taken": st.integers(0, 99),
        "posture": st.sampled_from(list(Posture)),
        "position": st.builds(Point, x_ft=st.floats(-99, 99), y_ft=st.floats(-99, 99)),
        "facing_deg": st.floats(0, 359),
        "initiative": st.none() | st.integers(-9, 30),
    },
)


@given(changes=CHANGES)
def test_replace_is_dataclasses_replace_for_a_combatant(changes: dict[str, Any]) -> None:
    fast = replace(MARA, **changes)
    slow = dataclasses.replace(MARA, **changes)
    assert fast == slow and type(fast) is type(slow)
    assert all(getattr(fast, f.name) is getattr(slow, f.name) for f in dataclasses.fields(slow))
    assert hash(fast) == hash(slow)


def test_replace_leaves_the_original_alone_and_the_copy_frozen() -> None:
    moved = replace(MARA, hits_taken=4)
    assert MARA.hits_taken == 0 and moved.hits_taken == 4
    assert replace(MARA) == MARA and replace(MARA) is not MARA
    with pytest.raises(dataclasses.FrozenInstanceError):
        moved.hits_taken = 3  # type: ignore[misc]
    # A subclass keeps its own fields and class (the ruleset's figures on a combatant).
    stats = replace(MARA.stats)
    assert type(stats) is type(MARA.stats) and stats == MARA.stats


def test_replace_refuses_a_field_the_class_does_not_have() -> None:
    with pytest.raises(TypeError, match="CombatantState has no field called 'hp'"):
        replace(MARA, hp=3)
    state = EncounterState(title="t", ruleset="rmu")
    with pytest.raises(TypeError):
        dataclasses.replace(state, rounds=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        replace(state, rounds=3)


@dataclass(frozen=True, slots=True, kw_only=True)
class Checked:
    rounds: int

    def __post_init__(self) -> None:
        if self.rounds < 0:
            raise ValueError("rounds cannot be negative")


@dataclass(frozen=True, kw_only=True)
class Derived:
    rounds: int
    doubled: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "doubled", 2 * self.rounds)


@dataclass(kw_only=True)
class Loose:
    rounds: int


def test_other_classes_go_through_dataclasses_replace_unchanged() -> None:
    """A ``__post_init__`` that checks or derives, ``init=False`` fields, or a class that is
    not frozen with slots: only ``dataclasses.replace`` is right for them."""
    assert all(_make_copier(cls) is None for cls in (Checked, Derived, Loose))
    assert _make_copier(CombatantState) is not None
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(rounds=1), rounds=-1)
    assert replace(Derived(rounds=2), rounds=5).doubled == 10
    with pytest.raises(ValueError, match="init=False"):
        replace(Derived(rounds=2), doubled=1)
    loose = Loose(rounds=1)
    assert replace(loose, rounds=2) == Loose(rounds=2) and loose.rounds == 1
    assert replace(MagazineState(rounds=1, capacity=17, ammo="ball"), rounds=17) == (
        MagazineState(rounds=17, capacity=17, ammo="ball")
    )
