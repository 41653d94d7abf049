"""Plays a game's test script through the App once and prints its presses (arg: 'game board').

The presses, replayed by bench_replay on a bare App with the same dice seed,
give the same game without the test driver and script in the heap.
"""
import sys


def main(arg):
    game, board = arg.split()
    from appdriver import Driver
    from bench_replay import DiscardFiles
    from schaffner.rng import Rng
    if board == "pico_display_pack":
        d = Driver(DiscardFiles(), Rng(7), width=240, height=135, colour=True)
    else:
        d = Driver(DiscardFiles(), Rng(7))
    play = __import__("play_" + game)

    def run():
        yield from play.play(d)
        print("BENCH events", "".join(chr(48 + e) if e >= 0 else "t%d." % (-1 - e) for e in d.log))
        ours = [m for m in sys.modules if m.split(".")[0] in ("app", "schaffner", "drivers")]
        print("BENCH modules", ",".join(sorted(ours)))

    return run()
