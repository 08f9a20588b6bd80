"""`python -m pushlint ARGS`: runs the binary with ARGS and exits with its status."""

import os
import subprocess
import sys

from pushlint import find_pushlint_bin


def main() -> None:
    binary = find_pushlint_bin()
    if sys.platform == "win32":
        sys.exit(subprocess.call([binary, *sys.argv[1:]]))
    os.execv(binary, [binary, *sys.argv[1:]])


if __name__ == "__main__":
    main()
