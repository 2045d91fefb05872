"""settled_by_draws: a resolution kept by the faces it draws gives what the resolution itself
gives and leaves the dice where it leaves them, seed after seed, as its trie fills; scripted
dice and what the resolution reads besides its draws are never kept (issue 19)."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

from firefight.dice import Dice, ScriptedSource
from firefight.encounter.scenario import load_scenario
from firefight.events import Event
from firefight.geometry import CoverGrade
from firefight.odds.fights import fight_once
from firefight.rulesets.rmu import rmu_data
from firefight.rulesets.rmu.bodies import Ally, BodyScreen, Bystander
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.encounter import QUIET_SHOT_KIND
from firefight.rulesets.rmu.shot import AimedShot, aimed_shot_events, settled_aimed_shot
from firefight.tables.draw_trie import KEPT_PATHS, settled_by_draws

DATA = RmuData()
ANA = Ally(who=Bystander(name="Ana", armor="BA II"), distance_ft=25)
#: A shot that misses often into two shielders, fumbles often (no ranks) and hits for
#: criticals: every path an aimed shot's dice can take.
SHOT = AimedShot(
    weapon="glock-17",
    ob=20,
    distance_ft=20,
    screen=BodyScreen(
        grade=CoverGrade.PARTIAL,
        shielders=(Bystander(name="Ana", armor="AT 10"), Bystander(name="Ben")),
    ),
)
SEEDS = range(1000)


class _Scene:
    """The nearest ally as a scene would give them, changing from one look to the next: Ana,
    then nobody, in turn."""

    def __init__(self) -> None:
        self.looks = 0

    def nearest(self) -> Ally | None:
        self.looks += 1
        return ANA if self.looks % 2 else None


def test_rmu_gen_8_rmu_cov_6_kept_shots_give_the_same_events_and_leave_the_same_dice() -> None:
    prepared = settled_aimed_shot(SHOT, DATA)
    plain_scene, kept_scene = _Scene(), _Scene()
    data = SimpleNamespace(settled={})
    worked: list[int] = []

    def work(dice: Dice, unkept: Callable[[], None], _: None) -> tuple[Event, ...]:
        worked[-1] += 1

        def nearest() -> Ally | None:
            unkept()  # the ally is read off the scene: a fumble's path is never kept
            return kept_scene.nearest()

        return tuple(aimed_shot_events(SHOT, dice, DATA, prepared, "Glock", nearest))

    for _ in range(2):  # the second time over, the trie holds the paths the first kept
        worked.append(0)
        for seed in SEEDS:
            plain, kept = Dice.seeded(seed), Dice.seeded(seed)
            expected = aimed_shot_events(SHOT, plain, DATA, prepared, "Glock", plain_scene.nearest)
            assert settled_by_draws(data, "shot", (SHOT,), kept, work, None) == tuple(expected)
            assert kept.die_face(100, "next") == plain.die_face(100, "next")
    # Every fumble looked at the scene again, kept or not (DEC-105); other paths were kept.
    assert kept_scene.looks == plain_scene.looks > 10
    assert worked[-1] < worked[-2] - KEPT_PATHS // 2


def test_scripted_dice_go_to_the_work_itself_every_time() -> None:
    data = SimpleNamespace(settled={})
    given: list[Dice] = []

    def work(dice: Dice, unkept: Callable[[], None], _: None) -> int:
        given.append(dice)
        return dice.die_face(6, "test")

    dice = Dice(ScriptedSource([3, 3]))
    assert [settled_by_draws(data, "die", (SHOT,), dice, work, None) for _ in range(2)] == [3, 3]
    assert given == [dice, dice]
    assert data.settled == {}


def test_a_read_past_the_draws_is_made_again_and_a_trie_keeps_no_more_than_its_paths() -> None:
    data = SimpleNamespace(settled={})
    outside = [0]

    def work(dice: Dice, unkept: Callable[[], None], _: None) -> tuple[int, int]:
        first = dice.die_face(10_000, "wide")
        if first % 2:
            return first, 0
        unkept()
        outside[0] += 1
        return first, outside[0]

    for seed in range(4 * KEPT_PATHS):
        plain, kept = Dice.seeded(seed), Dice.seeded(seed)
        first, read = settled_by_draws(data, "wide", (SHOT,), kept, work, None)
        assert first == plain.die_face(10_000, "wide")
        # Every even face read what lies outside afresh: it is the count of reads so far.
        assert read == (0 if first % 2 else outside[0])
    ((_, trie),) = data.settled["wide"].values()
    assert trie.paths == KEPT_PATHS


def test_a_fight_whose_shots_were_kept_is_the_fight_worked_afresh() -> None:
    scenario = load_scenario("examples/warehouse.toml")
    data = rmu_data()
    for _ in range(2):  # the second time over, most shots walk the paths the first kept
        kept = [fight_once(scenario, Dice.seeded(seed)) for seed in range(30)]
    assert data.settled.get(QUIET_SHOT_KIND)
    afresh = []
    for seed in range(30):
        data.settled.pop(QUIET_SHOT_KIND, None)
        afresh.append(fight_once(scenario, Dice.seeded(seed)))
    assert kept == afresh
