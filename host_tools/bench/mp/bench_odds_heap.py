"""Heap for one odds computation: arg is a bench_odds label, or 'none' for the baseline.

Both runs import the solver and build the same games, so the difference of
their smallest working heaps is what the computation itself needs (every
allocation it makes, as this runtime collects nothing inside one call).
"""
import gc


def main(arg):
    import bench_odds
    import schaffner.trainmaker.solver  # noqa: F401  (loaded in both runs)
    cases = bench_odds.cases()
    gc.collect()
    if arg != "none":
        for label, fn in cases:
            if label.replace(" ", "_") == arg:
                fn()
