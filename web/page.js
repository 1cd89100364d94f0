// The page around the console: draws the chosen board with its LCD canvas and buttons, turns
// keys, clicks and touches into button presses for the worker (web/worker.js, where the app
// runs), shows its frames, and keeps the console's flash folder in localStorage.
const KEY_RADIUS = 13;   // drawn button radius in panel pixels, as host_sim's window
const PAD = 12;
const KEYMAP = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
  a: "A", A: "A", Enter: "A", b: "B", B: "B", Escape: "B", Backspace: "B", x: "X", X: "X", y: "Y", Y: "Y" };
const FULL = "Browser storage is full: the game goes on, but is not being saved. Free some space " +
  "for this site (or delete records in Settings) and saving resumes by itself.";
const CLEARED = "This site's storage was cleared while you played: the console's files " +
  "(the game in play, settings, records) have been saved again.";
const UNAVAILABLE = "This browser does not let the page keep anything (storage is blocked): " +
  "you can play, but nothing is saved when the page closes.";

const params = new URLSearchParams(location.search);
const t0 = performance.now();
const meeple = window.meeple = { ready: false, frames: 0, lastFrameAt: 0, steps: 0, thinkSteps: [],
  notice: null, fatal: null, firstFrameMs: null, bootMs: null, saves: 0, offline: false };

// offline once loaded: sw.js keeps a copy of the site's files (only where the browser allows a
// service worker: https or 127.0.0.1, not file://); meeple.offline says it controls this page
if ("serviceWorker" in navigator) {
  meeple.offline = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => { meeple.offline = true; });
  navigator.serviceWorker.register("sw.js").catch((e) => { meeple.swError = String(e); console.log("meeple: no offline copy:", e); });
}

const boards = await (await fetch("boards.json")).json();
let boardId = params.get("board") || safeGet("meeple/board") || "waveshare_lcd_1_3";
if (!boards.some((b) => b.id === boardId)) boardId = boards[0].id;
const board = boards.find((b) => b.id === boardId);
const prefix = "meeple/" + boardId + "/flash/";
const marker = "meeple/" + boardId + "/stored";

// ---- storage: one localStorage item a file (base64), and a marker that says we wrote here ----
function safeGet(k) { try { return localStorage.getItem(k); } catch (e) { return null; } }
function b64(u8) {
  let s = "";
  for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
  return btoa(s);
}
function unb64(s) {
  const bin = atob(s), u8 = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) u8[i] = bin.charCodeAt(i);
  return u8;
}
function loadFlash() {
  const files = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k.startsWith(prefix)) continue;
      try { files[k.slice(prefix.length)] = unb64(localStorage.getItem(k)); }
      catch (e) { /* not base64: someone else's item; the app reports damaged files itself */ }
    }
  } catch (e) {
    notice(UNAVAILABLE);
  }
  return files;
}
let stored = safeGet(marker) !== null, pending = {}, pendingRemoved = new Set(), full = false;
function persist(msg) {
  if (stored && safeGet(marker) === null && !msg.all) {
    // cleared while we play: write everything again from the console's own copy
    notice(CLEARED);
    stored = false;
    worker.postMessage({ type: "snapshot" });
    return;
  }
  for (const [p, data] of Object.entries(msg.changed)) { pending[p] = data; pendingRemoved.delete(p); }
  for (const p of msg.removed) { delete pending[p]; pendingRemoved.add(p); }
  try {
    for (const p of pendingRemoved) localStorage.removeItem(prefix + p);
    pendingRemoved.clear();
    for (const [p, data] of Object.entries(pending)) {
      localStorage.setItem(prefix + p, b64(data));
      delete pending[p];
    }
    localStorage.setItem(marker, "1");
    stored = true;
    meeple.saves++;
    if (full) { full = false; notice(null); }
  } catch (e) {
    if (!full) notice(e && e.name === "QuotaExceededError" ? FULL : UNAVAILABLE + " (" + e + ")");
    full = true;
  }
}
// every few seconds: while storage is full, what waits to be saved is tried again; and storage
// cleared under the page (site data deleted) is noticed even when no move is made
setInterval(() => { if (full || (stored && safeGet(marker) === null)) persist({ changed: {}, removed: [] }); }, 2000);
function notice(text) {
  const el = document.getElementById("notice");
  meeple.notice = text;
  el.hidden = !text;
  el.textContent = text || "";
}

// ---- the board drawing ----------------------------------------------------------------------
const xs = [0, board.width], ys = [0, board.height];
for (const [, x, y] of board.keys) { xs.push(x - KEY_RADIUS - 4, x + KEY_RADIUS + 4); ys.push(y - KEY_RADIUS - 4, y + KEY_RADIUS + 4); }
const minX = Math.min(...xs), minY = Math.min(...ys);
const bw = Math.max(...xs) - minX + 2 * PAD, bh = Math.max(...ys) - minY + 2 * PAD;
let scale = 1;
while (scale < 4 && bw * (scale + 1) <= innerWidth - 16 && bh * (scale + 1) <= innerHeight - 110) scale++;
meeple.scale = scale;
const pcb = document.getElementById("pcb"), lcd = document.getElementById("lcd"), bezel = document.getElementById("bezel");
pcb.style.width = bw * scale + "px";
pcb.style.height = bh * scale + "px";
const ox = (PAD - minX) * scale, oy = (PAD - minY) * scale;
lcd.width = board.width;
lcd.height = board.height;
Object.assign(lcd.style, { left: ox + "px", top: oy + "px", width: board.width * scale + "px", height: board.height * scale + "px" });
Object.assign(bezel.style, { left: ox - 6 * scale + "px", top: oy - 6 * scale + "px",
  width: (board.width + 12) * scale + "px", height: (board.height + 12) * scale + "px" });
