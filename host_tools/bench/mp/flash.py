"""The bench's file layer: real files (in the runtime's memory), and what writing them
would cost on the Pico's flash under littlefs.

The model (littlefs v2 as MicroPython's rp2 port sets it up: 4096-byte blocks, a
256-byte program unit, a 1 KB cache):

- A directory's entries live in a metadata block.  Every change to it (a file
  created, closed after writing, renamed, removed) is a commit appended to that
  block: the tags of what changed (4 bytes each), any inline data, a CRC record
  (``_COMMIT`` bytes with the tags), padded to the 256-byte program unit.  When a
  commit does not fit in what is left of the 4096-byte block, littlefs compacts the
  directory into its other block: one erase, and the live entries written again
  (per file its name and tags, ``_ENTRY`` bytes, plus its data if inline or an
  8-byte pointer if not), the change that did not fit among them: one CRC record,
  padded once (lfs.c: lfs_dir_compact writes the pending attributes as it
  copies the directory).
- Making a directory allocates it a metadata pair whose first commit compacts it
  (one erase, one program unit) and adds its entry to the parent: a commit there.
- A file of at most 512 bytes (the smaller of the cache and 1/8 of a block) is
  inline: its whole content goes into the commit that closes it, and adding a line
  to it is one such commit.
- A bigger file lives in blocks of its own: writing it erases a block for each
  4096 bytes and programs its bytes in 256-byte pages, then one commit points the
  entry at them.  Adding to such a file copies its last, partly filled block into
  a newly erased one first (littlefs never programs a block twice between erases;
  littlefs issue #581).
- The game's log (app.ringlog) is programmed straight into the flash under its
  files: each record is a program of the pages it touches, a block is erased when
  the log moves into it; littlefs sees none of it.
- An erase stalls the CPU 45 ms, a 256-byte page program 0.4 ms (W25Q16JV,
  typical; docs/budgets.md).  Reads cost nothing here.
- littlefs's own work is the runtime's file system's here, which is next to nothing,
  except where the chip showed it is not: a file's data reaching a block of its own
  costs littlefs 19 ms of CPU on top of the erase (``lfs_ms``).

Erases per action are what the flash budget counts; stalls add to the time of the
poll they happen in, and so does littlefs's work.  Not modelled: littlefs relocating
a metadata pair every 100 compactions (block_cycles).
"""
from app.flash import OsFiles

_BLOCK = 4096
_PROG = 256
_INLINE = 512
_COMMIT = 28
_ENTRY = 12
_ERASE_MS = 45.0
_PAGE_MS = 0.4
# What littlefs itself does on the chip when a file's data reaches a block of its own,
# beyond the erase: make chip timed such polls (a snapshot, the history at a game's end)
# at 64-69 ms where this model, without it, made 48-49 of them.
_LFS_BLOCK_MS = 19.0


def _up(n, unit):
    return (n + unit - 1) // unit * unit


class Flash:
    """Counts bytes programmed, blocks erased and the time the CPU stalls for them."""

    def __init__(self):
        self.data = 0  # bytes the app wrote into files
        self.programmed = 0
        self.erases = 0
        self.stall_ms = 0.0
        self.lfs_ms = 0.0  # littlefs's own CPU time on the chip that the runtime does not take
        self.sizes = {}  # path -> bytes
        self.used = {}  # directory -> bytes used in its metadata block

    def program(self, n):
        n = _up(n, _PROG)
        self.programmed += n
        self.stall_ms += n // _PROG * _PAGE_MS

    def erase(self, blocks=1):
        self.erases += blocks
        self.stall_ms += blocks * _ERASE_MS

    def file_blocks(self, blocks):
        """A file's data reaching blocks of its own: erased, and littlefs's work for them."""
        self.erase(blocks)
        self.lfs_ms += blocks * _LFS_BLOCK_MS

    def commit(self, path, payload):
        folder = path.rsplit("/", 1)[0]
        n = _up(payload + _COMMIT, _PROG)
        used = self.used.get(folder, 0)
        if used + n <= _BLOCK:
            self.used[folder] = used + n
            self.program(n)
            return
        # the directory as it is after the change (self.sizes holds it), compacted
        self.erase()
        live = _COMMIT
        for name, size in self.sizes.items():
            if name.rsplit("/", 1)[0] == folder:
                live += _ENTRY + len(name) - len(folder) + (size if size <= _INLINE else 8)
        self.used[folder] = _up(live, _PROG)
        self.program(live)

    def made(self, path):
        """A new directory at path."""
        self.erase()
        self.program(_COMMIT)
        self.used[path] = _PROG
        self.commit(path, len(path))

    def wrote(self, path, size):
        """A file written whole (created or truncated) and closed at size bytes."""
        if path not in self.sizes:
            self.sizes[path] = 0
            self.commit(path, len(path))  # its entry, when it is opened
        self.sizes[path] = size
        if size <= _INLINE:
            self.commit(path, size)
        else:
            self.file_blocks(_blocks(size))
            self.program(size)
            self.commit(path, 8)

    def appended(self, path, added):
        old = self.sizes.get(path)
        if old is None:
            self.sizes[path] = old = 0
            self.commit(path, len(path))
        size = old + added
        self.sizes[path] = size
        if size <= _INLINE:
            self.commit(path, size)
            return
        copied = size if old <= _INLINE else old % _BLOCK + added
        self.file_blocks(_blocks(copied))
        self.program(copied)
        self.commit(path, 8)

    def renamed(self, old, new):
        self.sizes[new] = self.sizes.pop(old)
        self.commit(new, len(old) + len(new))

    def removed(self, path):
        if self.sizes.pop(path, None) is not None:
            self.commit(path, 4)


