"""The one link to a Pico: finding it on USB, and talking to it through mpremote.

deploy, backup, restore and export all reach the gadget this way: find_port() (the port
given, else the one Pico on USB by its vendor id), connect() (one raw-REPL session), then
the operations of the board's interface, one call each (the tests' fake board in
tests/host_tools/fakeboard.py has the same interface and can be cut off after any call):

    facts()            platform, MicroPython version, .mpy format, free bytes, block size,
                       the stamp of a Schaffner firmware image (make firmware), or None
    tree()             (files, dirs): every file as {path: (size, sha256 hex)} and every
                       folder, except /data and what is in it (never listed, read or written
                       by the deploy); tree(include_data=True) and data_files() (its files'
                       bytes) are make backup's, make restore's and make export's
    hashes(paths)      {path: (size, sha256 hex), or None where there is no such file}
    read(path)         a small file's bytes
    mkdir(path)  put(path, data)  copy(src, dst)  rename(src, dst)  remove(path)  rmdir(path)
    set_clock(when)    the board's clock to when, a machine.RTC tuple (connect() gives the
                       PC's local time, as Thonny does), kept across reset()
    reset()            hard reset: the board boots what is on it, the session ends; never
                       raises (the watchdog resets the board should it not get through)

BoardGone: the connection is lost (cable pulled, board reset). BoardError: an
operation failed on the board (full flash, no such file); the message says which.

MpremoteBoard keeps one raw-REPL session (mpremote's SerialTransport) open for the
whole deploy. Entering it interrupts the running app with Ctrl-C, but not the watchdog
the app started: on the rp2 port it cannot be stopped and resets the board 8 s after its
last feed. So the first thing the session does is take the watchdog over
(machine.WDT(timeout=8000) feeds a running one, and starts one if none runs), and every
command it sends feeds it again; the longest command (a 1 KB chunk of a file, or
hashing one file) takes well under a second. Should the PC stall anyway, the board
resets and boots whichever complete version it holds: the plan is safe to cut anywhere.
reset() at the end stops the watchdog and starts the gadget.

A Ctrl-C can be lost: while the app imports from its code pack (firmware/packfs.py, a
VFS written in Python), MicroPython takes any exception in the pack's stat() for "no
such file", the KeyboardInterrupt too, and the app runs on. So the session is entered
up to ATTEMPTS times, each with a fresh Ctrl-C (which also clears what the app's stdin
kept of the one before).

A hard reset also puts the rp2 clock back to 2021-01-01 (MicroPython sets it at every boot),
so reset() leaves the time in the watchdog's scratch registers for the firmware to take
back at the boot (firmware/drivers/chip.py), when the session set the clock.
"""
import ast
import binascii
import contextlib
import io
import time

from .. import paths
from ..errors import ToolError

paths.device_code_on_path()
from drivers import chip  # noqa: E402  (the scratch words the firmware reads back)

RP2_USB_VID = 0x2E8A  # Raspberry Pi: what MicroPython on an RP2040 or RP2350 reports
CHUNK = 1024  # bytes of a file per command: base64 in one raw-paste, well inside 8 s
ATTEMPTS = 3  # a lost Ctrl-C is rare: three in a row is a board that does not answer
_ANSWER_S = 5  # per attempt; a Pico answers in milliseconds, the emulated one in a second
_WDT_MS = 8000  # the app's own timeout (firmware/main.py); within the rp2's 8388 ms

