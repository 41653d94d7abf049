"""A make deploy slot's code read from one file, its pack, for as long as the gadget runs.

A module imported from littlefs costs a Pico about 10 ms: littlefs opens its file by
walking from the root through each folder's records (the root, /slot_a, app: 3 ms on
the emulated Pico), then the .mpy is read and loaded.  make deploy writes every module
of the slot into one file, PACK, with an index (host_tools/pico/compiled.py writes it),
and the launcher mounts a Pack over the slot's folder (enter()): an import asks the
index, in the heap, and reads its module from the one file held open.  What the pack
does not hold (version.json, the pack itself) comes from the slot's folder on littlefs
beneath, and so does anything written.

The pack stays mounted while the gadget runs.  A tool on a PC that soft-resets the board
first (make deploy, mpremote, Thonny) sees littlefs alone: MicroPython's mounts end with
a soft reset.  The mount opens and looks up, nothing more: the slot's folder cannot be
listed, and nothing removed or renamed, through it.

The pack: a head of 12 bytes (MAGIC; the pack's whole length, 4 bytes; how many entries
its index holds, 2; two zero bytes), then the index, one entry a path in the slot, sorted
by the path's CRC-32: the CRC, then the offset of its file from the pack's start and its
length (4 bytes each, all little-endian); then the files.  A folder has an entry of its
own, offset and length FOLDER.  The index holds CRCs, not paths, to keep the heap it
takes small (1.2 KB for 100 entries, 4.2 with the paths): the pack's writer refuses two
paths with one CRC, and a path the pack lacks has a chance of about one in 43 million to
be taken for one it holds.  A pack shorter or longer than its head says is refused, and
its modules with it (the launcher's import of main fails, on the REPL): make deploy again.
"""
import os
import sys

# built-ins taken as they are: with a path to search, MicroPython would first look on the flash
# for a file of each one's name (main.py says why), and the launcher has made the slot the
# current folder (CPython finds them on its path)
_path = sys.path[:]
if sys.implementation.name == "micropython":
    sys.path.clear()
try:
    import io
    from array import array
    from binascii import crc32
finally:
    sys.path[:] = _path
    del _path

PACK = "code.pack"
MAGIC = b"SPK4"  # (no const(): host_tools, which writes packs, reads these without MicroPython's shims)
HEAD_SIZE = 12
ENTRY_SIZE = 12
FOLDER = 0xFFFFFFFF  # an index entry's offset and length for a folder
_ENOENT = 2  # errno, as littlefs says it
_EIO = 5
_FILE = 0x8000  # stat's mode: a file, a folder
_DIR = 0x4000


def key(path):
    """A path's place in the index, its CRC-32 (the pack's writer uses it too)."""
    return crc32(path.encode())


def _code(path):
    """Whether the pack alone answers for path: a module, a package's folder, or a name an
    import looks for (with no dot).  The rest is the slot's own files'."""
    return path.endswith(".mpy") or path.endswith(".py") or "." not in path


class Pack:
    """What os.mount takes: f, the pack open; fs, the file system beneath (the root's
    littlefs); folder, the slot's.  The index is an array of 32-bit numbers, three an
    entry, searched by halves."""

    def __init__(self, f, fs, folder):
        self.f = f
        self.fs = fs
        self.folder = folder
        self.cwd = ""  # inside the slot, "" at its top
        head = f.read(HEAD_SIZE)
        if len(head) != HEAD_SIZE or head[:4] != MAGIC:
            raise ValueError("not a code pack")
        length = int.from_bytes(head[4:8], "little")
        self.count = int.from_bytes(head[8:10], "little")
        if f.seek(0, 2) != length or HEAD_SIZE + self.count * ENTRY_SIZE > length:
            raise ValueError("code pack cut short or overlong")
        f.seek(HEAD_SIZE)
        self.index = array("I", bytes(ENTRY_SIZE * self.count))  # (bytes: taken as the items' own bytes)
        f.readinto(self.index)

    def _inside(self, path):
        if path[:1] != "/":
            path = self.cwd + "/" + path
        return path.strip("/")

    def _entry(self, path):
        """(offset, length) of path's entry (FOLDER, FOLDER for a folder; the top is one),
        or None."""
        if not path:
            return FOLDER, FOLDER
        k = key(path)
        index = self.index
        lo, hi = 0, self.count
        while lo < hi:
            mid = (lo + hi) >> 1
            at = index[3 * mid]
            if at == k:
                return index[3 * mid + 1], index[3 * mid + 2]
            if at < k:
                lo = mid + 1
            else:
                hi = mid
        return None

    def stat(self, path):
        # an import takes any exception from here for "no such file", a Ctrl-C's
        # KeyboardInterrupt too: the PC's tools send theirs again (host_tools/pico/link.py)
        path = self._inside(path)
        if not _code(path):
            return self.fs.stat(self.folder + "/" + path)
        entry = self._entry(path)
        if entry is None:
            raise OSError(_ENOENT)
        if entry[0] == FOLDER:
            return (_DIR, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return (_FILE, 0, 0, 0, 0, 0, entry[1], 0, 0, 0)

    def open(self, path, mode="r"):
        path = self._inside(path)
        if not _code(path) or "r" not in mode or "+" in mode:
            return self.fs.open(self.folder + "/" + path, mode)
        entry = self._entry(path)
        if entry is None or entry[0] == FOLDER:
            raise OSError(_ENOENT)
        self.f.seek(entry[0])
        data = self.f.read(entry[1])
        if len(data) != entry[1]:
            raise OSError(_EIO)
        return io.BytesIO(data) if "b" in mode else io.StringIO(data.decode())

    def chdir(self, path):
        if self.stat(path)[0] != _DIR:
            raise OSError(_ENOENT)
        self.cwd = self._inside(path)

    def getcwd(self):
        return "/" + self.cwd

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.f.close()


def enter(folder):
    """folder's pack mounted over folder and folder made the current one: True; False
    (nothing changed) where there is no pack, it is refused, or nothing is mounted at the
    root to hold the slot's other files (CPython)."""
    for fs, at in os.mount() if hasattr(os, "mount") else ():
        if at == "/":
            break
    else:
        return False
    try:
        f = open(folder + "/" + PACK, "rb")
    except OSError:
        return False
    try:
        pack = Pack(f, fs, folder)
        os.mount(pack, folder)
    except (ValueError, OSError):
        f.close()
        return False
    os.chdir(folder)  # into the mount
    return True
