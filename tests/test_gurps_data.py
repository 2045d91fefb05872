"""The gurps data files: sources, 3e-only figures, and every property 002 states about its
figures (GUR-CORE-1, GUR-AMMO-1, GUR-ARROW-1, GUR-RELOAD-1, GUR-OPP-1, GUR-MOD-1, GUR-MOVE-1,
GUR-IND-1, GUR-GUN-1, GUR-RANGE-1, GUR-LOC-1; DEC-204)."""

from __future__ import annotations

import tomllib
from importlib.resources import files

import pytest

from firefight.rulesets.gurps.data import DATA, FILES, Sourced

DATA_DIR = files("firefight.rulesets.gurps").joinpath("data")


@pytest.mark.parametrize("name", FILES)
def test_every_file_says_where_its_figures_come_from(name: str) -> None:
    """GUR-CORE-1: each file has a source; provisional files say how they were derived; the
    3e core sections are marked public core (3e) with where they come from, and a section of
    the project's own (a DEC's) is provisional and says how it was made."""
    raw = tomllib.loads(DATA_DIR.joinpath(f"{name}.toml").read_text(encoding="utf-8"))
    header = raw["table"]
    assert header["source"]
    if header["provisional"]:
        assert header["derivation"]
    for section in raw.values():
        if isinstance(section, dict) and "source" in section and section is not header:
            source = section["source"]
            assert source.startswith(("RULINGS", "public core (3e): ", "DEC-")), source
            if source.startswith("DEC-"):
                assert section["provisional"] and section["derivation"], source


def test_gur_core_1_no_4th_edition_damage_types() -> None:
    """GUR-CORE-1 (G-3) anti-pattern: 3e bullets do crushing damage; 4e's piercing types are
    absent everywhere."""
    types = {w.type for w in DATA.weapons.values()} | {a.type for a in DATA.arrows.values()}
    assert types <= {"crushing", "cutting", "impaling", "fire"}
    assert all(w.type == "crushing" for w in DATA.weapons.values() if w.kind == "firearm")
    assert set(DATA.core.wounding.model_dump()) - {"source", "provisional", "derivation"} == {
        "crushing",
        "cutting",
        "impaling",
        "fire",
    }


def test_gur_core_1_tables_cover_3d6() -> None:
    """GUR-CORE-1 (GUR-LOC-1): the hit-location and critical-hit rows cover 3..18 once."""
    for rows in (DATA.location_rows, DATA.critical_rows):
        assert sorted(r for row in rows for r in row) == list(range(3, 19))


ARROWS = {
    # head: (adds, type, max, 1/2D x ST, Max x ST) as 002 gives them
    "armor-piercing": (1, "impaling", "1d", 20, 25),
    "blunt": (0, "crushing", "1d-3", 15, 20),  # its Thrust-1 is -1 per die (DEC-723)
    "bodkin": (2, "impaling", "1d+2", 15, 20),
    "bowel-raker": (3, "cutting", "1d+4", 15, 20),
    "broad-head": (3, "impaling", "1d+4", 20, 25),
    "flying": (-1, "impaling", "1d-3", 20, 35),
    "frog-crotch": (-1, "crushing", "1d-3", 15, 20),
    "humming": (-1, "crushing", "1d-3", 15, 20),
    "incendiary": (3, "impaling", "1d+4", 15, 20),
    "leaf": (3, "cutting", "1d+4", 20, 25),
    "target": (-1, "impaling", "1d-1", 20, 25),
}


@pytest.mark.parametrize(("key", "figures"), sorted(ARROWS.items()))
def test_gur_arrow_1_arrow_heads(key: str, figures: tuple[int, str, str, int, int]) -> None:
    """GUR-ARROW-1: each head's damage, type, maximum and ranges as ST multiples."""
    a = DATA.arrows[key]
    assert (a.adds, a.type, a.max, a.half_damage_st, a.max_st) == figures


