"""Heap taken by loading the device code itself (arg: comma-separated module names).

From the file system a module's bytecode and names are loaded into the heap;
frozen into the firmware image they stay in flash.  The difference between a
game's peak and this is what freezing leaves of it (plus module dictionaries).
"""
import gc


def main(arg):
    names = [n for n in arg.split(",") if n]

    def run():
        yield  # the next call starts after a collection
        before = gc.mem_alloc()
        for name in names:
            __import__(name)
        yield
        print("BENCH code_bytes", gc.mem_alloc() - before)

    return run()
