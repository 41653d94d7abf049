// The page in a real browser: headless Chromium driven by playwright-core.
// Plays the steps of tests/web/scenario.py through the on-screen buttons and checks,
// after every press, the words the app reports and the event the debouncer made of it;
// compares the screen's pixels with the frame the app drew on CPython; measures the
// time to interactive against its 2 s budget.
//
//   node tests/web/e2e.mjs URL SCENARIO.json OUT_DIR
// CHROMIUM: the browser (default /usr/bin/chromium). Screenshots go to OUT_DIR: the
// screen and the whole page at each "shot" step, and the page at the end of each part.
import { chromium } from "playwright-core";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [url, scenarioPath, outDir] = process.argv.slice(2);
const scenario = JSON.parse(readFileSync(scenarioPath, "utf8"));
const BUDGET_MS = 2000; // to interactive, first visit
const BUTTONS = ["UP", "DOWN", "OK", "BACK"];
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const LAPTOP = { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 };
const READABLE = { pico_oled: 5, pico_display_pack: 3 }; // CSS pixels a screen pixel, at least, on a laptop
const STEP_MS = 5000; // one press to its screen; generous for a loaded machine

mkdirSync(outDir, { recursive: true });
const began = Date.now();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
  ], // playwright starts it with a fresh profile of its own
});

let passed = 0;
let failed = 0;
const times = {};

