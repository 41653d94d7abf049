"""Both chips (a Pico's RP2040, a Pico 2's RP2350) and the two boards of the displays people buy.

drivers.chip names what differs between the chips and the board and main-loop code take it
from there; here each is checked on both chips, with MicroPython's name for the board in
sys.implementation._machine as the firmware gives it. The boards: the 1.3" OLED modules'
SH1106 (boards/pico_oled_sh1106) and Waveshare's Pico-LCD-1.14 (boards/pico_lcd_114),
against the stand-in machine of test_boards.
"""
import sys
import types

import pytest

CPYTHON_ONLY = "loads board files and main.py with stand-ins for machine in sys.modules"

from drivers import chip
from panels import Oled, Panel, Sh1106
from test_boards import Hardware, _load, _raw

PICO = "Raspberry Pi Pico with RP2040"
PICO2 = "Raspberry Pi Pico2 with RP2350"


@pytest.fixture(params=[PICO, PICO2], ids=["rp2040", "rp2350"])
def machine_name(request, monkeypatch):
    """Run the test as on the firmware of each chip."""
    named = types.SimpleNamespace(**vars(sys.implementation))
    named._machine = request.param
    monkeypatch.setattr(sys, "implementation", named)
    return request.param


def test_the_chip_is_the_one_micropython_names():
    assert chip.which(PICO) == chip.RP2040 and chip.which(PICO2) == chip.RP2350
    assert chip.which("Raspberry Pi Pico2 W with RP2350") == chip.RP2350
    assert chip.which("Raspberry Pi Pico W with RP2040") == chip.RP2040
    # the simulator, the bench, the tests: no chip named, the RP2040's row
    assert chip.which("") == chip.RP2040 and chip.which() == chip.RP2040


def test_each_chip_runs_at_its_certified_clock_or_where_spi_is_fastest():
    # the RP2040 boots at 125 MHz and is certified at 200 (at 1.15 V): every board runs it
    # there; the RP2350 boots at 150, its rated clock, where SPI could not reach the ST7789's
    # 62.5 MHz (150 / 4 = 37.5 is the fastest division under it): 125 on an SPI board
    assert chip.clock_hz(False, chip.RP2040) == chip.clock_hz(True, chip.RP2040) == 200_000_000
    assert chip.clock_hz(False, chip.RP2350) is None
    assert chip.clock_hz(True, chip.RP2350) == 125_000_000
    assert [c[0] for c in chip.CHIPS] == ["RP2040", "RP2350"]


def test_the_watchdog_stays_within_each_chips_longest_timeout():
    for c in (chip.RP2040, chip.RP2350):
        assert chip.watchdog_ms(8000, c) == 8000
        assert chip.watchdog_ms(10_000, c) == 8388  # MicroPython 1.28's limit on both


def test_main_starts_the_watchdog_the_chip_allows(machine_name, monkeypatch):
    from test_device_main import Screen, _fake_board, main

    started = []

    class WDT:
        def __init__(self, timeout):
            started.append(timeout)

    class Stop(BaseException):
        pass

    def run(device):
        raise Stop()

    board = _fake_board()
    board.display = lambda palette: Screen()
    monkeypatch.setattr(main, "board", board)
    monkeypatch.setattr(main, "start", lambda display, colours: types.SimpleNamespace(wdt=None))
    monkeypatch.setattr(main, "run", run)
    monkeypatch.setitem(sys.modules, "machine", types.SimpleNamespace(WDT=WDT))
    with pytest.raises(Stop):
        main.main()
    assert started == [chip.watchdog_ms(8000, chip.which(machine_name))] == [8000]


@pytest.mark.parametrize("board_name", ["pico_display_pack", "pico_lcd_114"])
def test_an_spi_board_clocks_the_bus_at_62_5_mhz_on_either_chip(board_name, machine_name):
    hw = Hardware()
    b = _load(board_name, hw)
    panel = Panel()
    hw.sink = panel
    cs, dc = (17, 16) if board_name == "pico_display_pack" else (9, 8)
    hw.hooks = {cs: panel.set_cs, dc: panel.set_dc}
    b.display(((0, 0, 0), (255, 255, 255)))
    # the system clock and the peripheral clock with it, before the bus is made (asked for
    # 62.5 MHz, it runs at 50 MHz from the RP2040's 200, 62.5 from the RP2350's 125); only the
    # RP2040's core voltage raised, before its clock
    hz = 200_000_000 if machine_name == PICO else 125_000_000
    assert hw.clocks == [((hz, hz), None)]
    assert hw.volts == ([(125_000_000, 0b1100)] if machine_name == PICO else [])
    assert hw.spi[1] == 62_500_000


def _lcd():
    hw = Hardware()
    b = _load("pico_lcd_114", hw)
    panel = Panel()
    hw.sink = panel
    resets = []
    hw.hooks = {9: panel.set_cs, 8: panel.set_dc, 12: resets.append}
    return hw, b, panel, resets


def test_lcd_114_keys_as_a_player_holds_it():
    hw, b, _, _ = _lcd()
    for gpio in (2, 3, 15, 16, 17, 18, 20):
        assert hw.pins[gpio].mode == 0 and hw.pins[gpio].pull == 1  # input, pulled up
    # joystick up, down -> UP, DOWN; its press, a push right and key A -> OK;
    # a push left and key B -> BACK
    assert [_raw(b, hw, [g]) for g in (2, 18)] == [1, 2]
    assert [_raw(b, hw, [g]) for g in (3, 20, 15)] == [4, 4, 4]
    assert [_raw(b, hw, [g]) for g in (16, 17)] == [8, 8]
    assert _raw(b, hw, [3, 15]) == 4  # two keys of one button are that button
    assert _raw(b, hw, []) == 0 and _raw(b, hw, [2, 18, 3, 17]) == 15
    assert b.led is None and b.buzz is None  # no LED, no buzzer: main.py copes


