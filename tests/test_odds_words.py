"""What the odds show a GM is in words (DEC-523, DEC-664): every state or condition an action
line leaves someone in, every outcome and every label, with no internal key (``fangs-lodged``,
``cpr-load``) or notation (``E[injury]``) shown in their place."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cpr_support import person, scene
from encounter_support import MemoryStore, in_memory
from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.odds.api import registered
from firefight.odds.lines import line_odds
from firefight.odds.live import live_odds
from firefight.rulesets import find_ruleset, rulesets
from firefight.rulesets.cpr.attack import RangedAttack, Shot
from firefight.rulesets.cpr.combatants import Target
from firefight.rulesets.cpr.odds.shot import cpr_stats
from firefight.rulesets.cpr.wounds import Health
from firefight.scene.conditions import begun_words, condition_kinds
from firefight.scene.state import ActiveCondition
from firefight.service import EncounterService
from test_rmu_kindred_bites import PAD, close_pair
from test_rmu_kindred_encounter_odds import torpid_mara

RMU = find_ruleset("rmu")
CPR = find_ruleset("cpr")

#: A key as the code spells it: two words joined by a hyphen (``fangs-lodged``, ``cpr-load``).
KEY = re.compile(r"\b[a-z]+-[a-z]+\b")


def in_words(phrases: Any) -> list[str]:
    """The phrases that show a key instead of words."""
    return [p for p in phrases if KEY.search(p)]


def test_rmu_bite_3_lodged_fangs_are_counted_in_words_naming_the_biter() -> None:
    """Mara's lodged fangs (RMU-BITE-3) are the condition ``fangs-lodged`` on Viktor; the odds
    say whose fangs are in whom, as the log does."""
    service = close_pair()
    service.act("k", "Mara grapples Viktor --ap 2", Dice.scripted([90, 60]))
    service.next_round("k", Dice.scripted(PAD))
    state = service.load("k").state
    found = line_odds(state, RMU, "Mara bites Viktor")
    assert found.effects["Mara's fangs lodged in Viktor"] > 0
    live = live_odds(state, RMU, ["Mara bites Viktor"], trials=20)
    told = "\n".join(live.text())
    assert "P(Mara's fangs lodged in Viktor)" in told and "fangs-lodged" not in told
    assert not in_words(found.effects) and not in_words(dict(live.effects))


def test_rmu_stake_2_a_stake_going_in_next_round_is_counted_in_words() -> None:
    """The staking maneuver's partial result (RMU-STAKE-2): the stake goes in next round if
    Jonah is left alone, the condition ``stake-going-in`` on Mara."""
    found = line_odds(torpid_mara().load("k").state, RMU, "Jonah stakes Mara")
    assert found.effects["Jonah's stake going into Mara"] > 0
    assert not in_words(found.effects)


def test_c_14_a_load_taking_someone_is_counted_in_words() -> None:
    """A flashbang's effect on Rook (C-14) is the condition ``cpr-load``: the odds name the
    load as the state table does."""
    grenade = {"name": "grenade", "weapon": "grenade", "count": 1, "ammo": "flashbang"}
    doc = scene(person("V", 0, 0, weapon=[grenade]), person("Rook", 0, 10))
    service = in_memory("fight", doc, Dice.scripted([5, 4]))
    found = line_odds(service.state("fight"), CPR, "V throws grenade at Rook")
    assert found.effects["Rook under the flashbang load"] > 0
    assert not in_words(found.effects)


#: Kinds that keep their figures on the combatant (rmu's upkeep) or stand on a place (a live
#: grenade, a cloud): nobody holds them.
NEVER_HELD = {
    "rmu-bleeding", "rmu-dying", "rmu-stun", "rmu-staggered", "rmu-afflictions",
    "grenade", "cloud", "cpr-cloud",
}  # fmt: skip


def test_dec_664_every_condition_kind_held_by_someone_reads_in_words() -> None:
    """A kind named by a key says in words what holding it is; one named in words may let the
    default name it ("Viktor grappled")."""
    rulesets()  # every ruleset's kinds registered
    kinds = {k.name: k for name in ("rmu", "cpr", "gurps", "cards") for k in condition_kinds(name)}
    data = {"by": "Bo", "load": "flashbang", "grappler": "Bo", "source": "molotov"}
    for name, kind in kinds.items():
        if name in NEVER_HELD:
            continue
        held = ActiveCondition(id="x", kind=name, holder="Ann", data=tuple(data.items()))
        told = kind.begun(held)
        assert "Ann" in told and not KEY.search(told), (name, told)
        assert begun_words(held) == told
        assert begun_words(ActiveCondition(id="y", kind=name)) is None  # on nobody


#: Notation a GM does not read: E[X], E(X) for an expectation.
NOTATION = re.compile(r"\bE[\[(]")


def test_dec_664_no_odds_label_is_notation_or_a_key() -> None:
    """Every stat the odds commands print is labelled in words: "expected injury", not
    E[injury]; the cpr wound states as wounds (C-9), not "P(left light)"."""
    labels = [s.label for entry in registered().values() for s in entry.stats]
    ana = Target(name="Ana", health=Health(hp=9, max_hp=20))
    shot = RangedAttack(
        weapon="medium-pistol", ref=7, skill=6, shots=(Shot(distance_m=10, target=ana),)
    )
    left = [s.label for s in cpr_stats(shot) if s.name.startswith("p_left_")]
    assert left == [
        "P(left unhurt)",
        "P(left lightly wounded)",
        "P(left seriously wounded)",
        "P(left mortally wounded)",
    ]
    assert [label for label in labels + left if NOTATION.search(label) or KEY.search(label)] == []


def _whole(output: str) -> str:
    """A table's text with each wrapped cell read whole: rich keeps the width of the first
    console made in the process, whatever COLUMNS a later test passes."""
    return " ".join(output.replace("│", " ").split())


def _likeliest(args: list[str]) -> str:
    """The odds command's output, its table rows joined into single lines."""
    from typer.testing import CliRunner

    from firefight.cli.app import app

    shown = CliRunner().invoke(app, ["odds", "rmu", *args], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    return _whole(shown.output)


def test_rmu_exp_1_a_blasts_outcomes_count_a_hit_as_one_and_name_the_band() -> None:
    """One hit is "1 hit"; a person caught by a thrown grenade is "in the kill band", not
    "Viktor kill" (RMU-EXP-1)."""
    blast = _likeliest(["explode", "--load", "m67", "--ranks", "10",
                        "--target", "Bob:30,0", "--target", "Ann:5,0:BA II"])  # fmt: skip
    assert "Bob (casualty) 1 hit; Ann (kill) 1 hit" in blast and " 1 hits" not in blast
    thrown = _likeliest(["throw", "--load", "m67", "--aim", "0,45", "--thrown", "40",
                         "--ranks", "10", "--target", "Viktor:4,47:BA II"])  # fmt: skip
    assert "Viktor in the kill band (15.8 hits on average)" in thrown
    assert "Viktor kill" not in thrown


def test_rmu_rf_10_a_hit_armor_stops_reads_as_the_aimed_shots_does() -> None:
    """A burst's round that hits and does nothing past the armor (RMU-RF-10) reads "hit,
    stopped by armor", as `odds rmu shoot` says it, not "Ann 0 hits"."""
    burst = _likeliest(["rapid-fire", "--weapon", "zastava-m85-stock", "--share", "70",
                        "--ob", "70", "--target", "Bob:0,40", "--target", "Ann:0,20:BA II",
                        "--samples", "2000", "--seed", "0"])  # fmt: skip
    assert "Ann hit, stopped by armor" in burst and "0 hits" not in burst


def test_v2_final_death_reads_as_its_stat_does() -> None:
    """The likeliest bites list Final Death as P(Final Death) names it, not shouted (V-2)."""
    bite = _likeliest(["bite", "--hits-left", "10"])
    assert "fangs lodged, Final Death" in bite and "FINAL DEATH" not in bite


def test_r_6_a_melee_hit_of_one_hit_is_one_hit() -> None:
    from types import SimpleNamespace

    from firefight.rulesets.rmu.odds.melee import describe_melee

    one = SimpleNamespace(result="hit", severity=None, total_hits=1)
    assert describe_melee(one) == "hit: 1 hit, no critical"


def test_rmu_bite_3_rmu_stake_2_the_state_table_says_whose_fangs_and_stake_are_in_whom() -> None:
    """The odds count lodged fangs and a stake going in; the lines under the state table say
    them too, so a GM sees why Viktor cannot walk away (RMU-BITE-3) and that Mara will be
    staked unless Jonah is disturbed (RMU-STAKE-2)."""
    service = close_pair()
    service.act("k", "Mara grapples Viktor --ap 2", Dice.scripted([90, 60]))
    service.next_round("k", Dice.scripted(PAD))
    bitten = service.act("k", "Mara bites Viktor", Dice.scripted([90, 60, 50]))
    assert "Mara's fangs are lodged in Viktor." in RMU.describe_scene(bitten.state)
    staking = torpid_mara()
    partial = staking.act("k", "Jonah stakes Mara", Dice.scripted([30]))  # 90: partial
    told = RMU.describe_scene(partial.state)
    assert "A stake goes into Mara at the next round's end unless Jonah is disturbed." in told


def test_c_4_a_critical_injury_is_named_by_its_label_in_the_odds_and_the_headline() -> None:
    """Two sixes on the damage dice and a 7 on the body table: an object lodged in the body
    (C-4). The encounter's log names it so; the shot's headline and the odds' outcomes too,
    not by its key (``foreign-object``)."""
    from typer.testing import CliRunner

    from firefight.cli.app import app

    runner = CliRunner()
    pistol = ["--weapon", "medium-pistol", "--ref", "7", "--skill", "6", "--distance", "10"]
    shot = runner.invoke(app, ["cpr", "shoot", *pistol, "--rolls", "9,6,6,3,4"])
    assert shot.exit_code == 0, shot.output
    assert "(critical: object lodged in the body)" in shot.output
    assert "foreign-object" not in shot.output
    odds = runner.invoke(
        app, ["odds", "cpr", "shoot", *pistol, "--top", "30"], env={"COLUMNS": "200"}
    )
    told = _whole(odds.output)
    assert "critical injury object lodged in the body" in told
    assert not KEY.search(told.split("likeliest")[1])


def test_c_5_autofires_multiplier_is_said_of_the_damage_it_multiplies() -> None:
    """Autofire multiplies the damage dice (C-5), not the HP lost past the armor: "21 damage
    (x3), 10 HP lost", not "10 HP lost (x3)"."""
    from typer.testing import CliRunner

    from firefight.cli.app import app

    smg = ["--weapon", "smg", "--ref", "7", "--skill", "6", "--distance", "10", "--armor", "11"]
    shown = CliRunner().invoke(app, ["odds", "cpr", "autofire", *smg], env={"COLUMNS": "200"})
    told = _whole(shown.output)
    assert "hit: 21 damage (x3), 10 HP lost" in told and "lost (x3)" not in told


def test_rmu_exp_2_rmu_exp_3_a_throws_odds_say_where_it_lands() -> None:
    """RMU-EXP-2, RMU-EXP-3: a throw's odds count where it lands as the log narrates it -- on
    the aim point, off it (scattered), or dropped at the thrower's feet (a fumble) -- not the
    JSON's 'success', 'partial' and 'fumble', which tell a GM nothing of the grenade. The
    three add up to the whole."""
    room = Path(__file__).resolve().parents[1] / "examples" / "grenade-room.toml"
    service = EncounterService(MemoryStore())
    service.new("g", load_scenario(room), Dice.scripted([6, 5, 4, 4, 7, 3]))
    state = service.load("g").state
    words = {"lands on the aim point", "lands off the aim point", "drops at Mara's feet (fumble)"}
    found = line_odds(state, RMU, "Mara throws m67 at 0,45")
    assert set(found.outcomes) == words
    assert abs(sum(found.outcomes.values()) - 1) < 1e-9
    live = live_odds(state, RMU, ["Mara throws m67 at 0,45"], trials=200)
    assert {word for word, _ in live.outcomes} == words
    assert "partial" not in "\n".join(live.text())


def test_rmu_cov_6_a_miss_into_a_shielder_is_counted_as_hitting_them_not_the_target() -> None:
    """RMU-COV-6, P-8: in the warehouse Pavel stands between Mara and Viktor; a miss flies on
    into him. The odds counted that as "hit" ("Mara shoots Viktor: ... hit 21.0%") while
    Viktor, behind full cover of bodies, is all but never hit: it is "stray round hits someone
    in the way" (nobody named: a shielder may be hidden from the players), and "hit" is Viktor
    hit."""
    warehouse = Path(__file__).resolve().parents[1] / "examples" / "warehouse.toml"
    service = EncounterService(MemoryStore())
    service.new("w", load_scenario(warehouse), Dice.seeded(1))
    state = service.load("w").state
    live = dict(
        live_odds(state, RMU, ["Mara shoots Viktor --ap 3 --prepared"], trials=300).outcomes
    )
    assert live["stray round hits someone in the way"] > 0.1
    assert live.get("hit", 0.0) < 0.02
    found = line_odds(state, RMU, "Mara shoots Viktor --ap 3 --prepared")
    assert found.outcomes["stray round hits someone in the way"] > 0.1


def test_rmu_gen_7_dec_682_a_critical_is_named_by_its_tables_title_not_its_key() -> None:
    """RMU-GEN-7, DEC-682: the odds, the `rmu shoot` headline and the encounter's log name the
    critical's table by its title's name ("Ballistic Puncture"), not its file key
    ("ballistic-puncture"), which the trace's table line keeps for `firefight tables show`."""
    from typer.testing import CliRunner

    from firefight.cli.app import app

    odds = _likeliest(["shoot", "--weapon", "glock-17", "--ob", "80", "--distance", "30"])
    assert "A critical to the abdomen (Ballistic Puncture): bleeding 2/rnd" in odds
    assert "(ballistic-puncture)" not in odds
    shot = CliRunner().invoke(
        app,
        ["rmu", "shoot", "--weapon", "glock-17", "--ob", "80", "--distance", "30",
         "--rolls", "95,5"],
        env={"COLUMNS": "200"},
    )  # fmt: skip
    said = _whole(shot.output)
    assert "HIT: 28 hits, D critical to the abdomen (Ballistic Puncture)" in said
    assert "ballistic-puncture: row 04-05, column D" in said  # the trace keeps the key
    melee = _likeliest(["melee", "--weapon", "broadsword", "--ob", "80"])
    assert "critical to the arm (Slash)" in melee and "(slash)" not in melee


@pytest.mark.parametrize(
    ("armor_damage", "rolls", "said"),
    [
        (0, [30, 7, 1], "B critical to the leg (Armor Piercing): bleeding 1/rnd"),
        (0, [30, 37, 1], "B critical to the leg (Armor Piercing): stunned 1 rnd at -25"),
        (0, [30, 13, 1], "(Ballistic Impact): injury -5; BA III breakage: BROKEN"),
        (0, [30, 100, 1], "injury -50, dying in 10 rounds"),
        (0, [50, 100, 1], "bleeding 4/rnd, injury -110, DEAD"),
        (0, [30, 4, 40], "; BA III breakage: -20, total -20"),
        (0, [30, 4, 97, 50], "; BA III breakage: held"),
        (-40, [30, 4, 66], "; BA III breakage: -20, total -60, BEATEN OPEN, temporary"),
    ],
)
def test_rmu_gen_7_rmu_brk_1_dec_791_the_headline_and_the_odds_row_word_a_critical_alike(
    armor_damage: int, rolls: list[int], said: str
) -> None:
    """RMU-GEN-7, RMU-BRK-1, DEC-791: the ``rmu shoot`` headline and the ``odds rmu shoot``
    row tell a critical's effects and the armor's breakage check in one wording, the check's
    running total and a plate beaten open (RMU-BRK-2) included."""
    from firefight.rulesets.rmu.catalog import RmuData
    from firefight.rulesets.rmu.cli.odds import describe_view
    from firefight.rulesets.rmu.cli.shot import shot_headline
    from firefight.rulesets.rmu.odds.views import shot_view
    from firefight.rulesets.rmu.shot import AimedShot, resolve_aimed_shot

    shot = AimedShot(
        weapon="glock-17",
        ob=110,
        distance_ft=20,
        prepared=True,
        armor="BA III",
        ammo="armor-piercing",
        armor_damage=armor_damage,
    )
    outcome = resolve_aimed_shot(shot, Dice.scripted([*rolls, 50, 50]), RmuData())
    headline = shot_headline(outcome)
    assert said in headline and headline.startswith("HIT: ")
    assert describe_view(shot_view(outcome)) == "hit: " + headline.removeprefix("HIT: ")


def test_dec_413_the_sampled_outcomes_give_their_intervals() -> None:
    """DEC-413: the encounter's odds are sampled, and every P(...) line gave its 95% interval,
    but the outcome line gave bare shares ("miss 90.3%, hit 9.7%") as if exact. Each outcome
    gives its interval, narrower the more runs."""
    state = close_pair().load("k").state
    few = live_odds(state, RMU, ["Mara bites Viktor"], trials=1000)
    many = live_odds(state, RMU, ["Mara bites Viktor"], trials=20000)
    share = re.compile(r"(\w+) (\d+\.\d)% \(95%: (\d+\.\d)-(\d+\.\d)%\)")
    for found in (few, many):
        line = found.text()[0]
        told = share.findall(line.removeprefix("Mara bites Viktor: "))
        assert [w for w, *_ in told] == [w for w, _ in found.outcomes], line
        widths = [float(high) - float(low) for _, _, low, high in told]
        assert all(w <= (6.2 if found is few else 1.4) for w in widths), line
