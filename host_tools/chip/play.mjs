// make chip's player: one power-on of an emulated Pico (../shared/picoemu's PicoEmu, the real
// MicroPython rp2 firmware) from a flash image, a recorded game's presses through the GPIO pins.
//   node host_tools/chip/play.mjs JOB.json
// The job (written by host_tools/chip/emulated.py) names the picoemu folder, the board with its
// keys and display (host_tools/chip/wiring.py), the flash image in and out, the presses ([event, least ms to wait after it], event as app/events.py) and
// how many to play, a power cut (cutAfter ms after press cutPress went down), the frames to expect
// at rest (a hash per press, from the simulator) and where to write what it saw (JSON, PNGs); or
// files to put on the flash (put), or a listing of every file with its hash (files).
//
// Everything is timed in emulated time, as a Pico at the clock the board sets would take it: the finger (a short
// press is let go after 100 ms, a long one reaches its 700 ms mark), the app taking the event (the
// chip's os.py probe raises GP22), the last byte of the frame on the display's bus (the display
// model), every button poll (the firmware reading the buttons' GPIO_IN), flash erases and programs.
// A press is made only when the gadget is at rest: the screen unchanged and the CPU mostly asleep
// for 60 ms (the main loop sleeps between polls unless work waits), and the recorded time passed.
import fs from 'fs';
import path from 'path';
import { createHash } from 'crypto';

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const emuMod = await import(path.join(job.picoemu, 'run.mjs'));
const { PicoEmu, ST7789, frameToPNG, rgbToPNG, FS_OFFSET, FS_SIZE } = emuMod;

const MARK = 22; // the probe's pin: raised when the app takes an event
const HOLD_MS = 100, LONG_HOLD_MS = 800, LONG_MS = 700;
const RELEASED_MS = 50; // before the next press: the debouncer takes 30 ms to see a release
const LOST_MS = 300; // a press the app has not taken this long after the finger was lost
const AFTER_MS = 300; // after a release the hands are still at the buttons: polls must stay quick
// At rest: no frame and the CPU below BUSY_DUTY for QUIET_SLICES slices in a row. An idle
// gadget is not at 0: main.run sleeps a millisecond at a time (MicroPython's wake, USB) for
// about 0.15 of the emulated CPU, and a 50 ms poll adds 0.1 to its slice; work a screen
// waits for (odds, saves, a replay) runs poll after poll at 1.0. (At 0.25 an idle Display
// Pack with a heap near full never came to rest: its polls' slices sat at 0.24-0.31.)
const SLICE_MS = 10, QUIET_SLICES = 6, BUSY_DUTY = 0.5;
const REST_LIMIT_MS = 20000;
const BOOT_LIMIT_MS = 10000;

// the first key of each button, UP DOWN OK BACK; the display's model and where it is wired
const board = { pins: job.keys, oled: job.display.kind === 'oled' };
const BACK = board.pins[3];
const emu = new PicoEmu({ fsImage: job.fsIn, firmware: job.fw || undefined });
let display;
const frames = []; // [ms of the last byte, changed] of every frame the display completed
let lastKey = null;
const frameKey = () => createHash('sha1').update(canonical()).digest('hex');
if (board.oled) {
  display = emu.attachOLED({ chip: job.display.chip, bus: job.display.bus, address: job.display.address });
} else {
  const { kind, ...wired } = job.display;
  display = new ST7789(emu, wired).attach(emu);
}
display.onFrame((f) => {
  const key = frameKey();
  frames.push([f.tMs, key !== lastKey]);
  lastKey = key;
});

// The picture a player sees, one byte per pixel (OLED: lit or not; Display Pack: red, green and
// blue as the panel's 12 bits a pixel hold them, 4 each), the same bytes host_tools/chip/screens.py
// makes from the simulator's frame buffer.
function canonical() {
  if (board.oled) return Buffer.from(display.frameBits());
  const rgb = display.frameRGB();
  const out = Buffer.alloc(rgb.length);
  for (let i = 0; i < rgb.length; i++) out[i] = rgb[i] >> 4;
  return out;
}
function png(file) {
  if (board.oled) fs.writeFileSync(file, frameToPNG(display.frameBits(), { scale: 4 }));
  else fs.writeFileSync(file, rgbToPNG(display.frameRGB(), { width: 240, height: 135, scale: 2 }));
}

