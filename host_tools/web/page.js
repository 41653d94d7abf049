// Schaffner in the browser. The MicroPython WebAssembly runtime runs the device
// image as `make deploy` puts it on a Pico, with firmware/main.py's Device on the
// virtual board (the image's /board.py; web_device.py the glue). This script is that board's hardware:
// the screen, the four buttons, the LED, the buzzer, and the flash the saves live in
// (the runtime's /data, mirrored into localStorage).
import { loadMicroPython } from "./micropython.mjs";
import { makeBackup, readBackup } from "./backup.js";

const HEAP = 192 * 1024; // the heap the simulator and the tests give the app: about a Pico's
const POLL_MS = 10; // firmware/main.py's poll period
const BOARD_KEY = "schaffner:board";
const SAVE_PREFIX = "schaffner:data/"; // + the file's path under /data
const UNREADABLE_PREFIX = "schaffner:unreadable/"; // + the path of an entry that was not a file (kept aside)
const SAVE_DIR = "/data";
const KEYS = { ArrowUp: 0, ArrowDown: 1, Enter: 2, Backspace: 3, Escape: 3, ArrowLeft: 3 };
const OLED = [[0, 0, 0], [255, 255, 255]]; // a white SSD1306: lit pixels on black

const $ = (id) => document.getElementById(id);
const canvas = $("screen");
const ctx = canvas.getContext("2d");
const keyEls = [...document.querySelectorAll("[data-button]")].sort((a, b) => a.dataset.button - b.dataset.button);
const boardEls = [...document.querySelectorAll("[data-board]")];

// What the page reports about itself: the browser test reads it, and so can a curious player.
// idle: the last poll found nothing to do and no save waits, not even one put off till
// the hands are off (web_device.idle): the browser test waits for it
const state = (window.schaffner = { ready: null, board: null, palette: OLED, events: [], words: [], led: "", error: null, notice: "", idle: false });

let mp = null;
let device = null; // web_device, inside the runtime
let info = null; // the board as web_device.boot() describes it
let timer = null;
let image = null; // ImageData of one frame
let tones = null;
let unreadable = 0; // saved entries restoreSaves could not read, for the first boot to tell

// ---- notices: two lines of their own under the screen, whose height never changes (so
// the buttons never move), gone with the next action ---------------------------------

const OPENED_KEY = "schaffner:opened"; // the file an Open put in place, said after the reload

function notify(text) {
  $("status").textContent = text;
  state.notice = text;
}

// ---- errors: always visible, never a blank page ------------------------------

function fail(what, err) {
  clearInterval(timer);
  timer = null;
  const detail = err && (err.message || String(err));
  state.error = what + (detail ? ": " + detail : "");
  $("error-text").textContent = state.error;
  $("forget").hidden = !Object.keys(localStorage).some(saved);
  $("error").hidden = false;
  notify("");
}

window.addEventListener("error", (e) => fail("Page error", e.error || e.message));
window.addEventListener("unhandledrejection", (e) => fail("Page error", e.reason));

// ---- the buttons --------------------------------------------------------------
// Each button is a bit of the raw sample main.py's debouncer gets, as a Pico pin is.
// Every press of a finger or a key becomes exactly one press the debouncer sees:
// the bit goes on only after it has been off for the debouncer's settle time, and
// stays on at least that long, so a quick tap is neither lost nor merged with the
// next; held past long_ms, it is a long press, as on the gadget.

const buttons = keyEls.map(() => ({ down: false, queued: 0, on: false, edge: -1e9, age: 1e9 }));

function press(i) {
  const b = buttons[i];
  if (!b.down) {
    b.down = true;
    b.queued += 1;
  }
  wake();
}

function release(i) {
  buttons[i].down = false;
}

function releaseAll() {
  buttons.forEach((b) => (b.down = false));
}

function sample(now) {
  const settle = info.debounce_ms;
  let raw = 0;
  buttons.forEach((b, i) => {
    // b.age: how long the bit had been as it is at the previous sample
    if (b.on && !b.down && b.age >= settle) {
      b.on = false;
      b.edge = now;
    } else if (!b.on && b.queued && b.age >= settle) {
      b.on = true;
      b.queued -= 1;
      b.edge = now;
    }
    b.age = now - b.edge;
    if (b.on) raw |= 1 << i;
    keyEls[i].classList.toggle("down", b.on);
  });
  return raw;
}

// A board switch: a press the old gadget's debouncer had not yet turned into an event
// (still settling, or held short of a long press) goes to the new one, as do the presses
// queued; one already an event (a long press, held on) is not made again.
function carryButtons() {
  const long = info ? info.long_ms : 700;
  buttons.forEach((b) => {
    if (b.on && b.age < long) b.queued += 1;
    Object.assign(b, { down: false, on: false, edge: -1e9, age: 1e9 });
  });
}

