"""The fixed reference workload every timing is divided by.

A mix of what the rules and screens do: small-int arithmetic, indexing,
dict updates and calls.  Run it on a Pico (make bench-pico) to turn the
simulator's ratios into milliseconds on the device.
"""
import time

HZ = 125_000_000  # the clock R is for: the RP2040's at boot (main() scales what it measures to it)


def _step(t, i, table):
    return (t + table[i & 31] * 3 + (i >> 2)) & 0xFFFF


def workload():
    table = tuple(range(32))
    seen = {}
    t = 0
    for i in range(40000):
        t = _step(t, i, table)
        seen[i & 63] = t
    return t


def time_us(fn, repeat=3, now_us=None):
    """Median wall time of fn() in microseconds: by now_us() if given, else by
    time.ticks_us with ticks_diff for wrapping ticks."""
    runs = []
    for _ in range(repeat):
        if now_us is None:
            start = time.ticks_us()
            fn()
            runs.append(time.ticks_diff(time.ticks_us(), start))
        else:
            start = now_us()
            fn()
            runs.append(now_us() - start)
    runs.sort()
    return runs[len(runs) // 2]


def main():
    """On a Pico (make bench-pico): R as at HZ, whatever clock the gadget left the chip at
    (drivers.chip.fast) when mpremote stopped it."""
    import machine

    print("reference workload: %d us" % (time_us(workload) * machine.freq() // HZ))


if __name__ == "__main__":
    main()
