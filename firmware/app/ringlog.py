"""A game's log programmed straight into erased flash (app.game_save).

littlefs commits every durable write into a 4 KB metadata block in 256-byte
programs, so one action saved costs at least 1/16 of an erase.  Here a record
costs no erase at all until its block is full: NOR flash programs bits from 1
to 0 only, so a page programmed with 0xFF everywhere but the new record's bytes
keeps what it held and gains the record.  A block (4 KB) takes about 130
actions; then the next one is erased, in a poll of its own.

A block starts with a header: b"SR", its sequence number (4 bytes, little
endian) and the CRC-16 of those 6 bytes.  Records follow, each its length
(2 bytes; its top bit set for a snapshot record, below), the generation of the
snapshot it comes after (2 bytes, modulo 65536), its bytes and the CRC-16 of
all that; a length of 0xFFFF is erased flash, the end.  A snapshot of
generation g holds every record of a generation before g, so the records in
play after it are those of g and later (records made while a snapshot was
being written carry its generation, and those made after a snapshot a power
cut stopped carry one past it).  A snapshot record holds everything before it
(a snapshot written into the log, a new game's): the records in play begin at
the newest snapshot record whose CRC holds.  Blocks are used in turn, and one is
erased only when no record in play is in it.

A power cut while a record is programmed leaves it failing its CRC, or ending
in erased flash (a record never ends in 0xFF; JSON text holds none): it is not
read, nor anything after it in its block, and the log goes on in the next
block.  An erase cut short leaves a block without a valid header, which is
erased again before it is used.

The blocks come from a device (``count``; of block k: ``read`` bytes into a
buffer, ``program`` whole pages, ``erase``; and ``crc16_on(crc, data, table)`` where it
has a faster one than this module's): the Pico's flash under the log's files
(drivers.rawflash, its CRC in native code), or the files themselves (app.fileblocks).
"""
from array import array

from micropython import const

BLOCK = const(4096)
PAGE = const(256)  # the flash programs whole pages
_HEAD = const(8)
_OVER = const(6)  # a record's length, generation and CRC
OVER = _OVER  # (app.small_saves: whether a record fits the block in use)
_END = const(0xFFFF)
_SNAP = const(0x8000)  # a length's top bit: a snapshot record (a record is under 4 KB)
_SIZE = const(0x7FFF)
MOST = const(4082)  # the longest record: a block less its header and a record's length, generation and CRC
_MAGIC = b"SR"  # a block header's first bytes
_WINDOW = const(512)  # bytes of a block read() reads at a time
# a page of erased flash, written out: on a firmware image a literal stays in the flash
# (b"\xff" * PAGE put its 256 bytes in the heap at import)
_ERASED = (
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
)


# the CRC of each 4-bit value shifted through the polynomial 0x1021: a nibble a step, not a bit
# (a boot checks every record in play; 16 entries keep the table small in the heap), as 16-bit
# words, which a device's native CRC reads too (drivers.crc_native)
_NIBBLE_CRC = array("H", (0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
                          0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF))


def crc16(data):
    """CRC-16/CCITT-FALSE of data (bytes, or a memoryview)."""
    return crc16_on(0xFFFF, data)


def crc16_on(crc, data, table=_NIBBLE_CRC):
    """The CRC-16 of bytes whose CRC was crc, and then data (a long record's a piece a step)."""
    for b in data:
        crc = (crc << 4 & 0xFFFF) ^ table[(crc >> 12) ^ (b >> 4)]
        crc = (crc << 4 & 0xFFFF) ^ table[(crc >> 12) ^ (b & 15)]
    return crc


def head_of(size, gen, snap=False):
    """A record's first 4 bytes: its length (a snapshot record's flagged), its generation."""
    size |= _SNAP if snap else 0
    return bytes((size & 255, size >> 8, gen & 255, gen >> 8 & 255))


def _whole(rec, crc_on):
    """Whether a record as read (its head, bytes and CRC) is all there: its CRC holds, and its
    last byte is not erased flash (a program cut short leaves the rest 0xFF, and one in 65,536
    such tails has the CRC an unprogrammed CRC reads as)."""
    n = len(rec)
    return rec[n - 3] != 0xFF and crc_on(0xFFFF, memoryview(rec)[:n - 2], _NIBBLE_CRC) == _u16(rec, n - 2)


def _live(g, gen):
    """Whether generation g is gen or later (modulo 65536); any, for gen -1."""
    return gen < 0 or (g - gen) & _END < 0x8000


def _u16(buf, at):
    return buf[at] | buf[at + 1] << 8


