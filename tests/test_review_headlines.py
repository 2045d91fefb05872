"""scripts/review_headlines.py shows 20 representative actions of the bundled fights, across
every ruleset, each with a headline that names who acted (issue 17's review of headlines)."""

from __future__ import annotations

import review_headlines


def test_twenty_representative_actions_across_every_ruleset_each_with_a_headline() -> None:
    assert len(review_headlines.REPRESENTATIVE) == 20
    lines = review_headlines.representative(trace=False)
    numbered = [line for line in lines if line[:3].strip().rstrip(".").isdigit()]
    assert len(numbered) == 20
    rulesets = {line.split("[", 1)[1].split(" ·")[0] for line in numbered}
    assert rulesets == {"rmu", "cpr", "gurps", "cards"}
    for i, line in enumerate(lines):
        if line in numbered:
            actor = line.split("] ", 1)[1].split()[0]
            headline = lines[i + 1].strip()
            assert headline.startswith(actor), (line, headline)
