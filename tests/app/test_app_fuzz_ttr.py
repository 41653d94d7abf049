"""Random presses through a game of Ticket to Ride Austria, from a power-up of its own (see test_app_fuzz)."""
from test_app_fuzz import _walk


def test_fuzz_ttr_austria():
    return _walk(4, ("OK", "DOWNx2", "OK", "UPx2", "OK", "OKx4"))
