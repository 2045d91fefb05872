"""What a GM line's headline says (ENC-GM): the damage in the ruleset's own unit, its figures
as it writes them, and someone put down in the ruleset's own words (a Kindred's torpor, V-2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from encounter_support import MemoryStore, duel
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.narrate import narrate
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.critical_table import CriticalEffect
from firefight.rulesets.rmu.events import CriticalInflicted
from firefight.scene.apply import apply_all
from firefight.scene.state import EncounterState
from firefight.service import EncounterService
from firefight.web.views import wounds

ROOT = Path(__file__).resolve().parents[1]


def said(example: str, *lines: str) -> list[str]:
    """The headline and narration of each GM line, played in turn on a fresh ``example``."""
    service = EncounterService(MemoryStore())
    scenario = load_scenario(ROOT / "examples" / example)
    service.new("f", scenario, Dice.scripted(scenario.opening_rolls or [5] * 40))
    return [" / ".join(service.gm("f", line).record.narration) for line in lines]


def test_v_2_the_gm_putting_a_kindred_down_says_torpor_and_final_death() -> None:
    """V-2, DEC-702: `set Mara unconscious` said "GM: Mara is unconscious." above the change
    line's torpor; the headline now reads the state the rules left her in."""
    torpor, final, up = said(
        "kindred-ambush.toml", "set Mara unconscious", "set Mara dead", "set Mara up"
    )
    assert torpor == "GM: Mara's state is now torpor. / Mara falls into torpor [V-2]."
    assert "unconscious" not in torpor
    assert final.startswith("GM: Mara's state is now Final Death.")
    assert up == "GM: Mara's state is now up."


def test_enc_gm_a_mortal_put_down_reads_as_before_in_the_state_s_words() -> None:
    (down,) = said("kindred-ambush.toml", "set Viktor unconscious")
    assert down == "GM: Viktor's state is now unconscious. / Viktor falls unconscious."


@pytest.mark.parametrize(
    ("example", "lines", "headlines"),
    [
        (
            "kindred-ambush.toml",
            ("hits Jonah 5", "heal Jonah 1", "set Jonah ap 2", "set Mara hunger 4"),
            (
                "GM: Jonah takes 5 hits.",
                "GM: Jonah heals 1 hit.",
                "GM: Jonah's AP set to 2.",
                "GM: Mara's Hunger set to 4.",
            ),
        ),
        (
            "night-market.toml",
            ("hits Juno 5", "set Juno hp 20", "set Juno luck 1", "set Juno sp 1"),
            (
                "GM: Juno takes 5 HP.",
                "GM: Juno's HP set to 20.",
                "GM: Juno's LUCK set to 1.",
                "GM: Juno's body SP set to 1.",
            ),
        ),
        (
            "dry-gulch.toml",
            ("hits Bob 4", "heal Bob 1", "set Bob hp 5", "set Bob shock -2"),
            (
                "GM: Bob takes 4 HP.",
                "GM: Bob heals 1 HP.",
                "GM: Bob's HP set to 5.",
                "GM: Bob's shock set to -2.",
            ),
        ),
        (
            "cards-alley.toml",
            ("set Rico green 2",),
            ("GM: Rico's filled Green boxes set to 2.",),
        ),
    ],
)
def test_enc_gm_damage_has_its_unit_and_figures_are_named_as_the_ruleset_writes_them(
    example: str, lines: tuple[str, ...], headlines: tuple[str, ...]
) -> None:
    """ENC-GM, DEC-551: "GM: Juno takes 5." said five of nothing, and "Juno's hp is now 20"
    spelled the figure as typed; each now comes in the ruleset's words."""
    assert tuple(s.split(" / ")[0] for s in said(example, *lines)) == headlines


