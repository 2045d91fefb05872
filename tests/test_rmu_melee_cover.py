"""Cover against a blow in an encounter: the scene's barriers priced by RMU-COV-7 (DEC-666,
DEC-667), read where a shot reads its cover (``scene_reading``)."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import in_memory, scene
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.odds.api import odds
from firefight.odds.lines import line_odds
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.melee.attack import MeleeAttack, resolve_melee_attack
from firefight.rulesets.rmu.melee.encounter import Attack, build_attack
from firefight.service import EncounterService
from firefight.trace import TraceBuilder
from test_rmu_kindred import vampire
from test_rmu_kindred_stakes import hunter
from test_rmu_melee import _modifiers, _step_rules, person

PAD = [5] * 40


def wall(y: float, height_ft: float = 3, material: str = "hard") -> dict[str, Any]:
    """A barrier across the y axis at ``y``, from x = -5 to 5."""
    return {
        "name": "low wall",
        "from": [-5, y],
        "to": [5, y],
        "height_ft": height_ft,
        "material": material,
    }


def duel(*barriers: dict[str, Any], **viktor: Any) -> EncounterService:
    """Mara at the origin, Viktor 4 ft north facing her; ``barriers`` between or beside them."""
    data = scene(
        person("Mara", 0, 0),
        person("Viktor", 0, 4, **{"facing_deg": 180, **viktor}),
        barriers=barriers,
    )
    return in_memory("m", data, Dice.seeded(1))


def parts(record: Any) -> list[dict[str, Any]]:
    return [p for e in record.trace if e["type"] == "total" for p in e["parts"]]


def cover_part(record: Any) -> dict[str, Any] | None:
    return next((p for p in parts(record) if "cover against melee" in p["label"]), None)


def cover_value(record: Any) -> int:
    """The cover term's value in the blow's total; there must be one."""
    part = cover_part(record)
    assert part is not None
    return int(part["value"])


def steps(record: Any) -> list[tuple[str | None, str]]:
    return [(e["rule"], e["text"]) for e in record.trace if e["type"] == "step"]


def swing(service: EncounterService, line: str = "Mara attacks Viktor with knife") -> Any:
    return service.act("m", line, Dice.scripted([60, 40])).record


# --- RMU-COV-7: the grade the wall gives, doubled when hard -----------------------------------


@pytest.mark.parametrize(
    ("height_ft", "material", "posture", "grade", "bonus"),
    [
        (3, "hard", "standing", "partial", 20),  # 45% of a standing body hidden
        (4, "hard", "standing", "half", 40),  # 64%
        (5, "hard", "standing", "full", 100),  # 91%
        (3, "hard", "kneeling", "full", 100),  # 93% of a kneeling one
        (4, "soft", "standing", "half", 20),  # soft: not doubled
        (5, "soft", "standing", "full", 50),
        (3, "hardened", "standing", "partial", 20),  # anything harder than soft doubles
    ],
)
def test_rmu_cov_7_a_blow_across_a_wall_meets_the_defenders_cover(
    height_ft: float, material: str, posture: str, grade: str, bonus: int
) -> None:
    """The wall halfway between them grades Viktor by how much of him it hides (RMU-COV-1,
    P-1) and the melee row prices it: +10/+20/+50, doubled when hard (RMU-COV-7)."""
    open_ground = swing(duel(posture=posture))
    walled = swing(duel(wall(2, height_ft, material), posture=posture))
    part = cover_part(walled)
    assert part == {
        "value": -bonus,
        "label": f"{grade}:{material} cover against melee",
        "rule": "RMU-COV-7",
    }
    assert walled.summary["total"] == open_ground.summary["total"] - bonus
    assert any(rule == "P-1" and "'low wall'" in text for rule, text in steps(walled))


def test_rmu_cov_7_no_barrier_or_one_beside_them_gives_no_cover() -> None:
    """Without a barrier, or with one the line between them misses, the blow meets none."""
    bare = swing(duel())
    beside = swing(duel({**wall(2), "from": [3, 0], "to": [3, 6]}))
    for record in (bare, beside):
        assert cover_part(record) is None
        assert not any(rule in ("P-1", "DEC-666") for rule, _ in steps(record))
    assert bare.summary["total"] == beside.summary["total"] == 60 + 50 - 5


def test_dec_666_a_wall_nearer_the_attacker_still_covers_the_one_struck() -> None:
    """A shot leaves a barrier by its muzzle behind (RMU-COV-5); a blow goes over it wherever
    it stands between the two, so Viktor is covered with Mara right behind the wall."""
    record = swing(duel(wall(1)))
    assert cover_part(record) == {
        "value": -20,
        "label": "partial:hard cover against melee",
        "rule": "RMU-COV-7",
    }
    assert any(rule == "DEC-666" and "nearer Mara" in text for rule, text in steps(record))
    # and the wall covers Mara as much when Viktor strikes back over it
    back = swing(duel(wall(1)), "Viktor attacks Mara with knife")
    assert cover_value(back) == -20


def test_rmu_cov_7_a_grapple_meets_the_cover_too() -> None:
    record = swing(duel(wall(2)), "Mara grapples Viktor")
    assert cover_value(record) == -20


# --- DEC-667: over the wall, never through it ----------------------------------------------


def test_dec_667_no_blow_reaches_over_a_wall_as_tall_as_the_attacker() -> None:
    """A 6 ft wall (as tall as Mara standing) cannot be struck over: refused before a die,
    changing nothing; a 5.5 ft one is struck over at full cover's +100."""
    service = duel(wall(2, 6))
    before = service.load("m").state
    for line in ("Mara attacks Viktor with knife", "Mara grapples Viktor"):
        with pytest.raises(RuleRefusal) as refused:
            service.act("m", line, Dice.scripted([]))
        assert refused.value.rule == "DEC-667"
        assert "low wall" in str(refused.value) and "as tall as Mara" in str(refused.value)
    assert service.load("m").state == before
    lower = swing(duel(wall(2, 5.5)))
    assert cover_value(lower) == -100


