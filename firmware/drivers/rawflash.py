"""The Pico's flash under the game log's files, erased and programmed directly
(app.ringlog; app.flash.OsFiles.ring makes the files).

Each of the log's files holds exactly one 4 KB block.  littlefs keeps such a
file's data in a block of its own, reads it only when the file is read, and
moves it only when the file is written: so the block stays the log's to erase
and program, in place, as long as nothing writes the file.  Which block that
is, littlefs alone knows, and says nothing the files could carry along: a
folder copied from another gadget, or put back from a copy, has its files in
whatever blocks littlefs picked for them there, with the old ones free for
anything, and maybe still holding the very same bytes.  So at every boot the
blocks are read from littlefs's own records before the log touches one: the
directory entries of the log's folder, through the metadata pairs from the
root (littlefs v2's on-disk format, SPEC.md in littlefs: a pair's newer block
by its revision, its commits up to the last whose CRC holds, each file's
CTZ struct naming its first block).  Reading three pairs (root, /data,
game.ring) takes 16-23 ms of a Pico's boot and writes nothing; the small saves'
log (small.ring) takes the first two from that walk.  A move littlefs
left half done by a power cut (its global state, which this does not read)
cannot name the log's files: the app never renames them.
"""
import binascii
from array import array
from struct import unpack_from

import rp2
from micropython import const

_BLOCK = const(4096)
_ERASE = const(6)  # a block device ioctl
# littlefs's tag types (type3, 11 bits)
_REG = const(0x001)
_DIR = const(0x002)
_DIRSTRUCT = const(0x200)
_CTZSTRUCT = const(0x202)
_CREATE = const(0x401)
_DELETE = const(0x4FF)
_HARDTAIL = const(0x601)
_NO_ID = const(0x3FF)


try:
    from drivers.crc_native import crc16_on as _crc16_on
except (ImportError, AttributeError, ValueError):  # no viper here (CPython; WebAssembly: no native code)
    _crc16_on = None  # type: ignore[assignment]  # the log's own CRC


class PicoBlocks:
    def __init__(self, blocks):
        self.crc16_on = _crc16_on  # the log's CRC in native code (app.ringlog)
        self.flash = rp2.Flash()
        self.blocks = blocks
        self.count = len(blocks)

    def read(self, k, off, buf):
        self.flash.readblocks(self.blocks[k], buf, off)

    def program(self, k, off, data):  # whole pages
        self.flash.writeblocks(self.blocks[k], data, off)

    def erase(self, k):
        self.flash.ioctl(_ERASE, self.blocks[k])


def _dir(flash, pair, buf):
    """{name: [name type, struct type, its two numbers]} of the directory whose
    first metadata pair is pair, as littlefs last committed it; {} if a pair
    holds no commit.  A tag is 32 bits, big endian, XORed with the one before:
    taken as two 16-bit halves, so no number outgrows a small int."""
    found = {}  # type: dict
    while pair:
        revs = []  # type: list[int]
        for b in pair:
            flash.readblocks(b, buf, 0)
            revs += unpack_from("<I", buf)
        # the newer block, by littlefs's sequence comparison; if its last compaction was cut
        # short, littlefs reads the older one, and the files here are written through it
        flash.readblocks(pair[(revs[1] - revs[0]) & 0xFFFFFFFF < 0x80000000], buf, 0)
        tags = []  # type: list[int]
        done = 0  # the tags of the commits whose CRC holds
        hi = lo = 0xFFFF  # the tag before the first
        off = 4  # past the revision count
        start = 0  # where the commit begins: its CRC covers it all (the first, the revision too)
        while off + 4 <= _BLOCK:
            a, b = unpack_from(">HH", buf, off)
            hi ^= a
            lo ^= b
            at = off + 4
            end = at + (lo & 0x3FF) % 0x3FF  # 0x3FF: deleted, no data
            if hi & 0x8000 or end > _BLOCK:
                break  # not programmed yet, or a commit cut short
            kind = hi >> 4 & 0x7FF
            if kind & 0x780 == 0x500:  # the commit's CRC
                if binascii.crc32(memoryview(buf)[start:at]) ^ 0xFFFFFFFF != unpack_from("<I", buf, at)[0]:
                    break
                done = len(tags)
                hi ^= (kind & 1) << 15  # the next commit's valid bit, as this one says
                start = end
            else:  # two small ints a tag, not a tuple: a directory has hundreds
                tags.append(kind << 10 | (hi & 0xF) << 6 | lo >> 10)
                tags.append(at << 10 | end - at)
            off = end
        if not done:
            return {}
        entries = []  # type: list[list]
        pair = None  # the same directory's next pair: none unless a hard tail says
        for j in range(0, done, 2):
            kind, i = tags[j] >> 10, tags[j] & 0x3FF
            at = tags[j + 1] >> 10
            end = at + (tags[j + 1] & 0x3FF)
            if kind == _HARDTAIL:  # the directory goes on there
                pair = unpack_from("<II", buf, at)
            elif kind == _CREATE:
                entries.insert(i, [0, 0, 0, 0, b""])
            elif kind == _DELETE:
                del entries[i]
            elif i < _NO_ID:
                while len(entries) <= i:  # a compacted block names its entries without creating them
                    entries.append([0, 0, 0, 0, b""])
                e = entries[i]
                if kind < 0x100:
                    e[0], e[4] = kind, bytes(buf[at:end])
                elif kind & 0x700 == _DIRSTRUCT:
                    e[1] = kind
                    e[2:4] = unpack_from("<II", buf, at)
        for e in entries:
            found.setdefault(e.pop(), e)
    return found


def blocks(folder, n, seen=None):
    """PicoBlocks under the files folder/0 .. n-1 (folder absolute), as
    littlefs has them now; None unless each is a file of exactly one block
    whose records can be read.  seen: the directories read so far by path,
    which it reads from and adds to (a boot's two ring logs share the walk to
    theirs; valid only while littlefs writes nothing)."""
    flash = rp2.Flash()
    buf = None
    found = {b"": [_DIR, _DIRSTRUCT, 0, 1]}  # littlefs's root is always there
    path = ""
    for name in folder.split("/"):
        e = found.get(name.encode())
        if not e or e[:2] != [_DIR, _DIRSTRUCT]:
            return None
        path += name + "/"
        known = seen.get(path) if seen is not None else None
        if known is None:
            buf = buf or bytearray(_BLOCK)
            known = _dir(flash, e[2:], buf)
            if seen is not None:
                seen[path] = known
        found = known
    heads = array("H")  # (a list of 20 held 128 bytes: the history's ring is held through a game)
    for k in range(n):
        e = found.get(b"%d" % k)
        if e != [_REG, _CTZSTRUCT, e and e[2], _BLOCK]:
            return None
        heads.append(e[2])
    return PicoBlocks(heads)
