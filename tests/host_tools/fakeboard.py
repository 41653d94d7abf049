"""A Pico for the deploy's tests: a file tree, a MicroPython version, so much flash, and
a cable that can be pulled at any call.

It has the interface of host_tools/pico/link.py. Flash is counted as the deploy's
plan counts it (whole blocks per file, two per folder); a write that does not fit fails
with ENOSPC and leaves the file cut short, as littlefs would. cut=n pulls the cable at
the n-th call (0 = the first): with inside=False the call never reaches the board; with
inside=True it does -- a put or copy gets half its bytes written, anything else happens
whole -- and the answer is lost. Either way every later call finds the board gone.
"""
import hashlib

from host_tools.pico.link import BoardError, BoardGone

PICO = "Raspberry Pi Pico with RP2040"
MPY_1_27 = 6 | 3 << 8 | 4 << 10  # format 6.3, native code for armv6m


def parents(path):
    parts = path.strip("/").split("/")[:-1]
    return {"/" + "/".join(parts[:i]) for i in range(1, len(parts) + 1)}


class FakeBoard:
    def __init__(self, files=(), version=(1, 27, 0), mpy=MPY_1_27, platform="rp2",
                 machine=PICO, capacity=1408 * 1024, block=4096, cut=None, inside=False,
                 bad_flash=(), flashed=None):
        self.files = dict(files)
        self.dirs = {"/"}
        for p in self.files:
            self.dirs |= parents(p)
        self.version = version
        self.mpy = mpy
        self.platform = platform
        self.machine = machine
        self.capacity = capacity
        self.block = block
        self.cut = cut
        self.inside = inside
        self.bad_flash = set(bad_flash)  # paths whose writes come back with a bit flipped
        self.flashed = flashed  # the stamp frozen into a Schaffner firmware image, or None
        self.partial = set()  # files a cut or a full flash left short
        self.calls = 0
        self.log = []  # (name, first argument) of every call that reached the board
        self.gone = False
        self.resets = 0
        self.clock = None  # the machine.RTC tuple set_clock() set last (kept across a reset)

    # --- the cable ---

    def _call(self, name, arg=None):
        """True when this call is the one the cable is pulled in (inside=True)."""
        if self.gone:
            raise BoardGone("cable pulled")
        i = self.calls
        self.calls += 1
        if i == self.cut:
            self.gone = True
            if not self.inside:
                raise BoardGone("cable pulled")
            self.log.append((name, arg))
            return True
        self.log.append((name, arg))
        return False

    def _lost(self, cut):
        if cut:
            raise BoardGone("cable pulled")

    def plug_in(self):
        """A new session after a cut or a reset: the cable is whole again."""
        self.gone = False
        self.cut = None

    # --- flash ---

    def _size(self, size):
        return max(1, -(-size // self.block)) * self.block

    def used(self):
        return sum(self._size(len(d)) for d in self.files.values()) + 2 * self.block * (len(self.dirs) - 1)

    def _write(self, path, data, cut):
        if path in self.dirs or not parents(path) <= self.dirs:
            raise BoardError("OSError: [Errno 2] ENOENT")
        self.files.pop(path, None)  # opened 'wb': the old content is gone
        self.partial.discard(path)
        room = self.capacity - self.used() - self.block
        if cut or len(data) > room:
            self.files[path] = data[:len(data) // 2 if cut else max(0, room)]
            self.partial.add(path)
            if not cut:
                raise BoardError("OSError: [Errno 28] ENOSPC")
            return
        if path in self.bad_flash:
            data = bytes([data[0] ^ 1]) + data[1:]
        self.files[path] = data

    # --- the interface ---

    def facts(self):
        self._lost(self._call("facts"))
        return {"platform": self.platform, "version": self.version, "mpy": self.mpy,
                "machine": self.machine, "free": self.capacity - self.used(),
                "block": self.block, "flashed": self.flashed}

    def tree(self, include_data=False):
        self._lost(self._call("tree"))
        mine = lambda p: include_data or (p != "/data" and not p.startswith("/data/"))  # noqa: E731
        files = {p: (len(d), hashlib.sha256(d).hexdigest()) for p, d in self.files.items() if mine(p)}
        return files, {d for d in self.dirs if mine(d)}

    def data_files(self):
        self._lost(self._call("data_files"))
        return {p: d for p, d in self.files.items() if p.startswith("/data/")}

    def hashes(self, paths):
        self._lost(self._call("hashes", tuple(paths)))
        return {p: (len(self.files[p]), hashlib.sha256(self.files[p]).hexdigest())
                if p in self.files else None for p in paths}

    def read(self, path):
        self._lost(self._call("read", path))
        if path not in self.files:
            raise BoardError("OSError: [Errno 2] ENOENT")
        return self.files[path]

    def mkdir(self, path):
        cut = self._call("mkdir", path)
        if path in self.dirs or path in self.files or not parents(path) <= self.dirs:
            raise BoardError("OSError: [Errno 17] EEXIST")
        self.dirs.add(path)
        self._lost(cut)

    def put(self, path, data):
        cut = self._call("put", path)
        self._write(path, data, cut)
        self._lost(cut)

    def copy(self, src, dst):
        cut = self._call("copy", dst)
        if src not in self.files:
            raise BoardError("OSError: [Errno 2] ENOENT")
        self._write(dst, self.files[src], cut)
        self._lost(cut)

    def rename(self, src, dst):
        cut = self._call("rename", dst)
        if src in self.dirs and dst not in self.dirs and dst not in self.files:
            # a folder moves with everything in it, in one step, as on littlefs
            moved = lambda p: dst + p[len(src):] if p == src or p.startswith(src + "/") else p  # noqa: E731
            self.files = {moved(p): d for p, d in self.files.items()}
            self.dirs = {moved(d) for d in self.dirs}
            self._lost(cut)
            return
        if src not in self.files or dst in self.dirs:
            raise BoardError("OSError: [Errno 2] ENOENT")
        self.files[dst] = self.files.pop(src)
        self.partial.discard(dst)
        if src in self.partial:
            self.partial.discard(src)
            self.partial.add(dst)
        self._lost(cut)

    def remove(self, path):
        cut = self._call("remove", path)
        if path not in self.files:
            raise BoardError("OSError: [Errno 2] ENOENT")
        del self.files[path]
        self.partial.discard(path)
        self._lost(cut)

    def rmdir(self, path):
        cut = self._call("rmdir", path)
        if path not in self.dirs or any(p.startswith(path + "/") for p in list(self.files) + list(self.dirs)):
            raise BoardError("OSError: [Errno 39] ENOTEMPTY")
        self.dirs.discard(path)
        self._lost(cut)

    def set_clock(self, when):
        # not counted among the calls: a cut=n board is pulled at the n-th call of the tool's work
        if self.gone:
            raise BoardGone("cable pulled")
        self.clock = when

    def reset(self):
        if not self.gone:
            self.resets += 1
            self.log.append(("reset", None))
        self.gone = True
