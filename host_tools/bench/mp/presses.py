"""A recorded game's presses, read back from bench_record's event string.

Used by the bench's loop (under MicroPython) and by make chip (on the PC): both press
each button and then let at least as much time pass as the test script did.
"""


def presses(events):
    """(event, ms) for each press of bench_record's event string: ms is how long the
    script let time pass after it (its ticks), the least the loop waits after it too."""
    out = []
    clock = 0  # the script's clock at its last tick
    i = 0
    while i < len(events):
        if events[i] == "t":
            end = events.index(".", i)
            now = int(events[i + 1:end])
            if out:
                ev, since = out[-1][0], out[-1][2]
                out[-1] = (ev, now - since, since)
            clock = now
            i = end + 1
            continue
        out.append((ord(events[i]) - 48, 0, clock))
        i += 1
    return [(ev, ms) for ev, ms, _ in out]