def test_dec_745_cards_the_gm_s_dead_reads_dead_in_the_table_as_in_the_headline() -> None:
    """DEC-745, K-3: `set Rico dead` answered "Rico's state is now dead." while the state table
    said "out", as it did of someone knocked out: the GM could not tell the two apart. The
    table's state and the headline's are one word: dead, unconscious, or down and dying (a full
    Red level) whatever the GM's line."""
    service = EncounterService(MemoryStore())
    scenario = load_scenario(ROOT / "examples" / "cards-alley.toml")
    service.new("f", scenario, Dice.scripted(scenario.opening_rolls or [5] * 40))
    ruleset = service.load("f").ruleset

    def row_state(name: str) -> str:
        return ruleset.describe_row(service.state("f").combatant(name))["state"]

    assert service.gm("f", "set Rico dead").record.narration[0] == "GM: Rico's state is now dead."
    assert row_state("Rico") == "dead, standing"
    assert service.gm("f", "set Dee unconscious").record.narration[0].endswith("unconscious.")
    assert row_state("Dee") == "unconscious, standing"
    service.gm("f", "set Jilly red 12")
    assert row_state("Jilly") == "down and dying, standing"
    service.gm("f", "set Jilly dead")
    assert row_state("Jilly") == "dead, standing"
    # ENC-DOWN: the dead are shot no more, as in rmu, cpr and gurps (a shot took more boxes).
    written = len(service.log("f"))
    with pytest.raises(RuleRefusal, match=r"^ENC-DOWN: Rico is already dead\.$"):
        service.act("f", "Giga shoots Rico", Dice.seeded(1), force=True)
    assert len(service.log("f")) == written


@pytest.mark.parametrize(
    ("example", "lines", "healed"),
    [
        ("kindred-ambush.toml", ("hits Jonah 5", "heal Jonah 999"), "GM: Jonah heals 5 hits."),
        ("night-market.toml", ("hits Juno 3", "heal Juno 40"), "GM: Juno heals 3 HP."),
        ("dry-gulch.toml", ("hits Bob 2", "heal Bob 10"), "GM: Bob heals 2 HP."),
    ],
)
def test_dec_916_a_heal_past_full_says_what_it_healed(
    example: str, lines: tuple[str, ...], healed: str
) -> None:
    """ENC-GM, DEC-916: a heal never takes anyone past full, yet `heal Jonah 999` on 5 hits
    taken said "GM: Jonah heals 999 hits."; it says the 5 it healed, and the log keeps 5."""
    assert said(example, *lines)[-1].split(" / ")[0] == healed


def test_dec_916_a_heal_of_the_unhurt_is_refused_as_changing_nothing() -> None:
    with pytest.raises(RuleRefusal, match="changes nothing"):
        said("kindred-ambush.toml", "heal Jonah 3")


def _mara_holds_and_bites_jonah() -> EncounterService:
    """The kindred ambush with Mara beside Jonah, her hold on him and her fangs in him."""
    service = EncounterService(MemoryStore())
    scenario = load_scenario(ROOT / "examples" / "kindred-ambush.toml")
    service.new("f", scenario, Dice.scripted(scenario.opening_rolls or [5] * 40))
    service.gm("f", "move Mara to 0,3")
    service.act("f", "Mara grapples Jonah --ap 2", Dice.scripted([99, 80, 50, 50]), force=True)
    service.act("f", "Mara bites Jonah --ap 2", Dice.scripted([99, 99, 50, 50]), force=True)
    return service


def test_dec_918_a_gm_move_out_of_reach_ends_the_hold_and_the_fangs() -> None:
    """RMU-BITE-3, DEC-343, DEC-918: with Mara's hold and fangs in Jonah, the GM put him 54 ft
    away and both held on: Mara fed on him across the alley. A GM move out of reach ends them,
    and says so; one within reach (3 ft) keeps them; undo brings them back."""
    service = _mara_holds_and_bites_jonah()

    def ties() -> set[str]:
        return {k.kind for k in service.state("f").conditions if k.kind != "parrying"}

    assert ties() == {"grappled", "fangs-lodged"}
    service.gm("f", "move Jonah to 3,0")
    assert ties() == {"grappled", "fangs-lodged"}
    moved = service.gm("f", "move Jonah to 40,40").record.narration[0]
    assert moved == (
        "GM: Jonah is put at 40,40 ft, out of reach: Mara's hold on Jonah ends; "
        "Mara's fangs are out of Jonah."
    )
    assert ties() == set()
    service.gm("f", "set Mara ap 4")
    with pytest.raises(RuleRefusal, match="feeds only through lodged fangs"):
        service.act("f", "Mara feeds on Jonah", Dice.scripted([5] * 5), force=True)
    service.undo("f")
    service.undo("f")
    assert ties() == {"grappled", "fangs-lodged"}