# Sent once per session, right after the soft reset that clears the interrupted app.
_SETUP = """\
import os, sys, machine, hashlib, binascii
_w = machine.WDT(timeout=%d)
_k = _w.feed
_b = bytearray(512)
_m = memoryview(_b)
def _h(p):
    h = hashlib.sha256()
    n = 0
    with open(p, 'rb') as f:
        while True:
            _k()
            r = f.readinto(_b)
            if not r:
                break
            h.update(_m[:r])
            n += r
    return n, binascii.hexlify(h.digest()).decode()
def _t(d, a=False):
    for e in os.ilistdir(d):
        _k()
        p = (d if d != '/' else '') + '/' + e[0]
        if e[1] & 0x4000:
            if a or p != '/data':
                print(repr((p, None)))
                _t(p, a)
        else:
            print(repr((p,) + _h(p)))
def _c(s, d):
    with open(s, 'rb') as f:
        with open(d, 'wb') as g:
            while True:
                _k()
                r = f.readinto(_b)
                if not r:
                    break
                g.write(_m[:r])
def _r(p):
    with open(p, 'rb') as f:
        return f.read()
def _s():
    try:
        from firmware_stamp import STAMP
        return STAMP
    except ImportError:
        return None
""" % _WDT_MS


def usb_serial_ports():
    """(device, USB vendor id) of every serial port; vid None for non-USB ones."""
    try:
        from serial.tools import list_ports
    except ImportError:
        raise ToolError("pyserial is missing: run `make deps` first")
    return [(p.device, p.vid) for p in list_ports.comports()]


def find_port(port, ports=usb_serial_ports):
    """port if given, else the one Pico among ports(); ToolError for none or several."""
    if port:
        return port
    picos = [dev for dev, vid in ports() if vid == RP2_USB_VID]
    if len(picos) > 1:
        raise ToolError("several Picos found (%s): choose one with PORT=...; nothing was "
                        "changed" % ", ".join(picos))
    if not picos:
        raise ToolError("no Pico found on USB (vendor id 2e8a): connect it with a data "
                        "cable, or give PORT=...; nothing was changed")
    return picos[0]


def pc_time(now=None):
    """machine.RTC's (year, month, day, weekday, hours, minutes, seconds, subseconds) of the
    PC's local time now (or of now, a time.struct_time); weekday 0 is Monday on both."""
    t = time.localtime() if now is None else now
    return (t.tm_year, t.tm_mon, t.tm_mday, t.tm_wday, t.tm_hour, t.tm_min, t.tm_sec, 0)


def connect(port, board=None, now=pc_time):
    """The board on port in one session, its clock set to now() (board: what makes it,
    MpremoteBoard unless a test gives a stand-in); ToolError, in words, if it does not
    answer."""
    made = None
    try:
        made = (board or MpremoteBoard)(port)
        made.set_clock(now())
        return made
    except BoardGone as exc:
        raise ToolError("the board on %s does not answer (%s): is a terminal, Thonny or another "
                        "mpremote using it? Unplug it, plug it in again and rerun; nothing was "
                        "changed" % (port, exc))
    except BoardError as exc:
        if made is not None:
            made.reset()  # the app was interrupted: start it again before giving up
        raise ToolError("the board on %s cannot run our commands (%s): is it a Pico with "
                        "MicroPython 1.23 or newer? Nothing was changed" % (port, exc))


class BoardGone(Exception):
    """The connection to the board was lost."""


class BoardError(Exception):
    """An operation failed on the board."""


