// A stand-in Pico for tests/host_tools/test_deploy_board.py: real MicroPython (the
// WebAssembly port) with an empty file system, driven like a raw REPL.
//
// Reads one JSON object per line on stdin, {"code": "..."}, runs the code and answers
// one line {"out": "...", "err": "..."} (err: the traceback, "" if none). The runtime's
// own folders (/dev, /proc, /tmp, /home) move into /data/sys, where the deploy never
// looks; /data/game.json stands for a saved game. `machine` is a stand-in whose
// WDT counts feeds in machine.fed, whose reset() sets machine.was_reset and whose RTC
// keeps the time it is given.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { createInterface } from "node:readline";

let out = [], err = [];
const mp = await loadMicroPython({
  heapsize: 192 * 1024,
  stdout: (line) => { out.push(line); },
  stderr: (line) => { err.push(line); },
});
mp.FS.mkdirTree("/data/sys");
for (const d of ["dev", "proc", "tmp", "home"]) mp.FS.rename("/" + d, "/data/sys/" + d);
mp.FS.writeFile("/data/game.json", '{"saved": true}');
mp.runPython(`
import sys
class _Machine:
    fed = 0
    was_reset = False
    class WDT:
        def __init__(self, timeout):
            if timeout > 8388:
                raise ValueError("timeout exceeds 8388")
        def feed(self):
            _Machine.fed += 1
    @staticmethod
    def reset():
        _Machine.was_reset = True
    class RTC:
        now = (2021, 1, 1, 4, 0, 0, 0, 0)
        def datetime(self, when=None):
            if when is None:
                return _Machine.RTC.now
            _Machine.RTC.now = tuple(when)
sys.modules["machine"] = _Machine
`);

for await (const line of createInterface({ input: process.stdin })) {
  out = [];
  err = [];
  try {
    mp.runPython(JSON.parse(line).code);
  } catch (e) {
    err.push(e.type ? e.message : String(e));
  }
  process.stdout.write(JSON.stringify({ out: out.join("\n") + (out.length ? "\n" : ""), err: err.join("\n") }) + "\n");
}
