"""Tactics for ``odds simulate`` (issue 19): pluggable per ruleset, chosen per side in the
scenario or on the command line (DEC-473, DEC-474)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import ScenarioError, initial_state, load_scenario, parse_scenario
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.geometry import Point
from firefight.odds.fights import (
    _turn,
    fight_once,
    fight_rounds,
    side_tactics,
    simulate_fights,
)
from firefight.rulesets import find_ruleset
from firefight.rulesets.cards.tactics import ready
from firefight.rulesets.cpr.tactics import sharp
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.gurps.tactics import steady
from firefight.rulesets.rmu.cover_tactic import covered
from firefight.rulesets.rmu.fire_state import GunTrouble
from firefight.rulesets.rmu.tactics import aimed
from firefight.rulesets.rmu.vitals import rmu_stats, vitals
from firefight.scene.state import EncounterState
from firefight.units import feet_from_metres

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
WAREHOUSE = EXAMPLES / "warehouse.toml"


def test_each_ruleset_offers_its_default_first_and_the_plain_tactic() -> None:
    assert list(find_ruleset("rmu").fight_tactics()) == ["aimed", "covered", "plain"]
    assert list(find_ruleset("gurps").fight_tactics()) == ["steady", "covered", "plain"]
    assert list(find_ruleset("cpr").fight_tactics()) == ["sharp", "covered", "plain"]
    assert list(find_ruleset("cards").fight_tactics()) == ["ready", "plain"]


def _troubled(state: EncounterState, name: str, trouble: GunTrouble) -> EncounterState:
    """``state`` with ``trouble`` left on ``name``'s gun in hand, as a malfunction leaves it."""
    c = state.combatant(name)
    stats = rmu_stats(c)
    fire = replace(stats.fire, guns=(trouble,))
    return state.with_combatant(replace(c, stats=replace(stats, fire=fire)))


def test_rmu_gen_1_rmu_rf_13_aimed_prepares_the_shot_then_clears_a_jam() -> None:
    """RMU-GEN-1: a prepared shot (no -30 recoil) at the nearest enemy comes first; RMU-RF-13:
    a jammed gun is cleared before the fighter gives up and waits."""
    state = initial_state(load_scenario(WAREHOUSE))
    lines = list(aimed(state, "Mara"))
    assert lines[0].startswith("Mara shoots ") and lines[0].endswith(" --prepared")
    assert "Mara clears" not in lines  # nothing to clear
    assert lines[-1] == "Mara waits"
    assert not any("throws" in line for line in lines)  # Mara has a gun: no grenades
    assert "Mara reloads" not in lines  # a full glock: reloading would drop its 17 rounds
    jam = GunTrouble(weapon="glock", label="failure to feed", rule="RMU-GEN-8", jam_clear_ap=2)
    assert list(aimed(_troubled(state, "Mara", jam), "Mara")) == ["Mara clears", "Mara waits"]
    # Semi only, nothing owed: the gun still fires, the clear after every shot.
    semi = replace(jam, jam_clear_ap=0, semi_only=True)
    lines = list(aimed(_troubled(state, "Mara", semi), "Mara"))
    assert lines[0].startswith("Mara shoots ") and lines[-2:] == ["Mara clears", "Mara waits"]
    broken = replace(jam, jam_clear_ap=0, broken=True)
    assert list(aimed(_troubled(state, "Mara", broken), "Mara")) == ["Mara waits"]


def test_rmu_rf_13_aimed_offers_no_line_the_rules_refuse_for_the_guns_trouble() -> None:
    """The lines ``aimed`` leaves out for a jammed or broken gun are the ones the rules refuse
    (a refused line draws no dice, so the fight is the same without them)."""
    rmu = find_ruleset("rmu")
    state = engine.open_fight_quietly(initial_state(load_scenario(WAREHOUSE)), rmu, Dice.seeded(0))
    target = next(line for line in aimed(state, "Mara") if line.endswith(" --prepared"))
    jam = GunTrouble(weapon="glock", label="failure to feed", rule="RMU-GEN-8", jam_clear_ap=2)
    left_out = (
        (jam, (target, target.removesuffix(" --prepared"))),
        (replace(jam, jam_clear_ap=0, broken=True), (target, "Mara clears")),
        (None, ("Mara clears",)),
    )
    for trouble, lines in left_out:
        troubled = state if trouble is None else _troubled(state, "Mara", trouble)
        offered = list(aimed(troubled, "Mara"))
        for line in lines:
            assert line not in offered
            with pytest.raises(RuleRefusal):
                engine.act_quietly(troubled, rmu.parse_action(line, troubled), rmu, Dice.seeded(1))


