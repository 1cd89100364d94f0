"""make pull-records PORT=/dev/ttyACM0: copy the game records the console saved (/records/*.jsonl
on the board) into records/ here, for tools/replay. Files already copied are left alone.

    python -m tools.board.pull_records --port PORT [--dest records]
"""
import argparse
import ast
import os
import sys

from tools.board.link import BoardError, connect

BOARD_DIR = "/records"
_LIST = "import os\ntry:\n    print(repr(sorted(os.listdir(%r))))\nexcept OSError:\n    print('[]')\n"
_READ = ("import binascii\nwith open(%r, 'rb') as f:\n    f.seek(%d)\n"
         "    print(repr(binascii.hexlify(f.read(%d))))\n")
CHUNK = 2048


def pull(port, dest, vboard_dir=None, log=print):
    os.makedirs(dest, exist_ok=True)
    got = []
    with connect(port, vboard_dir) as link:
        names = ast.literal_eval(link.exec(_LIST % BOARD_DIR, "listing the records").strip())
        for name in names:
            local = os.path.join(dest, name)
            if not name.endswith(".jsonl") or os.path.exists(local):
                continue
            data = b""
            while True:
                part = ast.literal_eval(link.exec(_READ % (BOARD_DIR + "/" + name, len(data), CHUNK),
                                                  "reading " + name).strip())
                chunk = bytes.fromhex(part.decode())
                data += chunk
                if len(chunk) < CHUNK:
                    break
            with open(local, "wb") as f:
                f.write(data)
            got.append(local)
            log("pulled %s (%d bytes)" % (local, len(data)))
    if not got:
        log("no new records on the board (%d there)" % len(names))
    return got


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.board.pull_records", description=__doc__.split("\n")[0])
    ap.add_argument("--port", required=True, help="serial device, or `virtual` for the virtual board")
    ap.add_argument("--dest", default="records", help="folder to copy into (default records/)")
    ap.add_argument("--vboard-dir", help="state folder of the virtual board")
    args = ap.parse_args(argv)
    try:
        pull(args.port, args.dest, args.vboard_dir)
    except BoardError as e:
        print("pull-records: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
