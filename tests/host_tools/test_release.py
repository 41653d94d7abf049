"""make release and the images it takes (host_tools/pico/release.py, images.py), by hand-made
cases: the version in one place, the notes from CHANGELOG.md, the checks that refuse a
release, SHA256SUMS, the web page's zip, each image built once and kept under the hash of
what it is made of; and make chip's table of how each board is wired (host_tools/chip/wiring.py).

The images themselves are built by make firmware / make release (docs/release.md has the
figures) and run on the emulated chip by make chip."""
import hashlib
import json
import os
import re
import subprocess
import zipfile

import pytest

from host_tools.chip import wiring
from host_tools.device_files import boards
from host_tools.paths import ROOT
from host_tools.pico import compiled, firmware, images, release


def _package_version():
    with open(os.path.join(ROOT, "package.json")) as f:
        return json.load(f)["version"]


# --- the version, in package.json alone -------------------------------------------------

def test_the_version_is_package_jsons_and_the_changelog_has_its_entry():
    v = release.version()
    assert v == _package_version() and release.SEMVER.match(v)
    heading, body = release.notes(v)
    assert heading.startswith("[%s] - " % v) and "Pico 2" in body


def test_no_other_file_keeps_a_version_of_its_own():
    # the device code and the host tools read package.json (or the stamp made from it)
    pattern = re.compile(r"""^\s*(VERSION|__version__)\s*=\s*["']\d+\.\d+""", re.M)
    for top in ("lib", "firmware", "boards", "host_tools"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, top)):
            for name in names:
                if name.endswith(".py"):
                    with open(os.path.join(dirpath, name)) as f:
                        assert not pattern.search(f.read()), os.path.join(dirpath, name)
    assert json.loads(compiled.make_stamp("pico_oled"))["version"] == _package_version()


def test_a_lock_file_of_another_version_is_refused(tmp_path, monkeypatch):
    (tmp_path / "package.json").write_text('{"version": "0.3.0"}')
    (tmp_path / "package-lock.json").write_text('{"version": "0.2.0", "packages": {"": {"version": "0.2.0"}}}')
    monkeypatch.setattr(release, "ROOT", str(tmp_path))
    with pytest.raises(release.ReleaseError, match="npm version 0.3.0"):
        release.version()
    (tmp_path / "package.json").write_text('{"version": "0.3"}')
    with pytest.raises(release.ReleaseError, match="no semantic version"):
        release.version()


CHANGELOG = """# Changelog

## [Unreleased]

- something to come

## [0.3.0] - 2027-01-05

### Added

- A thing.

## [0.2.0] - 2026-12-02

- Earlier things.
"""


def test_the_notes_are_the_versions_entry_alone():
    heading, body = release.notes("0.3.0", CHANGELOG)
    assert heading == "[0.3.0] - 2027-01-05"
    assert body == "### Added\n\n- A thing."
    assert release.notes("0.2.0", CHANGELOG) == ("[0.2.0] - 2026-12-02", "- Earlier things.")


def test_a_version_without_an_entry_or_with_an_empty_one_is_refused():
    with pytest.raises(release.ReleaseError, match=r"no entry '## \[0.4.0\]"):
        release.notes("0.4.0", CHANGELOG)
    with pytest.raises(release.ReleaseError, match="empty"):
        release.notes("0.3.0", "## [0.3.0] - 2027-01-05\n\n## [0.2.0] - 2026-12-02\n- x\n")
    with pytest.raises(release.ReleaseError, match="no entry"):
        release.notes("0.3.0", "## [Unreleased]\n- x\n")  # an entry needs its date


def test_a_tag_of_another_version_or_changed_device_files_are_refused(monkeypatch):
    v = _package_version()
    monkeypatch.setattr(release.compiled, "git_state", lambda: ("abc1234", 1796000000, False))
    assert release.check("v" + v)[0] == v
    with pytest.raises(release.ReleaseError, match="not package.json's version"):
        release.check("v9.9.9")
    monkeypatch.setattr(release.compiled, "git_state", lambda: ("abc1234", 1796000000, True))
    with pytest.raises(release.ReleaseError, match="differ from commit abc1234"):
        release.check()
    assert release.check(allow_dirty=True)[0] == v