class RingLog:
    """The log in the device's blocks.  read() finds where it goes on and the
    records in play after a snapshot; append() adds one; fold() marks the
    records a new snapshot holds as history; ahead() erases the next block
    before the log needs it."""

    def __init__(self, dev):
        self.dev = dev
        self.crc_on = getattr(dev, "crc16_on", None) or crc16_on  # (crc, data, table): the CRC after data
        self.n = dev.count
        self.seq = [-1] * self.n  # each block's sequence number; -1: no header (erase before use)
        self.cur = -1  # the block being written
        self.pos = BLOCK  # where its next record goes; BLOCK: it takes no more
        self.first = -1  # the block of the first record in play; -1: none yet
        self.erased = -1  # a block erased for the log to go on in
        self.top = 0  # the highest generation of a complete record read (read(): of those in play)
        self.snap = -1  # the generation of the snapshot record the records in play begin with (read())
        self.last = -1  # the generation of the last record in play read (modulo 65536)

    def read(self, gen, each=None):
        """The complete records in play (bytes), oldest first: those of the
        snapshot of generation gen and the generations after it (gen -1: of
        any), from the newest snapshot record among them whose CRC holds (snap:
        its generation, -1 when there is none).  each: instead of keeping them,
        each(k, pos, n, c) with each record, in block k at pos (its n bytes from
        pos + 4, the first of them c), and only the last record of each block
        checked against its CRC: the one a power cut can have cut short, since
        the log goes on in the next block after such a record (each record before
        it was checked as the next was added, read back, or read at a boot).  A
        long log's records are then neither in the heap together nor each read
        whole (the history's 80 KB: its CRC alone 72 ms on a Pico)."""
        dev = self.dev
        crc_on = self.crc_on
        head = bytearray(_HEAD)
        for k in range(self.n):
            dev.read(k, 0, head)
            ok = head[:2] == _MAGIC and crc_on(0xFFFF, memoryview(head)[:6], _NIBBLE_CRC) == _u16(head, 6)
            self.seq[k] = _u16(head, 2) | _u16(head, 4) << 16 if ok else -1
        order = [k for _, k in sorted((s, k) for k, s in enumerate(self.seq) if s >= 0)]
        gen = gen & _END if gen >= 0 else -1
        # the blocks read a window at a time, their records taken from the copy: a read of
        # the flash per record's head was most of a boot's 20 ms for 40 records on a Pico
        # (a whole block's copy, 4 KB, pushed the heap's peak up instead)
        win = bytearray(_WINDOW)
        view = memoryview(win)
        # where the records in play begin: the newest snapshot record in play whose CRC holds,
        # found by the records' heads first (no CRC: a snapshot's kilobytes are checked once)
        snaps = []
        for i, k in enumerate(order):
            at = BLOCK
            pos = _HEAD
            while pos + _OVER <= BLOCK:
                at = self._window(k, pos, at, win)
                size = _u16(win, pos - at)
                if size == _END:
                    break
                g = _u16(win, pos - at + 2)
                if size & _SNAP and _live(g, gen):
                    snaps.append((i, pos, g))
                pos += _OVER + (size & _SIZE)
        begin, start = 0, _HEAD
        self.snap = -1
        while snaps:
            i, pos, g = snaps.pop()
            dev.read(order[i], pos, view[:2])
            if self._long(order[i], pos, _OVER + (_u16(win, 0) & _SIZE), False) is not None:
                begin, start, self.snap = i, pos, g
                break
        self.first = self.last = -1
        found = []
        for i in range(begin, len(order)):
            k = order[i]
            at = BLOCK  # where in block k the window begins (BLOCK: nothing read yet)
            pos = start if i == begin else _HEAD
            last = None  # (each) the block's last record so far: (pos, n, c, g), its CRC unchecked
            while pos + _OVER <= BLOCK:
                at = self._window(k, pos, at, win)
                size = _u16(win, pos - at)
                if size == _END:
                    break
                end = pos + _OVER + (size & _SIZE)
                if end > BLOCK:
                    pos = BLOCK  # no record: the block takes no more
                    break
                g = _u16(win, pos - at + 2)
                if _live(g, gen):
                    if each:
                        if last is not None:
                            self._keep(k, last, each)
                        if pos + 5 > at + _WINDOW:
                            at = min(pos, BLOCK - _WINDOW)
                            dev.read(k, at, win)
                        last = (pos, end - pos - _OVER, win[pos - at + 4], g)
                        pos = end
                        continue
                    if end - pos > _WINDOW:  # longer than the window (a snapshot, a new game)
                        data = self._long(k, pos, end - pos)
                    else:
                        if end > at + _WINDOW:
                            at = min(pos, BLOCK - _WINDOW)
                            dev.read(k, at, win)
                        rec = view[pos - at:end - at]
                        data = bytes(rec[4:-2]) if _whole(rec, crc_on) else None
                    if data is None:
                        pos = BLOCK  # cut short by a power cut: nothing after it counts
                        break
                    self.top = max(self.top, g)
                    found.append(data)
                    self.last = g
                    if self.first < 0:
                        self.first = k
                pos = end
            if last is not None:
                if self._long(k, last[0], _OVER + last[1], False) is None:
                    pos = BLOCK  # cut short by a power cut: the block takes no more
                else:
                    self._keep(k, last, each)
            self.cur, self.pos = k, pos
        pos = self.pos
        page = bytearray(PAGE)
        view = memoryview(page)
        while pos < BLOCK:  # programmed past the end: a record cut short (a page a read: a boot's time)
            o = pos % PAGE
            page[:] = _ERASED  # (one buffer, compared whole: no garbage a page)
            dev.read(self.cur, pos, view[o:])
            if page != _ERASED:
                self.pos = BLOCK
                break
            pos += PAGE - o
        return found

    def _keep(self, k, rec, each):
        """A record read() takes in each mode: rec (pos, n, c, g) of block k."""
        pos, n, c, g = rec
        self.top = max(self.top, g)
        self.last = g
        if self.first < 0:
            self.first = k
        each(k, pos, n, c)

    def _window(self, k, pos, at, win):
        """Where in block k the window win begins once it holds the head of the record at pos
        (read again from there if it did not: at, where it began)."""
        if pos < at or pos + 4 > at + _WINDOW:
            at = min(pos, BLOCK - _WINDOW)
            self.dev.read(k, at, win)
        return at

    def _long(self, k, pos, n, copy=True):
        """The bytes of the record of n bytes (its head and CRC too) at pos of block k, read
        whole (copy False: b"" for them); None when it is not all there."""
        if pos + n > BLOCK:
            return None
        rec = bytearray(n)
        self.dev.read(k, pos, rec)
        if not _whole(rec, self.crc_on):
            return None
        return bytes(memoryview(rec)[4:-2]) if copy else b""

    def append(self, data, gen, crc=-1, snap=False):
        """Program one record (bytes) of generation gen: True once it is on flash,
        False when this call erased a block for it instead (an erase stalls the
        chip 45 ms: call again in the next poll).  OSError when every block
        holds records in play (a snapshot frees them).  crc: its CRC summed
        ahead (of its length, generation and data: head()), else -1; snap: a
        snapshot record."""
        size = len(data)
        if size > MOST:
            raise ValueError("Record too long for the log")
        if not size or data[-1] == 0xFF:
            raise ValueError("A record may not end in 0xFF: erased flash")
        k, pos = self.cur, self.pos
        head = 0
        if pos + _OVER + size > BLOCK:
            k = (k + 1) % self.n
            if k == self.first:
                raise OSError(28)  # no room: the log is full
            if self.erased != k:
                self._erase(k)
                return False
            seq = max(self.seq) + 1
            pos, head = 0, _HEAD
        # the record a page at a time: a snapshot's kilobytes never sit in the heap twice
        pre = bytearray(head + 4)  # a new block's header, and the record's length and generation
        if head:
            pre[:2] = _MAGIC
            pre[2:6] = seq.to_bytes(4, "little")
            pre[6:8] = self.crc_on(0xFFFF, memoryview(pre)[:6], _NIBBLE_CRC).to_bytes(2, "little")
            self.seq[k] = seq
            self.erased = -1
        pre[head:] = head_of(size, gen, snap)
        if crc < 0:
            crc = self.crc_on(self.crc_on(0xFFFF, memoryview(pre)[head:], _NIBBLE_CRC), data, _NIBBLE_CRC)
        parts = (pre, data, crc.to_bytes(2, "little"))
        end = pos + len(pre) + size + 2
        self.cur = k
        page = bytearray(PAGE)
        for at in range(pos - pos % PAGE, end, PAGE):
            page[:] = _ERASED
            o = pos  # where in the block the part begins
            for part in parts:
                a, b = max(o, at), min(o + len(part), at + PAGE)
                if a < b:
                    page[a - at:b - at] = memoryview(part)[a - o:b - o]
                o += len(part)
            self.dev.program(k, at, page)
            a, b = max(pos, at) - at, min(end, at + PAGE) - at
            back = bytearray(b - a)  # the record's bytes in the page read back (a typical one's few)
            self.dev.read(k, at + a, back)
            if back != page[a:b]:
                self.pos = BLOCK  # a worn or disturbed page: the record goes into the next block
                return False
        self.pos = end
        if self.first < 0:
            self.first = k
        return True

    def fold(self, first=-1):
        """A snapshot holds every record so far but those from block first on (those
        made while it was written; -1: none): the other blocks may be erased."""
        self.first = first

    def space(self, size):
        """Where a record of size bytes would go now: 1 into the block in use, or the
        next one, erased already; 0 into the next one once it is erased (erase_next());
        -1 nowhere (longer than a block takes, or every block holds records in play)."""
        if size > MOST:
            return -1
        if self.pos + _OVER + size <= BLOCK:
            return 1
        k = (self.cur + 1) % self.n
        if k == self.first:
            return -1
        return 1 if self.erased == k else 0

    def erase_next(self):
        """Erase the block the log goes on in next (a 45 ms stall)."""
        self._erase((self.cur + 1) % self.n)

    def _erase(self, k):
        self.dev.erase(k)
        self.seq[k] = -1
        self.erased = k

    def ahead(self, erase):
        """Whether the block the log goes on in next wants erasing before it is
        needed: the block in use has less than a quarter left, and the next is
        neither erased nor in play; erase: then erase it (a 45 ms stall)."""
        k = (self.cur + 1) % self.n
        if self.pos < BLOCK - BLOCK // 4 or self.erased == k or k == self.first:
            return False
        if erase:
            self._erase(k)
        return True
