#!/usr/bin/env python3
"""Writes the animated PNG fixtures of the PNG suite with Pillow's APNG encoder, and records the
frames that apngdis (the APNG disassembler from the APNG project, Debian package apngdis)
extracts from them, whole, as the answers the suite's decoder must give. Pillow's own APNG
reader is not the reference: it blends alpha as a paste, so a translucent frame over an opaque
one comes out translucent, and it does not restore the canvas after "dispose to previous".

Run from this folder with Pillow (pip install pillow) and apngdis (apt-get install apngdis):
    python3 make-apng-fixtures.py
Writes apng-rgba-8x6.png, apng-palette-8x6.png and apng-frames.json.
"""

import glob
import json
import os
import struct
import subprocess
import tempfile

from PIL import Image, __version__

W, H = 8, 6


def frame(fill, rect=None, color=None):
    image = Image.new("RGBA", (W, H), fill)
    if rect:
        for y in range(rect[1], rect[1] + rect[3]):
            for x in range(rect[0], rect[0] + rect[2]):
                image.putpixel((x, y), color)
    return image


# Four frames over an opaque background: a half-transparent square blended over it and
# disposed to the previous canvas, an opaque one cleared to the background afterwards, and a
# frame blended over the cleared canvas.
blue = (20, 40, 160, 255)
rgba = [
    frame(blue),
    frame(blue, (2, 1, 3, 3), (250, 10, 10, 128)),
    frame(blue, (4, 2, 4, 4), (10, 200, 30, 255)),
    frame((0, 0, 0, 0), (1, 1, 2, 2), (255, 255, 0, 200)),
]
rgba[0].save("apng-rgba-8x6.png", save_all=True, append_images=rgba[1:],
             duration=[100, 50, 200, 30], loop=2, disposal=[0, 2, 1, 0], blend=[0, 1, 0, 1])

# Three frames of a 2-bit palette with tRNS transparency.
transparency = bytes([255, 128, 255, 0])
p0 = Image.new("P", (W, H), 0)
p0.putpalette([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
p1 = p0.copy()
for x in range(3):
    p1.putpixel((x, 0), 1)
p2 = p1.copy()
for y in range(H):
    p2.putpixel((7, y), 3)
p0.save("apng-palette-8x6.png", save_all=True, append_images=[p1, p2], duration=40, loop=0,
        transparency=transparency)

answers = {"pillow": __version__,
           "apngdis": subprocess.run(["dpkg-query", "-W", "-f=${Version}", "apngdis"],
                                     capture_output=True, text=True).stdout}
for name in ["apng-rgba-8x6.png", "apng-palette-8x6.png"]:
    data = open(name, "rb").read()
    plays = struct.unpack(">I", data[data.index(b"acTL") + 8:data.index(b"acTL") + 12])[0]
    frames = []
    with tempfile.TemporaryDirectory() as folder:
        # apngdis writes the frames beside its input.
        copy = os.path.join(folder, name)
        with open(copy, "wb") as out:
            out.write(data)
        subprocess.run(["apngdis", copy, "frame"], check=True, capture_output=True)
        count = len(glob.glob(os.path.join(folder, "frame*.png")))
        for index in range(1, count + 1):
            stem = os.path.join(folder, "frame%d" % index)
            delay = open(stem + ".txt").read().strip().removeprefix("delay=")
            numerator, denominator = (int(part) for part in delay.split("/"))
            frames.append({"milliseconds": 1000 * numerator / (denominator or 100),
                           "rgba": Image.open(stem + ".png").convert("RGBA").tobytes().hex()})
    answers[name] = {"plays": plays, "frames": frames}
with open("apng-frames.json", "w") as out:
    json.dump(answers, out, indent=1, sort_keys=True)
    out.write("\n")
