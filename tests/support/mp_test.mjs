// Runs the device code's tests under real MicroPython (the WebAssembly port) with
// the Pico's heap.  Which files it takes, and the two marks a test file may carry
// (CPYTHON_ONLY, FRESH_HEAP_PER_CASE, FLASH_IN_HEAP_KB): tests/README.md.
//
// One fresh runtime per test file (per case, for a file that asks for it); one
// top-level call per test case, and per step of a generator case, so the garbage
// collector runs between them (see mp_unittest.py).  The runtime only prints
// Python errors, so every line on stderr and every escaped exception counts as a
// failure.
//
// usage: node tests/support/mp_test.mjs [tests/app/test_x.py ...]
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { ROOT, copyTree, installDevice } from "../../host_tools/wasm/runtime.mjs";

const HEAP = parseInt(process.env.MP_HEAP || String(192 * 1024), 10);
const TESTS = join(ROOT, "tests");
const SUPPORT = join(TESTS, "support");
const FOLDERS = ["core", "app", "drivers", "boards"]; // the device code's tests
const CPYTHON_ONLY = /^CPYTHON_ONLY = /m;
const PER_CASE = /^FRESH_HEAP_PER_CASE = True/m;
const FLASH_IN_HEAP = /^FLASH_IN_HEAP_KB = (\d+)/m;

function testFiles() {
  const found = [];
  for (const folder of FOLDERS) {
    for (const name of readdirSync(join(TESTS, folder)).filter((f) => /^test_.*\.py$/.test(f)).sort()) {
      const path = join(TESTS, folder, name);
      if (!CPYTHON_ONLY.test(readFileSync(path, "utf8"))) found.push(path);
    }
  }
  return found;
}

// The .py files of a folder (not its subfolders: support's CPython shims stay out).
function copyFolder(mp, host, device, skip = /^$/) {
  mp.FS.mkdirTree(device);
  for (const name of readdirSync(host).filter((f) => f.endsWith(".py") && !skip.test(f))) {
    mp.FS.writeFile(device + "/" + name, readFileSync(join(host, name)));
  }
}

// A fresh runtime with the device image, the helpers and the test's folder; run(code) is
// one top-level call, returning its last status line (CASES n / MORE / DONE 0|1).
async function runtime(file, log, err) {
  let out = [];
  const flash = FLASH_IN_HEAP.exec(readFileSync(file, "utf8"));
  const mp = await loadMicroPython({
    heapsize: HEAP + (flash ? parseInt(flash[1], 10) * 1024 : 0),
    stdout: (line) => { out.push(line); },
    stderr: (line) => { err.push(line); },
  });
  installDevice(mp);
  copyFolder(mp, SUPPORT, "/tests/support", /^mp_/);
  copyFolder(mp, dirname(file), "/tests/here");
  // the saves of earlier versions, for the tests that load them (tests/app/saves_upgrade.py)
  if (basename(file).startsWith("test_saves_upgrade")) copyTree(mp, join(TESTS, "fixtures", "saves"), "/tests/fixtures/saves", [""]);
  mp.FS.writeFile("/tests/support/_mp_unittest.py", readFileSync(join(SUPPORT, "mp_unittest.py")));
  function run(code) {
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
  const mod = basename(file, ".py");
  const head = run("import sys\nsys.path.append('/tests/support')\n"
    + `sys.path.append('/tests/here')\nimport _mp_unittest as _t\n_t.collect(${JSON.stringify(mod)})`);
  return { run, count: head.startsWith("CASES") ? +head.split(" ")[1] : -1 };
}

// Case i to its end: true when it passed, null when the runtime itself failed.
function runCase(run, i) {
  let status = run(`_t.start(${i})`);
  while (status === "MORE") status = run("_t.step()");
  return status === "" ? null : status === "DONE 1";
}

const files = process.argv.length > 2 ? process.argv.slice(2) : testFiles();
let passed = 0, failed = 0;
for (const file of files) {
  const perCase = PER_CASE.test(readFileSync(file, "utf8"));
  const log = [], err = [];
  const started = Date.now();
  let p = 0, f = 0;
  let rt = await runtime(file, log, err);
  if (rt.count < 0) f += 1;
  for (let i = 0; i < rt.count; i++) {
    if (perCase && i > 0) rt = await runtime(file, log, err);
    const ok = runCase(rt.run, i);
    if (ok) p += 1;
    else f += 1;
    if (ok === null) break; // the runtime itself failed: stop this file
  }
  if (err.length) f += 1;
  passed += p; failed += f;
  console.log(`${f ? "FAIL" : "ok  "} ${basename(file, ".py")}: ${p} passed, ${f} failed (${Date.now() - started} ms)`);
  if (f) {
    for (const l of log) console.log(l);
    if (err.length) console.log("stderr:\n" + err.join("\n"));
  }
}
console.log(`MicroPython: ${files.length} test files, heap capped at ${HEAP} bytes`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || passed === 0 ? 1 : 0);
