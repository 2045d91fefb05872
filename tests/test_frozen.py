"""``firefight.frozen.replace`` gives exactly what ``dataclasses.replace`` gives, faster for the
frozen slotted values the fold copies, and the same thing for every other class."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from encounter_support import duel
from firefight.encounter.scenario import initial_state
from firefight.events import RoundsFired
from firefight.frozen import _make_copier, maker, quick_init, replace, replacer
from firefight.geometry import Point, Posture
from firefight.rulesets.rmu.vitals import RmuStats
from firefight.scene.state import CombatantState, EncounterState, MagazineState
from firefight.serialize import CLASS_KEY, adapter, class_tag
from firefight.trace import Modifier, Total, Trace

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


@dataclass(frozen=True, slots=True, kw_only=True)
class Registering:
    """A class whose subclasses something counts: a copier's twin must not be one of them."""

    made: ClassVar[list[type]] = []
    rounds: int

    def __init_subclass__(cls) -> None:
        Registering.made.append(cls)


def test_a_copy_is_of_the_very_class_frozen_and_no_class_tag_names_its_twin() -> None:
    stats = MARA.stats
    assert isinstance(stats, RmuStats)
    copied = replace(stats, dodge=7)
    assert type(copied) is type(stats) and copied.__class__ is type(stats)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copied.dodge = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del copied.dodge
    assert copied.dodge == 7 and replace(copied, dodge=stats.dodge) == stats
    # The figures are read back as their class from the stored tag, copied or not.
    state = replace(initial_state(duel()), combatants=(replace(MARA, stats=copied),))
    written = adapter(EncounterState).dump_python(state, mode="json")
    assert adapter(EncounterState).validate_python(written) == state
    assert pickle.loads(pickle.dumps(copied)) == copied
    # The class the copy is built as is never read from a stored tag.
    twin = f"{class_tag(type(stats))}.<copy>"
    written["combatants"][0]["stats"][CLASS_KEY] = twin
    with pytest.raises(TypeError, match="made only by"):
        adapter(EncounterState).validate_python(written)


def test_a_class_whose_making_runs_code_is_copied_by_dataclasses() -> None:
    assert _make_copier(Registering) is None
    assert replace(Registering(rounds=1), rounds=2) == Registering(rounds=2)
    assert Registering.made == []


# --- replacer: replace of given fields, the new values in order ------------------------------


@given(changes=CHANGES)
def test_a_replacer_gives_what_replace_gives(changes: dict[str, Any]) -> None:
    if not changes:
        return
    fast = replacer(CombatantState, *changes)(MARA, *changes.values())
    slow = dataclasses.replace(MARA, **changes)
    assert fast == slow and type(fast) is CombatantState and hash(fast) == hash(slow)
    assert all(getattr(fast, f.name) is getattr(slow, f.name) for f in dataclasses.fields(slow))
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.hits_taken = 3  # type: ignore[misc]


@dataclass(frozen=True, slots=True, kw_only=True)
class Parent:
    rounds: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Child(Parent):
    ammo: str


def test_a_replacer_copies_a_subclass_or_a_class_only_dataclasses_copies_as_replace_does() -> None:
    child = replacer(Parent, "rounds")(Child(rounds=1, ammo="ap"), 2)
    assert type(child) is Child and child == Child(rounds=2, ammo="ap")
    assert replacer(Derived, "rounds")(Derived(rounds=2), 5).doubled == 10
    with pytest.raises(ValueError, match="negative"):
        replacer(Checked, "rounds")(Checked(rounds=1), -1)
    assert replacer(Registering, "rounds")(Registering(rounds=1), 2) == Registering(rounds=2)
    assert Registering.made == []


def test_a_replacer_refuses_fields_the_class_does_not_have_once() -> None:
    for changed in (("hp",), ("hits_taken", "hits_taken"), ()):
        with pytest.raises(TypeError, match="CombatantState: cannot replace"):
            replacer(CombatantState, *changed)


# --- quick_init: the same __init__, storing straight into the slots ---------------------------


def _twins() -> list[tuple[type, type]]:
    """Pairs of the same class, as dataclasses makes it and with :func:`quick_init`."""

    def made() -> list[type]:
        @dataclass(frozen=True, slots=True, kw_only=True)
        class Keyword:
            rounds: int
            ammo: str = "ball"
            spares: tuple[int, ...] = field(default_factory=tuple)
            seen: list[int] = field(default_factory=list)

        @dataclass(frozen=True, slots=True)
        class Positional:
            rounds: int
            ammo: str = "ball"
            tag: str = field(default="x", kw_only=True)

        @dataclass(frozen=True, slots=True, kw_only=True)
        class Summed:
            parts: tuple[int, ...]
            total: int = field(init=False)
            note: str = field(init=False, default="summed")

            def __post_init__(self) -> None:
                object.__setattr__(self, "total", sum(self.parts))

        return [Keyword, Positional, Summed]

    return list(zip(made(), [quick_init(cls) for cls in made()], strict=True))