def test_gur_ammo_1_costs_legality_and_malf() -> None:
    """GUR-AMMO-1: the costs (x normal), legality classes and Malf changes 002 lists."""
    listed = {k: (a.cost, a.legality, a.malf) for k, a in DATA.ammo.items()}
    assert listed["api"] == (5, 0, 0)
    assert listed["ape"] == (5, 0, 0)
    assert listed["aps"] == (5, 1, 0)
    assert listed["blank"] == (1, 4, -1)
    assert listed["dual"] == (2, 3, -1)
    assert listed["explosive"] == (2, 0, 0)
    assert listed["flechette"] == (2, 3, 0)
    assert listed["hollow-point"] == (1, 3, 0)
    assert listed["incendiary"] == (3, 0, -2)
    assert listed["rubber"] == (1, 3, 0)
    assert listed["tracer"] == (2, 1, -1)
    assert listed["stun-bag"] == (2, 3, 0)


def test_gur_reload_1_and_gur_gun_1_figures() -> None:
    """GUR-RELOAD-1, GUR-GUN-1: reload seconds and powder and barrel figures as 002 lists."""
    r = DATA.house.reload
    assert (r.sling, r.bow, r.crossbow, r.crossbow_heavy) == (2, 2, 4, 8)
    assert r.mixed_quiver_choosing == 1  # a bow's 3 turns from a mixed quiver (DEC-725)
    fine, coarse = DATA.house.powder["fine"], DATA.house.powder["coarse"]
    assert (fine.extra_dice, fine.range_multiplier, fine.rcl, fine.burst_on) == (1, 1.25, -2, 1)
    assert (coarse.hit, coarse.range_multiplier) == (-1, 0.75)
    short, long = DATA.house.barrel["short"], DATA.house.barrel["long"]
    assert (short.per_die, short.acc, short.holdout, long.per_die, long.acc, long.holdout) == (
        -1,
        -2,
        1,
        1,
        1,
        -2,
    )
    assert (short.fast_draw, long.fast_draw) == (1, -2)


def test_gur_mod_1_gur_range_1_targeting_figures() -> None:
    """GUR-MOD-1: snap shot -4; aiming one turn Acc, then +1 a turn to +3 at four turns or more;
    bracing +1; a pop-up attack -2, so -6 with its snap shot. GUR-RANGE-1: a stationary,
    unaware target +4. DEC-204: a laser sight's snap shot -1 under 50 yd, -2 to 100, -4 beyond."""
    t = DATA.house.targeting
    assert [t.aim_bonus(turns) for turns in range(1, 7)] == [0, 1, 2, 3, 3, 3]
    assert (t.snap_shot, t.braced, t.pop_up, t.unaware_stationary) == (-4, 1, -2, 4)
    assert t.pop_up + t.snap_shot == -6
    laser = [t.laser_snap(yd) for yd in (10, 49.9, 50, 100, 100.1, 400)]
    assert laser == [-1, -1, -2, -2, -4, -4] and t.laser_snap_far == t.snap_shot


def test_gur_move_1_gur_ind_1_gur_gun_1_gur_loc_1_figures() -> None:
    """GUR-MOVE-1: aiming on the move at 2 yd/s at most, +1 at most. GUR-IND-1: thrown weapons
    and low-tech missile weapons lob; a partial overhead obstruction -4 at worst. GUR-GUN-1: Rcl
    doubled below the weapon's ST. GUR-LOC-1: the vitals triple what impales or a bullet does.
    GUR-AMMO-1: a dual bullet's second missile +2 when the first hit."""
    m, i = DATA.house.moving, DATA.house.indirect
    assert (m.aim_speed_yd, m.aim_bonus_cap) == (2, 1)
    assert sorted(i.kinds) == ["bow", "crossbow", "sling", "thrown"]
    assert i.overhead_worst == -4
    assert DATA.house.recoil.below_min_st_multiplier == 2
    vitals = DATA.location("vitals")
    assert vitals.vitals_multiplier == 3
    assert DATA.ammo["dual"].dual and DATA.ammo["dual"].second_missile_hit == 2


