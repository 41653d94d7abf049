// The simulator's engine: the real MicroPython runtime (WebAssembly) running
// the firmware's App.  Speaks a line protocol on stdin/stdout with sim.py:
//   in:  BOOT w h colour seed | EV n | TICK ms | QUIT
//   out: FRAME hex / TEXT json / BEEPS n after each command, ERR text on a Python error.
// Saves live in the runtime's /data and are mirrored to a host folder, so a
// game survives quitting.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { mkdirSync, readdirSync, readFileSync, writeFileSync, rmSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ROOT, installDevice } from "./wasm/runtime.mjs";

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
mp.FS.writeFile("/sim_device.py", readFileSync(join(ROOT, "host_tools", "sim_device.py")));
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

function mirrorSaves() {
  mirrorOut("/data", saveDir);
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

run("import sim_device");
const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  const [cmd, ...args] = line.trim().split(/\s+/);
  if (cmd === "BOOT") {
    run(`sim_device.boot(${+args[0]}, ${+args[1]}, ${args[2] === "1" ? "True" : "False"}, ${+args[3]})\nsim_device.frame()`);
  } else if (cmd === "EV") {
    run(`sim_device.press(${+args[0]})\nsim_device.frame()`);
  } else if (cmd === "TICK") {
    run(`sim_device.tick(${+args[0]})\nsim_device.frame()`);
  } else if (cmd === "QUIT") {
    break;
  } else {
    process.stdout.write(`ERR unknown command ${cmd}\n`);
  }
  mirrorSaves();
  process.stdout.write("END\n");
}
process.exit(0);