def test_lcd_114_edges_count_a_button_of_two_keys_once_both_are_let_go():
    hw, b, _, _ = _lcd()
    edges = b.edges
    assert sorted(hw.irqs) == [2, 3, 15, 16, 17, 18, 20]
    assert len(edges.down) == 4  # four buttons for the debouncer
    press = hw.irqs[15][0]  # key A
    hw.levels = {15: 0}
    press(hw.pins[15])
    hw.levels = {15: 0, 3: 0}  # the joystick pressed too, A still held
    hw.irqs[3][0](hw.pins[3])
    hw.levels = {3: 0}  # A let go: OK still held by the joystick
    up_before = edges.up[2]
    press(hw.pins[15])
    assert edges.up[2] == up_before
    hw.levels = {}
    hw.irqs[3][0](hw.pins[3])  # both let go: OK is up now
    assert edges.took() == 1 << 2 and edges.up[2] >= edges.down[2]


def test_lcd_114_display_is_the_waveshare_panel():
    hw, b, panel, resets = _lcd()
    from app.colours import PALETTE

    screen = b.display(PALETTE)
    assert hw.spi[:4] == (1, 62_500_000, 10, 11)  # SPI1, SCK GP10, MOSI GP11
    assert resets[:3] == [1, 0, 1]  # made high, then the reset line pulsed
    screen.show()
    assert (b.WIDTH, b.HEIGHT, b.NAME, b.COLOUR) == (240, 135, "pico_lcd_114", True)
    assert panel.data_of(0x2A)[-1] == bytes((0, 40, 279 >> 8, 279 & 0xFF))  # columns 40..279
    assert panel.data_of(0x2B)[-1] == bytes((0, 53, 0, 187))  # rows 53..187
    assert panel.data_of(0x36) == [b"\x70"]
    assert panel.data_of(0xBB) == [b"\x19"]  # Waveshare's VCOM for this panel
    assert panel.data_of(0xE0)[0][:2] == b"\xd0\x04" and len(panel.data_of(0xE0)[0]) == 14
    assert 0x21 in panel.commands()  # inversion on: an IPS panel
    assert panel.pixels == 240 * 135 and panel.commands()[-1] == 0x29
    assert hw.pwms[13].duty == 65535  # the backlight, full
    b.contrast(5)
    assert hw.pwms[13].duty == 16255  # as the Display Pack's: 127 on the square curve


def test_sh1106_board_is_pico_oled_with_the_sh1106_driver():
    hw = Hardware()
    b = _load("pico_oled_sh1106", hw)
    assert [_raw(b, hw, [g]) for g in (10, 11, 12, 13)] == [1, 2, 4, 8]
    oled = hw.sink = Sh1106(0x3C)
    screen = b.display()
    assert hw.i2c == (0, 4, 5, 421_052)  # SCL at 400 kHz from 200 MHz, as the SSD1306 board's
    assert (b.WIDTH, b.HEIGHT, b.COLOUR, b.led, b.NAME) == (128, 64, False, None, "pico_oled_sh1106")
    assert hw.clocks == [((200_000_000,), None)]
    screen.text("Red", 0, 0, 1)
    screen.show()
    assert oled.glass() == bytes(screen.buffer)  # upright, unshifted
    assert oled.args_of(0xAD) == [(0x8B,)]
    b.contrast(1)
    assert oled.args_of(0x81)[-1] == (25,)
    b.buzz(2400)
    assert (hw.pwms[15].hz, hw.pwms[15].duty) == (2400, 32768)


def test_the_display_dma_writes_into_the_chips_own_spi_registers(machine_name):
    # RP2040 and RP2350 datasheets: SPI0/SPI1 at 0x4003c000/0x40040000 and 0x40080000/0x40088000,
    # TX DREQ 16/18 and 24/26, a DMA channel's CTRL BUSY at bit 24 and 26
    facts = {PICO: ((0x4003C000, 16, 1 << 24), (0x40040000, 18, 1 << 24)),
             PICO2: ((0x40080000, 24, 1 << 26), (0x40088000, 26, 1 << 26))}
    assert (chip.spi_dma(0), chip.spi_dma(1)) == facts[machine_name]


@pytest.mark.parametrize("board_name", ["pico_oled", "pico_oled_sh1106"])
def test_an_oled_board_runs_its_bus_at_400_khz_from_either_chips_clock(board_name, machine_name):
    hw = Hardware()
    hw.cpu_hz = 150_000_000 if machine_name == PICO2 else 125_000_000  # each boots at its own
    b = _load(board_name, hw)
    hw.sink = Oled(128, 64, 0x3C) if board_name == "pico_oled" else Sh1106(0x3C)
    b.display()
    # what drivers.chip.i2c_freq asks for at the clock the board runs (tests/drivers/test_chip_i2c.py):
    # the RP2350's as it booted, the RP2040 raised to 200 MHz, its core voltage first
    assert hw.i2c == (0, 4, 5, 423_728 if machine_name == PICO2 else 421_052)
    assert hw.clocks == ([] if machine_name == PICO2 else [((200_000_000,), None)])
    assert hw.volts == ([] if machine_name == PICO2 else [(125_000_000, 0b1100)])
