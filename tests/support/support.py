"""Helpers for tests that run under both pytest (CPython) and MicroPython."""


def raises(exc_type, fn, *args, **kwargs):
    """Call fn and return the exception of exc_type it raised; fail if it did not."""
    try:
        fn(*args, **kwargs)
    except exc_type as exc:
        return exc
    raise AssertionError("expected %s from %s" % (exc_type.__name__, getattr(fn, "__name__", fn)))


def rejects(obj, fn, *args, **kwargs):
    """fn must raise ValueError and leave obj.to_dict() exactly as it was; returns the message."""
    before = obj.to_dict()
    exc = raises(ValueError, fn, *args, **kwargs)
    assert obj.to_dict() == before, "state changed by a rejected action"
    msg = str(exc.args[0]) if exc.args else ""
    assert msg, "ValueError without a message"
    return msg


def stepped(body):
    """Make a generator function a test (pytest refuses generator test functions):
    the test returns the generator and both runners step through it."""
    def test(*args):  # args: self, when body is a method
        return body(*args)
    return test


def picks(d, *labels):
    """An app test's step per menu row: d.pick each label in turn, then yield."""
    for label in labels:
        d.pick(label)
        yield