def test_aimed_reloads_an_empty_gun_or_one_under_half_full_before_it_waits() -> None:
    state = initial_state(load_scenario(WAREHOUSE))
    mara = state.combatant("Mara")
    glock = mara.weapons[0]
    assert glock.loaded is not None and glock.loaded.rounds == 17
    for left, offered in ((0, True), (8, True), (9, False)):
        held = replace(glock, loaded=replace(glock.loaded, rounds=left))
        lines = list(aimed(state.with_combatant(mara.with_weapon(held)), "Mara"))
        assert ("Mara reloads" in lines) is offered, left
        if offered:
            assert lines.index("Mara reloads") < lines.index("Mara waits")


def _moved(state: EncounterState, name: str, x: float, y: float) -> EncounterState:
    c = state.combatant(name)
    return state.with_combatant(replace(c, position=replace(c.position, x_ft=x, y_ft=y)))


def test_dec_473_a_thrower_without_a_gun_throws_at_the_nearest_or_between_the_grouped() -> None:
    state = _moved(initial_state(load_scenario(EXAMPLES / "grenade-room.toml")), "Mara", 0, -10)
    throws = [line for line in aimed(state, "Mara") if "throws" in line]
    assert throws == ["Mara throws m67 at 4,47"]  # Viktor; Ilya stands 11 ft from him
    grouped = _moved(state, "Ilya", -2.0, 50.0)
    assert [line for line in aimed(grouped, "Mara") if "throws" in line] == [
        "Mara throws m67 at 1,48.5"
    ]


def test_dec_540_rmu_exp_5_no_grenade_where_the_thrower_stands_in_its_casualty_band() -> None:
    """RMU-EXP-5: the M67 wounds out to its casualty band (50 ft), so the thrower picks an
    enemy beyond it (Viktor stands 47 ft off, Ilya 52 ft); with both inside it, a step back of
    one BMR (20 ft) while 3 AP stay for the throw (RMU-EXP-3, R-6)."""
    state = initial_state(load_scenario(EXAMPLES / "grenade-room.toml"))
    state = engine.open_fight_quietly(state, find_ruleset("rmu"), Dice.seeded(0))
    assert [line for line in aimed(state, "Mara") if "throws" in line] == [
        "Mara throws m67 at -6,52"
    ]
    close = _moved(state, "Ilya", -6.0, 45.0)
    lines = list(aimed(close, "Mara"))
    assert not any("throws" in line for line in lines)
    assert "Mara moves 2.5,-18.8" in lines  # 19 ft straight away from Ilya, the nearest


def test_dec_540_a_kindred_without_a_gun_feeds_bites_or_closes_in() -> None:
    """RMU-BITE-1..4: fangs lodged feed, else a bite in reach, else a walk at the nearest
    enemy as far as the AP carry (R-6), stopping short of their spot."""
    state = initial_state(load_scenario(EXAMPLES / "gas-and-flash.toml"))
    state = engine.open_fight_quietly(state, find_ruleset("rmu"), Dice.seeded(0))
    lines = list(aimed(state, "Lucia"))
    assert lines.index("Lucia feeds on Mara") < lines.index("Lucia bites Mara")
    moves = [line for line in lines if " moves " in line]
    assert len(moves) == 1 and lines.index(moves[0]) < lines.index("Lucia waits")


