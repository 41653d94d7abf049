"""The bench's models, by hand-computed cases: littlefs's flash cost, the buses' time,
and the presses read back from a recording (host_tools/bench/mp/)."""
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "host_tools", "bench", "mp")


def _load(name):
    """A bench module under a name of its own (its ``machine`` must not shadow anything)."""
    spec = importlib.util.spec_from_file_location("bench_" + name, os.path.join(BENCH, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


flash = _load("flash")
machine = _load("machine")


def test_appends_to_an_inline_file_are_commits_until_the_metadata_block_is_full():
    f = flash.Flash()
    f.appended("/data/game.l0", 20)  # a new file: its entry, then its 20 bytes
    assert (f.erases, f.programmed, f.used["/data"]) == (0, 512, 512)
    for size in range(40, 241, 20):  # 11 more, each commit within one 256-byte unit ...
        f.appended("/data/game.l0", 20)
    # ... up to 228 bytes; at 240 a commit takes two units: 512 + 10 * 256 + 512
    assert (f.erases, f.used["/data"]) == (0, 3584)
    f.appended("/data/game.l0", 20)  # 260 bytes: 2 units, 4096 exactly
    assert (f.erases, f.used["/data"]) == (0, 4096)
    f.appended("/data/game.l0", 20)  # 280: no room; compacted with the change that did not
    # fit: its entry (12 + 8 + 280 bytes) and one CRC record (28), 328 bytes: two units
    assert f.erases == 1 and f.used["/data"] == 512 and f.programmed == 4096 + 512
    assert abs(f.stall_ms - (45 + f.programmed // 256 * 0.4)) < 1e-9


def test_a_compaction_copies_only_its_own_folders_entries():
    f = flash.Flash()
    f.wrote("/data/game.json", 2000)  # a block of its own: the entry points at it
    f.wrote("/data/settings.json", 56)
    for _ in range(14):
        f.appended("/data/log/0", 10)
    assert f.used["/data/log"] == 4096 - 256 and f.erases == 1
    f.appended("/data/log/0", 10)  # 150 bytes: 1 unit, no room left but for it
    f.appended("/data/log/0", 10)  # compacted: 28 + 12 + 2 + 160 bytes, one unit
    # /data untouched by it: two entries and a commit each, with the data of settings.json
    assert (f.erases, f.used["/data/log"], f.used["/data"]) == (2, 256, 4 * 256)


def test_a_new_folder_is_an_erase_and_a_commit_in_its_parent():
    f = flash.Flash()
    f.made("/data")
    f.made("/data/game.log")  # each: its own first block, and its entry in the folder above
    assert (f.erases, f.programmed, f.used["/data"], f.used["/data/game.log"]) == (2, 4 * 256, 512, 256)


def test_the_models_own_time_is_counted_apart():
    ticks = [0]

    def now_us():
        ticks[0] += 5
        return ticks[0]

    files = flash.FlashFiles(now_us)
    files.makedirs("/tmp/bench-flash-dir")
    files.append("/tmp/bench-flash-dir/log", "\n[1]")
    files.remove("/tmp/bench-flash-dir/log")
    os.rmdir("/tmp/bench-flash-dir")
    assert files.model_us == 3 * 5 and files.flash.erases == 1


def test_writing_a_big_file_erases_its_blocks_as_the_data_reaches_them():
    files = flash.FlashFiles()
    f = files.flash
    w = files.writer("/tmp/bench-flash-test")
    assert f.programmed == 256  # the entry, when the file is opened
    w.write("x" * 1024)  # past 512 bytes: a block of its own, erased; 4 pages
    assert (f.erases, f.programmed) == (1, 256 + 1024)
    assert f.lfs_ms == 19  # and littlefs's own work for the block, as the chip takes it
    w.write("x" * 1024)
    w.write("x" * 552)  # 2600 bytes: 10 whole pages so far
    assert (f.erases, f.programmed) == (1, 256 + 2560)
    w.close()  # the last 40 bytes (a page), and the commit pointing at the block
    assert (f.erases, f.programmed, f.sizes["/tmp/bench-flash-test"]) == (1, 256 + 2560 + 256 + 256, 2600)
    os.remove("/tmp/bench-flash-test")


def test_adding_to_a_big_file_copies_its_last_block():
    f = flash.Flash()
    f.wrote("/data/log", 5000)  # entry, two blocks, 5000 bytes (20 pages), commit
    assert (f.erases, f.programmed) == (2, 256 + 5120 + 256)
    f.appended("/data/log", 10)  # 5000 % 4096 + 10 = 914 bytes into a new block
    assert (f.erases, f.programmed) == (3, 256 + 5120 + 256 + 1024 + 256)


def test_renames_and_removes_are_commits():
    f = flash.Flash()
    f.wrote("/data/game.new", 100)
    f.renamed("/data/game.new", "/data/game.json")
    f.removed("/data/game.json")
    f.removed("/data/none")  # nothing there: nothing written
    assert (f.erases, f.programmed, f.sizes) == (0, 4 * 256, {})


def test_spi_runs_at_what_the_dividers_give():
    machine.freq(125_000_000)  # the CPU alone: the peripherals stay on 48 MHz
    assert machine.SPI(0, baudrate=62_500_000).hz() == 24_000_000
    assert machine.SPI(0, baudrate=10_000_000).hz() == 8_000_000  # 48 / 6
    machine.freq(125_000_000, 125_000_000)
    spi = machine.SPI(0, baudrate=62_500_000)
    assert spi.hz() == 62_500_000
    before = machine.bus_us
    spi.write(bytearray(240 * 135 * 2))  # a whole RGB565 frame: 8.3 ms
    assert abs(machine.bus_us - before - 8294.4) < 0.01
    machine.freq(125_000_000, 48_000_000)


def test_a_full_ssd1306_frame_is_26_7_ms_asked_for_400_khz():
    i2c = machine.I2C(0, freq=400_000)
    before = machine.bus_us
    for c in (0x21, 0, 127, 0x22, 0, 7):  # the transfer timed on a Pico: six commands ...
        i2c.writeto(0x3C, bytes((0x80, c)))
    i2c.writevto(0x3C, (b"\x40", bytearray(1024)))  # ... then the frame behind a control byte
    assert abs(machine.bus_us - before - 26700) < 0.01
    # another rate: in proportion to a bit's system clocks, as the SDK and the I2C block
    # make them (by hand at 125 MHz: 200 kHz -> period 625, LCNT 375, spike 23: 656 clocks;
    # 400 kHz -> 313, 187, 11: 332; drivers.chip.i2c_freq's 425,170 Hz -> 294, 176, 11: 313)
    for asked, clocks in ((200_000, 656), (425_170, 313)):
        other = machine.I2C(0, freq=asked)
        before = machine.bus_us
        other.writeto(0x3C, b"\x80\x00")  # 3 bytes on the wire
        assert abs(machine.bus_us - before - 3 * 26700 / 1044 * clocks / 332) < 0.01
    # another clock: a bit's system clocks at it (by hand at 200 MHz: drivers.chip.i2c_freq's
    # 421,052 Hz -> period 475, LCNT 285, spike 17: 500 clocks, 2.5 us against 332 / 125 MHz)
    machine.freq(200_000_000)
    try:
        fast = machine.I2C(0, freq=421_052)
        before = machine.bus_us
        fast.writeto(0x3C, b"\x80\x00")
        assert abs(machine.bus_us - before - 3 * 26700 / 1044 * (500 / 200) / (332 / 125)) < 0.01
    finally:
        machine.freq(125_000_000)


def test_the_oled_boards_driver_on_the_bench_bus():
    from drivers.ssd1306 import SSD1306_I2C

    screen = SSD1306_I2C(128, 64, machine.I2C(0, freq=400_000))
    screen.show()  # the boot's first frame, which also switches the panel on
    screen.fill(1)
    before = machine.bus_us
    screen.show()  # all 8 pages, one window: 7 + 1 and 1 + 1024 + 1 bytes on the wire
    assert abs(machine.bus_us - before - 1034 * 26700 / 1044) < 0.01
    screen.pixel(0, 63, 0)
    before = machine.bus_us
    screen.show()  # page 7, column 0 only: 7 + 1 and 1 + 1 + 1
    assert abs(machine.bus_us - before - 11 * 26700 / 1044) < 0.01


def test_presses_and_the_time_the_script_let_pass_after_each():
    presses = _load("presses")
    # OK, then the dice tumble for 800 ms; DOWN and OK, each with one poll; long BACK
    assert presses.presses("2t100.t200.t800.1t810.2t820.7") == [(2, 800), (1, 10), (2, 10), (7, 0)]
    assert presses.presses("2t100.1t150.t700.7") == [(2, 100), (1, 600), (7, 0)]
    assert presses.presses("") == []


def test_the_game_log_costs_a_page_per_record_and_an_erase_per_block(tmp_path):
    from app.ringlog import RingLog
    files = flash.FlashFiles()
    ring = RingLog(files.ring(str(tmp_path / "game.ring"), 2, True))
    f = files.flash
    assert f.erases == 3  # the folder, and a block of data for each file: made once
    stall, lfs = f.stall_ms, f.lfs_ms
    assert lfs == 2 * 19  # making the files: littlefs's work for a block each
    assert ring.append(b"[1]", 1) is False  # block 0 erased
    assert f.erases == 4 and f.stall_ms - stall == 45
    assert f.lfs_ms == lfs  # the log's own erase: littlefs has no part in it
    assert ring.append(b"[1]", 1) is True  # header (8) and record (9): one page
    assert f.erases == 4 and abs(f.stall_ms - stall - 45.4) < 1e-9 and f.data - 8192 == 17
    programmed = f.programmed
    ring.append(b"x" * 300, 1)  # 306 bytes from byte 17: two pages
    assert f.programmed - programmed == 512 and f.erases == 4
    assert RingLog(files.ring(str(tmp_path / "game.ring"), 2, False)).read(1) == [b"[1]", b"x" * 300]


def test_a_figure_the_bench_cannot_model_is_shown_without_a_verdict():
    from host_tools.bench.table import Report
    report = Report(["pico_oled", "pico_display_pack"])
    report.row("press", [30.0, 70.0], 60, 20, unjudged=("pico_display_pack",))
    assert report.failures == 0  # 70 ms on the Display Pack: the chip judges it
    line = report.lines()[1]
    assert "30.0 ms ok" in line and "70.0 ms (chip)" in line and "OVER" not in line
    report.row("gap", [70.0, 10.0], 50, 20)
    assert report.failures == 1
