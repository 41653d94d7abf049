"""python -m host_tools COMMAND [args]: the command table, and the run state each command gets.

Each command pairs its handler, ``run(state, args)``, with its own small argument parser,
``arguments(parser)``, in _COMMANDS: the module that holds both, and their names there.  A
command's module is imported only when it runs, so a command needs nothing of the others
(make deploy runs from a tree without the simulator's or the tests' files).  A handler
returns its exit status (0, or 1 where it measured something over budget) or raises
ToolError, which main() prints in words as "COMMAND: why" and exits with its code.
``python -m host_tools COMMAND --help`` lists a command's options; the Makefile's targets
call these commands.
"""
import argparse
import importlib
import sys

from .errors import ToolError
from .pico import link

# command: (its module, the handler and the argument parser there, what it does)
_COMMANDS = {
    "sim": ("sim.cli", "run", "arguments", "the gadget in this terminal under the real MicroPython runtime, "
            "or a script of presses played into PNG and text frames (make sim)"),
    "web": ("web.build", "run", "arguments", "the gadget as a web page: built into build/web/ and served on "
            "localhost (make web)"),
    "screenshots": ("sim.screenshots", "run", "arguments", "the README's pictures, from the games' test scripts "
                    "(make screenshots)"),
    "bench": ("bench.cli", "run", "arguments", "the compiled image's speed, heap and flash wear against the "
              "budgets, in Pico milliseconds (make bench)"),
    "chip": ("chip.cli", "run", "arguments", "Schaffner on an emulated RP2040 with the real firmware: make deploy, "
             "every recorded game, faults; a table of verdicts (make chip)"),
    "chip-upgrade": ("chip.upgrade", "run", "arguments", "0.1.0 with a game in play on an emulated Pico, upgraded "
                     "by make deploy and by flashing this tree's image: the game must go on (make chip-upgrade)"),
    "firmware": ("pico.images", "run", "arguments", "MicroPython 1.28 images with Schaffner frozen in, per board "
                 "and chip: a Pico's RP2040, a Pico 2's RP2350 (make firmware)"),
    "release": ("pico.release", "run", "arguments", "dist/schaffner-<version>/: every image, the web page zipped, "
                "the notes from CHANGELOG.md, SHA256SUMS (make release)"),
    "deploy": ("pico.deploy", "run", "arguments", "the compiled files onto a Pico, so it works afterwards or "
               "nothing changed (make deploy)"),
    "backup": ("pico.backup", "run_backup", "backup_arguments", "a gadget's saves, history and settings to a file "
               "(make backup)"),
    "restore": ("pico.backup", "run_restore", "restore_arguments", "such a file back onto a gadget (make restore)"),
    "export": ("export", "run", "arguments", "the games a Pico kept as history.csv, history.json and history.bgsplay (make export)"),
    "compile-check": ("checks", "run_compile", "compile_arguments", "mpy-cross over every file that goes on the "
                      "device, and the .mpy files' size (make compile)"),
    "typecheck": ("checks", "run_types", "type_arguments", "mypy over the device code against the MicroPython rp2 "
                  "stubs, once per board (make typecheck)"),
    "ttr-score": ("ttr_score", "run", "arguments", "Ticket to Ride Austria's final scoring of a game kept in files"),
}


class State:
    """What a command's run shares beyond its arguments: where its words go (out), and the
    way to the Pico on USB (pico/link.py), the one link deploy, backup, restore and export
    use, which sets the gadget's clock to now().  ports, connect and now stand in for the
    serial ports, the board and the PC's clock in tests."""

    def __init__(self, out=None, ports=None, connect=None, now=None):
        self.out = out or _say
        self.ports = ports or link.usb_serial_ports
        self.connect = connect or link.MpremoteBoard
        self.now = now or link.pc_time

    def port(self, given=None):
        """The port given, else the one Pico on USB; ToolError for none or several."""
        return link.find_port(given, self.ports)

    def pico(self, port):
        """The board on port in one session (link.py), its clock set to the PC's; ToolError
        if it does not answer.  The command resets it when it is done with it: the gadget
        starts again, its clock kept."""
        return link.connect(port, self.connect, self.now)


def _say(text):
    print(text, flush=True)  # at once, also into a pipe: a command may run for minutes


def usage():
    width = max(len(name) for name in _COMMANDS)
    lines = ["usage: python -m host_tools COMMAND [args]   (COMMAND --help: its options)", ""]
    lines += ["  %-*s  %s" % (width, name, what) for name, (_, _, _, what) in _COMMANDS.items()]
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
    module, handler, arguments, what = _COMMANDS[name]
    tool = importlib.import_module("." + module, __package__)
    parser = argparse.ArgumentParser(prog="python -m host_tools " + name, description=what)
    getattr(tool, arguments)(parser)
    args = parser.parse_args(argv[1:])
    try:
        return getattr(tool, handler)(state or State(), args) or 0
    except ToolError as exc:
        print("%s: %s" % (name, exc), file=sys.stderr)
        return exc.code
