"""cpr ammunition kinds (RULINGS C-14): armor-piercing ablates 2, expansive lodges a foreign
object, rubber stops at 1 HP and knocks out, incendiary sets on fire (burning at each turn's
end until an Action puts it out), poison and biotoxin loads bypass armor after a failed resist,
sleep knocks out, the other grenade loads only have their effect. Every figure by hand."""

from __future__ import annotations

from typing import Any

import pytest

from cpr_support import scene
from encounter_support import in_memory
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome
from firefight.rulesets.cpr.attack import RangedAttack, Shot, resolve_ranged_attack
from firefight.rulesets.cpr.combatants import Spot, Target
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import (
    ArmorAblated,
    CriticalInjuryInflicted,
    DamageDealt,
    KnockedOut,
    SetOnFire,
)
from firefight.rulesets.cpr.explosives import Explosion, resolve_explosion
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.cpr.wounds import Health
from firefight.trace import Step

DATA = CprData()


def shot(ammo: str, rolls: list[int], *, sp: int = 11, hp: int = 40) -> Outcome:
    """REF 7 + Handgun 6 + d10 5 = 18 beats DV 15 at 10 m; then the heavy pistol's 3d6."""
    target = Target(name="Rook", body_sp=sp, health=Health(hp=hp, max_hp=40))
    attack = RangedAttack(
        weapon="heavy pistol",
        ref=7,
        skill=6,
        shots=(Shot(distance_m=10, target=target),),
        ammo=ammo,
    )
    dice = Dice.scripted([5, *rolls])
    out = resolve_ranged_attack(attack, dice, DATA)
    assert not dice.unused
    return out


def of(out: Outcome, kind: type[Any]) -> list[Any]:
    return [e for e in out.events if isinstance(e, kind)]


def test_c_14_armor_piercing_ablates_2_where_basic_ablates_1() -> None:
    """C-14: 4+4+4 = 12 against SP 11: 1 through; AP takes the SP 11 -> 9, basic 11 -> 10."""
    ap = of(shot("armor-piercing", [4, 4, 4]), ArmorAblated)
    basic = of(shot("basic", [4, 4, 4]), ArmorAblated)
    assert (ap[0].sp_after, basic[0].sp_after) == (9, 10)


def test_c_14_expansive_lodges_a_foreign_object_and_does_not_ablate() -> None:
    """C-14: 1 through, plus the foreign object's 5 bonus: 6 HP; the SP stays 11."""
    out = shot("expansive", [4, 4, 4])
    assert [(c.injury, c.bonus_damage) for c in of(out, CriticalInjuryInflicted)] == [
        ("foreign-object", 5)
    ]
    assert not of(out, ArmorAblated)
    assert out.result.fields()["hp_lost"] == 6
    none_through = shot("expansive", [3, 4, 4])  # 11 against SP 11: nothing through
    assert not of(none_through, CriticalInjuryInflicted)


def test_c_14_rubber_stops_at_1_hp_and_knocks_out() -> None:
    """C-14: 12 through against 3 HP: only 2 are lost (1 HP left) and Rook is knocked out; a
    hit that leaves more than 1 HP just hurts."""
    out = shot("rubber", [4, 4, 4], sp=0, hp=3)
    assert out.result.fields()["hp_lost"] == 2
    assert [k.cause for k in of(out, KnockedOut)] == ["rubber rounds"]
    out = shot("rubber", [4, 4, 4], sp=0, hp=40)
    assert (out.result.fields()["hp_lost"], of(out, KnockedOut)) == (12, [])
    # Less-lethal, no ablation: 12 against SP 11 gets 1 through and the SP stays 11.
    out = shot("rubber", [4, 4, 4])
    assert (out.result.fields()["hp_lost"], of(out, ArmorAblated)) == (1, [])


def test_c_14_incendiary_sets_on_fire_when_damage_gets_through() -> None:
    """C-14: 1 through: on fire, 2 HP a turn; nothing through: no fire."""
    assert [f.hp_per_turn for f in of(shot("incendiary", [4, 4, 4]), SetOnFire)] == [2]
    assert not of(shot("incendiary", [3, 4, 4]), SetOnFire)


def _load(ammo: str, rolls: list[int]) -> Outcome:
    """V (REF 7, Heavy Weapons 6) fires the grenade launcher at Rook 10 m off: DV 15, d10 5 =
    18 goes off. Rook: WILL 4, Resist Torture/Drugs 2, SP 11."""
    rook = Target(
        name="Rook",
        body_sp=11,
        health=Health(hp=40, max_hp=40),
        position=Spot(x_m=0, y_m=10),
        will=4,
        resist=2,
    )
    blast = Explosion(
        weapon="grenade launcher",
        aim_point=Spot(x_m=0, y_m=10),
        targets=(rook,),
        stat=7,
        skill=6,
        attacker="V",
        ammo=ammo,
    )
    dice = Dice.scripted([5, *rolls])
    out = resolve_explosion(blast, dice, DATA)
    assert not dice.unused
    return out


