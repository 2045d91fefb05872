"""One ceiling on a GM's own modifiers (``--mod VALUE:LABEL``) for every ruleset's command."""

from __future__ import annotations

import pytest

from firefight.declarations import DeclarationError, options_of
from firefight.limits import MAX_GM_MODS
from firefight.rulesets.cards.shot import Shot
from firefight.rulesets.cpr.attack_options import ActorFields
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.rmu.explosive_options import ExplodeOptions, FlashBangOptions, ThrowOptions
from firefight.rulesets.rmu.fire_options import ManeuverOptions, MoveToCoverOptions, SuppressOptions
from firefight.rulesets.rmu.kindred_options import BiteOptions
from firefight.rulesets.rmu.melee.options import EscapeOptions, MeleeOptions
from firefight.rulesets.rmu.shot_options import ShotOptions

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
