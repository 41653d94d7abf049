"""What make firmware builds from: MicroPython 1.28's tree and tools, and a board's files staged
to be frozen in (images.py builds the images, per board and chip, and is the command).

1. The MicroPython tree: MICROPY_DIR (a checkout of v1.28.0 with its submodules), else the
   snapshot ../shared/micropython/micropython-1.28.0-rp2-src.tar.gz, unpacked once into
   build/firmware/src, else (a GitHub runner) v1.28.0 cloned with its submodules, and
   picotool 2.2.0 beside it, once into build/firmware/git. The ARM toolchain and cmake come from Debian's packages, installed
   here where missing (apt-get, through sudo unless root).
2. picotool, which the Pico SDK needs to write the .uf2, built once from the snapshot's
   picotool-src (or PICOTOOL_SRC), and mpy-cross of the tree: nothing is fetched.
3. Stage (stage()): every device file of the board (device_files.py, the list make deploy uses) as
   source at its place in a slot; firmware/main.py as the module gadget, the launcher as
   main.py (the port runs a frozen main.py at boot), and the stamp as firmware_stamp.
4. Build the rp2 port for the chip's board (RPI_PICO for the RP2040, RPI_PICO2 for the
   RP2350) with the board's boards/<board>/manifest.py, which freezes the staged folder and
   the port's own modules (_boot.py mounts the file system): images.py, which builds each
   image once and keeps it under a hash of what it is made of.

Flashing the image writes the firmware's region of the flash, below the file system's:
/data, and any slot make deploy left, stay; firmware/launcher.py says which copy then runs.
"""
import json
import os
import shutil
import subprocess

from ..device_files import boards, device_files, slot_path
from ..errors import ToolError
from ..paths import ROOT
from .compiled import make_stamp

SNAPSHOT = os.path.join(os.path.dirname(ROOT), "shared", "micropython",
                        "micropython-1.28.0-rp2-src.tar.gz")
BUILD = os.path.join(ROOT, "build", "firmware")
LAUNCHER = os.path.join(ROOT, "firmware", "launcher.py")
MICROPYTHON = (1, 28)
# where no snapshot is: cloned, these tags (the snapshot holds the same)
MICROPYTHON_GIT = "https://github.com/micropython/micropython"
MICROPYTHON_TAG = "v1.28.0"
PICOTOOL_GIT = "https://github.com/raspberrypi/picotool"
PICOTOOL_TAG = "2.2.0"
# what the rp2 build calls, and the Debian packages that bring it
TOOLS = (("arm-none-eabi-gcc", "gcc-arm-none-eabi"), ("cmake", "cmake"))
ARM_PACKAGES = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "libstdc++-arm-none-eabi-newlib",
                "cmake")
NEWLIB_HEADER = "/usr/lib/arm-none-eabi/include/stdio.h"
NEWLIB_CXX = "/usr/lib/arm-none-eabi/include/c++"


class FirmwareError(ToolError):
    """The image cannot be built; the message says why and what to do."""


def stamp(board):
    """The image's version stamp: version.json's keys (compiled.make_stamp) as a dict."""
    return json.loads(make_stamp(board))


def stage(board, folder):
    """Fill folder with what the manifest freezes for board; returns {module path: bytes}."""
    files = {}
    for host, device in device_files(board):
        rel = "gadget.py" if device == "/main.py" else slot_path(device)
        if rel.endswith(".mpy"):
            rel = rel[:-4] + ".py"
        with open(host, "rb") as f:
            files[rel] = f.read()
    with open(LAUNCHER, "rb") as f:
        files["main.py"] = f.read()
    files["firmware_stamp.py"] = (
        "# make firmware's stamp of this image: what the launcher and About compare and show\n"
        "STAMP = %r\n" % stamp(board)).encode()
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    for rel, data in files.items():
        path = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    return files


def micropython_tree(out):
    """The MicroPython checkout to build from: MICROPY_DIR, else the unpacked snapshot."""
    tree = os.environ.get("MICROPY_DIR")
    if tree:
        tree = os.path.abspath(tree)
    elif os.path.isfile(SNAPSHOT):
        tree = unpack_snapshot(out)
    else:
        tree = clone_tree(out)
    version = micropython_version(tree)
    if version[:2] != MICROPYTHON:
        raise FirmwareError("%s is MicroPython %s; Schaffner's images are built from 1.28"
                            % (tree, ".".join(map(str, version))))
    for sub in ("lib/pico-sdk/src", "lib/tinyusb/src", "lib/micropython-lib/micropython"):
        if not os.path.isdir(os.path.join(tree, sub)):
            raise FirmwareError("%s lacks %s: run make -C ports/rp2 BOARD=RPI_PICO submodules "
                                "(and BOARD=RPI_PICO2) there once" % (tree, sub))
    return tree


def unpack_snapshot(out):
    """The snapshot unpacked under out/src, once per snapshot (its size and time mark it)."""
    src = os.path.join(out, "src")
    info = os.stat(SNAPSHOT)
    mark = "%s %d %d\n" % (os.path.basename(SNAPSHOT), info.st_size, int(info.st_mtime))
    mark_file = os.path.join(src, "unpacked.txt")
    if os.path.isfile(mark_file) and open(mark_file).read() == mark:
        return os.path.join(src, "micropython")
    if os.path.isdir(src):
        shutil.rmtree(src)
    os.makedirs(src)
    print("firmware: unpacking %s" % SNAPSHOT)
    _check(["tar", "xzf", SNAPSHOT, "-C", src])
    with open(mark_file, "w") as f:
        f.write(mark)
    return os.path.join(src, "micropython")


