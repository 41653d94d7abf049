"""host_tools/export.py: from a history the simulator wrote (all three games played
through), history.csv and history.json say what the gadget's screens show; the
Pico is read over the link every tool uses (pico/link.py; its commands run on real
MicroPython in test_deploy_board.py), changing nothing, and restarted; no Pico, a
missing file, damaged records and a cleared history each get a clear message, and
every complete record is exported.
"""
import csv
import json
import re
import os
import shutil

from app.history import OLD_SLOT, SLOT
from fakeboard import FakeBoard
from host_tools import export
from host_tools.main import State, main
from host_tools.pico.link import BoardGone
from host_tools.sim import device as sim

SEED = 16  # play_trainmaker's dice


def _record(key, game="ttr_austria", players=(("Red", 50, 1), ("Blue", 40, 2)), **more):
    # a record of the versions before names, in history.log's slots
    rec = {"v": 1, "k": key, "g": game, "d": "2025-05-12", "a": 20, "t": None, "w": players[0][0],
           "h": "points", "b": "", "u": "VP", "p": [list(p) for p in players]}
    rec.update(more)
    text = json.dumps(rec, separators=(",", ":"))
    return ("\n" + text + " " * (OLD_SLOT - 1 - len(text))).encode()


def _named(key, names, **more):  # a record with names, in plays.log's slots
    rec = {"v": 2, "k": key, "g": "taubertal", "d": "2026-12-01", "c": "21:40", "m": 95, "a": 180, "t": 42,
           "w": "Blue", "h": "points", "b": "", "u": "VP", "p": [["Red", 12, 2], ["Blue", 16, 1]], "n": names}
    rec.update(more)
    text = json.dumps(rec, separators=(",", ":"))
    return ("\n" + text + " " * (SLOT - 1 - len(text))).encode()


def test_names_time_and_minutes_are_exported_after_the_old_records(tmp_path):
    files = {"history.log": _record(1), "plays.log": _named(2, ["Jörg", ""]) + _named(3, ["", "Anna-Lena"])}
    rc, out, rows, said = _export(files, tmp_path)
    assert rc == 0 and [g["key"] for g in out["games"]] == [1, 2, 3]
    old, new = out["games"][0], out["games"][1]
    assert old["time"] is None and old["duration_min"] is None and [p["name"] for p in old["players"]] == ["", ""]
    assert new["time"] == "21:40" and new["duration_min"] == 95
    assert new["players"][0] == {"seat": 1, "colour": "Red", "name": "Jörg", "score": 12, "place": 2, "won": False}
    assert [r["name"] for r in rows] == ["", "", "Jörg", "", "", "Anna-Lena"]
    assert rows[2]["time"] == "21:40" and rows[2]["duration_min"] == "95" and rows[0]["time"] == ""
    bad = _named(4, ["Jörg"]) + _named(5, ["", ""], c="9:40") + _named(6, ["", ""], m=0)
    recs, problems = export.records({"plays.log": bad})
    assert recs == [] and [p.split(": ", 1)[1] for p in problems] == [
        "names ['Jörg'] are not one per player; left out", "time '9:40' is not HH:MM; left out",
        "minutes 0 are not a number; left out"]


def _export(files, tmp_path):
    said = []
    rc = export.export(files, str(tmp_path), "test", say=said.append)
    with open(tmp_path / "history.json") as f:
        data = json.load(f)
    with open(tmp_path / "history.csv") as f:
        rows = list(csv.DictReader(f))
    return rc, data, rows, said


# --- a history made by the simulator ---------------------------------------------

def _presses(game):
    """The game's end-to-end script played on CPython; its presses and ticks for the simulator."""
    from appdriver import Driver
    from memfiles import MemFiles
    from schaffner.rng import Rng
    d = Driver(MemFiles(), Rng(SEED))
    for _ in __import__("play_" + game).play(d):
        pass
    return d.log