// Button polls: main.run reads the four buttons' levels (SIO GPIO_IN) once a poll; a run of at
// least four reads is a poll (an edge interrupt reads one pin).
const polls = [];
// emulated ms the CPU ran: its cycles at the clock each ran at (main.py may raise it)
let banked = 0, cyclesBanked = 0, cycleNs = 1e9 / emu.mcu.clkSys;
emu.mcu.addClockListener((clk) => {
  banked += (emu.cycles - cyclesBanked) * cycleNs * 1e-6;
  cyclesBanked = emu.cycles;
  cycleNs = 1e9 / clk;
});
const awakeMs = () => banked + (emu.cycles - cyclesBanked) * cycleNs * 1e-6;
let burst = { start: 0, last: -1e12, n: 0, erases: 0 };
const sio = emu.mcu.sio;
const sioRead = sio.readUint32;
sio.readUint32 = (off) => {
  if (off === 4) {
    const t = emu.nanos;
    if (t - burst.last > 200e3) {
      if (burst.n >= 4) polls.push([burst.start / 1e6, burst.erases, burst.busy]);
      // busy: emulated ms the chip was not asleep until then (cycles run, flash stalls)
      burst = { start: t, last: t, n: 0, erases: emu.flashOps.erase, busy: awakeMs() + emu.flashOps.stallMs };
    }
    burst.last = t;
    burst.n++;
  }
  return sioRead(off);
};
const marks = [];
emu.padWatchers[MARK].push((n, level) => { if (level && emu.mcu.gpio[MARK].outputEnable) marks.push(emu.nanos / 1e6); });
// the probe's GP26 (the app drawing a frame) and GP27 (the display sending it): [start, end] ms
const spans = { 26: [], 27: [] };
for (const pin of [26, 27]) {
  emu.padWatchers[pin].push((n, level) => {
    if (!emu.mcu.gpio[pin].outputEnable) return;
    const t = emu.nanos / 1e6, list = spans[pin];
    if (level) list.push([t, null]);
    else if (list.length && list[list.length - 1][1] === null) list[list.length - 1][1] = t;
  });
}
const spanFrom = (pin, t) => spans[pin].find((s) => s[0] >= t && s[1] !== null);
let output = '';
emu.serialListeners.push((s) => { output += s; });
for (const p of board.pins) emu.setPin(p, null);

const nowMs = () => emu.nanos / 1e6;
let cutAt = Infinity; // set when the press job.cutPress goes down
class Cut extends Error {}
class Ended extends Error {}

// Run the chip until emulated time t (ms), or the power cut.
function runTo(t) {
  const end = Math.min(t, cutAt);
  if (end > nowMs()) {
    emu.clock.createAlarm(() => { emu._brk = true; }).schedule((end - nowMs()) * 1e6);
    emu.runUntil(() => nowMs() >= end || (emu.main && emu.main.ended), { maxNanos: (end - nowMs()) * 1e6 + 1e9, what: 'the replay' });
  }
  if (emu.main && emu.main.ended) throw new Ended('main.py ended: ' + output.slice(-400));
  if (nowMs() >= cutAt) throw new Cut();
}

// Run until at rest: no frame and a sleeping CPU for QUIET_SLICES slices, at least until notBefore.
// stalls: a CPU stalled by a flash erase or program counts as busy (the boot's: a new gadget makes
// its logs' files in its first seconds, 45 ms erases with a little Python between them; a player
// who waits for it to settle presses after them). Between presses they do not: a player presses
// at the recorded pace, and a press that meets flash work is what make chip counts.
function rest(notBefore, limit = REST_LIMIT_MS, stalls = false) {
  const start = nowMs();
  let quiet = 0;
  const seen = []; // the last slices, as what kept each from being quiet: for the error
  for (;;) {
    const c0 = awakeMs(), s0 = stalls ? emu.flashOps.stallMs : 0, t0 = nowMs(), f0 = frames.length;
    runTo(t0 + SLICE_MS);
    const stalled = stalls ? emu.flashOps.stallMs - s0 : 0;
    const duty = (awakeMs() - c0 + stalled) / (nowMs() - t0);
    quiet = duty < BUSY_DUTY && frames.length === f0 && !display.dirty ? quiet + 1 : 0;
    if (quiet >= QUIET_SLICES && nowMs() >= notBefore) return nowMs();
    seen.push(`${duty.toFixed(2)}${frames.length > f0 ? 'f' : ''}${display.dirty ? 'd' : ''}`);
    if (seen.length > 12) seen.shift();
    if (nowMs() - start > limit) {
      throw new Error(`not at rest ${limit} ms after ${start.toFixed(0)} ms (the last slices' CPU duty, f: a frame, d: the display mid-frame: ${seen.join(' ')})${where()}`);
    }
  }
}