class _Writer:
    """A file open for writing: once past the inline size its data goes to blocks of
    its own as it is written (a block erased as the data reaches it, pages programmed
    as they fill); closing it commits the entry."""

    def __init__(self, files, path):
        self.files = files
        self.flash = files.flash
        self.path = path
        self.size = 0
        self.paged = 0  # bytes programmed so far
        self.f = open(path, "w")
        files.model(self._opened)

    def _opened(self):
        flash = self.flash
        if self.path not in flash.sizes:
            flash.sizes[self.path] = 0
            flash.commit(self.path, len(self.path))

    def write(self, text):
        self.f.write(text)
        self.files.model(self._wrote, len(text))

    def _wrote(self, n):
        self.flash.data += n
        before = self.size
        self.size += n
        if self.size <= _INLINE:
            return
        had = _blocks(before) if before > _INLINE else 0
        self.flash.file_blocks(_blocks(self.size) - had)
        whole = self.size // _PROG * _PROG
        if whole > self.paged:
            self.flash.program(whole - self.paged)
            self.paged = whole

    def close(self):
        self.f.close()
        self.files.model(self._closed)

    def _closed(self):
        flash = self.flash
        flash.sizes[self.path] = self.size
        if self.size <= _INLINE:
            flash.commit(self.path, self.size)
            return
        if self.size > self.paged:
            flash.program(self.size - self.paged)
        flash.commit(self.path, 8)


def _blocks(n):
    return (n + _BLOCK - 1) // _BLOCK


class FlashFiles(OsFiles):
    """app.flash's file layer, counting what it would cost on the Pico.

    now_us, a clock in microseconds, times the model's own bookkeeping, which is
    no work a Pico does: model_us adds it up, for the bench to take off the time
    of the poll it happened in."""

    def __init__(self, now_us=None):
        OsFiles.__init__(self)
        self.flash = Flash()
        self.now_us = now_us
        self.model_us = 0

    def model(self, fn, *args):
        if self.now_us is None:
            fn(*args)
            return
        t = self.now_us()
        fn(*args)
        self.model_us += self.now_us() - t

    def write_bytes(self, path, data):
        OsFiles.write_bytes(self, path, data)
        self.model(self._wrote, path, len(data))

    def _wrote(self, path, size):
        self.flash.data += size
        self.flash.wrote(path, size)

    def writer(self, path):
        return _Writer(self, path)

    def append(self, path, text):
        OsFiles.append(self, path, text)
        self.model(self._appended, path, len(text))

    def _appended(self, path, n):
        self.flash.data += n
        self.flash.appended(path, n)

    def rename(self, old, new):
        OsFiles.rename(self, old, new)
        self.model(self.flash.renamed, old, new)

    def remove(self, path):
        OsFiles.remove(self, path)
        self.model(self.flash.removed, path)

    def makedirs(self, path):
        if path and not self.exists(path):
            OsFiles.makedirs(self, path)
            self.model(self.flash.made, path)

    def make_block(self, folder, n):
        began = self.half is None
        made = OsFiles.make_block(self, folder, n)
        if made and began:  # a file of a block: its cost counted whole as it begins
            self.model(self._wrote, self.half[1], _BLOCK)
        return made

    def ring(self, folder, n, make):
        blocks = OsFiles.ring(self, folder, n, make)
        return None if blocks is None else _RingFlash(self, blocks)


class _RingFlash:
    """The game log's blocks (the files, app.fileblocks.FileBlocks), counting their
    programs and erases."""

    def __init__(self, files, blocks):
        self.files = files
        self.blocks = blocks
        self.count = blocks.count

    def read(self, k, off, buf):  # the Pico reads its flash as memory: no time of its own here
        self.files.model(self.blocks.read, k, off, buf)

    def program(self, k, off, data):
        self.blocks.program(k, off, data)
        self.files.model(self._programmed, data)

    def _programmed(self, data):
        flash = self.files.flash
        flash.program(len(data))
        changed = [i for i in range(len(data)) if data[i] != 0xFF]
        flash.data += changed[-1] - changed[0] + 1 if changed else 0

    def erase(self, k):
        self.blocks.erase(k)
        self.files.model(self.files.flash.erase)