def _forget_roster(save):
    """The gadget as the scripts start from: nobody in the roster, so a setup asks no names."""
    from app.flash import OsFiles
    from small import small_put, small_saved
    fs = OsFiles()
    settings = small_saved(fs, "settings", str(save))
    if settings:
        small_put(fs, "roster", None, str(save))
        settings["players"] = 0
        small_put(fs, "settings", settings, str(save))


def _play(save, log):
    dev = sim.Device("pico_oled", SEED, str(save))
    try:
        for e in log:
            if e >= 0:
                dev.press(e)
            else:
                dev.tick(-1 - e)
    finally:
        dev.close()
    assert not dev.errors, dev.errors


def _pages(dev):
    """A text view's lines, page by page (long DOWN), as one string."""
    text = []
    for _ in range(3):
        text += dev.text
        dev.press(1 | 4)
    return " ".join(" ".join(text).split())


def _screens(save, count):
    """The history list, each kept game's result table (newest first) and the dice check,
    as the gadget shows them."""
    dev = sim.Device("pico_oled", SEED, str(save))
    shown = []
    try:
        # the main menu: Resume game, New game, Undo last, History, Settings
        for _ in range(3 if "Resume game" in dev.text else 1):
            dev.press(1)
        dev.press(2)
        rows = " ".join(dev.text)
        for _ in range(count + 2):  # the OLED shows two games a page: every row, and back up
            dev.press(1)
            rows += " " + " ".join(dev.text)
        for _ in range(count + 2):
            dev.press(0)
        dev.press(1)
        dev.press(1)  # Dice check (after By player and By colour)
        dev.press(2)
        dev.tick(1 << 20)
        dice = _pages(dev)
        dev.press(3)
        for _ in range(count):
            dev.press(1)
            dev.press(2)
            shown.append(_pages(dev))
            dev.press(3)
    finally:
        dev.close()
    return rows, shown, dice


def test_the_export_of_a_simulated_history_says_what_the_screens_show(tmp_path):
    save = tmp_path / "data"
    save.mkdir()
    for game in ("taubertal", "ttr_austria", "trainmaker"):
        for name in os.listdir(save):
            if name.startswith("game."):  # each script starts from a gadget with no game to resume
                shutil.rmtree(save / name) if os.path.isdir(save / name) else os.remove(save / name)
        _forget_roster(save)  # the TtR script names its players; the others seat colours
        _play(save, _presses(game))
    rows, shown, dice_screen = _screens(save, 3)
    rc = main(["export", "--from", str(save), "--out", str(tmp_path)])
    assert rc == 0
    with open(tmp_path / "history.json") as f:
        data = json.load(f)
    games = data["games"]
    assert [g["game"] for g in games] == ["taubertal", "ttr_austria", "trainmaker"]
    assert [g["winner"] for g in games] == ["Blue", "Red", "Red"]
    for g, screen in zip(reversed(games), shown):  # the screens list the newest first
        assert g["title"] in screen and "Date not set" in screen and g["date"] is None
        for p in g["players"]:
            # the name, where the seat has one, as the screen fits it (Joerg, Anna-.)
            assert re.search(r"\b%d %s (\S+ )?%d\b" % (p["place"], p["colour"], p["score"]), screen), (p, screen)
        assert "Actions %d" % g["actions"] in screen
        if g["turns"] is not None:
            assert "Turns %d" % g["turns"] in screen
        if g["tiebreak"]:
            assert "Tie: " + g["tiebreak"] in screen
        assert ("Place %s" % g["score_unit"]) in screen
        row = "%s %s" % (g["title"].replace("-", " ").split(" ")[0], g["winner"])  # the game in a word, its winner
        assert row in " ".join(rows.split()), (row, rows)
    with open(tmp_path / "history.csv") as f:
        table = list(csv.DictReader(f))
    assert len(table) == 4 + 4 + 3
    assert table[1] == {"number": "1", "date": "", "time": "", "duration_min": table[1]["duration_min"],
                        "game": "taubertal", "title": "Taubertal-Expr.",
                        "players": "4", "seat": "2", "colour": "Blue", "name": "", "score": "16", "score_unit": "VP",
                        "place": "1", "won": "yes", "winner": "Blue", "won_by": "points",
                        "tiebreak": "pioneer", "turns": "84", "actions": str(games[0]["actions"])}
    dice = data["dice"]  # the Trainmaker game is still in play: its save holds its rolls
    assert dice["verdict"] == "Dice look fair" and dice["degrees_of_freedom"] == 4
    assert dice["dice"] == sum(dice["faces"].values()) > 100
    assert dice["verdict"] in dice_screen and "%d dice" % dice["dice"] in dice_screen
    assert "p=%.3f" % dice["p_value"] in dice_screen and "chi2=%.1f" % dice["chi_square"] in dice_screen
    for short, face in zip(("Loco", "Pass.", "Box", "Flat", "Cab."), dice["faces"]):
        got = "%s %d/%d" % (short, dice["faces"][face], round(dice["expected"][face]))
        assert got in dice_screen, (got, dice_screen)