async function check(title, body) {
  const started = Date.now();
  try {
    await body();
    passed += 1;
    console.log(`ok   ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (err) {
    failed += 1;
    console.log(`FAIL ${title}\n     ${String(err.message || err).split("\n").join("\n     ")}`);
  }
}

const state = (page) => page.evaluate(() => window.schaffner);

// Load (or reload) the page; its time to interactive in ms since the navigation began.
async function load(page, how = () => page.goto(url)) {
  await how();
  await page.waitForFunction(() => window.schaffner && (window.schaffner.ready || window.schaffner.error), null, {
    timeout: 15000,
  });
  const s = await state(page);
  if (s.error) throw new Error("the page failed: " + s.error);
  return Math.round(s.ready);
}

async function sameWords(page, words, what) {
  try {
    await page.waitForFunction((w) => JSON.stringify(window.schaffner.words) === w, JSON.stringify(words), {
      timeout: STEP_MS,
    });
  } catch {
    const s = await state(page);
    throw new Error(`${what}: the screen shows ${JSON.stringify(s.words)}, expected ${JSON.stringify(words)}` +
      (s.error ? `; page error: ${s.error}` : ""));
  }
}

// One press on the on-screen button, held for a long press until the debouncer has
// made it one; then the event it made and the words on the screen.
async function press(page, step, index) {
  const long = step.press.startsWith("long ");
  const el = page.locator(`[data-button="${BUTTONS.indexOf(long ? step.press.slice(5) : step.press)}"]`);
  const box = await el.boundingBox();
  const count = (await state(page)).events.length;
  const made = (n) => page.waitForFunction((n) => window.schaffner.events.length >= n, n, { timeout: STEP_MS });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  if (long) await made(count + 1);
  await page.mouse.up();
  if (!long) await made(count + 1);
  const s = await state(page);
  const got = s.events.slice(count);
  if (got.length !== 1 || got[0] !== step.press) {
    throw new Error(`step ${index}: pressed ${step.press}, the app got ${JSON.stringify(got)}`);
  }
  if (step.wait_ms) await page.waitForTimeout(step.wait_ms);
  await sameWords(page, step.words, `step ${index} (${step.press})`);
}

// The screen's pixels against the frame the app drew on CPython, in a screenshot of
// the page: every screen pixel a whole block of device pixels (crisp scaling), every
// block the frame's colour (the app's contrast setting dims the screen, so the
// nearest colour counts).
// A screenshot's pixels, decoded by the browser and kept in the page: a handle to
// { width, height, px } (RGBA bytes), for a page.evaluate that reads them there.
function pagePixels(page, png) {
  return page.evaluateHandle(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    return { width: img.width, height: img.height, px: g.getImageData(0, 0, img.width, img.height).data };
  }, png.toString("base64"));
}

async function compareShot(page, step) {
  await page.locator("#screen").screenshot({ path: join(outDir, step.shot + ".png") });
  const keys = await page.locator(".keys").boundingBox();
  const { width, height } = page.viewportSize();
  const png = await page.screenshot({
    path: join(outDir, step.shot + "-page.png"),
    clip: { x: 0, y: 0, width, height: Math.min(height, keys.y + keys.height + 12) },
  });
  const res = await page.evaluate(
    ({ image, rows }) => {
      const px = image.px;
      const screen = document.getElementById("screen");
      const r = screen.getBoundingClientRect();
      const dpr = window.devicePixelRatio;
      const w = rows[0].length, h = rows.length;
      const scale = (r.width * dpr) / w;
      if (!Number.isInteger(scale) || scale !== (r.height * dpr) / h) return { error: `${scale} device pixels a screen pixel` };
      const bright = parseFloat((/brightness\(([\d.]+)\)/.exec(getComputedStyle(screen).filter) || [0, 1])[1]);
      const palette = window.schaffner.palette;
      const nearest = (i) => {
        let best = 0, dist = Infinity;
        palette.forEach((c, k) => {
          const d = (px[i] - c[0] * bright) ** 2 + (px[i + 1] - c[1] * bright) ** 2 + (px[i + 2] - c[2] * bright) ** 2;
          if (d < dist) (best = k), (dist = d);
        });
        return best;
      };
      // the browser snaps the screen to whole device pixels: where exactly, it decides
      const compare = (left, top) => {
        let wrong = 0, first = null;
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            const want = parseInt(rows[y][x], 16);
            // the block's first, middle and last device pixel: one colour, the frame's
            for (const d of [0, scale >> 1, scale - 1]) {
              const got = nearest(((top + y * scale + d) * image.width + left + x * scale + d) * 4);
              if (got !== want) {
                wrong += 1;
                first = first || `pixel (${x}, ${y}) shows colour ${got}, the app drew ${want}`;
              }
            }
          }
        }
        return { wrong, first };
      };
      let best = null;
      for (const dx of [-1, 0, 1]) {
        for (const dy of [-1, 0, 1]) {
          const res = compare(Math.round(r.left * dpr) + dx, Math.round(r.top * dpr) + dy);
          if (!best || res.wrong < best.wrong) best = res;
        }
      }
      return best;
    },
    { image: await pagePixels(page, png), rows: step.rows },
  );
  if (res.error) throw new Error(`${step.shot}: ${res.error}`);
  if (res.wrong) throw new Error(`${step.shot}: ${res.wrong} samples wrong; first: ${res.first}`);
  const led = (await state(page)).led;
  if (led !== step.led) throw new Error(`${step.shot}: the LED shows "${led}", the app says "${step.led}"`);
}

// The steps of a part after its first load; reload and board steps as the scenario says
// (switched: called after each board step).
async function play(page, context, steps, switched = async () => {}) {
  for (let i = 1; i < steps.length; i++) {
    const step = steps[i];
    if (step.press) {
      await press(page, step, i);
    } else if (step.shot) {
      await compareShot(page, step);
    } else if (step.type !== undefined) {
      await page.keyboard.press(step.type === "\n" ? "Enter" : step.type);
      await sameWords(page, step.words, `step ${i} (typed ${JSON.stringify(step.type)})`);
    } else if (step.board) {
      await page.click(`[data-board="${step.board}"]`);
      await page.waitForFunction((b) => window.schaffner.board === b, step.board);
      await sameWords(page, step.words, `step ${i} (board ${step.board})`);
      await switched(step.board);
    } else if (step.reload) {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
      await context.setOffline(!!step.offline);
      times.reload = await load(page, () => page.reload());
      await sameWords(page, step.words, `step ${i} (reloaded${step.offline ? ", offline" : ""})`);
    }
  }
}

// The page's first screen, before any scrolling: what Schaffner is, the three games and
// what it keeps of each, and the screens to pick by their look (no controller's name).
async function firstScreen(page) {
  const got = await page.evaluate(() => {
    const seen = (el) => {
      const r = el.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
    };
    const all = (sel) => [...document.querySelectorAll(sel)];
    return {
      what: document.querySelector(".what").innerText,
      games: all(".games li").map((li) => li.innerText),
      boards: all(".boards button").map((b) => b.innerText.replace(/\s+/g, " ")),
      unseen: all(".what, .games li, .boards button, #screen").filter((el) => !seen(el)).map((el) => el.outerHTML.slice(0, 60)),
    };
  });
  const wrong = [];
  for (const w of ["railway board games", "Pico", "small screen", "four buttons", "browser"]) {
    if (!got.what.includes(w)) wrong.push(`the introduction does not say "${w}"`);
  }
  const games = [
    ["Der Taubertal-Express", "turn order", "payday", "sales", "final scoring"],
    ["Trainmaker", "dice", "push-your-luck", "odds"],
    ["Ticket to Ride", "Austria", "tourist routes"],
  ];
  games.forEach((words, i) => {
    for (const w of words) if (!(got.games[i] || "").includes(w)) wrong.push(`game ${i + 1} does not say "${w}": ${got.games[i]}`);
  });
  if (!/^Small\b.*black and white/.test(got.boards[0]) || !/^Colour\b/.test(got.boards[1])) {
    wrong.push("the screens to pick are " + JSON.stringify(got.boards));
  }
  if (got.boards.some((b) => /SSD1306|ST7789|pico_|Display Pack/.test(b))) wrong.push("a screen is named by its parts: " + got.boards);
  if (got.unseen.length) wrong.push("not on the first screen: " + got.unseen.join(", "));
  if (wrong.length) throw new Error(wrong.join("\n"));
}

// On a laptop either screen is drawn big enough to read and whole, with the buttons
// under it, in the window.
async function fitsLaptop(page, board) {
  const got = await page.evaluate(() => {
    const box = (sel) => document.querySelector(sel).getBoundingClientRect().toJSON();
    return { scale: window.schaffner.scale, screen: box("#screen"), keys: box(".keys"), w: innerWidth, h: innerHeight };
  });
  if (!(got.scale >= READABLE[board])) {
    throw new Error(`${board}: ${got.scale} CSS pixels a screen pixel, want at least ${READABLE[board]}`);
  }
  const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= got.h && r.right <= got.w;
  if (!inside(got.screen) || !inside(got.keys)) {
    throw new Error(`${board}: the screen ${JSON.stringify(got.screen)} or the buttons ${JSON.stringify(got.keys)} leave the ${got.w}x${got.h} window`);
  }
}

// ---- the checks -------------------------------------------------------------------

await check("Taubertal, 2 players, a whole game on the OLED board; reloaded offline mid-game, undo across it", async () => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const steps = scenario.taubertal;
  times.first = await load(page);
  await sameWords(page, steps[0].words, "first load");
  await firstScreen(page);
  await play(page, context, steps);
  await page.screenshot({ path: join(outDir, "taubertal-page.png") });

  // a save that does not fit this version: every saved file overwritten with junk, once
  // the gadget has done the saving it puts off till the hands are off (else it would
  // mirror its fresh files over some of the junk)
  await page.waitForFunction(() => window.schaffner.idle, null, { timeout: STEP_MS });
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith("schaffner:data/")) localStorage.setItem(key, btoa("{not a save"));
  });
  await damaged(page, "a save that is not JSON");
  // an entry that is not even base64: kept aside by the page, the same message
  await page.evaluate(() => localStorage.setItem("schaffner:data/game.json", "%% not base64 %%"));
  await damaged(page, "an entry that is not base64");
  if (!(await page.evaluate(() => localStorage.getItem("schaffner:unreadable/game.json") === "%% not base64 %%"))) {
    throw new Error("the unreadable entry was not kept aside");
  }
  await context.close();
});

// Reload onto a damaged store: the gadget's message for a damaged save in the browser's
// words (no /data path), no error box; OK dismisses it and the main menu works.
async function damaged(page, what) {
  await load(page, () => page.reload());
  const words = (await state(page)).words.join(" ");
  if (!/damaged.*kept aside in this browser/.test(words) || words.includes("/data") ||
      (await page.locator("#error").isVisible())) {
    throw new Error(`${what}: the screen shows ${JSON.stringify(words)}`);
  }
  const count = (await state(page)).events.length;
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => window.schaffner.events.length > n, count, { timeout: STEP_MS });
  await page.waitForFunction(() => window.schaffner.words.includes("New game"), null, { timeout: STEP_MS });
}

await check(`time to interactive within ${BUDGET_MS} ms`, async () => {
  console.log(`     time to interactive: first visit ${times.first} ms, reload offline ${times.reload} ms (budget ${BUDGET_MS} ms)`);
  if (!(times.first <= BUDGET_MS && times.reload <= BUDGET_MS)) throw new Error("over budget");
});

await check("Trainmaker on the Display Pack: a new game and Red's first turn, seeded dice, the tip taken in one press, a switch mid-turn, LED in the player's colour", async () => {
  const context = await browser.newContext(PHONE);
  // the dice seed as the scenario had it: crypto.getRandomValues gives its 4 bytes
  await context.addInitScript((seed) => {
    const bytes = new Uint8Array(new Uint32Array([seed]).buffer);
    crypto.getRandomValues = (a) => {
      const view = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      for (let i = 0; i < view.length; i++) view[i] = bytes[i % 4];
      return a;
    };
  }, scenario.seed);
  const page = await context.newPage();
  const steps = scenario.trainmaker;
  await load(page);
  await sameWords(page, steps[0].words, "first load");

  // keys and touch on the main menu first: a quick key, a held key, a tap
  const count = (await state(page)).events.length;
  await page.keyboard.press("ArrowDown");
  await page.keyboard.down("Backspace");
  await page.waitForFunction((n) => window.schaffner.events.length >= n, count + 2, { timeout: STEP_MS });
  await page.keyboard.up("Backspace");
  await page.tap('[data-button="0"]');
  await page.waitForFunction((n) => window.schaffner.events.length >= n, count + 3, { timeout: STEP_MS });
  const events = (await state(page)).events.slice(count);
  if (JSON.stringify(events) !== JSON.stringify(["DOWN", "long BACK", "UP"])) {
    throw new Error("ArrowDown, held Backspace, a tap on Up made " + JSON.stringify(events));
  }

  await play(page, context, steps);
  await page.screenshot({ path: join(outDir, "trainmaker-page.png") });
  // placings made by one press on Tip (scenario.py marks them; press() checked the screen
  // after each: the train, or the cards it covers when its Caboose completed it)
  const tips = steps.filter((s) => s.tip);
  if (tips.length < 2 || tips.some((s) => s.press !== "OK")) {
    throw new Error("the tip taken in one press: " + JSON.stringify(tips));
  }

  // the game's snapshot gone: its log opens with the new game's record (the whole game as it
  // began, app/game_save.py), so the game comes back from the log alone, nothing called damaged
  // (once the saving put off till the hands are off is done, else it writes the snapshot again)
  await page.waitForFunction(() => window.schaffner.idle, null, { timeout: STEP_MS });
  await page.evaluate(() => {
    for (const ext of ["json", "bak", "new"]) localStorage.removeItem("schaffner:data/game." + ext);
  });
  await load(page, () => page.reload());
  const back = (await state(page)).words.join(" ");
  if (!back.includes("Resume game") || /damaged/.test(back)) {
    throw new Error(`a log without its snapshot, a new game's record first in it: the screen shows ${JSON.stringify(back)}`);
  }
  await context.close();
});

