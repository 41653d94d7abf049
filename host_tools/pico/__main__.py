"""python host_tools/pico COMMAND [options]; COMMAND --help lists a command's options."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from pico import backup, deploy, firmware, release  # noqa: E402

COMMANDS = {"deploy": deploy.main, "firmware": firmware.main, "backup": backup.main,
            "restore": backup.restore_main, "release": release.main}


def main(argv):
    if not argv or argv[0] not in COMMANDS:
        print("usage: python host_tools/pico {%s} [options]" % ",".join(COMMANDS), file=sys.stderr)
        return 2
    return COMMANDS[argv[0]](argv[1:])


sys.exit(main(sys.argv[1:]))
