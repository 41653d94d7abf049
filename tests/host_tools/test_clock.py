"""make deploy, make backup, make export (and make restore: the same link) set the gadget's
clock to the PC's local time when they connect, as Thonny does, and keep it across the
hard reset they end with (the time in the watchdog's scratch registers, drivers.chip)."""
import re
import time

import pytest
from mpremote.transport import TransportExecError

from deploy_cases import V1, board_with, in_slot
from fakeboard import FakeBoard
from host_tools.errors import ToolError
from host_tools.main import State, main
from host_tools.pico import link
from drivers import chip

WHEN = (2026, 12, 2, 2, 14, 5, 59, 0)  # machine.RTC's order: a Wednesday (2), 14:05:59
LATER = (2026, 12, 2, 2, 14, 7, 3, 0)


def test_the_pcs_local_time_in_machine_rtcs_order():
    t = time.struct_time((2026, 12, 2, 14, 5, 59, 2, 336, 0))  # tm_wday 2: Wednesday
    assert link.pc_time(t) == WHEN
    now = time.localtime()
    assert link.pc_time()[:3] == (now.tm_year, now.tm_mon, now.tm_mday)


def _gadget():
    return board_with(dict(in_slot(V1, "a"), **{"/data/history.log": b""}))


def test_deploy_sets_the_clock_when_it_connects():
    board = _gadget()
    rc = main(["deploy", "--board", "pico_oled", "--port", "/dev/ttyACM0"],
              State(connect=lambda port: board, out=lambda line: None, now=lambda: WHEN))
    assert rc == 0 and board.clock == WHEN and board.resets == 1


def test_backup_and_restore_set_the_clock_when_they_connect(tmp_path):
    source, target = _gadget(), _gadget()
    out = str(tmp_path / "b.json")
    assert main(["backup", "--port", "p", "--out", out],
                State(connect=lambda port: source, out=lambda line: None, now=lambda: WHEN)) == 0
    assert main(["restore", out, "--port", "p"],
                State(connect=lambda port: target, out=lambda line: None, now=lambda: LATER)) == 0
    assert source.clock == WHEN and target.clock == LATER


def test_export_sets_the_clock_when_it_connects(tmp_path):
    board = FakeBoard({"/data/history.log": b""})
    assert main(["export", "--port", "p", "--out", str(tmp_path)],
                State(connect=lambda port: board, out=lambda line: None, now=lambda: WHEN)) == 0
    assert board.clock == WHEN and board.resets == 1


def test_a_board_that_cannot_set_its_clock_is_started_again_and_nothing_is_done(tmp_path):
    class NoClock(FakeBoard):
        def set_clock(self, when):
            raise link.BoardError("AttributeError: 'module' object has no attribute 'RTC'")

    board = NoClock({"/data/history.log": b""})
    with pytest.raises(ToolError) as exc:
        link.connect("p", lambda port: board, lambda: WHEN)
    assert "cannot run our commands" in str(exc.value) and board.resets == 1 and board.log == [("reset", None)]


class Transcript:
    """mpremote's serial transport, answering as a Pico running MicroPython whose sys.platform
    and sys.implementation._machine are given; it keeps what is sent."""

    def __init__(self, platform="rp2", machine="Raspberry Pi Pico with RP2040"):
        self.answer = repr((platform, machine)).encode() + b"\n"
        self.sent = []
        self.no_follow = []

    def enter_raw_repl(self, soft_reset=True, timeout_overall=10):
        pass

    def exec(self, code):
        self.sent.append(code)
        return self.answer if "machine.RTC().datetime(" in code else b""

    def exec_raw_no_follow(self, code):
        self.no_follow.append(code)

    def close(self):
        pass


def _scratch(code):
    """{address: word} that code writes with machine.mem32."""
    return {int(a): int(w) for a, w in re.findall(r"machine\.mem32\[(\d+)\] = (\d+)", code)}


@pytest.mark.parametrize("machine, at", [("Raspberry Pi Pico with RP2040", 0x4005800C),
                                         ("Raspberry Pi Pico2 with RP2350", 0x400D800C)])
def test_the_clock_is_set_and_left_for_the_boot_after_the_reset(machine, at):
    t = Transcript(machine=machine)
    times = [LATER]
    board = link.MpremoteBoard("p", transport=t, now=times.pop)
    board.set_clock(WHEN)
    assert "machine.RTC().datetime(%r)" % (WHEN,) in t.sent[-1]
    board.reset()
    [code] = t.no_follow
    words = _scratch(code)
    assert sorted(words) == [at, at + 4, at + 8]  # SCRATCH0-2, which a watchdog reset keeps
    assert chip.clock_of_words((words[at], words[at + 4], words[at + 8])) == (2026, 12, 2, 0, 14, 7, 3, 0)
    assert code.endswith("machine.reset()")
    assert code.index("mem32[%d]" % (at + 8)) < code.index("mem32[%d]" % at)  # the check word last


def test_no_scratch_is_written_where_the_clock_was_not_set_or_the_board_is_no_pico():
    t = Transcript()
    link.MpremoteBoard("p", transport=t).reset()
    other = Transcript(platform="esp32", machine="ESP32 module")
    board = link.MpremoteBoard("p", transport=other)
    board.set_clock(WHEN)
    board.reset()
    assert t.no_follow == other.no_follow == ["import machine\nmachine.reset()"]


def test_a_refused_clock_is_a_board_error():
    class Refusing(Transcript):
        def exec(self, code):
            if "RTC" in code:
                raise TransportExecError(b"", "Traceback\nAttributeError: no RTC")
            return b""

    board = link.MpremoteBoard("p", transport=Refusing())
    with pytest.raises(link.BoardError):
        board.set_clock(WHEN)