def test_the_notes_say_which_file_fits_which_board_on_each_chip():
    text = release.release_notes("0.2.0", "[0.2.0] - 2026-12-02", "- things")
    assert text.startswith("# Schaffner [0.2.0] - 2026-12-02\n\n- things\n")
    for board in boards():
        row = next(line for line in text.splitlines() if "(`%s`)" % board in line)
        assert "`schaffner-%s-pico-0.2.0.uf2`" % board in row
        assert "`schaffner-%s-pico2-0.2.0.uf2`" % board in row
    assert "schaffner-web-0.2.0.zip" in text and "sha256sum -c SHA256SUMS" in text
    assert release.board_title("pico_lcd_114").startswith("Waveshare Pico-LCD-1.14")


def test_sha256sums_names_every_file_but_itself(tmp_path):
    (tmp_path / "b.uf2").write_bytes(b"image")
    (tmp_path / "a.zip").write_bytes(b"")
    (tmp_path / "SHA256SUMS").write_text("old")
    text = release.sha256sums(str(tmp_path))
    assert text == "%s  a.zip\n%s  b.uf2\n" % (hashlib.sha256(b"").hexdigest(),
                                              hashlib.sha256(b"image").hexdigest())
    (tmp_path / "SHA256SUMS").write_text(text)
    out = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=str(tmp_path), capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_page_zips_under_one_folder_the_same_bytes_each_time(tmp_path):
    page = tmp_path / "page"
    (page / "sub").mkdir(parents=True)
    (page / "index.html").write_text("<p>hi</p>")
    (page / "sub" / "x.bin").write_bytes(b"\x00\x01")
    first, second = str(tmp_path / "1.zip"), str(tmp_path / "2.zip")
    release.zip_folder(str(page), first, "schaffner-web-0.2.0")
    os.utime(str(page / "index.html"), (1, 1))  # another time on disk: the same zip
    release.zip_folder(str(page), second, "schaffner-web-0.2.0")
    with open(first, "rb") as a, open(second, "rb") as b:
        assert a.read() == b.read()
    with zipfile.ZipFile(first) as z:
        assert z.namelist() == ["schaffner-web-0.2.0/index.html", "schaffner-web-0.2.0/sub/x.bin"]
        assert z.read("schaffner-web-0.2.0/sub/x.bin") == b"\x00\x01"


# --- images: each built once ------------------------------------------------------------

def test_an_images_name_says_board_chip_and_version():
    assert images.file_name("pico_oled", "rp2040", "0.2.0") == "schaffner-pico_oled-pico-0.2.0.uf2"
    assert images.file_name("pico_lcd_114", "rp2350", "1.0.0") == "schaffner-pico_lcd_114-pico2-1.0.0.uf2"
    assert images.CHIPS["rp2040"][0] == "RPI_PICO" and images.CHIPS["rp2350"][0] == "RPI_PICO2"
    # the -march MicroPython's rp2 build gives each chip's frozen native code (its CMakeLists.txt)
    assert images.CHIPS["rp2040"][3] == "armv6m" and images.CHIPS["rp2350"][3] == "armv7m"


def test_the_key_changes_with_everything_an_image_is_made_of():
    staged = {"main.py": b"import gadget\n", "drivers/ssd1306.py": b"x = 1\n"}
    base = images.key("pico_oled", "rp2040", staged, "1.28.0 snapshot", "12.2.1")
    assert base == images.key("pico_oled", "rp2040", dict(staged), "1.28.0 snapshot", "12.2.1")
    others = [
        images.key("pico_oled", "rp2350", staged, "1.28.0 snapshot", "12.2.1"),
        images.key("pico_oled", "rp2040", dict(staged, **{"main.py": b"import gadget \n"}), "1.28.0 snapshot", "12.2.1"),
        images.key("pico_oled", "rp2040", dict(staged, extra=b""), "1.28.0 snapshot", "12.2.1"),
        images.key("pico_oled", "rp2040", staged, "1.28.0 git abc", "12.2.1"),
        images.key("pico_oled", "rp2040", staged, "1.28.0 snapshot", "13.1.0"),
        images.key("pico_display_pack", "rp2040", staged, "1.28.0 snapshot", "12.2.1"),  # its manifest
    ]
    assert len(set(others + [base])) == len(others) + 1
    # a file's name and its content cannot trade bytes
    assert images.key("pico_oled", "rp2040", {"ab": b"c"}, "t", "g") != \
        images.key("pico_oled", "rp2040", {"a": b"bc"}, "t", "g")


