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


def fit_bradley_terry(agents: list[str], wins: np.ndarray, iterations: int = 200, tol: float = 1e-9) -> np.ndarray:
    """Elo-scale ratings from wins[i, j] = (possibly fractional) wins of i over j: the maximum-likelihood fit by
    Newton's method on the log-strengths (the MM algorithm took thousands of steps, and stopped short, when one agent
    wins nearly every game). The likelihood is concave; steps are capped so that a far start cannot overshoot."""
    n = len(agents)
    games = wins + wins.T
    total_wins = wins.sum(axis=1)
    theta = np.zeros(n)
    centre = np.ones((n, n)) / n  # the ratings' mean is fixed: this fills the Hessian's one null direction
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # P(i beats j)
        gradient = total_wins - (games * p).sum(axis=1)
        w = games * p * (1.0 - p)
        hessian = np.diag(w.sum(axis=1)) - w  # minus the log-likelihood's Hessian
        step = np.linalg.solve(hessian + centre, gradient)
        largest = np.max(np.abs(step)) if n else 0.0
        if largest > 2.0:
            step *= 2.0 / largest
        theta = theta + step
        theta -= theta.mean()
        if largest < tol:
            break
    elo = 400 / np.log(10) * theta
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
