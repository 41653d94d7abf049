"""host_tools/ttr_score.py (python -m host_tools ttr-score): reading map and claims files, every
file error, the report."""
import contextlib
import io
import os
import subprocess
import sys
import tempfile

from host_tools import ttr_score
from host_tools.main import main
from host_tools.paths import HOST_TOOLS, ROOT

TOOL = [sys.executable, "-m", "host_tools", "ttr-score"]
EXAMPLE_MAP = os.path.join(HOST_TOOLS, "maps", "example-map.csv")
EXAMPLE_CLAIMS = os.path.join(HOST_TOOLS, "maps", "example-claims.csv")

MAP = """\
map, Mini
city, Bregenz, west
city, Linz
city, Wien
city, Graz
city, Fehring, east
city, Weiz
city, Birkfeld
route, Bregenz, Linz, 8
route, Linz, Wien, 3
double, Wien, Graz, 4
route, Graz, Fehring, 2
route, Graz, Weiz, 1
tourist, Weiz, Birkfeld, 2, Feistritztalbahn, -8
ticket, Birkfeld, Linz, 12, Feistritztalbahn
ticket, Bregenz, Wien, 20
ticket, Linz, Fehring, 9
"""


class Files:
    """Writes text files into a temporary folder; delete with close()."""

    def __init__(self):
        self.dir = tempfile.TemporaryDirectory()

    def write(self, name, text, encoding="utf-8"):
        path = os.path.join(self.dir.name, name)
        with open(path, "w", encoding=encoding) as f:
            f.write(text)
        return path

    def close(self):
        self.dir.cleanup()


def run(*args):
    """The command with its exit status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["ttr-score"] + list(args))
    return code, out.getvalue(), err.getvalue()


def map_errors(text, *extra):
    files = Files()
    try:
        path = files.write("map.csv", text)
        code, out, err = run(path, *extra)
        assert code == 1 and out == ""
        return [line.replace(path, "MAP") for line in err.splitlines()]
    finally:
        files.close()


def claims_errors(text, *extra, map_text=MAP):
    files = Files()
    try:
        m = files.write("map.csv", map_text)
        path = files.write("claims.csv", text)
        code, out, err = run(m, path, *extra)
        assert code == 1 and out == "", err
        return [line.replace(path, "CLAIMS") for line in err.splitlines()]
    finally:
        files.close()


# --- the example files, through the real command ------------------------

def test_example_scoring_by_command_line():
    proc = subprocess.run(TOOL + [EXAMPLE_MAP, EXAMPLE_CLAIMS], capture_output=True, text=True, encoding="utf-8",
                          cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    # Hand count (see the comments in example-claims.csv):
    # Anna: routes 2+6+4+7+10+15 = 44; tickets +20 +8 +3 -32 = -1; longest
    #   Bregenz..Marchegg 25 cars +10; West-East +10: 63.
    # Bernd: routes 3+4+7+10+15 = 39; tickets +9 +9 -13 = 5; Rhein-Tour -14,
    #   Schafbergbahn -1: 29.
    # Clara: routes 1+4 = 5; ticket -12; Feistritztalbahn -8: -15.
    assert "Total                63     29    -15" in lines
    assert "Tourist routes        0    -15     -8" in lines
    assert "  1. Anna     63  (3 tickets done, longest track)" in lines
    assert "  3. Clara   -15  (0 tickets done)" in lines
    assert "    Sonderzug Rheinmündung-Bleiburg 32: not done" in lines
    assert "    tourist route Rhein-Tour: -14" in lines


def test_map_check_summary():
    code, out, err = run(EXAMPLE_MAP)
    assert code == 0 and err == ""
    assert "22 cities (west: Bregenz, Bludenz; east: Marchegg, Parndorf, Fehring)" in out
    assert "20 routes (2 double), 56 train spaces" in out
    assert "Taurachbahn -1" in out and "10 tickets (Sonderzüge: 1)" in out


def test_bad_file_exits_nonzero_by_command_line():
    proc = subprocess.run(TOOL + [EXAMPLE_MAP, EXAMPLE_MAP], capture_output=True, text=True, encoding="utf-8",
                          cwd=ROOT)
    assert proc.returncode == 1 and proc.stdout == ""
    assert "example-map.csv:10: unknown line kind 'map'" in proc.stderr


def test_options():
    code, out, _ = run(EXAMPLE_MAP, EXAMPLE_CLAIMS, "--no-longest", "--no-west-east")
    assert code == 0
    assert "Options: longest track off, West-East off, stations off" in out
    assert "Total                43     29    -15" in out.splitlines()


# --- the file syntax ------------------------------------------------------

def test_spreadsheet_export_reads_as_is():
    # Semicolons, quotes, a byte-order mark, padding columns, upper case kinds.
    text = MAP.replace(", ", ";").replace("city;", 'CITY;"').replace(";west", '";west;;')
    files = Files()
    try:
        path = files.write("map.csv", "# exported\n" + text, encoding="utf-8-sig")
        board = ttr_score.parse_map(path)
        assert board.cities[0] == "Bregenz" and board.name == "Mini"
        assert board.tourists == [("Feistritztalbahn", 8)]
    finally:
        files.close()


def test_unreadable_file():
    code, out, err = run(os.path.join(ROOT, "no-such-map.csv"))
    assert code == 1 and "cannot read" in err


# --- every map error, with its line ----------------------------------------

def test_map_line_errors():
    errors = map_errors(MAP + """\
