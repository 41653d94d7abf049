"""Every word readable: Ticket to Ride Austria's screens and the menus after
its game, on the Display Pack (240x135): nothing off the screen, nothing cut silently,
no text on text, no rows touching (tests/support/text_check.py says what each
means).  The other board is test_readable_ttr_austria_oled: a file of its own gets a
fresh MicroPython heap."""
import play_ttr_austria
from readable import run


def test_every_word_readable_on_240x135():
    return run(play_ttr_austria, 240, 135)
