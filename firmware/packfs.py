"""A slot's code in one file, read as a file system while a make deploy install boots.

Each module imported from littlefs costs about 15 ms on a Pico: three path walks from the
root (the name as a folder, then .py, then .mpy), then the file opened and read. make
deploy also writes every module of the slot into one file, PACK, with an index
(host_tools/pico/compiled.py writes it); the launcher mounts it over the slot's folder
(enter()), so an import asks the index and reads from the one file already open. Once
the first screen is up, leave() unmounts it: the modules imported later come from the
slot's own files, as without a pack, and the index leaves the heap.

The pack: a head of 12 bytes (MAGIC; the pack's whole length, 4 bytes; how many entries
the index holds, 2; how long a path in it is, padded with zero bytes, 2: all little-endian),
then the index, one entry a path, sorted by path: the path, its offset from the pack's start
and its length (4 bytes each); then the files. A folder has an entry of its own, offset and
length FOLDER. Only compiled modules (.mpy) go in. A pack shorter or longer than its head
says is refused (ValueError): the slot's files are read then, as before.
"""
import os
import sys

# io taken as it is: with a path to search, MicroPython would first look on the flash for a
# file of its name (main.py says why), and the launcher has made the slot the current folder
_path = sys.path[:]
sys.path.clear()
try:
    import io
finally:
    sys.path.extend(_path)
    del _path

PACK = "code.pack"
MAGIC = b"SPK2"
HEAD_SIZE = 12
FOLDER = 0xFFFFFFFF  # an index entry's offset and length for a folder
_ENOENT = 2  # errno: as the real file system says it
_EIO = 5
_EROFS = 30
_FILE = 0x8000  # stat's mode: a file, a folder
_DIR = 0x4000

_mounted = None  # the folder a pack is mounted over, while one is


class Pack:
    """The read-only file system over an open pack file (what os.mount takes). Its index
    stays bytes, searched by halves: a dict of str keys would cost a Pico 30-40 ms to
    build at every boot (each new str is looked up among the firmware's own names)."""

    def __init__(self, f):
        self.f = f
        f.seek(0)
        head = f.read(HEAD_SIZE)
        if len(head) != HEAD_SIZE or head[:4] != MAGIC:
            raise ValueError("not a code pack")
        length = int.from_bytes(head[4:8], "little")
        self.count = int.from_bytes(head[8:10], "little")
        self.width = int.from_bytes(head[10:12], "little")
        if f.seek(0, 2) != length:
            raise ValueError("code pack cut short or overlong")
        f.seek(HEAD_SIZE)
        self.index = f.read(self.count * (self.width + 8))
        if len(self.index) != self.count * (self.width + 8):
            raise ValueError("code pack's index damaged")

    def _entry(self, path):
        """(offset, length) of path's entry (FOLDER, FOLDER for a folder), or None."""
        key = path.encode()
        width = self.width
        if len(key) > width:
            return None
        key += bytes(width - len(key))
        index = self.index
        step = width + 8
        lo, hi = 0, self.count
        while lo < hi:
            mid = (lo + hi) // 2
            at = mid * step
            name = index[at:at + width]
            if name == key:
                return (int.from_bytes(index[at + width:at + width + 4], "little"),
                        int.from_bytes(index[at + width + 4:at + step], "little"))
            if name < key:
                lo = mid + 1
            else:
                hi = mid
        return None

    def stat(self, path):
        path = path.strip("/")
        # an import asks for name.py before name.mpy: the pack holds none
        entry = None if path.endswith(".py") else (FOLDER, 0) if not path else self._entry(path)
        if entry is None:
            raise OSError(_ENOENT)
        if entry[0] == FOLDER:
            return (_DIR, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return (_FILE, 0, 0, 0, 0, 0, entry[1], 0, 0, 0)

    def open(self, path, mode="r"):
        if "w" in mode or "a" in mode or "+" in mode:
            raise OSError(_EROFS)
        entry = self._entry(path.strip("/"))
        if entry is None or entry[0] == FOLDER:
            raise OSError(_ENOENT)
        self.f.seek(entry[0])
        data = self.f.read(entry[1])
        if len(data) != entry[1]:
            raise OSError(_EIO)
        return io.BytesIO(data) if "b" in mode else io.StringIO(data.decode())

    def chdir(self, path):
        self.stat(path)

    def getcwd(self):
        return "/"

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.f.close()


def enter(folder):
    """Mount folder's pack over folder and make it the current folder; False (nothing
    changed) where there is none or it is refused."""
    global _mounted
    try:
        f = open(folder + "/" + PACK, "rb")
    except OSError:
        return False
    try:
        pack = Pack(f)
    except (ValueError, OSError):
        f.close()
        return False
    os.mount(pack, folder)
    os.chdir(folder)
    _mounted = folder
    return True


def leave():
    """Back to the folder's own files, where a pack is mounted; this module leaves
    sys.modules, and so the heap, with it (the launcher keeps no name for it)."""
    global _mounted
    if _mounted is not None:
        os.umount(_mounted)
        os.chdir(_mounted)  # the unmount left the current folder at the root
        _mounted = None
    sys.modules.pop("packfs", None)
