"""Chromium's line breaks for random mixed paragraphs, as fixtures for Trellis's text layout.

Usage:
    conformance.py generate [--count N] [--seed S] [--out FILE]
        Generates N paragraphs (paragraphs.py) with a font size and a width each, lays them out
        in one headless Chromium run and writes FILE: the paragraphs and, for each, the UTF-8
        offsets where Chromium starts its lines after the first, and the width Chromium gives
        the paragraph on one line.

FILE defaults to Tests/RasterTests/__Fixtures__/linebreak-chromium/paragraphs.json, N to 600, S
to 2026 (the committed fixture; `make linebreak-conformance`). Chromium is `chromium` on PATH or
$CHROMIUM.

Every paragraph is a div of its width in the fonts the raster backend draws with — DejaVu Sans,
then WenQuanYi Micro Hei for what DejaVu Sans lacks — at its size in CSS pixels (a point at
scale 1), with `white-space: normal; overflow-wrap: normal; word-break: normal;
line-break: auto` and kerning on, as HarfBuzz shapes in the raster backend. A script at the end
of the body first widens a box narrower than its paragraph's min-content width to that width
(rounded up), so that no word overflows its line, then measures every character with
`Range.getClientRects()`: a line starts at a character that is not a space and sits lower than
the one before it that is not a space. The script writes the offsets into the body, which
`--dump-dom` prints.

A fixture file is {"chromium", "seed", "count", "paragraphs": [{"text", "fontSize", "width",
"breaks", "lineWidth", "overflows"}]}: `breaks` are UTF-8 offsets into `text`, `lineWidth` is
the paragraph's width on one line and `overflows` says whether some glyph reaches past the box
(after the widening above, only a line that fills its box to within a fraction of a pixel).
"""

import html
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paragraphs  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(ROOT, "Tests", "RasterTests", "__Fixtures__", "linebreak-chromium",
                           "paragraphs.json")
FONT_FAMILIES = '"DejaVu Sans", "WenQuanYi Micro Hei"'

SCRIPT = """<script>(function(){
var out=[],boxes=document.querySelectorAll('body>div.p');
for(var q=0;q<boxes.length;q++){var least=boxes[q].nextElementSibling.nextElementSibling;
 var given=parseFloat(boxes[q].style.width),need=Math.ceil(least.getBoundingClientRect().width);
 if(need>given)boxes[q].style.width=need+'px';}
var isSpace=function(c){return c===32||c===9||c===10;};
for(var p=0;p<boxes.length;p++){
 var box=boxes[p],node=box.firstChild,text=node.data,range=document.createRange();
 var origin=box.getBoundingClientRect(),starts=[],lastTop=null,right=0;
 for(var i=0;i<text.length;i++){
  var c=text.charCodeAt(i);
  if(c>=0xDC00&&c<=0xDFFF)continue;
  var end=(c>=0xD800&&c<=0xDBFF)?i+2:i+1;
  range.setStart(node,i);range.setEnd(node,end);
  var rects=range.getClientRects();
  if(rects.length===0||isSpace(c))continue;
  var r=rects[rects.length-1],top=rects[0].top;
  right=Math.max(right,r.right-origin.left);
  if(lastTop!==null&&top>lastTop+0.5)starts.push(i);
  lastTop=top;
 }
 var line=box.nextElementSibling.getBoundingClientRect().width;
 out.push({s:starts,w:Math.round(line*1000)/1000,b:origin.width,o:right>origin.width+0.01});
}
document.body.textContent=JSON.stringify(out);})();</script>"""