keyEls.forEach((el, i) => {
  el.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    press(i);
  });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) el.addEventListener(type, () => release(i));
  el.addEventListener("contextmenu", (e) => e.preventDefault());
});

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.altKey || e.metaKey || e.target.closest("#error, #update")) return;
  // a name entry on screen takes the keyboard's characters, and Enter ends the name
  if ((e.key.length === 1 || e.key === "Enter") && typed(e.key === "Enter" ? "\n" : e.key)) {
    e.preventDefault();
    return;
  }
  const i = KEYS[e.key];
  if (i === undefined) return;
  e.preventDefault();
  if (!e.repeat) press(i);
});
document.addEventListener("keyup", (e) => {
  const i = KEYS[e.key];
  if (i !== undefined) release(i);
});
window.addEventListener("blur", releaseAll); // a key let go elsewhere must not stay held

// ---- the board's outputs, called through web_device.py ---------------------------

// Device() draws its first frame before boot() has told the page the board's format.
let frame = null;
function show(hex) {
  frame = hex;
  if (info) draw();
}

function draw() {
  const { width, height, palette } = info;
  const hex = frame;
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
  const px = image.data;
  for (let p = 0; p < width * height; p++) {
    const c = palette
      ? palette[p & 1 ? bytes[p >> 1] & 15 : bytes[p >> 1] >> 4] || palette[0] // GS4_HMSB: left pixel in the high nibble
      : OLED[(bytes[p >> 3] >> (7 - (p & 7))) & 1]; // MONO_HLSB: left pixel in the top bit
    px.set(c, p * 4);
  }
  ctx.putImageData(image, 0, 0);
}

function led(colour) {
  state.led = colour;
  $("led").style.setProperty("--led", colour || "");
  $("led").classList.toggle("lit", !!colour);
}

function contrast(level) {
  canvas.style.filter = `brightness(${0.6 + 0.04 * level})`; // the app's 1..10
}

function buzz(hz) {
  if (!tones) return; // no sound before the first touch: browsers allow none
  if (hz) {
    const osc = tones.createOscillator();
    const gain = tones.createGain();
    gain.gain.value = 0.05;
    osc.frequency.value = hz;
    osc.connect(gain).connect(tones.destination);
    osc.start();
    buzz.playing = osc;
  } else if (buzz.playing) {
    buzz.playing.stop();
    buzz.playing = null;
  }
}

// A touch or a key may start sound and keep the phone's screen on at the table.
let lock = null;
function wake() {
  if (!tones && window.AudioContext) tones = new AudioContext();
  if (!lock && navigator.wakeLock && document.visibilityState === "visible") {
    lock = navigator.wakeLock.request("screen").then(
      (l) => l.addEventListener("release", () => (lock = null)),
      () => (lock = null),
    );
  }
}

// ---- saves: the runtime's /data mirrored into localStorage ----------------------
// Files are copied as they are, whatever the app writes into them.

let mirrored = new Map(); // path under /data -> base64 of what localStorage holds

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function dataFiles(dir = SAVE_DIR, rel = "", out = new Map()) {
  for (const name of mp.FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const path = dir + "/" + name;
    if (mp.FS.isDir(mp.FS.stat(path).mode)) dataFiles(path, rel + name + "/", out);
    else out.set(rel + name, toBase64(mp.FS.readFile(path)));
  }
  return out;
}

const saved = (key) => key.startsWith(SAVE_PREFIX) || key.startsWith(UNREADABLE_PREFIX);

// The saves into /data; how many entries could not be made a file of (not base64, say):
// those are kept aside under UNREADABLE_PREFIX, as the gadget keeps a save it cannot
// read, and the gadget is told (web_device.boot), so it says so in the browser's words.
function restoreSaves() {
  mp.FS.mkdirTree(SAVE_DIR);
  let unreadable = 0;
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith(SAVE_PREFIX)) continue;
    const rel = key.slice(SAVE_PREFIX.length);
    const path = SAVE_DIR + "/" + rel;
    const text = localStorage.getItem(key);
    try {
      const bytes = fromBase64(text);
      mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      mp.FS.writeFile(path, bytes);
      mirrored.set(rel, text);
    } catch (err) {
      unreadable += 1;
      localStorage.setItem(UNREADABLE_PREFIX + rel, text);
      localStorage.removeItem(key);
    }
  }
  return unreadable;
}

function mirrorSaves() {
  const now = dataFiles();
  try {
    for (const [rel, text] of now) if (mirrored.get(rel) !== text) localStorage.setItem(SAVE_PREFIX + rel, text);
    for (const rel of mirrored.keys()) if (!now.has(rel)) localStorage.removeItem(SAVE_PREFIX + rel);
    if (!mirrorSaves.asked && navigator.storage && navigator.storage.persist) {
      mirrorSaves.asked = true;
      navigator.storage.persist(); // ask the browser not to clear the saves when space runs low
    }
  } catch (err) {
    notify("This browser did not keep the last save (storage full?): " + err.message);
  }
  mirrored = now;
}

