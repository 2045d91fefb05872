"""``firefight cpr ...``: resolve cpr attacks from the command line.

Every resolving command takes the dice options (``--rolls``, ``--seed``, ``--ask``) and
``--json``; a refusal prints one line and exits with status 2. Distances and positions are in
metres. The commands turn options into a declaration, call the resolver, and show its outcome:
no rules live here.

Targets of area commands (``shotgun-shells``, ``explode``, ``suppress``, ``throw`` with a
grenade) are given as repeated ``--target`` options, ``NAME:X,Y`` followed by ``:key=value``
fields and flags, or in a TOML file with ``--targets`` (see :data:`TARGET_HELP` and
docs/cpr.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import Field

from firefight.cli.common import (
    AskOpt,
    GivenDice,
    JsonOpt,
    RollsOpt,
    SeedOpt,
    fail,
    given_dice,
    json_refusals,
    no_dice,
    refusals,
    show_resolution,
)
from firefight.dice import parse_pool
from firefight.errors import FirefightError, RuleRefusal, TableDataError
from firefight.files import read_toml
from firefight.outcome import Outcome
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr import CPR, CprData
from firefight.rulesets.cpr.armor import sp_from_text
from firefight.rulesets.cpr.attack import resolve_ranged_attack
from firefight.rulesets.cpr.autofire import resolve_autofire
from firefight.rulesets.cpr.cli.attack_options import (
    AUTOFIRE_OPTION_NAMES,
    SHOOT_OPTION_NAMES,
    AimOpt,
    ArmorOpt,
    AutofireDistanceOpt,
    AutofireSkillOpt,
    BehindOpt,
    DodgeOpt,
    HeadArmorOpt,
    HpOpt,
    InjuryOpt,
    ItemOpt,
    LoadedOpt,
    ModOpt,
    NamedOpt,
    RefOpt,
    ShootAmmoOpt,
    ShootDistanceOpt,
    ShooterOpt,
    ShootSkillOpt,
    TargetInjuryOpt,
    TargetNameOpt,
    WeaponOpt,
    WoundedOpt,
    autofire_from_options,
    parse_dodge,
    parse_health,
    parse_mod,
    ranged_attack_from_options,
    single_target,
)
from firefight.rulesets.cpr.combatants import Dodge, Spot, Target
from firefight.rulesets.cpr.cover import Cover
from firefight.rulesets.cpr.damage_roll import DamageRoll, resolve_damage_roll
from firefight.rulesets.cpr.death import DeathSave, Stabilize, resolve_death_save, resolve_stabilize
from firefight.rulesets.cpr.explosives import Explosion, resolve_explosion
from firefight.rulesets.cpr.reload import Reload, resolve_reload
from firefight.rulesets.cpr.shotgun import ShotgunShells, resolve_shotgun_shells
from firefight.rulesets.cpr.suppression import SuppressiveFire, resolve_suppression
from firefight.rulesets.cpr.throwing import IMPROVISED, Throw, resolve_throw
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.rulesets.cpr.wounds import Health, WoundState
from firefight.tables.data_files import DataModel, validate

app = typer.Typer(
    help="d10 + skill vs DV, Cyberpunk RED style (cpr). Distances in metres.",
    no_args_is_help=True,
)

TARGET_HELP = (
    "A target as NAME:X,Y (metres) then optional :key=value fields and flags, e.g. "
    "'Ana:12,3:sp=11:hp=30/35:dodge=8/7/6'. Keys: sp (body SP or armor name), head (head SP), "
    "hp (HP/MAX), dodge (REF/DEX/EVASION), will, conc (Concentration), resist (Resist "
    "Torture/Drugs), behind (cover with HP, e.g. concrete-thick), injuries (a+b). Flags: "
    "hidden (the attacker cannot see them), cover (in cover), vehicle (not on foot), "
    "unconscious, shield, unaware (cannot see the attack). Repeat for each target."
)


def _cpr() -> CPR:
    ruleset = find_ruleset("cpr")
    assert isinstance(ruleset, CPR)
    return ruleset


def _data() -> CprData:
    return _cpr().data


# --- option parsing (input syntax only; the rules are in the resolvers) -----------------------


def _parse_spot(text: str, option: str) -> Spot:
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        fail(f"error: {option} takes X,Y in metres, e.g. '12,3', got {text!r}")
    return Spot(x_m=x, y_m=y)


def _parse_d6(text: str, option: str) -> int:
    try:
        return parse_pool(text, sides=6)[0]
    except FirefightError as exc:
        fail(f"error: {option}: {exc}")


def _int_field(key: str, value: str, spec: str) -> int:
    if not re.fullmatch(r"-?\d+", value):
        fail(f"error: --target field {key}= takes a whole number, got {value!r} in {spec!r}")
    return int(value)


_FLAGS = {
    "hidden": ("visible", False),
    "cover": ("in_cover", True),
    "vehicle": ("on_foot", False),
    "unconscious": ("conscious", False),
    "shield": ("shield", True),
    "unaware": ("sees_attack", False),
}


def parse_target(spec: str, data: CprData) -> Target:
    """A target from ``NAME:X,Y[:key=value|flag...]`` (see TARGET_HELP).

    >>> t = parse_target("Ana:12,3:sp=11:hp=30/35:dodge=8/7/6:cover", CprData())
    >>> t.name, t.position, t.body_sp, t.health.hp, t.dodge.ref, t.in_cover
    ('Ana', Spot(x_m=12.0, y_m=3.0), 11, 30, 8, True)
    """
    parts = spec.split(":")
    if len(parts) < 2 or not parts[0].strip():
        fail(f"error: --target takes NAME:X,Y[:key=value...], got {spec!r}")
    fields: dict[str, Any] = {
        "name": parts[0].strip(),
        "position": _parse_spot(parts[1], "--target position"),
    }
    for item in parts[2:]:
        key, eq, value = (s.strip() for s in item.partition("="))
        if not eq:
            if key not in _FLAGS:
                fail(f"error: unknown --target flag {key!r}; flags: {', '.join(_FLAGS)}")
            name, setting = _FLAGS[key]
            fields[name] = setting
        elif key == "sp":
            fields["body_sp"] = sp_from_text(value, data.armor)
        elif key == "head":
            fields["head_sp"] = sp_from_text(value, data.armor)
        elif key == "hp":
            fields["health"] = parse_health(value, "--target hp=")
        elif key == "dodge":
            fields["dodge"] = parse_dodge(value, "--target dodge=")
        elif key == "will":
            fields["will"] = _int_field(key, value, spec)
        elif key == "conc":
            fields["concentration"] = _int_field(key, value, spec)
        elif key == "injuries":
            fields["injuries"] = tuple(v for v in value.split("+") if v)
        elif key == "resist":
            fields["resist"] = _int_field(key, value, spec)
        elif key == "behind":
            fields["cover"] = Cover(name=value, hp=data.cover.hp_of(value))
        else:
            fail(
                f"error: unknown --target field {key!r}; "
                "fields: sp, head, hp, dodge, will, conc, resist, behind, injuries"
            )
    return Target(**fields)


class _DodgeModel(DataModel):
    ref: int
    dex: int
    evasion: int


class _TargetModel(DataModel):
    name: str
    x_m: float
    y_m: float
    body_sp: int | str = 0
    head_sp: int | str = 0
    hp: int | None = None
    max_hp: int | None = None
    dodge: _DodgeModel | None = None
    injuries: list[str] = Field(default_factory=list)
    will: int = 0
    concentration: int = 0
    visible: bool = True
    in_cover: bool = False
    on_foot: bool = True
    conscious: bool = True
    shield: bool = False
    sees_attack: bool = True


class _TargetsFile(DataModel):
    target: list[_TargetModel] = Field(min_length=1)


def load_targets_file(path: Path, data: CprData) -> list[Target]:
    """Targets from a TOML file of ``[[target]]`` tables (docs/cpr.md)."""
    label = str(path)
    raw = read_toml(path, label)
    model = validate(_TargetsFile, raw, label)
    targets = []
    for number, t in enumerate(model.target, start=1):
        if (t.hp is None) != (t.max_hp is None):
            raise TableDataError(label, f"target {number}", "hp and max_hp come together")
        targets.append(
            Target(
                name=t.name,
                position=Spot(x_m=t.x_m, y_m=t.y_m),
                body_sp=sp_from_text(str(t.body_sp), data.armor),
                head_sp=sp_from_text(str(t.head_sp), data.armor),
                health=Health(hp=t.hp, max_hp=t.max_hp)
                if t.hp is not None and t.max_hp is not None
                else None,
                dodge=Dodge(ref=t.dodge.ref, dex=t.dodge.dex, evasion=t.dodge.evasion)
                if t.dodge
                else None,
                injuries=tuple(t.injuries),
                will=t.will,
                concentration=t.concentration,
                visible=t.visible,
                in_cover=t.in_cover,
                on_foot=t.on_foot,
                conscious=t.conscious,
                shield=t.shield,
                sees_attack=t.sees_attack,
            )
        )
    return targets


def _targets(specs: list[str] | None, file: Path | None, data: CprData) -> tuple[Target, ...]:
    found = [parse_target(s, data) for s in specs or ()]
    if file is not None:
        found.extend(load_targets_file(file, data))
    return tuple(found)


# --- output -----------------------------------------------------------------------------------


def _hit_text(s: dict[str, Any]) -> str:
    text = f"HIT {s['target']}: {s['damage']} damage"
    if s.get("sp"):
        text += f" vs SP {s['sp']}, {s['through']} through"
    text += f", {s['hp_lost']} HP lost"
    extras = []
    if s.get("critical_injuries"):
        extras.append("critical: " + ", ".join(s["critical_injuries"]))
    if s.get("item_dropped"):
        extras.append(f"drops the {s['item_dropped']}")
    if s.get("wound_state"):
        extras.append(f"now {s['hp_after']} HP, {s['wound_state']}")
    if extras:
        text += f" ({'; '.join(extras)})"
    return text


def _shot_text(s: dict[str, Any]) -> str:
    if s.get("result") == "hit":
        return _hit_text(s)
    against = f"dodge {s['dodge']}" if s.get("dodge") is not None else f"DV {s.get('dv')}"
    return f"MISS {s['target']} ({s['attack_total']} vs {against})"


def _attack_headline(outcome: Outcome) -> str:
    shots = outcome.summary["shots"]
    assert isinstance(shots, list)
    return "; ".join(_shot_text(s) for s in shots)


def _single_headline(outcome: Outcome) -> str:
    s = dict(outcome.summary)
    text = _shot_text(s)
    if s.get("multiplier"):
        text += f" [autofire x{s['multiplier']}]"
    return text


def _area_headline(outcome: Outcome) -> str:
    s = outcome.summary
    targets = s.get("targets")
    assert isinstance(targets, list)
    if s.get("result") == "missed":
        return "MISSED the aim point: the GM places the explosive (then explode --placed)"
    parts = []
    for t in targets:
        if t["result"] == "hit":
            parts.append(_hit_text(t))
        elif t["result"] == "dodged":
            parts.append(f"{t['target']} dodged clear")
        elif t["result"] == "miss":
            parts.append(f"MISS {t['target']}")
    return "; ".join(parts) or "nobody caught"


def _suppress_headline(outcome: Outcome) -> str:
    broken = outcome.summary["must_take_cover"]
    assert isinstance(broken, list)
    if not broken:
        return "Everyone holds their ground."
    return "Must use their next Move to reach cover: " + ", ".join(str(b) for b in broken)


def _finish(
    *,
    title: str,
    action_type: str,
    declaration: object,
    outcome: Outcome,
    given: GivenDice,
    as_json: bool,
    headline: Callable[[Outcome], str],
) -> None:
    show_resolution(
        ruleset="cpr",
        action=action_type,
        declaration=declaration,
        outcome=outcome,
        given=given,
        as_json=as_json,
        title=title,
        headline=headline,
    )


# --- options of the area commands (the shared ones are in cli/cpr_attack_options.py) ----------

TargetsOpt = Annotated[list[str] | None, typer.Option("--target", help=TARGET_HELP)]
TargetsFileOpt = Annotated[
    Path | None, typer.Option("--targets", help="A TOML file of [[target]] tables (docs/cpr.md).")
]
FromOpt = Annotated[str, typer.Option("--from", help="Where the attacker stands, X,Y in metres.")]


@app.command()
def shoot(
    weapon: WeaponOpt,
    ref: RefOpt,
    skill: ShootSkillOpt,
    distance: ShootDistanceOpt,
    armor: ArmorOpt = "0",
    head_armor: HeadArmorOpt = "0",
    aim: AimOpt = None,
    item: ItemOpt = "held item",
    ammo: ShootAmmoOpt = "basic",
    loaded: LoadedOpt = None,
    hp: HpOpt = None,
    dodge: DodgeOpt = None,
    target_injury: TargetInjuryOpt = None,
    target_name: TargetNameOpt = "target",
    shooter: ShooterOpt = "shooter",
    wounded: WoundedOpt = WoundState.UNHURT,
    injury: InjuryOpt = None,
    mod: ModOpt = None,
    modifier: NamedOpt = None,
    behind: BehindOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """One Attack Action: a single shot, two with a ROF 2 weapon, or one aimed shot.

    Dice order per shot: the target's dodge d10 (with --dodge), the shooter's d10,
    then on a hit the damage d6s and any critical injury 2d6.
    A d10 that shows 10 or 1 takes one more d10 right after it.
    """
    options = {k: v for k, v in locals().items() if k in SHOOT_OPTION_NAMES}
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("cpr", "ranged-attack", given, as_json)):
        data = _data()
        attack = ranged_attack_from_options(data=data, **options)
        outcome = resolve_ranged_attack(attack, given.dice, data)
    _finish(
        title=f"cpr {'aimed shot' if aim else 'attack'}: {weapon}",
        action_type="ranged-attack",
        declaration=attack,
        outcome=outcome,
        given=given,
        as_json=as_json,
        headline=_attack_headline,
    )


@app.command()
def autofire(
    weapon: WeaponOpt,
    ref: RefOpt,
    skill: AutofireSkillOpt,
    distance: AutofireDistanceOpt,
    armor: ArmorOpt = "0",
    aim: AimOpt = None,
    loaded: LoadedOpt = None,
    hp: HpOpt = None,
    dodge: DodgeOpt = None,
    target_injury: TargetInjuryOpt = None,
    target_name: TargetNameOpt = "target",
    shooter: ShooterOpt = "shooter",
    wounded: WoundedOpt = WoundState.UNHURT,
    injury: InjuryOpt = None,
    mod: ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Autofire: 10 rounds at one target, 2d6 times how far the roll won, capped by the weapon.

    Dice order: the target's dodge d10 (with --dodge), the shooter's d10,
    then on a hit the 2d6 and any critical injury 2d6.
    """
    options = {k: v for k, v in locals().items() if k in AUTOFIRE_OPTION_NAMES}
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("cpr", "autofire", given, as_json)):
        data = _data()
        attack = autofire_from_options(data=data, **options)
        outcome = resolve_autofire(attack, given.dice, data)
    _finish(
        title=f"cpr autofire: {weapon}",
        action_type="autofire",
        declaration=attack,
        outcome=outcome,
        given=given,
        as_json=as_json,
        headline=_single_headline,
    )


