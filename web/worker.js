// The console itself, in a Web Worker so that a bot's long decision never holds up the page:
// MicroPython (WebAssembly) runs web/main_web.py with the device's modules from meeple.pack.
// LCD writes become RGBA pixels here (the same RGB565 -> 8-bit rule as host_sim's panel) and
// go to the page as frames, also in the middle of a decision (the thinking mark moves);
// the flash folder /flash is watched after every step and changed files go to the page,
// which keeps them in the browser's storage.
import { loadMicroPython } from "./micropython.mjs";

const FLASH = "/flash";
const FRAME_MS = 30;     // in the middle of a step, frames go out at most this often
let mp, FS, W, H, rgba, win = [0, 0, 0, 0], pos = 0, dirty = false, lastFlush = 0, frames = 0;
let held = 0, tapped = 0, stepFn = null, thinkingFn = null, known = new Map(), stopped = false;
const BUTTON_NAMES = ["up", "down", "left", "right", "A", "B", "X", "Y"];

function flush() {
  if (!dirty) return;
  dirty = false;
  lastFlush = performance.now();
  frames++;
  const copy = rgba.slice();
  postMessage({ type: "frame", rgba: copy.buffer, n: frames }, [copy.buffer]);
}

const webhost = {
  window(x, y, w, h) { win = [x, y, w, h]; pos = 0; },
  write(buf) {
    const data = mp.PyProxy.toJs(buf);
    const [x, y, w] = win;
    for (let i = 0; i + 1 < data.length; i += 2, pos++) {
      const v = (data[i] << 8) | data[i + 1];
      const o = ((y + Math.floor(pos / w)) * W + x + (pos % w)) * 4;
      const r = (v >> 11) & 31, g = (v >> 5) & 63, b = v & 31;
      rgba[o] = (r << 3) | (r >> 2);
      rgba[o + 1] = (g << 2) | (g >> 4);
      rgba[o + 2] = (b << 3) | (b >> 2);
      rgba[o + 3] = 255;
    }
    dirty = true;
    if (performance.now() - lastFlush > FRAME_MS) flush();   // e.g. the thinking mark
  },
  backlight(level) { postMessage({ type: "backlight", level }); },
  restart() { postMessage({ type: "restart" }); },
};

function mkdirs(dir) {
  let cur = "";
  for (const part of dir.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}

function unpack(buf) {
  const u8 = new Uint8Array(buf), dv = new DataView(buf), files = [];
  if (new TextDecoder().decode(u8.subarray(0, 4)) !== "MPK1") throw new Error("meeple.pack is damaged");
  let i = 4;
  while (i < u8.length) {
    const nl = dv.getUint16(i, true);
    const name = new TextDecoder().decode(u8.subarray(i + 2, i + 2 + nl));
    i += 2 + nl;
    const size = dv.getUint32(i, true);
    files.push([name, u8.subarray(i + 4, i + 4 + size)]);
    i += 4 + size;
  }
  return files;
}

// every file under /flash as path -> signature; an atomic write (a new file renamed over the
// old) always changes the inode, an append the size
function scan(dir, out) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const p = dir + "/" + name, st = FS.stat(p);
    if (FS.isDir(st.mode)) scan(p, out);
    else out.set(p.slice(FLASH.length + 1), st.ino + ":" + st.size + ":" + (+st.mtime));
  }
  return out;
}

function syncFiles(all) {
  const now = scan(FLASH, new Map()), changed = {}, removed = [];
  let any = false;
  for (const [p, sig] of now) {
    if (all || known.get(p) !== sig) { changed[p] = FS.readFile(FLASH + "/" + p); any = true; }
  }
  for (const p of known.keys()) if (!now.has(p)) { removed.push(p); any = true; }
  known = now;
  if (any || all) postMessage({ type: "files", changed, removed, all: !!all });
}

function fatal(e) {
  stopped = true;
  flush();
  postMessage({ type: "fatal", message: String((e && e.message) || e) });
}

function loop() {
  if (stopped) return;
  const t0 = performance.now();
  const thinking = thinkingFn();
  let wait;
  try {
    wait = stepFn(held, tapped);
  } catch (e) {
    fatal(e);
    return;
  }
  tapped = 0;
  const ms = performance.now() - t0;
  flush();
  try { syncFiles(false); } catch (e) { fatal(e); return; }
  postMessage({ type: "step", ms, thinking: thinking || thinkingFn() });
  setTimeout(loop, wait);
}

async function start(msg) {
  const t0 = performance.now();
  mp = await loadMicroPython({
    linebuffer: true,
    stdout: (line) => postMessage({ type: "log", line }),
    stderr: (line) => postMessage({ type: "log", line }),
  });
  FS = mp.FS;
  const pack = await (await fetch("meeple.pack")).arrayBuffer();
  for (const [name, data] of unpack(pack)) {
    mkdirs(name.split("/").slice(0, -1).join("/"));
    FS.writeFile("/" + name, data);
  }
  FS.writeFile("/board.py", FS.readFile("/boards/" + msg.board + ".py"));
  mkdirs(FLASH);
  for (const [p, data] of Object.entries(msg.files)) {
    mkdirs((FLASH + "/" + p).split("/").slice(0, -1).join("/"));
    FS.writeFile(FLASH + "/" + p, data);
  }
  known = scan(FLASH, new Map());
  ({ W, H } = { W: msg.width, H: msg.height });
  rgba = new Uint8ClampedArray(W * H * 4);
  mp.registerJsModule("webhost", webhost);
  try {
    mp.runPython("import os, sys\nos.chdir('/')\nsys.path[:] = ['', '/lib']\nimport board\n" +
      (msg.seed ? `board.TEST_SEED = ${msg.seed | 0}\n` : "") + "import main_web\n");
  } catch (e) {
    fatal(e);
    return;
  }
  const main = mp.pyimport("main_web");
  stepFn = main.step;
  thinkingFn = main.thinking;
  flush();
  syncFiles(false);
  postMessage({ type: "ready", ms: performance.now() - t0 });
  setTimeout(loop, 0);
}

onmessage = (ev) => {
  const msg = ev.data;
  if (msg.type === "init") start(msg).catch(fatal);
  else if (msg.type === "down") {
    const bit = 1 << BUTTON_NAMES.indexOf(msg.name);
    held |= bit;
    tapped |= bit;
  } else if (msg.type === "up") held &= ~(1 << BUTTON_NAMES.indexOf(msg.name));
  else if (msg.type === "snapshot") syncFiles(true);
};
