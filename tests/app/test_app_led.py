"""The Display Pack's RGB LED shows the colour of the player who acts now."""
from appdriver import Driver
from play_taubertal import new_game, new_game_steps
from app.colours import PALETTE
from support import stepped

# each case builds the Display Pack's 16 KB frame: under MicroPython a runtime of its own, where
# the cases before it leave the heap in pieces (tests/README.md)
FRESH_HEAP_PER_CASE = True


def test_led_follows_the_acting_player():
    d = new_game(Driver(width=240, height=135, colour=True), 2)
    assert d.app.led() == PALETTE[4]  # Red draws the first ticket
    d.press("OK")
    assert d.app.led() == PALETTE[5]  # then Blue
    d.press("BACK")
    assert d.app.led() is None  # on the main menu nobody acts


def test_no_led_colour_on_a_mono_screen():
    d = new_game(Driver(), 2)
    assert d.app.led() is None


@stepped
def test_the_led_is_lit_while_the_game_is_on_screen_and_only_then():
    d = Driver(width=240, height=135, colour=True)
    yield
    yield from new_game_steps(d, 2)
    yield
    d.press("LONG_OK")  # the turn's menu, opened from the game: still the game
    assert type(d.app.top).__name__ == "TurnMenu" and d.app.led() == PALETTE[4]
    yield
    d.press("BACK")
    d.press("BACK")  # the main menu
    assert d.app.led() is None
    yield
    d.pick("New game")  # its question: "Start a new game?"
    assert d.app.led() is None
    yield
    d.press("BACK")
    d.pick("Settings")
    assert d.app.led() is None
    yield
    d.press("BACK")
    d.pick("Resume")  # back in the game
    assert d.app.led() == PALETTE[4]
