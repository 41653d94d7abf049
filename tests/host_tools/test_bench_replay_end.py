"""make bench's replay through the main loop: it ends in the game its recording ended in,
and it tells a press's last frame from the flash work after it.

The recording's driver saves each press at once; the loop, as the gadget, leaves flash
work for the hands' pause.  A finished game is owed its history record until that
work is done, and its save says so: the replay's fingerprint is taken once the hands
have left and no work waits (bench_loop.Loop.leave), or it can never match.  A roll's
odds are on screen with its last frame; the deferred saves after it are no wait of theirs.
"""
from host_tools import budgets
from host_tools.bench.mp.presses import presses
from host_tools.bench.runtime import build_image, loop_run, record


def replay(tmp_path, game):
    """One replay of game's recording on the OLED: (its BENCH values, its Press per press, the recording)."""
    image, _ = build_image("pico_oled", str(tmp_path))
    rec = record(image, "pico_oled", game)
    r_ms, _ = budgets.pico_reference_ms()
    vals, done = loop_run(image, "pico_oled", rec["seed"], rec["events"], r_ms, game)
    return vals, done, rec


def test_a_finished_games_replay_ends_in_the_recorded_game(tmp_path):
    vals, done, rec = replay(tmp_path, "taubertal")
    assert len(done) == len(presses(rec["events"]))
    assert vals["digest"] == rec["digest"]


def test_a_rolls_last_frame_is_told_from_the_saving_after_it(tmp_path):
    _, done, _ = replay(tmp_path, "trainmaker")
    rolls = [p for p in done if p.rolled()]
    assert rolls
    assert all(0 < p.press <= p.drawn <= p.settle for p in done)
    assert any(p.drawn < p.settle - 1 for p in rolls)  # a save's steps after the odds' frame
