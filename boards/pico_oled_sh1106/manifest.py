# Freeze Schaffner into a MicroPython 1.28 image for this board: make firmware BOARD=pico_oled_sh1106
# (host_tools/pico/firmware.py) stages the board's files into the folder below, then builds
# the rp2 port with this manifest. Paths are relative to this file.
# The port's own modules: _boot.py mounts the file system, rp2.py is the rp2 module.
freeze("$(PORT_DIR)/modules")
# Schaffner as make deploy would put it in a slot, with the launcher as main.py (the port runs
# a frozen main.py at boot), firmware/main.py as gadget and the image's stamp.
freeze("../../build/firmware/pico_oled_sh1106/frozen")
