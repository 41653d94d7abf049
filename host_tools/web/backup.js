// The backup file the gadget's make backup writes and make restore reads
// (host_tools/pico/backup.py): every file of /data as base64 at its path, the version
// stamp of the Schaffner that wrote them, and when. The page saves its own /data in it
// and opens one from a gadget, so a game goes on from the gadget to the browser and back.
export const FORMAT = "schaffner-backup/1";

// files: Map of path under /data -> base64; writtenBy: the page's version stamp (or null).
export function makeBackup(files, writtenBy, when = new Date()) {
  const out = {};
  for (const rel of [...files.keys()].sort()) out[rel] = files.get(rel);
  const stamp = when.toISOString().replace(/\.\d+Z$/, "Z");
  return JSON.stringify({ format: FORMAT, written_by: writtenBy, when: stamp, files: out }, null, 1) + "\n";
}

function version(stamp) {
  return String((stamp && stamp.version) || "").split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : 0));
}

function later(a, b) {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) > (b[i] || 0);
  }
  return false;
}

// The files of a backup (Map path -> base64), or an Error saying in words why the text is
// none, or one this page cannot read (written by a later version than running).
export function readBackup(text, running) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error("This file is not a Schaffner backup (it is not JSON).");
  }
  if (!data || typeof data !== "object" || data.format !== FORMAT) {
    throw new Error("This file is not a Schaffner backup.");
  }
  if (!data.files || typeof data.files !== "object" || Array.isArray(data.files)) {
    throw new Error("This backup holds no files.");
  }
  const by = data.written_by && typeof data.written_by === "object" ? data.written_by : null;
  if (by && later(version(by), version(running))) {
    throw new Error(`This backup was written by Schaffner ${by.version}, later than this page's ${running.version}: reload the page to update it first.`);
  }
  const files = new Map();
  for (const [rel, b64] of Object.entries(data.files)) {
    const parts = rel.split("/");
    if (!rel || parts.some((p) => !p || p === "." || p === "..")) throw new Error("This backup names a file outside the saves: " + rel);
    if (typeof b64 !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4) {
      throw new Error("This backup is damaged: " + rel + " cannot be read.");
    }
    files.set(rel, b64);
  }
  return files;
}
