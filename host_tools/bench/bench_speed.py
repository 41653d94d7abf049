"""Per-event cost through complete games, and the Trainmaker odds, against the reference."""
import time

import reference


def _timed_driver():
    from appdriver import Driver
    from bench_heap import DiscardFiles

    class Timed(Driver):
        """Times every button event from handle() to a finished frame."""
        costs = []

        def press(self, *keys):
            app = self.app
            handle = app.handle
            render = app.render

            def timed(ev):
                t = time.ticks_us()
                handle(ev)
                render()
                self.costs.append(time.ticks_diff(time.ticks_us(), t))

            app.handle = timed
            app.render = lambda: None
            try:
                return Driver.press(self, *keys)
            finally:
                app.handle = handle
                app.render = render

    return Timed(DiscardFiles())


def main(arg):
    print("BENCH reference_us", reference.time_us(reference.workload))
    for game in ("taubertal", "trainmaker", "ttr_austria"):
        d = _timed_driver()
        d.app.ui.record(False)
        d.costs = []
        __import__("play_" + game).play(d)
        costs = sorted(d.costs)
        print("BENCH event_%s_median_us" % game, costs[len(costs) // 2])
        print("BENCH event_%s_max_us" % game, costs[-1])
    import bench_odds
    for label, fn in bench_odds.cases():
        print("BENCH odds_%s_us" % label.replace(" ", "_"), reference.time_us(fn, 3))