def test_dec_540_who_has_nothing_to_hurt_anyone_with_breaks_off() -> None:
    """Unarmed mortals with no Thrown skill break off at once; a thrower and a Kindred fight
    on; a gun counts while a round is left for it."""
    state = initial_state(load_scenario(EXAMPLES / "gas-and-flash.toml"))
    rmu = find_ruleset("rmu")
    assert {c.name for c in state.combatants if not rmu.can_still_harm(c)} == {"Viktor", "Ilya"}
    warehouse = initial_state(load_scenario(WAREHOUSE))
    lev = warehouse.combatant("Lev")
    assert rmu.can_still_harm(lev)
    glock = lev.weapons[0]
    assert glock.loaded is not None
    empty = replace(lev, weapons=(replace(glock, loaded=replace(glock.loaded, rounds=0)),))
    assert not rmu.can_still_harm(empty)
    # Once broken off they are bystanders: no hunter's tactic offers a line at them (a blast
    # thrown at someone else may still reach them, as it may anyone standing near).
    gas = load_scenario(EXAMPLES / "gas-and-flash.toml")
    result = fight_once(gas, Dice.seeded(0))
    assert dict(result.fled) == {"Viktor": 1, "Ilya": 1}
    opened = initial_state(gas)
    fled = opened.with_combatants(
        {n: replace(opened.combatant(n), bystander=True) for n in ("Viktor", "Ilya")}
    )
    for hunter in ("Mara", "Dana"):
        assert any("Viktor" in line for line in aimed(opened, hunter) if "Lucia" not in line)
        lines = list(aimed(fled, hunter))
        assert any("Lucia" in line for line in lines)
        assert not any("Viktor" in line or "Ilya" in line for line in lines)


def test_dec_541_every_ruleset_gets_the_same_hundred_seconds() -> None:
    """RMU-GEN-1: 20 rounds of 5 s; gurps's one-second turns get 100, cpr's three-second
    rounds 34; a ruleset that does not say gets 20."""
    assert fight_rounds(find_ruleset("rmu")) == 20
    assert fight_rounds(find_ruleset("gurps")) == 100
    assert fight_rounds(find_ruleset("cpr")) == 34
    assert fight_rounds(find_ruleset("cards")) == 20


def test_gur_mod_1_steady_aims_before_it_shoots() -> None:
    """GUR-MOD-1: a loaded weapon is aimed first (one turn; three past 20 yd)."""
    state = initial_state(load_scenario(EXAMPLES / "dry-gulch.toml"))
    assert steady(state, "Ann")[0] == "Ann aims at Bob"
    mill = initial_state(load_scenario(EXAMPLES / "mill-ford.toml"))
    assert steady(mill, "Edric")[0].startswith("Edric aims at ")


def test_gur_core_1_steady_tries_to_recover_when_nothing_else_is_allowed() -> None:
    """GUR-CORE-1: a stunned fighter may only try to recover, so the line comes before
    waiting, and alone when stunned."""
    state = initial_state(load_scenario(EXAMPLES / "dry-gulch.toml"))
    name = next(c.name for c in state.combatants if not c.bystander)
    lines = steady(state, name)
    assert lines[-2:] == [f"{name} recovers", f"{name} waits"]
    # Stunned, the one line the rules take is the only one offered (a refused line draws no
    # die: the fight is the same without the others).
    gurps = find_ruleset("gurps")
    opened = engine.open_fight_quietly(state, gurps, Dice.seeded(0))
    c = opened.combatant(name)
    stunned = opened.with_combatant(replace(c, stats=replace(gurps_stats(c), stunned=True)))
    assert steady(stunned, name) == [f"{name} recovers"]
    for line in lines[:-2] + lines[-1:]:
        with pytest.raises(RuleRefusal, match="stunned"):
            engine.act_quietly(stunned, gurps.parse_action(line, stunned), gurps, Dice.seeded(1))
    engine.act_quietly(
        stunned, gurps.parse_action(f"{name} recovers", stunned), gurps, Dice.seeded(1)
    )


def test_dec_474_tactics_are_chosen_per_side_and_refused_when_unknown() -> None:
    scenario = load_scenario(WAREHOUSE)
    assert side_tactics(scenario) == {"hunters": "aimed", "smugglers": "aimed"}
    assert side_tactics(scenario, {"hunters": "plain"}) == {
        "hunters": "plain",
        "smugglers": "aimed",
    }
    with pytest.raises(RuleRefusal, match="No side is called 'pirates'"):
        side_tactics(scenario, {"pirates": "plain"})
    with pytest.raises(RuleRefusal, match="no tactic 'sneaky'"):
        side_tactics(scenario, {"hunters": "sneaky"})


