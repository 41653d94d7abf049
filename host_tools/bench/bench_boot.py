"""Boot to the first screen: imports, App start (settings, save lookup), first frame."""
import time

import reference


def main(arg):
    start = time.ticks_us()
    import framebuf
    from app.app import App
    from app.storage import FileStore
    buf = bytearray(128 * 64 // 8)
    app = App(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), 128, 64, FileStore("/data"), None)
    app.render()
    boot = time.ticks_diff(time.ticks_us(), start)
    print("BENCH reference_us", reference.time_us(reference.workload))
    print("BENCH boot_to_first_screen_us", boot)
