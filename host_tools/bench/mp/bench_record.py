"""Plays a game's test script through the App once and prints its presses (arg: 'game board'):
its recorded(d) where it has one (more than its test plays), else its play(d).

The presses, replayed by bench_replay on a bare App, or by bench_loop through
the main loop, with the same dice seed (printed: the script's own, if it has
one) give the same game without the test driver and script in the heap; the
digest of the game at the end tells whether they did.  Also what the presses were
for (BENCH split, press_kind()): the presses per game and per Trainmaker turn.
"""
import sys


def press_kind(app):
    """What a press on the screen now is for: "setup" before the game, "menus" off the
    play screen (or on a message); on Trainmaker's: "cards", "outcome", "roll" (on a
    Roll option), "place", "score", "other" (Stop, a cursor move, the winner's);
    elsewhere "play"."""
    s = app.session
    if s is None or app.setup_depth:
        return "setup"
    if app.message is not None or len(app.stack) != 2:
        return "menus"
    if s.game_id != "trainmaker":
        return "play"
    t = app.top
    g = t._sync(app)
    ph = g.phase()
    if ph in ("cards", "steam"):
        return "cards"
    if t._pending(g):
        return "outcome"
    if ph in ("place", "score"):
        return ph
    return "roll" if t.ring(g)[0][t.cur].startswith("Roll") else "other"


def main(arg):
    game, board = arg.split()
    from appdriver import Driver
    from bench_loop import digest
    from bench_replay import DiscardFiles
    from schaffner.rng import Rng
    play = __import__("play_" + game)
    seed = getattr(play, "SEED", 7)
    if board == "pico_display_pack":
        d = Driver(DiscardFiles(), Rng(seed), width=240, height=135, colour=True)
    else:
        d = Driver(DiscardFiles(), Rng(seed))

    split = {}
    handle = d.app.handle  # the scripts never reboot: one App throughout

    def counted(ev):
        k = press_kind(d.app)
        split[k] = split.get(k, 0) + 1
        return handle(ev)
    d.app.handle = counted

    def run():
        yield from getattr(play, "recorded", play.play)(d)  # a script's longer walk for the bench, if any
        print("BENCH split", ",".join("%s=%d" % kv for kv in sorted(split.items())))
        if game == "trainmaker":
            from schaffner.trainmaker.result import turns
            print("BENCH turns", turns(d.app.session.game))
        print("BENCH events", "".join(chr(48 + e) if e >= 0 else "t%d." % (-1 - e) for e in d.log))
        print("BENCH seed", seed)
        print("BENCH digest", digest(d.app))
        ours = [m for m in sys.modules if m.split(".")[0] in ("app", "schaffner", "drivers")]
        print("BENCH modules", ",".join(sorted(ours)))

    return run()
