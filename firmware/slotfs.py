"""A make deploy slot's folder read as a file system of its own while the gadget boots.

A module imported from littlefs costs about 15 ms on a Pico, most of it four walks from the
root through the folders' records (the name as a folder, name.py, name.mpy, then the file
opened), which littlefs reads and checks whole at every step. The launcher mounts SlotFiles
over the slot it starts (enter()) until the first screen is up (main.py calls leave()):
each folder of the slot is listed once, the looks are answered from that listing, and
files open on littlefs itself, so the slot keeps its own files and make deploy writes
nothing more.
"""
import os

_ENOENT = 2  # errno, as littlefs says it
_FOLDER = -1  # a name's size in SlotFiles.known: a folder


class SlotFiles:
    """What os.mount takes: fs, the root's littlefs; folder, the slot's. A folder's names
    are kept as bytes (a new str is looked up among the firmware's own names); anything
    that writes goes to littlefs and drops what was listed."""

    def __init__(self, fs, folder):
        self.fs = fs  # the root's littlefs
        self.folder = folder
        self.cwd = ""  # inside the slot, "" at its top
        self.known = {}  # a folder inside the slot: {name: size, _FOLDER for a folder}

    def _inside(self, path):
        if path[:1] != "/":
            path = self.cwd + "/" + path
        return path.rstrip("/")

    def _real(self, path):
        return self.folder + self._inside(path)

    def stat(self, path):
        path = self._inside(path)
        head, _, name = path.rpartition("/")
        if "." in head or name in (".", ".."):  # a path to resolve: littlefs does that
            return self.fs.stat(self.folder + path)
        size = self._listed(head).get(name.encode()) if name else _FOLDER
        if size is None:
            raise OSError(_ENOENT)
        if size == _FOLDER:
            return (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return (0x8000, 0, 0, 0, 0, 0, size, 0, 0, 0)

    def _listed(self, folder):
        known = self.known.get(folder)
        if known is None:
            known = self.known[folder] = {}
            for entry in self.fs.ilistdir((self.folder + folder).encode()):
                known[entry[0]] = _FOLDER if entry[1] == 0x4000 else entry[3]
        return known

    def open(self, path, mode="r"):
        if "r" not in mode or "+" in mode:
            self.known.clear()
        return self.fs.open(self._real(path), mode)

    def ilistdir(self, path):
        return self.fs.ilistdir(self._real(path))

    def chdir(self, path):
        if self.stat(path)[0] != 0x4000:
            raise OSError(_ENOENT)
        self.cwd = self._inside(path)

    def getcwd(self):
        return self.cwd or "/"

    def mkdir(self, path):
        self.known.clear()
        self.fs.mkdir(self._real(path))

    def rmdir(self, path):
        self.known.clear()
        self.fs.rmdir(self._real(path))

    def remove(self, path):
        self.known.clear()
        self.fs.remove(self._real(path))

    def rename(self, old, new):
        self.known.clear()
        self.fs.rename(self._real(old), self._real(new))

    def statvfs(self, path):
        return self.fs.statvfs("/")

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass


_mounted = None  # the folder SlotFiles is mounted over, while it is


def enter(folder):
    """SlotFiles mounted over folder, the current folder, where littlefs holds the root (not
    in the tests' CPython)."""
    global _mounted
    for fs, at in os.mount() if hasattr(os, "mount") else ():
        if at == "/" and type(fs).__name__ == "VfsLfs2":
            try:
                os.mount(SlotFiles(fs, folder), folder)
            except OSError:
                return  # one is there (run() again from the REPL): the slot's own files then
            os.chdir(folder)  # into the mount
            _mounted = folder
            return


def leave():
    """The folder as littlefs has it again, where SlotFiles was mounted over it: a listing of
    the root would name the folder twice, and tools a PC runs on the board walk it."""
    global _mounted
    if _mounted is not None:
        os.umount(_mounted)
        os.chdir(_mounted)  # the unmount left the current folder at the root
        _mounted = None
