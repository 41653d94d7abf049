"""make chip's boards: how each is wired on the emulated Pico, and whose screens it shows.

For each board folder: the display picoemu attaches (its command-line options for the serial
port's runs, the same as play.mjs's model for the timed ones), the GPIO of the first key of
each button (UP, DOWN, OK, BACK: what play.mjs presses; BACK held at power-up keeps the app
off), and the board whose screens it shows: the simulator draws by screen size and colours
alone, so a board with another controller or other pins (the SH1106, the Pico-LCD-1.14)
is judged against the frames the simulator makes for the board of its screen, and against
that board's budgets. tests/host_tools/test_release.py checks that every board folder has its row
and that each row's screen is its board.py's.
"""

BOARDS = {
    "pico_oled": {
        "screen": "pico_oled", "keys": [10, 11, 12, 13],
        "display": {"kind": "oled", "chip": "ssd1306", "bus": 0, "address": 0x3C},
        "args": ["--oled", "0"], "dump": "--oled-dump-dir"},
    "pico_oled_sh1106": {
        "screen": "pico_oled", "keys": [10, 11, 12, 13],
        "display": {"kind": "oled", "chip": "sh1106", "bus": 0, "address": 0x3C},
        "args": ["--oled", "0", "--oled-chip", "sh1106"], "dump": "--oled-dump-dir"},
    "pico_display_pack": {
        "screen": "pico_display_pack", "keys": [14, 15, 12, 13],
        "display": {"kind": "st7789", "bus": 0, "cs": 17, "dc": 16, "bl": 20},
        "args": ["--st7789", "0:17:16"], "dump": "--st7789-dump-dir"},
    # SPI1: CS GP9, DC GP8, RST GP12, SCK GP10, MOSI GP11; joystick up, down and press, key B
    "pico_lcd_114": {
        "screen": "pico_display_pack", "keys": [2, 18, 3, 17],
        "display": {"kind": "st7789", "bus": 1, "cs": 9, "dc": 8, "rst": 12, "sck": 10, "mosi": 11, "bl": 13},
        "args": ["--st7789", "1:9:8:12:10:11"], "dump": "--st7789-dump-dir"},
}
# CI's short pass plays one game per board: the OLED boards the longest, the colour ones the dice
SHORT_GAME = {"pico_oled": "taubertal", "pico_oled_sh1106": "taubertal",
              "pico_display_pack": "trainmaker", "pico_lcd_114": "trainmaker"}


def screen(board):
    """The board whose screens (simulator frames, budgets) this board shows."""
    return BOARDS[board]["screen"]


def back_pin(board):
    return BOARDS[board]["keys"][3]
