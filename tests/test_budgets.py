"""The heap budgets (docs/budgets.md), checked on the compiled image under the MicroPython runtime.

(The .mpy files have no size budget: the heap of a make deploy install is judged by make chip.)

Each game's end-to-end script is replayed on a bare App, press by press, in a
heap of the board's budget plus the code that freezing would keep in flash;
the heap must never have to grow (host_tools/bench/cli.py explains the method).
"""
from host_tools.bench import runtime as bench
from host_tools.bench.runtime import boards  # one board of each screen: the others show the same


def test_every_game_within_its_boards_heap_budget(tmp_path):
    over = []
    for board in boards():
        image, _ = bench.build_image(board, str(tmp_path))
        for game in bench.GAMES:
            if not bench.frozen_peak_fits(image, board, game, bench.HEAP_BUDGET[board]):
                over.append("%s on %s" % (game, board))
    assert not over, "over the heap budget: " + ", ".join(over)
    # and the check can fail: no game runs in 4 KB
    assert not bench.frozen_peak_fits(image, board, "ttr_austria", 4 * 1024)
