"""Pearson's chi-square test, for the dice check: are the counts what fair dice give?

Floats are fine here: the statistic and the p-value are only shown, never used
by the rules.  The p-value is the chi-square survival function, the
regularised upper incomplete gamma function Q(df/2, x/2).  For an even number
of degrees of freedom it is a finite sum, Q(m, y) = e^-y (1 + y + y^2/2! + ...
+ y^(m-1)/(m-1)!); the dice check uses 4 (five faces), so no odd case is needed.
"""
import math


def chi_square(counts, weights):
    """Pearson's statistic of observed counts against shares proportional to weights.

    counts and weights are integers, one per category; the expected count of
    category i is n * weights[i] / sum(weights).  Worked in integers up to the
    last division, so large counts lose nothing.
    """
    if len(counts) != len(weights) or len(counts) < 2:
        raise ValueError("One weight per count, at least two categories")
    n = 0
    w = 0
    for i in range(len(counts)):
        if counts[i] < 0 or weights[i] <= 0:
            raise ValueError("Counts must be 0 or more, weights more than 0")
        n += counts[i]
        w += weights[i]
    if n == 0:
        raise ValueError("No counts to test")
    stat = 0.0
    for i in range(len(counts)):
        d = counts[i] * w - n * weights[i]  # (observed - expected) * w
        stat += d * d / (n * weights[i] * w)
    return stat


def chi2_sf(x, df):
    """P(X >= x) for X chi-square distributed with df degrees of freedom (df even)."""
    if df < 2 or df % 2:
        raise ValueError("Degrees of freedom must be even and at least 2")
    if x <= 0:
        return 1.0
    y = x / 2
    term = math.exp(-y)
    total = 0.0
    for i in range(1, df // 2 + 1):
        total += term
        term *= y / i
    return min(1.0, total)
