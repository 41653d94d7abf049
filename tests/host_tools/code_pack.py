"""A code pack (firmware/packfs.py) read on this PC as the board reads it."""
import io

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

    def ilistdir(self, path):
        self.asked.append(("ilistdir", path))
        for name in sorted(self.files):
            if name.startswith(path + "/"):
                yield (name[len(path) + 1:], 0x8000, 0, len(self.files[name]))

    def remove(self, path):
        self.asked.append(("remove", path))


def mounted(data, beneath=None, folder="/slot_a"):
    """A Pack over the pack's bytes, the slot's folder beneath it."""
    return packfs.Pack(io.BytesIO(data), beneath if beneath is not None else Beneath(), folder)


def modules(data):
    """{path in the slot: bytes} of every file in the pack, found through its listings."""
    pack = mounted(data)
    found = {}

    def walk(folder):
        for name, kind, _ in pack.ilistdir(folder):
            path = folder + "/" + name if folder else name
            if kind == 0x4000:
                walk(path)
            else:
                with pack.open(path, "rb") as f:
                    found[path] = f.read()
    walk("")
    return found
