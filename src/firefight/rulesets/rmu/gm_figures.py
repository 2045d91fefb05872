"""The rmu figures a GM may set at the table (``set NAME FIGURE N``, DEC-551): the AP left this
round (RMU-GEN-1), the hits bled each round, the rounds of stun (R-3), a Kindred's Hunger (V-4)
and the body armor's wear (RMU-BRK-2, DEC-881). Each is checked against the bounds the rules
give it before it is recorded."""

from __future__ import annotations

from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.rulesets.rmu.kindred_rules import kindred_figures
from firefight.rulesets.rmu.vitals import (
    armor_of,
    figures,
    rmu_stats,
    vitals,
    with_armor,
    with_vitals,
)
from firefight.scene.events import GM_RULE
from firefight.scene.figure_bounds import FIGURE_TOP, check_within, no_such_figure
from firefight.scene.state import CombatantState

__all__ = ["RMU_GM_FIGURES", "RMU_GM_FIGURE_NAMES", "set_rmu_figure"]

RMU_GM_FIGURES = {
    "ap": "AP left this round",
    "bleeding": "hits lost at each round's end",
    "stun": "rounds stunned, at the worst tier running (the mildest when none is)",
    "hunger": "a Kindred's Hunger",
    "wear": "the body armor's running breakage total (0 or less)",
}

#: Each figure as a sentence writes it, where that is not as typed (``set NAME FIGURE N``).
RMU_GM_FIGURE_NAMES = {"ap": "AP", "hunger": "Hunger", "wear": "armor wear"}


def set_rmu_figure(c: CombatantState, figure: str, value: int) -> CombatantState:
    """``c`` with one of :data:`RMU_GM_FIGURES` set to ``value``.

    ``stun N`` keeps one tier: the worst one running, or the mildest of the data's tiers when
    none is, for ``N`` rounds (0 ends the stun)."""
    now = vitals(c)
    if figure == "ap":
        check_within(c.name, "AP", value, 0, figures().round_ap)
        return with_vitals(c, replace(now, ap_left=value))
    if figure == "bleeding":
        check_within(c.name, "bleeding", value, 0, None)
        return with_vitals(c, replace(now, bleed=value))
    if figure == "stun":
        check_within(c.name, "stun", value, 0, None)
        tier = now.stun_penalty or max(figures().stun_tiers)
        return with_vitals(c, replace(now, stun=((tier, value),) if value else ()))
    if figure == "hunger":
        sheet = rmu_stats(c).kindred
        if sheet is None:
            raise RuleRefusal(GM_RULE, f"{c.name} is no Kindred: only the Kindred have Hunger.")
        check_within(c.name, "Hunger", value, 0, kindred_figures().hunger_max)
        return replace(c, stats=replace(rmu_stats(c), kindred=replace(sheet, hunger=value)))
    if figure == "wear":
        return _worn(c, value)
    raise no_such_figure("rmu", figure)


def _worn(c: CombatantState, value: int) -> CombatantState:
    """DEC-881: ``c``'s body armor with its running breakage total set to ``value``, as the
    state table shows it (``BA II -20``): penalties only add up, so it is 0 or less (RMU-BRK-2),
    and no lower than a scenario's armor may begin (the sanity limit, DEC-80). Whether the armor
    broke is kept as it was: ``repair`` mends that; past -50 it is beaten open from the next shot
    on, as a check that took it there leaves it."""
    worn = armor_of(c)
    if worn is None:
        raise RuleRefusal(
            GM_RULE, f"{c.name} wears no armor, so it has no wear to set (RMU-BRK-2)."
        )
    check_within(
        c.name, "armor wear", value, -FIGURE_TOP, 0, why="RMU-BRK-2: breakage penalties only add up"
    )
    return with_armor(c, replace(worn, damage=value))
