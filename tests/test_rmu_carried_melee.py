"""The melee weapons an rmu combatant carries, when the scenario lists them (DEC-826..DEC-828):
the scenario field, a blow, stake or beheading with a weapon not carried refused, the weapon a
line naming none takes, and a stake staying in a body, breaking, or coming out in a hand
(RMU-STAKE-2, V-3)."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import in_memory, scene
from firefight.dice import Dice
from firefight.encounter.log import decode_event
from firefight.encounter.scenario import ScenarioError, initial_state, parse_scenario
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.kindred_events import Staked
from firefight.rulesets.rmu.melee.carried import MeleeWeaponLeft, MeleeWeaponTaken
from firefight.rulesets.rmu.vitals import rmu_stats
from firefight.scene.state import EncounterState
from firefight.serialize import adapter
from firefight.service import EncounterService
from test_rmu_kindred import person, vampire

PAD = [5] * 40

SCENARIO = """\
[scenario]
title = "Carried"
ruleset = "rmu"

[[combatant]]
name = "Mara"
position = [0, 0]
hits = 50
stats = { body_development = 20, bmr_ft = 20 }
melee = ["knife", "Hand-Axe"]

[[combatant]]
name = "Viktor"
position = [0, 3]
hits = 40
stats = { body_development = 15, bmr_ft = 20 }
"""


def hunter(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    skills = {
        "pistol": {"bonus": 60, "ranks": 6},
        "stake": {"bonus": 60, "ranks": 5},
        "blade": {"bonus": 60, "ranks": 5},
    }
    return person(name, x, y, skills=skills, **extra)


def fight(*people: dict[str, Any]) -> EncounterService:
    service = in_memory("k", scene(*people), Dice.seeded(1))
    service.next_round("k", Dice.scripted(PAD))
    return service


def carried(state: EncounterState, name: str) -> tuple[str, ...] | None:
    return rmu_stats(state.combatant(name)).melee


def weapons_cell(state: EncounterState, name: str) -> str:
    return find_ruleset("rmu").describe_row(state.combatant(name))["weapons"]


# --- the scenario field ---------------------------------------------------------------------------


def test_dec_826_the_scenario_lists_melee_weapons_by_catalog_key() -> None:
    state = initial_state(parse_scenario(SCENARIO, "carried.toml"))
    assert carried(state, "Mara") == ("knife", "hand-axe")
    assert carried(state, "Viktor") is None  # nothing listed: anyone may strike with any
    mara, viktor = adapter(EncounterState).dump_python(state, mode="json")["combatants"]
    assert "melee" not in viktor["stats"]
    assert mara["stats"]["melee"] == ["knife", "hand-axe"]
    assert weapons_cell(state, "Mara") == "melee knife, hand-axe"
    assert weapons_cell(state, "Viktor") == "-"


@pytest.mark.parametrize(
    ("row", "words"),
    [
        ('melee = ["knif"]', "unknown rmu melee weapon 'knif'; did you mean 'knife'?"),
        ('melee = ["bite"]', "'bite' is a natural weapon, always at hand"),
        # DEC-970: "Input should be a valid list" says what to write.
        ('melee = "knife"', 'melee is a list, not the text "knife": write melee = ["knife"]'),
    ],
)
def test_dec_826_a_bad_melee_list_is_refused_naming_file_and_combatant(
    row: str, words: str
) -> None:
    text = SCENARIO.replace('melee = ["knife", "Hand-Axe"]', row)
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "carried.toml")
    message = str(caught.value)
    assert message.startswith("carried.toml, combatant 1 (Mara), melee"), message
    assert words in message, message


# --- blows ----------------------------------------------------------------------------------------


def test_dec_826_a_blow_with_a_weapon_not_carried_is_refused_and_changes_nothing() -> None:
    service = fight(hunter("Mara", 0, 0, melee=["knife"]), person("Viktor", 0, 3))
    before = service.load("k").state
    with pytest.raises(RuleRefusal) as refused:
        service.act("k", "Mara attacks Viktor with hand axe", Dice.scripted([50]))
    assert str(refused.value) == "DEC-826: Mara carries no hand axe; they carry: knife."
    assert service.load("k").state == before


def test_dec_826_a_blow_with_a_weapon_carried_is_struck() -> None:
    service = fight(hunter("Mara", 0, 0, melee=["knife"]), person("Viktor", 0, 3))
    out = service.act("k", "Mara attacks Viktor with knife", Dice.scripted([50, 50]))
    assert out.record.summary["action"] == "attacks"
    assert carried(out.state, "Mara") == ("knife",)  # a blade swung stays in hand


def test_dec_826_without_a_list_anyone_strikes_with_any_weapon() -> None:
    service = fight(hunter("Mara", 0, 0), person("Viktor", 0, 3))
    out = service.act("k", "Mara attacks Viktor with broadsword", Dice.scripted([50, 50]))
    assert out.record.summary["action"] == "attacks"
    with pytest.raises(RuleRefusal) as refused:  # and still names its weapon
        service.act("k", "Mara attacks Viktor", Dice.scripted([]))
    assert refused.value.rule == "R-6"


def test_dec_827_a_blow_naming_no_weapon_takes_the_first_listed_that_is_swung() -> None:
    service = fight(
        hunter("Mara", 0, 0, melee=["crossbow", "club", "knife"]), person("Viktor", 0, 3)
    )
    out = service.act("k", "Mara attacks Viktor", Dice.scripted([50, 50]))
    assert out.record.narration[0].startswith("Mara attacks Viktor with the Club"), (
        out.record.narration
    )
    bare = fight(hunter("Mara", 0, 0, melee=["crossbow"]), person("Viktor", 0, 3))
    with pytest.raises(RuleRefusal) as refused:
        bare.act("k", "Mara attacks Viktor", Dice.scripted([]))
    assert (
        str(refused.value) == "DEC-827: Mara carries nothing to strike with; they carry: crossbow."
    )


def test_dec_826_a_refusal_s_example_blow_names_a_weapon_the_actor_carries() -> None:
    """The example was a fixed '... with knife', which DEC-826 then refused of a combatant
    whose list held none; without a list it names the catalog's first swung weapon."""
    service = fight(
        hunter("Mara", 0, 0, melee=["crossbow", "hand-axe"]),
        hunter("Ilse", 0, 6),
        person("Viktor", 0, 3),
    )
    for actor, weapon in (("Mara", "hand-axe"), ("Ilse", "stake")):
        with pytest.raises(RuleRefusal) as refused:
            service.act("k", f"{actor} attacks Viktor with", Dice.scripted([]))
        said = refused.value.reason
        assert said.startswith(f"Name one weapon after 'with', e.g. '{actor} attacks "), said
        assert said.endswith(f" with {weapon}'."), said
    # The example is a line that is taken.
    out = service.act("k", "Mara attacks Viktor with hand-axe", Dice.scripted([50, 50]))
    assert out.record.summary["action"] == "attacks"