// Where the app was, by the traceback a Ctrl-C over the serial port makes it print (main.py
// ends with it): what kept a gadget from coming to rest.
function where() {
  const from = output.length;
  emu.send('\x03');
  try { runTo(nowMs() + 1000); } catch (e) { /* main.py ended: its traceback is in output */ }
  const said = output.slice(from);
  const at = said.indexOf('Traceback');
  return at < 0 ? '' : ': ' + said.slice(at, at + 600).replace(/\r?\n/g, ' / ');
}

const result = { board: job.board, presses: [], boot: null, cut: false, ended: null, error: null };
let pollsSeen = 0;
// the time awake between polls k-1 and k: the gap less what the chip slept in it (asleep it
// watches the pins: main.run sleeps a millisecond at a time and polls at once on an edge)
function awake(k) {
  return Math.min(polls[k][0] - polls[k - 1][0], polls[k][2] - polls[k - 1][2]);
}

function gapsSince(from) {
  // the longest gap between two polls that began at or after from (ms), less the time the chip
  // slept in it (asleep it watches the pins, as for held below): [ms, when it began, flash erases
  // in it, frames that ended in it, the gap whole]
  let best = [0, null, 0, 0, 0];
  for (let k = Math.max(1, pollsSeen); k < polls.length; k++) {
    const [t0, e0] = polls[k - 1], [t1, e1] = polls[k];
    const busy = awake(k);
    if (t0 < from || busy <= best[0]) continue;
    best = [busy, t0, e1 - e0, frames.filter((f) => f[0] > t0 && f[0] <= t1).length, t1 - t0];
  }
  pollsSeen = Math.max(polls.length - 1, 0);
  return best;
}

let inFlight = null; // the press under way: what a power cut interrupts
function press(i, ev, wait) {
  const pin = board.pins[ev & 3];
  const hold = ev & 4 ? LONG_HOLD_MS : HOLD_MS;
  const flash0 = { ...emu.flashOps };
  const rec = { i, ev, lost: 0 };
  let down, event;
  for (;;) {
    down = nowMs();
    if (i === job.cutPress) cutAt = down + job.cutAfter;
    inFlight = { i, down };
    const m0 = marks.length;
    emu.setPin(pin, 0);
    runTo(down + hold);
    emu.setPin(pin, null);
    const finger = ev & 4 ? down + LONG_MS : down + hold;
    runTo(finger + LOST_MS);
    if (marks.length > m0) { event = marks[m0]; rec.finger = finger; break; }
    if (++rec.lost > 3) throw new Error(`press ${i} (event ${ev}) never taken by the app`);
    runTo(nowMs() + RELEASED_MS);
  }
  rec.down = down;
  rec.release = down + hold;
  rec.event = event;
  rec.rest = rest(Math.max(event + wait, down + hold + RELEASED_MS));
  const mine = frames.filter((f) => f[0] >= event);
  // The frame pushed: the last byte of the first send after the app took the event that put a
  // frame on the glass. An SSD1306 completes a frame each time a write wraps its window, and a
  // send is a window per run of changed pages, so a send may hold several: the last counts.
  // Without the probe's GP27, the first frame after the event.
  const inSend = (s) => mine.filter((f) => f[0] >= s[0] && f[0] <= s[1] + 0.05);
  const sent = spans[27].find((s) => s[1] !== null && s[0] >= event && inSend(s).length);
  rec.frame = sent ? inSend(sent).pop()[0] : mine.length ? mine[0][0] : null;
  const drawn = spanFrom(26, event);
  rec.render = drawn ? drawn[1] - drawn[0] : null;
  if (sent) { rec.show = sent[1] - sent[0]; rec.compute = sent[0] - event; }
  // the poll that sent the press's frame began by then (a frame that changed nothing on the
  // screen is sent as well; a press that drew none sends none before the gadget rests):
  // handsFigures
  const send = spanFrom(27, event);
  if (send && send[0] <= rec.rest) rec.sent = send[0];
  rec.changes = mine.filter((f) => f[1]).map((f) => +(f[0] - event).toFixed(2)).slice(-16);
  [rec.gap, rec.gapAt, rec.gapErases, rec.gapFrames, rec.gapRaw] = gapsSince(down);
  rec.erases = emu.flashOps.erase - flash0.erase;
  rec.programmed = emu.flashOps.programmedBytes - flash0.programmedBytes;
  rec.key = frameKey();
  return rec;
}

