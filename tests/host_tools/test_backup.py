"""make backup and make restore (host_tools/pico/backup.py) against the stand-in Pico: the
file, what it refuses, that only /data changes, and a restore cut at every operation."""
import base64
import json

import pytest

from deploy_cases import DATA, V1, V2, board_with, changing_calls, in_slot
from fakeboard import FakeBoard
from host_tools.main import State, main
from host_tools.pico import backup

RING = {"/data/game.ring/0": bytes(range(256)) * 16, "/data/game.ring/map": b"84 85 86"}
THEIRS = {"/data/game.json": b'{"app": "schaffner", "v": 1, "game": "taubertal"}',
          "/data/history.log": b'{"v": 1, "k": 7}\n'}


def _gadget(data, img=V1):
    return board_with(dict(in_slot(img, "a"), **data))


def _outside(board):
    return {p: d for p, d in board.files.items() if not p.startswith("/data")}


def _data(board):
    return {p: d for p, d in board.files.items() if p.startswith("/data/")}


def test_backup_holds_every_file_of_data_and_the_version_that_wrote_them(tmp_path):
    board = _gadget(RING)
    out = tmp_path / "b.json"
    backup.backup(board, str(out), say=lambda s: None)
    manifest = json.loads(out.read_text())
    assert manifest["format"] == "schaffner-backup/1"
    assert manifest["written_by"] == json.loads(V1.stamp)
    files = {rel: base64.b64decode(t) for rel, t in manifest["files"].items()}
    assert files == {p[len("/data/"):]: d for p, d in dict(DATA, **RING).items()}
    assert changing_calls(board) == []


def test_restore_onto_another_gadget_changes_data_alone(tmp_path):
    source, target = _gadget(RING), _gadget(THEIRS)
    before = _outside(target)
    backup.backup(source, str(tmp_path / "b.json"), say=lambda s: None)
    backup.restore(target, backup.read(str(tmp_path / "b.json")), say=lambda s: None)
    assert _data(target) == _data(source)
    assert _outside(target) == before
    assert not any(d.startswith(("/data.new", "/data.old")) for d in target.dirs)


def test_a_folder_backup_reads_back_as_the_file_does(tmp_path):
    board = _gadget(RING)
    backup.backup(board, str(tmp_path / "f.json"), say=lambda s: None)
    backup.backup(board, str(tmp_path / "folder"), say=lambda s: None)
    assert (tmp_path / "folder" / "data" / "game.ring" / "0").read_bytes() == RING["/data/game.ring/0"]
    one, other = backup.read(str(tmp_path / "f.json")), backup.read(str(tmp_path / "folder"))
    assert backup.parse(one) == backup.parse(other)


def test_a_backup_of_a_later_version_is_refused_and_nothing_changes():
    target = _gadget(THEIRS)  # runs V1, version 1.0
    manifest = backup.make({"game.json": b"{}"}, json.loads(V2.stamp))
    before = dict(target.files)
    with pytest.raises(backup.BackupError, match="written by Schaffner 2.0, later than the 1.0"):
        backup.restore(target, manifest, say=lambda s: None)
    assert target.files == before and changing_calls(target) == []


def test_a_backup_of_an_earlier_version_is_taken():
    target = _gadget(THEIRS, img=V2)
    backup.restore(target, backup.make({"game.json": b"{}"}, json.loads(V1.stamp)), say=lambda s: None)
    assert _data(target) == {"/data/game.json": b"{}"}


@pytest.mark.parametrize("manifest, words", [
    ({"format": "something-else/1", "files": {}}, "not a Schaffner backup"),
    (["not", "a", "dict"], "not a Schaffner backup"),
    ({"format": "schaffner-backup/1"}, "lists no files"),
    ({"format": "schaffner-backup/1", "files": {"../main.py": "eA=="}}, "outside /data"),
    ({"format": "schaffner-backup/1", "files": {"/abs": "eA=="}}, "outside /data"),
    ({"format": "schaffner-backup/1", "files": {"game.json": "not base64!"}}, "not base64"),
])
def test_what_is_no_backup_is_refused_before_the_gadget_changes(manifest, words):
    target = _gadget(THEIRS)
    before = dict(target.files)
    with pytest.raises(backup.BackupError, match=words):
        backup.restore(target, manifest, say=lambda s: None)
    assert target.files == before and changing_calls(target) == []


def test_a_file_that_is_not_json_says_so(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text("{not json")
    with pytest.raises(backup.BackupError, match="not a Schaffner backup"):
        backup.read(str(bad))


def _cut_restore(cut):
    board = _gadget(THEIRS)
    board.cut = cut
    try:
        backup.restore(board, backup.make({p[6:]: d for p, d in RING.items()}, json.loads(V1.stamp)),
                       say=lambda s: None)
        return board, True
    except Exception as exc:  # the cable pulled: BoardGone
        assert type(exc).__name__ == "BoardGone"
        return board, False


def test_a_restore_cut_anywhere_leaves_the_old_saves_or_the_new_and_the_next_one_finishes():
    new = dict(RING)
    old = _data(_gadget(THEIRS))
    n = 0
    while True:
        board, done = _cut_restore(n)
        if done:
            break
        data = _data(board)
        kept = {p.replace("/data.old/", "/data/"): d for p, d in board.files.items() if p.startswith("/data.old/")}
        assert data in (old, new) or (not data and kept == old), (n, sorted(board.files))
        board.plug_in()
        backup.restore(board, backup.make({p[6:]: d for p, d in RING.items()}, json.loads(V1.stamp)),
                       say=lambda s: None)
        assert _data(board) == new, n
        assert not any(p.startswith(("/data.new", "/data.old")) for p in list(board.files) + list(board.dirs))
        n += 1
    assert n > 10  # every operation of the restore was cut into


def test_restore_from_the_command_line_with_no_gadget_changes_nothing(tmp_path, capsys):
    path = tmp_path / "b.json"
    backup.write(str(path), backup.make({"game.json": b"{}"}, None))
    rc = main(["restore", str(path)], State(ports=lambda: [], connect=lambda port: FakeBoard()))
    assert rc == 1
    assert "restore: no Pico found on USB" in capsys.readouterr().err


def test_backup_and_restore_from_the_command_line(tmp_path, capsys):
    source, target = _gadget(RING), _gadget(THEIRS)
    out = str(tmp_path / "b.json")
    assert main(["backup", "--port", "/dev/x", "--out", out], State(connect=lambda port: source)) == 0
    assert main(["restore", out, "--port", "/dev/y"], State(connect=lambda port: target)) == 0
    assert _data(target) == _data(source)
    assert source.resets == 1 and target.resets == 1  # each gadget started again
    assert "restore: 5 files, 4197 bytes into /data, written by Schaffner 1.0" in capsys.readouterr().out
