"""``firefight rmu ...``: resolve rmu actions from the command line."""

from __future__ import annotations

import typer

from firefight.cli.common import JsonOpt
from firefight.cli.declared import declared_command
from firefight.cli.lazy import Lazy, lazy_group
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cli.resolved import resolving
from firefight.rulesets.rmu.cli.shot import shoot
from firefight.rulesets.rmu.defense_options import DefendOptions
from firefight.rulesets.rmu.incoming import resolve_defense
from firefight.rulesets.rmu.shot_options import ShotOptions

_FIRE = "firefight.rulesets.rmu.cli.fire"
# The firearm actions load their modules only when one of them is invoked: ``rmu shoot`` stays
# quick to start.
_FIRE_COMMANDS = {
    "rapid-fire": "Empty the gun: prepare, then fire.",
    "suppress": "Hose a stretch of ground with fire.",
    "maneuver": "A percentage or absolute maneuver.",
    "move-to-cover": "Dash for cover under fire.",
}
_EXPLOSIVES = "firefight.rulesets.rmu.cli.explosives"
_EXPLOSIVE_COMMANDS = {
    "throw": "Throw an explosive: where it lands.",
    "explode": "An explosive goes off among the people near it.",
    "flash-bang": "A flash-bang's contest per victim.",
    "gas": "A round in CS gas: the penalty and the Constitution maneuver per victim.",
}
_MELEE = "firefight.rulesets.rmu.cli.melee"
_MELEE_COMMANDS = {
    "melee": "A melee attack.",
    "grapple": "A grapple: an unarmed hold.",
    "escape": "Break a hold: the grapple contest.",
}
_KINDRED = "firefight.rulesets.rmu.cli.kindred"
_KINDRED_COMMANDS = {
    "bite": "A vampire's bite.",
    "stake": "Staking or decapitation.",
}
app = typer.Typer(
    cls=lazy_group(
        {
            **{
                n: Lazy.command_of(_KINDRED, "app", n, line)
                for n, line in _KINDRED_COMMANDS.items()
            },
            **{n: Lazy.command_of(_MELEE, "app", n, line) for n, line in _MELEE_COMMANDS.items()},
            **{n: Lazy.command_of(_FIRE, "app", n, line) for n, line in _FIRE_COMMANDS.items()},
            **{
                n: Lazy.command_of(_EXPLOSIVES, "app", n, line)
                for n, line in _EXPLOSIVE_COMMANDS.items()
            },
        }
    ),
    help="Rolemaster Unified firearms (rmu).",
    no_args_is_help=True,
)


declared_command(
    app,
    "shoot",
    ShotOptions,
    help="Resolve one aimed shot and show every modifier, roll and table read.",
)(shoot)


declared_command(
    app,
    "defend",
    DefendOptions,
    help="The DB a defender brings against gunfire, another missile or melee, term by term.",
    extra=(("as_json", JsonOpt, False),),
)(
    resolving(
        DefendOptions,
        "defense",
        lambda decl, _dice: resolve_defense(decl, RmuData()),
        lambda decl: f"rmu defense against {decl.against}",
        lambda o: f"DB {o.result.db}",
        dice=False,
    )
)