def test_dec_474_a_scenario_names_its_sides_tactics(tmp_path: Path) -> None:
    text = WAREHOUSE.read_text().replace(
        'ruleset = "rmu"\n', 'ruleset = "rmu"\ntactics = { smugglers = "plain" }\n', 1
    )
    path = tmp_path / "warehouse.toml"
    path.write_text(text)
    assert side_tactics(load_scenario(path)) == {"hunters": "aimed", "smugglers": "plain"}


def test_the_default_tactic_decides_the_warehouse_where_the_plain_one_ran_out_of_time() -> None:
    """The plain tactic's fighters traded quick shots across the crates until the rounds ran
    out in most fights; the rmu default decides nearly all of the same fights."""
    scenario = load_scenario(WAREHOUSE)
    plain = {"hunters": "plain", "smugglers": "plain"}
    seeds = range(30)
    undecided = sum(fight_once(scenario, Dice.seeded(s)).winner is None for s in seeds)
    before = sum(fight_once(scenario, Dice.seeded(s), tactics=plain).winner is None for s in seeds)
    assert undecided <= 3 < 10 <= before


def test_a_fight_counts_the_rounds_each_fighter_fired() -> None:
    summary = simulate_fights(WAREHOUSE, fights=6, seed=3, max_rounds=6)
    assert summary.tactics == (("hunters", "aimed"), ("smugglers", "aimed"))
    for result in summary.distribution:
        assert {name for name, _ in result.spent} == set(summary.fighters)
        assert all(n >= 0 for _, n in result.spent)
    assert summary.mean_spent("Mara") > 0


