// Runs one benchmark module inside the MicroPython WebAssembly runtime with a
// given heap, on the compiled device image (.mpy files, as on the Pico).
//   node host_tools/bench_run.mjs IMAGE_DIR HEAP_BYTES MODULE [ARG]
// Prints the module's output, then "HEAP_GREW 0|1" (1: the run needed more
// heap than it was given, which on a Pico is a MemoryError) and "ERROR ..."
// lines for Python errors.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { join } from "node:path";
import { ROOT, copyTree } from "./mp_files.mjs";

const [image, heapArg, module, arg = ""] = process.argv.slice(2);
const heap = parseInt(heapArg, 10);
let out = [];
let err = [];
let mp;
try {
  mp = await loadMicroPython({ heapsize: heap, stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
} catch (e) {
  console.log("HEAP_GREW 1");
  process.exit(0);
}
copyTree(mp, image, "", [".mpy", ".py"]);
copyTree(mp, join(ROOT, "host_tools", "bench"), "/bench");
for (const name of ["memfiles.py", "appdriver.py", "support.py"]) {
  copyTree(mp, join(ROOT, "tests", "shared"), "/bench", [name]);
}
copyTree(mp, join(ROOT, "tests", "shared"), "/bench", null, /^play_.*\.py$/);
try {
  mp.runPython(
    `import sys, gc\nsys.path.append("/bench")\ngc.collect()\n_total = gc.mem_alloc() + gc.mem_free()\n` +
    `import ${module}\n${module}.main(${JSON.stringify(arg)})\ngc.collect()\n` +
    `print("HEAP_GREW", int(gc.mem_alloc() + gc.mem_free() != _total))`);
} catch (e) {
  err.push(`${e.type || "Error"}: ${e.message}`);
}
for (const l of out) console.log(l);
for (const l of err) console.log("ERROR " + l.replace(/\n/g, "\nERROR "));
if (err.length && !out.some((l) => l.startsWith("HEAP_GREW"))) console.log("HEAP_GREW 1");
