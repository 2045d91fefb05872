"""Decoding the effects strings of critical cells whose glyphs were stripped (DATA.md, 004).

The source site writes a critical's mechanics with glyphs (bleeding, stun, injury ...). In the
extracted text only their digits survive, so ``+10H, 52[-25], -5`` has to be read by position:
hits, then bleeding, then the single stun digit before ``[``, then the injury, then the rounds
left to a dying foe. DATA.md gives the grammar; it fits every cell of Ballistic Puncture.
Whether a foe is dying or dead is said in the cell's prose, not here (see
:mod:`firefight.rulesets.rmu.critical_markdown`).
"""

from __future__ import annotations

import re

__all__ = ["parse_effects"]

# Three shapes (DATA.md): stun right after "H", injury right after "H", or ", " and bleeding
# first. Stun rounds are one digit: the digit right before "[" is the stun, every digit ahead
# of it is bleeding ("84[-75]" is bleed 8, stun 4), and the bleeding digits run up to the
# injury's "-" when there is no stun ("12-10" is bleed 12, injury -10).
_EFFECTS = re.compile(
    r"""
    \+(?P<hits>\d+)H
    (?:
        (?P<stun_a>\d)\[-(?P<penalty_a>\d+)\](?:,\ -(?P<injury_a>\d+))?
      | -(?P<injury_b>\d+)
      | ,\ (?P<bleed>\d+?)
        (?:
            (?P<stun_c>\d)\[-(?P<penalty_c>\d+)\](?:,\ -(?P<injury_c>\d+))?
          | -(?P<injury_d>\d+)
        )?
        (?:,\ (?P<dying>\d+))?
    )?
    """,
    re.VERBOSE,
)


def parse_effects(text: str) -> dict[str, int]:
    """Decode one stripped effects string into :class:`CriticalEffect` field values.

    Only what the string states is returned: ``hits`` always, the others (``bleed``,
    ``stun_rounds``, ``stun_penalty``, ``injury``, ``dying_rounds``) when present. Penalties
    come back negative. A trailing number after the injury is the dying count; the caller
    checks the prose agrees that the foe is dying.

    >>> parse_effects("+10H, 52[-25], -5")
    {'hits': 10, 'bleed': 5, 'stun_rounds': 2, 'stun_penalty': -25, 'injury': -5}
    >>> parse_effects("+5H, 12-10")
    {'hits': 5, 'bleed': 12, 'injury': -10}
    >>> parse_effects("+20H, 84[-75], -40, 20")["dying_rounds"]
    20

    Raises:
        ValueError: the string does not fit the grammar; the message quotes it.
    """
    match = _EFFECTS.fullmatch(text.strip())
    if match is None:
        raise ValueError(
            f"cannot decode effects {text!r}: expected e.g. '+3H', '+2H1[-25]', "
            "'+3H, 1-5' or '+10H, 52[-25], -5'"
        )
    found = {k: int(v) for k, v in match.groupdict().items() if v is not None}
    effects = {"hits": found["hits"]}
    if "bleed" in found:
        effects["bleed"] = found["bleed"]
    for suffix in ("a", "c"):
        if f"stun_{suffix}" in found:
            effects["stun_rounds"] = found[f"stun_{suffix}"]
            effects["stun_penalty"] = -found[f"penalty_{suffix}"]
    for suffix in ("a", "b", "c", "d"):
        if f"injury_{suffix}" in found:
            effects["injury"] = -found[f"injury_{suffix}"]
    if "dying" in found:
        effects["dying_rounds"] = found["dying"]
    return effects