def test_dec_667_a_soft_screen_is_reached_through_however_tall() -> None:
    """Soft cover only obscures (RMU-COV-2): a blade goes through an 8 ft curtain, which
    hides Viktor wholly: full soft cover, +50 undoubled."""
    record = swing(duel(wall(2, 8, "soft")))
    assert cover_value(record) == -50


def test_dec_667_full_impenetrable_cover_is_struck_over_at_the_melee_price() -> None:
    """RMU-COV-4's 'cannot be hit' is what passes through; a blow comes over the top."""
    record = swing(duel(wall(2, 3, "impenetrable"), posture="kneeling"))
    assert cover_part(record) == {
        "value": -100,
        "label": "full:impenetrable cover against melee",
        "rule": "RMU-COV-7",
    }


# --- RMU-MOV-2: a dash this round counts by its share ----------------------------------------


def test_rmu_mov_2_a_melee_cover_reached_by_a_dash_counts_by_its_share() -> None:
    bare = resolve_melee_attack(MeleeAttack(weapon="knife", ob=50), Dice.scripted([60, 40]))
    half = resolve_melee_attack(
        MeleeAttack(weapon="knife", ob=50, cover=parse_cover("half:hard"), cover_share_percent=50),
        Dice.scripted([60, 40]),
    )
    base = bare.result.total
    assert base is not None
    assert half.result.total == base - 20  # half of +40
    label = "half:hard cover against melee, 50% of it reached this round"
    assert {"value": -20, "label": label, "rule": "RMU-MOV-2"} in _modifiers(half.trace)
    none = resolve_melee_attack(
        MeleeAttack(weapon="knife", ob=50, cover=parse_cover("half:hard"), cover_share_percent=0),
        Dice.scripted([60, 40]),
    )
    assert none.result.total == base
    assert "RMU-MOV-2" in _step_rules(none.trace)
    with pytest.raises(RuleRefusal) as refused:
        resolve_melee_attack(
            MeleeAttack(weapon="knife", ob=50, cover_share_percent=101), Dice.scripted([])
        )
    assert refused.value.rule == "RMU-MOV-2"


def test_rmu_mov_2_a_dash_behind_the_wall_this_round_counts_by_its_share_against_a_blow() -> None:
    """Viktor dashes behind the low wall under Mara's gun and reaches 10% of it (RMU-MOV-1):
    her knife meets 10% of the partial hard cover's +20 this round, all of it the next."""
    gun = [{"weapon": "glock-17", "skill": "blade", "magazines": [{"rounds": 17}]}]
    data = scene(
        person("Mara", 0, 0, weapon=gun),
        person("Viktor", 0, 5, facing_deg=180),
        barriers=[wall(2)],
    )
    service = in_memory("m", data, Dice.seeded(1))
    dash = service.act("m", "Viktor dashes to cover low wall --from Mara", Dice.scripted([40]))
    assert dash.record.summary["share_percent"] == 10
    now = cover_part(swing(service))
    assert now == {
        "value": -2,
        "label": "partial:hard cover against melee, 10% of it reached this round",
        "rule": "RMU-MOV-2",
    }
    service.next_round("m", Dice.scripted(PAD))
    later = cover_part(swing(service))
    assert later is not None and (later["value"], later["rule"]) == (-20, "RMU-COV-7")


# --- the other blows of an encounter ---------------------------------------------------------


def kindred_duel(*barriers: dict[str, Any]) -> EncounterService:
    """Jonah the hunter at the origin, Mara the vampire 4 ft north, round 2."""
    data = scene(hunter("Jonah", 0, 0), vampire("Mara", 0, 4), barriers=barriers)
    service = in_memory("k", data, Dice.seeded(1))
    service.next_round("k", Dice.scripted(PAD))
    return service


