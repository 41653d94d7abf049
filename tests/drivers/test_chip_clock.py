"""The clock across a tool's reset (drivers.chip): the PC's time as three words in the
watchdog's scratch registers, read back at the next boot; anything else left there is none."""
from drivers import chip

WHEN = (2026, 12, 2, 2, 14, 5, 59, 0)  # a Wednesday, 14:05:59


def test_a_time_comes_back_from_its_words_with_the_weekday_left_to_the_port():
    assert chip.clock_of_words(chip.clock_words(WHEN)) == (2026, 12, 2, 0, 14, 5, 59, 0)
    last = (2099, 12, 31, 3, 23, 59, 59, 0)
    assert chip.clock_of_words(chip.clock_words(last)) == (2099, 12, 31, 0, 23, 59, 59, 0)


def test_the_words_are_small_integers():
    # hand-packed: the date 2026 << 9 | 12 << 5 | 2, the time 14 << 12 | 5 << 6 | 59
    check, date, hms = chip.clock_words(WHEN)
    assert (date, hms) == (1037698, 57723)
    assert check == date ^ hms ^ 0x2C4AF7E
    assert max(check, date, hms) < 1 << 30  # no long integers on MicroPython


def test_a_power_ups_zeros_and_other_words_are_no_time():
    assert chip.clock_of_words((0, 0, 0)) is None
    check, date, hms = chip.clock_words(WHEN)
    assert chip.clock_of_words((check ^ 1, date, hms)) is None
    assert chip.clock_of_words((0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF)) is None


def test_words_of_an_unset_clock_or_an_impossible_time_are_no_time():
    assert chip.clock_of_words(chip.clock_words((2021, 1, 1, 4, 0, 0, 3, 0))) is None
    assert chip.clock_of_words(chip.clock_words((2026, 13, 2, 0, 14, 5, 59, 0))) is None
    assert chip.clock_of_words(chip.clock_words((2026, 12, 0, 0, 14, 5, 59, 0))) is None
    assert chip.clock_of_words(chip.clock_words((2026, 12, 2, 0, 24, 5, 59, 0))) is None


def test_each_chip_has_its_watchdogs_scratch_registers():
    assert chip.scratch_address(chip.RP2040) == 0x4005800C
    assert chip.scratch_address(chip.RP2350) == 0x400D800C


def test_off_the_pico_the_boot_takes_no_clock():
    chip.take_clock()  # no rp2 here: no registers read, nothing set