def _stand_in_builds(monkeypatch, tmp_path):
    """images.build with the MicroPython build replaced by one that writes a made-up image
    and counts itself."""
    built = []
    monkeypatch.setattr(images.firmware, "micropython_tree", lambda out: str(tmp_path / "tree"))
    monkeypatch.setattr(images, "tree_id", lambda tree: "1.28.0 test")
    monkeypatch.setattr(images, "compiler", lambda: "12.2.1")

    def build_one(board, chip, out, tree, kept, say):
        built.append((board, chip))
        os.makedirs(kept)
        with open(os.path.join(kept, "firmware.uf2"), "wb") as f:
            f.write(("%s %s %d" % (board, chip, len(built))).encode())
        info = {"board": board, "chip": chip, "uf2_bytes": 1, "code_bytes": 1, "fs_bytes": 1,
                "native": {}, "seconds": 1.0}
        with open(os.path.join(kept, "info.json"), "w") as f:
            json.dump(info, f)
        return info

    monkeypatch.setattr(images, "_build_one", build_one)
    return built


def test_an_image_is_built_once_and_taken_from_the_store_after(tmp_path, monkeypatch):
    built = _stand_in_builds(monkeypatch, tmp_path)
    out = str(tmp_path / "fw")
    first = images.build("pico_oled", "rp2040", out=out, say=lambda s: None)
    again = images.build("pico_oled", "rp2040", out=out, say=lambda s: None)
    assert built == [("pico_oled", "rp2040")] and not first["reused"] and again["reused"]
    assert first["key"] == again["key"]
    with open(again["path"], "rb") as f:
        assert f.read() == b"pico_oled rp2040 1"
    assert os.path.basename(again["path"]) == images.file_name("pico_oled", "rp2040", _package_version())
    other = images.build("pico_oled", "rp2350", out=out, say=lambda s: None)
    assert built[-1] == ("pico_oled", "rp2350") and other["key"] != first["key"]


def test_a_changed_file_builds_again_and_the_store_keeps_the_newest(tmp_path, monkeypatch):
    built = _stand_in_builds(monkeypatch, tmp_path)
    out = str(tmp_path / "fw")
    real_stage = firmware.stage
    keys = []
    for n in range(4):
        monkeypatch.setattr(images.firmware, "stage", lambda board, folder, n=n: dict(
            real_stage(board, folder), **{"changed.py": b"n = %d\n" % n}))
        keys.append(images.build("pico_oled", "rp2040", out=out, say=lambda s: None)["key"])
    assert len(built) == 4 and len(set(keys)) == 4
    assert sorted(os.listdir(os.path.join(out, "images"))) == sorted(keys[-images.KEEP:])


def test_the_native_code_architecture_is_read_from_the_frozen_mpy_files(tmp_path):
    top = tmp_path / "frozen_mpy" / "drivers"
    top.mkdir(parents=True)
    (top / "gs4_native.mpy").write_bytes(b"M\x06\x17\x1f" + b"\x00" * 8)  # arch 5: armv7m
    (top / "mono_native.mpy").write_bytes(b"M\x06\x13\x1f")  # arch 4: armv6m
    (top / "buttons.mpy").write_bytes(b"M\x06\x00\x1f")  # bytecode only
    assert images.frozen_arches(str(tmp_path)) == {"drivers.gs4_native": "armv7m",
                                                   "drivers.mono_native": "armv6m"}


# --- make chip's boards -----------------------------------------------------------------

def _screen_of(board):
    with open(os.path.join(ROOT, "boards", board, "board.py")) as f:
        text = f.read()
    width = int(re.search(r"^WIDTH = const\((\d+)\)", text, re.M).group(1))
    height = int(re.search(r"^HEIGHT = const\((\d+)\)", text, re.M).group(1))
    colour = re.search(r"^COLOUR = (True|False)", text, re.M).group(1) == "True"
    return width, height, colour


def test_every_board_is_wired_on_the_emulated_chip_and_shows_its_own_screen():
    assert sorted(wiring.BOARDS) == boards() == sorted(wiring.SHORT_GAME)
    for board, spec in wiring.BOARDS.items():
        assert _screen_of(board) == _screen_of(spec["screen"]), board
        assert spec["screen"] in wiring.BOARDS and wiring.screen(spec["screen"]) == spec["screen"]
        assert len(spec["keys"]) == 4 and wiring.back_pin(board) == spec["keys"][3]
    lcd = wiring.BOARDS["pico_lcd_114"]["display"]
    # picoemu's --st7789 SPI:CS:DC:RST:SCK:MOSI, the same wiring as play.mjs's model
    assert wiring.BOARDS["pico_lcd_114"]["args"] == [
        "--st7789", "%d:%d:%d:%d:%d:%d" % (lcd["bus"], lcd["cs"], lcd["dc"], lcd["rst"], lcd["sck"], lcd["mosi"])]
    assert wiring.BOARDS["pico_oled_sh1106"]["args"][-2:] == ["--oled-chip", "sh1106"]
