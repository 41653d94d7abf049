"""Runs a benchmark module's main(arg) in top-level steps (see tests/support/mp_unittest.py).

The WebAssembly runtime only collects garbage between top-level calls, so a
main() that returns a generator is resumed one yield (one button press) per
call, as the Pico's collector would reclaim the garbage of each press.  gc_us
is how long the collection after the last step took.
"""
import gc

import clock

_gen = None
gc_us = 0.0


def start(module, arg):
    global _gen
    result = __import__(module).main(arg)
    if result is not None and hasattr(result, "send"):
        _gen = result
        print("MORE")
    else:
        print("DONE")
    gc.collect()


def step():
    global _gen, gc_us
    try:
        next(_gen)
        print("MORE")
    except StopIteration:
        _gen = None
        print("DONE")
    t = clock.now_us()
    gc.collect()
    gc_us = clock.now_us() - t
