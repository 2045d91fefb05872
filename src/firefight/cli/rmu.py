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
    fail,
    refusals,
    show_outcome,
)
from firefight.geometry import Size
from firefight.outcome import Outcome
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu import RMU
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.shot import AimedShot, resolve_aimed_shot
from firefight.trace import Modifier

app = typer.Typer(help="Rolemaster Unified firearms (rmu).", no_args_is_help=True)


def _rmu() -> RMU:
    ruleset = find_ruleset("rmu")
    assert isinstance(ruleset, RMU)
    return ruleset


def _parse_mod(text: str) -> Modifier:
    value, _, label = text.partition(":")
    try:
        return Modifier(value=int(value), label=label.strip() or "GM modifier", rule=None)
    except ValueError:
        fail(f"error: --mod takes VALUE:LABEL, e.g. '+10:bright muzzle flash', got {text!r}")


def shot_headline(outcome: Outcome) -> str:
    s = outcome.summary
    result = s.get("result")
    if result == "hit" and s.get("severity"):
        effects = s["effects"]
        assert isinstance(effects, dict)
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
        tail = f" ({', '.join(extra)})" if extra else ""
        return (
            f"HIT: {s['total_hits']} hits, {s['severity']} critical to the {s['location']} "
            f"on {s['critical_table']}{tail}"
        )
    if result == "hit":
        return f"HIT: {s['hits']} hits, no critical"
    return {"miss": "MISS", "fumble": "FUMBLE", "cannot hit": "CANNOT HIT"}.get(
        str(result), str(result)
    )


@app.command()
def shoot(
    weapon: Annotated[str, typer.Option(help="Weapon key (see `firefight weapons`).")],
    ob: Annotated[int, typer.Option(help="The shooter's OB with the weapon.")],
    distance: Annotated[float, typer.Option(help="Distance to the target in feet.")],
    armor: Annotated[
        str, typer.Option(help="Target protection: 'AT 1'..'AT 10' or 'BA I'..'BA IV'.")
    ] = "AT 1",
    naked: Annotated[
        str, typer.Option(help="The target's naked AT under ballistic armor.")
    ] = "AT 1",
    armor_damage: Annotated[
        int, typer.Option(help="Breakage total the armor has taken (<= 0).")
    ] = 0,
    ammo: Annotated[str, typer.Option(help="ball, hollowpoint or armor-piercing.")] = "ball",
    cover: Annotated[
        str, typer.Option(help="GRADE:MATERIAL, e.g. half:hard; 'none' in the open.")
    ] = "none",
    ap: Annotated[int, typer.Option(help="AP spent on the attack (1-3).")] = 3,
    ap_left: Annotated[int, typer.Option(help="AP the shooter has left this round.")] = 4,
    prepared: Annotated[
        bool, typer.Option(help="A Prep shot: no recoil penalty, 1 AP more.")
    ] = False,
    mounted: Annotated[bool, typer.Option(help="The gun is on a tripod.")] = False,
    ranks: Annotated[int, typer.Option(help="Skill ranks (each 5 shrink the fumble range).")] = 0,
    size: Annotated[Size, typer.Option(help="Target size.")] = Size.MEDIUM,
    quickness_db: Annotated[int, typer.Option(help="Target's Quickness DB.")] = 0,
    dodge: Annotated[int, typer.Option(help="Target's Dodge DB (Fleetness).")] = 0,
    celerity: Annotated[int, typer.Option(help="Target's Celerity dots (Rapid Reflexes).")] = 0,
    shooter_armor: Annotated[str | None, typer.Option(help="The shooter's own BA class.")] = None,
    situation: Annotated[
        list[str] | None,
        typer.Option(help="Named situational modifier (repeatable), e.g. prone-target."),
    ] = None,
    mod: Annotated[
        list[str] | None, typer.Option(help="Extra modifier VALUE:LABEL (repeatable).")
    ] = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Resolve one aimed shot and show every modifier, roll and table read."""
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with refusals():
        shot = AimedShot(
            weapon=weapon,
            ob=ob,
            distance_ft=distance,
            ranks=ranks,
            ap=ap,
            ap_available=ap_left,
            prepared=prepared,
            mounted=mounted,
            ammo=ammo,
            armor=armor,
            naked_column=naked,
            armor_damage=armor_damage,
            cover=parse_cover(cover),
            target_size=size,
            defender=Defender(quickness_db=quickness_db, dodge_db=dodge, celerity=celerity),
            shooter_armor=shooter_armor,
            situational=tuple(situation or ()),
            extra=tuple(_parse_mod(m) for m in mod or ()),
        )
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


def shot_plain(shot: AimedShot) -> dict[str, object]:
    from firefight.serialize import to_plain

    plain = to_plain(shot)
    assert isinstance(plain, dict)
    return plain
