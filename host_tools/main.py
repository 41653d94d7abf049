"""python -m host_tools COMMAND [args]: the command table, and the run state each command gets.

Each command pairs its handler, ``run(state, args)``, with its own small argument parser,
``arguments(parser)``, in _COMMANDS.  A handler returns its exit status (0, or 1 where it
measured something over budget) or raises ToolError, which main() prints in words as
"COMMAND: why" and exits with its code.  ``python -m host_tools COMMAND --help`` lists a
command's options; the Makefile's targets call these commands.
"""
import argparse
import sys

from . import checks, export, ttr_score
from .bench import cli as bench
from .chip import cli as chip
from .errors import ToolError
from .pico import backup, deploy, firmware, link
from .sim import cli as sim
from .sim import screenshots
from .web import build as web

# command: (handler, its argument parser, what it does)
_COMMANDS = {
    "sim": (sim.run, sim.arguments, "the gadget in this terminal under the real MicroPython runtime, "
            "or a script of presses played into PNG and text frames (make sim)"),
    "web": (web.run, web.arguments, "the gadget as a web page: built into build/web/ and served on localhost (make web)"),
    "screenshots": (screenshots.run, screenshots.arguments, "the README's pictures, from the games' test scripts "
                    "(make screenshots)"),
    "bench": (bench.run, bench.arguments, "the compiled image's speed, heap and flash wear against the budgets, "
              "in Pico milliseconds (make bench)"),
    "chip": (chip.run, chip.arguments, "Schaffner on an emulated RP2040 with the real firmware: make deploy, every "
             "recorded game, faults; a table of verdicts (make chip)"),
    "firmware": (firmware.run, firmware.arguments, "a MicroPython 1.28 image per board with Schaffner frozen in "
                 "(make firmware)"),
    "deploy": (deploy.run, deploy.arguments, "the compiled files onto a Pico, so it works afterwards or nothing "
               "changed (make deploy)"),
    "backup": (backup.run_backup, backup.backup_arguments, "a gadget's saves, history and settings to a file "
               "(make backup)"),
    "restore": (backup.run_restore, backup.restore_arguments, "such a file back onto a gadget (make restore)"),
    "export": (export.run, export.arguments, "the games a Pico kept as history.csv and history.json (make export)"),
    "compile-check": (checks.run_compile, checks.compile_arguments, "mpy-cross over every file that goes on the "
                      "device, and the .mpy files' size (make compile)"),
    "typecheck": (checks.run_types, checks.type_arguments, "mypy over the device code against the MicroPython rp2 "
                  "stubs, once per board (make typecheck)"),
    "ttr-score": (ttr_score.run, ttr_score.arguments, "Ticket to Ride Austria's final scoring of a game kept in "
                  "files"),
}


class State:
    """What a command's run shares beyond its arguments: where its words go (out), and the
    way to the Pico on USB (pico/link.py), the one link deploy, backup, restore and export
    use.  ports and connect stand in for the serial ports and the board in tests."""

    def __init__(self, out=None, ports=None, connect=None):
        self.out = out or _say
        self.ports = ports or link.usb_serial_ports
        self.connect = connect or link.MpremoteBoard

    def port(self, given=None):
        """The port given, else the one Pico on USB; ToolError for none or several."""
        return link.find_port(given, self.ports)

    def pico(self, port):
        """The board on port in one session (link.py); ToolError if it does not answer.
        The command resets it when it is done with it: the gadget starts again."""
        return link.connect(port, self.connect)


def _say(text):
    print(text, flush=True)  # at once, also into a pipe: a command may run for minutes


def usage():
    width = max(len(name) for name in _COMMANDS)
    lines = ["usage: python -m host_tools COMMAND [args]   (COMMAND --help: its options)", ""]
    lines += ["  %-*s  %s" % (width, name, what) for name, (_, _, what) in _COMMANDS.items()]
    return "\n".join(lines)


def main(argv=None, state=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0 if argv else 2
    if argv[0] not in _COMMANDS:
        print("unknown command %r\n%s" % (argv[0], usage()), file=sys.stderr)
        return 2
    name = argv[0]
    run, arguments, what = _COMMANDS[name]
    parser = argparse.ArgumentParser(prog="python -m host_tools " + name, description=what)
    arguments(parser)
    args = parser.parse_args(argv[1:])
    try:
        return run(state or State(), args) or 0
    except ToolError as exc:
        print("%s: %s" % (name, exc), file=sys.stderr)
        return exc.code
