"""A stand-in for MicroPython's rp2 module: Flash(), the block device over the
Pico's file system area (one for the whole chip, readable in place as a buffer),
here 12 blocks of NOR flash (erased to 0xFF, programmed by clearing bits)."""


_FF = b"\xff" * 4096


class _Flash(bytearray):
    def readblocks(self, block, buf, offset=0):
        at = block * 4096 + offset
        buf[:] = self[at:at + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        at = block * 4096 + (offset or 0)
        if offset is None:
            for b in range(len(buf) // 4096):
                self.ioctl(6, block + b)
        elif offset % 256 or len(buf) % 256:
            raise ValueError("the flash programs whole pages")
        for i in range(len(buf)):
            self[at + i] &= buf[i]

    def ioctl(self, op, arg):
        if op == 4:
            return len(self) // 4096
        if op == 6:
            self[arg * 4096:(arg + 1) * 4096] = _FF
            return 0
        return None


FLASH = _Flash(4096 * 12)
for _b in range(12):
    FLASH.ioctl(6, _b)


def Flash():
    return FLASH
