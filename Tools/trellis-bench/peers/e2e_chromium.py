"""End-to-end Chromium peer of `trellis layout` for flex scenes.

Usage: e2e_chromium.py SCENE.json   (CHROMIUM=path overrides the `chromium` found on PATH)

Reads and checks the scene as e2e_flex.py does (same supported keys and style properties),
writes it as an HTML file — every view a `div` (`display: flex` when it has a style,
`box-sizing: border-box`, `position: relative` as Trellis's default, its style as inline CSS),
the root absolutely positioned at 0,0 with the root's size, body margin 0 — plus a script at
the end of the body that reads every id's getBoundingClientRect (which lays the document out),
rounds it to three decimals and replaces the body with the JSON. It then runs headless
Chromium as a whole process (`chromium --headless --no-sandbox --disable-gpu --dump-dom
file://...`, with a fresh profile directory), takes the JSON from the dumped DOM and prints the
frames as `trellis layout` does. Nothing else goes to standard output; the temporary
directory is removed.

Chromium does not round layout to whole pixels (it keeps 1/64 px), where Trellis, Taffy and
Yoga round edges to the pixel grid, so fractional layouts differ by up to half a point.
"""

import html
import json
import os
import shutil
import subprocess
import tempfile

from e2e_common import SceneError, emit_frames, run
from e2e_flex import EDGES, read_flex_scene

PROPERTIES = {
    "display": "display", "position": "position", "left": "left", "top": "top",
    "right": "right", "bottom": "bottom", "flexDirection": "flex-direction",
    "flexWrap": "flex-wrap", "justifyContent": "justify-content", "alignItems": "align-items",
    "alignSelf": "align-self", "alignContent": "align-content", "flexGrow": "flex-grow",
    "flexShrink": "flex-shrink", "flexBasis": "flex-basis", "width": "width",
    "height": "height", "minWidth": "min-width", "minHeight": "min-height",
    "maxWidth": "max-width", "maxHeight": "max-height", "aspectRatio": "aspect-ratio",
    "rowGap": "row-gap", "columnGap": "column-gap",
}
PAGE_STYLE = ("html,body{margin:0;padding:0}"
              "div{box-sizing:border-box;position:relative}")
# Runs once the whole tree is parsed: the first getBoundingClientRect lays the page out.
SCRIPT = """<script>(function(){
var out=[],views=document.querySelectorAll('div[id]'),r3=function(v){return Math.round(v*1000)/1000;};
for(var i=0;i<views.length;i++){var r=views[i].getBoundingClientRect();
out.push([views[i].id,r3(r.left),r3(r.top),r3(r.width),r3(r.height)]);}
document.body.textContent=JSON.stringify(out);})();</script>"""


def css_length(parsed):
    unit, number = parsed
    if unit == "auto":
        return "auto"
    text = repr(number)
    if text.endswith(".0"):
        text = text[:-2]
    return text + ("%" if unit == "%" else "px")


def css(style):
    """A normalised style (see e2e_flex.parse_style) as inline CSS."""
    declarations = ["display:" + style.get("display", "flex")]
    for name, value in style.items():
        if name == "display" or name in EDGES:
            continue
        if isinstance(value, tuple):
            # CSS writes a missing maximum as none, where Trellis and the engines take auto.
            value = "none" if value[0] == "auto" and name.startswith("max") else css_length(value)
        elif isinstance(value, float):
            value = repr(value)
        declarations.append("%s:%s" % (PROPERTIES[name], value))
    for name in EDGES:
        if name in style:
            widths = " ".join(css_length(v) for v in style[name])
            if name == "border":
                declarations.append("border-style:solid;border-color:transparent;border-width:" + widths)
            else:
                declarations.append("%s:%s" % (name, widths))
    return ";".join(declarations)


def write_html(scene, path):
    """Writes the scene as an HTML page."""
    width, height = scene.root_size
    cache = {}
    parts = ["<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>", PAGE_STYLE,
             "</style></head><body>"]
    append = parts.append

    def open_tag(view, extra):
        style = view.style
        text = cache.get(id(style)) if style is not None else ""
        if text is None:
            text = css(style)
            cache[id(style)] = text
        if extra:
            text = (text + ";" + extra) if text else extra
        attributes = ' id="%s"' % html.escape(view.id, quote=True) if view.id is not None else ""
        if text:
            attributes += ' style="%s"' % html.escape(text, quote=True)
        append("<div%s>" % attributes)

    root_extra = ("position:absolute;left:0;top:0;margin:0;width:%s;height:%s"
                  % (css_length(("pt", width)), css_length(("pt", height))))
    stack = [(scene.root, root_extra)]
    while stack:
        item, extra = stack.pop()
        if item is None:
            append("</div>")
            continue
        open_tag(item, extra)
        stack.append((None, None))
        for child in reversed(item.children):
            stack.append((child, None))
    append(SCRIPT)
    append("</body></html>")
    with open(path, "w", encoding="utf-8") as file:
        file.write("".join(parts))


def run_chromium(page, profile):
    """Runs headless Chromium on the page and returns the dumped DOM."""
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SceneError("chromium", "not found; install it (apt-get install chromium) or set CHROMIUM")
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu",
               "--user-data-dir=" + profile, "--dump-dom", "file://" + page]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode != 0:
        tail = result.stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
        raise SceneError("chromium", "exited with status %d: %s" % (result.returncode, " | ".join(tail)))
    return result.stdout.decode("utf-8")


def extract(dom):
    """The frames the page's script wrote into the body."""
    start = dom.find("<body>")
    end = dom.rfind("</body>")
    if start < 0 or end < 0:
        raise SceneError("chromium", "the dumped DOM has no body")
    text = html.unescape(dom[start + len("<body>"):end])
    try:
        return [tuple(entry) for entry in json.loads(text)]
    except ValueError:
        raise SceneError("chromium", "the page did not write its frames (did its script run?)")


def main(arguments):
    if len(arguments) != 1:
        raise SceneError("usage", "e2e_chromium.py SCENE.json")
    scene = read_flex_scene(arguments[0])
    directory = tempfile.mkdtemp(prefix="e2e-chromium-")
    try:
        page = os.path.join(directory, "scene.html")
        write_html(scene, page)
        frames = extract(run_chromium(page, os.path.join(directory, "profile")))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    emit_frames(frames)


if __name__ == "__main__":
    run(main)