rout, Linz, Graz, 2
route, Linz, Graz
route, Linz, Gratz, 2
city, Wien
city, Villach, south
route, Wien, Linz, 3
route, Fehring, Graz, 1
double, Bregenz, Linz, 8
route, Linz, Graz, 0
route, Linz, Graz, 9
route, Linz, Graz, two
route, Linz, Linz, 2
tourist, Linz, Graz, 2, Feistritztalbahn, 9
ticket, Wien, Bregenz, 5
ticket, Wien, Graz, 5, Murtalbahn
sonderzug, Graz, Bregenz, 32, 14, Feistritztalbahn
ticket, Graz, Bregenz, 0
""")
    assert errors == [
        "MAP:18: unknown line kind 'rout' (expected map, city, route, double, tourist, ticket, sonderzug)",
        "MAP:19: expected: route, CITY, CITY, LENGTH",
        "MAP:20: Unknown city Gratz (did you mean Graz?)",
        "MAP:21: City Wien is already there",
        "MAP:22: side 'south' must be west or east",
        "MAP:23: Route Linz-Wien is already there",
        "MAP:24: Route Graz-Fehring is already there",
        "MAP:25: Route Bregenz-Linz is already there",
        "MAP:26: Route length must be 1 to 8",
        "MAP:27: Route length must be 1 to 8",
        "MAP:28: length 'two' is not a whole number",
        "MAP:29: A route needs two different cities",
        "MAP:30: Feistritztalbahn has penalty 8 already",
        "MAP:31: Ticket Bregenz-Wien is already there",
        "MAP:32: Unknown tourist route Murtalbahn",
        "MAP:33: Strafe 14 but Feistritztalbahn has penalty 8",
        "MAP:34: Ticket value must be 1 to 99",
    ]


def test_tourist_route_without_ticket():
    errors = map_errors(MAP + "city, Mariazell\ntourist, Mariazell, Graz, 3, Mariazellerbahn, 6\n")
    assert errors == ["MAP:19: tourist route Mariazellerbahn has no ticket (a ticket or sonderzug line naming it)"]


def test_west_and_east_cities_needed_for_the_bonus():
    text = MAP.replace("city, Bregenz, west", "city, Bregenz").replace("city, Fehring, east", "city, Fehring")
    assert map_errors(text) == [
        "MAP: no city is marked west (needed for the West-to-East bonus; or use --no-west-east)",
        "MAP: no city is marked east (needed for the West-to-East bonus; or use --no-west-east)",
    ]
    files = Files()
    try:
        assert run(files.write("map.csv", text), "--no-west-east")[0] == 0
    finally:
        files.close()


def test_map_without_routes():
    assert map_errors("city, Wien, west\ncity, Graz, east\n") == ["MAP: no routes"]


# --- every claims error, with its line --------------------------------------

def test_claims_line_errors():
    errors = claims_errors("""\
