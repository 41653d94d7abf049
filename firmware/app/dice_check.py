"""The dice check: every Trainmaker die this device rolled, per face, against fair dice
(dice.log's counts and the game in play's).  The test and the words: docs/history.md."""
# A Locomotive is 2 of a die's 6 sides, every other face 1: Pearson's chi-square
# over the 5 faces (4 degrees of freedom).  Under 30 dice (an expected count under
# 5) too few; p >= 0.01 fair; below unsure (fair dice land there 1 check in 100);
# below 0.001 not fair.
from micropython import const

from app.history import tally
from app.history_write import totals
from app.ui import spread, wrap
from app.widgets import TextView
from schaffner.trainmaker.dice import SIDES, FACES

_FEWEST = const(30)
_LABELS = ("Loco", "Pass.", "Box", "Flat", "Cab.")


def weights():  # sides per face, in FACES order: (2, 1, 1, 1, 1)
    return tuple(SIDES.count(f) for f in FACES)


def verdict(counts):  # (words, chi-square, p); None, None under 30 dice
    if sum(counts) < _FEWEST:
        return "Too few rolls", None, None
    from schaffner.stats import chi2_sf, chi_square
    stat = chi_square(counts, weights())
    p = chi2_sf(stat, len(FACES) - 1)
    if p >= 0.01:
        return "Dice look fair", stat, p
    return ("Unsure: roll on" if p >= 0.001 else "Dice NOT fair"), stat, p


def lines(counts, cols):
    n = sum(counts)
    if not n:
        return wrap("No dice rolled on this device yet.", cols)
    words, stat, p = verdict(counts)
    out = [words]
    if p is not None:
        out.append("p=%.3f" % p if p >= 0.001 else "p<0.001")
        out.append("chi2=%.1f df=%d" % (stat, len(FACES) - 1))
        out.append("fair if p>=0.01")
    out.append("%d dice" % n)
    out.append(spread("Face", "got/exp", cols))
    w = weights()
    for i in range(len(FACES)):
        out.append(spread(_LABELS[i], "%d/%d" % (counts[i], (n * w[i] + 3) // 6), cols))
    return out


class DiceCheck(TextView):  # worked out on the first tick after it opens

    def __init__(self):
        TextView.__init__(self, "Dice check", ["Reading ..."])
        self.done = False

    def ticking(self, app):  # once read, polled at the idle pace (App.ticking)
        return not self.done

    def tick(self, app, now_ms):
        if self.done:
            return False
        self.done = True
        s = app.session
        counts = totals(app.history.fs, app.history.dice_log, tally(s.game) if s is not None else None)
        self.lines = lines(counts, app.ui.cols)
        return True
