"""Every word readable: Trainmaker's screens and the menus after
its game, on the Display Pack (240x135): nothing off the screen, nothing cut
silently, no text on text, no rows touching (tests/support/text_check.py says
what each means).  The other board is test_readable_trainmaker_oled: a file of
its own gets a fresh MicroPython heap.

CPython only: on the Display Pack this game's odds hold ~186 KB of the Pico's
192 KB heap at their peak, and the checker's own code (~10 KB, not frozen in
a test) does not fit beside them; MicroPython plays the same game on this
board in test_app_trainmaker_pack, and checks every word of it on the OLED."""
import sys

if sys.implementation.name != "micropython":
    import play_trainmaker
    from readable import run

    def test_every_word_readable_on_240x135():
        return run(play_trainmaker, 240, 135)
