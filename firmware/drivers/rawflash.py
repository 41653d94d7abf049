"""The Pico's flash under the game log's files, erased and programmed directly
(app.ringlog; app.storage.OsFiles.ring makes the files and keeps the map).

Each of the log's files holds exactly one 4 KB block.  littlefs keeps such a
file's data in a block of its own, reads it only when the file is read (it
follows a file's chain of blocks only past the first), and moves it only when
the file is written: so the block stays the log's to erase and program, in
place, as long as nothing writes the file.  The blocks are found once, by the
marker each file starts with when it is made, and kept in the folder's map.
"""
import json
import os

import rp2
from micropython import const

_COUNT = const(4)  # block device ioctls
_ERASE = const(6)
_MARK = const(22)  # bytes of a marker


def marker(k):
    """What the log's file k starts with when it is made: no other block does."""
    return b"SchaffnerRing" + bytes((k,)) + os.urandom(8)


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


def find(markers):
    """The flash block each marker starts, or None unless each is found exactly once."""
    flash = rp2.Flash()
    found = [-1] * len(markers)
    buf = bytearray(len(markers[0]))
    for b in range(flash.ioctl(_COUNT, 0) or 0):
        flash.readblocks(b, buf, 0)
        for i, m in enumerate(markers):
            if buf == m:
                if found[i] >= 0:
                    return None
                found[i] = b
    return None if -1 in found else found


def blocks(folder, paths):
    """PicoBlocks under the files at paths, from folder/map or found by their
    markers (and mapped); None if they cannot be told apart."""
    mapped = folder + "/map"
    try:
        with open(mapped) as f:
            found = json.load(f)
    except (OSError, ValueError):
        found = None
    if not isinstance(found, list) or len(found) != len(paths):
        marks = []
        for p in paths:
            with open(p, "rb") as f:
                marks.append(f.read(_MARK))
        found = find(marks)
        if found is None:
            return None
        with open(mapped, "w") as f:
            json.dump(found, f)
    return PicoBlocks(found)