class MpremoteBoard:
    """A Pico on a serial port, in one raw-REPL session with the watchdog fed."""

    def __init__(self, port, transport=None, now=pc_time):
        from mpremote.transport import TransportError, TransportExecError

        self._now = now
        self._scratch = None  # where reset() leaves the time: once set_clock() learnt the chip

        self._gone_errors = (TransportError, OSError)
        self._exec_error = TransportExecError
        try:
            if transport is None:
                from mpremote.transport_serial import SerialTransport

                transport = SerialTransport(port, baudrate=115200)
            self.t = transport
            for attempt in range(ATTEMPTS):
                try:
                    # what mpremote prints as it gives up is not the user's: our error says more
                    with contextlib.redirect_stdout(io.StringIO()):
                        self.t.enter_raw_repl(soft_reset=True, timeout_overall=_ANSWER_S)
                    break
                except TransportError:
                    if attempt == ATTEMPTS - 1:
                        raise
        except self._gone_errors as exc:
            raise BoardGone("no answer on %s (%s)" % (port, exc))
        try:
            self._send(_SETUP)
        except BoardError:
            self.reset()  # the app was interrupted: start it again before giving up
            raise

    def _send(self, code):
        try:
            return self.t.exec(code)
        except self._exec_error as exc:  # a subclass of TransportError: caught first
            lines = exc.error_output.strip().splitlines()
            raise BoardError(lines[-1] if lines else "failed")
        except self._gone_errors as exc:
            raise BoardGone(str(exc) or type(exc).__name__)

    def _exec(self, code):
        return self._send("_k()\n" + code)

    def _eval(self, expr):
        out = self._exec("print(repr(%s))" % expr)
        return ast.literal_eval(out.decode().strip())

    def facts(self):
        platform, version, mpy, machine, vfs, flashed = self._eval(
            "(sys.platform, tuple(sys.implementation.version[:3]), "
            "getattr(sys.implementation, '_mpy', None), "
            "getattr(sys.implementation, '_machine', ''), os.statvfs('/'), _s())")
        return {
            "platform": platform,
            "version": tuple(version),
            "mpy": mpy,
            "machine": machine,
            "free": vfs[1] * vfs[4],
            "block": vfs[0],
            "flashed": flashed,
        }

    def tree(self, include_data=False):
        files, dirs = {}, set()
        for line in self._exec("_t('/', %r)" % include_data).decode().splitlines():
            entry = ast.literal_eval(line.strip())
            if entry[1] is None:
                dirs.add(entry[0])
            else:
                files[entry[0]] = (entry[1], entry[2])
        return files, dirs

    def data_files(self):
        """{path: bytes} of every file under /data (backup, export; the deploy never asks);
        only /data is walked."""
        files = {}
        out = self._exec("if 'data' in os.listdir('/'):\n _t('/data', True)").decode()
        for line in out.splitlines():
            entry = ast.literal_eval(line.strip())
            if entry[1] is not None:
                files[entry[0]] = self.read(entry[0])
        return dict(sorted(files.items()))

    def hashes(self, paths):
        out = {}
        for path in paths:
            try:
                out[path] = tuple(self._eval("_h(%r)" % path))
            except BoardError:
                out[path] = None
        return out

    def read(self, path):
        return self._eval("_r(%r)" % path)

    def mkdir(self, path):
        self._exec("os.mkdir(%r)" % path)

    def put(self, path, data):
        self._exec("_f = open(%r, 'wb')" % path)
        try:
            for i in range(0, len(data), CHUNK):
                chunk = binascii.b2a_base64(data[i:i + CHUNK], newline=False)
                self._exec("_f.write(binascii.a2b_base64(%r))" % chunk)
        finally:
            self._exec("_f.close()")

    def copy(self, src, dst):
        self._exec("_c(%r, %r)" % (src, dst))

    def rename(self, src, dst):
        self._exec("os.rename(%r, %r)" % (src, dst))

    def remove(self, path):
        self._exec("os.remove(%r)" % path)

    def rmdir(self, path):
        self._exec("os.rmdir(%r)" % path)

    def set_clock(self, when):
        platform, machine = self._eval("(machine.RTC().datetime(%r), sys.platform, "
                                       "getattr(sys.implementation, '_machine', ''))[1:]" % (when,))
        if platform == "rp2":
            self._scratch = chip.scratch_address(chip.which(machine))

    def reset(self):
        # Best effort, never raises: should the command not get through (the board is
        # gone, or was cut mid-command), the watchdog this session started resets the
        # board within 8 s of its last feed.
        code = "import machine\n"
        if self._scratch is not None:  # the PC's time now, as the clock was set: for the boot
            words = chip.clock_words(self._now())
            for i in (2, 1, 0):  # the check word last: a command cut short leaves no time
                code += "machine.mem32[%d] = %d\n" % (self._scratch + 4 * i, words[i])
        try:
            self.t.exec_raw_no_follow(code + "machine.reset()")
        except Exception:
            pass
        try:
            self.t.close()
        except Exception:
            pass
