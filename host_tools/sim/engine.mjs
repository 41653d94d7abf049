// The simulator's engine: the real MicroPython runtime (WebAssembly) running the gadget on
// the virtual board (host_tools/wasm/virtual_board.py).  Speaks a line protocol on
// stdin/stdout with sim/device.py:
//   in:  BOOT board seed | EV n | TICK ms | QUIT
//   out: FRAME hex / TEXT json / BEEPS n after each command, ERR text on a Python error, END.
// Saves live in the runtime's /data and are mirrored to a host folder, so a
// game survives quitting.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { mkdirSync, readdirSync, readFileSync, writeFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ROOT, installDevice } from "../wasm/runtime.mjs";

const saveDir = process.argv[2] || join(ROOT, "sim-save");
const heap = parseInt(process.env.MP_HEAP || String(192 * 1024), 10);
let out = [];
let err = [];
const mp = await loadMicroPython({
  heapsize: heap,
  stdout: (l) => out.push(l),
  stderr: (l) => err.push(l),
});
installDevice(mp);
mp.FS.writeFile("/virtual_board.py", readFileSync(join(ROOT, "host_tools", "wasm", "virtual_board.py")));
mkdirSync(saveDir, { recursive: true });
copyIn(saveDir, "/data");

// The host folder's files and folders into the runtime's dir, and back.
function copyIn(host, dir) {
  mp.FS.mkdirTree(dir);
  for (const name of readdirSync(host)) {
    const path = join(host, name);
    if (statSync(path).isDirectory()) copyIn(path, dir + "/" + name);
    else mp.FS.writeFile(dir + "/" + name, readFileSync(path));
  }
}

function mirrorOut(dir, host) {
  mkdirSync(host, { recursive: true });
  const inside = new Set(mp.FS.readdir(dir).filter((n) => n !== "." && n !== ".."));
  for (const name of inside) {
    const path = dir + "/" + name;
    if (mp.FS.isDir(mp.FS.stat(path).mode)) mirrorOut(path, join(host, name));
    else writeFileSync(join(host, name), mp.FS.readFile(path));
  }
  for (const name of readdirSync(host)) if (!inside.has(name)) rmSync(join(host, name), { recursive: true });
}

function run(code) {
  out = []; err = [];
  try {
    mp.runPython(code);
  } catch (e) {
    err.push(`${e.type || "Error"}: ${e.message}`);
  }
  for (const l of out) process.stdout.write(l + "\n");
  for (const l of err) process.stdout.write("ERR " + l.replace(/\n/g, "\nERR ") + "\n");
}

// After each command, for the host: the frame buffer in hex, the strings drawn on it, the beeps.
run(`import binascii, json
import virtual_board as vb
def _frame():
    print("FRAME " + binascii.hexlify(_app.ui.fb.buffer).decode())
    print("TEXT " + json.dumps(_app.ui.drawn))
    print("BEEPS %d" % _app.beeps)
    _app.beeps = 0`);
const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  const [cmd, ...args] = line.trim().split(/\s+/);
  if (cmd === "BOOT") {
    run(`vb.use(${JSON.stringify(args[0])})\n_app = vb.app(${+args[1]})\n_app.ui.record()\n_app.render()\n_frame()`);
  } else if (cmd === "EV") {
    run(`vb.press(_app, ${+args[0]})\n_frame()`);
  } else if (cmd === "TICK") {
    run(`vb.rest(_app, ${+args[0]})\n_frame()`);
  } else if (cmd === "QUIT") {
    break;
  } else {
    process.stdout.write(`ERR unknown command ${cmd}\n`);
  }
  mirrorOut("/data", saveDir);
  process.stdout.write("END\n");
}
process.exit(0);
