"""The link to a Pico (host_tools/pico/link.py) enters the raw REPL again when a Ctrl-C
goes unanswered: MicroPython's import takes one that comes while the app imports from its
code pack (firmware/packfs.py) for "no such file", and the app runs on."""
import pytest
from mpremote.transport import TransportError

from host_tools.pico import link


class Deaf:
    """mpremote's serial transport on a board whose first `lost` Ctrl-Cs go unanswered:
    its enter_raw_repl then gives up with TransportError, as mpremote's does."""

    def __init__(self, lost):
        self.lost = lost
        self.tries = []  # each attempt's timeout
        self.sent = []

    def enter_raw_repl(self, soft_reset=True, timeout_overall=10):
        self.tries.append(timeout_overall)
        if len(self.tries) <= self.lost:
            print(b"")  # what mpremote prints as it gives up
            raise TransportError("could not enter raw repl")

    def exec(self, code):
        self.sent.append(code)
        return b""


def test_a_lost_ctrl_c_is_sent_again(capsys):
    t = Deaf(lost=link.ATTEMPTS - 1)
    link.MpremoteBoard("p", transport=t)
    assert len(t.tries) == link.ATTEMPTS and all(s < 10 for s in t.tries)
    assert t.sent and "WDT" in t.sent[0]  # the session set up: the watchdog taken over
    assert capsys.readouterr().out == ""  # mpremote's b'' is not the user's to read


def test_a_board_that_never_answers_is_gone_after_the_last_attempt():
    t = Deaf(lost=link.ATTEMPTS)
    with pytest.raises(link.BoardGone, match="could not enter raw repl"):
        link.MpremoteBoard("p", transport=t)
    assert len(t.tries) == link.ATTEMPTS and t.sent == []
