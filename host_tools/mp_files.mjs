// Places the project's device files into a MicroPython WebAssembly runtime's
// in-memory file system, laid out as on the Pico (see DESIGN.md, deploy.py).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

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

// The device image: the rules core in /lib, the firmware's packages at the root.
export function installDevice(mp) {
  copyTree(mp, join(ROOT, "lib"), "/lib");
  for (const pkg of ["app", "drivers"]) {
    try {
      copyTree(mp, join(ROOT, "firmware", pkg), "/" + pkg);
    } catch (e) {
      if (e.code !== "ENOENT") throw e;
    }
  }
}
