"""The Trainmaker odds cases of bench_odds, timed against the reference workload."""
import reference


def main(arg):
    import bench_odds
    print("BENCH reference_us", reference.time_us(reference.workload))
    for label, fn in bench_odds.cases():
        print("BENCH odds_%s_us" % label.replace(" ", "_"), reference.time_us(fn, 3))
