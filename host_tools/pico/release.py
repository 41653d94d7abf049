"""make release: what a player downloads, in dist/schaffner-<version>/.

    python -m host_tools release [--tag v0.2.0] [--allow-dirty]

- the firmware image of every board for every chip (images.py: each built once, or taken
  from build/firmware/images when nothing it is made of changed), named
  schaffner-<board>-<pico|pico2>-<version>.uf2;
- the web page (web/build.py's build, make web's) as schaffner-web-<version>.zip: a static folder
  that runs from any web host, offline after the first visit;
- RELEASE-NOTES.md: this version's entry of CHANGELOG.md, then which file fits which board
  and how to put it on the Pico;
- SHA256SUMS of all of them, as sha256sum writes it (sha256sum -c SHA256SUMS checks them).

The version is package.json's "version" and nowhere else (package-lock.json mirrors it, as
npm keeps it: npm version X.Y.Z --no-git-tag-version changes both). A release is refused,
changing nothing in dist/, when CHANGELOG.md has no entry for the version, when --tag
(GitHub's tag, v<version>) names another version, or when lib/, firmware/ or boards/ differ
from the commit (the images would be stamped "dirty"; --allow-dirty builds them anyway).
docs/release.md says how a release is made.
"""
import hashlib
import json
import os
import re
import shutil
import tempfile
import zipfile

from ..device_files import boards
from ..errors import ToolError
from ..paths import ROOT
from . import compiled, images

DIST = os.path.join(ROOT, "dist")
CHANGELOG = os.path.join(ROOT, "CHANGELOG.md")
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$")
ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # every file's time in the zip: the same tree, the same bytes


class ReleaseError(ToolError):
    """No release can be made: the message says why and what to do."""


def version():
    """package.json's version, checked: X.Y.Z, and package-lock.json agrees."""
    with open(os.path.join(ROOT, "package.json")) as f:
        v = json.load(f)["version"]
    if not SEMVER.match(v):
        raise ReleaseError("package.json's version %r is no semantic version X.Y.Z" % v)
    with open(os.path.join(ROOT, "package-lock.json")) as f:
        lock = json.load(f)
    if lock.get("version") != v or lock.get("packages", {}).get("", {}).get("version") != v:
        raise ReleaseError("package-lock.json names another version than package.json's %s: "
                           "npm version %s --no-git-tag-version changes both" % (v, v))
    return v


def notes(v, text=None):
    """The text of CHANGELOG.md's entry for version v (its lines under '## [v] - date')."""
    if text is None:
        try:
            with open(CHANGELOG, encoding="utf-8") as f:
                text = f.read()
        except OSError:
            raise ReleaseError("no CHANGELOG.md")
    lines = text.splitlines()
    head = re.compile(r"^## \[%s\] - \d{4}-\d{2}-\d{2}\s*$" % re.escape(v))
    start = next((i for i, line in enumerate(lines) if head.match(line)), None)
    if start is None:
        raise ReleaseError("CHANGELOG.md has no entry '## [%s] - YYYY-MM-DD': write what this "
                           "version changes there first" % v)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    body = "\n".join(lines[start + 1:end]).strip()
    if not body:
        raise ReleaseError("CHANGELOG.md's entry for %s is empty" % v)
    return lines[start][3:].strip(), body


def board_title(board):
    """What the board is, from the first line of its README ('# name — what it is')."""
    with open(os.path.join(ROOT, "boards", board, "README.md"), encoding="utf-8") as f:
        first = f.readline().strip().lstrip("# ")
    return first.split(" — ", 1)[1] if " — " in first else first


def which_file(v):
    """The table of which file fits which board, in Markdown."""
    rows = ["| your board | with a Pico (RP2040) | with a Pico 2 (RP2350) |", "|---|---|---|"]
    for board in boards():
        rows.append("| %s (`%s`) | `%s` | `%s` |" % (
            board_title(board), board, images.file_name(board, "rp2040", v),
            images.file_name(board, "rp2350", v)))
    return "\n".join(rows)


