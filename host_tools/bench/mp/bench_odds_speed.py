"""The Trainmaker odds cases of bench_odds, timed against the reference workload."""
import clock
import reference


def main(arg):
    import bench_odds
    print("BENCH reference_us", min(reference.time_us(reference.workload, 1, clock.now_us) for _ in range(5)))
    for label, fn in bench_odds.cases():
        print("BENCH odds_%s_us" % label.replace(" ", "_"), min(reference.time_us(fn, 1, clock.now_us) for _ in range(3)))
