"""The Pico's flash under the game log's files, erased and programmed directly
(app.ringlog; app.storage.OsFiles.ring makes the files).

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
CTZ struct naming its first block).  Reading three pairs costs a few
milliseconds and writes nothing.
"""
import binascii

import rp2
from micropython import const

_BLOCK = const(4096)
_COUNT = const(4)  # block device ioctls
_ERASE = const(6)
# littlefs tag types (type3, 11 bits), and the bits of a tag's upper half
_DIR = const(0x002)
_REG = const(0x001)
_DIRSTRUCT = const(0x200)
_CTZSTRUCT = const(0x202)
_CREATE = const(0x401)
_DELETE = const(0x4FF)
_HARDTAIL = const(0x601)
_NO_ID = const(0x3FF)


class PicoBlocks:
    def __init__(self, blocks):
        self.flash = rp2.Flash()
        self.blocks = blocks
        self.count = len(blocks)

    def read(self, k, off, buf):
        self.flash.readblocks(self.blocks[k], buf, off)

    def program(self, k, off, data):  # whole pages
        self.flash.writeblocks(self.blocks[k], data, off)

    def erase(self, k):
        self.flash.ioctl(_ERASE, self.blocks[k])


def _le32(buf, at):
    return buf[at] | buf[at + 1] << 8 | buf[at + 2] << 16 | buf[at + 3] << 24


def _commits(buf):
    """The tags of the block's commits up to the last whose CRC holds, each
    (type3, id, offset of its data, size), or None if no commit holds.  A tag is
    32 bits, big endian, XORed with the one before; taken here as two 16-bit
    halves so no number outgrows a small int."""
    mv = memoryview(buf)
    tags = []
    done = -1  # the tags of the commits that hold
    hi = lo = 0xFFFF  # the tag before the first
    off = 4  # past the revision count
    start = 0  # where the commit begins: its CRC covers it all (the first, the revision too)
    while off + 4 <= _BLOCK:
        hi ^= buf[off] << 8 | buf[off + 1]
        lo ^= buf[off + 2] << 8 | buf[off + 3]
        if hi & 0x8000:
            break  # not programmed yet, or a commit cut short
        size = lo & 0x3FF
        end = off + 4 + (0 if size == 0x3FF else size)  # 0x3FF: deleted, no data
        if end > _BLOCK:
            break
        kind = hi >> 4 & 0x7FF
        if kind & 0x780 == 0x500:  # the commit's CRC
            if binascii.crc32(mv[start:off + 4]) ^ 0xFFFFFFFF != _le32(buf, off + 4):
                break
            done = len(tags)
            hi ^= (kind & 1) << 15  # the next commit's valid bit, as this one says
            start = end
        else:
            tags.append((kind, (hi & 0xF) << 6 | lo >> 10, off + 4, size))
        off = end
    if done < 0:
        return None
    del tags[done:]
    return tags


def _pair(flash, pair, buf):
    """The entries of the metadata pair (each [name type, name, struct type,
    offset of the struct in buf]) as littlefs last committed them, and the
    pair of the same directory's next part (None: it ends here); None if
    neither block holds a commit."""
    rev = bytearray(4)
    revs = []
    for b in pair:
        flash.readblocks(b, rev, 0)
        revs.append(_le32(rev, 0))
    newer = 1 if (revs[1] - revs[0]) & 0xFFFFFFFF < 0x80000000 and revs[1] != revs[0] else 0
    for b in (pair[newer], pair[1 - newer]):
        flash.readblocks(b, buf, 0)
        tags = _commits(buf)
        if tags is not None:
            break
    else:
        return None
    entries = []
    tail = None
    for kind, i, at, size in tags:
        if kind == _CREATE:
            entries.insert(i, [0, b"", 0, 0])
        elif kind == _DELETE:
            del entries[i]
        elif i != _NO_ID:
            while len(entries) <= i:  # a compacted block names its entries without creating them
                entries.append([0, b"", 0, 0])
            group = kind & 0x700
            if group == 0:
                entries[i][0] = kind
                entries[i][1] = bytes(buf[at:at + size])
            elif group == _DIRSTRUCT:
                entries[i][2] = kind
                entries[i][3] = at
        elif kind & 0x7FE == 0x600:  # a tail: the directory goes on there (hard), or another does
            tail = (_le32(buf, at), _le32(buf, at + 4)) if kind == _HARDTAIL else None
    return entries, tail


def _find(flash, pair, names, kind, buf):
    """{name: what its struct holds (two numbers)} for the entries of those
    names and kind in the directory at pair; None if littlefs's records
    cannot be read."""
    found = {}
    while pair is not None:
        got = _pair(flash, pair, buf)
        if got is None:
            return None
        entries, pair = got
        for e in entries:
            if e[0] == kind and e[1] in names and e[1] not in found:
                want = _DIRSTRUCT if kind == _DIR else _CTZSTRUCT
                found[e[1]] = (_le32(buf, e[3]), _le32(buf, e[3] + 4)) if e[2] == want else None
    return found


def under(paths):
    """The flash block under each file at paths (absolute, all in one folder,
    each exactly one block long) as littlefs has it now, or None if one is
    not such a file or its records cannot be read."""
    flash = rp2.Flash()
    buf = bytearray(_BLOCK)
    pair = (0, 1)  # littlefs's root is always there
    for name in paths[0].split("/")[1:-1]:
        name = name.encode()
        found = _find(flash, pair, (name,), _DIR, buf)
        pair = found.get(name) if found else None
        if pair is None:
            return None
    names = [p.rsplit("/", 1)[1].encode() for p in paths]
    found = _find(flash, pair, names, _REG, buf)
    if found is None:
        return None
    count = flash.ioctl(_COUNT, 0) or 0
    blocks = []
    for name in names:
        ctz = found.get(name)
        if ctz is None or ctz[1] != _BLOCK or ctz[0] >= count or ctz[0] in blocks or ctz[0] < 2:
            return None
        blocks.append(ctz[0])
    return blocks


def blocks(paths):
    """PicoBlocks under the files at paths, None if littlefs's records do not
    show them as files of one block each."""
    found = under(paths)
    return PicoBlocks(found) if found is not None else None
