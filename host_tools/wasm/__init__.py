"""The gadget in the MicroPython WebAssembly runtime: runtime.mjs puts the device files into
a runtime as make deploy lays them out on a Pico; virtual_board.py is the board they run on
there, for the simulator, the web page and the bench."""
