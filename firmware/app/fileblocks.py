"""A ring log's blocks (app.ringlog) as files written as NOR flash would be: on a
PC, in the browser, or on a Pico whose flash could not be found under them
(through littlefs then: every record a rewrite of its file's block).  Imported
only there, so a Pico that writes its flash directly never loads it."""
from app.ringlog import BLOCK


class FileBlocks:
    """The blocks as the files at paths."""

    def __init__(self, paths):
        self.paths = paths
        self.count = len(paths)

    def read(self, k, off, buf):
        with open(self.paths[k], "rb") as f:
            f.seek(off)
            f.readinto(buf)

    def program(self, k, off, data):
        old = bytearray(len(data))
        self.read(k, off, old)
        for i in range(len(data)):
            old[i] &= data[i]
        self._write(k, off, old)

    def erase(self, k):
        self._write(k, 0, b"\xff" * BLOCK)

    def _write(self, k, off, data):
        with open(self.paths[k], "r+b") as f:
            f.seek(off)
            f.write(data)
