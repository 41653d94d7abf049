"""A snapshot too long for a block of the log is a file (app.store): power cuts at every
byte and operation of its writing, a press's record made while it is written."""
from game_box import FILE_PAD, Box, act_with_a_press_in_the_snapshot, sweep

CPYTHON_ONLY = "a cut's copies of a 4 KB file outgrow the MicroPython runner's heap (the files layer is the tests')"


def test_power_cut_at_every_byte_and_rename_of_a_snapshot_file():
    return sweep(lambda fs: Box(fs, every=4, pad=FILE_PAD).new().add(1, 2, 3), lambda box: box.add(4))


def test_power_cut_at_every_byte_and_rename_of_a_snapshot_file_with_a_record_made_in_it():
    return sweep(lambda fs: Box(fs, every=3, pad=FILE_PAD).new().add(1, 2), act_with_a_press_in_the_snapshot, True)
