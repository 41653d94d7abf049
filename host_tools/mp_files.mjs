// Places the project's device files into a MicroPython WebAssembly runtime's
// in-memory file system, laid out as on the Pico (see DESIGN.md, deploy.py).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (name.endsWith(".py") || name.endsWith(".json") || name.endsWith(".txt")) yield path;
  }
}

export function copyTree(mp, hostDir, deviceDir) {
  for (const path of walk(hostDir)) {
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
