"""make chip's PC side, by hand-computed cases: the simulator's frames made into the bytes
the chip's display shows, the cable that can be
pulled, the probe's lines, and the table's figures and verdicts (host_tools/chip/).
The emulated chip itself is make chip's, not make test's."""
import os
import subprocess
import sys

from app.colours import PALETTE
from drivers.st7789 import rgb444
from host_tools.chip import emulated, faults, recorded, report, screens
from host_tools.paths import HOST_TOOLS
from host_tools.sim import frames

CHIP = os.path.join(HOST_TOOLS, "chip")


def test_a_press_is_named_as_the_player_knows_it():
    assert recorded.name(7) == "long BACK" and recorded.name(1) == "DOWN"


def test_the_oled_frame_is_its_pixels_row_by_row():
    buf = bytearray(128 * 64 // 8)
    buf[10 * 16 + (3 >> 3)] |= 0x80 >> (3 & 7)  # MONO_HLSB: x 3, y 10 (the left pixel in the top bit)
    buf[63 * 16 + 15] |= 0x01  # the bottom right corner
    out = screens.canonical("pico_oled", buf.hex())
    assert len(out) == 128 * 64 and sum(out) == 2
    assert out[10 * 128 + 3] == 1 and out[63 * 128 + 127] == 1


def test_the_display_pack_frame_is_the_rgb444_the_driver_sends():
    buf = bytearray(240 * 135 // 2)
    buf[(2 * 240 + 5) >> 1] = 0x07  # GS4_HMSB: x 4 palette 0 (high nibble), x 5 palette 7 (low)
    out = screens.canonical("pico_display_pack", buf.hex())
    assert len(out) == 240 * 135 * 3
    # yellow (250, 210, 0): by hand, the nearest of 16 levels 14.7 -> 15, 12.4 -> 12, 0
    assert rgb444(*PALETTE[7]) == 0xFC0
    for x, index in ((4, 0), (5, 7)):
        v = rgb444(*PALETTE[index])
        at = (2 * 240 + x) * 3
        assert tuple(out[at:at + 3]) == (v >> 8, v >> 4 & 15, v & 15)
    assert screens.key("pico_display_pack", buf.hex()) != screens.key("pico_display_pack", bytes(len(buf)).hex())


def test_a_frame_is_lit_when_any_pixel_is(tmp_path):
    dark = [[0] * 16 for _ in range(8)]
    frames.write_png(str(tmp_path / "dark.png"), dark, None, 1)
    dark[7][15] = 1
    frames.write_png(str(tmp_path / "lit.png"), dark, None, 1)
    assert not emulated.lit(str(tmp_path / "dark.png"))
    assert emulated.lit(str(tmp_path / "lit.png"))


def test_the_probes_lines_give_the_count_at_start_and_after_each_event():
    out = "MPY: soft reboot\r\nCHIP boot 5 /slot_a\r\nCHIP n 6\r\nCHIP heap 100 90 240000\r\nCHIP n 5\r\n"
    assert faults._counts(out) == (5, [6, 5])
    assert faults._counts("no game\r\n") == (None, [])


def test_the_cable_is_pulled_after_the_bytes_it_was_given(tmp_path):
    count, seen = tmp_path / "count", tmp_path / "seen"
    # a stand-in for run.mjs: says when it runs; stopped or cut off, it notes what it got
    script = ("let got = 0; const done = () => { require('fs').writeFileSync(%r, String(got)); process.exit(0); };"
              "process.on('SIGTERM', done); process.stdin.on('data', (d) => { got += d.length; });"
              "process.stdin.on('end', done); console.log('ready');" % str(seen))
    env = dict(os.environ, CHIP_CABLE_BYTES="10", CHIP_CABLE_COUNT=str(count))
    proc = subprocess.Popen([sys.executable, os.path.join(CHIP, "cable.py"), "-e", script],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    assert proc.stdout.readline() == b"ready\n"
    proc.stdin.write(b"x" * 100)
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0
    assert count.read_text() == "10"
    assert int(seen.read_text()) <= 10  # nothing past the pull reached the chip


def test_an_unpulled_cable_counts_everything(tmp_path):
    count = tmp_path / "count"
    env = dict(os.environ, CHIP_CABLE_COUNT=str(count))
    env.pop("CHIP_CABLE_BYTES", None)
    proc = subprocess.run([sys.executable, os.path.join(CHIP, "cable.py"), "-e", "process.stdin.resume()"],
                          input=b"y" * 5000, env=env, timeout=30)
    assert proc.returncode == 0 and count.read_text() == "5000"


def _press(i, finger, event, frame, gap=12.0, erases=0, programmed=0, changes=()):
    return {"i": i, "ev": 2, "lost": 0, "down": finger - 100, "finger": finger, "event": event,
            "frame": frame, "rest": frame + 100, "gap": gap, "gapErases": 0, "gapFrames": 0,
            "erases": erases, "programmed": programmed, "changes": list(changes)}


def _board(presses, actions, heap=None, checks=()):
    game = {"presses": presses, "labels": ["t press %d" % p["i"] for p in presses], "actions": actions,
            "played": len(presses), "output": "", "heap": heap}
    return {"games": {"trainmaker": game}, "checks": list(checks), "first_boot": 900.0, "mpy_bytes": 1024}


def test_the_figures_are_timed_from_the_finger_and_from_the_event():
    presses = [_press(0, 1000, 1030, 1050, erases=1, programmed=256),
               _press(1, 2000, 2040, 2100, gap=55.0),
               _press(2, 3000, 3030, 3040, changes=(10, 100, 590, 620)),
               dict(_press(3, 4000, 4030, 0), frame=None)]
    f = report.figures(_board(presses, ["start", "-", "roll", "-"], [2048, 900, 240000]))
    assert f["finger"] == (50, 100, 100)  # median, p99, max of 50, 100, 40
    assert f["event"] == (20, 60, 60)
    assert f["gap"] == (55.0, "t press 1", "neither a flash erase nor a frame") and f["unframed"] == 1
    assert f["actions"] == 2 and f["erases"] == 0.5 and f["programmed"] == 128
    assert f["odds"] == (20, "t press 2")  # the last frame 620 ms after the press: 20 past the tumble
    assert f["heap"] == (2048, 900, 240000)
    assert "compute" not in f  # no press says when its frame's send began
    assert "held" not in f and "waits" not in f  # results from before the hands' figures


def test_the_hands_figures_count_the_presses_that_waited_and_the_longest_gap_near_them():
    presses = [dict(_press(0, 1000, 1010, 1020), waits=0, held=11.0, heldRaw=50.0, heldErases=0, answer=26.0,
                    apart=47.0, apartErases=1),
               dict(_press(1, 2000, 2010, 2060), waits=2, held=48.5, heldRaw=51.0, heldErases=1, answer=24.0,
                    apart=48.5, apartErases=1),
               dict(_press(2, 3000, 3010, 3020), waits=1, held=12.0, heldRaw=12.0, heldErases=0, answer=31.5,
                    apart=12.0, apartErases=0)]
    f = report.figures(_board(presses, ["a", "b", "c"]))
    assert f["waits"] == (2, "t press 1")  # two presses waited; the first named
    assert f["held"] == (48.5, 51.0, "t press 1", 1)  # the most awake, the gap it was in
    assert f["answer"] == (31.5, "t press 2")  # the longest poll that answered a press, apart
    assert f["apart"] == (48.5, "t press 1", 1)  # the longest gap of all the others
    lines, over, _, _ = report.table({"seed": 1, "boards": {"pico_oled": _board(presses, ["a", "b", "c"])}})
    assert any(line.startswith("presses that had to wait for flash work") and "OVER" in line for line in lines)
    assert any("own poll left out: 48.5 ms awake in a gap of 51.0 ms, at t press 1 (1 flash erases" in line
               for line in lines)
    assert any(line.startswith("  a press's own poll") and "31.5" in line for line in lines)
    assert any(line.startswith("  the same, a press's own poll left out") and "48.5" in line for line in lines)
    assert any("own poll left out, less sleep: 48.5 ms, at t press 1 (1 flash erases" in line for line in lines)


def test_over_budget_figures_and_failed_checks_are_counted_apart():
    fast = [_press(0, 1000, 1010, 1020, gap=10.0)]
    results = {"seed": 1, "boards": {"pico_oled": _board(fast, ["start"])}}
    assert report.table(results)[1:] == (0, 0, 1)  # the game's screens are a check passed
    slow = [_press(0, 1000, 1010, 1060, gap=10.0)]  # 60 ms from the finger: p99 and median over
    checks = [{"kind": "power cut", "ok": True, "what": "fine", "boot_ms": 400.0},
              {"kind": "saves moved", "ok": False, "what": "the game came with 0 actions, not 2"}]
    results = {"seed": 1, "boards": {"pico_oled": _board(slow, ["start"], checks=checks)}}
    lines, over, failed, passed = report.table(results)
    assert (over, failed, passed) == (2, 1, 2)
    assert any("FAILED the game came with 0 actions" in line for line in lines)
    assert any("1 power cuts: 1 booted with the game" in line for line in lines)


def test_the_heap_peak_is_placed_after_the_events_before_it():
    out = "CHIP heap 100 90 200\nCHIP n 1\nCHIP n 2\nCHIP heap 150 95 200\nCHIP n 3\nCHIP heap 140 99 200\nCHIP n 4\n"
    assert faults.heap_peak_at(out) == 2  # 150 came after the second event; 140 is no new most
    assert faults.heap_peak_at("CHIP n 1\n") is None


def test_the_names_interned_are_read_at_the_last_most_and_reported_for_the_game_with_most():
    out = ("CHIP heap 100 90 200\nqstr pool: n_pool=6, n_qstr=1195, n_str_data_bytes=9866, n_total_bytes=17610\n"
           "CHIP heap 150 95 200\nqstr pool: n_pool=7, n_qstr=1264, n_str_data_bytes=11054, n_total_bytes=26510\n")
    assert faults.names_in(out) == [7, 1264, 26510]
    assert faults.names_in("CHIP heap 100 90 200\n") is None
    board = _board([_press(0, 1000, 1030, 1050)], ["start"])
    board["names"] = {"trainmaker": [7, 1264, 26510], "taubertal": [6, 1200, 17000]}
    f = report.figures(board)
    assert f["names"] == (1264, 7, 26510, "trainmaker")
    assert any("1264 in 7 pools, 25.9 KB, at most (trainmaker)" in line for line in report._figure_lines(f))
