"""The game log's blocks on the Pico's flash (drivers.rawflash), under a stand-in
for rp2.Flash, and how app.storage.OsFiles finds them under the log's files."""
import json
import os
import sys

import fake_rp2

sys.modules["rp2"] = fake_rp2
from drivers import rawflash  # noqa: E402
from app.ringlog import BLOCK, FileBlocks, RingLog  # noqa: E402
from app.storage import OsFiles  # noqa: E402

ROOT = "/tmp/schaffner-rawflash-test"


def _clear():
    for b in range(12):
        fake_rp2.FLASH.ioctl(6, b)


def test_find_gives_the_block_each_marker_starts_and_nothing_unless_each_once():
    _clear()
    marks = [b"mark-%d-1234" % k for k in range(3)]
    for k, block in enumerate((9, 2, 5)):
        fake_rp2.Flash().writeblocks(block, marks[k] + b"\xff" * (BLOCK - 11))
    assert rawflash.find(marks) == [9, 2, 5]
    fake_rp2.Flash().writeblocks(11, marks[1] + b"\xff" * (BLOCK - 11))  # an old copy
    assert rawflash.find(marks) is None
    fake_rp2.Flash().ioctl(6, 11)
    fake_rp2.Flash().ioctl(6, 5)
    assert rawflash.find(marks) is None


def test_the_log_on_the_flash_blocks_found():
    _clear()
    dev = rawflash.PicoBlocks([9, 3])  # the log's block 0 is the flash's 9
    ring = RingLog(dev)
    while not ring.append(b"[1]", 4):
        pass
    assert fake_rp2.FLASH[9 * BLOCK:9 * BLOCK + 2] == b"SR"
    assert fake_rp2.FLASH[3 * BLOCK:4 * BLOCK] == b"\xff" * BLOCK
    assert RingLog(rawflash.PicoBlocks([9, 3])).read(4) == [b"[1]"]


class _Littlefs:
    """The board's raw side, with littlefs having put file k's block at 1 + 2k."""
    PicoBlocks = rawflash.PicoBlocks
    MARK = rawflash.MARK

    @staticmethod
    def marker(k):
        return b"SchaffnerRing" + bytes((k,)) + bytes((k * 7 + 1,)) * 8  # the Pico's: os.urandom

    def __init__(self):
        self.asked = 0

    def find(self, markers):
        self.asked += 1
        for k, m in enumerate(markers):
            fake_rp2.Flash().writeblocks(1 + 2 * k, m + b"\xff" * (BLOCK - len(m)))
        return rawflash.find(markers)


def _fresh():
    fs = OsFiles()
    for k in range(4):
        fs.remove("%s/ring/%d" % (ROOT, k))
    fs.remove(ROOT + "/ring/map")
    fs.makedirs(ROOT)
    _clear()
    return fs


def test_the_ring_files_are_made_found_once_and_mapped():
    fs = _fresh()
    raw = _Littlefs()
    fs.raw = raw
    assert fs.ring(ROOT + "/ring", 4, False) is None  # not there, not made
    dev = fs.ring(ROOT + "/ring", 4, True)
    assert isinstance(dev, rawflash.PicoBlocks) and dev.blocks == [1, 3, 5, 7] and raw.asked == 1
    marks = [fs.read_bytes("%s/ring/%d" % (ROOT, k), 22) for k in range(4)]
    assert len(set(marks)) == 4 and all(m.startswith(b"SchaffnerRing") for m in marks)
    assert fs.size(ROOT + "/ring/3") == BLOCK and json.loads(open(ROOT + "/ring/map").read()) == dev.blocks
    again = fs.ring(ROOT + "/ring", 4, False)  # the next boot: the map, no search
    assert again.blocks == dev.blocks and raw.asked == 1


def _lost():
    fs = _fresh()

    class Lost(_Littlefs):
        def find(self, markers):
            return None

    fs.raw = Lost()
    dev = fs.ring(ROOT + "/ring", 4, True)
    assert isinstance(dev, FileBlocks) and not fs.exists(ROOT + "/ring/map")
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


def test_a_ring_whose_blocks_cannot_be_found_is_written_through_its_files():
    return _lost()
