"""make firmware: firmware images, one per board and chip, each built once; make chip and
make release take them from the same place.

    python -m host_tools firmware [--board pico_oled] [--chip rp2350]
    -> build/firmware/schaffner-pico_oled-pico2-<version>.uf2

A Pico carries an RP2040, a Pico 2 an RP2350; MicroPython 1.28 builds each from the same
tree as its own board (CHIPS). An image is the rp2 port built for one chip with one board's
files frozen in (firmware.stage, the board's manifest.py).

- One MicroPython build folder per chip (build/firmware/<chip>/rp2): between two boards only
  the frozen modules change, so after the chip's first image the next board's is the frozen
  modules compiled again and the link. The folder's manifest (build/firmware/<chip>/manifest.py)
  keeps its path and includes the board's, so CMake's cache never changes; the frozen .mpy
  files of the board before are removed first (makemanifest compiles a file again only when
  its source is newer than the .mpy, and two boards' files share those names).
- Every image is kept under a key, the sha256 of everything it is made of (key()): the chip,
  the MicroPython tree, the compiler, the board's manifest and every staged file, the stamp
  (version and commit) among them. An image whose key is kept is copied, not built, so
  make chip after make release (or the other way round) builds nothing, and neither does a
  second make firmware with nothing changed.

build/firmware/images/<key>/ holds firmware.uf2 and info.json (board, chip, sizes, the
frozen native modules' architecture, how long the build took); the image also goes to
build/firmware/schaffner-<board>-<pico|pico2>-<version>.uf2. The newest KEEP images of each
board and chip stay in the store.
"""
import hashlib
import json
import os
import shutil
import subprocess
import time

from ..device_files import boards
from ..paths import ROOT
from . import firmware

# chip: (MicroPython's board, the word in the file's name, what a player reads on the board,
# the -march MicroPython's frozen build compiles native code for, the file system's size)
CHIPS = {
    "rp2040": ("RPI_PICO", "pico", "Raspberry Pi Pico (RP2040)", "armv6m", 1408 * 1024),
    "rp2350": ("RPI_PICO2", "pico2", "Raspberry Pi Pico 2 (RP2350)", "armv7m", 3072 * 1024),
}
RECIPE = "2"  # the build's own steps: a change here builds every image again
KEEP = 2
# .mpy header byte 2 >> 2: the native code's architecture (MicroPython's py/persistentcode.h)
ARCHES = ("none", "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
          "xtensa", "xtensawin", "rv32imc", "rv64imc")


def chips():
    return sorted(CHIPS)


def file_name(board, chip, version):
    """The image's name as a player downloads it: schaffner-pico_oled-pico2-0.2.0.uf2."""
    return "schaffner-%s-%s-%s.uf2" % (board, CHIPS[chip][1], version)


def output_path(board, chip):
    """Where make firmware leaves the image of this tree's version."""
    return os.path.join(firmware.BUILD, file_name(board, chip, firmware.stamp(board)["version"]))


def tree_id(tree):
    """What names the MicroPython tree: its version, and its git commit or the snapshot's
    name and size."""
    version = ".".join(map(str, firmware.micropython_version(tree)))
    try:
        commit = subprocess.run(["git", "-C", tree, "rev-parse", "HEAD"], capture_output=True,
                                text=True, check=True).stdout.strip()
        return "%s git %s" % (version, commit)
    except (OSError, subprocess.CalledProcessError):
        pass
    if os.path.isfile(firmware.SNAPSHOT) and not os.environ.get("MICROPY_DIR"):
        return "%s snapshot %s %d" % (version, os.path.basename(firmware.SNAPSHOT),
                                      os.path.getsize(firmware.SNAPSHOT))
    return "%s at %s" % (version, tree)


