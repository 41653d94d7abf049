"""Every word readable: Trainmaker's screens and the menus after
its game, on the OLED (128x64): nothing off the screen, nothing cut silently,
no text on text, no rows touching (tests/support/text_check.py says what each
means).  The other board is test_readable_trainmaker_pack: a file of its own gets a
fresh MicroPython heap."""
import play_trainmaker
from readable import run


def test_every_word_readable_on_128x64():
    return run(play_trainmaker, 128, 64)
