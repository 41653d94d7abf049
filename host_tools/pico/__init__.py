"""The gadget over USB: what puts Schaffner on a Pico, and gets its saves off it and back.

deploy.py    make deploy: the compiled files into a slot of the board's file system
firmware.py  make firmware: MicroPython images with all of Schaffner frozen in, per board and
             chip (a Pico's RP2040, a Pico 2's RP2350); images.py builds each once
release.py   make release: every image, the web page, the notes and their checksums in dist/
backup.py    make backup and make restore: a gadget's /data to a file on the PC and back
link.py      the one link to a Pico (find it on USB, one raw-REPL session through mpremote),
             which deploy, backup, restore and export (host_tools/export.py) use
compiled.py  what a deploy puts on a board, built with mpy-cross before any board is asked
planner.py   a deploy worked out and checked before anything on the board changes
"""
