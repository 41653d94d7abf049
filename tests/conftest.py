import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))
_root = os.path.dirname(_here)
for _p in (
    os.path.join(_here, "shim"),
    os.path.join(_here, "shared"),
    os.path.join(_root, "lib"),
    os.path.join(_root, "firmware"),
    _root,
):
    if _p not in sys.path:
        sys.path.insert(0, _p)
