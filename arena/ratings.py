"""Bradley-Terry ratings from a round robin, on the Elo scale, with Bayesian-bootstrap intervals.

P(i beats j) = g_i / (g_i + g_j); ratings are 400 * log10(g_i), centred on a mean of 0. A draw counts half a win
for each side. One virtual drawn game per pair (a weak prior) keeps ratings finite when an agent wins every game;
the intervals carry the same prior (`bradley_terry`), so a one-sided pair is not treated as certain.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cardlab.engine.core import derive_seed

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


def generator_seed(seed: int) -> int:
    """numpy's generators take non-negative seeds only, and matches accept any integer: a negative seed is hashed to
    a 63-bit one; a non-negative seed is used as given, so earlier runs' numbers stay the same."""
    return seed if seed >= 0 else derive_seed("bradley-terry", seed)


def posterior_wins(pairs: list[PairResult], rng: np.random.Generator, samples: int,
                   prior: float = PRIOR_GAMES) -> np.ndarray:
    """samples x pairs x 2: each pair's (wins of a, wins of b) over its n + prior games, the expected results under
    one draw of its win, loss and draw probabilities from their posterior Dirichlet(wins_a + prior/2,
    wins_b + prior/2, draws): the fit's virtual drawn game counted as half a win for each side (with no draws this
    is Beta(wins_a + 1/2, wins_b + 1/2), Jeffreys' prior). A category with no mass gets probability 0 (numpy's
    Gamma(0) is 0, where its dirichlet refuses a zero parameter)."""
    alpha = np.array([(p.wins_a + prior / 2, p.wins_b + prior / 2, p.draws) for p in pairs], dtype=float)
    g = rng.gamma(alpha, size=(samples, len(pairs), 3))
    scores = g[..., :2] + g[..., 2:] / 2  # a draw is half a win for each side
    total = g.sum(axis=2, keepdims=True)
    shares = np.divide(scores, total, out=np.full_like(scores, 0.5), where=total > 0)  # no mass at all: even
    return shares * alpha.sum(axis=1)[None, :, None]


def bradley_terry(agents: list[str], pairs: list[PairResult], seed: int = 0, bootstrap: int = BOOTSTRAP,
                  prior: float = PRIOR_GAMES) -> dict:
    """{agent: {"elo", "ci95"}}: the fit and a 95% percentile interval from a Bayesian bootstrap: each of
    `bootstrap` resamples draws every pair's win, loss and draw probabilities from their Dirichlet posterior (the
    fit's virtual drawn game as the prior, `posterior_wins`) and refits the ratings to the expected results. A pair
    won 20-0 thus gets an interval as wide as 20 games allow (resampling the observed proportions, the method
    before, gave 20-0 again every time and an interval of zero width)."""
    ratings = fit_bradley_terry(agents, win_matrix(agents, pairs, prior))
    index = {a: i for i, a in enumerate(agents)}
    rows = [index[p.a] for p in pairs]
    cols = [index[p.b] for p in pairs]
    drawn = posterior_wins(pairs, np.random.default_rng(generator_seed(seed)), bootstrap, prior) if pairs else None
    samples = np.empty((bootstrap, len(agents)))
    for k in range(bootstrap):
        wins = np.zeros((len(agents), len(agents)))
        if drawn is not None:
            np.add.at(wins, (rows, cols), drawn[k, :, 0])
            np.add.at(wins, (cols, rows), drawn[k, :, 1])
        samples[k] = fit_bradley_terry(agents, wins)
    lo, hi = np.percentile(samples, [2.5, 97.5], axis=0) if bootstrap else (ratings, ratings)
    return {a: {"elo": _tenth(ratings[i]), "ci95": [_tenth(lo[i]), _tenth(hi[i])]} for i, a in enumerate(agents)}


def _tenth(value: float) -> float:
    """Rounded to 0.1 Elo, never -0.0 (which JSON and the table would show as a sign on zero)."""
    return round(float(value), 1) + 0.0