# --- the Pico ----------------------------------------------------------------------

def test_the_pico_is_read_over_the_link_changing_nothing_and_restarted(tmp_path):
    files = {"/data/history.log": _record(1) + _record(2), "/data/dice.log": b'\n["g", 2, 1, 1, 1, 1]',
             "/data/game.log/0": b'\n{"gen":1}\n["roll"]',  # the game's log, in its folder
             "/data/kept1/game.json": b"{}",  # a save kept aside: not the history's
             "/slot_a/main.mpy": b"M"}
    board = FakeBoard(files)
    ports = []

    def connect(port):
        ports.append(port)
        return board

    said = []
    rc = main(["export", "--out", str(tmp_path)],
              State(out=said.append, ports=lambda: [("/dev/ttyACM0", 0x2E8A)], connect=connect))
    assert rc == 0 and ports == ["/dev/ttyACM0"] and said[0].startswith("reading /dev/ttyACM0")
    assert board.files == files and board.resets == 1  # nothing written; the gadget started again
    assert [name for name, _ in board.log] == ["data_files", "reset"]
    assert export.read_pico(FakeBoard(files)) == {
        "history.log": files["/data/history.log"], "dice.log": files["/data/dice.log"],
        "game.log/0": files["/data/game.log/0"]}
    with open(tmp_path / "history.json") as f:
        assert [g["key"] for g in json.load(f)["games"]] == [1, 2]


def test_a_cable_pulled_during_the_read_or_a_board_that_does_not_answer_is_an_error(tmp_path, capsys):
    board = FakeBoard({"/data/history.log": _record(1)}, cut=0)
    assert main(["export", "--port", "p", "--out", str(tmp_path)], State(connect=lambda port: board)) == 2
    assert "reading the Pico on p failed (cable pulled)" in capsys.readouterr().err

    def silent(port):
        raise BoardGone("could not enter raw repl")
    assert main(["export", "--port", "p", "--out", str(tmp_path)], State(connect=silent)) == 2
    assert "the board on p does not answer" in capsys.readouterr().err
    assert os.listdir(tmp_path) == []


def test_no_pico_connected_says_so_and_changes_nothing(tmp_path, capsys):
    def connect(port):
        raise AssertionError("nothing may be asked without a Pico")

    state = State(ports=lambda: [("/dev/ttyS0", None)], connect=connect)
    assert main(["export", "--out", str(tmp_path / "out")], state) == 2
    assert "no Pico found on USB" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


# --- bad files -----------------------------------------------------------------------

def test_a_damaged_record_is_reported_where_it_is_and_the_others_are_exported(tmp_path):
    torn = b'\n{"v":1,"k":2,"g":"ttr_au'
    data = _record(1) + torn + b"#" * (OLD_SLOT - len(torn)) + _record(3) + _record(4)[:100]
    rc, out, rows, said = _export({"history.log": data}, tmp_path)
    assert rc == 1
    assert [g["key"] for g in out["games"]] == [1, 3] and len(rows) == 4
    assert out["problems"] == [
        "history.log record 2 (bytes 256-511) is damaged: not a complete record; left out",
        "history.log ends with an incomplete record (100 bytes after byte 768), cut off while it was written; "
        "the device drops it too"]
    assert said[0] == "problem: " + out["problems"][0]