route, Linz, Wien
player, Anna
route, Linz, Wien
rout, Linz, Graz
route, Lintz, Wien
route, Linz, Graz
route, Wien, Linz
ticket, Bregenz, Wien
ticket, Wien, Graz
station, Linz
player, Bernd
player, Anna
route, Wien, Linz
ticket, Wien, Bregenz
route, Bregenz, Linz
""")
    assert errors == [
        "CLAIMS:1: route line before the first player line",
        "CLAIMS:4: unknown line kind 'rout' (expected player, route, ticket, station)",
        "CLAIMS:5: Unknown city Lintz (did you mean Linz?)",
        "CLAIMS:6: No route Linz-Graz on the map",
        "CLAIMS:7: Anna already has Linz-Wien",
        "CLAIMS:9: No ticket Wien-Graz on the map",
        "CLAIMS:10: a station, but stations are off (use --stations)",
        "CLAIMS:12: Player Anna is already there",
        "CLAIMS:13: Linz-Wien is taken by Anna",
        "CLAIMS:14: Ticket Bregenz-Wien is held by Anna",
    ]


def test_too_many_trains():
    text = "player, Anna\n" + "".join("route, C%d, C%d\n" % (i, i + 1) for i in range(6))
    map_text = "city, C0, west\n" + "".join(
        "city, C%d%s\nroute, C%d, C%d, 8\n" % (i + 1, ", east" if i == 5 else "", i, i + 1) for i in range(6))
    errors = claims_errors(text + "player, Bernd\n", map_text=map_text)
    assert errors == ["CLAIMS:7: Anna would use 48 trains, max 45"]


def test_stations_errors():
    errors = claims_errors("""\
player, Anna
station, Linz
station, Wien
station, Graz
station, Weiz
player, Bernd
station, Linz
station, Lienz
""", "--stations")
    assert errors == [
        "CLAIMS:5: Anna has only 3 stations",
        "CLAIMS:7: Linz has a station of Anna",
        "CLAIMS:8: Unknown city Lienz (did you mean Linz?)",
    ]


def test_double_route_with_three_players():
    errors = claims_errors("""\
player, Anna
route, Wien, Graz
player, Bernd
route, Linz, Wien
player, Clara
route, Graz, Wien
""")
    assert errors == ["CLAIMS:6: with 2 or 3 players only one track of double route Wien-Graz may be built"]


def test_too_few_and_too_many_players():
    assert claims_errors("player, Anna\n") == ["CLAIMS: needs at least 2 players (player, NAME lines)"]
    errors = claims_errors("".join("player, P%d\n" % i for i in range(6)))
    assert errors == ["CLAIMS:6: At most 5 players"]


# --- scoring through files ---------------------------------------------------

def test_scoring_with_stations_and_double_route():
    # Four players.  Anna: Bregenz-Linz (8 cars, 21), Graz-Fehring (2), holds
    # Bregenz-Wien (20) and Linz-Fehring (9), a station in Linz (uses Linz-Wien
    # of Bernd) and one in Wien (uses Wien-Graz of Bernd or Clara): both
    # tickets done, +29; 1 station left +4; longest 8 +10; West-East: her own
    # routes do not join Bregenz to Fehring.  21 + 2 + 29 + 4 + 10 = 66.
    # Bernd: Linz-Wien (4), Wien-Graz (7), 3 stations +12: 23.
    # Clara: Wien-Graz (7), Graz-Weiz (1), Feistritztalbahn (2) without its
    # ticket -8, 3 stations +12: 14.  Dora: nothing but 3 stations: 12.
    claims = """\
player, Anna
route, Bregenz, Linz
route, Graz, Fehring
ticket, Bregenz, Wien
ticket, Linz, Fehring
station, Linz
station, Wien
player, Bernd
route, Linz, Wien
route, Wien, Graz
player, Clara
route, Graz, Wien
route, Graz, Weiz
route, Weiz, Birkfeld
player, Dora
"""
    files = Files()
    try:
        code, out, err = run(files.write("map.csv", MAP), files.write("claims.csv", claims), "--stations")
    finally:
        files.close()
    assert code == 0, err
    assert "Total                66     23     14     12" in out.splitlines()
    assert "    station uses Linz-Wien of Bernd" in out
    assert "    station uses Wien-Graz of Bernd/Clara" in out
    assert "    tourist route Feistritztalbahn: -8" in out
