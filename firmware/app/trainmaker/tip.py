"""Trainmaker: the placing tip in words, where they fit (the play screen's tip row).

A module of its own, imported by the play screen where it first shows a tip,
and preloaded while a game is set up (App.preload), so that import never
lands in a press.
"""
from app.trainmaker.draw import FACES

_WORDS = ("Loco", "Pass.", "Box", "Flat", "Cab")  # a face in a tip


def tip_lines(best, cols, lines):
    """The placing tip (the solver's best: chance, faces to place, switch) in
    at most ``lines`` rows of ``cols``: in words where they fit ("Tip: 2 Loco
    Pass. Cab", each kind once with its count; "Tip: switch Pass. to Flat":
    the placing follows once the die is switched), else in the dice's letters
    ("Tip LLPC", "Tip P>F LLPC")."""
    faces, switch = best[1], best[2]
    if switch:
        words = ["switch", _WORDS[FACES.index(switch[0])], "to", _WORDS[FACES.index(switch[1])]]
    else:
        words = []
        for i in range(5):
            n = faces.count(FACES[i])
            if n:
                words.append(_WORDS[i] if n == 1 else "%d %s" % (n, _WORDS[i]))
    rows = ["Tip:"]
    for w in words:  # (no word is near a row long)
        if len(rows[-1]) + len(w) < cols:
            rows[-1] += " " + w
        else:
            rows.append(w)
    if len(rows) <= lines:
        return rows
    return ["Tip " + ("%s>%s " % switch if switch else "") + faces]