@app.command()
def suppress(
    weapon: WeaponOpt,
    ref: RefOpt,
    skill: Annotated[int, typer.Option(help="The shooter's Autofire skill.")],
    target: TargetsOpt = None,
    targets: TargetsFileOpt = None,
    origin: FromOpt = "0,0",
    loaded: LoadedOpt = None,
    shooter: ShooterOpt = "shooter",
    wounded: WoundedOpt = WoundState.UNHURT,
    injury: InjuryOpt = None,
    mod: ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Suppressive fire: 10 rounds, no damage; who fails WILL + Concentration runs for cover.

    Targets need will= and conc=.
    Dice order: the shooter's d10, then each affected target's d10 in the order given.
    """
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("cpr", "suppressive-fire", given, as_json)):
        data = _data()
        fire = SuppressiveFire(
            weapon=weapon,
            ref=ref,
            skill=skill,
            targets=_targets(target, targets, data),
            position=_parse_spot(origin, "--from"),
            shooter=shooter,
            loaded=loaded,
            wound=wounded,
            injuries=tuple(injury or ()),
            extra=tuple(parse_mod(m) for m in mod or ()),
        )
        outcome = resolve_suppression(fire, given.dice, data)
    _finish(
        title=f"cpr suppressive fire: {weapon}",
        action_type="suppressive-fire",
        declaration=fire,
        outcome=outcome,
        given=given,
        as_json=as_json,
        headline=_suppress_headline,
    )


@app.command("shotgun-shells")
def shotgun_shells(
    ref: RefOpt,
    skill: Annotated[int, typer.Option(help="The shooter's Shoulder Arms skill.")],
    target: TargetsOpt = None,
    targets: TargetsFileOpt = None,
    origin: FromOpt = "0,0",
    toward: Annotated[
        str | None,
        typer.Option(help="X,Y the shooter faces (default: the first target's position)."),
    ] = None,
    weapon: Annotated[str, typer.Option(help="The shotgun.")] = "shotgun",
    aim: AimOpt = None,
    loaded: LoadedOpt = None,
    shooter: ShooterOpt = "shooter",
    wounded: WoundedOpt = WoundState.UNHURT,
    injury: InjuryOpt = None,
    mod: ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """A shotgun shell: one attack vs DV 13 at everyone visible in the 6 m x 6 m block in front.

    Dice order: each dodging target's d10 in the area (in the order given),
    the shooter's d10, the 3d6 once if anyone is hit,
    then any critical injury 2d6 per target hit.
    """
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("cpr", "shotgun-shells", given, as_json)):
        data = _data()
        fire = ShotgunShells(
            ref=ref,
            skill=skill,
            targets=_targets(target, targets, data),
            position=_parse_spot(origin, "--from"),
            toward=_parse_spot(toward, "--toward") if toward else None,
            weapon=weapon,
            aim=aim,
            shooter=shooter,
            loaded=loaded,
            wound=wounded,
            injuries=tuple(injury or ()),
            extra=tuple(parse_mod(m) for m in mod or ()),
        )
        outcome = resolve_shotgun_shells(fire, given.dice, data)
    _finish(
        title="cpr shotgun shells",
        action_type="shotgun-shells",
        declaration=fire,
        outcome=outcome,
        given=given,
        as_json=as_json,
        headline=_area_headline,
    )


@app.command()
def explode(
    weapon: Annotated[
        str, typer.Option(help="grenade launcher, rocket launcher, or grenade (with --placed).")
    ],
    at: Annotated[str, typer.Option("--at", help="X,Y in metres where it is aimed or goes off.")],
    target: TargetsOpt = None,
    targets: TargetsFileOpt = None,
    ref: Annotated[int, typer.Option(help="The shooter's REF (launchers).")] = 0,
    skill: Annotated[int, typer.Option(help="The shooter's Heavy Weapons skill.")] = 0,
    origin: FromOpt = "0,0",
    placed: Annotated[
        bool, typer.Option(help="No attack roll: it is already where it goes off.")
    ] = False,
    damage: Annotated[
        str | None, typer.Option(help="Override the damage dice, e.g. 4d6 (a GM's charge).")
    ] = None,
    loaded: LoadedOpt = None,
    ammo: Annotated[
        str, typer.Option(help="The load: basic, armor-piercing, poison, biotoxin, flashbang...")
    ] = "basic",
    shooter: ShooterOpt = "shooter",
    wounded: WoundedOpt = WoundState.UNHURT,
    injury: InjuryOpt = None,
    mod: ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """An explosive: everyone in the 10 m square around the point takes one damage roll.

    Fired from a launcher it needs --ref and --skill; thrown grenades use `throw`.
    Dice order: each dodging target's d10 in the square, the shooter's d10 (not with --placed),
    the damage d6s if anyone is caught, then any critical injury 2d6 per target caught.
    """
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("cpr", "explosion", given, as_json)):
        data = _data()
        if not placed and data.weapon(weapon).kind is WeaponKind.GRENADE:
            fail(
                "error: a thrown grenade is DEX + Athletics: "
                "use `firefight cpr throw --weapon grenade`"
            )
        blast = Explosion(
            weapon=weapon,
            aim_point=_parse_spot(at, "--at"),
            targets=_targets(target, targets, data),
            position=_parse_spot(origin, "--from"),
            stat=ref,
            skill=skill,
            placed=placed,
            attacker=shooter,
            loaded=loaded,
            ammo=ammo,
            damage_d6=_parse_d6(damage, "--damage") if damage else None,
            wound=wounded,
            injuries=tuple(injury or ()),
            extra=tuple(parse_mod(m) for m in mod or ()),
        )
        outcome = resolve_explosion(blast, given.dice, data)
    _finish(
        title=f"cpr explosive: {weapon}",
        action_type="explosion",
        declaration=blast,
        outcome=outcome,
        given=given,
        as_json=as_json,
        headline=_area_headline,
    )


@app.command()
def throw(
    weapon: Annotated[
        str, typer.Option(help="A melee weapon (knife...), grenade, or improvised (with --damage).")
    ],
    dex: Annotated[int, typer.Option(help="The thrower's DEX.")],
    athletics: Annotated[int, typer.Option(help="The thrower's Athletics skill.")],
    distance: Annotated[
        float | None, typer.Option(help="Metres to the target (not for a grenade).")
    ] = None,
    at: Annotated[str | None, typer.Option("--at", help="Grenade: X,Y it is thrown at.")] = None,
    target: TargetsOpt = None,
    targets: TargetsFileOpt = None,
    origin: FromOpt = "0,0",
    damage: Annotated[
        str | None, typer.Option(help="Improvised object's damage, e.g. 1d6.")
    ] = None,
    item_name: Annotated[
        str | None, typer.Option(help="What the improvised object is (a bottle).")
    ] = None,
    aim: AimOpt = None,
    item: ItemOpt = "held item",
    armor: ArmorOpt = "0",
    head_armor: HeadArmorOpt = "0",
    hp: HpOpt = None,
    dodge: DodgeOpt = None,
    target_injury: TargetInjuryOpt = None,
    target_name: TargetNameOpt = "target",
    thrower: Annotated[str, typer.Option(help="The thrower's name.")] = "thrower",
    wounded: WoundedOpt = WoundState.UNHURT,
    injury: InjuryOpt = None,
    mod: ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Throw: DEX + Athletics + d10 against the grenade launcher's DV, up to 25 m.

    A knife or a bottle hits one target (--distance and the target options).
    A grenade goes off in the 10 m square at --at, among the --target list.
    Dice order as for `shoot` (one target) or `explode` (a grenade).
    """
    given = given_dice(rolls, seed, ask)
    declaration: object
    with refusals(json_refusals("cpr", "throw", given, as_json)):
        data = _data()
        extra = tuple(parse_mod(m) for m in mod or ())
        is_grenade = weapon != IMPROVISED and data.weapon(weapon).kind is WeaponKind.GRENADE
        if is_grenade:
            if at is None:
                fail("error: a grenade needs --at X,Y: where it is thrown")
            if aim is not None:
                raise RuleRefusal(
                    "C-8", "A grenade hits an area; it cannot be aimed at a spot on someone."
                )
            declaration = Explosion(
                weapon=weapon,
                aim_point=_parse_spot(at, "--at"),
                targets=_targets(target, targets, data),
                position=_parse_spot(origin, "--from"),
                stat=dex,
                skill=athletics,
                attacker=thrower,
                wound=wounded,
                injuries=tuple(injury or ()),
                extra=extra,
            )
            outcome = resolve_explosion(declaration, given.dice, data)
            action_type, headline = "explosion", _area_headline
        else:
            if distance is None:
                fail("error: give --distance in metres to the target")
            declaration = Throw(
                item=weapon,
                dex=dex,
                athletics=athletics,
                distance_m=distance,
                target=single_target(
                    name=target_name,
                    armor=armor,
                    head_armor=head_armor,
                    hp=hp,
                    dodge=dodge,
                    injuries=target_injury,
                    data=data,
                ),
                thrower=thrower,
                item_name=item_name,
                damage_d6=_parse_d6(damage, "--damage") if damage else None,
                aim=aim,
                held_item=item,
                wound=wounded,
                injuries=tuple(injury or ()),
                extra=extra,
            )
            outcome = resolve_throw(declaration, given.dice, data)
            action_type, headline = "throw", _single_headline
    _finish(
        title=f"cpr throw: {weapon}",
        action_type=action_type,
        declaration=declaration,
        outcome=outcome,
        given=given,
        as_json=as_json,
        headline=headline,
    )


@app.command()
def reload(
    weapon: WeaponOpt,
    ammo: Annotated[
        str, typer.Option(help="Ammunition to load: basic, or shell (shotgun).")
    ] = "basic",
    loaded: Annotated[int, typer.Option(help="Rounds in the magazine now.")] = 0,
    loaded_ammo: Annotated[
        str | None, typer.Option(help="Kind of the rounds in it now (default: same as --ammo).")
    ] = None,
    actor: Annotated[str, typer.Option(help="Who reloads.")] = "shooter",
    as_json: JsonOpt = False,
) -> None:
    """Reload: an Action that fills the magazine with one kind of ammunition."""
    given = no_dice()
    with refusals(json_refusals("cpr", "reload", given, as_json)):
        declaration = Reload(
            weapon=weapon, ammo=ammo, loaded=loaded, loaded_ammo=loaded_ammo, actor=actor
        )
        outcome = resolve_reload(declaration, given.dice, _data())
    _finish(
        title=f"cpr reload: {weapon}",
        action_type="reload",
        declaration=declaration,
        outcome=outcome,
        given=given,
        as_json=as_json,
        headline=lambda o: (
            f"{o.summary['weapon']}: {o.summary['rounds']} rounds of {o.summary['ammo']}"
        ),
    )


@app.command()
def damage(
    weapon: Annotated[
        str | None, typer.Option(help="The weapon that hit (melee halves SP).")
    ] = None,
    dice_d6: Annotated[
        str | None, typer.Option("--damage", help="Damage dice instead of the weapon's, e.g. 3d6.")
    ] = None,
    thrown: Annotated[bool, typer.Option(help="The melee weapon was thrown: full SP.")] = False,
    armor: ArmorOpt = "0",
    head_armor: HeadArmorOpt = "0",
    aim: AimOpt = None,
    item: ItemOpt = "held item",
    hp: HpOpt = None,
    target_injury: TargetInjuryOpt = None,
    target_name: TargetNameOpt = "target",
    attacker: Annotated[str, typer.Option(help="The attacker's name.")] = "attacker",
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Damage for a hit decided at the table (a melee blow): armor, criticals, wound state.

    Dice order: the damage d6s, then any critical injury 2d6.
    """
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("cpr", "damage", given, as_json)):
        data = _data()
        declaration = DamageRoll(
            target=single_target(
                name=target_name,
                armor=armor,
                head_armor=head_armor,
                hp=hp,
                dodge=None,
                injuries=target_injury,
                data=data,
            ),
            weapon=weapon,
            damage_d6=_parse_d6(dice_d6, "--damage") if dice_d6 else None,
            aim=aim,
            held_item=item,
            thrown=thrown,
            attacker=attacker,
        )
        outcome = resolve_damage_roll(declaration, given.dice, data)
    _finish(
        title=f"cpr damage: {weapon or dice_d6}",
        action_type="damage",
        declaration=declaration,
        outcome=outcome,
        given=given,
        as_json=as_json,
        headline=_single_headline,
    )


@app.command("death-save")
def death_save(
    body: Annotated[int, typer.Option(help="The character's BODY.")],
    saves: Annotated[int, typer.Option(help="Death saves already taken (+1 each).")] = 0,
    injury: InjuryOpt = None,
    name: Annotated[str, typer.Option(help="Who is dying.")] = "target",
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """A mortally wounded character's death save (C-12): d10 + saves taken + injuries' death
    save penalties must come in under BODY; a natural 10 always fails. One d10."""
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("cpr", "death-save", given, as_json)):
        data = _data()
        save = DeathSave(name=name, body=body, saves_made=saves, injuries=tuple(injury or ()))
        outcome = resolve_death_save(save, given.dice, data)
    _finish(
        title="cpr death save",
        action_type="death-save",
        declaration=save,
        outcome=outcome,
        given=given,
        as_json=as_json,
        headline=lambda o: "Holds on." if o.summary["saved"] else "Dies.",
    )


@app.command()
def stabilize(
    tech: Annotated[int, typer.Option(help="The medic's TECH.")],
    skill: Annotated[int, typer.Option(help="The medic's First Aid or Paramedic.")],
    medic: Annotated[str, typer.Option(help="Who works on the patient.")] = "medic",
    patient: Annotated[str, typer.Option(help="Who is dying.")] = "patient",
    patient_state: Annotated[
        WoundState, typer.Option(help="The patient's wound state (only the mortal are helped).")
    ] = WoundState.MORTAL,
    wounded: WoundedOpt = WoundState.UNHURT,
    injury: InjuryOpt = None,
    mod: ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Stabilizing a mortally wounded character (C-12): TECH + First Aid or Paramedic + d10
    against DV 13; success ends the death saves. One d10 (a 10 or 1 takes one more)."""
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("cpr", "stabilize", given, as_json)):
        data = _data()
        attempt = Stabilize(
            medic=medic,
            patient=patient,
            patient_state=patient_state,
            tech=tech,
            skill=skill,
            wound=wounded,
            injuries=tuple(injury or ()),
            extra=tuple(parse_mod(m) for m in mod or ()),
        )
        outcome = resolve_stabilize(attempt, given.dice, data)
    _finish(
        title="cpr stabilize",
        action_type="stabilize",
        declaration=attempt,
        outcome=outcome,
        given=given,
        as_json=as_json,
        headline=lambda o: "Stabilized." if o.summary["stabilized"] else "Still dying.",
    )
