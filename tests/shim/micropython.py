"""CPython stand-in for the parts of MicroPython's ``micropython`` module the code uses."""


def const(value):
    return value
