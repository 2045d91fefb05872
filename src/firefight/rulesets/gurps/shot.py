"""What a player may say about one shot (the declaration of ``firefight gurps shoot``, of its
odds and of the encounter's ``shoots``): every option of the shot, with its bounds and the rule
it serves. The shot is resolved by :func:`firefight.rulesets.gurps.attack.resolve_shot`.

Distances are in yards and speeds in yards per second (RULINGS G-4).
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import param
from firefight.errors import RuleRefusal
from firefight.limits import MAX_GM_MODS
from firefight.rulesets.gurps.data import DATA, weapon_keys
from firefight.scene.gm_mods import read_mod
from firefight.trace import Modifier

__all__ = ["Shoot", "check_missile"]

#: The largest GM's modifier either way: a skill runs 1 to 30.
_GM_MOST = 99


def _ammo() -> list[str]:
    return sorted(DATA.ammo)


def _arrows() -> list[str]:
    return sorted(DATA.arrows)


def _armor() -> list[str]:
    return sorted(DATA.armor)


def _locations() -> list[str]:
    return [row.key for row in DATA.core.location]


def _trade_off_cap() -> float:
    return DATA.house.arrows.trade_off_cap


def _trade_off_help() -> str:
    return f"ST taken off range for {DATA.house.arrows.trade_off_damage_per_st:+d} damage each."


def _worst_overhead() -> float:
    return DATA.house.indirect.overhead_worst


def _arrow_st_help() -> str:
    per = DATA.house.arrows.light_arrow_st_per_penalty
    return f"ST the arrows were made for (lighter than the bow: -1 per {per})."


def braced_help() -> str:
    """``--braced``'s help, a shot's and a maneuver's, with the bonus the data gives."""
    return f"Braced while aiming ({DATA.house.targeting.braced:+d}, GUR-MOD-1)."


def _pop_up_help() -> str:
    return f"Pop-up attack ({DATA.house.targeting.pop_up:+d}, always a snap shot)."


def _hesitate_help() -> str:
    return f"Call a location on a snap shot anyway ({DATA.house.wrong_target.hesitation:+d})."


def _surprised_help() -> str:
    bonus = DATA.house.targeting.unaware_stationary
    return f"Target stationary and unaware ({bonus:+d}, no defense)."


def _stunned_help() -> str:
    return f"Target stunned ({DATA.core.injury.stunned_defense:+d} to defend)."


