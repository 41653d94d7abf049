"""The game log's blocks on the Pico's flash (drivers.rawflash): found at every
boot in littlefs's own records, on flash images the real littlefs made
(lfs_images) under a stand-in for rp2.Flash; and how app.flash.OsFiles
uses them."""
import json
import os
import sys

import fake_rp2

sys.modules["rp2"] = fake_rp2
from drivers import rawflash  # noqa: E402
from app.fileblocks import FileBlocks  # noqa: E402
from app.ringlog import BLOCK, RingLog  # noqa: E402
from app.flash import OsFiles  # noqa: E402
import lfs_images  # noqa: E402
from lfs_images import BLOCKS, COPIED, GEN  # noqa: E402
from support import stepped  # noqa: E402

ROOT = "/tmp/schaffner-rawflash-test"
RING = "/data/game.ring"


def _halves():
    """CRC-32's table as 16-bit halves (high, low)."""
    high, low = [], []
    for i in range(256):
        h, l = 0, i
        for _ in range(8):
            odd = l & 1
            l = l >> 1 | (h & 1) << 15
            h >>= 1
            if odd:
                h ^= 0xEDB8
                l ^= 0x8320
        high.append(h)
        low.append(l)
    return high, low


class _Crc:
    """binascii.crc32 in 16-bit halves: the MicroPython test runtime's binascii is
    micropython-lib's, in Python, whose big int per byte would outgrow the heap."""
    HIGH, LOW = _halves()

    @staticmethod
    def crc32(data):
        high, low = _Crc.HIGH, _Crc.LOW
        h = l = 0xFFFF
        for b in data:
            i = (l ^ b) & 0xFF
            l = (l >> 8 | (h & 0xFF) << 8) ^ low[i]
            h = h >> 8 ^ high[i]
        return (h ^ 0xFFFF) << 16 | (l ^ 0xFFFF)


if sys.implementation.name == "micropython":
    rawflash.binascii = _Crc


def _chip(name, blank=0):
    """The image name on the stand-in's flash (blank: an empty flash of that many blocks)."""
    fake_rp2.FLASH = None  # one flash in the heap at a time
    yield
    fake_rp2.FLASH = lfs_images.flash(name) if name else fake_rp2.Chip(blank)
    yield


def _sums():
    """Each block's CRC: what the flash holds, without a copy of it in the heap."""
    return [_Crc.crc32(blk) for blk in fake_rp2.FLASH.blocks]


def _under(folder, n):
    dev = rawflash.blocks(folder, n)
    return None if dev is None else list(dev.blocks)


def _log(blocks):
    return RingLog(rawflash.PicoBlocks(blocks))


def _in_play(records):
    return [json.loads(r)[:2] for r in records]


@stepped
def test_a_boot_finds_the_log_where_littlefs_keeps_it_and_writes_nothing():
    yield from _chip("gadget")  # /data's records span four pairs of blocks
    before = _sums()
    yield
    found = _under(RING, 8)
    assert found == BLOCKS["gadget"]
    yield
    assert _in_play(_log(found).read(GEN)) == [[GEN, 0], [GEN, 1]]
    yield
    assert _sums() == before


@stepped
def test_a_second_ring_of_the_boot_reads_no_folder_the_first_read():
    yield from _chip("gadget")
    chip = fake_rp2.FLASH
    reads = []
    read = chip.readblocks
    chip.readblocks = lambda block, buf, offset=0: reads.append(block) or read(block, buf, offset)
    seen = {}
    assert list(rawflash.blocks(RING, 8, seen).blocks) == BLOCKS["gadget"] and reads
    yield
    del reads[:]
    assert list(rawflash.blocks(RING, 8, seen).blocks) == BLOCKS["gadget"] and reads == []
    assert rawflash.blocks("/data/small.ring", 2, seen) is None and reads == []  # not made here
    del chip.readblocks


def test_what_the_files_layer_keeps_of_the_walk_goes_with_any_write():
    fs = OsFiles(_Board(None))
    fs.makedirs(ROOT)
    fs.look(True)
    for write in (lambda: fs.append(ROOT + "/x", "1"), lambda: fs.rename(ROOT + "/x", ROOT + "/y"),
                  lambda: fs.remove(ROOT + "/y"), lambda: fs.write_bytes(ROOT + "/z", b"1")):
        fs.seen["/"] = {}
        write()
        assert fs.seen == {}
    fs.remove(ROOT + "/z")
    fs.look(False)
    assert fs.seen is None


def _writes_only_under_the_files(name):
    """The log read, then written around its ring (every block erased and
    programmed): only the blocks under its files change."""
    yield from _chip(name)
    before = _sums()
    yield
    found = _under(RING, 8)
    assert found == BLOCKS[name]
    yield
    ring = _log(found)
    assert _in_play(ring.read(GEN)) == [[GEN, 0], [GEN, 1]]
    yield
    ring.fold()  # a snapshot holds them: every block may be erased again
    n = 0
    while True:
        try:
            if ring.append(json.dumps([GEN + 1, n]).encode() + b" " * 1000, GEN + 1):
                n += 1
        except OSError:  # around the ring, back at its first record
            break
        yield
    after = _sums()
    assert [b for b in range(len(before)) if before[b] != after[b]] == sorted(found) and n > 24
    ring.fold()
    while not ring.append(b"[1]", GEN + 2):
        yield
    yield
    assert _log(_under(RING, 8)).read(GEN + 2) == [b"[1]"]


