"""What puts Schaffner on a Pico, run from the PC: ``python host_tools/pico COMMAND``.

deploy     the compiled files into a slot of the board's file system (deploy.py)
firmware   MicroPython images with all of Schaffner frozen in, per board and chip
           (firmware.py; images.py builds each once)
release    every image, the web page, the notes and their checksums in dist/ (release.py)
backup     a gadget's saves, history and settings to a file on the PC (backup.py)
restore    such a file back onto a gadget, the same or another (backup.py)

files.py says which files a board gets; compiled.py builds them with mpy-cross; planner.py
works out a deploy before anything changes; link.py talks to the board through mpremote.
"""