// What the hands feel of the flash, per press, once the run is over (a press's window can reach
// past the next press): waits, the flash operations (flashLog: erases and programs with their
// stall) that overlapped the press from the finger going down to its frame pushed (it had to wait
// for them); held, the longest gap between two polls that overlapped the time the button was held
// or the AFTER_MS after its release, less the time the chip slept in it (main.run sleeps a
// millisecond at a time and polls at once when a pin's edge comes: asleep, it is watching),
// heldRaw that gap whole, and heldErases, the erases in it. The polls from the one in which the
// app took a press to the one that sent its frame answer it (the frame drawn and sent in the
// first, or sent in the next when drawing it took long: main.Device.step): finger -> frame
// judges those polls, so held leaves them out and answer is the longest such gap in the
// window. apart: below.
function handsFigures(recs) {
  const log = emu.flashLog;
  // [when the app took the press, when its frame's send began]
  const spans = recs.filter((r) => r.event != null).map((r) => [r.event, r.sent ?? r.event]);
  const answers = (t0, t1) => spans.some(([e, s]) => e < t1 && s >= t0);
  let from = 1; // presses come in time order: the polls before a window stay before the next
  for (const rec of recs) {
    const end = rec.frame ?? rec.event;
    rec.waits = log.filter((f) => f.tMs < end && f.tMs + f.stallMs > rec.down).length;
    const w0 = rec.down, w1 = rec.release + AFTER_MS;
    let held = 0, at = null, answer = 0;
    while (from < polls.length && polls[from][0] <= w0) from++;
    for (let k = from; k < polls.length; k++) {
      const t0 = polls[k - 1][0], t1 = polls[k][0];
      if (t0 >= w1) break;
      if (t1 <= w0) continue;
      const busy = awake(k);
      if (answers(t0, t1)) answer = Math.max(answer, busy);
      else if (busy > held) { held = busy; at = k; }
    }
    rec.held = +held.toFixed(2);
    rec.heldRaw = at === null ? 0 : +(polls[at][0] - polls[at - 1][0]).toFixed(2);
    rec.heldErases = at === null ? 0 : polls[at][1] - polls[at - 1][1];
    rec.answer = +answer.toFixed(2);
  }
  // apart: the longest gap between two polls from the press's finger going down to the next
  // press's, the polls that answered a press left out (finger -> frame judges those), less the
  // time asleep: what flash work, the odds and the frames time draws cost on their own;
  // apartErases, the erases in it
  let k = 1;
  recs.forEach((rec, j) => {
    const w1 = j + 1 < recs.length ? recs[j + 1].down : Infinity;
    let best = 0, at = null;
    while (k < polls.length && polls[k - 1][0] < rec.down) k++;
    for (; k < polls.length && polls[k - 1][0] < w1; k++) {
      const t0 = polls[k - 1][0], t1 = polls[k][0];
      const busy = awake(k);
      if (busy > best && !answers(t0, t1)) { best = busy; at = k; }
    }
    rec.apart = +best.toFixed(2);
    rec.apartErases = at === null ? 0 : polls[at][1] - polls[at - 1][1];
  });
}

