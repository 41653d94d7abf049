"""Thousands of random presses from every screen: no exception, nothing past the Pico's heap.

Presses lean towards OK and DOWN so the walk goes deep into each game, and the
gadget is power-cycled now and then, so resuming from the save is walked too.
Each test yields after every press: under MicroPython the heap check then
applies to each press, with garbage collected between presses as on the Pico.
The walk from the main menu is here; the walks into each game start from a power-up
of their own (test_app_fuzz_<game>.py: a file is a fresh MicroPython runtime), so
none of them runs with the code of the games the walks before it loaded.
"""
from appdriver import Driver, Unlogged
from schaffner.rng import Rng

# 32 slots: OK 11, DOWN 8, UP 4, BACK 3, long OK 2, long DOWN 1, long UP 1, long BACK 2
_KEYS = ("OK",) * 11 + ("DOWN",) * 8 + ("UP",) * 4 + ("BACK",) * 3 + (
    "LONG_OK", "LONG_OK", "LONG_DOWN", "LONG_UP", "LONG_BACK", "LONG_BACK")
_PRESSES = 1500


def _walk(seed, start):
    d = Driver(rng=Rng(seed))
    d.log = Unlogged()
    d.press(*start)
    r = Rng(seed + 7919)
    for i in range(_PRESSES):
        d.press(_KEYS[r.getrandbits(5)])
        assert d.app.ui.drawn, "a blank frame after press %d" % i
        if i % 400 == 399:
            d.power_off()  # the old app's heap goes before the new one's comes, as on a Pico
            yield
            d.boot()
        yield


def test_fuzz_from_the_main_menu():
    return _walk(1, ())

