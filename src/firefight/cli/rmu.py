"""``firefight rmu ...``: resolve rmu actions from the command line."""

from __future__ import annotations

from typing import Annotated

import typer

from firefight.cli.common import (
    AskOpt,
    JsonOpt,
    RollsOpt,
    SeedOpt,
    dice_from_options,
    emit_json,
    refusals,
    show_outcome,
)
from firefight.cli.rmu_fire import register as register_firearm_actions
from firefight.cli.rmu_shot_options import (
    SHOT_OPTION_NAMES,
    AllyOpt,
    AmmoOpt,
    ApLeftOpt,
    ApOpt,
    ArmorBrokenOpt,
    ArmorDamageOpt,
    ArmorOpt,
    ArmorQualityOpt,
    ArmorUntrainedOpt,
    BodyCoverOpt,
    CelerityOpt,
    CoverOpt,
    DistanceOpt,
    DodgeOpt,
    ModOpt,
    MountedOpt,
    NakedOpt,
    ObOpt,
    PreparedOpt,
    QuicknessOpt,
    RanksOpt,
    ShielderOpt,
    ShooterArmorOpt,
    SituationOpt,
    SizeOpt,
    StrengthOpt,
    UnconsciousOpt,
    WeaponOpt,
    aimed_shot_from_options,
)
from firefight.geometry import Size
from firefight.outcome import Outcome
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu import RMU
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.incoming import Incoming, IncomingKind, resolve_defense
from firefight.rulesets.rmu.shot import AimedShot, resolve_aimed_shot
from firefight.wording import counted

app = typer.Typer(help="Rolemaster Unified firearms (rmu).", no_args_is_help=True)
# rapid-fire, suppress, maneuver, move-to-cover (firefight.cli.rmu_fire)
register_firearm_actions(app)


def _rmu() -> RMU:
    ruleset = find_ruleset("rmu")
    assert isinstance(ruleset, RMU)
    return ruleset


def _effects_text(s: object) -> str:
    if not isinstance(s, dict):
        return ""
    effects = s.get("effects")
    if not isinstance(effects, dict):
        return ""
    extra = []
    if effects.get("bleed"):
        extra.append(f"bleeding {effects['bleed']}/rnd")
    if effects.get("stun_rounds"):
        extra.append(f"stunned {effects['stun_rounds']} rnd at {effects['stun_penalty']}")
    if effects.get("injury"):
        extra.append(f"injury {effects['injury']}")
    if effects.get("dying_rounds") is not None:
        extra.append(f"dying in {effects['dying_rounds']} rounds")
    if effects.get("dead"):
        extra.append("DEAD")
    return f" ({', '.join(extra)})" if extra else ""


def _breakage_text(s: object) -> str:
    b = s.get("breakage") if isinstance(s, dict) else None
    if not isinstance(b, dict):
        return ""
    if b["broken"]:
        what = "BROKEN"
    elif b["penalty"]:
        what = f"{b['penalty']}, total {b['new_total']}"
        if b["beaten_open"]:
            what += ", BEATEN OPEN"
    else:
        what = "held"
    if b["temporary"]:
        what += ", temporary"
    return f"; {b['armor']} breakage: {what}"


def _strike_text(s: dict[str, object]) -> str:
    if s.get("result") == "hit" and s.get("severity"):
        return (
            f"{s['total_hits']} hits, {s['severity']} critical to the {s['location']} "
            f"on {s['critical_table']}{_effects_text(s)}{_breakage_text(s)}"
        )
    if s.get("result") == "hit":
        return f"{counted(int(str(s['hits'])), 'hit')}, no critical"
    return "missed"


