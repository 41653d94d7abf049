"""The I2C clock a board asks machine.I2C for (drivers.chip.i2c_freq), against the counts the
Pico SDK's i2c_set_baudrate writes and the time the chips' I2C block holds SCL for them:
high HCNT + SPKLEN + 7 system clocks, low LCNT + 1."""
from drivers import chip
from support import raises


def _bit_clocks(clk_hz, asked):
    """System clocks one SCL bit lasts when machine.I2C is asked for `asked` Hz."""
    period = (clk_hz + asked // 2) // asked
    low = period * 3 // 5
    spike = 1 if low < 16 else low // 16
    return (period - low + spike + 7) + (low + 1)


def test_a_pico_asks_for_425_170_hz_and_the_bus_runs_at_399_4_khz():
    # by hand: 125 MHz / 425,170 -> period 294, LCNT 176, HCNT 118, SPKLEN 11:
    # high 136 + low 177 = 313 clocks = 2.504 us, the SSD1306's 2.5 us at least
    assert chip.i2c_freq(400_000, 125_000_000) == 425_170
    assert _bit_clocks(125_000_000, 425_170) == 313
    # asked for 400 kHz as it is, 332 clocks: 376.5 kHz
    assert _bit_clocks(125_000_000, 400_000) == 332
    # drivers.chip's own count (the bench's I2C model uses it) says the same
    assert chip.i2c_bit_clocks(400_000, 125_000_000) == 332
    assert chip.i2c_bit_clocks(425_170, 125_000_000) == 313


def test_a_pico_2_at_150_mhz_runs_its_bus_at_400_khz_exactly():
    asked = chip.i2c_freq(400_000, 150_000_000)
    assert asked == 423_728
    assert _bit_clocks(150_000_000, asked) == 375  # 2.5 us


def test_a_pico_at_200_mhz_runs_its_bus_at_400_khz_exactly():
    # by hand: 200 MHz / 421,052 -> period 475, LCNT 285, HCNT 190, SPKLEN 17:
    # 190 + 17 + 7 + 285 + 1 = 500 clocks, 2.5 us
    asked = chip.i2c_freq(400_000, 200_000_000)
    assert asked == 421_052
    assert _bit_clocks(200_000_000, asked) == 500


def test_the_bus_is_the_fastest_not_above_the_rate_wanted():
    for clk_hz in (48_000_000, 125_000_000, 133_000_000, 150_000_000, 200_000_000):
        for scl_hz in (100_000, 400_000, 1_000_000):
            clocks = _bit_clocks(clk_hz, chip.i2c_freq(scl_hz, clk_hz))
            assert clocks * scl_hz >= clk_hz  # never faster than wanted
            # and no division the SDK can make gives a bit that is shorter and still as long
            for period in range(8, clocks):
                shorter = _bit_clocks(clk_hz, clk_hz // period)
                assert shorter >= clocks or shorter * scl_hz < clk_hz


def test_a_clock_the_block_cannot_make_is_refused():
    for bad in (0, -400_000, 125_000_000 // 31):
        raises(ValueError, chip.i2c_freq, bad, 125_000_000)


def test_each_chip_has_its_i2c_blocks_where_its_datasheet_says():
    assert [chip.i2c_regs(bus, chip.RP2040) for bus in (0, 1)] == [0x40044000, 0x40048000]
    assert [chip.i2c_regs(bus, chip.RP2350) for bus in (0, 1)] == [0x40090000, 0x40098000]
