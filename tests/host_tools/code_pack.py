"""A code pack (firmware/packfs.py) read on this PC as the board reads it."""
import io

from host_tools.device_files import device_files, slot_path
from host_tools.pico import compiled

packfs = compiled.packfs


class Beneath:
    """The slot's folder on littlefs as a Pack sees it: {name: bytes}, and what was asked."""

    def __init__(self, files=None):
        self.files = dict(files or {})
        self.asked = []

    def stat(self, path):
        self.asked.append(("stat", path))
        if path not in self.files:
            raise OSError(2)
        return (0x8000, 0, 0, 0, 0, 0, len(self.files[path]), 0, 0, 0)

    def open(self, path, mode):
        self.asked.append(("open", path, mode))
        if "r" in mode:
            if path not in self.files:
                raise OSError(2)
            return io.BytesIO(self.files[path])
        return "written " + path



def mounted(data, beneath=None, folder="/slot_a"):
    """A Pack over the pack's bytes, the slot's folder beneath it."""
    return packfs.Pack(io.BytesIO(data), beneath if beneath is not None else Beneath(), folder)


def entries(data):
    """How many paths (files and folders) the pack's index holds."""
    return mounted(data).count


def modules(data, names):
    """{path in the slot: bytes} of names, read from the pack as the board reads them."""
    pack = mounted(data)
    found = {}
    for name in names:
        with pack.open(name, "rb") as f:
            found[name] = f.read()
    return found


def slot_modules(board):
    """The paths in the slot of the modules make deploy packs for board."""
    return sorted(slot_path(device) for _, device in device_files(board) if slot_path(device) != compiled.READER)


def unpack(data, board):
    """{path: bytes} of board's modules in the pack, which holds those and their folders alone."""
    names = slot_modules(board)
    assert entries(data) == len(names) + len(compiled.folders_of(names))
    return modules(data, names)
