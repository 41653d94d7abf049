"""Trainmaker odds against a brute-force search in exact fractions (CPython only).

The reference knows only the rules: after each roll it tries every legal
placement (any number of Locomotives on a first roll, any cars, the
Caboose) and, with the token in hand, every change of one die to any face;
stock is never capped and nothing is pruned.  The solver's summaries,
caps and dominance shortcuts must give the same numbers.
"""
import random
from fractions import Fraction
from math import factorial

from schaffner.trainmaker.cards import NEEDS, counts
from schaffner.trainmaker.game import Game
from schaffner.trainmaker.solver import Solver, choices, odds, train_odds

CPYTHON_ONLY = "exact fractions over every placement: minutes under MicroPython, and fractions is CPython's"

FACES = "LPBFC"


def outcomes(n):
    """(L, P, B, F, C counts, number of side sequences) for n dice."""
    for kl in range(n + 1):
        for kp in range(n - kl + 1):
            for kb in range(n - kl - kp + 1):
                for kf in range(n - kl - kp - kb + 1):
                    kc = n - kl - kp - kb - kf
                    ways = factorial(n) // (factorial(kl) * factorial(kp) * factorial(kb)
                                            * factorial(kf) * factorial(kc))
                    yield (kl, kp, kb, kf, kc), ways * 2 ** kl


class Reference:
    def __init__(self, needs):
        self.targets = [counts(x) for x in needs]
        self.memo = {}

    def covers(self, st):
        return any(all(st[i] >= t[i] for i in range(3)) for t in self.targets)

    def reroll(self, st, n, t):
        key = ("r", st, n, t)
        if key not in self.memo:
            total = sum(w * self.after(st, f, t, True) for f, w in outcomes(n))
            self.memo[key] = total / Fraction(6 ** n)
        return self.memo[key]

    def fresh(self, n, t):
        total = sum(w * self.after((0, 0, 0), f, t, False) for f, w in outcomes(n))
        return total / Fraction(6 ** n)

    def place(self, st, f, t, started, lp, dp, db, df, dc):
        st2 = (st[0] + dp, st[1] + db, st[2] + df)
        if dc:
            return Fraction(int(self.covers(st2)))
        m = sum(f) - lp - dp - db - df
        return self.reroll(st2, m, t) if m else Fraction(0)

    def legal(self, f, started):
        kl, kp, kb, kf, kc = f
        for lp in (range(1, kl + 1) if not started else [0]):
            for dp in range(kp + 1):
                for db in range(kb + 1):
                    for df in range(kf + 1):
                        for dc in range(min(kc, 1) + 1):
                            cars = dp + db + df
                            if (started and cars + dc) or (not started and cars):
                                yield lp, dp, db, df, dc

    def after(self, st, f, t, started):
        key = ("a", st, f, t, started)
        if key in self.memo:
            return self.memo[key]
        best = Fraction(0)
        for p in self.legal(f, started):
            best = max(best, self.place(st, f, t, started, *p))
        if t:
            for a in range(5):
                for b in range(5):
                    if a != b and f[a]:
                        g = list(f)
                        g[a] -= 1
                        g[b] += 1
                        best = max(best, self.after(st, tuple(g), 0, started))
        self.memo[key] = best
        return best


def near(a, b):
    return abs(float(a) - b) < 1e-12


def test_started_trains_match_the_brute_force():
    rnd = random.Random(11)
    for _ in range(250):
        needs = rnd.sample(NEEDS, rnd.randint(1, 3))
        stock = tuple(rnd.randint(0, 3) for _ in range(3))
        n = rnd.randint(1, 5)
        t = rnd.randint(0, 1)
        assert near(Reference(needs).reroll(stock, n, t), train_odds(needs, stock, n, t)), \
            (needs, stock, n, t)


def test_first_rolls_match_the_brute_force():
    rnd = random.Random(12)
    cases = [(["PB", "BBF", "PPF"], 7, 1), (["PPPP"], 7, 1), (["FFFF", "P"], 7, 0),
             (["PBF", "BB", "FFF"], 7, 1)]
    for _ in range(40):
        cases.append((rnd.sample(NEEDS, rnd.randint(1, 3)), rnd.randint(2, 7), rnd.randint(0, 1)))
    for needs, n, t in cases:
        assert near(Reference(needs).fresh(n, t), train_odds(needs, None, n, t)), (needs, n, t)


def test_every_listed_choice_has_its_brute_force_chance():
    rnd = random.Random(13)
    for _ in range(60):
        needs = rnd.sample(NEEDS, rnd.randint(1, 3))
        started = rnd.random() < 0.6
        t = rnd.randint(0, 1)
        stock = tuple(rnd.randint(0, 2) for _ in range(3)) if started else (0, 0, 0)
        n = rnd.randint(1, 5) if started else rnd.randint(3, 7)
        faces = "".join(rnd.choice("LLPBFC") for _ in range(n))
        ref = Reference(needs)
        sv = Solver(needs)
        f = tuple(faces.count(x) for x in FACES)
        listed = sv.choices(faces, stock, started, t)
        best = ref.after(stock, f, t, started)
        if listed:
            assert near(best, listed[0][0]), (needs, faces, stock, started, t)
        assert near(best, sv.after_roll(faces, stock, started, t))
        for v, place, switch in listed:
            g = list(f)
            if switch:
                g[FACES.index(switch[0])] -= 1
                g[FACES.index(switch[1])] += 1
            lp, dp, db, df, dc = (place.count(x) for x in FACES)
            assert (lp, dp, db, df, dc) in set(ref.legal(tuple(g), started))
            want = ref.place(stock, tuple(g), 0 if switch else t, started, lp, dp, db, df, dc)
            assert near(want, v), (needs, faces, place, switch)
        assert len([c for c in listed if c[2] is None]) == len(list(ref.legal(f, started)))


def test_game_odds_give_each_card_alone():
    g = Game.new(2)
    for needs, goods in (("PB", "coal"), ("BBF", "corn"), ("PPF", "mail")):
        g.apply(("card", needs, goods))
    g.apply(("roll", "LBLFFPL"))
    g.apply(("place", [0, 1]))
    anyc, per, derail = odds(g)
    assert near(Reference(["PB", "BBF", "PPF"]).reroll((0, 1, 0), 5, 1), anyc)
    for needs, p in zip(("PB", "BBF", "PPF"), per):
        assert near(Reference([needs]).reroll((0, 1, 0), 5, 1), p)
    assert max(per) <= anyc + 1e-12
    assert abs(derail - 3 ** -5) < 1e-15
