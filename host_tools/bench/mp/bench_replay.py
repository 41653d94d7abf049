"""Replays a recorded game's button presses on a bare App, one press per step.

arg: 'board seed events [modules]': events is a string of event digits
and ``t<ms>.`` ticks (as recorded by bench_record, with its dice seed);
modules, comma-separated, are imported first, one per step, so the peak is
the game's and not the loading of its code.  After each press the app saves
(as the polls after it would), in a step of its own.  Nothing but the App, its canvas and this small
module and the virtual board are loaded, so the heap measured is the gadget's own.
"""
import gc


class DiscardFiles:
    """Saves are streamed as JSON into a real file, as on the device, but one
    that keeps nothing (/dev/null): flash is not heap.  (A Python-level stream
    would allocate for every piece json.dump writes; a file does not.)"""

    def read_json(self, path):
        raise OSError(2)

    def writer(self, path):
        return open("/dev/null", "w")

    def append(self, path, text):
        with open("/dev/null", "w") as f:
            f.write(text)

    def size(self, path):
        return 0

    def rename(self, old, new):
        pass

    def remove(self, path):
        pass

    def exists(self, path):
        return False

    def names(self, folder):
        return set()

    def makedirs(self, path):
        pass

    def look(self, on):
        pass

    def make_block(self, folder, n):
        return False  # nothing to make: ring() hands out the blocks whole

    def ring(self, folder, n, make):
        return VoidBlocks(n)


class VoidBlocks:
    """A game log's flash (app.ringlog) that keeps only the pages last programmed,
    for the log to check them: erased everywhere else."""

    def __init__(self, n):
        self.count = n
        self.last = (-1, 0, b"")

    def _byte(self, k, i):
        at_k, at, data = self.last
        return data[i - at] if k == at_k and at <= i < at + len(data) else 0xFF

    def read(self, k, off, buf):
        for i in range(len(buf)):
            buf[i] = self._byte(k, off + i)

    def program(self, k, off, data):
        self.last = (k, off, data)

    def erase(self, k):
        pass


def make_app(board, seed):
    """The App on the virtual board, saving into the void, dice from seed; its first frame drawn."""
    import virtual_board

    virtual_board.use(board)
    app = virtual_board.app(seed, DiscardFiles())
    if virtual_board.COLOUR:
        app.line = bytearray(virtual_board.WIDTH * 2 * 8)  # the ST7789 driver's RGB565 band of 8 rows
    app.render()
    return app


def main(arg):
    parts = arg.split()
    board, seed, events = parts[0], int(parts[1]), parts[2]
    modules = parts[3].split(",") if len(parts) > 3 else ()
    gc.collect()

    def run():
        # the game's modules first, one per step: loading code is not a press
        for name in modules:
            __import__(name)
            yield
        app = make_app(board, seed)
        yield
        i = 0
        while i < len(events):
            if events[i] == "t":
                end = events.index(".", i)
                now = int(events[i + 1:end])
                i = end + 1
                if app.tick(now):
                    app.render()
                    yield  # a poll of its own on the device
                continue
            app.handle(ord(events[i]) - 48)
            app.render()
            i += 1
            yield
            app.flush()  # the polls after the press
            yield

    return run()