def test_records_that_are_json_but_not_ours_are_named():
    bad = (_record(1, p=[["Red", "ten", 1]]) + _record(2, v=7) + _record(3, d="12.5.2025")
           + _record(4, k="x"))
    recs, problems = export.records({"history.log": bad})
    assert recs == []
    assert [p.split(" is damaged: ")[1] for p in problems] == [
        "player ['Red', 'ten', 1] is not [colour, score, place]; left out",
        "unknown record version 7; left out", "date '12.5.2025' is not YYYY-MM-DD; left out",
        "field 'k' missing or wrong; left out"]


def test_another_file_is_not_taken_for_a_history(tmp_path):
    save = tmp_path / "game.json"
    save.write_text('{"app": "schaffner", "v": 1, "game": "taubertal"}')
    assert main(["export", "--from", str(save), "--out", str(tmp_path / "out")]) == 1
    with open(tmp_path / "out" / "history.json") as f:
        data = json.load(f)
    assert data["games"] == [] and data["problems"] == [
        "%s is not a Schaffner history file (its records start with a new line and '{'); left out" % save]
    assert main(["export", "--from", str(tmp_path / "nothing"), "--out", str(tmp_path / "o2")]) == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["export", "--from", str(empty), "--out", str(tmp_path / "o3")]) == 2
    assert not (tmp_path / "o2").exists() and not (tmp_path / "o3").exists()


def test_damaged_dice_lines_are_named_and_skipped_as_the_gadget_skips_them(tmp_path):
    files = {"dice.log": b'\n["u", 20, 10, 10, 10, 10]\n["u", 6, 3\n["g", 20, 10, 10, 10, 10]'}
    rc, out, _, _ = _export(files, tmp_path)
    assert rc == 1 and out["problems"] == ["dice.log line 2 is damaged; left out"]
    assert out["dice"]["dice"] == 120 and out["dice"]["faces"]["Locomotive"] == 40
    assert out["dice"]["verdict"] == "Dice look fair" and out["dice"]["p_value"] == 1.0


def test_a_cleared_history_exports_no_games(tmp_path):
    rc, out, rows, said = _export({"history.log": _record(1), "history.clr": b""}, tmp_path)
    assert rc == 0 and out["games"] == [] and rows == []
    assert any("cleared on the gadget (undoable there" in s for s in said)


def test_a_record_a_power_cut_left_behind_is_dropped_as_the_gadget_drops_it(tmp_path):
    from appdriver import Driver
    d = Driver()
    sheet = {"r": [0] * 8, "t": [], "pen": [], "b": [0, 0], "lt": 0, "lb": False, "we": False, "st": 0}
    from schaffner.ttr_austria.game import Game
    d.app.start_game("ttr_austria", ["Red", "Blue"], Game.from_dict({"game": "ttr_austria", "opt": [True, True, False],
                                                                     "p": [sheet, dict(sheet)]}))
    d.app.flush()  # the new game is on flash
    d.app.do(("end",))
    d.app.flush()  # the end is saved, then its record written
    kept = [bytes(b) for b in d.fs.rings["/data/plays.ring"].data]
    d.app.undo()  # an undo reopens the game: saved, then the power goes before its record is taken back
    d.app.flush()
    d.fs.rings["/data/plays.ring"].data = [bytearray(b) for b in kept]  # (the record "-" never programmed)
    files = {k[len("/data/"):]: v.encode() for k, v in d.fs.files.items()}
    for folder in ("game.ring", "plays.ring"):  # the game's log, its snapshot in it; the history's
        for k, block in enumerate(d.fs.rings["/data/" + folder].data):
            files["%s/%d" % (folder, k)] = bytes(block) + b"\xff" * (4096 - len(block))
    assert len(export.ring_records(files)) == 1
    rc, out, rows, said = _export(files, tmp_path)
    assert rc == 0 and out["games"] == [] and any("left by a power cut" in s for s in said)
