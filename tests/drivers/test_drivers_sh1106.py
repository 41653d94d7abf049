"""SH1106 driver against a stand-in panel that decodes the I2C transfers as an SH1106 does
(support/panels.py's Sh1106: page addressing only, 132 columns of which the glass shows 2..129)."""
from drivers.sh1106 import SH1106_I2C
from panels import CommandsOnly, Sh1106

_COLUMNS = 132  # the controller's memory, per page


def test_set_up_as_an_sh1106_and_dark_until_the_first_frame():
    oled = Sh1106()
    oled.ram[:] = b"\xa5" * len(oled.ram)  # noise, as a module powers up
    d = SH1106_I2C(128, 64, oled)
    assert oled.args_of(0xAD) == [(0x8B,)]  # the DC-DC on: the module's panel voltage
    assert oled.args_of(0xA8) == [(63,)] and oled.args_of(0xDA) == [(0x12,)]
    cmds = [c for c, _ in oled.commands]
    assert 0xA1 in cmds and 0xC8 in cmds  # upright on the modules
    assert 0xAF not in cmds and oled.data_bytes == 0
    d.text("Hi", 0, 0, 1)
    d.show()
    assert oled.glass() == bytes(d.buffer)
    assert oled.pages == [(p, 2) for p in range(8)] and oled.data_bytes == 8 * 128
    assert oled.commands[-1] == (0xAF, ())


def test_the_picture_is_upright_and_unshifted():
    oled = Sh1106()
    d = SH1106_I2C(128, 64, oled)
    d.rect(0, 0, 128, 64, 1)
    d.show()
    # the frame's left edge is memory column 2 (all eight rows lit), its right edge 129;
    # columns 0, 1, 130 and 131 are off the glass and never written
    assert oled.ram[2] == 0xFF and oled.ram[129] == 0xFF and oled.ram[3] == 0x01
    assert oled.ram[7 * _COLUMNS + 2] == 0xFF and oled.ram[7 * _COLUMNS + 3] == 0x80
    for p in range(8):
        assert oled.ram[p * _COLUMNS:p * _COLUMNS + 2] == b"\x00\x00"
        assert oled.ram[p * _COLUMNS + 130:p * _COLUMNS + 132] == b"\x00\x00"


def test_only_the_changed_columns_of_the_changed_pages_go_out():
    oled = Sh1106()
    d = SH1106_I2C(128, 64, oled)
    d.show()
    assert oled.sent(d) == (0, [])  # nothing changed: nothing on the bus
    d.pixel(40, 20, 1)  # page 2, column 40
    d.pixel(45, 21, 1)
    assert oled.sent(d) == (6, [(2, 42)])  # columns 40..45, at memory columns 42..47
    assert oled.glass() == bytes(d.buffer)
    d.pixel(0, 0, 1)  # page 0, column 0
    d.pixel(127, 63, 1)  # page 7, column 127
    assert oled.sent(d) == (2, [(0, 2), (7, 129)])
    assert oled.glass() == bytes(d.buffer)
    # the page's start column needs both nibbles: 129 is 0x81
    assert oled.commands[-2:] == [(0x01, ()), (0x18, ())]
    d.pixel(0, 30, 1)
    d.pixel(16, 30, 1)  # 15 unchanged between, 12 in whole words: one send
    d.pixel(3, 40, 1)
    d.pixel(25, 40, 1)  # 21, 20 in whole words: a send each side
    assert oled.sent(d) == (20, [(3, 2), (5, 5), (5, 26)])
    assert oled.glass() == bytes(d.buffer)


def test_a_span_in_native_code_is_the_same_as_in_python():
    import native_reference

    a, b = Sh1106(), Sh1106()
    python = SH1106_I2C(128, 64, a)
    native = SH1106_I2C(128, 64, b, native=native_reference)
    for d in (python, native):
        d.show()
        d.text("Taubertal", 8, 30, 1)
        d.hline(0, 63, 128, 1)
    assert a.sent(python) == b.sent(native)
    assert a.glass() == b.glass() == bytes(python.buffer)


def test_with_the_blocks_registers_the_same_bytes_go_into_its_fifo():
    import native_reference

    regs = 0x40044000  # I2C0 on the RP2040 (drivers.chip)
    a, b = Sh1106(), Sh1106()
    native_reference.i2c_blocks[regs] = b
    python = SH1106_I2C(128, 64, a)
    native = SH1106_I2C(128, 64, CommandsOnly(b), native=native_reference, regs=regs)
    for d in (python, native):
        d.show()
        d.text("Taubertal", 8, 30, 1)
        d.pixel(127, 63, 1)
    assert a.sent(python) == b.sent(native)
    assert a.glass() == b.glass() == bytes(python.buffer)


def test_contrast():
    oled = Sh1106()
    d = SH1106_I2C(128, 64, oled)
    d.contrast(25)
    assert oled.args_of(0x81)[-1] == (25,)
