"""pushlint: the prebuilt pushlint binary, installed by pip as the `pushlint` script.

`find_pushlint_bin()` returns its path, for tools that run it from Python.
"""

import os
import sys
import sysconfig

__version__ = "@VERSION@"


def find_pushlint_bin() -> str:
    """The pushlint executable this package installed (in the scripts folder of its environment)."""
    name = "pushlint.exe" if sys.platform == "win32" else "pushlint"
    candidates = [sysconfig.get_path("scripts")]
    if sys.version_info >= (3, 10):
        user_scheme = sysconfig.get_preferred_scheme("user")
        candidates.append(sysconfig.get_path("scripts", scheme=user_scheme))
    candidates.append(os.path.join(os.path.dirname(os.path.dirname(sys.executable)), "bin"))
    for folder in candidates:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    raise FileNotFoundError(f"the pushlint binary is not in {', '.join(candidates)}; reinstall the pushlint package")
