// Runs one benchmark module inside the MicroPython WebAssembly runtime with a
// given heap, on the compiled device image (.mpy files, as on the Pico), with
// the bench's modules compiled beside it in /bench (runtime.py builds both).
//   node host_tools/bench/run.mjs IMAGE_DIR HEAP_BYTES MODULE [ARG]
// Prints the module's output, then "HEAP_GREW 0|1" (1: some step needed more
// heap than it was given, which on a Pico is a MemoryError) and "ERROR ..."
// lines for Python errors.  Steps run as separate top-level calls so garbage
// is collected between button presses (mp/stepper.py).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { copyTree } from "../wasm/runtime.mjs";

const [image, heapArg, module, arg = ""] = process.argv.slice(2);
const heap = parseInt(heapArg, 10);
let out = [];
let err = [];
let mp;
try {
  mp = await loadMicroPython({ heapsize: heap, stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
} catch (e) {
  console.log("ERROR the runtime does not start in this heap");
  console.log("HEAP_GREW 1");
  process.exit(0);
}
copyTree(mp, image, "", [".mpy", ".py"]);

let grew = false;
let total = null;
function call(code) {
  out = [];
  try {
    mp.runPython(code + "\nimport gc as _gc\nprint('TOTAL', _gc.mem_alloc() + _gc.mem_free())");
  } catch (e) {
    err.push(`${e.type || "Error"}: ${e.message}`);
  }
  let status = "";
  for (const l of out) {
    if (l.startsWith("TOTAL ")) {
      const t = +l.slice(6);
      if (total === null) total = t;
      else if (t !== total) grew = true;
    } else if (l === "MORE" || l === "DONE") status = l;
    else console.log(l);
  }
  return status;
}

call("");  // the heap as the runtime starts: every later total must equal it
call(`import sys\nsys.path.append("/bench")\nimport stepper`);
let status = call(`stepper.start(${JSON.stringify(module)}, ${JSON.stringify(arg)})`);
while (status === "MORE" && !err.length) status = call("stepper.step()");
for (const l of err) console.log("ERROR " + l.replace(/\n/g, "\nERROR "));
console.log("HEAP_GREW " + (grew || err.length ? 1 : 0));
