"""The import graph of every device file: no circles, and imports only run the way
docs/architecture.md allows (a game knows the shared app, never another game; the
rules core knows nothing above it; a board never knows the app).

Every import statement counts, a lazy one inside a function too: a circle through
a lazy import still ties the modules together.
"""
import ast
import os

from app.games import GAMES as REGISTRY
from host_tools.device_files import HOST_ONLY, boards, core_files, device_files
from host_tools.paths import HOST_TOOLS

GAMES = tuple(row[0] for row in REGISTRY)


def module_name(device_path):
    """/lib/schaffner/trainmaker/game.py -> schaffner.trainmaker.game; /app/ui.py -> app.ui."""
    path = device_path[len("/lib/"):] if device_path.startswith("/lib/") else device_path[1:]
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_package(device_path):
    return device_path.endswith("/__init__.py")


def imports_of(source, name, package):
    """Every module name the source imports, resolved against its own package for relative imports."""
    here = name if package else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = node.module or ""
            if node.level:
                target = base + ("." + target if target else "")
            # "from pkg import sub" imports the submodule pkg.sub when there is one
            found += [target + "." + a.name for a in node.names] + [target]
    return found


def graph(board):
    """{module: set of device modules it imports} for the image of ``board``."""
    files = device_files(board)
    names = {}
    for host, device in files:
        names[module_name(device)] = (host, is_package(device))
    edges = {}
    for name, (host, package) in names.items():
        with open(host) as f:
            source = f.read()
        targets = set()
        for target in imports_of(source, name, package):
            if target in names and target != name:
                targets.add(target)
        # "from pkg import sub" also named pkg itself: keep only the most precise module
        edges[name] = set(t for t in targets if not any(u.startswith(t + ".") for u in targets))
    return edges, names


def external_imports(board):
    """{module: set of top-level names it imports from outside the device tree}."""
    _, names = graph(board)
    out = {}
    for name, (host, package) in names.items():
        with open(host) as f:
            targets = imports_of(f.read(), name, package)
        out[name] = set(t.split(".")[0] for t in targets if t and t.split(".")[0] not in ("app", "schaffner", "drivers", "board", "main"))
    return out


def cycles(edges):
    """Every strongly connected group of more than one module (Tarjan), as sorted lists."""
    index, low, on, stack, found = {}, {}, set(), [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def layer(name):
    """Which part of the tree a module is in: core, shared app, a game's screens, drivers, board, main."""
    top = name.split(".")[0]
    if top == "app":
        parts = name.split(".")
        return "game:" + parts[1] if len(parts) > 1 and parts[1] in GAMES else "app"
    # packfs: the launcher's, which starts main
    return {"schaffner": "core", "drivers": "drivers", "board": "board", "main": "main", "packfs": "main"}[top]


def allowed(src, dst):
    a, b = layer(src), layer(dst)
    if a == "core":
        return b == "core"
    if a == "app":
        return b in ("app", "core")
    if a.startswith("game:"):
        return b in ("app", "core", a)
    if a == "drivers":
        return b == "drivers"
    if a == "board":
        return b == "drivers"
    return True  # main wires everything together


# --- the checks themselves are tested on small made-up graphs first ----------------

def test_cycles_finds_a_ring_and_ignores_a_chain():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}) == [["a", "b"], ["c", "d"]]


def test_imports_of_resolves_relative_and_submodule_imports():
    src = "from . import buildings as B\nfrom .setup import X\nimport app.ui\ndef f():\n    from app.trainmaker import draw\n"
    got = imports_of(src, "schaffner.taubertal.game", False)
    assert "schaffner.taubertal.buildings" in got and "schaffner.taubertal.setup" in got
    assert "app.ui" in got and "app.trainmaker.draw" in got  # the lazy one counts too
    assert "schaffner.taubertal.game" in imports_of("from .game import Game", "schaffner.taubertal", True)


def test_layers_are_what_the_architecture_says():
    assert layer("app.trainmaker.table") == "game:trainmaker" and layer("app.games") == "app"
    assert not allowed("app.trainmaker.table", "app.taubertal.common")
    assert not allowed("app.ui", "app.taubertal")
    assert not allowed("schaffner.rng", "app.ui") and not allowed("board", "app.colours")
    assert allowed("app.taubertal.turn", "schaffner.taubertal.buildings")


# --- the device tree --------------------------------------------------------------

def test_no_import_circles_on_any_board():
    for board in boards():
        edges, _ = graph(board)
        assert cycles(edges) == [], (board, cycles(edges))


def test_imports_run_only_the_allowed_way():
    for board in boards():
        edges, _ = graph(board)
        wrong = sorted((a, b) for a in edges for b in edges[a] if not allowed(a, b))
        assert wrong == [], (board, wrong)


def test_no_device_file_imports_what_stays_on_the_pc():
    left_out = set(module_name(d) for _, d in core_files() if d in HOST_ONLY)
    assert left_out  # the check below has something to find
    for board in boards():
        _, names = graph(board)
        for name, (host, package) in names.items():
            with open(host) as f:
                wanted = set(imports_of(f.read(), name, package))
            assert not (wanted & left_out), (name, sorted(wanted & left_out))


def test_only_the_hardware_layer_touches_the_hardware():
    # the core has no I/O and no clock; the app gets time through tick() and never sees a pin
    banned = {"core": {"machine", "time", "utime", "framebuf", "os", "rp2"},
              "app": {"machine", "time", "utime", "rp2"}}
    for board in boards():
        for name, tops in external_imports(board).items():
            lay = "app" if layer(name).startswith("game:") else layer(name)
            assert not (tops & banned.get(lay, set())), (name, sorted(tops & banned[lay]))