await check("Names: Anna typed on the keyboard into the roster, a TtR game with her as Red, her page, By player", async () => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const steps = scenario.names;
  await load(page);
  await sameWords(page, steps[0].words, "first load");
  await play(page, context, steps);
  await context.close();
});

await check("a laptop's window: a Taubertal game keeps its screen through three board switches; both screens readable", async () => {
  const context = await browser.newContext(LAPTOP);
  const page = await context.newPage();
  const steps = scenario.switch;
  await load(page);
  await sameWords(page, steps[0].words, "first load");
  await firstScreen(page);
  await fitsLaptop(page, "pico_oled");
  let switches = 0;
  await play(page, context, steps, async (board) => {
    switches += 1;
    await fitsLaptop(page, board);
    const s = await state(page);
    if (s.words.includes("Resume game") || s.words.includes("New game")) throw new Error(`switch ${switches}: the main menu`);
    if (switches === 1) await page.screenshot({ path: join(outDir, "switch-laptop.png") });
  });
  if (switches !== 3) throw new Error(`the scenario switched ${switches} times, not 3`);
  await context.close();
});

await check("a phone of 3 device pixels a CSS pixel: either screen at a whole number of CSS pixels, so every pixel is one size", async () => {
  const context = await browser.newContext({ ...PHONE, deviceScaleFactor: 3 });
  const page = await context.newPage();
  await load(page);
  const sizes = [];
  for (const board of ["pico_oled", "pico_display_pack"]) {
    await page.click(`.boards [data-board="${board}"]`);
    await page.waitForFunction((b) => window.schaffner.board === b, board);
    const r = await page.evaluate(() => document.getElementById("screen").getBoundingClientRect().toJSON());
    sizes.push(`${board} ${r.width}x${r.height}`);
  }
  // the OLED's 128x64 at 6 device pixels a pixel (8 would make 341.33 CSS pixels), the Display Pack's at 4
  const want = ["pico_oled 256x128", "pico_display_pack 320x180"];
  if (JSON.stringify(sizes) !== JSON.stringify(want)) throw new Error(`the screens are ${sizes.join(", ")}, not ${want.join(", ")}`);
  await context.close();
});

