"""One complete game through the app, for the peak-heap bisection (arg: 'game board')."""
import gc
import io
import json


class _Void(io.IOBase):
    def write(self, data):
        return len(data)


class DiscardFiles:
    """Saves are streamed as JSON as on the device, then dropped: flash is not heap."""

    def read_json(self, path):
        raise OSError(2)

    def write_json(self, path, data):
        json.dump(data, _Void())

    def rename(self, old, new):
        pass

    def remove(self, path):
        pass

    def exists(self, path):
        return False

    def makedirs(self, path):
        pass


def driver(board, timed=False):
    """The app on this board's canvas, saving into the void, dice from a fixed seed."""
    from appdriver import Driver
    from schaffner.rng import Rng
    if board == "pico_display_pack":
        d = Driver(DiscardFiles(), Rng(7), width=240, height=135, colour=True)
        d.line = bytearray(240 * 2)  # the ST7789 driver's RGB565 line buffer
    else:
        d = Driver(DiscardFiles(), Rng(7))
    d.app.ui.record(False)
    return d


def main(arg):
    game, board = arg.split()
    gc.collect()
    d = driver(board)
    play = __import__("play_" + game)

    def run():
        yield from play.play(d)
        print("BENCH finished_%s_%s 1" % (game, board))

    return run()
