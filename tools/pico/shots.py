"""Compare two screenshots pixel for pixel in RGB565: what the emulated Pico's LCD shows against
what host_sim draws for the same key script.

Both sides hold RGB565 pixels and write 8-bit PNGs expanded from them, each its own way (the
kit: c * 255 / max, host_sim: bit replication); round(v * max / 255) undoes either exactly, so
the comparison is on the 565 values the panel received. A difference writes a diff image (the
Pico's picture dimmed, differing pixels in magenta) and reports where.

    python -m tools.pico.shots pico.png sim.png [--diff diff.png]
"""
import argparse
import struct
import sys
import zlib

from host_sim.png import write_png


def read_png(path):
    """(width, height, rows): rows of 3-byte RGB pixels, from an 8-bit RGB or RGBA PNG,
    non-interlaced (what the kit and host_sim write), any filter."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s: not a PNG" % path)
    pos, idat, w = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _c, _f, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError("%s: only 8-bit RGB/RGBA non-interlaced PNGs (depth %d type %d)"
                                 % (path, depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if w is None:
        raise ValueError("%s: no IHDR" % path)
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(h):
        ft = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        _unfilter(ft, line, prev, bpp)
        rows.append(bytes(line) if bpp == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3))
        prev = line
    return w, h, rows


def _unfilter(ft, line, prev, bpp):
    if ft == 0:
        return
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        if ft == 1:
            p = a
        elif ft == 2:
            p = b
        elif ft == 3:
            p = (a + b) >> 1
        elif ft == 4:
            c = prev[i - bpp] if i >= bpp else 0
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        else:
            raise ValueError("PNG filter type %d" % ft)
        line[i] = (line[i] + p) & 255


def to565(rows):
    """Rows of RGB bytes -> list of rows of RGB565 ints."""
    out = []
    for r in rows:
        out.append([((r[i] * 31 + 127) // 255) << 11 | ((r[i + 1] * 63 + 127) // 255) << 5
                    | ((r[i + 2] * 31 + 127) // 255) for i in range(0, len(r), 3)])
    return out


class Mismatch(AssertionError):
    """The two pictures differ: the message names both files, the diff image and where."""


def compare(pico_png, sim_png, diff_png):
    """None when both show the same RGB565 pixels; else writes diff_png and raises Mismatch."""
    pw, ph, prow = read_png(pico_png)
    sw, sh, srow = read_png(sim_png)
    if (pw, ph) != (sw, sh):
        raise Mismatch("size differs: Pico %dx%d (%s), simulator %dx%d (%s)"
                       % (pw, ph, pico_png, sw, sh, sim_png))
    a, b = to565(prow), to565(srow)
    bad, box = 0, [pw, ph, -1, -1]
    out = []
    for y in range(ph):
        line = bytearray()
        for x in range(pw):
            if a[y][x] != b[y][x]:
                bad += 1
                box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
                line += b"\xff\x00\xff"
            else:
                line += bytes(v // 3 for v in prow[y][x * 3:x * 3 + 3])
        out.append(bytes(line))
    if not bad:
        return None
    write_png(diff_png, out)
    raise Mismatch("%d pixels differ in x %d..%d, y %d..%d: Pico %s, simulator %s, diff %s"
                   % (bad, box[0], box[2], box[1], box[3], pico_png, sim_png, diff_png))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.pico.shots", description=__doc__.split("\n")[0])
    ap.add_argument("pico")
    ap.add_argument("sim")
    ap.add_argument("--diff", default="diff.png")
    args = ap.parse_args(argv)
    try:
        compare(args.pico, args.sim, args.diff)
    except Mismatch as e:
        print("DIFFERENT: %s" % e)
        return 1
    print("same RGB565 pixels")
    return 0


if __name__ == "__main__":
    sys.exit(main())
