"""CPython stand-in for the parts of MicroPython's ``micropython`` module the code uses."""


def const(value):
    return value


def alloc_emergency_exception_buf(size):
    """Nothing to reserve: CPython reports an exception from anywhere."""
