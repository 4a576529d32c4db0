"""Chromium's baseline alignment of labels in the fonts the raster backend draws with.

Usage:
    baseline.py [--count N] [--seed S] [--out FILE]

Generates N rows (S seeds the choices), each a flex row (`display: flex; align-items:
baseline`, 640 px wide) of two to five labels: single lines of text (`white-space: pre`) in
DejaVu Sans (regular and bold), DejaVu Sans Mono, DejaVu Serif or WenQuanYi Micro Hei, at sizes
from 9 to 48 px, with `line-height: normal`. Some rows also hold an empty 20 px box, which has
no baseline (its bottom edge stands for one). Lays them out in one headless Chromium run and
records each label's frame in its row (`getBoundingClientRect`).

FILE defaults to Tests/RasterTests/__Fixtures__/flex-baseline-chromium/rows.json, N to 60 and
S to 2026 (the committed fixture). Chromium is `chromium` on PATH or $CHROMIUM.

A fixture file is {"chromium", "seed", "rows": [{"items": [item], "frames": [[x, y, width,
height]]}]}, where an item is {"family", "size", "bold", "text"} for a label or {"box": 20}
for the empty box.
"""

import argparse
import html
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import conformance  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(ROOT, "Tests", "RasterTests", "__Fixtures__",
                           "flex-baseline-chromium", "rows.json")
FAMILIES = ["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "WenQuanYi Micro Hei"]
SIZES = [9, 11, 12, 13, 15, 17, 20, 24, 28, 31.5, 36, 48]
TEXTS = ["Hello", "Save", "gypsy", "Ag", "OK", "Title", "x", "保存", "设置"]


def generate(count, seed):
    choose = random.Random(seed)
    rows = []
    for _ in range(count):
        items = []
        for _ in range(choose.randint(2, 5)):
            family = choose.choice(FAMILIES)
            text = choose.choice(TEXTS)
            if family != "WenQuanYi Micro Hei" and not text.isascii():
                text = "Sync"
            items.append({"family": family, "size": choose.choice(SIZES),
                          "bold": family == "DejaVu Sans" and choose.random() < 0.3,
                          "text": text})
        if choose.random() < 0.25:
            items.insert(choose.randint(0, len(items)), {"box": 20})
        rows.append({"items": items})
    return rows


def write_page(rows, path):
    parts = ["<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>",
             "html,body{margin:0;padding:0}div{box-sizing:border-box}",
             ".r{display:flex;align-items:baseline;width:640px}",
             ".l{white-space:pre;line-height:normal;font-kerning:normal}",
             "</style></head><body>"]
    for row in rows:
        parts.append('<div class="r">')
        for item in row["items"]:
            if "box" in item:
                parts.append('<div style="width:%dpx;height:%dpx"></div>' % (item["box"],
                                                                               item["box"]))
                continue
            style = "font-family:'%s';font-size:%gpx;font-weight:%s" % (
                item["family"], item["size"], "bold" if item["bold"] else "normal")
            parts.append('<div class="l" style="%s">%s</div>' % (html.escape(style),
                                                                  html.escape(item["text"])))
        parts.append("</div>")
    parts.append("""<script>(function(){
var out=[],rows=document.querySelectorAll('body>div.r'),r=function(v){return Math.round(v*1000)/1000;};
for(var i=0;i<rows.length;i++){var o=rows[i].getBoundingClientRect(),f=[];
for(var j=0;j<rows[i].children.length;j++){var b=rows[i].children[j].getBoundingClientRect();
f.push([r(b.left-o.left),r(b.top-o.top),r(b.width),r(b.height)]);}out.push(f);}
document.body.textContent=JSON.stringify(out);})();</script></body></html>""")
    with open(path, "w", encoding="utf-8") as file:
        file.write("".join(parts))


def chromium_frames(rows):
    frames = conformance.chromium_json(lambda page: write_page(rows, page))
    if len(frames) != len(rows):
        sys.exit("chromium recorded %d rows of %d" % (len(frames), len(rows)))
    return frames


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default=DEFAULT_OUT)
    arguments = parser.parse_args()
    rows = generate(arguments.count, arguments.seed)
    for row, frames in zip(rows, chromium_frames(rows)):
        row["frames"] = frames
    version = conformance.chromium_version(conformance.chromium_path())
    os.makedirs(os.path.dirname(arguments.out), exist_ok=True)
    with open(arguments.out, "w", encoding="utf-8") as file:
        file.write('{"chromium":%s,"seed":%d,"rows":[\n' % (json.dumps(version), arguments.seed))
        file.write(",\n".join(json.dumps(row, ensure_ascii=False, separators=(",", ":"))
                              for row in rows))
        file.write("\n]}\n")
    print("%d rows written to %s" % (len(rows), arguments.out))


if __name__ == "__main__":
    main()
