"""The 3d6 success roll (RULINGS G-1, GUR-CORE-1): roll at or under the effective skill; 3-4
always succeed and 17-18 always fail; criticals by the roll and the skill.

>>> from firefight.rulesets.gurps.data import DATA
>>> judge(5, 15, DATA.core.success).critical
True
>>> judge(17, 16, DATA.core.success).critical
False
>>> judge(13, 3, DATA.core.success).result
'critical failure'
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.frozen import quick_init
from firefight.rulesets.gurps.data import Success

__all__ = ["Verdict", "judge"]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    roll: int
    target: int
    success: bool
    critical: bool

    @property
    def margin(self) -> int:
        """Made by (positive) or missed by (negative)."""
        return self.target - self.roll

    @property
    def result(self) -> str:
        word = "success" if self.success else "failure"
        return f"critical {word}" if self.critical else word


def judge(roll: int, target: int, rules: Success) -> Verdict:
    """The verdict of a 3d6 ``roll`` against ``target`` (G-1)."""
    if roll <= rules.always_succeed_at_most:
        success = True
    elif roll >= rules.always_fail_at_least:
        success = False
    else:
        success = roll <= target
    if success:
        critical = any(roll == r and target >= least for r, least in rules.critical_success)
    else:
        critical = roll - target >= rules.critical_failure_margin or any(
            roll == r and target <= most for r, most in rules.critical_failure
        )
    return Verdict(roll=roll, target=target, success=success, critical=critical)