# --- stakes and beheadings ------------------------------------------------------------------------


def test_dec_826_a_stake_or_a_beheading_with_a_weapon_not_carried_is_refused() -> None:
    service = fight(hunter("Jonah", 0, 0, melee=["knife"]), vampire("Mara", 0, 3))
    before = service.load("k").state
    carries = "they carry: knife."
    for line, words in (
        ("Jonah stakes Mara --with stake", f"DEC-826: Jonah carries no wooden stake; {carries}"),
        (
            "Jonah beheads Mara --with broadsword",
            f"DEC-826: Jonah carries no broadsword; {carries}",
        ),
        ("Jonah stakes Mara", f"DEC-827: Jonah carries nothing to stake with; {carries}"),
        ("Jonah beheads Mara", f"DEC-827: Jonah carries nothing to behead with; {carries}"),
    ):
        with pytest.raises(RuleRefusal) as refused:
            service.act("k", line, Dice.scripted([90, 23]))
        assert str(refused.value) == words
    assert service.load("k").state == before


def test_dec_827_dec_865_a_stake_naming_no_weapon_passes_over_a_club() -> None:
    """RMU-STAKE-2: Jonah carries a club first and a stake after it; 'stakes' with no weapon
    named takes the stake (the first that stakes), not the club (wood, but blunt)."""
    service = fight(hunter("Jonah", 0, 0, melee=["club", "stake"]), vampire("Mara", 0, 3))
    staked = service.act("k", "Jonah stakes Mara", Dice.scripted([97, 20, 23]))
    assert staked.record.summary["weapon"] == "stake"
    only_club = fight(hunter("Jonah", 0, 0, melee=["club"]), vampire("Mara", 0, 3))
    with pytest.raises(RuleRefusal) as refused:
        only_club.act("k", "Jonah stakes Mara", Dice.scripted([97, 20, 23]))
    assert str(refused.value) == "DEC-827: Jonah carries nothing to stake with; they carry: club."


