# Every word readable: each game's screens, and the menus, settings, history and About
# after its game, on each board's screen: nothing off the screen, nothing cut silently,
# no text on text, no rows touching (support/text_check.py says what each means; the
# walk through the screens is support/readable.py).  A case per game and screen, each
# on a fresh MicroPython heap of its own.  Comments, not a docstring: under MicroPython
# a docstring compiled from source takes heap, and these cases need nearly all of it.
#
# Trainmaker on the Display Pack is checked on CPython alone: there this game's odds
# hold ~186 KB of the Pico's 192 KB heap at their peak, and the checker's own code
# (~10 KB, not frozen in a test) does not fit beside them; MicroPython plays the same
# game on this board in test_app_trainmaker_pack, and checks every word of it on the OLED.
import sys

from readable import run

# the game's log (its snapshots in it), 8 blocks of 4 KB at most, and the small saves' and the
# history's a block each: a Pico's are in flash
FLASH_IN_HEAP_KB = 40

FRESH_HEAP_PER_CASE = True
# (game, the screen's width and height): the OLED's, the Display Pack's
PARAMETERS = [(game, w, h) for game in ("taubertal", "trainmaker", "ttr_austria") for w, h in ((128, 64), (240, 135))
         if not (game == "trainmaker" and w == 240 and sys.implementation.name == "micropython")]


def test_every_word_readable(game, width, height):
    return run(__import__("play_" + game), width, height)  # only this game's script in the heap