def shot_headline(outcome: Outcome) -> str:
    s = outcome.summary
    result = s.get("result")
    stray = s.get("shielder")
    if result == "miss" and isinstance(stray, dict):
        return f"MISS; the round flies on into {stray['name']}: {_strike_text(stray)}"
    if result == "hit":
        return f"HIT: {_strike_text(dict(s))}"
    ally = s.get("ally")
    if result == "fumble" and isinstance(ally, dict):
        return f"FUMBLE; a round flies toward {ally['name']}: {_strike_text(ally)}"
    return {"miss": "MISS", "fumble": "FUMBLE", "cannot hit": "CANNOT HIT"}.get(
        str(result), str(result)
    )


@app.command()
def shoot(
    weapon: WeaponOpt,
    ob: ObOpt,
    distance: DistanceOpt,
    armor: ArmorOpt = "AT 1",
    naked: NakedOpt = "AT 1",
    armor_damage: ArmorDamageOpt = 0,
    armor_quality: ArmorQualityOpt = 0,
    armor_broken: ArmorBrokenOpt = False,
    armor_untrained: ArmorUntrainedOpt = False,
    ammo: AmmoOpt = "ball",
    cover: CoverOpt = "none",
    body_cover: BodyCoverOpt = "none",
    shielder: ShielderOpt = None,
    ap: ApOpt = 3,
    ap_left: ApLeftOpt = 4,
    prepared: PreparedOpt = False,
    mounted: MountedOpt = False,
    ranks: RanksOpt = 0,
    size: SizeOpt = Size.MEDIUM,
    quickness_db: QuicknessOpt = 0,
    dodge: DodgeOpt = 0,
    celerity: CelerityOpt = 0,
    unconscious: UnconsciousOpt = False,
    strength: StrengthOpt = 0,
    shooter_armor: ShooterArmorOpt = None,
    ally: AllyOpt = None,
    situation: SituationOpt = None,
    mod: ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Resolve one aimed shot and show every modifier, roll and table read."""
    options = {k: v for k, v in locals().items() if k in SHOT_OPTION_NAMES}
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with refusals():
        shot = aimed_shot_from_options(**options)
        outcome = resolve_aimed_shot(shot, dice, RmuData())
    unused = list(dice.unused)
    if as_json:
        emit_json(
            {
                "ruleset": "rmu",
                "action": {"type": "aimed-shot", **shot_plain(shot)},
                "dice": {**dice_info, "unused": unused} if unused else dice_info,
                **outcome.to_json(),
            }
        )
        return
    show_outcome(f"rmu aimed shot: {weapon}", outcome, dice_info, shot_headline)
    if unused:
        typer.echo(f"note: {len(unused)} scripted dice were not needed: {unused}")


@app.command()
def defend(
    against: Annotated[
        IncomingKind, typer.Option(help="What is coming in: firearm, missile or melee.")
    ],
    cover: CoverOpt = "none",
    weapon: Annotated[
        str | None, typer.Option(help="The gun firing (prices hard cover against gunfire).")
    ] = None,
    armor: Annotated[str | None, typer.Option(help="The defender's BA class, if any.")] = None,
    armor_untrained: ArmorUntrainedOpt = False,
    quickness_db: QuicknessOpt = 0,
    dodge: DodgeOpt = 0,
    celerity: CelerityOpt = 0,
    unconscious: UnconsciousOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """The DB a defender brings against gunfire, another missile or melee, term by term."""
    with refusals():
        decl = Incoming(
            against=against,
            cover=parse_cover(cover),
            weapon=weapon,
            armor=armor,
            defender=Defender(
                quickness_db=quickness_db,
                dodge_db=dodge,
                celerity=celerity,
                armor_trained=not armor_untrained,
                conscious=not unconscious,
            ),
        )
        outcome = resolve_defense(decl, RmuData())
    if as_json:
        emit_json({"ruleset": "rmu", "action": {"type": "defense"}, **outcome.to_json()})
        return
    show_outcome(f"rmu defense against {against}", outcome, {}, lambda o: f"DB {o.summary['db']}")


def shot_plain(shot: AimedShot) -> dict[str, object]:
    from firefight.serialize import to_plain

    plain = to_plain(shot)
    assert isinstance(plain, dict)
    return plain
