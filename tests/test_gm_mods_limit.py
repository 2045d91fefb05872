"""One ceiling on a GM's own modifiers (``--mod VALUE:LABEL``) for every ruleset's command."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from encounter_support import WAREHOUSE, MemoryStore
from firefight.declarations import DeclarationError, options_of
from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.errors import RuleRefusal
from firefight.limits import MAX_GM_MODS
from firefight.rulesets.cards.shot import Shot
from firefight.rulesets.cpr.attack_options import ActorFields
from firefight.rulesets.cpr.option_text import parse_mod as cpr_parse_mod
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.rmu.explosive_options import ExplodeOptions, FlashBangOptions, ThrowOptions
from firefight.rulesets.rmu.fire_options import ManeuverOptions, MoveToCoverOptions, SuppressOptions
from firefight.rulesets.rmu.kindred_options import BiteOptions
from firefight.rulesets.rmu.melee.options import EscapeOptions, MeleeOptions
from firefight.rulesets.rmu.shot_options import ShotOptions
from firefight.rulesets.rmu.shot_options import parse_mod as rmu_parse_mod
from firefight.service import EncounterService
from firefight.trace import Modifier

COMMANDS = (
    Shot, ActorFields, Shoot, ExplodeOptions, FlashBangOptions, ThrowOptions, ManeuverOptions,
    MoveToCoverOptions, SuppressOptions, BiteOptions, EscapeOptions, MeleeOptions, ShotOptions,
)  # fmt: skip


@pytest.mark.parametrize("cls", COMMANDS, ids=lambda c: c.__name__)
def test_every_commands_mod_takes_max_gm_mods_and_no_more(cls: type) -> None:
    mod = next(o for o in options_of(cls) if o.name == "mod")
    assert len(mod.check(["+1:x"] * MAX_GM_MODS)) == MAX_GM_MODS
    with pytest.raises(DeclarationError):
        mod.check(["+1:x"] * (MAX_GM_MODS + 1))


@pytest.mark.parametrize("parse", [rmu_parse_mod, cpr_parse_mod], ids=("rmu", "cpr"))
def test_dec_870_rmu_and_cpr_commands_take_a_mod_of_an_obs_size_and_no_more(
    parse: Callable[[str], Modifier],
) -> None:
    assert [parse(m).value for m in ("-999:x", "+999:y")] == [-999, 999]
    with pytest.raises(DeclarationError, match="VALUE -999 to 999"):
        parse("+1000:x")


def test_dec_870_an_action_lines_mod_is_bounded_as_the_command_is() -> None:
    """rmu and cpr lines took any 12-digit VALUE the command refused; one past it is refused,
    and the fight is unchanged (an rmu line here; cpr's reads the same function)."""
    service = EncounterService(MemoryStore())
    service.new("w", load_scenario(WAREHOUSE), Dice.seeded(1))
    with pytest.raises(RuleRefusal, match=r"VALUE -999 to 999.*'99999:x'"):
        service.act("w", "Mara shoots Viktor --mod 99999:x", Dice.seeded(0))
    assert len(service.log("w")) == 1
    service.act("w", "Mara shoots Viktor --mod -999:x", Dice.seeded(0))
    assert len(service.log("w")) == 2
