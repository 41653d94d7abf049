"""The launcher's view of a make deploy slot (firmware/slotfs.py): what an import looks for is
answered from each folder's listing, read once; files open on the file system beneath."""
from slotfs import SlotFiles
from support import raises

CPYTHON_ONLY = "slotfs is the launcher's, at the firmware's top; the MicroPython runner installs its packages"

_DIR = 0x4000
_FILE = 0x8000


class Fs:
    """littlefs as SlotFiles uses it: folders of {name: size or folder}; what was asked is kept."""

    def __init__(self, tree):
        self.tree = tree
        self.listed = []
        self.calls = []

    def ilistdir(self, path):
        self.listed.append(path)
        node = self.tree
        for part in path.decode().strip("/").split("/"):
            node = node.get(part) if isinstance(node, dict) else None
            if node is None:
                raise OSError(2)
        for name, v in node.items():
            yield (name.encode(), _DIR if isinstance(v, dict) else _FILE, 0, 0 if isinstance(v, dict) else v)

    def open(self, path, mode):
        self.calls.append(("open", path, mode))
        return "file " + path

    def stat(self, path):
        self.calls.append(("stat", path))
        return (_FILE, 0, 0, 0, 0, 0, 1, 0, 0, 0)

    def remove(self, path):
        self.calls.append(("remove", path))


def _slot():
    fs = Fs({"slot_a": {"main.mpy": 120, "board.py": 40, "app": {"__init__.mpy": 30, "events.mpy": 329}}})
    return fs, SlotFiles(fs, "/slot_a")


def test_an_imports_looks_come_from_one_listing_a_folder():
    fs, slot = _slot()
    for name in ("main", "main.py"):  # the name as a folder, then as source
        assert raises(OSError, slot.stat, name).args[0] == 2
    assert slot.stat("main.mpy")[:1] == (_FILE,) and slot.stat("main.mpy")[6] == 120
    assert slot.stat("board.py")[0] == _FILE
    assert slot.stat("app")[0] == _DIR and slot.stat("/app/")[0] == _DIR
    assert slot.stat("app/events.mpy")[6] == 329
    assert raises(OSError, slot.stat, "app/events.py").args[0] == 2
    assert fs.listed == [b"/slot_a", b"/slot_a/app"] and fs.calls == []
    assert slot.stat("/")[0] == _DIR


def test_a_missing_folder_is_missing():
    fs, slot = _slot()
    raises(OSError, slot.stat, "drivers/ssd1306.mpy")


def test_files_open_beneath_at_their_place_from_the_current_folder():
    fs, slot = _slot()
    assert slot.open("main.mpy", "rb") == "file /slot_a/main.mpy"
    slot.chdir("app")
    assert slot.getcwd() == "/app"
    assert slot.stat("events.mpy")[6] == 329
    assert slot.open("events.mpy", "rb") == "file /slot_a/app/events.mpy"
    assert slot.open("/main.mpy") == "file /slot_a/main.mpy"
    raises(OSError, slot.chdir, "/main.mpy")
    assert slot.getcwd() == "/app"


def test_a_write_drops_what_was_listed():
    fs, slot = _slot()
    slot.stat("main.mpy")
    slot.open("new.mpy", "wb")
    slot.stat("main.mpy")
    slot.remove("new.mpy")
    slot.stat("main.mpy")
    assert fs.listed == [b"/slot_a"] * 3
    assert ("remove", "/slot_a/new.mpy") in fs.calls


def test_a_path_to_resolve_goes_beneath():
    fs, slot = _slot()
    assert slot.stat("app/../main.mpy")[6] == 1
    assert fs.calls == [("stat", "/slot_a/app/../main.mpy")]
