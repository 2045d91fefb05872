"""How an rmu combatant reads in the state table, the state's JSON and the narrated log: the
AP left, the running conditions (bleeding, stun, stagger, injury, fatigue), the armor's wear and
dying between up and dead (R-2, R-3, RMU-GEN-7)."""

from __future__ import annotations

from collections.abc import Mapping

from firefight.rulesets.base import combatant_status, fallen, weapons_text
from firefight.rulesets.rmu.carried import carried_text
from firefight.rulesets.rmu.melee.carried import melee_text
from firefight.rulesets.rmu.vitals import armor_of, dying, rmu_stats, vitals
from firefight.scene.state import CombatantState
from firefight.wording import counted

__all__ = ["rmu_row", "rmu_state_words", "rmu_status", "rmu_went_down"]


def rmu_status(c: CombatantState) -> str:
    """Dead, dying (with its count), unconscious, bystander or up; a Kindred out of the fight
    reads as Final Death, or torpor and staked as they hold (V-2, V-3: their stake or torpor
    keeps them from acting, with neither hits nor the shared fields saying so). The dying who
    are out cold too read "unconscious, dying" (DEC-882)."""
    sheet = rmu_stats(c).kindred
    if sheet is not None and sheet.down:
        if sheet.final_death:
            return "Final Death"
        return ", ".join(
            w for flag, w in ((sheet.torpor, "torpor"), (sheet.staked, "staked")) if flag
        )
    if dying(c):
        left = vitals(c).dying_rounds
        count = f"dying ({left} rnd)" if left else "dying"
        # DEC-882: dying keeps nobody from being out cold too (0 hits, a blow, the GM's
        # `set`), and the flag still counts (a biter out cold lets go): said, or the GM's
        # `unconscious` and `up` changed what no table showed.
        return f"unconscious, {count}" if c.unconscious else count
    return combatant_status(c)


def _down(c: CombatantState) -> str:
    if c.dead:
        return "dead"
    if dying(c):
        return "dying"
    return "unconscious" if c.unconscious else "up"


def rmu_state_words(c: CombatantState) -> set[str]:
    """What ``c`` is in, as the odds of an action line count it: dead, dying or unconscious for
    a mortal; for a Kindred torpor, staked, burning or Final Death (V-2, V-3, V-5), and, in a
    scene with V-2 off, dying, dead or unconscious as a mortal falls (DEC-853)."""
    sheet = rmu_stats(c).kindred
    if sheet is None:
        return {_down(c)}
    if sheet.final_death:
        return {"Final Death"}
    flags = ((sheet.torpor, "in torpor"), (sheet.staked, "staked"), (sheet.burning, "burning"))
    words = {word for flag, word in flags if flag}
    # In torpor the body is kept unconscious too (V-2): that is torpor, not a second state.
    return words if sheet.torpor else words | {_down(c)}


def rmu_went_down(before: CombatantState, after: CombatantState) -> str | None:
    """The sentence for ``after`` being further down than ``before``, dying included."""
    was, now = _down(before), _down(after)
    # DEC-882, DEC-887: dying hides no one's going out cold (0 hits, the GM's word), in the
    # state cell (rmu_status) or here, whether the dying came before or with it.
    knocked_out = now == "dying" and after.unconscious and not before.unconscious
    if was == now:
        return fallen(after.name, "unconscious") if knocked_out else None
    # V-2: a Kindred falls into torpor, not unconscious, and dies only Final Death (with V-2
    # switched off the sheet holds neither and they fall as a mortal does).
    sheet = rmu_stats(after).kindred
    if sheet is not None and sheet.final_death:
        return f"{after.name} meets Final Death [V-2]."
    if sheet is not None and sheet.torpor:
        return f"{after.name} falls into torpor [V-2]."
    if now == "dying":
        left = vitals(after).dying_rounds
        rounds = f": {counted(left, 'round')} left" if left else ""
        out_cold = "falls unconscious and " if knocked_out else ""
        return f"{after.name} {out_cold}is dying{rounds}."
    return fallen(after.name, now)


def _conditions(c: CombatantState) -> str:
    if c.dead:
        return "-"
    v = vitals(c)
    parts = []
    if v.bleed:
        parts.append(f"bleed {v.bleed}")
    if v.stun:
        parts.append("stun " + ", ".join(f"{r}@{p}" for p, r in v.stun))
    if v.staggered:
        parts.append(f"staggered (owes {v.staggered_owed})" if v.staggered_owed else "staggered")
    if v.injury:
        parts.append(f"injury {v.injury}")
    if v.fatigue:
        parts.append(f"fatigue {v.fatigue}")
    return ", ".join(parts) or "-"


def _armor(c: CombatantState) -> str:
    armor = armor_of(c)
    if not armor:
        return "-"
    return f"{armor.kind} {armor.damage}" + (" broken" if armor.broken else "")


def _weapons(c: CombatantState) -> str:
    """The guns carried, then the grenades left when the scenario counts them (DEC-620), then
    the melee weapons when it lists them (DEC-826)."""
    parts = [] if (guns := weapons_text(c)) == "-" else [guns]
    if (left := carried_text(c)) is not None:
        parts.append(f"grenades {left}")
    if (blades := melee_text(c)) is not None:
        parts.append(f"melee {blades}")
    return "; ".join(parts) or "-"


def rmu_row(c: CombatantState, figures: Mapping[str, object]) -> dict[str, str]:
    """One row of the state table; ``firearms`` says what the firearm actions left on them (a
    preparation's share, a jam, sweeps, an AP cap, a dash's cover share)."""
    return {
        "name": c.name,
        "side": c.side,
        # Someone down has no turn to spend, as cpr's, gurps's and cards's turn columns say:
        # the round's AP were still dealt them, and "4" read as a turn left.
        "AP": str(vitals(c).ap_left) if c.can_act() else "-",
        "hits": f"{c.hits_left}/{c.hits_max}",
        "penalty": str(figures.get("total_penalty", "")),
        "state": f"{rmu_status(c)}, {c.posture.value}",
        "conditions": _conditions(c),
        "at (ft)": f"{c.position.x_ft:g},{c.position.y_ft:g}",
        "weapons": _weapons(c),
        "firearms": rmu_stats(c).fire.brief() or "-",
        "armor": _armor(c),
    }