const ctx = lcd.getContext("2d");
ctx.fillStyle = "#000";
ctx.fillRect(0, 0, board.width, board.height);

const select = document.getElementById("board");
for (const b of boards) select.add(new Option(`${b.name} (${b.width}x${b.height})`, b.id, false, b.id === boardId));
select.onchange = () => {
  try { localStorage.setItem("meeple/board", select.value); } catch (e) { /* blocked: the URL still says */ }
  params.set("board", select.value);
  location.search = params.toString();
};

// ---- buttons: keys, mouse, touch --------------------------------------------------------------
const worker = new Worker("worker.js", { type: "module" });
const keyEls = {}, downBy = {};
function press(name, by) {
  if (!board.buttons.includes(name)) return;   // a key for a button this board lacks does nothing
  downBy[name] = (downBy[name] || new Set()).add(by);
  if (downBy[name].size === 1) {
    meeple.lastPressAt = performance.now();
    worker.postMessage({ type: "down", name });
    keyEls[name] && keyEls[name].classList.add("down");
  }
}
function release(name, by) {
  const s = downBy[name];
  if (!s || !s.delete(by) || s.size) return;
  worker.postMessage({ type: "up", name });
  keyEls[name] && keyEls[name].classList.remove("down");
}
for (const [name, x, y] of board.keys) {
  const el = document.createElement("button");
  el.className = "key";
  el.textContent = name;
  el.dataset.key = name;
  el.setAttribute("aria-label", "button " + name);
  const r = KEY_RADIUS * scale;
  Object.assign(el.style, { left: ox + x * scale - r + "px", top: oy + y * scale - r + "px", width: 2 * r + "px", height: 2 * r + "px" });
  el.addEventListener("pointerdown", (e) => { e.preventDefault(); el.setPointerCapture(e.pointerId); press(name, "p" + e.pointerId); });
  for (const t of ["pointerup", "pointercancel", "lostpointercapture"]) el.addEventListener(t, (e) => release(name, "p" + e.pointerId));
  el.addEventListener("contextmenu", (e) => e.preventDefault());   // a long touch is "hold", not a menu
  el.tabIndex = -1;
  pcb.appendChild(el);
  keyEls[name] = el;
}
addEventListener("keydown", (e) => {
  const name = KEYMAP[e.key];
  if (!name || e.target === select || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  meeple.keydownLag = performance.now() - e.timeStamp;   // how long the page took to see the key
  if (!e.repeat) press(name, "k" + e.key.toLowerCase());
});
addEventListener("keyup", (e) => { const name = KEYMAP[e.key]; if (name) release(name, "k" + e.key.toLowerCase()); });
addEventListener("blur", () => { for (const name in downBy) for (const by of [...downBy[name]]) release(name, by); });

// ---- the worker's messages --------------------------------------------------------------------
const image = new ImageData(board.width, board.height);
const status = document.getElementById("status");
let shown = -1, latest = null;
function paint() {
  if (latest && latest.n !== shown) {
    image.data.set(new Uint8ClampedArray(latest.rgba));
    ctx.putImageData(image, 0, 0);
    shown = latest.n;
    meeple.frames++;
    meeple.lastFrameAt = performance.now();
    if (meeple.firstFrameMs === null) meeple.firstFrameMs = meeple.lastFrameAt - t0;
  }
  requestAnimationFrame(paint);
}
requestAnimationFrame(paint);
worker.onmessage = (ev) => {
  const m = ev.data;
  if (m.type === "frame") {
    latest = m;
    if (document.hidden) paint();   // no animation frames in a hidden tab: keep the canvas current
  } else if (m.type === "files") persist(m);
  else if (m.type === "step") {
    meeple.steps++;
    if (m.thinking && m.ms > 20) meeple.thinkSteps.push(m.ms);   // a bot decided in this step
  } else if (m.type === "ready") {
    meeple.ready = true;
    meeple.bootMs = performance.now() - t0;
    status.textContent = `${board.name}, x${scale}: started in ${(meeple.bootMs / 1000).toFixed(1)} s`;
  } else if (m.type === "backlight") lcd.style.filter = `brightness(${Math.max(0.08, (m.level * m.level) / 100)})`;
  else if (m.type === "restart") location.reload();
  else if (m.type === "log") console.log("meeple:", m.line);
  else if (m.type === "fatal") {
    meeple.fatal = m.message;
    status.textContent = "the console stopped";
    notice("The console stopped on an error it could not show: " + m.message.split("\n").filter(Boolean).pop() +
      ". Reload the page to start it again (your saved game is kept).");
  }
};
worker.onerror = (e) => { meeple.fatal = String(e.message); notice("The console could not start: " + e.message); };
worker.postMessage({ type: "init", board: boardId, width: board.width, height: board.height,
  files: loadFlash(), seed: params.get("seed") ? +params.get("seed") : 0 });