def test_dec_918_removing_the_holder_lets_the_held_go() -> None:
    """DEC-918: `remove Mara` left Jonah "grappled 90% by Mara" with her fangs in him, unable
    to move away and held by nobody in the scene; her leaving ends both, and says so."""
    service = _mara_holds_and_bites_jonah()
    gone = service.gm("f", "remove Mara").record.narration[0]
    assert gone == (
        "GM: Mara leaves the scene: Mara's hold on Jonah ends; Mara's fangs are out of Jonah."
    )
    assert not service.state("f").conditions
    service.act("f", "Jonah moves to 20,20", Dice.scripted([]), force=True)


def _dying_blow(**effect: object) -> tuple[EncounterState, CriticalInflicted]:
    """Round 1 of a duel, and a critical that leaves Viktor (50 hits) dying in 3 rounds."""
    rmu = find_ruleset("rmu")
    state = engine.open_fight(initial_state(duel()), rmu, Dice.seeded(1)).state
    cell = CriticalEffect(label="test cell", dying_rounds=3, **effect)  # type: ignore[arg-type]
    landed = CriticalInflicted(
        target="Viktor", table="ballistic-puncture", severity="C", roll=50, location="chest",
        effect=cell,
    )  # fmt: skip
    return state, landed


def _dying(**effect: object) -> EncounterState:
    """:func:`_dying_blow` landed."""
    state, landed = _dying_blow(**effect)
    return apply_all(state, (landed,), find_ruleset("rmu"))


def test_dec_882_the_gm_s_unconscious_on_the_dying_is_said_and_up_takes_it_back() -> None:
    """R-2, RMU-GEN-7, DEC-733, DEC-745, DEC-882: `set Viktor unconscious` on a dying mortal
    answered "state is now dying" and the table never showed it; `set Viktor up` was then taken
    though nothing visible changed. The dying who are out cold read "unconscious, dying" in the
    headline, the state table and a player's closed row, and the log says he falls unconscious;
    `up` takes it back, visibly."""
    rmu = find_ruleset("rmu")
    state = _dying()
    assert rmu.describe_row(state.combatant("Viktor"))["state"] == "dying (3 rnd), standing"
    out = engine.gm(state, "set Viktor unconscious", rmu)
    assert out.record.narration == (
        "GM: Viktor's state is now unconscious, dying (3 rnd).",
        "Viktor falls unconscious.",
    )
    viktor = out.state.combatant("Viktor")
    assert rmu.describe_row(viktor)["state"] == "unconscious, dying (3 rnd), prone"
    assert wounds(viktor, rmu) == "unconscious, dying"
    up = engine.gm(out.state, "set Viktor up", rmu)
    assert up.record.narration[0] == "GM: Viktor's state is now dying (3 rnd)."
    assert rmu.describe_row(up.state.combatant("Viktor"))["state"] == "dying (3 rnd), prone"
    with pytest.raises(RuleRefusal, match="changes nothing"):
        engine.gm(up.state, "set Viktor up", rmu)


def test_dec_882_a_blow_that_leaves_the_dying_at_0_hits_shows_them_out_cold_too() -> None:
    """R-2, DEC-882: at 0 hits or fewer someone is unconscious, dying or not; the state cell
    said only "dying" of a man a blow had left both, so the GM could not see what `up` would
    change."""
    rmu = find_ruleset("rmu")
    viktor = _dying(hits=50).combatant("Viktor")
    assert viktor.unconscious and viktor.hits_left <= 0
    assert rmu.status(viktor) == "unconscious, dying (3 rnd)"


@pytest.mark.parametrize(
    ("hits", "told"),
    [
        (50, "Viktor falls unconscious and is dying: 3 rounds left."),
        (5, "Viktor is dying: 3 rounds left."),
    ],
)
def test_dec_887_one_blow_that_knocks_out_and_leaves_dying_is_told_as_both(
    hits: int, told: str
) -> None:
    """R-2, DEC-882, DEC-887: a critical that took Viktor to 0 hits and left him dying was told
    "Viktor is dying" alone, though the state cell read "unconscious, dying (3 rnd)"; the log
    now says both, and a blow that leaves him standing says dying only."""
    rmu = find_ruleset("rmu")
    state, landed = _dying_blow(hits=hits)
    lines = narrate(state, (landed,), rmu)
    assert lines[-1] == told
    assert rmu.status(apply_all(state, (landed,), rmu).combatant("Viktor")).startswith(
        "unconscious, dying" if hits == 50 else "dying"
    )
