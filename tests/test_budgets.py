"""DESIGN.md's heap budgets, checked on the compiled image under the MicroPython runtime.

(The .mpy files have no size budget: the heap of a make deploy install is judged by make chip.)

Each game's end-to-end script is replayed on a bare App, press by press, in a
heap of the board's budget plus the code that freezing would keep in flash;
the heap must never have to grow (host_tools/bench.py explains the method).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "host_tools"))

import bench  # noqa: E402


def test_every_game_within_its_boards_heap_budget(tmp_path):
    over = []
    for board in bench.boards():
        image, _ = bench.build_image(board, str(tmp_path))
        for game in bench.GAMES:
            if not bench.frozen_peak_fits(image, board, game, bench.HEAP_BUDGET[board]):
                over.append("%s on %s" % (game, board))
    assert not over, "over the heap budget: " + ", ".join(over)
    # and the check can fail: no game runs in 4 KB
    assert not bench.frozen_peak_fits(image, board, "ttr_austria", 4 * 1024)
