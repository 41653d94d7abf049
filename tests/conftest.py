import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))
_root = os.path.dirname(_here)
for _p in (
    os.path.join(_here, "support", "shims"),
    os.path.join(_here, "support"),
    os.path.join(_root, "lib"),
    os.path.join(_root, "firmware"),
    _root,
):
    if _p not in sys.path:
        sys.path.insert(0, _p)


import inspect  # noqa: E402

import pytest  # noqa: E402


def pytest_generate_tests(metafunc):
    """A module's PARAMETERS: each test function that takes arguments runs once per entry
    (a tuple of them), as tests/support/mp_unittest.py runs them on MicroPython."""
    cases = getattr(metafunc.module, "PARAMETERS", None)
    if cases is not None and metafunc.fixturenames:
        names = list(metafunc.fixturenames)
        metafunc.parametrize(names, cases, ids=["-".join(str(a) for a in case) for case in cases])


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run each test the way tests/support/mp_unittest.py does on MicroPython.

    A ``Test*`` class's ``setUp``/``tearDown`` run around each test, and a
    test that returns a generator (a long test that yields between button
    presses, so MicroPython can collect garbage) is run to its end.
    """
    inst = getattr(pyfuncitem, "instance", None)
    setup = getattr(inst, "setUp", None)
    teardown = getattr(inst, "tearDown", None)
    if setup:
        setup()
    try:
        args = {a: pyfuncitem.funcargs[a] for a in pyfuncitem._fixtureinfo.argnames}
        result = pyfuncitem.obj(**args)
        if inspect.isgenerator(result):
            for _ in result:
                pass
    finally:
        if teardown:
            teardown()
    return True


import gc  # noqa: E402

if not hasattr(gc, "mem_free"):
    # CPython has no MicroPython heap figures; the About screen only shows them.
    gc.mem_free = lambda: 0
    gc.mem_alloc = lambda: 0

# tests/fixtures holds files that tests copy into a scratch tree, not tests to collect here
collect_ignore = ["fixtures"]