await check("Save to file, Open a file in another browser: the game goes on there; what is no backup is refused", async () => {
  const steps = scenario.taubertal;
  const AT = 19; // a few actions into the game: the tickets and tiles of pass 1 taken
  const context = await browser.newContext({ ...PHONE, acceptDownloads: true });
  const page = await context.newPage();
  await load(page);
  await sameWords(page, steps[0].words, "first load");
  for (let i = 1; i <= AT; i++) await press(page, steps[i], i);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save-file")]);
  const file = join(outDir, "schaffner-backup.json");
  await download.saveAs(file);
  const saved = JSON.parse(readFileSync(file, "utf8"));
  if (saved.format !== "schaffner-backup/1" || !Object.keys(saved.files).length || saved.written_by.board !== "browser") {
    throw new Error("the file saved: " + JSON.stringify(saved).slice(0, 300));
  }
  await context.close();

  const other = await browser.newContext(PHONE);
  const page2 = await other.newPage();
  page2.on("dialog", (d) => d.accept());
  await load(page2);
  await sameWords(page2, steps[0].words, "another browser's first load");
  const junk = join(outDir, "not-a-backup.json");
  writeFileSync(junk, JSON.stringify({ format: "something else", files: {} }));
  const keys = () => page2.evaluate(() => JSON.stringify(
    [...document.querySelectorAll(".keys button, #save-file, #open-file")].map((b) => b.getBoundingClientRect().toJSON())));
  const before = await keys();
  await page2.setInputFiles("#open-input", junk);
  await page2.waitForFunction(() => document.getElementById("status").textContent.includes("not a Schaffner backup"), null, {
    timeout: STEP_MS,
  });
  await sameWords(page2, steps[0].words, "after a file that is no backup");
  if ((await keys()) !== before) throw new Error("the notice moved the buttons: " + before + " -> " + (await keys()));
  // the next action ends the notice, and the buttons stay where they were
  const count = (await state(page2)).events.length;
  await page2.keyboard.press("ArrowDown");
  await page2.waitForFunction((n) => window.schaffner.events.length > n, count, { timeout: STEP_MS });
  await page2.waitForFunction(() => document.getElementById("status").textContent === "", null, { timeout: STEP_MS });
  if ((await keys()) !== before) throw new Error("the buttons moved when the notice went");
  await page2.keyboard.press("ArrowUp");
  await sameWords(page2, steps[0].words, "back on the first row");
  await Promise.all([page2.waitForEvent("load"), page2.setInputFiles("#open-input", file)]);
  await load(page2, async () => {});
  const menu = (await state(page2)).words;
  if (!menu.includes("Resume game")) throw new Error("after opening the backup the menu shows " + JSON.stringify(menu));
  const said = await page2.evaluate(() => document.getElementById("status").textContent);
  if (!/^Opened schaffner-backup\.json: 0 games kept; in play: Taubertal-Expr\., \w+'s turn\.$/.test(said)) {
    throw new Error("after opening the backup the page says " + JSON.stringify(said));
  }
  await press(page2, { press: "OK", words: steps[AT].words }, "resumed");
  await other.close();
});

