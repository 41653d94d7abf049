"""The CPU time this process has used, in microseconds, for timings inside the runtime.

CPU time rather than the wall clock: what else the host runs meanwhile does not
count (this runtime's own time.ticks_us() is wall time, in whole milliseconds).
"""
import js


def now_us():
    used = js.process.cpuUsage()
    return used.user + used.system
