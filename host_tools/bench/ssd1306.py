"""What micropython-lib's ``ssd1306`` (the OLED board's driver, installed on the Pico
by mip, not part of this repository) sends over I2C, for the bench's bus count.

Its SSD1306_I2C is a MONO_VLSB frame buffer whose show() sends six commands (the
column range and the page range), each a write of a control byte and the command,
then the whole frame in one write behind the 0x40 control byte.  Only this traffic
is modelled: the bench counts its bytes; the panel itself is not simulated.
"""
import framebuf

_COMMAND = 0x80
_DATA = b"\x40"


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.width = width
        self.height = height
        self.i2c = i2c
        self.addr = addr
        self.buffer = bytearray(width * height // 8)
        self.cmd = bytearray(2)
        self.frame = [_DATA, self.buffer]
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        for c in (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, height - 1, 0xC8, 0xD3, 0x00, 0xDA, 0x12,
                  0xD5, 0x80, 0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF):
            self.write_cmd(c)  # its init sequence: as many commands, whatever their values
        self.fill(0)
        self.show()

    def write_cmd(self, c):
        self.cmd[0] = _COMMAND
        self.cmd[1] = c
        self.i2c.writeto(self.addr, self.cmd)

    def contrast(self, level):
        self.write_cmd(0x81)
        self.write_cmd(level)

    def show(self):
        for c in (0x21, 0, self.width - 1, 0x22, 0, self.height // 8 - 1):
            self.write_cmd(c)
        self.i2c.writevto(self.addr, self.frame)
