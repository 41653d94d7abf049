"""An emulated Pico for make chip: ../shared/picoemu's RP2040 running the real MicroPython firmware.

A Chip is one kind of emulated Pico: a board's display and buttons, booting picoemu's stock
MicroPython (make deploy puts Schaffner on it) or a Schaffner firmware image (a .uf2 from
make firmware).  Two ways to reach it, both the emulator's own tools, called and never copied:
- Pty: picoemu-pty.py puts the chip's USB serial port on a pseudo-terminal, so
  ``make deploy`` and mpremote talk to it exactly as to a Pico on a cable.  Its
  flash comes in and goes out as a littlefs image; cable.py in between can pull
  the cable after a given number of bytes.
- play(): one power-on, the buttons pressed through the GPIO pins by play.mjs
  (PicoEmu as a library), everything timed in emulated time.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zlib

from .. import mpy, paths
from ..errors import ToolError
from ..paths import ROOT
from . import wiring

HERE = os.path.dirname(os.path.abspath(__file__))
PICOEMU = os.environ.get("PICOEMU") or os.path.join(os.path.dirname(ROOT), "shared", "picoemu")


class ChipError(ToolError):
    """The emulated chip did not do what a Pico should: why, in words."""


def available():
    return os.path.exists(os.path.join(PICOEMU, "run.mjs"))


class Chip:
    """One kind of emulated Pico: board's, booting firmware (a .uf2) or, with None,
    picoemu's stock MicroPython.  Every run of it goes through here."""

    def __init__(self, board, firmware=None):
        self.board = board
        self.firmware = firmware

    def stock(self):
        """The same board on the stock firmware."""
        return Chip(self.board)

    def play(self, job, work, label):
        return play(dict(job, board=self.board), work, label, self.firmware)

    def pty(self, work, **options):
        return Pty(self.board, work, firmware=self.firmware, **options)

    def make(self, target, port, cwd=ROOT, more=()):
        return make(target, self.board, port, cwd, more=more)

    def with_probe(self, work, fs_in, fs_out, seed, talk=False):
        """fs_in with the probe as /lib/os.mpy, written to fs_out."""
        self.play({"fsIn": fs_in, "fsOut": fs_out, "put": [["/lib/os.mpy", probe(work, seed, talk)]]},
                  work, "probe")

    def free_flash(self, work, image):
        """Bytes free on the file system of image (os.statvfs, BACK held so the app stays off)."""
        pty = self.pty(work, fs_in=image, hold_back=True)
        try:
            rc, out = mpremote(pty.link, "exec", "import os; s = os.statvfs('/'); print('FREE', s[0] * s[4])")
        finally:
            pty.stop()
        if rc or "FREE" not in out:
            raise ChipError("os.statvfs on the emulated Pico failed: %s" % out[-300:])
        return int(out.split("FREE")[1].split()[0])


