"""Random presses through a game of Ticket to Ride Austria, from a power-up of its own (see test_app_fuzz)."""
from test_app_fuzz import _walk

FLASH_IN_HEAP_KB = 6  # the walk's saves, 5.5 KB at most (memfiles.py): a Pico keeps them in flash


def test_fuzz_ttr_austria():
    return _walk(4, ("OK", "DOWNx2", "OK", "UPx2", "OK", "OKx4"))