@pytest.mark.parametrize(("plain", "quick"), _twins(), ids=lambda cls: cls.__name__)
def test_quick_init_has_the_signature_dataclasses_gave(plain: type, quick: type) -> None:
    assert str(inspect.signature(quick)) == str(inspect.signature(plain))
    fast, slow = vars(quick)["__init__"], vars(plain)["__init__"]
    assert fast.__qualname__ == slow.__qualname__
    assert fast.__annotations__ == slow.__annotations__


def _same(a: object, b: object) -> bool:
    """The same fields, each equal, and the same repr: twins differ only by class identity."""
    return repr(a) == repr(b) and all(
        getattr(a, f.name) == getattr(b, f.name)
        for f in dataclasses.fields(b)  # type: ignore[arg-type]
    )


def test_quick_init_builds_what_dataclasses_builds() -> None:
    (k0, k1), (p0, p1), (s0, s1) = _twins()
    assert _same(k1(rounds=3), k0(rounds=3))
    assert _same(
        k1(rounds=3, ammo="ap", spares=(1,), seen=[2]),
        k0(rounds=3, ammo="ap", spares=(1,), seen=[2]),
    )
    assert _same(p1(3, "ap", tag="y"), p0(3, "ap", tag="y")) and _same(p1(3), p0(3))
    assert _same(s1(parts=(1, 2)), s0(parts=(1, 2))) and s1(parts=(1, 2)).total == 3
    # Each default factory is called afresh, as dataclasses does.
    assert k1(rounds=1).seen is not k1(rounds=1).seen
    for quick, plain in ((k1, k0), (p1, p0), (s1, s0)):
        for args, kwargs in (((), {}), ((1,), {"rounds": 1}), ((), {"bogus": 1})):
            with pytest.raises(TypeError) as slow:
                plain(*args, **kwargs)
            with pytest.raises(TypeError) as fast:
                quick(*args, **kwargs)
            assert str(fast.value) == str(slow.value)


def test_quick_init_keeps_a_value_frozen_and_hashable() -> None:
    _, quick = _twins()[1]
    one = quick(3, "ap")
    assert one == quick(3, "ap") and hash(one) == hash(quick(3, "ap")) and one != quick(4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.rounds = 4
    assert dataclasses.replace(one, rounds=5) == quick(5, "ap")


def test_quick_init_builds_a_value_of_four_fields_or_more_as_its_very_class() -> None:
    """From four fields the slots are filled through replace's twin: the value comes out of the
    class itself and frozen, and a subclass that inherits the __init__ keeps its own class."""
    _, quick = _twins()[0]
    one: Any = quick(rounds=3, ammo="ap")
    assert (one.rounds, one.ammo, one.spares, one.seen) == (3, "ap", (), [])
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.rounds = 4
    assert type(one) is quick

    class Kept(quick):  # type: ignore[misc, valid-type]
        __slots__ = ()

    two: Any = Kept(rounds=3)
    assert two.rounds == 3 and two.ammo == "ball"
    assert type(two) is Kept


def test_the_domain_values_quick_init_builds_survive_a_round_trip() -> None:
    """Values a fight builds by the hundred, with quick_init: pickled, copied and written by
    pydantic exactly as before."""
    total = Total(label="attack", parts=(Modifier(value=3, label="roll", rule="R-2"),))
    shot = RoundsFired(actor="Mara", weapon="glock", rounds=2)
    for value in (total, shot, Trace((total,))):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
    assert total.value == 3
    assert shot.to_json() == {
        "type": "RoundsFired",
        "actor": "Mara",
        "weapon": "glock",
        "rounds": 2,
    }


def test_quick_init_refuses_what_it_cannot_build_as_dataclasses_would() -> None:
    @dataclass(frozen=True, kw_only=True)
    class Unslotted:
        rounds: int

    @dataclass(frozen=True, slots=True)
    class Own:
        rounds: int

        def __init__(self, rounds: str) -> None:
            object.__setattr__(self, "rounds", int(rounds))

    for cls in (Unslotted, Own, Loose):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_a_maker_builds_what_the_class_call_builds() -> None:
    """frozen.maker: the fields' values in order make the very value the class call makes,
    frozen and of the class itself, its __post_init__ run (a total's sum); a class with a field
    the call may leave out (a default) has no maker."""
    parts = (Modifier(value=7, label="REF"), Modifier(value=-2, label="wound", rule="C-9"))
    made = maker(Total)("attack total", parts)
    assert made == Total(label="attack total", parts=parts) and made.value == 5
    assert type(made) is Total and hash(made) == hash(Total(label="attack total", parts=parts))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.value = 6  # type: ignore[misc]
    assert maker(Point)(1.0, 2.0) == Point(x_ft=1.0, y_ft=2.0)
    assert maker(MagazineState)(3, 10, "ap") == MagazineState(rounds=3, capacity=10, ammo="ap")
    for cls in (Modifier, Loose):
        with pytest.raises(TypeError):
            maker(cls)
