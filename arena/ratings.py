"""Bradley-Terry ratings from a round robin, on the Elo scale, with bootstrap intervals.

P(i beats j) = g_i / (g_i + g_j); ratings are 400 * log10(g_i), centred on a mean of 0. A draw counts half a win
for each side. One virtual drawn game per pair (a weak prior) keeps ratings finite when an agent wins every game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

PRIOR_GAMES = 1.0  # virtual drawn games per pair
BOOTSTRAP = 1000


@dataclass(frozen=True)
class PairResult:
    a: str
    b: str
    wins_a: int
    wins_b: int
    draws: int


def fit_bradley_terry(agents: list[str], wins: np.ndarray, iterations: int = 2000, tol: float = 1e-10) -> np.ndarray:
    """Elo-scale ratings from wins[i, j] = (possibly fractional) wins of i over j, by the MM algorithm."""
    n = len(agents)
    games = wins + wins.T
    total_wins = wins.sum(axis=1)
    strength = np.ones(n)
    for _ in range(iterations):
        denom = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = np.where(denom > 0, total_wins / np.where(denom > 0, denom, 1), strength)
        new /= np.exp(np.log(new).mean())
        if np.max(np.abs(new - strength)) < tol:
            strength = new
            break
        strength = new
    elo = 400 * np.log10(strength)
    return elo - elo.mean()


def win_matrix(agents: list[str], pairs: list[PairResult], prior: float = PRIOR_GAMES) -> np.ndarray:
    index = {a: i for i, a in enumerate(agents)}
    wins = np.zeros((len(agents), len(agents)))
    for p in pairs:
        i, j = index[p.a], index[p.b]
        wins[i, j] += p.wins_a + p.draws / 2 + prior / 2
        wins[j, i] += p.wins_b + p.draws / 2 + prior / 2
    return wins


def bradley_terry(agents: list[str], pairs: list[PairResult], seed: int = 0, bootstrap: int = BOOTSTRAP) -> dict:
    """{agent: {"elo", "ci95"}}: the fit and a 95% percentile interval from resampling every pair's games."""
    ratings = fit_bradley_terry(agents, win_matrix(agents, pairs))
    rng = np.random.default_rng(seed)
    samples = np.empty((bootstrap, len(agents)))
    for k in range(bootstrap):
        resampled = []
        for p in pairs:
            n = p.wins_a + p.wins_b + p.draws
            if n == 0:
                resampled.append(p)
                continue
            wa, wb, d = rng.multinomial(n, [p.wins_a / n, p.wins_b / n, p.draws / n])
            resampled.append(PairResult(p.a, p.b, int(wa), int(wb), int(d)))
        samples[k] = fit_bradley_terry(agents, win_matrix(agents, resampled))
    lo, hi = np.percentile(samples, [2.5, 97.5], axis=0)
    return {a: {"elo": round(float(ratings[i]), 1), "ci95": [round(float(lo[i]), 1), round(float(hi[i]), 1)]}
            for i, a in enumerate(agents)}
