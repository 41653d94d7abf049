"""Trainmaker dice fairness through the production path (CPython only).

700,000 die rolls from roll_dice() with the device's generator, tested with
chi-square at the 99.9 % level, plus the generator's full period.
Critical values of the chi-square distribution at 0.999:
df=1: 10.828, df=4: 18.467, df=24: 51.179.
"""
from schaffner.rng import Rng
from schaffner.trainmaker.dice import FACES, roll_dice

CPYTHON_ONLY = "700,000 die rolls: too slow for the MicroPython runner"

CHI2_999 = {1: 10.828, 4: 18.467, 24: 51.179}
PROB = {"L": 2 / 6, "P": 1 / 6, "B": 1 / 6, "F": 1 / 6, "C": 1 / 6}
ROLLS = 100_000  # of seven dice: 700,000 die rolls


def chi2(observed, expected):
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected))


def _rolls(seed):
    rng = Rng(seed)
    return [roll_dice(rng, 7) for _ in range(ROLLS)]


ROLLED = _rolls(20240601)


def test_faces_overall():
    text = "".join(ROLLED)
    n = len(text)
    assert n >= 600_000
    obs = [text.count(f) for f in FACES]
    assert chi2(obs, [n * PROB[f] for f in FACES]) < CHI2_999[4]


def test_each_face_alone():
    text = "".join(ROLLED)
    n = len(text)
    for f in FACES:
        k = text.count(f)
        stat = chi2([k, n - k], [n * PROB[f], n * (1 - PROB[f])])
        assert stat < CHI2_999[1], (f, k, stat)


def test_each_die_of_the_seven():
    for pos in range(7):
        column = [r[pos] for r in ROLLED]
        obs = [column.count(f) for f in FACES]
        assert chi2(obs, [ROLLS * PROB[f] for f in FACES]) < CHI2_999[4], pos


def test_neighbouring_dice_are_independent():
    pairs = {}
    for r in ROLLED:
        for i in range(6):
            pairs[r[i:i + 2]] = pairs.get(r[i:i + 2], 0) + 1
    n = ROLLS * 6
    obs = []
    exp = []
    for a in FACES:
        for b in FACES:
            obs.append(pairs.get(a + b, 0))
            exp.append(n * PROB[a] * PROB[b])
    assert chi2(obs, exp) < CHI2_999[24]


def test_other_seeds_are_fair_too():
    for seed in (1, 2, 0xFFFFFFFF):
        rng = Rng(seed)
        text = roll_dice(rng, 120_000)
        obs = [text.count(f) for f in FACES]
        assert chi2(obs, [len(text) * PROB[f] for f in FACES]) < CHI2_999[4], seed


def _step_matrix():
    """The generator's state step as 32 columns over GF(2) (it is linear)."""
    cols = []
    r = Rng(1)
    for i in range(32):
        r._s0, r._s1 = (1 << i) & 0xFFFF, (1 << i) >> 16
        r._next16()
        cols.append(r._s0 | r._s1 << 16)
    return cols


def _apply(cols, v):
    out = 0
    i = 0
    while v:
        if v & 1:
            out ^= cols[i]
        v >>= 1
        i += 1
    return out


def _power(cols, e):
    result = [1 << i for i in range(32)]
    base = cols
    while e:
        if e & 1:
            result = [_apply(base, c) for c in result]
        base = [_apply(base, c) for c in base]
        e >>= 1
    return result


def test_generator_has_full_period():
    # period 2**32 - 1 = 3 * 5 * 17 * 257 * 65537 exactly when the step's
    # order is that number and no proper divisor of it
    m = _step_matrix()
    full = 2 ** 32 - 1
    ident = [1 << i for i in range(32)]
    assert _power(m, full) == ident
    for p in (3, 5, 17, 257, 65537):
        assert _power(m, full // p) != ident, p
