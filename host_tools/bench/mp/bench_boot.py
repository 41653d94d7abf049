"""Boot to the first screen: imports, App start (settings, save lookup), first frame."""
import clock
import reference


def main(arg):
    start = clock.now_us()
    import framebuf
    from app.app import App
    from app.store import FileStore
    buf = bytearray(128 * 64 // 8)
    app = App(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), 128, 64, FileStore("/data"), None)
    app.render()
    boot = clock.now_us() - start
    print("BENCH reference_us", min(reference.time_us(reference.workload, 1, clock.now_us) for _ in range(5)))
    print("BENCH boot_to_first_screen_us", boot)