def test_dec_828_a_stake_driven_home_stays_in_the_body_and_comes_out_in_the_puller_s_hand() -> None:
    service = fight(
        hunter("Jonah", 0, 0, melee=["knife", "stake"]),
        vampire("Mara", 0, 3),
        person("Ana", 3, 3, melee=[]),
    )
    staked = service.act(
        "k", "Jonah stakes Mara", Dice.scripted([97, 20, 23])
    )  # DEC-827: the stake
    assert staked.record.summary["staked"]
    left = [e for e in staked.record.events if isinstance(e, MeleeWeaponLeft)]
    assert left == [MeleeWeaponLeft(actor="Jonah", weapon="stake", target="Mara")]
    assert decode_event(left[0].to_json()) == left[0]
    assert carried(staked.state, "Jonah") == ("knife",)
    assert "Jonah's wooden stake stays in Mara [DEC-828]." in staked.record.narration
    assert weapons_cell(staked.state, "Jonah") == "glock-17 17/17 ball; melee knife"
    pulled = service.act("k", "Ana pulls the stake from Mara", Dice.scripted([]))
    taken = [e for e in pulled.record.events if isinstance(e, MeleeWeaponTaken)]
    assert taken == [MeleeWeaponTaken(actor="Ana", weapon="stake", target="Mara")]
    assert carried(pulled.state, "Ana") == ("stake",)
    assert service.load("k").state == pulled.state  # the lists fold back from the log
    service.next_round("k", Dice.scripted(PAD))
    with pytest.raises(RuleRefusal) as refused:  # the one stake is in Ana's hand now
        service.act("k", "Jonah attacks Ana with stake", Dice.scripted([]))
    assert str(refused.value) == "DEC-826: Jonah carries no wooden stake; they carry: knife."


def test_dec_828_a_stake_that_misses_or_only_wounds_stays_in_hand() -> None:
    service = fight(hunter("Jonah", 0, 0, melee=["stake"]), person("Viktor", 0, 3))
    out = service.act("k", "Jonah stakes Viktor", Dice.scripted([97, 20, 23]))
    assert not [e for e in out.record.events if isinstance(e, Staked)]  # a mortal is wounded
    assert carried(out.state, "Jonah") == ("stake",)


def test_dec_828_an_unlisted_staker_and_puller_leave_no_list_behind() -> None:
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3), person("Ana", 3, 3))
    staked = service.act("k", "Jonah stakes Mara", Dice.scripted([97, 20, 23]))
    pulled = service.act("k", "Ana pulls the stake from Mara", Dice.scripted([]))
    for out in (staked, pulled):
        assert not [
            e for e in out.record.events if isinstance(e, MeleeWeaponLeft | MeleeWeaponTaken)
        ]
    assert carried(pulled.state, "Jonah") is None and carried(pulled.state, "Ana") is None


@pytest.mark.parametrize(
    ("rolls", "result", "left"),
    [([97, 80], "staked", ()), ([2, 90], "breaks", ())],
)
def test_dec_828_the_staking_maneuver_leaves_its_stake_in_the_body_or_broken(
    rolls: list[int], result: str, left: tuple[str, ...]
) -> None:
    """RMU-STAKE-2's maneuver on a helpless Kindred: driven home or broken, it is out of hand."""
    service = fight(hunter("Jonah", 0, 0, melee=["stake"]), vampire("Mara", 0, 3, hits=1))
    service.act("k", "Jonah shoots Mara", Dice.scripted([80, 50]))  # any hit drops her
    service.next_round("k", Dice.scripted(PAD))
    out = service.act("k", "Jonah stakes Mara", Dice.scripted(rolls))
    assert out.record.summary["result"] == result
    (gone,) = [e for e in out.record.events if isinstance(e, MeleeWeaponLeft)]
    assert gone.broke is (result == "breaks")
    assert carried(out.state, "Jonah") == left


def test_dec_828_a_stake_going_in_next_round_leaves_the_hand_when_it_goes_home() -> None:
    service = fight(hunter("Jonah", 0, 0, melee=["stake", "knife"]), vampire("Mara", 0, 3, hits=1))
    service.act("k", "Jonah shoots Mara", Dice.scripted([80, 50]))
    service.next_round("k", Dice.scripted(PAD))
    partial = service.act("k", "Jonah stakes Mara", Dice.scripted([30]))  # 30+60 = 90: partial
    assert partial.record.summary["result"] == "next-round"
    assert carried(partial.state, "Jonah") == ("stake", "knife")  # still in his hand
    service.next_round("k", Dice.scripted(PAD))
    done = service.next_round("k", Dice.scripted(PAD))
    assert [e.target for e in done.record.events if isinstance(e, Staked)] == ["Mara"]
    assert carried(done.state, "Jonah") == ("knife",)
