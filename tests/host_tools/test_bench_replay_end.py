"""make bench's replay through the main loop ends in the game its recording ended in.

The recording's driver saves each press at once; the loop, as the gadget, leaves flash
work for the hands' pause.  A finished game is owed its history record until that
work is done, and its save says so: the replay's fingerprint is taken once the hands
have left and no work waits (bench_loop.Loop.leave), or it can never match.
"""
from host_tools import budgets
from host_tools.bench.mp.presses import presses
from host_tools.bench.runtime import build_image, measured, record


def test_a_finished_games_replay_ends_in_the_recorded_game(tmp_path):
    image, _ = build_image("pico_oled", str(tmp_path))
    rec = record(image, "pico_oled", "taubertal")
    r_ms, _ = budgets.pico_reference_ms()
    drawing = "%g,%g" % budgets.DRAWING["pico_oled"]
    args = "pico_oled %s %s %s %s" % (rec["seed"], r_ms, drawing, rec["events"])
    vals, lines = measured(image, "bench_loop", args)
    assert len([line for line in lines if line.startswith("PRESS ")]) == len(presses(rec["events"]))
    assert vals["digest"] == rec["digest"]