// ---- the saves to a file and back: the backup make backup and make restore use ----

function runningStamp() {
  try {
    return JSON.parse(new TextDecoder().decode(mp.FS.readFile("/version.json")));
  } catch {
    return null;
  }
}

$("save-file").addEventListener("click", () => {
  if (!device) return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([makeBackup(dataFiles(), runningStamp())], { type: "application/json" }));
  link.download = "schaffner-backup.json";
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  notify("Saved as schaffner-backup.json: Open reads it here or in another browser; make restore, on the gadget.");
});

// history.bgsplay: the games kept here as BG Stats' play file, the one make export writes,
// made by the gadget's own code (app/bgsplay.py) a game at a time; dated by this browser's clock.
$("bgstats-file").addEventListener("click", () => {
  if (!device) return;
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  const now = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  const parts = [];
  device.play_file_start(now);
  for (let part = device.play_file_next(); part !== null && part !== undefined; part = device.play_file_next()) parts.push(part);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob(parts, { type: "application/json" }));
  link.download = "history.bgsplay";
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  notify("Saved as history.bgsplay: open it with BG Stats to add the games kept here.");
});

$("open-file").addEventListener("click", () => {
  notify(""); // a refusal of an earlier file is over
  $("open-input").click();
});
$("open-input").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  e.target.value = "";
  if (!file || !device) return;
  let files;
  try {
    files = readBackup(await file.text(), runningStamp());
  } catch (err) {
    notify(err.message + " Nothing was changed.");
    return;
  }
  if (!confirm(`Replace the games and settings saved in this browser with those in ${file.name}?`)) return;
  clearInterval(timer); // nothing may mirror the old saves back over the new ones
  timer = null;
  const before = Object.keys(localStorage).filter((key) => key.startsWith(SAVE_PREFIX));
  try {
    for (const key of before) localStorage.removeItem(key);
    for (const [rel, text] of files) localStorage.setItem(SAVE_PREFIX + rel, text);
  } catch (err) {
    return fail("This browser could not keep the backup's saves (storage full?)", err);
  }
  sessionStorage.setItem(OPENED_KEY, file.name);
  location.reload();
});

window.addEventListener("storage", (e) => {
  if (e.key && e.key.startsWith(SAVE_PREFIX)) notify("The game was changed in another tab: reload to see it.");
});

// ---- running the device ----------------------------------------------------------