await check("a kept game's code for BG Stats on the colour screen, its pixels saved for the decoder; the BG Stats file", async () => {
  const context = await browser.newContext({ ...PHONE, acceptDownloads: true });
  const page = await context.newPage();
  page.on("dialog", (d) => d.accept());
  await load(page);
  await Promise.all([page.waitForEvent("load"), page.setInputFiles("#open-input", join(outDir, "kept-game-backup.json"))]);
  await load(page, async () => {});
  await page.click('.boards [data-board="pico_display_pack"]');
  await page.waitForFunction(() => window.schaffner.board === "pico_display_pack");
  const tap = async (button, word, ms = STEP_MS) => {
    const count = (await state(page)).events.length;
    const el = page.locator(`[data-button="${BUTTONS.indexOf(button)}"]`);
    await el.click();
    await page.waitForFunction((n) => window.schaffner.events.length >= n, count + 1, { timeout: STEP_MS });
    await page.waitForFunction((w) => window.schaffner.words.join(" ").includes(w), word, { timeout: ms })
      .catch(async () => { throw new Error(`after ${button}: ${JSON.stringify((await state(page)).words)}, no ${word}`); });
  };
  // down a menu to the row that starts with label: as many presses as rows above it
  const down = async (first, label) => {
    const words = (await state(page)).words;
    const from = words.findIndex((w) => first.some((f) => w.startsWith(f)));
    const to = words.findIndex((w) => w.startsWith(label));
    if (from < 0 || to < from) throw new Error(`no ${label} under ${first} on ${JSON.stringify(words)}`);
    for (let i = from; i < to; i++) await tap("DOWN", label);
  };
  await down(["New game"], "History");
  await tap("OK", "Dice check");
  await down(["By player", "By colour"], "Trainmaker");
  await tap("OK", "Game 1");
  await tap("OK", "Scan with", 30000); // the code is made a slice per poll, and the page polls every 10 ms
  await page.locator("#screen").screenshot({ path: join(outDir, "scan-screen.png") });
  // the screen as the page shows it, one grey byte per device pixel of the screenshot
  const png = await page.locator("#screen").screenshot();
  const grey = await page.evaluate(({ width, height, px }) => {
    const out = [];
    for (let i = 0; i < px.length; i += 4) out.push(Math.round(0.299 * px[i] + 0.587 * px[i + 1] + 0.114 * px[i + 2]));
    return { width, height, grey: out };
  }, await pagePixels(page, png));
  writeFileSync(join(outDir, "scan-screen.grey"), Buffer.from(grey.grey));
  writeFileSync(join(outDir, "scan-screen.json"), JSON.stringify({ width: grey.width, height: grey.height }));
  await tap("BACK", "Game 1");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#bgstats-file")]);
  await download.saveAs(join(outDir, "history.bgsplay"));
  const file = JSON.parse(readFileSync(join(outDir, "history.bgsplay"), "utf8"));
  const names = file.plays.map((p) => p.playerScores.map((s) => file.players.find((x) => x.id === s.playerRefId).name + " " + s.score));
  if (JSON.stringify(names) !== JSON.stringify([["Red 7", "Blue 5"]])) throw new Error("the BG Stats file holds " + JSON.stringify(names));
  await context.close();
});

await check("a runtime that does not load: a visible error, no blank page", async () => {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: "block" });
  await context.route("**/micropython.wasm", (route) => route.abort());
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector("#error", { state: "visible", timeout: 15000 });
  const text = await page.locator("#error").innerText();
  if (!text.includes("did not load")) throw new Error("the error box says: " + text);
  await context.close();
});

await browser.close();
console.log(`web: the browser part took ${((Date.now() - began) / 1000).toFixed(0)} s`);
console.log(`web: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
