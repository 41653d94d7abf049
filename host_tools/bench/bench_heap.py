"""One complete game through the app, for the peak-heap bisection (arg: 'game board')."""
import gc


class DiscardFiles:
    """Saves are serialised as on the device, then dropped: flash is not heap."""

    def read(self, path):
        raise OSError(2)

    def write(self, path, text):
        pass

    def rename(self, old, new):
        pass

    def remove(self, path):
        pass

    def exists(self, path):
        return False

    def makedirs(self, path):
        pass


def main(arg):
    game, board = arg.split()
    gc.collect()
    from appdriver import Driver
    play = __import__("play_" + game)
    if board == "pico_display_pack":
        d = Driver(DiscardFiles(), width=240, height=135, colour=True)
        line = bytearray(240 * 2)  # the ST7789 driver's RGB565 line buffer
    else:
        d = Driver(DiscardFiles())
        line = None
    d.app.ui.record(False)
    play.play(d)
    print("BENCH finished", game, board, len(line or b""))
