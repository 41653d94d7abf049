"""The Display Pack's RGB LED shows the colour of the player who acts now."""
from appdriver import Driver
from play_taubertal import new_game
from app.colours import PALETTE


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
