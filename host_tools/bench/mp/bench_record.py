"""Plays a game's test script through the App once and prints its presses (arg: 'game board'):
its recorded(d) where it has one (more than its test plays), else its play(d).

The presses, replayed by bench_replay on a bare App, or by bench_loop through
the main loop, with the same dice seed (printed: the script's own, if it has
one) give the same game without the test driver and script in the heap; the
digest of the game at the end tells whether they did.
"""
import sys


def main(arg):
    game, board = arg.split()
    from appdriver import Driver
    from bench_loop import digest
    from bench_replay import DiscardFiles
    from schaffner.rng import Rng
    play = __import__("play_" + game)
    seed = getattr(play, "SEED", 7)
    if board == "pico_display_pack":
        d = Driver(DiscardFiles(), Rng(seed), width=240, height=135, colour=True)
    else:
        d = Driver(DiscardFiles(), Rng(seed))

    def run():
        yield from getattr(play, "recorded", play.play)(d)  # a script's longer walk for the bench, if any
        print("BENCH events", "".join(chr(48 + e) if e >= 0 else "t%d." % (-1 - e) for e in d.log))
        print("BENCH seed", seed)
        print("BENCH digest", digest(d.app))
        ours = [m for m in sys.modules if m.split(".")[0] in ("app", "schaffner", "drivers")]
        print("BENCH modules", ",".join(sorted(ours)))

    return run()
