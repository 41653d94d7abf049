"""A stand-in for MicroPython's rp2 module: Flash(), the block device over the
Pico's file system area (one for the whole chip), here NOR flash (erased to 0xFF,
programmed by clearing bits) of 4 KB blocks, each a buffer of its own: the
MicroPython tests' heap is the Pico's, where one buffer the size of a flash
would not fit."""


_FF = b"\xff" * 4096


class Chip:
    def __init__(self, count):
        self.blocks = [bytearray(_FF) for _ in range(count)]

    def readblocks(self, block, buf, offset=0):
        buf[:] = memoryview(self.blocks[block])[offset:offset + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        if offset is None:  # whole blocks, erased first
            for b in range(len(buf) // 4096):
                self.ioctl(6, block + b)
                self._program(block + b, 0, memoryview(buf)[b * 4096:(b + 1) * 4096])
        elif offset % 256 or len(buf) % 256:
            raise ValueError("the flash programs whole pages")
        else:
            self._program(block, offset, buf)

    def _program(self, block, offset, buf):
        blk = self.blocks[block]
        for i in range(len(buf)):
            blk[offset + i] &= buf[i]

    def ioctl(self, op, arg):
        if op == 4:
            return len(self.blocks)
        if op == 6:
            self.blocks[arg][:] = _FF
            return 0
        return None


FLASH = Chip(12)


def Flash():
    return FLASH