def test_odds_simulate_takes_tactic_per_side_and_reports_rounds_to_decide() -> None:
    args = ["odds", "simulate", str(WAREHOUSE), "--fights", "6", "--max-rounds", "6"]
    result = CliRunner().invoke(
        app, [*args, "--workers", "0", "--tactic", "hunters=plain", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["tactics"] == {"hunters": "plain", "smugglers": "aimed"}
    assert set(data["mean_rounds_spent"]) == {"Mara", "Jonah", "Viktor", "Lev"}
    assert data["rounds_to_decide"] is None or data["rounds_to_decide"]["mean"] <= 6
    bad = CliRunner().invoke(app, [*args, "--tactic", "hunters"])
    assert bad.exit_code != 0
    assert "SIDE=NAME" in bad.output


def test_cpr_dod_1_cpr_aim_1_c_8_sharp_throws_at_the_pair_then_shoots_who_cannot_dodge() -> None:
    """C-8: Juno and Rook share one 10 m square with V outside it, so V's grenade goes between
    them; CPR-DOD-1: Rook (REF 6) comes before Juno (REF 9, dodges) though farther;
    CPR-AIM-1: Juno aims at V's head, whose kevlar (SP 7) is thinner than the armorjack."""
    state = initial_state(load_scenario(EXAMPLES / "night-market.toml"))
    lines = list(sharp(state, "V"))
    assert lines[0] == "V throws grenade at 3.0,12.0"
    assert lines.index("V shoots Rook --twice") < lines.index("V shoots Juno --twice")
    assert "Juno shoots V --aim head" in list(sharp(state, "Juno"))
    assert "V shoots Rook --aim head" not in lines  # kevlar on both: no reason to aim


def test_dec_856_cpr_dod_1_sharp_shoots_first_who_would_not_dodge_this_shot() -> None:
    """CPR-DOD-1, DEC-867, DEC-856: Juno (REF 9, DEX 8 + Evasion 7, 20.5 on average) 18 m
    from V dodges his heavy pistol, whose range DV there is lower (20 at 13-25 m), so V shoots
    Rook (10 m aside, 22 m on), who cannot dodge, first though he is farther; at 30 m (DV 25)
    she keeps the DV, as Rook does, and the nearer is shot first: Juno. Seriously wounded (-2,
    C-9) she keeps the DV at 18 m too (18.5). Before, a REF 8+ fighter who dodges came after
    the rest at any range."""
    state = initial_state(load_scenario(EXAMPLES / "night-market.toml"))

    def first(juno_m: float, rook_m: float, *, hurt: bool = False) -> str:
        juno, rook = state.combatant("Juno"), state.combatant("Rook")
        taken = juno.hits_max - math.ceil(juno.hits_max / 2) + 1 if hurt else 0
        placed = state.with_combatant(
            replace(
                juno,
                position=Point(x_ft=0, y_ft=feet_from_metres(juno_m)),
                hits_taken=taken,
            )
        ).with_combatant(
            replace(rook, position=Point(x_ft=feet_from_metres(10), y_ft=feet_from_metres(rook_m)))
        )
        lines = list(sharp(placed, "V"))
        juno_at = lines.index("V shoots Juno --twice")
        return "Juno" if juno_at < lines.index("V shoots Rook --twice") else "Rook"

    assert first(18, 22) == "Rook"  # she dodges: 20.5 beats DV 20
    assert first(30, 34) == "Juno"  # DV 25: she keeps it
    assert first(18, 22, hurt=True) == "Juno"  # 18.5 does not beat DV 20
    assert first(34, 30) == "Rook"  # the nearer of two who keep the DV


def test_c_8_sharp_offers_no_throw_once_nothing_is_left_to_throw() -> None:
    """C-8: the pair still shares the square, but V's grenades are gone: V shoots first."""
    state = initial_state(load_scenario(EXAMPLES / "night-market.toml"))
    v = state.combatant("V")
    guns = tuple(w for w in v.weapons if w.loaded is not None)
    lines = list(sharp(state.with_combatant(replace(v, weapons=guns)), "V"))
    assert not any("throws" in line for line in lines)
    assert lines[0] == "V shoots Rook --twice"


def test_dec_540_cpr_counts_carried_rounds_and_what_is_left_to_throw() -> None:
    state = initial_state(load_scenario(EXAMPLES / "night-market.toml"))
    cpr = find_ruleset("cpr")
    v = state.combatant("V")
    assert cpr.can_still_harm(v)
    pistol = v.weapon("pistol")
    assert pistol is not None and pistol.loaded is not None
    dry = replace(pistol, loaded=replace(pistol.loaded, rounds=0))
    assert cpr.can_still_harm(replace(v, weapons=(dry,)))  # 16 rounds still carried
    assert not cpr.can_still_harm(replace(v, weapons=(), stats=replace(v.stats, carried=())))


def test_k_4_crd_mode_1_ready_gets_up_and_cocks_before_it_shoots() -> None:
    """K-4 and CRD-MODE-1: a turn owed to getting up or cocking is offered first, and the
    shot follows; neither is offered when nothing is owed (the rules would refuse it)."""
    state = initial_state(load_scenario(EXAMPLES / "cards-alley.toml"))
    assert ready(state, "Giga")[0].startswith("Giga shoots ")
    giga = state.combatant("Giga")
    owing = replace(
        giga, stats=replace(giga.stats, knocked_down=True, uncocked=(giga.weapons[0].name,))
    )
    lines = ready(state.with_combatant(owing), "Giga")
    assert lines[:2] == ["Giga gets up", "Giga cocks"]
    assert lines[2].startswith("Giga shoots ")


def test_every_bundled_example_is_decided_by_the_default_tactics() -> None:
    """DEC-540, DEC-541: with each ruleset's default tactics, the rounds run out in few
    fights of any bundled example (docs/odds.md lists the shares)."""
    for path in sorted(EXAMPLES.glob("*.toml")):
        if "[[combatant]]" not in path.read_text():
            continue
        summary = simulate_fights(path, fights=12, seed=5)
        assert summary.undecided() <= 2 / 12, path.name


STREET = EXAMPLES / "street-ambush.toml"


def _street_opened() -> EncounterState:
    """The street ambush in round 1: Sofia stands in the open 6 ft from the car; Rook kneels
    behind the dumpster; Vasco carries a Zastava that fires rapid."""
    rmu = find_ruleset("rmu")
    return engine.open_fight_quietly(initial_state(load_scenario(STREET)), rmu, Dice.seeded(0))


def _accepted(state: EncounterState, name: str) -> str:
    """The first of ``covered``'s lines the rules accept."""
    rmu = find_ruleset("rmu")
    for line in covered(state, name):
        try:
            engine.act(state, line, rmu, Dice.seeded(1))
        except RuleRefusal:
            continue
        return line
    raise AssertionError(f"nothing accepted for {name}")


def test_rmu_mov_1_p_1_covered_dashes_behind_a_barrier_in_reach_only_from_the_open() -> None:
    """RMU-MOV-1, P-1: in the open with the car a step away, the dash comes before any shot;
    behind the dumpster, none is offered."""
    state = _street_opened()
    lines = covered(state, "Sofia")
    dash = "Sofia dashes to cover car --from Vasco"
    assert lines.index(dash) < lines.index("Sofia shoots Vasco --prepared")
    assert _accepted(state, "Sofia") == dash
    assert not any("dashes" in line for line in covered(state, "Rook"))


def test_dec_542_after_a_dash_the_tactic_is_asked_again_on_the_same_turn() -> None:
    """R-5: Sofia, surprised, has 2 AP; the dash (R-6: one BMR, 1 AP) leaves her behind the car
    with one, which her next line spends (a full glock is not reloaded: she waits)."""
    rmu = find_ruleset("rmu")
    state = _street_opened()
    assert vitals(state.combatant("Sofia")).ap_left == 2
    after = _turn(state, state.combatant("Sofia"), rmu, Dice.seeded(0), covered, {})
    sofia = after.combatant("Sofia")
    assert (sofia.position.x_ft, sofia.position.y_ft) == (0.0, -7.5)
    assert vitals(sofia).ap_left == 0


def test_rmu_rf_2_rmu_rf_5_covered_prepares_a_rapid_gun_then_empties_it_next_round() -> None:
    """RMU-RF-2: with the round's 4 AP Vasco prepares the Zastava at the nearest enemy;
    RMU-RF-5: in the next round emptying it comes first."""
    rmu = find_ruleset("rmu")
    state = _moved(_street_opened(), "Teo", 30.0, 2.0)  # apart: no sweep over both
    assert _accepted(state, "Vasco") == "Vasco prepares rapid fire at Teo"
    prepared = _turn(state, state.combatant("Vasco"), rmu, Dice.seeded(3), covered, {})
    ready = rmu_stats(prepared.combatant("Vasco")).fire.ready
    assert ready is not None and ready.fire_round == 2
    following = engine.next_round_quietly(prepared, rmu, Dice.seeded(4))
    assert _accepted(following, "Vasco") == "Vasco empties the gun at Teo"


def test_covered_reloads_an_empty_gun_anywhere_and_a_full_one_never() -> None:
    state = _street_opened()
    assert "Sofia reloads" not in covered(state, "Sofia")  # a full glock
    sofia = state.combatant("Sofia")
    glock = sofia.weapons[0]
    assert glock.loaded is not None
    empty = replace(glock, loaded=replace(glock.loaded, rounds=0))
    assert "Sofia reloads" in covered(state.with_combatant(sofia.with_weapon(empty)), "Sofia")


def test_covered_fights_are_the_same_quiet_and_recorded() -> None:
    loaded = load_scenario(STREET)
    chosen = {"marks": "covered", "ambushers": "covered"}
    for seed in range(3):
        quiet = fight_once(loaded, Dice.seeded(seed), max_rounds=4, tactics=chosen)
        loud = fight_once(loaded, Dice.seeded(seed), max_rounds=4, quiet=False, tactics=chosen)
        assert quiet == loud


def test_rmu_sup_1_covered_sweeps_two_enemies_who_stand_together() -> None:
    """RMU-SUP-1: Sofia (0,0) and Teo (6,2) stand 6.3 ft apart, within the 10 ft that makes
    them one target: Vasco sweeps 11 ft wide (their gap and 4 ft) between them before he
    would prepare; 30 ft apart, no sweep is offered."""
    state = _street_opened()
    lines = covered(state, "Vasco")
    sweep = "Vasco sweeps 11 ft wide at 3,1"
    assert lines.index(sweep) < lines.index("Vasco prepares rapid fire at Teo")
    assert _accepted(state, "Vasco") == sweep
    apart = _moved(state, "Teo", 30.0, 2.0)
    assert not any("sweeps" in line for line in covered(apart, "Vasco"))


def test_c_5_cpr_rof_1_cpr_ammo_1_sharp_offers_only_what_the_gun_in_hand_can_fire() -> None:
    """C-5: Rook's SMG has an autofire cap, so sharp sprays with it, but only with a full
    burst loaded; V's and Juno's pistols have none. CPR-ROF-1: the SMG is ROF 1, so no two
    shots. CPR-AMMO-1: an empty gun offers no shot at all, only the reload. The rules would
    refuse each line left out, rolling nothing."""
    state = initial_state(load_scenario(EXAMPLES / "night-market.toml"))
    rook = list(sharp(state, "Rook"))
    assert "Rook autofires at V" in rook
    assert "Rook shoots V --twice" not in rook and "Rook shoots V" in rook
    assert not any("autofires" in line for line in [*sharp(state, "V"), *sharp(state, "Juno")])
    smg = state.combatant("Rook").weapon()
    assert smg is not None and smg.loaded is not None

    def loaded(rounds: int) -> EncounterState:
        gun = replace(smg, loaded=replace(smg.loaded, rounds=rounds))
        return state.with_combatant(replace(state.combatant("Rook"), weapons=(gun,)))

    assert "Rook autofires at V" not in list(sharp(loaded(9), "Rook"))
    assert "Rook shoots V" in list(sharp(loaded(9), "Rook"))
    # cpr has no waiting action: with nothing to fire, reloading is the last line offered.
    assert list(sharp(loaded(0), "Rook")) == ["Rook reloads"]


def test_dec_620_dec_540_a_thrower_clear_of_the_casualty_band_throws_without_a_step() -> None:
    """RMU-EXP-5: in the rail yard Mara stands 31 ft from the couriers' midpoint, inside the
    M67's 50 ft casualty band: she steps back first. Moved 71 ft off, only Jonah stands in it; a
    step of hers would move nobody out of it, so she throws at once (Jonah is clear of the kill
    band). The line is offered once, before the shots."""
    yard = initial_state(load_scenario(EXAMPLES / "rail-yard.toml"))
    state = engine.open_fight_quietly(yard, find_ruleset("rmu"), Dice.seeded(0))
    lines = list(aimed(state, "Mara"))
    assert lines[0] == "Mara moves -2.5,-18.8"
    clear = _moved(state, "Mara", 0.0, -40.0)
    lines = list(aimed(clear, "Mara"))
    assert lines[0] == "Mara throws m67 at 7,30.5"
    assert lines.count("Mara throws m67 at 7,30.5") == 1
    assert not any("moves" in line for line in lines)


@pytest.mark.parametrize(
    ("tactics", "says"),
    [
        ('{ pirates = "plain" }', "No side is called 'pirates' here; the sides are hunters"),
        ('{ smugglers = "sneaky" }', "rmu has no tactic 'sneaky'; it has aimed"),
    ],
)
def test_dec_474_a_scenario_s_tactics_are_checked_as_it_is_loaded(
    tmp_path: Path, tactics: str, says: str
) -> None:
    """DEC-474: a side or a tactic the scenario's `[scenario] tactics` names wrongly is refused
    when the file is read (by `encounter new` as by `odds simulate`), in side_tactics' words,
    with the line it is on."""
    text = WAREHOUSE.read_text().replace(
        'ruleset = "rmu"\n', f'ruleset = "rmu"\ntactics = {tactics}\n', 1
    )
    path = tmp_path / "warehouse.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError, match=says) as refused:
        load_scenario(path)
    assert "scenario, tactics" in str(refused.value) and refused.value.line is not None
    with pytest.raises(ScenarioError, match=says):
        parse_scenario(text, "warehouse.toml")