class Pty:
    """The emulated Pico on a pseudo-terminal (picoemu-pty.py), as a cable to a PC.

    fs_in: the flash's littlefs image at power-on (None: an empty flash, which the
    firmware formats); fs_out: where the flash goes when the Pty stops or the cable
    is pulled.  firmware: the .uf2 it boots (None: picoemu's stock MicroPython).
    hold_back: BACK held from power-on (the app does not start).
    cable_bytes: pull the cable once the PC has sent this many bytes.  dump: a
    folder for the display's frames (PNG and frames.json)."""

    def __init__(self, board, work, fs_in=None, fs_out=None, hold_back=False, cable_bytes=None, dump=None,
                 firmware=None):
        self.link = os.path.join(work, "tty")
        self.count_file = os.path.join(work, "cable.count")
        for f in (self.link, self.count_file):
            if os.path.lexists(f):
                os.remove(f)
        args = [sys.executable, os.path.join(PICOEMU, "picoemu-pty.py"), "--link", self.link,
                "--node", os.path.join(HERE, "cable.py"), "--"] + wiring.BOARDS[board]["args"]
        if firmware:
            args += ["--fw", firmware]
        if fs_in:
            args += ["--fs-in", fs_in]
        if fs_out:
            args += ["--fs-out", fs_out]
        if hold_back:
            args += ["--pin", "%d=0" % wiring.back_pin(board)]
        if dump:
            args += [wiring.BOARDS[board]["dump"], dump]
        env = dict(os.environ, CHIP_CABLE_COUNT=self.count_file)
        if cable_bytes is not None:
            env["CHIP_CABLE_BYTES"] = str(cable_bytes)
        self.log = open(os.path.join(work, "pty.log"), "ab")
        self.proc = subprocess.Popen(args, stdout=self.log, stderr=self.log, env=env, start_new_session=True)
        deadline = time.monotonic() + 60
        while not os.path.exists(self.link):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise ChipError("the emulated Pico's serial port did not come up (%s)" % self.log.name)
            time.sleep(0.2)

    def stop(self):
        """Unplug: the emulator saves the flash as it is now."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    def sent(self):
        """Bytes the PC sent the chip (cable.py counts them)."""
        try:
            with open(self.count_file) as f:
                return int(f.read())
        except (OSError, ValueError):
            return 0


def make(target, board, port, cwd=ROOT, timeout=900, more=()):
    """make TARGET BOARD=board PORT=port [more...], as a user runs it: (exit code, output)."""
    proc = subprocess.run(["make", "--no-print-directory", "-C", cwd, target, "BOARD=" + board, "PORT=" + port]
                          + list(more), capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout + proc.stderr


def mpremote(port, *args, timeout=300):
    proc = subprocess.run([paths.tool("mpremote"), "connect", port] + list(args), capture_output=True,
                          text=True, timeout=timeout)
    return proc.returncode, proc.stdout + proc.stderr


def play(job, work, label, firmware=None):
    """Run play.mjs on a job (dict) on a chip booting firmware (None: the stock one); its result."""
    spec = wiring.BOARDS[job["board"]]  # the keys play.mjs presses, the display it watches
    job = dict(job, picoemu=PICOEMU, label=label, fw=firmware, keys=spec["keys"], display=spec["display"])
    fd, path = tempfile.mkstemp(suffix=".json", dir=work)
    os.close(fd)
    job["result"] = path + ".out"
    with open(path, "w") as f:
        json.dump(job, f)
    proc = subprocess.run(["node", os.path.join(HERE, "play.mjs"), path])  # its progress on stderr
    os.remove(path)
    if proc.returncode:
        raise ChipError("play.mjs failed (%s): exit %d, see above" % (label, proc.returncode))
    with open(job["result"]) as f:
        result = json.load(f)
    os.remove(job["result"])
    return result


def probe(work, seed, talk):
    """make chip's os.py for one run, compiled: the dice seed, and whether the app talks."""
    src = os.path.join(work, "os.py")
    with open(os.path.join(HERE, "probe_os.py")) as f:
        body = f.read()
    with open(src, "w") as f:
        f.write("_SEED = %d\n_TALK = %s\n" % (seed, talk) + body)
    out = os.path.join(work, "os.mpy")
    proc = mpy.cross(src, out, "os.py", march=False)
    if proc.returncode:
        raise ChipError("mpy-cross failed on the probe: %s" % (proc.stdout + proc.stderr).strip())
    return out


def lit(png):
    """Whether a PNG the emulator wrote shows anything: a black image filters to zeros
    under every PNG filter, anything else does not."""
    with open(png, "rb") as f:
        data = f.read()
    pos, idat, width, channels = 8, b"", 0, 1
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width = int.from_bytes(body[:4], "big")
            channels = {0: 1, 2: 3}[body[9]]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * channels + 1
    return any(raw[i] for i in range(len(raw)) if i % stride)


def first_screens(dump):
    """{boot number: emulated ms from that boot's reset to its first lit frame} from a dump folder."""
    try:
        with open(os.path.join(dump, "frames.json")) as f:
            frames = json.load(f)
    except OSError:
        return {}
    out = {}
    for f in frames:
        boot = f.get("boot", 1)
        if boot not in out and f.get("file") and lit(f["file"]):
            out[boot] = f["tMs"]
    return out


def wait_for_screen(dump, timeout=300):
    """Until the dump folder holds a lit frame (a screen drawn), or timeout seconds."""
    deadline = time.monotonic() + timeout
    seen = set()
    while time.monotonic() < deadline:
        for name in sorted(os.listdir(dump)) if os.path.isdir(dump) else ():
            if name.endswith(".png") and name not in seen:
                seen.add(name)
                try:
                    if lit(os.path.join(dump, name)):
                        return True
                except (OSError, zlib.error, KeyError):
                    seen.discard(name)  # still being written
        time.sleep(1)
    return False


def fresh(path):
    if os.path.isdir(path):
        shutil.rmtree(path)
    os.makedirs(path)
    return path
