"""Exact odds of a cards shot (D-4, K-1, K-4): hypergeometric successes from a fresh deck or a
persistent deck's cards left, checked against the formula and against Monte Carlo."""

from __future__ import annotations

import math
from typing import Any

import pytest

from firefight.declarations import declare
from firefight.odds.api import odds, odds_stats
from firefight.rulesets.cards.shot import Shot


def shot(**values: Any) -> Shot:
    base: dict[str, Any] = {"weapon": "glock-22", "skill": 3, "distance": 10}
    return declare(Shot, **(base | values))


def _hypergeometric(k: int, good: int, deck: int, n: int) -> float:
    return math.comb(good, k) * math.comb(deck - good, n - k) / math.comb(deck, n)


@pytest.mark.parametrize(
    ("values", "good", "n"),
    [
        ({}, 32, 3),  # Target 6: 6..K, 8 ranks
        ({"distance": 60}, 8, 3),  # Target 12: Q, K
        ({"weapon": "hk-g11", "distance": 150, "mode": "FA"}, 20, 6),  # Target 9
    ],
)
def test_k_1_successes_are_hypergeometric(values: dict[str, Any], good: int, n: int) -> None:
    """K-1 / D-4: P(k successes) for a fresh deck is C(G,k) C(52-G,n-k) / C(52,n), G the cards
    reaching the Target."""
    action = shot(**values)
    dist = odds(None, action)
    assert dist.method == "fast exact"
    assert dist.mass == pytest.approx(1.0, abs=1e-12)
    stats = {v.stat.name: v.value for v in odds_stats(dist, action)}
    for k in range(n + 1):
        assert stats[f"p_{k}_successes"] == pytest.approx(_hypergeometric(k, good, 52, n))


def test_d_4_odds_from_the_cards_left() -> None:
    """D-4: with a persistent deck the odds come from the cards left: two of five reach 6."""
    action = shot(skill=2, deck="KH,QS,2C,3D,4H")
    stats = {v.stat.name: v.value for v in odds_stats(odds(None, action), action)}
    assert stats["p_0_successes"] == pytest.approx(_hypergeometric(0, 2, 5, 2))
    assert stats["p_2_successes"] == pytest.approx(_hypergeometric(2, 2, 5, 2))


def test_crd_mode_1_p_must_cock_is_one_half_from_a_fresh_deck() -> None:
    """CRD-MODE-1: the first card is black half the time, whatever the successes."""
    action = shot(weapon="ruger-redhawk")
    dist = odds(None, action)
    assert dist.probability(lambda k: k.must_cock) == pytest.approx(0.5)
    for hits in range(4):
        both = sum(p for k, p in dist.items() if k.successes == hits)
        black = sum(p for k, p in dist.items() if k.successes == hits and k.must_cock)
        assert black == pytest.approx(both / 2)


def test_k_4_p_knockdown_from_a_fresh_deck() -> None:
    """K-4: one crossing, one fresh card: P(fall) = P(card >= 8) = 24/52 given a hit."""
    action = shot()
    dist = odds(None, action)
    hit = dist.probability(lambda k: k.successes > 0)
    assert dist.probability(lambda k: k.knocked_down) == pytest.approx(hit * 24 / 52)


def test_k_4_d_4_a_persistent_decks_knockdown_card_of_exactly_2_x_size_falls() -> None:
    """K-4 with D-4's persistent deck: from KH, 8S, 2C one card is drawn and hits on KH or 8S
    (Target 6). The knockdown card comes from the two left; an 8 is not below 2 x Size (8), so
    it falls: P(knocked down) = 2/3 x 1/2 = 1/3, the 8 falling whichever card hit."""
    action = shot(skill=1, deck="KH,8S,2C")
    dist = odds(None, action)
    assert dist.probability(lambda k: k.successes == 1) == pytest.approx(2 / 3)
    assert dist.probability(lambda k: k.knocked_down) == pytest.approx(1 / 3)


#: Enough samples for 5 standard errors to catch a wrong class count or a missed reshuffle.
SAMPLES = 8_000

CASES = [
    {"weapon": "hk-g11", "distance": 150, "mode": "FA", "skill": 3},
    {"weapon": "ruger-redhawk", "skill": 4, "yellow": 8, "armor": "ceramic-plates"},
    {"skill": 3, "deck": "KH,QS,2C,3D,9H,10S,7C"},
    # fewer cards left than the draw: the discards are reshuffled mid-draw
    {"weapon": "sw-29", "skill": 4, "deck": "KH,2C,9D", "yellow": 10},
    # the draw empties the deck: the knockdown card comes from the reshuffled discards
    {"weapon": "sw-29", "skill": 3, "deck": "KH,QC,9D", "yellow": 10},
]


@pytest.mark.parametrize("values", CASES)
def test_exact_odds_agree_with_monte_carlo(values: dict[str, Any]) -> None:
    """The exact path and the scalar resolver sampled agree within 5 standard errors on every
    outcome (fresh deck, persistent deck, reshuffles, knockdown, cocking)."""
    action = shot(**values)
    exact = odds(None, action)
    sampled = odds(None, action, method="monte-carlo", samples=SAMPLES, seed=7)
    assert sampled.method == "monte carlo"
    for key in set(exact.probabilities) | set(sampled.probabilities):
        p = exact.probabilities.get(key, 0.0)
        q = sampled.probabilities.get(key, 0.0)
        error = math.sqrt(max(p * (1 - p), 1e-4) / SAMPLES)
        assert abs(p - q) <= 5 * error, (key, p, q)


def test_crd_hit_1_one_success_is_worded_in_the_singular() -> None:
    """The odds said "P(1 successes)" and "1 successes: 2 Yellow"; one is one success (the
    stat's JSON name, p_1_successes, stays)."""
    from firefight.declarations import declare
    from firefight.odds.api import odds, odds_stats
    from firefight.rulesets.cards.cli.odds import describe_key
    from firefight.rulesets.cards.shot import Shot

    shot = declare(Shot, weapon="glock-22", skill=4, distance=10)
    found = odds(None, shot)
    labels = {v.stat.name: v.stat.label for v in odds_stats(found, shot)}
    assert labels["p_1_successes"] == "P(1 success)"
    assert labels["p_2_successes"] == "P(2 successes)"
    words = [describe_key(k) for k in found.probabilities]
    assert any(w.startswith("1 success:") for w in words)
    assert not any("1 successes" in w for w in words)
