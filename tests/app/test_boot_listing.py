"""A boot reads its saves (the small saves, the game's snapshot and log, and the files of a version before)
from one listing of their folder, not a look at each copy of each (littlefs walks the
folder's records for every look: about 1 ms each on a Pico)."""
from appdriver import Driver
from play_trainmaker import start_steps
from support import stepped


@stepped
def test_a_boot_lists_the_saves_folder_once_instead_of_looking_at_each_copy():
    d = Driver()
    yield
    yield from start_steps(d, 2, cards=(("PB", "coal"), ("BBF", "corn"), ("PPF", "mail")))
    d.app.do(("roll", "LPBFFFF"))
    d.app.flush()
    d.app.saves.start()  # a snapshot too (a record in the log), and the settings
    d.app.save_settings()
    d.app.flush()
    yield
    assert {"/data/small.ring", "/data/game.ring"} <= set(d.fs.rings)  # the saves the boot reads
    fs = d.fs
    looks = []
    exists = fs.exists
    fs.exists = lambda path: looks.append(path) or exists(path)
    d.power_off()
    d.boot()
    assert looks == ["/data"]  # the folder itself (FileStore); every copy from the listing
    assert d.app.session.journal.actions[-1] == ("roll", "LPBFFFF") and d.app.settings["games"] == 1
    assert d.app.store.listing is None  # once the boot has read its saves
    fs.files["/data/x.json"] = "[1]"
    assert d.app.store.load("x")[0] == [1]  # a file written since is seen