def write_page(items, path):
    """One page with every paragraph, each followed by a one-line copy for its width."""
    parts = ['<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>',
             "html,body{margin:0;padding:0}",
             "div.p,span.n,span.m{font-family:%s;font-kerning:normal;" % FONT_FAMILIES,
             "font-variant-ligatures:normal;line-height:1.5;white-space:normal;",
             "overflow-wrap:normal;word-break:normal;line-break:auto;letter-spacing:0;",
             "word-spacing:0;text-rendering:auto}",
             "div.p{display:block}span.n{white-space:nowrap;display:inline-block}",
             "span.m{display:inline-block;width:min-content}",
             "</style></head><body>"]
    for item in items:
        style = "width:%dpx;font-size:%dpx" % (item["width"], item["fontSize"])
        parts.append('<div class="p" style="%s">%s</div>' % (style, html.escape(item["text"])))
        for kind in ("n", "m"):
            parts.append('<span class="%s" style="font-size:%dpx">%s</span>'
                         % (kind, item["fontSize"], html.escape(item["text"])))
    parts.append(SCRIPT)
    parts.append("</body></html>")
    with open(path, "w", encoding="utf-8") as file:
        file.write("".join(parts))


def chromium_path():
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        sys.exit("chromium not found: bash scripts/install-deps.sh chromium, or set CHROMIUM")
    return path


def chromium_version(chromium):
    result = subprocess.run([chromium, "--version"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    return result.stdout.decode("utf-8", "replace").strip()


def chromium_breaks(items):
    """Lays every paragraph out in one headless Chromium run."""
    directory = tempfile.mkdtemp(prefix="linebreak-conformance-")
    try:
        page = os.path.join(directory, "paragraphs.html")
        write_page(items, page)
        command = [chromium_path(), "--headless", "--no-sandbox", "--disable-gpu",
                   "--user-data-dir=" + os.path.join(directory, "profile"), "--dump-dom",
                   "file://" + page]
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if result.returncode != 0:
            sys.exit("chromium exited with status %d" % result.returncode)
        dom = result.stdout.decode("utf-8")
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    start, end = dom.find("<body>"), dom.rfind("</body>")
    records = json.loads(html.unescape(dom[start + len("<body>"):end]))
    if len(records) != len(items):
        sys.exit("chromium recorded %d paragraphs of %d" % (len(records), len(items)))
    return records


def utf8_offset(text, utf16_offset):
    """The UTF-8 offset of a UTF-16 offset into `text`."""
    units = 0
    for index, character in enumerate(text):
        if units >= utf16_offset:
            return len(text[:index].encode("utf-8"))
        units += 2 if ord(character) > 0xFFFF else 1
    return len(text.encode("utf-8"))


def generate(count, seed, out):
    items = paragraphs.make(count, seed)
    chromium = chromium_path()
    records = chromium_breaks(items)
    for item, record in zip(items, records):
        item["width"] = record["b"]
        item["breaks"] = [utf8_offset(item["text"], offset) for offset in record["s"]]
        item["lineWidth"] = record["w"]
        item["overflows"] = record["o"]
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as file:
        file.write('{"chromium":%s,"seed":%d,"count":%d,"paragraphs":[\n'
                   % (json.dumps(chromium_version(chromium)), seed, len(items)))
        file.write(",\n".join(json.dumps(item, ensure_ascii=False, separators=(",", ":"))
                              for item in items))
        file.write("\n]}\n")
    overflowing = sum(1 for item in items if item["overflows"])
    print("%s: %d paragraphs, %d with a line wider than the box" % (out, len(items), overflowing))


def main(arguments):
    if not arguments or arguments[0] != "generate":
        sys.exit(__doc__)
    count, seed, out = 600, 2026, DEFAULT_OUT
    rest = arguments[1:]
    while rest:
        if len(rest) < 2:
            sys.exit("%s needs a value\n%s" % (rest[0], __doc__))
        name, value = rest[0], rest[1]
        rest = rest[2:]
        if name in ("--count", "--seed"):
            try:
                number = int(value)
            except ValueError:
                sys.exit("%s must be a whole number, not '%s'" % (name, value))
            if name == "--count":
                count = number
            else:
                seed = number
        elif name == "--out":
            out = value
        else:
            sys.exit("unknown option %s\n%s" % (name, __doc__))
    if count <= 0:
        sys.exit("--count must be positive")
    generate(count, seed, out)


if __name__ == "__main__":
    main(sys.argv[1:])
