"""The game log's blocks on the Pico's flash (drivers.rawflash), under a stand-in
for rp2.Flash, and how app.storage.OsFiles finds them under the log's files."""
import json
import os
import sys

import fake_rp2

sys.modules["rp2"] = fake_rp2
from drivers import rawflash  # noqa: E402
from app.fileblocks import FileBlocks  # noqa: E402
from app.ringlog import BLOCK, RingLog  # noqa: E402
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
    """The board's raw side, with littlefs putting the block of the file made with
    marker k at 1 + 2k."""
    blocks = staticmethod(rawflash.blocks)

    @staticmethod
    def marker(k):
        m = b"SchaffnerRing" + bytes((k,)) + bytes((k * 7 + 1,)) * 8  # the Pico's: os.urandom
        fake_rp2.Flash().writeblocks(1 + 2 * k, m + b"\xff" * (BLOCK - len(m)))
        return m


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
    fs.raw = _Littlefs()
    assert fs.ring(ROOT + "/ring", 4, False) is None  # not there, not made
    dev = fs.ring(ROOT + "/ring", 4, True)
    assert isinstance(dev, rawflash.PicoBlocks) and dev.blocks == [1, 3, 5, 7]
    marks = []
    for k in range(4):
        with open("%s/ring/%d" % (ROOT, k), "rb") as f:
            marks.append(f.read(22))
    assert len(set(marks)) == 4 and all(m.startswith(b"SchaffnerRing") for m in marks)
    assert fs.size(ROOT + "/ring/3") == BLOCK and json.loads(open(ROOT + "/ring/map").read()) == dev.blocks
    _clear()  # the markers gone (the log writes over them): the next boot goes by the map
    again = fs.ring(ROOT + "/ring", 4, False)
    assert again.blocks == dev.blocks


def _lost():
    fs = _fresh()

    class Lost(_Littlefs):
        @staticmethod
        def marker(k):  # littlefs put the file where another file's copy of it also is
            m = _Littlefs.marker(k)
            fake_rp2.Flash().writeblocks(2 + 2 * k, m + b"\xff" * (BLOCK - len(m)))
            return m

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