def test_rmu_cov_7_a_beheading_and_a_bite_across_a_wall_meet_its_cover() -> None:
    """The called blows (RMU-STAKE-1) and the fangs (RMU-BITE-2) are melee attacks too."""
    for line, rolls in (("Jonah beheads Mara --ap 4", [50, 50]), ("Mara bites Jonah", [50, 50])):
        bare = kindred_duel().act("k", line, Dice.scripted(rolls)).record
        walled = kindred_duel(wall(2)).act("k", line, Dice.scripted(rolls)).record
        assert cover_value(walled) == -20
        assert walled.summary["total"] == bare.summary["total"] - 20
    with pytest.raises(RuleRefusal) as refused:
        kindred_duel(wall(2, 7)).act("k", "Jonah stakes Mara", Dice.scripted([]))
    assert refused.value.rule == "DEC-667"
    with pytest.raises(RuleRefusal) as refused:
        kindred_duel(wall(2, 7)).act("k", "Mara bites Jonah", Dice.scripted([]))
    assert refused.value.rule == "DEC-667"


def test_dec_667_rmu_stake_2_no_stake_is_driven_into_the_helpless_over_a_tall_wall() -> None:
    """The staking maneuver rolls no attack, but Jonah's arm must still reach Mara: over a
    7 ft wall (taller than Jonah standing) it is refused, with a roll or untroubled, and
    changes nothing; over a 3 ft one the stake goes in untroubled, no cover priced."""
    service = kindred_duel(wall(2, 7))
    service.gm("k", "set Mara unconscious")
    before = service.load("k").state
    for line in ("Jonah stakes Mara", "Jonah stakes Mara --untroubled"):
        with pytest.raises(RuleRefusal) as refused:
            service.act("k", line, Dice.scripted([]))
        assert refused.value.rule == "DEC-667"
        assert "low wall" in str(refused.value) and "as tall as Jonah" in str(refused.value)
    assert service.load("k").state == before
    low = kindred_duel(wall(2))
    low.gm("k", "set Mara unconscious")
    staked = low.act("k", "Jonah stakes Mara --untroubled", Dice.scripted([])).record
    assert staked.summary["result"] == "staked"


# --- the odds read the same cover -----------------------------------------------------------


def test_rmu_cov_7_the_odds_of_a_blow_across_a_wall_agree_with_the_attack() -> None:
    """The line's odds at the table run the very rules (sampled: 2,000 runs) and agree with the
    exact odds of the attack the state declares, cover and all; without the wall, the blow
    lands more often."""
    rmu = find_ruleset("rmu")
    line = "Mara attacks Viktor with knife"
    found = {}
    for name, service in (("wall", duel(wall(2, 4))), ("open", duel())):
        state = service.load("m").state
        action = rmu.parse_action(line, state)
        assert isinstance(action, Attack)
        attack = build_attack(state, action, TraceBuilder())
        exact = odds(None, attack)
        p_hit = sum(p for view, p in exact.probabilities.items() if view.result == "hit")
        sampled = line_odds(state, rmu, line)
        assert sampled.outcomes.get("hit", 0.0) == pytest.approx(p_hit, abs=0.04)
        found[name] = (attack.cover, p_hit)
    assert found["wall"][0] == parse_cover("half:hard")
    assert found["open"][0] is None
    assert found["wall"][1] == pytest.approx(0.41) and found["open"][1] == pytest.approx(0.81)


def test_dec_667_rmu_stake_2_a_stake_going_in_never_goes_over_a_tall_wall() -> None:
    """A partial staking (RMU-STAKE-2) goes home at the next round's end only if Jonah's arm
    still reaches Mara: the same check as the staking itself. Stepped round the end of a 7 ft
    wall to 3,1 -- a hair from Mara's body, lying prone as the fallen do (DEC-700), within
    reach, but the wall between them (as tall as Jonah standing, DEC-667) -- the stake does not
    go in; without the wall it does."""
    from firefight.rulesets.rmu.kindred_events import Staked

    side_wall = {"name": "tall wall", "from": [1, 1.5], "to": [1, 9], "height_ft": 7,
                 "material": "hard"}  # fmt: skip
    for barriers, staked in (((side_wall,), []), ((), ["Mara"])):
        service = kindred_duel(*barriers)
        service.gm("k", "set Mara unconscious")
        partial = service.act("k", "Jonah stakes Mara", Dice.scripted([30]))
        assert partial.record.summary["result"] == "next-round"
        service.next_round("k", Dice.scripted(PAD))
        service.act("k", "Jonah moves to 3,1", Dice.scripted(PAD))
        done = service.next_round("k", Dice.scripted(PAD))
        assert [e.target for e in done.record.events if isinstance(e, Staked)] == staked