def test_gur_arrow_1_flight_and_trade_off_figures() -> None:
    """GUR-ARROW-1: an arrow, bolt, spear or sling stone beyond 1/2D is 2 s in the air and +2
    to dodge or block; the strength trade-off is +1 damage per ST traded, +2 damage at most."""
    a = DATA.house.arrows
    assert (a.flight_time_seconds, DATA.core.defenses.long_flight_bonus) == (2, 2)
    assert sorted(a.flight_kinds) == ["bow", "crossbow", "sling", "thrown"]
    assert (a.trade_off_damage_per_st, a.trade_off_cap) == (1, 2)


def test_catalog_covers_a_modern_and_a_historical_table() -> None:
    """GUR-CORE-1: revolver, pistols, shotgun, rifles, SMG, bows, crossbow, sling, thrown
    knife and spear, musket and flintlock pistol are all in the catalog."""
    kinds = {w.kind for w in DATA.weapons.values()}
    assert {"firearm", "bow", "crossbow", "sling", "thrown", "beam"} <= kinds
    for key in (
        "revolver-38",
        "pistol-9mm",
        "shotgun-12",
        "rifle-3006",
        "assault-rifle",
        "smg-9mm",
        "longbow",
        "composite-bow",
        "compound-bow",
        "crossbow",
        "sling",
        "thrown-knife",
        "thrown-spear",
        "musket",
        "flintlock-pistol",
    ):
        assert key in DATA.weapons


def test_gur_core_1_every_recalled_3e_figure_says_how_it_was_made() -> None:
    """GUR-CORE-1: each provisional (recalled 3e) section of core.toml carries its derivation,
    and the weapon and armor tables theirs."""
    sections = [getattr(DATA.core, name) for name in type(DATA.core).model_fields]
    recalled = [s for s in sections if isinstance(s, Sourced) and s.provisional]
    assert len(recalled) >= 7
    assert all("recalled" in s.derivation for s in recalled)
    assert all(s.source.startswith("public core (3e)") for s in recalled)


# --- what 002 states about the recalled stand-ins (weapons, armor, the 3e core) ----------------


def test_gur_reload_1_a_bow_crossbow_or_sling_rof_is_its_reload_time() -> None:
    """GUR-RELOAD-1, GUR-GUN-1: 002 gives a RoF as the seconds to load between shots (a
    matchlock's 1/60 for its 60 s), and a sling and a bow 2 s to reload (each fires every
    3), a crossbow of the user's ST 4 s (every 5): the catalog's RoF and reload seconds of
    each are those, so a crossbow reads 1/4 and a sling 1/2, as a bow reads 1/2."""
    house = DATA.house.reload
    seconds = {"sling": house.sling, "bow": house.bow, "crossbow": house.crossbow}
    assert seconds == {"sling": 2, "bow": 2, "crossbow": 4}
    missiles = [w for w in DATA.weapons.values() if w.kind in seconds]
    assert {w.kind for w in missiles} == set(seconds)
    for w in missiles:
        assert (w.rof, w.reload_seconds) == (f"1/{seconds[w.kind]}", seconds[w.kind]), w.key


def test_gur_reload_1_each_black_powder_load_time_is_its_lock_and_barrels() -> None:
    """GUR-RELOAD-1: 002 loads a matchlock in 60 s, a smoothbore flintlock in 20 s and a
    rifled one in 30 s: every black-powder gun of the catalog, the flintlock pistol too."""
    loads = {w.key: w.load_seconds for w in DATA.weapons.values() if w.black_powder}
    assert loads == {"musket": 20, "flintlock-pistol": 20, "rifled-musket": 30, "matchlock": 60}


def test_gur_ammo_1_a_caliber_subsonic_as_it_comes_keeps_its_damage_others_lose_some() -> None:
    """GUR-AMMO-1: .38 Special and .45 ACP are subsonic as they come, so their subsonic load
    does their standard damage; a 9x19 (usually faster than sound) and a .44 Magnum slowed
    down do less than their standard loads."""
    for key in ("revolver-38", "pistol-45"):
        assert DATA.weapons[key].subsonic_damage == DATA.weapons[key].damage
    for key in ("pistol-9mm", "smg-9mm", "revolver-44"):
        w = DATA.weapons[key]
        assert w.subsonic_damage is not None
        assert _average(w.subsonic_damage) < _average(w.damage), key


