"""A minimal PNG writer (RGB, 8 bits), so headless screenshots need no imaging library."""
import struct
import zlib


def write_png(path, rows, scale=1):
    """rows: list of bytes objects, 3 bytes a pixel; each pixel becomes scale x scale."""
    if scale > 1:
        big = []
        for r in rows:
            line = b"".join(r[i:i + 3] * scale for i in range(0, len(r), 3))
            big.extend([line] * scale)
        rows = big
    h = len(rows)
    w = len(rows[0]) // 3

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + r for r in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))
