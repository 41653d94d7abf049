// Runs the shared tests under real MicroPython (the WebAssembly port) with the
// Pico's heap.  One fresh runtime per test file; one top-level call per test
// case, and per step of a generator case, so the garbage collector runs
// between them (see mp_unittest.py).  The runtime only prints Python errors,
// so every line on stderr and every escaped exception counts as a failure.
//
// usage: node host_tools/mp_test.mjs [tests/shared/test_x.py ...]
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { ROOT, copyTree, installDevice } from "./mp_files.mjs";

const HEAP = parseInt(process.env.MP_HEAP || String(192 * 1024), 10);
const shared = join(ROOT, "tests", "shared");
let files = process.argv.slice(2);
if (files.length === 0) {
  files = readdirSync(shared).filter((f) => /^test_.*\.py$/.test(f)).sort().map((f) => join(shared, f));
}

let passed = 0, failed = 0;
for (const file of files) {
  const mod = basename(file, ".py");
  let out = [], err = [], log = [];
  const mp = await loadMicroPython({
    heapsize: HEAP,
    stdout: (line) => { out.push(line); },
    stderr: (line) => { err.push(line); },
  });
  installDevice(mp);
  copyTree(mp, shared, "/tests");
  if (mod.startsWith("test_saves_upgrade")) copyTree(mp, join(ROOT, "tests", "fixtures", "saves"), "/fixtures/saves", [""]);
  mp.FS.writeFile("/tests/_mp_unittest.py", readFileSync(join(ROOT, "host_tools", "mp_unittest.py")));
  const started = Date.now();

  // One top-level call; returns its last status line (CASES n / MORE / DONE 0|1).
  function call(code) {
    out = [];
    try {
      mp.runPython(code);
    } catch (e) {
      err.push(`${e.type || "Error"}: ${e.message}`);
    }
    const status = out.filter((l) => /^(CASES|MORE|DONE)/.test(l));
    log.push(...out.filter((l) => !/^(CASES|MORE|DONE)/.test(l)));
    return status.length ? status[status.length - 1] : "";
  }

  let p = 0, f = 0;
  const head = call(`import sys\nsys.path.append("/tests")\nimport _mp_unittest as _t\n_t.collect(${JSON.stringify(mod)})`);
  const count = head.startsWith("CASES") ? +head.split(" ")[1] : -1;
  if (count < 0) f += 1;
  for (let i = 0; i < count; i++) {
    let status = call(`_t.start(${i})`);
    while (status === "MORE") status = call("_t.step()");
    if (status === "DONE 1") p += 1;
    else f += 1;
    if (status === "") break;  // the runtime itself failed: stop this file
  }
  if (err.length) f += 1;
  passed += p; failed += f;
  console.log(`${f ? "FAIL" : "ok  "} ${mod}: ${p} passed, ${f} failed (${Date.now() - started} ms)`);
  if (f) {
    for (const l of log) console.log(l);
    if (err.length) console.log("stderr:\n" + err.join("\n"));
  }
}
console.log(`MicroPython: ${files.length} test files, heap capped at ${HEAP} bytes`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || passed === 0 ? 1 : 0);
