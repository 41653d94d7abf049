"""The recorded games make chip plays: each game's test script, recorded by the bench.

The bench (host_tools/bench/runtime.py) plays a game's end-to-end test script once through
the App under the MicroPython runtime and records its button events, with the dice
seed and the time the script let pass (``t<ms>.`` marks).  make chip plays the same
events on the emulated chip, and compares its screen at rest after each press with
the simulator's (bench/mp/bench_frames.py, on the virtual board).
"""
from ..bench import runtime as bench
from ..bench.mp.presses import presses
from ..sim.device import BUTTONS, LONG
from .emulated import ChipError

GAMES = bench.GAMES


def name(ev):
    return ("long " if ev & LONG else "") + BUTTONS[ev & 3]


class Game:
    """One recorded game on one board: its presses, its seed, and what the simulator
    shows at rest after each press (screen, actions, frame)."""

    def __init__(self, image, board, game):
        rec = bench.record(image, board, game)
        self.game = game
        self.seed = int(rec["seed"])
        self.presses = [list(p) for p in presses(rec["events"])]
        _, lines = bench.measured(image, "bench_frames", " ".join((board, rec["seed"], rec["events"])))
        self.rest = [line.split(" ", 4)[1:] for line in lines if line.startswith("REST ")]
        if len(self.rest) != len(self.presses):
            raise ChipError("%s on %s: %d presses recorded, %d frames at rest" % (
                game, board, len(self.presses), len(self.rest)))

    def screen(self, i):
        return self.rest[i][1]

    def actions(self, i):
        return self.rest[i][2]

    def frame(self, i):
        return self.rest[i][3]

    def label(self, i):
        ev = self.presses[i][0]
        action = self.actions(i)
        return "%s press %d: %s on %s%s" % (self.game, i, name(ev), self.screen(i),
                                             "" if action == "-" else " -> " + action)