def release_notes(v, heading, body):
    return "\n".join([
        "# Schaffner %s" % heading, "", body, "",
        "## Which file", "",
        "Hold BOOTSEL while plugging the Pico in, drag the file for your board onto the drive "
        "that appears (`RPI-RP2` on a Pico, `RP2350` on a Pico 2); it restarts into Schaffner. "
        "Saved games, the history and the settings stay. A Pico W or Pico 2 W should take the "
        "file of its Pico (nothing here uses the radio; not tried on one). Which board is "
        "which: `boards/README.md`.", "",
        which_file(v), "",
        "The web page, for a table without a Pico: unzip `schaffner-web-%s.zip` onto any web "
        "host (https for phones) and open its `index.html` there; after the first visit it "
        "works offline." % v, "",
        "`sha256sum -c SHA256SUMS` checks the files.", ""])


def zip_folder(folder, path, top):
    """folder's files into the zip at path under the folder name top, the same bytes for
    the same files (fixed times, sorted names)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for dirpath, dirnames, names in os.walk(folder):
            dirnames.sort()
            for name in sorted(names):
                full = os.path.join(dirpath, name)
                rel = os.path.relpath(full, folder).replace(os.sep, "/")
                info = zipfile.ZipInfo(top + "/" + rel, ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                with open(full, "rb") as f:
                    z.writestr(info, f.read())


def sha256sums(folder):
    """SHA256SUMS's text for every file in folder but itself."""
    lines = []
    for name in sorted(os.listdir(folder)):
        if name != "SHA256SUMS":
            with open(os.path.join(folder, name), "rb") as f:
                lines.append("%s  %s" % (hashlib.sha256(f.read()).hexdigest(), name))
    return "\n".join(lines) + "\n"


def check(tag=None, allow_dirty=False):
    """(version, changelog heading, notes) once everything a release needs is in order."""
    v = version()
    heading, body = notes(v)
    if tag is not None and tag != "v" + v:
        raise ReleaseError("the tag %s is not package.json's version %s: tag v%s, or change "
                           "the version (and CHANGELOG.md)" % (tag, v, v))
    commit, _, dirty = compiled.git_state()
    if dirty and not allow_dirty:
        raise ReleaseError("lib/, firmware/ or boards/ differ from commit %s: commit them (or "
                           "ALLOW_DIRTY=1, and the images say 'dirty')" % commit)
    return v, heading, body


def build(tag=None, allow_dirty=False, out=DIST, say=print):
    """Make the release folder; return its path."""
    v, heading, body = check(tag, allow_dirty)
    from ..web.build import build as build_web  # make web's builder

    made = []
    for chip in images.chips():
        for board in boards():
            info = images.build(board, chip, say=say)
            say("release: %s" % images.describe(info))
            made.append(info["path"])
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "schaffner-web-%s" % v)
        count = build_web(page)
        zipped = os.path.join(tmp, "schaffner-web-%s.zip" % v)
        zip_folder(page, zipped, os.path.basename(page))
        say("release: the web page, %d device files, zipped" % count)
        folder = os.path.join(out, "schaffner-%s" % v)
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        for path in made:
            shutil.copyfile(path, os.path.join(folder, os.path.basename(path)))
        shutil.copyfile(zipped, os.path.join(folder, os.path.basename(zipped)))
    with open(os.path.join(folder, "RELEASE-NOTES.md"), "w", encoding="utf-8") as f:
        f.write(release_notes(v, heading, body))
    with open(os.path.join(folder, "SHA256SUMS"), "w") as f:
        f.write(sha256sums(folder))
    return folder


def arguments(parser):
    parser.add_argument("--tag", help="the git tag being released (v<version>); checked against package.json")
    parser.add_argument("--allow-dirty", action="store_true",
                        help="build from uncommitted changes to lib/, firmware/, boards/")


def run(state, args):
    folder = build(args.tag, args.allow_dirty, say=state.out)
    state.out("release: %s" % os.path.relpath(folder, ROOT))
    for name in sorted(os.listdir(folder)):
        state.out("  %-44s %8d bytes" % (name, os.path.getsize(os.path.join(folder, name))))
    return 0
