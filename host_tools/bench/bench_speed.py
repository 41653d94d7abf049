"""Per-event cost through complete games, and the Trainmaker odds, against the reference."""
import time

import reference
from bench_heap import driver

GAMES = ("taubertal", "trainmaker", "ttr_austria")


def _timed(d):
    """Time every button event from handle() to a finished frame."""
    app = d.app
    handle = app.handle
    render = app.render
    costs = []

    def timed_handle(ev):
        t = time.ticks_us()
        handle(ev)
        render()
        costs.append(time.ticks_diff(time.ticks_us(), t))
        return True

    app.handle = timed_handle
    app.render = lambda: None
    return costs


def main(arg):
    return _run()


def _run():
    print("BENCH reference_us", reference.time_us(reference.workload))
    for game in GAMES:
        d = driver("pico_oled")
        costs = _timed(d)
        yield from __import__("play_" + game).play(d)
        costs.sort()
        print("BENCH event_%s_median_us" % game, costs[len(costs) // 2])
        print("BENCH event_%s_max_us" % game, costs[-1])
        yield
    import bench_odds
    for label, fn in bench_odds.cases():
        print("BENCH odds_%s_us" % label.replace(" ", "_"), reference.time_us(fn, 3))
        yield