def _average(formula: str) -> float:
    """The average of a dice formula "Nd", "Nd+A" or "Nd-A" (3e d6)."""
    dice, _, adds = formula.partition("d")
    return int(dice) * 3.5 + (int(adds) if adds else 0)


def test_gur_gun_1_a_beam_is_recoilless() -> None:
    """GUR-GUN-1: a recoilless weapon, such as a laser, takes no penalty for its second and
    third shots: every beam weapon's Rcl is 0."""
    beams = [w for w in DATA.weapons.values() if w.kind == "beam"]
    assert beams and all(w.rcl == 0 for w in beams)


def test_gur_gun_1_only_pistols_take_pistol_barrels() -> None:
    """GUR-GUN-1: 002's barrel changes are pistol modifications: the weapons marked as pistols
    are the revolvers and pistols of the catalog, and no long gun, bow or thrown weapon."""
    marked = {w.key for w in DATA.weapons.values() if w.pistol}
    named = {w.key for w in DATA.weapons.values() if {"pistol", "revolver"} & set(w.name.split())}
    assert marked == named and "flintlock-pistol" in marked and "rifle-3006" not in marked


def test_gur_ammo_1_mail_and_kevlar_are_flexible_plate_and_ceramic_rigid() -> None:
    """GUR-AMMO-1: flechettes slip through the weave of mail or Kevlar (DR 2 against them) and
    meet rigid armor, steel plate or ceramic inserts, at double DR: the armor rows so marked."""
    rigid = {a.key for a in DATA.armor.values() if a.rigid}
    assert rigid == {"plate", "ceramic-vest"}
    assert not DATA.armor["chainmail"].rigid and not DATA.armor["kevlar-vest"].rigid


def test_gur_arrow_1_gur_wrong_3_a_missile_seen_coming_may_be_dodged_or_blocked() -> None:
    """GUR-ARROW-1: an arrow, bolt, spear or sling stone seen coming is +2 to Dodge or Block,
    so both defenses work against each; GUR-WRONG-3: a missile blocked or parried is knocked
    away, so a parry works against some. A bullet or a beam is dodged only (G-3)."""
    d = DATA.core.defenses
    flying = set(DATA.house.arrows.flight_kinds)
    assert flying <= set(d.dodge) and flying <= set(d.block) and d.parry
    assert {"firearm", "beam"} <= set(d.dodge)
    assert not {"firearm", "beam"} & (set(d.block) | set(d.parry))


def test_gur_arrow_1_thrust_and_swing_grow_with_st() -> None:
    """GUR-ARROW-1: damage is figured at the bowman's ST, a strong man's heavier missile doing
    more: the 3e damage table runs ST 5 to 25 a row each, thrust and swing never less for more
    ST, and swing never less than thrust."""
    rows = DATA.core.muscle.rows
    assert [row[0] for row in rows] == list(range(5, 26))
    thrust = [dice * 3.5 + adds for _, dice, adds, _, _ in rows]
    swing = [dice * 3.5 + adds for _, _, _, dice, adds in rows]
    assert thrust == sorted(thrust) and swing == sorted(swing)
    assert all(s >= t for s, t in zip(swing, thrust, strict=True))


def test_gur_mod_1_gur_arrow_1_acc_sights_count_on_aimed_shots_and_a_quick_release_always() -> None:
    """GUR-MOD-1, GUR-ARROW-1: what 002 gives as Acc (scopes, night sights, laser sights, a
    bow's peep sight and stabilizers) counts only on a shot aimed for a turn, while a quick
    release's +2 counts on any shot, snap shots too; the other bonuses are not Acc."""
    aimed = {key for key, m in DATA.modifiers.items() if m.aimed}
    assert aimed == {"scope", "night-sight", "laser-sight", "peep-sight", "stabilizers"}
