#!/usr/bin/env python3
"""The USB cable between picoemu-pty.py and the emulated Pico, which make chip can pull.

picoemu-pty.py starts it in node's place (its --node option) with node's arguments;
it runs node with them and copies what the PC sends into node, counting the bytes
(into $CHIP_CABLE_COUNT when it ends).  With $CHIP_CABLE_BYTES set it pulls the
cable once the PC has sent that many: node is stopped at once, which saves the flash
as it is at that instant (a Pico loses its power with its cable), and the port goes.
"""
import os
import signal
import subprocess
import sys


class Unplugged(Exception):
    """picoemu-pty.py was stopped: the PC let go of the port."""


def main():
    limit = os.environ.get("CHIP_CABLE_BYTES")
    limit = int(limit) if limit else None
    counter = os.environ.get("CHIP_CABLE_COUNT")
    node = subprocess.Popen(["node"] + sys.argv[1:], stdin=subprocess.PIPE)

    def unplugged(sig, frame):
        node.send_signal(signal.SIGTERM)
        raise Unplugged()

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, unplugged)
    sent = 0
    try:
        while node.poll() is None:
            try:
                data = os.read(0, 4096)
            except InterruptedError:
                continue
            if not data:
                break
            if limit is not None and sent + len(data) >= limit:
                node.stdin.write(data[:limit - sent])
                node.stdin.flush()
                sent = limit
                node.send_signal(signal.SIGTERM)  # the cable is out
                break
            sent += len(data)
            node.stdin.write(data)
            node.stdin.flush()
    except (BrokenPipeError, OSError, Unplugged):
        pass
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        if counter:
            with open(counter, "w") as f:
                f.write(str(sent))
    if node.poll() is None:
        try:
            node.stdin.close()
        except OSError:
            pass
    return node.wait()


if __name__ == "__main__":
    sys.exit(main())
