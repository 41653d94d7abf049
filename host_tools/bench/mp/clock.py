"""How long this runtime's interpreter has run, in microseconds, for timings inside it.

Node 20 has no clock of one thread, so this one is bounded by two that are
never less than it: the process's CPU time, which also counts the JavaScript
engine's compiler and garbage collector working beside the interpreter (they
can add several ms to a step of half a millisecond), and wall time, which
also counts whatever else the host runs meanwhile (this runtime's own
time.ticks_us() is wall time in whole milliseconds).  Between two readings
the clock advances by the smaller of the two.
"""
import js

_cpu = 0
_wall = 0
_now = 0


def now_us():
    global _cpu, _wall, _now
    used = js.process.cpuUsage()
    cpu = used.user + used.system
    wall = int(js.performance.now() * 1000)
    if _cpu:
        _now += min(cpu - _cpu, wall - _wall)
    _cpu = cpu
    _wall = wall
    return _now
