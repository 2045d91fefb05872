"""The cpr rule figures other than tables (``data/rules.toml``), each tied to its rule ID."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.rulesets.cpr.datafile import load

__all__ = ["RuleFigures", "WoundFigures", "load_figures"]


@dataclass(frozen=True, slots=True, kw_only=True)
class WoundFigures:
    """What a wound state costs (C-9)."""

    key: str
    name: str
    action_penalty: int
    move_penalty: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleFigures:
    #: Every skill an encounter reads, as the rules spell them (CPR-HIT-2).
    skills: tuple[str, ...]
    aimed_penalty: int
    head_multiplier: int
    aimed_leg_injury: str
    dodge_min_ref: int
    ablation: int
    critical_sixes: int
    critical_bonus: int
    death_save_die: int
    death_save_always_fails: int
    death_save_per_save: int
    stabilize_dv: int
    stabilize_stat: str
    stabilize_skills: tuple[str, ...]
    stabilize_reach_m: float
    autofire_bullets: int
    autofire_damage_d6: int
    autofire_skill: str
    suppression_bullets: int
    suppression_radius_m: int
    suppression_resist_skill: str
    shells_dv: int
    shells_damage_d6: int
    shells_depth_m: float
    shells_width_m: float
    explosive_square_m: float
    throw_max_distance_m: int
    throw_range_row: str
    throw_skill: str
    wounds: dict[str, WoundFigures]


def load_figures(*, validate: bool = False) -> RuleFigures:
    m = load("rules.toml", "RulesFile", validate=validate)
    aimed, stabilize, shells, death_save = m["aimed"], m["stabilize"], m["shells"], m["death_save"]
    autofire, suppression, throw = m["autofire"], m["suppression"], m["throw"]
    return RuleFigures(
        skills=tuple(m["skills"]["names"]),
        aimed_penalty=aimed["penalty"],
        head_multiplier=aimed["head_multiplier"],
        aimed_leg_injury=aimed["leg_injury"],
        dodge_min_ref=m["dodge"]["min_ref"],
        ablation=m["armor"]["ablation"],
        critical_sixes=m["critical"]["sixes"],
        critical_bonus=m["critical"]["bonus_damage"],
        death_save_die=death_save["die"],
        death_save_always_fails=death_save["always_fails"],
        death_save_per_save=death_save["per_save"],
        stabilize_dv=stabilize["dv"],
        stabilize_stat=stabilize["stat"],
        stabilize_skills=tuple(stabilize["skills"]),
        # Read as written, TOML gives a whole number where the model gives a float.
        stabilize_reach_m=float(stabilize["reach_m"]),
        autofire_bullets=autofire["bullets"],
        autofire_damage_d6=autofire["damage_d6"],
        autofire_skill=autofire["skill"],
        suppression_bullets=suppression["bullets"],
        suppression_radius_m=suppression["radius_m"],
        suppression_resist_skill=suppression["resist_skill"],
        shells_dv=shells["dv"],
        shells_damage_d6=shells["damage_d6"],
        shells_depth_m=float(shells["depth_m"]),
        shells_width_m=float(shells["width_m"]),
        explosive_square_m=float(m["explosive"]["square_m"]),
        throw_max_distance_m=throw["max_distance_m"],
        throw_range_row=throw["range_row"],
        throw_skill=throw["skill"],
        wounds={
            w["key"]: WoundFigures(
                key=w["key"],
                name=w["name"],
                action_penalty=w["action_penalty"],
                move_penalty=w["move_penalty"],
            )
            for w in m["wound"]
        },
    )