@stepped
def test_the_log_goes_on_in_its_own_blocks():
    yield from _writes_only_under_the_files("gadget")


@stepped
def test_a_map_from_another_gadget_names_blocks_the_log_never_touches():
    # /data came from the gadget image, with the map the version before kept and
    # trusted: on this gadget its blocks hold this gadget's own files and the copy's
    assert [b for b in BLOCKS["gadget"] if b not in BLOCKS["restored"]]
    yield from _writes_only_under_the_files("restored")


@stepped
def test_blocks_with_the_same_bytes_as_the_files_are_not_taken_for_them():
    yield from _chip("restored")  # the first copy's blocks, free now, hold the same bytes
    blocks = fake_rp2.FLASH.blocks
    same = [old for old, new in zip(COPIED, BLOCKS["restored"])
            if old not in BLOCKS["restored"] and blocks[old] == blocks[new]]
    assert len(same) >= 2
    yield
    assert _under(RING, 8) == BLOCKS["restored"]


def _newer(pair):
    """The block of a metadata pair that littlefs reads (the higher revision)."""
    head = bytearray(4)
    revs = []
    for b in pair:
        fake_rp2.FLASH.readblocks(b, head, 0)
        revs.append(int.from_bytes(head, "little"))
    return pair[1] if revs[1] > revs[0] else pair[0]


@stepped
def test_a_commit_whose_crc_fails_is_not_believed():
    yield from _chip("restored")
    buf = bytearray(BLOCK)
    data = rawflash._dir(fake_rp2.FLASH, (0, 1), buf)[b"data"][2:]
    yield
    ring = rawflash._dir(fake_rp2.FLASH, data, buf)[b"game.ring"][2:]
    yield
    blk = fake_rp2.FLASH.blocks[_newer(ring)]
    at = BLOCK - 1
    while blk[at] == 0xFF:  # past the last commit: its CRC, then erased flash
        at -= 1
    assert blk[at]
    blk[at] &= blk[at] - 1  # a bit cleared, as a program cut short leaves it
    yield
    # that commit gave file 7 its block again: before it, the file was in the first copy's
    assert _under(RING, 8) == BLOCKS["restored"][:7] + [COPIED[7]]


@stepped
def test_only_files_of_exactly_one_block_are_found():
    yield from _chip("gadget")
    for folder, n, found in (("/data", 1, None),  # no /data/0
                             ("/data/game.ring", 9, None), ("/nothing/game.ring", 1, None),
                             ("/data/game.ring", 3, BLOCKS["gadget"][:3])):
        assert _under(folder, n) == found
        yield
    fake_rp2.FLASH.ioctl(6, 0)
    fake_rp2.FLASH.ioctl(6, 1)  # no root: no littlefs at all
    assert _under(RING, 8) is None


class _Board:
    """The board's raw side: the blocks littlefs gave the files, asked at every boot."""

    def __init__(self, found):
        self.found = found
        self.asked = 0

    def blocks(self, folder, n, seen=None):
        self.asked += 1
        # as littlefs's records say: none while a file is missing or not one block long
        whole = all(OsFiles().size("%s/%d" % (folder, k)) == BLOCK for k in range(n))
        return rawflash.PicoBlocks(self.found) if self.found and whole else None


def _fresh(raw):
    fs = OsFiles(raw)
    for k in range(4):
        fs.remove("%s/ring/%d" % (ROOT, k))
    fs.remove(ROOT + "/ring")
    fs.makedirs(ROOT)
    return fs


@stepped
def test_the_ring_files_are_made_erased_and_their_blocks_asked_at_every_boot():
    yield from _chip(None, 12)
    fs = _fresh(_Board([9, 2, 5, 7]))
    assert fs.ring(ROOT + "/ring", 4, False) is None  # not there, not made
    dev = fs.ring(ROOT + "/ring", 4, True)
    assert isinstance(dev, rawflash.PicoBlocks) and dev.blocks == [9, 2, 5, 7]
    yield
    for k in range(4):
        with open("%s/ring/%d" % (ROOT, k), "rb") as f:
            assert f.read() == b"\xff" * BLOCK
        yield
    # asked first at each call, before any file is looked up: twice at the making (before, after)
    assert fs.ring(ROOT + "/ring", 4, False).blocks == [9, 2, 5, 7] and fs.raw.asked == 4
    ring = RingLog(dev)
    while not ring.append(b"[1]", 4):
        pass
    assert fake_rp2.FLASH.blocks[9][:2] == b"SR"
    assert RingLog(fs.ring(ROOT + "/ring", 4, False)).read(4) == [b"[1]"]


@stepped
def test_a_ring_whose_blocks_cannot_be_told_is_written_through_its_files():
    yield from _chip(None, 2)  # blank: no littlefs, as the next module to use the stand-in wants it
    fs = _fresh(_Board(None))
    dev = fs.ring(ROOT + "/ring", 4, True)
    assert isinstance(dev, FileBlocks)
    ring = RingLog(dev)
    yield  # the heap collected, as between polls
    while not ring.append(b"[2]", 1):
        yield
    yield
    assert RingLog(fs.ring(ROOT + "/ring", 4, False)).read(1) == [b"[2]"]
    for k in range(4):
        os.remove("%s/ring/%d" % (ROOT, k))
    os.rmdir(ROOT + "/ring")
    os.rmdir(ROOT)
