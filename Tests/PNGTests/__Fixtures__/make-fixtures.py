#!/usr/bin/env python3
"""Writes the PNG fixtures of the PNG suite: small files of the formats the encoder never writes
(other bit depths and colour types, a palette with transparency, Adam7 interlacing), made with
nothing but zlib so that they do not depend on the codec they test.

Run from this folder: python3 make-fixtures.py
"""

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
         (0, 1, 1, 2)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png(width, height, depth, color, rows, extra=b"", interlaced=False):
    """`rows` is a function from (x, y) to the pixel's packed sample bits as an int, with
    `bits` bits per pixel."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color]
    bits = depth * channels

    def scanline(xs, y):
        value = 0
        count = 0
        for x in xs:
            value = value << bits | rows(x, y)
            count += bits
        count_bytes = (count + 7) // 8
        value <<= count_bytes * 8 - count
        return b"\x00" + value.to_bytes(count_bytes, "big")

    raw = b""
    if interlaced:
        for x0, y0, dx, dy in ADAM7:
            xs = list(range(x0, width, dx))
            if not xs:
                continue
            for y in range(y0, height, dy):
                raw += scanline(xs, y)
    else:
        for y in range(height):
            raw += scanline(range(width), y)
    header = struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, 1 if interlaced else 0)
    return (SIGNATURE + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


# 8 × 2, 1-bit grey: the top row alternates white and black, the bottom row is four white
# then four black.
write("gray-1bit-8x2.png",
      png(8, 2, 1, 0, lambda x, y: (1 - x % 2) if y == 0 else (1 if x < 4 else 0)))

# 3 × 1, 8-bit palette of red, green and blue, with alphas 255, 128 and 0 from tRNS.
palette = chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0, 0, 0, 255]))
transparency = chunk(b"tRNS", bytes([255, 128, 0]))
write("palette-trns-3x1.png", png(3, 1, 8, 3, lambda x, y: x, extra=palette + transparency))

# 2 × 1, 8-bit grey and alpha: grey 0x40 opaque, grey 0xC0 at alpha 0x80.
write("gray-alpha-2x1.png",
      png(2, 1, 8, 4, lambda x, y: [0x40FF, 0xC080][x]))

# 2 × 1, 16-bit RGBA: opaque red, then green at alpha 0x8080 (full and zero samples only, so
# that no gamma question arises).
write("rgba16-2x1.png",
      png(2, 1, 16, 6, lambda x, y: [0xFFFF_0000_0000_FFFF, 0x0000_FFFF_0000_8080][x]))

# 5 × 5, 8-bit RGBA, Adam7: the pixel at (x, y) is (x × 50, y × 50, 100, 255).
write("interlaced-rgba-5x5.png",
      png(5, 5, 8, 6, lambda x, y: (x * 50) << 24 | (y * 50) << 16 | 100 << 8 | 255,
          interlaced=True))
