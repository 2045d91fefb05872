"""A bite after a grapple through a whole encounter (issue 14): RMU-BITE-2's secondary bite at
-20 the round the hold lands and full OB on later rounds while it lasts, RMU-BITE-3's lodged
fangs, RMU-BITE-4's feeding each turn, all through action lines and replayed from the log."""

from __future__ import annotations

from typing import Any

import pytest

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.rulesets.rmu.events import HitsInflicted
from firefight.rulesets.rmu.kindred_events import Fed
from firefight.rulesets.rmu.kindred_feeding import FANGS, fangs_in
from firefight.rulesets.rmu.melee.holds import hold_on
from test_rmu_kindred_bites import PAD, close_pair, sheet


def parts(applied: Any) -> dict[str, int]:
    total = next(t for t in applied.record.trace if t.get("type") == "total")
    return {p["label"]: p["value"] for p in total["parts"]}


def test_rmu_bite_2_3_4_grapple_then_bite_then_feed_round_by_round() -> None:
    """Round 2: Mara's grapple from Viktor's front lands a 10% hold (96 + 29 open-ended - 50
    haste = 75, an A); her bite that round is the secondary attack at -20 and misses. Round 3:
    the hold lasts, so the bite rolls at full OB (80 + 5 = 85), deals damage and lodges the
    fangs. Round 4: she feeds (10 + 4 hits, Hunger 4 to 3). Round 5: she feeds again."""
    service = close_pair(hunger=4)
    grabbed = service.act("k", "Mara grapples Viktor --ap 2", Dice.scripted([96, 29, 60]))
    assert grabbed.record.summary["hold"] == 10 and hold_on(grabbed.state, "Viktor") == 10
    secondary = service.act("k", "Mara bites Viktor --ap 2", Dice.scripted([30, 50]))
    assert secondary.record.summary["reach"] == "secondary"
    assert parts(secondary)["a secondary attack after this round's grapple"] == -20
    assert secondary.record.summary["result"] == "miss"
    assert fangs_in(secondary.state, "Viktor") is None

    service.next_round("k", Dice.scripted(PAD))
    held = service.act("k", "Mara bites Viktor", Dice.scripted([80, 50]))
    assert held.record.summary["reach"] == "held"
    assert parts(held) == {"attack roll, d100 open-ended high": 80, "OB with the Bite (fangs)": 5}
    assert held.record.summary["total"] == 85 and held.record.summary["lodged"]
    assert fangs_in(held.state, "Viktor", "Mara") is not None
    with pytest.raises(RuleRefusal) as stuck:
        service.act("k", "Viktor moves 0,20", Dice.scripted([]))
    assert stuck.value.rule in ("DEC-343", "RMU-BITE-3")  # held by the hold and the fangs

    service.next_round("k", Dice.scripted(PAD))
    fed = service.act("k", "Mara feeds on Viktor", Dice.scripted([4]))
    assert [e.hunger for e in fed.record.events if isinstance(e, Fed)] == [3]
    assert [e.hits for e in fed.record.events if isinstance(e, HitsInflicted)] == [14]
    service.next_round("k", Dice.scripted(PAD))
    again = service.act("k", "Mara feeds on Viktor", Dice.scripted([7]))
    assert sheet(again.state, "Mara").hunger == 2
    assert [c.kind for c in again.state.conditions if c.holder == "Viktor"] == ["grappled", FANGS]
    assert service.load("k").state == again.state  # folded again from the log


def test_rmu_bite_2_a_bite_the_round_after_a_grapple_that_missed_is_direct() -> None:
    """No hold, no reach: the next round's bite is the direct one at -20."""
    service = close_pair()
    missed = service.act("k", "Mara grapples Viktor --ap 2", Dice.scripted([20]))
    assert hold_on(missed.state, "Viktor") == 0
    service.next_round("k", Dice.scripted(PAD))
    bite = service.act("k", "Mara bites Viktor", Dice.scripted([50, 50]))
    assert bite.record.summary["reach"] == "direct"


def test_dec_943_a_bite_at_a_victim_another_holds_is_at_full_ob() -> None:
    """RMU-BITE-2, DEC-943: with Viktor held 50% by Ana's grapple, Mara's bite was "a direct
    bite without a hold" at -20; the hold is on him, and her bite is no second attack of hers,
    so the fangs follow it at full OB (50 + 5, her one rank)."""
    service = close_pair()
    service.gm("k", "move Ana to 0,6")
    grabbed = service.act("k", "Ana grapples Viktor --ap 2", Dice.scripted([96, 29, 60]))
    assert hold_on(grabbed.state, "Viktor") == 50  # held, not held fast: he still resists
    bite = service.act("k", "Mara bites Viktor", Dice.scripted([50, 50]))
    assert bite.record.summary["reach"] == "held"
    assert bite.record.summary["total"] == 50 + 5
    # Mara's own grapple, this round, is still the secondary attack at -20.
    own = close_pair()
    own.act("k", "Mara grapples Viktor --ap 2", Dice.scripted([96, 29, 60]))
    assert (
        own.act("k", "Mara bites Viktor --ap 2", Dice.scripted([30, 50])).record.summary["reach"]
        == "secondary"
    )
