"""The code pack of a make deploy slot: written by host_tools/pico/compiled.py, read by the
board through firmware/packfs.py's Pack, mounted over the slot for as long as the gadget
runs (tests/host_tools/test_deploy_board.py boots one under MicroPython)."""
import pytest

from code_pack import Beneath, entries, modules, mounted, packfs
from host_tools.pico import compiled

_DIR = 0x4000
_FILE = 0x8000
FILES = {
    "main.mpy": b"M\x06main",
    "board.mpy": b"M\x06pins",
    "app/events.mpy": b"M\x06events",
    "app/trainmaker/table.mpy": b"M\x06" + bytes(range(256)) * 4,
    "schaffner/rng.mpy": b"M\x06rng",
}


def test_every_module_comes_back_as_written():
    data = compiled.pack(FILES)
    assert modules(data, FILES) == FILES
    assert entries(data) == len(FILES) + 3  # app, app/trainmaker, schaffner


def test_an_imports_looks_are_answered_by_the_index_alone():
    beneath = Beneath({"/slot_a/version.json": b"{}"})
    pack = mounted(compiled.pack(FILES), beneath)
    for name in ("main", "main.py", "app/events.py", "app/nothing.mpy", "drivers", "framebuf"):
        with pytest.raises(OSError) as exc:
            pack.stat(name)
        assert exc.value.args[0] == 2, name
    assert pack.stat("main.mpy")[0] == _FILE and pack.stat("main.mpy")[6] == len(FILES["main.mpy"])
    assert pack.stat("app")[0] == _DIR and pack.stat("/app/trainmaker/")[0] == _DIR
    assert pack.stat("/")[0] == _DIR
    assert pack.stat("app/trainmaker/table.mpy")[6] == 1026
    assert beneath.asked == []  # no walk of littlefs for any of them


def test_the_slots_other_files_come_from_its_folder_beneath():
    beneath = Beneath({"/slot_a/version.json": b'{"version": "0.2.0"}'})
    pack = mounted(compiled.pack(FILES), beneath)
    assert pack.stat("version.json")[6] == 20
    with pack.open("version.json", "r") as f:
        assert f.read() == b'{"version": "0.2.0"}'
    assert pack.open("app/new.mpy", "wb") == "written /slot_a/app/new.mpy"  # writes too
    with pytest.raises(OSError):
        pack.stat("code.txt")


def test_the_current_folder_inside_the_pack():
    pack = mounted(compiled.pack(FILES))
    pack.chdir("app")
    assert pack.getcwd() == "/app"
    assert pack.stat("events.mpy")[6] == len(FILES["app/events.mpy"])
    with pack.open("trainmaker/table.mpy", "rb") as f:
        assert f.read() == FILES["app/trainmaker/table.mpy"]
    with pack.open("/main.mpy", "rb") as f:
        assert f.read() == FILES["main.mpy"]
    with pytest.raises(OSError):
        pack.chdir("/main.mpy")
    with pytest.raises(OSError):
        pack.chdir("drivers")
    assert pack.getcwd() == "/app"


def test_a_path_the_pack_lacks_is_not_taken_for_one_it_holds():
    pack = mounted(compiled.pack(FILES))
    # every module name the device code imports that the pack does not hold, as an import asks
    for name in ("framebuf", "gc", "machine", "micropython", "rp2", "array", "uctypes", "json", "os",
                 "app/app", "schaffner/journal", "drivers"):
        for path in (name, name + ".mpy"):
            with pytest.raises(OSError):
                pack.stat(path)


def test_two_paths_with_one_crc_are_refused(monkeypatch):
    monkeypatch.setattr(packfs, "key", lambda path: len(path))
    with pytest.raises(ValueError) as exc:
        compiled.pack({"a/x.mpy": b"M\x06", "b/y.mpy": b"M\x06"})
    assert "CRC" in str(exc.value)


@pytest.mark.parametrize("spoil", [
    lambda data: data[:-1],  # cut short
    lambda data: data + b"\0",  # overlong
    lambda data: b"SPK3" + data[4:],  # another format
    lambda data: data[:20],  # the index cut
])
def test_a_damaged_pack_is_refused(spoil):
    with pytest.raises(ValueError):
        mounted(spoil(compiled.pack(FILES)))


@pytest.mark.parametrize("name", ["main.py", "/main.mpy", "app//x.mpy", "version.json", "a.b/c.mpy"])
def test_only_modules_by_their_slot_path_go_in(name):
    with pytest.raises(ValueError):
        compiled.pack(dict(FILES, **{name: b"M\x06"}))


def test_no_pack_no_mount_on_cpython(tmp_path):
    assert packfs.enter(str(tmp_path)) is False