@dataclass(frozen=True, slots=True, kw_only=True)
class Shoot:
    """One turn's shooting at one target: the weapon, the shooter, the target and the scene."""

    # the weapon and the shooter
    weapon: str = param(help="Weapon key (see `firefight weapons -r gurps`).", choices=weapon_keys)
    skill: int = param(help="The shooter's skill with it.", low=1, high=30, rule="GUR-CORE-1")
    st: int = param(10, help="The shooter's ST.", low=3, high=30, rule="GUR-GUN-1")
    shots: int = param(1, help="Shots this turn (Rcl each).", low=1, high=20, rule="G-5")
    ammo: str = param("standard", help="Ammunition.", choices=_ammo, rule="GUR-AMMO-1")
    arrow: str | None = param(None, help="Arrow or bolt head.", choices=_arrows, rule="GUR-ARROW-1")
    bow_st: int | None = param(
        None,
        help="The bow's ST rating (if above the archer's, the difference is a penalty).",
        low=3,
        high=40,
        rule="GUR-ARROW-1",
    )
    arrow_st: int | None = param(
        None,
        help=_arrow_st_help,
        low=3,
        high=40,
        rule="GUR-ARROW-1",
    )
    trade_off: int = param(
        0,
        help=_trade_off_help,
        low=0,
        high=_trade_off_cap,
        rule="GUR-ARROW-1",
    )
    powder: str = param(
        "normal",
        help="Black powder grade.",
        choices=("normal", "coarse", "fine"),
        rule="GUR-RELOAD-1",
    )
    barrel: str = param(
        "normal", help="Pistol barrel.", choices=("normal", "short", "long"), rule="GUR-GUN-1"
    )
    # where the target is
    distance: float = param(help="Ground distance.", unit="yd", low=0, high=20000, rule="G-2")
    speed: float = param(0.0, help="Target's speed.", unit="yd/s", low=0, high=2000, rule="G-2")
    elevation: float = param(
        0.0,
        help="Shooter's height over the target (below: negative).",
        unit="yd",
        low=-2000,
        high=2000,
        rule="GUR-ELEV-1",
    )
    bearing: float = param(
        0.0,
        help="Target's direction off the facing.",
        unit="deg",
        low=-360,
        high=360,
        rule="GUR-ARC-1",
    )
    vision: str = param(
        "normal", help="Arc of vision.", choices=("normal", "peripheral", "360"), rule="GUR-ARC-1"
    )
    # how the shot is taken
    maneuver: str = param(
        "attack",
        help="3e maneuver: attack, all-out (All-Out Attack) or move-and-attack (with --moving).",
        choices=("attack", "all-out", "move-and-attack"),
        rule="GUR-CORE-1",
    )
    aim: int = param(0, help="Turns spent aiming.", low=0, high=10, rule="GUR-MOD-1")
    braced: bool = param(False, help=braced_help, rule="GUR-MOD-1")
    pop_up: bool = param(False, help=_pop_up_help, rule="GUR-MOD-1")
    location: str = param(
        "body", help="Hit location aimed at.", choices=_locations, rule="GUR-LOC-1"
    )
    hesitate: bool = param(False, help=_hesitate_help, rule="GUR-LOC-1")
    blind: bool = param(False, help="Shooting blind (random location).", rule="GUR-LOC-1")
    mods: tuple[str, ...] = param(
        (),
        help="Catalog modifier KEY or KEY=N (see `gurps modifiers`).",
        high=40,
        rule="GUR-MOD-1",
    )
    mod: tuple[str, ...] = param(
        (),
        help=f"A GM's modifier VALUE:LABEL added to the effective skill, e.g. +2:spotter, VALUE "
        f"-{_GM_MOST} to {_GM_MOST} (DEC-819).",
        high=MAX_GM_MODS,
        sweep=False,
        gm=True,
    )
    moving: str = param(
        "no", help="Firing on the move.", choices=("no", "walking", "running"), rule="GUR-MOVE-1"
    )
    pace: float = param(
        0.0, help="Shooter's pace while moving.", unit="yd/s", low=0, high=30, rule="GUR-MOVE-1"
    )
    move: int = param(5, help="Shooter's Move.", low=0, high=30, rule="GUR-MOVE-1")
    bad_terrain: bool = param(False, help="Moving over bad terrain.", rule="GUR-MOVE-1")
    opportunity: str | None = param(
        None, help="Opportunity fire: hexes watched (a number), line or cone.", rule="GUR-OPP-1"
    )
    in_the_way: int = param(
        0, help="Characters in the line of fire.", low=0, high=30, rule="GUR-WRONG-1"
    )
    hard_cover: bool = param(
        False, help="The target is behind hard cover (APE shrapnel).", rule="GUR-AMMO-1"
    )
    range_known: bool = param(True, help="The range is known.", rule="GUR-RANGE-1")
    crosswind: float = param(
        0.0, help="Crosswind speed.", unit="yd/s", low=0, high=100, rule="GUR-RANGE-1"
    )
    indirect: bool = param(False, help="Lob it (indirect fire).", rule="GUR-IND-1")
    overhead: int = param(
        0,
        help="Partial overhead obstruction for a lob.",
        low=_worst_overhead,
        high=0,
        rule="GUR-IND-1",
    )
    no_room: bool = param(False, help="No overhead room to lob.", rule="GUR-IND-1")
    # the target
    surprised: bool = param(False, help=_surprised_help, rule="GUR-RANGE-1")
    defense: str = param(
        "none",
        help="Active defense.",
        choices=("none", "dodge", "block", "parry"),
        rule="G-3",
    )
    defense_value: int = param(0, help="Dodge, Block or Parry score.", low=0, high=30, rule="G-3")
    armor: str = param("none", help="Target's armor.", choices=_armor, rule="G-3")
    dr: int | None = param(None, help="DR in place of the armor's.", low=0, high=200, rule="G-3")
    pd: int | None = param(None, help="PD in place of the armor's.", low=0, high=10, rule="G-3")
    shield_pd: int = param(0, help="Shield PD.", low=0, high=6, rule="G-3")
    hp: int | None = param(
        None, help="Target's HP (for shock and wounds).", low=1, high=200, rule="GUR-CORE-1"
    )
    ht: int = param(10, help="Target's HT.", low=1, high=25, rule="GUR-CORE-1")
    injured: int = param(
        0, help="HP the target has lost already.", low=0, high=1000, rule="GUR-CORE-1"
    )
    stunned: bool = param(False, help=_stunned_help, rule="GUR-CORE-1")
    unconscious: bool = param(
        False, help="Target unconscious already: no knockdown roll.", rule="GUR-CORE-1"
    )

    def gm_mods(self) -> tuple[Modifier, ...]:
        """The GM's own modifiers (``--mod``), each added to the effective skill as typed:
        +2 helps the shooter, as every to-hit modifier of GUR-MOD-1 reads (DEC-819)."""
        return tuple(read_mod(m, example="+2:spotter", most=_GM_MOST) for m in self.mod)


def check_missile(
    weapon: str,
    *,
    thrown: bool,
    said: str | None = None,
    verbs: tuple[str, str] = ("shoot", "throw"),
) -> None:
    """Refuse ``weapon`` (a catalog key) to the command that does not take it: ``throw``
    (``thrown``) takes only a thrown weapon, ``shoot`` only one that is shot, since GUR-IND-1
    tells them apart (the lob's penalty) and the command typed should say which the roll is
    (DEC-907); the odds of either refuse as the command does (DEC-889), and an encounter's
    ``shoots`` and ``throws`` lines as well (DEC-890). ``said`` is the weapon as the refusal
    names it ("A thrown-knife" by default; an encounter's is whose it is, by the scene's name)
    and ``verbs`` the word that shoots and the one that throws, as the GM types them."""
    shoot, throw = verbs
    named = said if said is not None else f"A {weapon}"
    is_thrown = DATA.weapon(weapon).kind == "thrown"
    if thrown and not is_thrown:
        raise RuleRefusal("GUR-IND-1", f"{named} is shot, not thrown: use {shoot}.")
    if not thrown and is_thrown:
        raise RuleRefusal("GUR-IND-1", f"{named} is thrown, not shot: use {throw}.")
