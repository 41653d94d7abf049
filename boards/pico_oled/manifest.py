# Freeze Schaffner into a MicroPython firmware image for the Pico + SSD1306 OLED board.
# From a micropython checkout (see ../README.md):
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/schaffner/boards/pico_oled/manifest.py
# Paths are relative to this file. main.py stays on the board's file system.
include("$(PORT_DIR)/boards/manifest.py")
package("schaffner", base_path="../../lib")
package("app", base_path="../../firmware")
package("drivers", base_path="../../firmware")
module("board.py")
