// Runs the shared tests under real MicroPython (the WebAssembly port) with the
// Pico's heap.  One fresh runtime per test file, so a file's garbage cannot
// hide another's memory use.  The runtime only prints Python errors, so every
// line on stderr and every escaped exception counts as a failure.
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
  let out = "", err = "";
  const mp = await loadMicroPython({
    heapsize: HEAP,
    stdout: (line) => { out += line + "\n"; },
    stderr: (line) => { err += line + "\n"; },
  });
  installDevice(mp);
  copyTree(mp, shared, "/tests");
  mp.FS.writeFile("/tests/_mp_unittest.py", readFileSync(join(ROOT, "host_tools", "mp_unittest.py")));
  const started = Date.now();
  let crashed = "";
  try {
    mp.runPython(`import sys\nsys.path.append("/tests")\nimport _mp_unittest\n_mp_unittest.run(${JSON.stringify(mod)})`);
  } catch (e) {
    crashed = `${e.type || "Error"}: ${e.message}`;
  }
  const m = out.match(/^RESULT (\d+) (\d+)$/m);
  let p = 0, f = 0;
  if (m) {
    p = +m[1]; f = +m[2];
  }
  if (crashed || err.trim() || !m) f += 1;
  passed += p; failed += f;
  const ms = Date.now() - started;
  console.log(`${f ? "FAIL" : "ok  "} ${mod}: ${p} passed, ${f} failed (${ms} ms)`);
  if (f) {
    process.stdout.write(out.replace(/^RESULT.*\n?/m, ""));
    if (err.trim()) process.stdout.write("stderr:\n" + err);
    if (crashed) console.log(crashed);
  }
}
console.log(`MicroPython ${files.length} test files, heap capped at ${HEAP} bytes`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || passed === 0 ? 1 : 0);
