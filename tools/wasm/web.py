"""make web: build/web/, a static site that runs the console's own app in the browser; make
web-serve: serve it on 127.0.0.1.

    python -m tools.wasm.web [--out build/web]          build
    python -m tools.wasm.web --serve [--port 8024]      build, then serve until Ctrl-C

The site is the device's code as `make build` compiles it (firmware/ to .mpy with mpy-cross),
packed into one file with every board profile, the MicroPython WebAssembly runtime pinned in
package.json, and web/ (the page, its worker and web/main_web.py, the browser's main.py).
Nothing is fetched from anywhere but the site's own folder, so it runs from any static host;
web/sw.js, a service worker, keeps a copy of the files, so a page loaded once starts offline.
"""
import argparse
import functools
import http.server
import json
import os
import shutil
import struct
import sys

from tools.board import build as device_build
from host_sim import boards as sim_boards

from tools import ROOT
WEB = os.path.join(ROOT, "web")
RUNTIME = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "style.css", "page.js", "worker.js", "sw.js")
DEFAULT_OUT = os.path.join(ROOT, "build", "web")
PORT = 8024


class WebBuildError(Exception):
    pass


def pack(files):
    """One file for many: per file a u16 name length, the UTF-8 name, a u32 size, the bytes
    (little-endian); web/worker.js unpacks it into the runtime's filesystem."""
    out = bytearray(b"MPK1")
    for name in sorted(files):
        n = name.encode()
        out += struct.pack("<H", len(n)) + n + struct.pack("<I", len(files[name])) + files[name]
    return bytes(out)


def unpack(data):
    """The inverse of pack (tests use it)."""
    if data[:4] != b"MPK1":
        raise ValueError("not a meeple pack")
    i, files = 4, {}
    while i < len(data):
        (nl,) = struct.unpack_from("<H", data, i)
        name = data[i + 2:i + 2 + nl].decode()
        i += 2 + nl
        (size,) = struct.unpack_from("<I", data, i)
        files[name] = data[i + 4:i + 4 + size]
        i += 4 + size
    return files


def board_info():
    """What the page draws for each profile: name, panel size, buttons and where they sit."""
    out = []
    for b in sim_boards.BOARDS:
        m = sim_boards.load(b)
        out.append({"id": b, "name": m.NAME, "width": m.WIDTH, "height": m.HEIGHT,
                    "buttons": ["A" if n == "press" else n for n, _ in m.BUTTONS],
                    "keys": [[n, x, y] for n, x, y in m.SIM_KEYS]})
    return out


def build(out=DEFAULT_OUT):
    """Write the site into out; return {file: bytes} of what was written."""
    for f in RUNTIME_FILES:
        if not os.path.exists(os.path.join(RUNTIME, f)):
            raise WebBuildError("the MicroPython WebAssembly runtime is not installed: run `make deps`")
    device = os.path.join(ROOT, "build", "web-device")
    try:
        manifest = device_build.build(None, device)
    except device_build.BuildError as e:
        raise WebBuildError(str(e)) from e
    files = {}
    for rel in manifest["files"]:
        if rel == "main.py":
            continue   # the browser boots web/main_web.py (main.py's path, driven by the page)
        with open(os.path.join(device, rel), "rb") as f:
            files[rel] = f.read()
    with open(os.path.join(WEB, "main_web.py"), "rb") as f:
        files["main_web.py"] = f.read()
    for b in sim_boards.BOARDS:
        with open(os.path.join(ROOT, "boards", b + ".py"), "rb") as f:
            files["boards/%s.py" % b] = f.read()
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    written = {"meeple.pack": pack(files),
               "boards.json": json.dumps(board_info(), indent=1).encode()}
    for f in RUNTIME_FILES:
        with open(os.path.join(RUNTIME, f), "rb") as src:
            written[f] = src.read()
    for f in PAGE_FILES:
        with open(os.path.join(WEB, f), "rb") as src:
            written[f] = src.read()
    for name, data in written.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    return written


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm", ".pack": "application/octet-stream"})

    def log_message(self, fmt, *args):   # quiet: one line per failed request only
        if args and str(args[1])[:1] in "45":
            sys.stderr.write("web-serve: %s\n" % (fmt % args))


def serve(folder, port=PORT, host="127.0.0.1"):
    handler = functools.partial(_Handler, directory=folder)
    with http.server.ThreadingHTTPServer((host, port), handler) as httpd:
        print("web: serving %s on http://%s:%d/ (Ctrl-C stops)" % (os.path.relpath(folder, ROOT),
                                                                  host, httpd.server_address[1]))
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.wasm.web", description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT, help="output folder (default build/web)")
    ap.add_argument("--serve", action="store_true", help="then serve it on 127.0.0.1")
    ap.add_argument("--port", type=int, default=PORT)
    args = ap.parse_args(argv)
    try:
        written = build(args.out)
    except WebBuildError as e:
        print("web: %s" % e, file=sys.stderr)
        return 1
    total = sum(len(d) for d in written.values())
    print("web: %d files, %.0f KB in %s" % (len(written), total / 1024, os.path.relpath(args.out, ROOT)))
    if args.serve:
        return serve(args.out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