def test_c_14_poison_and_biotoxin_bypass_armor_after_a_failed_resist() -> None:
    """C-14: 4 + 2 + d10 3 = 9 fails DV 13: poison's 2d6 3+4 = 7 straight to HP, the SP
    untouched; biotoxin DV 15, 3d6 2+2+2 = 6; 4 + 2 + 8 = 14 resists poison, not biotoxin."""
    out = _load("poison", [3, 3, 4])
    assert [(d.sp, d.hp_lost) for d in of(out, DamageDealt)] == [(0, 7)]
    assert not of(out, ArmorAblated)
    out = _load("biotoxin", [3, 2, 2, 2])
    assert [d.hp_lost for d in of(out, DamageDealt)] == [6]
    assert not of(_load("poison", [8]), DamageDealt)
    assert [d.hp_lost for d in of(_load("biotoxin", [8, 1, 1, 1]), DamageDealt)] == [3]
    # At the DVs: 4 + 2 + 7 = 13 ties poison's DV 13 and 4 + 2 + 9 = 15 biotoxin's DV 15; the
    # DV wins ties, so both take their damage.
    assert [d.hp_lost for d in of(_load("poison", [7, 3, 4]), DamageDealt)] == [7]
    assert [d.hp_lost for d in of(_load("biotoxin", [9, 1, 1, 1]), DamageDealt)] == [3]


def test_c_14_sleep_knocks_out_and_the_other_loads_only_have_their_effect() -> None:
    """C-14: sleep 9 < 13 knocks out; a flashbang, EMP, smoke or teargas load rolls no damage
    and no resist here, only its narrated effect."""
    assert [k.cause for k in of(_load("sleep", [3]), KnockedOut)] == ["sleep load"]
    # Sleep's DV 13: 4 + 2 + 7 = 13 ties and sleeps; 4 + 2 + 8 = 14 resists.
    assert [k.cause for k in of(_load("sleep", [7]), KnockedOut)] == ["sleep load"]
    assert not of(_load("sleep", [8]), KnockedOut)
    for load in ("flashbang", "emp", "smoke", "teargas"):
        out = _load(load, [])
        assert not of(out, DamageDealt)
        steps = [e.text for e in out.trace if isinstance(e, Step)]
        assert any(DATA.ammunition(load).effect in s for s in steps)


def test_c_14_a_magazine_takes_only_its_weapons_kinds() -> None:
    """CPR-AMMO-1, C-14: a pistol takes no poison; every kind has a source; the provisional
    ones say how they were set."""
    with pytest.raises(RuleRefusal, match="CPR-AMMO-1"):
        shot("poison", [])
    for ammo in DATA.ammo.values():
        assert ammo.source
    assert DATA.ammunition("armor-piercing").ablation == 2
    assert not DATA.ammunition("armor-piercing").provisional
    assert DATA.ammunition("biotoxin").resist is not None


def test_c_14_in_an_encounter_the_fire_burns_until_put_out() -> None:
    """C-14: Rook set on fire burns 2 HP at the end of the turn; the next turn an Action puts
    it out and nothing more burns."""
    people = [
        {
            "name": n,
            "position": [0, y],
            "hp": 40,
            "ref": r,
            "dex": 6,
            "will": 4,
            "move": 6,
            "skills": {"Handgun": 6},
            "weapon": [
                {"name": "pistol", "weapon": "heavy pistol", "ammo": "incendiary", "loaded": 8}
            ],
        }
        for n, y, r in (("V", 0, 7), ("Rook", 10, 6))
    ]
    doc = scene(*people)
    service = in_memory("fight", doc, Dice.scripted([5, 5]))
    service.act("fight", "V shoots Rook", Dice.scripted([5, 1, 2, 3]))  # 6 through, on fire
    assert service.state("fight").combatant("Rook").hits_left == 34
    record = service.next_round("fight", Dice.scripted([])).record
    assert "Rook burns: 2 HP [C-14]." in record.narration
    assert service.state("fight").combatant("Rook").hits_left == 32
    service.act("fight", "Rook extinguishes", Dice.scripted([]))
    assert fighter(service.state("fight").combatant("Rook")).burning == 0
    service.next_round("fight", Dice.scripted([]))
    assert service.state("fight").combatant("Rook").hits_left == 32
    with pytest.raises(RuleRefusal, match="C-14: Rook is not on fire"):
        service.act("fight", "V extinguishes Rook", Dice.scripted([]))


def test_c_14_every_kind_the_ruling_names_is_shipped_marked_public_core() -> None:
    """C-14: the shipped kinds are exactly basic and shotgun shells (001, C-7) plus the eight
    rounds and five grenade loads the ruling names, each of those marked public core; the five
    loads, and only they, are grenade loads; poison and biotoxin, and no round, bypass armor."""
    rounds = {"armor-piercing", "expansive", "incendiary", "rubber", "smart", "poison"}
    rounds |= {"biotoxin"}
    loads = {"flashbang", "emp", "smoke", "teargas", "sleep"}
    shipped = CprData().ammo
    assert set(shipped) == {"basic", "shell"} | rounds | loads
    for key in rounds | loads:
        assert "public core" in shipped[key].source, key
    assert {k for k, a in shipped.items() if a.load} == loads
    bypass = {k for k, a in shipped.items() if a.resist is not None and not a.load}
    assert bypass == {"poison", "biotoxin"}
    assert shipped["basic"].ablation in (None, 1) and shipped["armor-piercing"].ablation == 2