def test_every_game_is_a_package_of_its_own():
    _, names = graph(boards()[0])
    for game in GAMES:
        assert names["app." + game][1], game  # app/<game>/__init__.py: the entry point
        assert "schaffner." + game in names
    # no game's screens left in the shared folder under a name that carries the game's
    flat = [n for n in names if n.count(".") == 1 and n.startswith("app.") and not names[n][1]
            and any(g in n for g in GAMES)]
    assert flat == [], flat


def reachable(edges, start):
    seen = set()
    todo = [start]
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo += edges.get(m, ())
    return seen


def test_a_games_preload_names_every_module_its_screens_can_import():
    # App.preload imports a game's code one module a poll while it is set up; a module
    # it misses would load in the poll of the press that first needs it
    import importlib
    edges, names = graph("pico_display_pack")
    at_boot = reachable(edges, "main") | reachable(edges, "app.app") | reachable(edges, "app.history_write")
    for game in GAMES:
        package = importlib.import_module("app." + game)
        listed = set(package.PRELOAD + getattr(package, "LATER", ()))
        assert listed <= set(names), (game, listed - set(names))
        # packages come with their modules; a game's help texts and its game menu (with what
        # only the menu opens) load only when a long OK asks for them and leave the heap
        # after (App.forget), so they are not preloaded
        later = ("app.%s.helps" % game, "app.%s.game_menu" % game)
        rest = dict((m, [d for d in deps if d not in later]) for m, deps in edges.items())
        needed = set(m for m in reachable(rest, "app." + game) - at_boot
                     if m != "app." + game and not (m in names and names[m][1]))
        assert needed <= listed, (game, sorted(needed - listed))


# --- host_tools: one package, relative imports, one place that edits sys.path ------

# modules that run inside the MicroPython runtime (or on the chip, or as picoemu's cable):
# they import the device code and each other by plain names, never the package
RUNTIME_SIDE = ("host_tools.bench.mp.", "host_tools.wasm.virtual_board", "host_tools.web.web_device",
                "host_tools.chip.probe_os", "host_tools.chip.cable")
# the package's base, which every tool may use: it imports only within itself
BASE = ("host_tools.paths", "host_tools.errors", "host_tools.device_files", "host_tools.mpy",
        "host_tools.budgets")


def host_modules():
    """{module name: (path, is a package)} of every Python file in host_tools/."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(HOST_TOOLS):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, name), os.path.dirname(HOST_TOOLS))
                parts = rel[:-3].split(os.sep)
                package = parts[-1] == "__init__"
                found[".".join(parts[:-1] if package else parts)] = (os.path.join(dirpath, name), package)
    return found


def host_graph():
    """{module: set of host_tools modules it imports}, and every import statement's target
    as written (level, module) per module."""
    mods = host_modules()
    edges, written = {}, {}
    for name, (path, package) in mods.items():
        with open(path) as f:
            source = f.read()
        edges[name] = set(t for t in imports_of(source, name, package) if t in mods and t != name)
        written[name] = [(n.level, n.module or "") for n in ast.walk(ast.parse(source))
                         if isinstance(n, ast.ImportFrom)] + [
            (0, a.name) for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Import) for a in n.names]
    return mods, edges, written


def test_host_tools_is_one_package_with_one_entry_point():
    mods, _, _ = host_graph()
    assert "host_tools" in mods and "host_tools.__main__" in mods and "host_tools.main" in mods
    mains = sorted(n for n in mods if n.endswith(".__main__"))
    assert mains == ["host_tools.__main__"], mains  # no second way to start a tool
    for name, (path, package) in mods.items():
        if name.startswith(RUNTIME_SIDE):
            continue
        with open(path) as f:
            assert "__name__ == \"__main__\"" not in f.read(), name  # no tool started as a script


def test_host_tools_imports_its_own_modules_relatively():
    mods, _, written = host_graph()
    tops = set(m.split(".")[1] for m in mods if m.count(".") >= 1)  # its modules and subpackages
    for name, targets in written.items():
        if name.startswith(RUNTIME_SIDE):
            continue
        absolute = [t for level, t in targets if level == 0 and (t.split(".")[0] in tops or t.startswith("host_tools"))]
        assert absolute == [], (name, absolute)


def test_only_paths_puts_folders_on_sys_path():
    mods, _, _ = host_graph()
    for name, (path, _) in mods.items():
        if name == "host_tools.paths" or name.startswith(RUNTIME_SIDE):
            continue
        with open(path) as f:
            source = f.read()
        assert "sys.path" not in source, name


def test_host_tools_layers():
    mods, edges, _ = host_graph()
    assert cycles(edges) == [], cycles(edges)
    for name, targets in edges.items():
        if name.startswith(RUNTIME_SIDE):
            assert targets == set(), (name, sorted(targets))  # runs apart from the package
        elif name.startswith(BASE):
            assert all(t.startswith(BASE) or t == "host_tools" for t in targets), (name, sorted(targets))
        if name not in ("host_tools.main", "host_tools.__main__"):
            assert "host_tools.main" not in targets, name  # only the table knows every command
    # every device file the tools list comes from the one list
    for name, targets in edges.items():
        assert not any(t.endswith(".files") for t in targets), name


def test_the_device_code_never_imports_host_tools():
    for board in boards():
        for name, tops in external_imports(board).items():
            assert "host_tools" not in tops, name


def test_every_command_names_its_handler_and_its_parser():
    import importlib

    from host_tools import main
    for name, (module, handler, arguments, what) in main._COMMANDS.items():
        tool = importlib.import_module("host_tools." + module)
        assert callable(getattr(tool, handler)) and callable(getattr(tool, arguments)), name
        assert what, name