function bootScreen() {
  // the first frame with anything lit: the driver's own clear at start-up is not a screen
  emu.powerOnMain();
  const blankKey = createHash('sha1').update(Buffer.alloc(canonical().length)).digest('hex');
  let first = null;
  display.onFrame((f) => { if (first === null && lastKey !== blankKey) first = f.tMs; });
  while (first === null) {
    runTo(nowMs() + SLICE_MS);
    if (nowMs() > BOOT_LIMIT_MS) throw new Error('no screen 10 s after power-on: ' + output.slice(-400));
  }
  return first;
}

const LIST_FILES = `import os, hashlib, binascii
def walk(d):
    for e in os.ilistdir(d):
        p = d.rstrip('/') + '/' + e[0]
        if e[1] == 0x4000:
            walk(p)
            continue
        h = hashlib.sha256()
        with open(p, 'rb') as f:
            while True:
                b = f.read(512)
                if not b:
                    break
                h.update(b)
        print('FILE', p, binascii.hexlify(h.digest()).decode())
walk('/')
`;
const progress = (s) => process.stderr.write(s + '\n');
if (job.put) {
  // files onto the flash through the REPL (the app not started), then power off
  emu.boot({ interrupt: true });
  for (const [remote, local] of job.put) {
    const dir = remote.slice(0, remote.lastIndexOf('/'));
    if (dir) emu.exec(`import os\ntry:\n os.mkdir(${JSON.stringify(dir)})\nexcept OSError:\n pass\n`);
    emu.putFile(remote, fs.readFileSync(local));
  }
  fs.writeFileSync(job.fsOut, emu.mcu.flash.subarray(FS_OFFSET, FS_OFFSET + FS_SIZE));
  fs.writeFileSync(job.result, JSON.stringify({ put: job.put.map((p) => p[0]) }));
  process.exit(0);
}
if (job.files) {
  // every file on the flash with its sha256, BACK held so the app does not start
  emu.setPin(BACK, 0);
  emu.boot({ interrupt: true });
  const r = emu.exec(LIST_FILES);
  if (r.stderr) throw new Error('listing the files failed: ' + r.stderr);
  const files = {};
  for (const line of r.stdout.split(/\r?\n/)) {
    const [kind, name, hash] = line.split(' ');
    if (kind === 'FILE') files[name] = hash;
  }
  fs.writeFileSync(job.result, JSON.stringify({ files }));
  process.exit(0);
}
try {
  result.boot = bootScreen();
  rest(0, REST_LIMIT_MS, true);
  if (!job.bootOnly) {
    gapsSince(nowMs());
    const presses = job.presses;
    for (let i = 0; i < presses.length && (job.to == null || i < job.to); i++) {
      const rec = press(i, presses[i][0], presses[i][1]);
      result.presses.push(rec);
      if (i === job.saveAt) fs.writeFileSync(job.saveOut, emu.mcu.flash.subarray(FS_OFFSET, FS_OFFSET + FS_SIZE));
      const want = job.expect && job.expect[i];
      if (want && want !== rec.key) {
        rec.differs = true;
        if (job.outDir) png(path.join(job.outDir, `chip_press_${i}.png`));
        if (job.stopOnDiff) break;
      }
      if ((i + 1) % 50 === 0) progress(`[chip] ${job.label || job.board}: press ${i + 1} of ${presses.length}, ${nowMs().toFixed(0)} emulated ms`);
    }
    // the press cut into came to rest sooner than in the run that timed it (flash work the
    // hands left for later): the power still goes at that moment, into whatever runs then
    if (cutAt !== Infinity) runTo(cutAt);
  }
} catch (e) {
  if (e instanceof Cut) { result.cut = true; result.inFlight = inFlight; }
  else if (e instanceof Ended) result.ended = e.message;
  else result.error = e.message;
}
handsFigures(result.presses);
result.ms = nowMs();
result.flash = emu.flashOps;
result.polls = polls.length;
result.output = output.slice(-20000);
result.key = frameKey();
if (job.finalPng) png(job.finalPng);
if (job.fsOut) fs.writeFileSync(job.fsOut, emu.mcu.flash.subarray(FS_OFFSET, FS_OFFSET + FS_SIZE));
fs.writeFileSync(job.result, JSON.stringify(result));
process.exit(0);