def clone_tree(out):
    """MicroPython v1.28.0 with the submodules of both chips' builds, and picotool 2.2.0 beside
    it, cloned once into out/git: where neither MICROPY_DIR nor the snapshot is (a GitHub runner)."""
    top = os.path.join(out, "git")
    tree = os.path.join(top, "micropython")
    done = os.path.join(top, "cloned.txt")
    if os.path.isfile(done):
        return tree
    if shutil.which("git") is None:
        raise FirmwareError("no MicroPython tree and no git to clone one: set MICROPY_DIR to a "
                            "checkout of v1.28.0 with its submodules, or put the snapshot at %s" % SNAPSHOT)
    ensure_tools()  # the port's submodules step configures the build: the ARM compiler first
    shutil.rmtree(top, ignore_errors=True)
    os.makedirs(top)
    print("firmware: no MICROPY_DIR and no snapshot (%s): cloning MicroPython %s and picotool %s "
          "into %s (once)" % (SNAPSHOT, MICROPYTHON_TAG, PICOTOOL_TAG, os.path.relpath(top, ROOT)))
    log = os.path.join(top, "clone.log")
    try:
        _check(["git", "clone", "--depth", "1", "--branch", MICROPYTHON_TAG, MICROPYTHON_GIT, tree], log=log)
        for mp_board in ("RPI_PICO", "RPI_PICO2"):
            _check(["make", "-C", os.path.join(tree, "ports", "rp2"), "BOARD=" + mp_board, "submodules"], log=log)
        _check(["git", "clone", "--depth", "1", "--branch", PICOTOOL_TAG, PICOTOOL_GIT,
                os.path.join(top, "picotool-src")], log=log)
    except FirmwareError as exc:
        raise FirmwareError("%s; without a network, set MICROPY_DIR to a checkout of v1.28.0 with "
                            "its submodules, or put the snapshot at %s" % (exc, SNAPSHOT))
    with open(done, "w") as f:
        f.write("%s %s\n" % (MICROPYTHON_TAG, PICOTOOL_TAG))
    return tree


def micropython_version(tree):
    """(major, minor, micro) from the tree's py/mpconfig.h."""
    numbers = {}
    with open(os.path.join(tree, "py", "mpconfig.h")) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[0] == "#define" and parts[1].startswith("MICROPY_VERSION_"):
                if parts[2].isdigit():
                    numbers[parts[1][len("MICROPY_VERSION_"):]] = int(parts[2])
    return tuple(numbers.get(k, 0) for k in ("MAJOR", "MINOR", "MICRO"))


def missing_tools():
    """The Debian packages the build needs and this machine lacks."""
    missing = [pkg for tool, pkg in TOOLS if shutil.which(tool) is None]
    if not os.path.isfile(NEWLIB_HEADER):
        missing.append("libnewlib-arm-none-eabi")
    if not os.path.isdir(NEWLIB_CXX):
        missing.append("libstdc++-arm-none-eabi-newlib")
    return sorted(set(missing))


def ensure_tools(run=subprocess.run):
    missing = missing_tools()
    if not missing:
        return
    if shutil.which("apt-get") is None:
        raise FirmwareError("the build needs %s (Debian package names); install them"
                            % ", ".join(ARM_PACKAGES))
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    print("firmware: installing %s" % " ".join(ARM_PACKAGES))
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if run(sudo + ["apt-get", "install", "-y", "-qq"] + list(ARM_PACKAGES), env=env).returncode:
        run(sudo + ["apt-get", "update", "-qq"], env=env)
        if run(sudo + ["apt-get", "install", "-y", "-qq"] + list(ARM_PACKAGES), env=env).returncode:
            raise FirmwareError("apt-get could not install %s" % " ".join(ARM_PACKAGES))
    if missing_tools():
        raise FirmwareError("still missing after apt-get: %s" % ", ".join(missing_tools()))


def picotool(tree, out):
    """The folder of a picotool install the SDK takes instead of downloading one."""
    install = os.path.join(out, "picotool")
    if os.path.isfile(os.path.join(install, "picotool", "picotoolConfig.cmake")):
        return install
    src = os.environ.get("PICOTOOL_SRC") or os.path.join(os.path.dirname(tree), "picotool-src")
    if not os.path.isfile(os.path.join(src, "CMakeLists.txt")):
        raise FirmwareError(
            "no picotool source at %s: set PICOTOOL_SRC to a checkout of picotool 2.2.0 (the "
            "Pico SDK needs it to write the .uf2; the snapshot carries one)" % src)
    build = os.path.join(out, "picotool-build")
    print("firmware: building picotool (once)")
    _check([
        "cmake", "-S", src, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
        "-DPICO_SDK_PATH=" + os.path.join(tree, "lib", "pico-sdk"), "-DPICOTOOL_NO_LIBUSB=1",
        "-DPICOTOOL_FLAT_INSTALL=1", "-DCMAKE_INSTALL_PREFIX=" + install])
    _check(["make", "-j%d" % (os.cpu_count() or 2), "-C", build, "install"])
    return install


def _check(cmd, env=None, log=None):
    with open(log, "ab") if log else open(os.devnull, "wb") as sink:
        proc = subprocess.run(cmd, env=env, stdout=sink, stderr=subprocess.STDOUT)
    if proc.returncode:
        where = " (its output: %s)" % log if log else ""
        raise FirmwareError("%s failed%s" % (" ".join(cmd[:3]), where))
