"""Runs one shared test module inside MicroPython (the WebAssembly runtime).

Collects ``test*`` functions and ``Test*`` classes' ``test*`` methods, runs each,
and prints one line per failure plus a closing ``RESULT passed failed`` line for
the Node driver.  The runtime starts with the Pico's heap; it can grow a new
heap segment on demand, which on a Pico would have been a MemoryError, so any
growth of the heap counts as a failure of the test that caused it.
"""
import gc
import sys


def _heap_total():
    return gc.mem_alloc() + gc.mem_free()


def _cases(module):
    names = sorted(dir(module))
    for name in names:
        obj = getattr(module, name)
        if name.startswith("test") and callable(obj) and not isinstance(obj, type):
            yield name, obj, None
    for name in names:
        obj = getattr(module, name)
        if name.startswith("Test") and isinstance(obj, type):
            for meth in sorted(dir(obj)):
                if meth.startswith("test"):
                    yield name + "." + meth, obj, meth


def _call(obj, meth):
    if meth is None:
        obj()
        return
    inst = obj()
    setup = getattr(inst, "setUp", None)
    if setup:
        setup()
    try:
        getattr(inst, meth)()
    finally:
        teardown = getattr(inst, "tearDown", None)
        if teardown:
            teardown()


def run(modname):
    gc.collect()
    start_total = _heap_total()
    module = __import__(modname)
    passed = failed = 0
    for label, obj, meth in _cases(module):
        try:
            _call(obj, meth)
            ok = True
        except Exception as exc:
            ok = False
            print("FAIL %s.%s" % (modname, label))
            sys.print_exception(exc)
        gc.collect()
        if _heap_total() != start_total:
            if ok:
                print("FAIL %s.%s: heap grew past the Pico's cap" % (modname, label))
            ok = False
            start_total = _heap_total()
        if ok:
            passed += 1
        else:
            failed += 1
    print("RESULT %d %d" % (passed, failed))
