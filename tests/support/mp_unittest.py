# Runs one test module inside MicroPython (the WebAssembly runtime), for mp_test.mjs.
#
# The Node driver (mp_test.mjs) calls ``collect`` once, then ``start(i)`` for
# each case and ``step()`` while a case is a generator.  Every call is a
# separate top-level call into the runtime, because this port only collects
# garbage between such calls (it cannot scan the WebAssembly stack); each call
# ends by asking for a collection.  A long test therefore returns a generator
# that yields after each button press, so memory is reclaimed between presses
# as it would be on the Pico.
#
# The runtime starts with the Pico's heap and grows a new segment when an
# allocation does not fit, which on a Pico is a MemoryError: any growth fails
# the case that caused it.
#
# Comments, not a docstring: MicroPython keeps a module's docstring compiled from
# source in the heap, and every test pays for this module's.
import gc
import sys

_cases = []
_module = None
_gen = None
_inst = None
_index = 0
_total = 0


def _heap_total():
    return gc.mem_alloc() + gc.mem_free()


def collect(modname):
    """The module's cases: its test functions (each once per entry of its PARAMETERS, if it
    has them: a tuple of arguments each), then its Test classes' test methods."""
    global _module, _total
    _module = __import__(modname)
    names = sorted(_module.__dict__)
    params = getattr(_module, "PARAMETERS", None)
    for name in names:
        obj = getattr(_module, name)
        if name.startswith("test") and callable(obj) and not isinstance(obj, type):
            for args in params if params is not None else ((),):
                _cases.append((name, obj, None, args))
    for name in names:
        obj = getattr(_module, name)
        if name.startswith("Test") and isinstance(obj, type):
            for meth in sorted(dir(obj)):
                if meth.startswith("test"):
                    _cases.append((name + "." + meth, obj, meth, ()))
    _total = _heap_total()
    print("CASES %d" % len(_cases))
    gc.collect()


def _label():
    """The case's name, made only for a failure (a case's own heap has no room for it)."""
    name, _, _, args = _cases[_index]
    return name + ("[%s]" % "-".join(str(a) for a in args) if args else "")


def _fail(exc):
    print("FAIL %s.%s" % (_module.__name__, _label()))
    sys.print_exception(exc)


def _finish(ok):
    global _gen, _inst, _total
    if _inst is not None:
        teardown = getattr(_inst, "tearDown", None)
        _inst = None
        if teardown:
            try:
                teardown()
            except Exception as exc:
                _fail(exc)
                ok = False
    _gen = None
    if _heap_total() != _total:
        print("FAIL %s.%s: heap grew past the Pico's cap" % (_module.__name__, _label()))
        ok = False
        _total = _heap_total()
    print("DONE %d" % ok)


def start(index):
    """Run case index; a generator result is left for step()."""
    global _gen, _inst, _index
    _index = index
    _, obj, meth, args = _cases[index]
    try:
        if meth is None:
            result = obj(*args)
        else:
            _inst = obj()
            setup = getattr(_inst, "setUp", None)
            if setup:
                setup()
            result = getattr(_inst, meth)()
        if result is not None and hasattr(result, "send"):
            _gen = result
            print("MORE")
        else:
            _finish(True)
    except Exception as exc:
        _fail(exc)
        _finish(False)
    gc.collect()


def step():
    """Resume the running generator case up to its next yield."""
    try:
        next(_gen)
        if _heap_total() != _total:
            _finish(False)
        else:
            print("MORE")
    except StopIteration:
        _finish(True)
    except Exception as exc:
        _fail(exc)
        _finish(False)
    gc.collect()