function randomHex(bytes) {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

function heard(words) {
  state.words = words;
  $("words").textContent = words.join(" · ");
}

function boot(name) {
  clearInterval(timer);
  carryButtons();
  led("");
  info = frame = null;
  try {
    info = JSON.parse(device.boot(name, randomHex(4), unreadable));
    unreadable = 0; // said once
  } catch (err) {
    return fail("The gadget did not start", err);
  }
  state.board = info.board;
  state.palette = info.palette || OLED;
  for (const el of boardEls) el.setAttribute("aria-checked", String(el.dataset.board === info.board));
  document.body.dataset.board = info.board;
  document.documentElement.style.setProperty("--long-ms", info.long_ms + "ms");
  $("led").hidden = !info.led;
  fit();
  draw();
  heard(info.words);
  mirrorSaves(); // a switch wrote what the old board's gadget still had to save
  timer = setInterval(poll, POLL_MS);
}

// A character for the screen (web_device.type_key): true when the screen took it.
function typed(ch) {
  if (!device) return false;
  let out;
  try {
    out = device.type_key(ch);
  } catch (err) {
    fail("Schaffner stopped", err);
    return true;
  }
  if (out === null || out === undefined) return false;
  heard(JSON.parse(out).words);
  mirrorSaves();
  return true;
}

// The browser's local date and time for the records: "year,month,day,hour,minute".
function now() {
  const d = new Date();
  return [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()].join(",");
}

function poll() {
  const now = Math.floor(performance.now());
  let out;
  try {
    out = device.poll(sample(now), now & 0x3fffffff); // ticks_ms wrap at 2**30
  } catch (err) {
    return fail("Schaffner stopped", err);
  }
  if (out === null) {
    state.idle = device.idle();
    return;
  }
  state.idle = false;
  const { events, words } = JSON.parse(out);
  if (events.length) notify(""); // a notice lasts until the next action
  state.events.push(...events);
  if (words) heard(words);
  mirrorSaves();
}

// The screen at the largest whole multiple of its pixels that fits: crisp at any size.
// It fits the width of its case and, with the buttons under it, the window's height,
// so on a laptop the Display Pack's 240×135 is drawn 3 times over, the OLED's 128×64
// 6 times, and neither pushes the buttons out of sight; on a phone 390 wide with 2
// device pixels a CSS pixel, 1 and 2.5 CSS pixels a pixel, with 3, 1⅓ and 2.
function fit() {
  const { width, height } = info;
  if (!image || image.width !== width || image.height !== height) {
    canvas.width = width;
    canvas.height = height;
    image = ctx.createImageData(width, height);
    for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255; // opaque; show() sets the colours
  }
  const dpr = window.devicePixelRatio || 1;
  const bezel = canvas.parentElement;
  const beside = info.led && getComputedStyle(bezel).flexDirection === "row"; // the LED, on a laptop
  const room = bezel.clientWidth - (beside ? 40 : 0);
  // everything in the gadget's column but the screen, and the page's margin under it
  const margin = parseFloat(getComputedStyle(document.querySelector("main")).paddingTop);
  const others = canvas.closest(".gadget").offsetHeight - canvas.offsetHeight + 2 * margin;
  const tall = Math.max(window.innerHeight - others, window.innerHeight / 3); // a phone on its side: keep it readable
  const most = Math.max(1, Math.floor(Math.min((room * dpr) / width, (tall * dpr) / height)));
  // and of a whole number of CSS pixels: the browser draws a screen of a fractional size
  // a device pixel off, one of its rows or columns thinner or thicker than the others
  const whole = (px) => Math.abs(px - Math.round(px)) < 1e-6;
  let scale = most;
  while (scale > 1 && !(whole((width * scale) / dpr) && whole((height * scale) / dpr))) scale -= 1;
  if (!(whole((width * scale) / dpr) && whole((height * scale) / dpr))) scale = most; // none is: the biggest
  canvas.style.width = (width * scale) / dpr + "px";
  canvas.style.height = (height * scale) / dpr + "px";
  state.scale = scale / dpr; // CSS pixels a screen pixel: the browser test reads it
}
window.addEventListener("resize", () => info && fit());

for (const el of boardEls) {
  el.addEventListener("click", () => {
    if (!device || el.dataset.board === state.board) return;
    localStorage.setItem(BOARD_KEY, el.dataset.board);
    notify("");
    boot(el.dataset.board);
  });
}

$("restart").addEventListener("click", () => location.reload());
$("forget").addEventListener("click", () => {
  if (!confirm("Delete every game and setting Schaffner saved in this browser?")) return;
  for (const key of Object.keys(localStorage)) if (saved(key)) localStorage.removeItem(key);
  location.reload();
});

// The device image: one file of [4-byte length][JSON index [[path, size]...]][contents].
async function loadImage() {
  const res = await fetch("image.bin");
  if (!res.ok) throw new Error("image.bin: HTTP " + res.status);
  const data = new Uint8Array(await res.arrayBuffer());
  const size = new DataView(data.buffer).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(data.subarray(4, 4 + size)));
  let at = 4 + size;
  return index.map(([path, length]) => {
    const file = [path, data.subarray(at, at + length)];
    at += length;
    return file;
  });
}

async function start() {
  const files = loadImage();
  let python;
  try {
    mp = await loadMicroPython({ heapsize: HEAP, stdout: (l) => console.log(l), stderr: (l) => console.error(l) });
    for (const [path, bytes] of await files) {
      mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")) || "/");
      mp.FS.writeFile(path, bytes);
    }
    unreadable = restoreSaves();
    mp.registerJsModule("browser", { show, led, buzz, contrast, now });
    python = mp.pyimport("web_device");
  } catch (err) {
    return fail("The MicroPython runtime did not load", err);
  }
  device = python;
  const saved = localStorage.getItem(BOARD_KEY);
  boot(boardEls.some((el) => el.dataset.board === saved) ? saved : boardEls[0].dataset.board);
  if (state.error) return;
  const opened = sessionStorage.getItem(OPENED_KEY);
  sessionStorage.removeItem(OPENED_KEY);
  notify(opened ? `Opened ${opened}: ${device.summary()}.` : "");
  state.ready = performance.now();
  if ("serviceWorker" in navigator) {
    offline().catch((err) => notify("This page will not work offline: " + err.message));
  }
}

// Offline after the first visit: the service worker keeps every file of the page.
async function offline() {
  const reg = await navigator.serviceWorker.register("sw.js");
  const waiting = () => {
    if (!reg.waiting || !navigator.serviceWorker.controller) return;
    $("update").hidden = false; // a new version is in; it takes over when the player says so
  };
  waiting();
  reg.addEventListener("updatefound", () => reg.installing.addEventListener("statechange", waiting));
  let updating = false;
  $("update-now").addEventListener("click", () => {
    updating = true;
    if (reg.waiting) reg.waiting.postMessage("take over");
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => updating && location.reload());
}

start();
