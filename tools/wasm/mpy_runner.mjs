// Runs Python code on the MicroPython WebAssembly runtime with host folders copied into its
// in-memory filesystem, so firmware/ is importable exactly as from the device's flash root.
//
//   node tools/wasm/mpy_runner.mjs [--mount HOSTDIR:DEVDIR]... [--stats FILE] [--step CODE] (FILE | -c CODE)
//
// --step CODE runs CODE again and again after the program, each time as a run of its own, until
// it sets the global `step_done` (at most 100,000 times): between runs the runtime collects
// garbage, so the heap in use after each step is what a device would hold at that point, and
// --stats reports the largest ("peak_in_use") with the number of steps.
// stdout/stderr of the program pass through. Exit status: 0, or 1 when the program raised
// (the traceback goes to stderr), or N for SystemExit(N). --stats writes JSON heap figures:
// bytes allocated while the program ran (this runtime collects garbage only between runs, so this
// is the total allocated) and the heap still in use after a collection once it finished.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

function usage(msg) {
  process.stderr.write(`mpy_runner: ${msg}\nusage: node tools/wasm/mpy_runner.mjs [--mount HOST:DEV]... [--stats FILE] (FILE | -c CODE)\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const mounts = [];
let statsFile = null, code = null, scriptName = "<stdin>", stepCode = null;
while (args.length) {
  const a = args.shift();
  if (a === "--mount") {
    const spec = args.shift() || usage("--mount needs HOST:DEV");
    const i = spec.lastIndexOf(":");
    if (i < 1) usage(`bad --mount ${spec}`);
    mounts.push([spec.slice(0, i), spec.slice(i + 1) || "/"]);
  } else if (a === "--step") {
    stepCode = args.shift();
    if (stepCode === undefined) usage("--step needs code");
  } else if (a === "--stats") {
    statsFile = args.shift() || usage("--stats needs a file");
  } else if (a === "-c") {
    code = args.shift();
    if (code === undefined) usage("-c needs code");
  } else if (code === null) {
    scriptName = a;
    code = fs.readFileSync(a, "utf8");
  } else {
    usage(`unexpected argument ${a}`);
  }
}
if (code === null) usage("nothing to run");

const out = (b) => process.stdout.write(b);
const mp = await loadMicroPython({
  linebuffer: false,
  stdout: (b) => out(Buffer.from(b)),
  stderr: (b) => process.stderr.write(Buffer.from(b)),
});

function mkdirs(dir) {
  let cur = "";
  for (const part of dir.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}
function copyTree(host, dev) {
  mkdirs(dev);
  for (const ent of fs.readdirSync(host, { withFileTypes: true })) {
    if (ent.name === "__pycache__" || ent.name.startsWith(".")) continue;
    const h = path.join(host, ent.name), d = (dev === "/" ? "" : dev) + "/" + ent.name;
    if (ent.isDirectory()) copyTree(h, d);
    else if (ent.isFile()) mp.FS.writeFile(d, fs.readFileSync(h));
  }
}
for (const [host, dev] of mounts) {
  if (!fs.existsSync(host)) usage(`no such folder ${host}`);
  copyTree(host, dev);
}

function py(src) {
  try {
    mp.runPython(src);
    return 0;
  } catch (e) {
    const msg = String(e.message || e);
    const m = /SystemExit: ?(-?\d+)?\s*$/.exec(msg.trim());
    if (m) return m[1] === undefined ? 0 : Number(m[1]);
    process.stderr.write(msg.endsWith("\n") ? msg : msg + "\n");
    return 1;
  }
}

// As on the device: cwd is the flash root, which is first on sys.path.
py("import os, sys, gc\nos.chdir('/')\nsys.path[:] = ['', '/lib']\ngc.collect()\n__mprun_a = gc.mem_alloc()");
let status = py(code);
let steps = 0, peak = 0;
if (stepCode !== null && status === 0) {
  py("step_done = False");
  while (steps < 100000) {
    status = py(stepCode);
    steps++;
    if (status !== 0) break;
    // control is back in JavaScript: the collector may run; measure what stays referenced
    py("import gc\ngc.collect()\n__mprun_inuse = gc.mem_alloc()");
    const inUse = mp.globals.get("__mprun_inuse");
    if (inUse > peak) peak = inUse;
    if (mp.globals.get("step_done")) break;
  }
}
process.stdout.write(""); // flush order
if (statsFile) {
  py(
    "import gc, json\n" +
    "__mprun_b = gc.mem_alloc()\ngc.collect()\n" +
    `open('/__mprun_stats.json', 'w').write(json.dumps({'allocated': __mprun_b - __mprun_a, 'in_use_after': gc.mem_alloc(), 'free_after': gc.mem_free(), 'steps': ${steps}, 'peak_in_use': ${peak}}))`
  );
  fs.writeFileSync(statsFile, mp.FS.readFile("/__mprun_stats.json", { encoding: "utf8" }));
}
process.exitCode = status;
