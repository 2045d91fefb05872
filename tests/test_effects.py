"""Decoding 004's stripped effects strings (DATA.md "Decoding 004"; RMU-GEN-7, RMU-BP-2)."""

from __future__ import annotations

import pytest

from firefight.rulesets.rmu.effects import parse_effects

# Every example DATA.md gives, with what it says the string means, plus the brief's extra shapes.
DATA_MD_EXAMPLES = [
    ("+2H1[-25]", {"hits": 2, "stun_rounds": 1, "stun_penalty": -25}),
    ("+15H, 21[-25]", {"hits": 15, "bleed": 2, "stun_rounds": 1, "stun_penalty": -25}),
    ("+3H-5", {"hits": 3, "injury": -5}),
    (
        "+10H, 52[-25], -5",
        {"hits": 10, "bleed": 5, "stun_rounds": 2, "stun_penalty": -25, "injury": -5},
    ),
    (
        "+20H, 84[-75], -40, 20",
        {
            "hits": 20,
            "bleed": 8,
            "stun_rounds": 4,
            "stun_penalty": -75,
            "injury": -40,
            "dying_rounds": 20,
        },
    ),
    ("+5H, 12-10", {"hits": 5, "bleed": 12, "injury": -10}),
    ("+1H", {"hits": 1}),
    ("+3H, 1", {"hits": 3, "bleed": 1}),
    ("+3H, 1-5", {"hits": 3, "bleed": 1, "injury": -5}),
    ("+15H1[-50], -10", {"hits": 15, "stun_rounds": 1, "stun_penalty": -50, "injury": -10}),
    ("+20H-5", {"hits": 20, "injury": -5}),
    ("+10H, 12-110", {"hits": 10, "bleed": 12, "injury": -110}),
]


@pytest.mark.parametrize(("text", "expected"), DATA_MD_EXAMPLES)
def test_rmu_gen_7_effects_decode_as_data_md_says(text: str, expected: dict[str, int]) -> None:
    assert parse_effects(text) == expected


def test_rmu_gen_7_surrounding_whitespace_is_ignored() -> None:
    assert parse_effects("  +4H, 2\n") == {"hits": 4, "bleed": 2}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "3H",  # no "+"
        "+H",  # no hits
        "+3H,1",  # bleeding must follow ", "
        "+3H, -5",  # an injury after ", " needs bleeding ahead of it
        "+3H, 1[-25]",  # ambiguous: no bleeding digit left ahead of the stun digit
        "+3H1[25]",  # stun penalty without its minus
        "+3H1[-25]-5",  # an injury after a stun needs ", "
        "+3H, 2, x",
        "+3H and some prose",
    ],
)
def test_rmu_bp_2_malformed_effects_raise_naming_the_text(text: str) -> None:
    with pytest.raises(ValueError, match="cannot decode effects") as info:
        parse_effects(text)
    assert repr(text) in str(info.value)