def compiler():
    try:
        return subprocess.run(["arm-none-eabi-gcc", "-dumpfullversion"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "none"


def key(board, chip, staged, tree, gcc):
    """The sha256 (hex) of what the image of board for chip is made of; staged is
    firmware.stage()'s {path: bytes}, tree tree_id(), gcc compiler()."""
    h = hashlib.sha256()

    def part(name, data):
        data = data if isinstance(data, bytes) else data.encode()
        h.update(b"%s %d\n" % (name.encode(), len(data)))
        h.update(data)

    part("recipe", RECIPE)
    part("chip", CHIPS[chip][0])
    part("tree", tree)
    part("gcc", gcc)
    with open(os.path.join(ROOT, "boards", board, "manifest.py"), "rb") as f:
        part("manifest", f.read())
    for rel in sorted(staged):
        part("file " + rel, staged[rel])
    return h.hexdigest()


def frozen_arches(build_dir):
    """{module: architecture} of the frozen modules that hold native code, from the .mpy
    files makemanifest compiled into build_dir/frozen_mpy."""
    found = {}
    top = os.path.join(build_dir, "frozen_mpy")
    for dirpath, _, names in os.walk(top):
        for name in sorted(names):
            if name.endswith(".mpy"):
                with open(os.path.join(dirpath, name), "rb") as f:
                    head = f.read(4)
                arch = head[2] >> 2 if len(head) == 4 and head[:1] == b"M" else 0
                if arch:
                    rel = os.path.relpath(os.path.join(dirpath, name), top)[:-4].replace(os.sep, ".")
                    found[rel] = ARCHES[arch] if arch < len(ARCHES) else str(arch)
    return found


def build(board, chip, out=firmware.BUILD, say=print):
    """The image of board for chip (build/firmware/schaffner-...uf2): taken from the store
    when its key is there, else built. Returns its info (a dict: path, key, reused, ...)."""
    staged = firmware.stage(board, os.path.join(out, board, "frozen"))
    tree = firmware.micropython_tree(out)
    k = key(board, chip, staged, tree_id(tree), compiler())
    kept = os.path.join(out, "images", k)
    info_file = os.path.join(kept, "info.json")
    reused = os.path.isfile(info_file) and os.path.isfile(os.path.join(kept, "firmware.uf2"))
    if reused:
        with open(info_file) as f:
            info = json.load(f)
    else:
        info = _build_one(board, chip, out, tree, kept, say)
    version = firmware.stamp(board)["version"]
    path = os.path.join(out, file_name(board, chip, version))
    shutil.copyfile(os.path.join(kept, "firmware.uf2"), path)
    os.utime(info_file)  # the store keeps the newest KEEP per board and chip
    _prune(os.path.dirname(kept), board, chip)
    return dict(info, path=path, key=k, reused=reused)


def _build_one(board, chip, out, tree, kept, say):
    """Build the image in the chip's build folder and keep it under kept."""
    mp_board, _, _, _, fs_bytes = CHIPS[chip]
    firmware.ensure_tools()
    tools = firmware.picotool(tree, out)
    here = os.path.join(out, chip)
    rp2 = os.path.join(here, "rp2")
    os.makedirs(here, exist_ok=True)
    log = os.path.join(here, "build.log")
    with open(log, "w") as f:
        f.write("%s for %s\n" % (board, chip))
    jobs = "-j%d" % (os.cpu_count() or 2)
    firmware._check(["make", jobs, "-C", os.path.join(tree, "mpy-cross")], log=log)
    manifest = os.path.join(here, "manifest.py")
    with open(manifest, "w") as f:
        f.write("# make firmware's manifest for the %s build folder: the board's own, included\n"
                "include(%r)\n" % (chip, os.path.join(ROOT, "boards", board, "manifest.py")))
    shutil.rmtree(os.path.join(rp2, "frozen_mpy"), ignore_errors=True)
    env = dict(os.environ, PICOTOOL_FETCH_FROM_GIT_PATH=tools,
               CMAKE_ARGS="-DFETCHCONTENT_FULLY_DISCONNECTED=ON")
    fresh = not os.path.isfile(os.path.join(rp2, "Makefile"))
    say("firmware: building %s for %s (%s)%s; output in %s" % (
        board, chip, mp_board, ", the chip's first: a few minutes" if fresh else "", os.path.relpath(log, ROOT)))
    started = time.monotonic()
    firmware._check(["make", jobs, "-C", os.path.join(tree, "ports", "rp2"), "BOARD=" + mp_board,
                     "BUILD=" + rp2, "FROZEN_MANIFEST=" + manifest], env=env, log=log)
    seconds = time.monotonic() - started
    os.makedirs(kept, exist_ok=True)
    shutil.copyfile(os.path.join(rp2, "firmware.uf2"), os.path.join(kept, "firmware.uf2"))
    info = {"board": board, "chip": chip, "micropython_board": mp_board,
            "uf2_bytes": os.path.getsize(os.path.join(rp2, "firmware.uf2")),
            "code_bytes": os.path.getsize(os.path.join(rp2, "firmware.bin")),
            "fs_bytes": fs_bytes, "native": frozen_arches(rp2), "seconds": round(seconds, 1),
            "first_in_folder": fresh, "stamp": firmware.stamp(board),
            "built": time.strftime("%Y-%m-%d %H:%M:%S")}
    with open(os.path.join(kept, "info.json"), "w") as f:
        json.dump(info, f, indent=1, sort_keys=True)
    return info


def _prune(store, board, chip):
    """Keep the newest KEEP images of board for chip in the store."""
    mine = []
    for k in os.listdir(store) if os.path.isdir(store) else ():
        try:
            with open(os.path.join(store, k, "info.json")) as f:
                info = json.load(f)
        except (OSError, ValueError):
            continue
        if (info.get("board"), info.get("chip")) == (board, chip):
            mine.append((os.path.getmtime(os.path.join(store, k, "info.json")), k))
    for _, k in sorted(mine, reverse=True)[KEEP:]:
        shutil.rmtree(os.path.join(store, k), ignore_errors=True)


def describe(info):
    """One line for the image: where, how big, built or reused, the native code's architecture."""
    arches = sorted(set(info.get("native", {}).values()))
    return "%s: %d KB (%d KB of code; %d KB left for saves), %s%s" % (
        os.path.relpath(info["path"], ROOT), info["uf2_bytes"] // 1024, info["code_bytes"] // 1024,
        info["fs_bytes"] // 1024,
        "reused (nothing changed)" if info["reused"] else "built in %.0f s" % info["seconds"],
        "; native code %s" % ", ".join(arches) if arches else "")


def arguments(parser):
    parser.add_argument("--board", action="append", choices=boards(),
                        help="the board (repeat for more; default: every board)")
    parser.add_argument("--chip", action="append", choices=chips(),
                        help="the chip: rp2040 (Pico) or rp2350 (Pico 2); repeat for both (the default)")


def run(state, args):
    for chip in args.chip or chips():
        for board in args.board or boards():
            info = build(board, chip, say=state.out)
            s = firmware.stamp(board)
            state.out("firmware: %s; from %s%s" % (describe(info), s["commit"] or "no git",
                                                   " dirty" if s["dirty"] else ""))
    return 0
