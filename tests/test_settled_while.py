"""settled_while keeps the last few inputs under a key, the one last found or made first: a
value asked again is the one worked out for equal inputs, never another's, and the one found
last is the one kept longest."""

from __future__ import annotations

from types import SimpleNamespace

from firefight.tables.settled import KEPT_EACH, settled_while


def _ask(data: SimpleNamespace, inputs: tuple[object, ...], made: list[object]) -> object:
    def work() -> object:
        made.append(inputs)
        return ("value of", inputs)

    return settled_while(data, "kind", "key", inputs, work)


def test_each_input_gets_its_own_value_and_an_equal_one_is_not_worked_again() -> None:
    data, made = SimpleNamespace(settled={}), list[object]()
    for n in range(KEPT_EACH):
        assert _ask(data, (n,), made) == ("value of", (n,))
    # Asked again in another order, by equal (not the same) tuples: each its own value,
    # none worked out again.
    for n in (3, 0, KEPT_EACH - 1, 5, 0):
        assert _ask(data, (int(str(n)),), made) == ("value of", (n,))
    assert made == [(n,) for n in range(KEPT_EACH)]


def test_the_one_found_last_is_kept_past_the_next_one_made() -> None:
    data, made = SimpleNamespace(settled={}), list[object]()
    for n in range(KEPT_EACH):
        _ask(data, (n,), made)
    # (0,) was made first, so it would be the one to go; found now, it goes first instead,
    # and the new input pushes out (1,), the one least lately found or made.
    _ask(data, (0,), made)
    _ask(data, ("new",), made)
    del made[:]
    assert _ask(data, (0,), made) == ("value of", (0,))
    assert made == []
    assert _ask(data, (1,), made) == ("value of", (1,))
    assert made == [(1,)]


def test_finding_two_in_turn_keeps_no_more_than_the_bound() -> None:
    data, made = SimpleNamespace(settled={}), list[object]()
    for n in range(KEPT_EACH):
        _ask(data, (n,), made)
    for _ in range(20):
        _ask(data, (2,), made)
        _ask(data, (5,), made)
    kept = data.settled["kind"]["key"]
    assert len(kept) == KEPT_EACH
    assert [inputs for inputs, _ in kept][:2] == [(5,), (2,)]
