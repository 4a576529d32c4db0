"""Chromium conformance fixtures for Trellis's flexbox engine, and the peers' agreement.

Usage:
    conformance.py generate [--count N] [--out DIRECTORY]
        Generates N trees of each set (trees.py), lays every set out in one headless Chromium
        run, and writes DIRECTORY/core.json and DIRECTORY/extended.json (the trees and
        Chromium's frames). Then prints the agreement of Taffy and Yoga with Chromium.
    conformance.py peers [--out DIRECTORY]
        Prints the agreement of Taffy and Yoga with the recorded frames only.

DIRECTORY defaults to Tests/LayoutTests/__Fixtures__/flex-chromium. Taffy is the PyPI package
`stretchable`, Yoga is `pyyoga` (run this script with the bench virtual environment's Python,
scripts/bench-venv.sh); Chromium is `chromium` on PATH or $CHROMIUM.

Every div of the HTML page is a flex container with `box-sizing: border-box` and
`position: relative` (Trellis's defaults), as Taffy's fixtures are written. Each tree's root is
absolutely positioned at the page's origin; the page holds every tree of a set, and a script at
the end of the body reads each node's getBoundingClientRect (which lays the page out) and
writes the frames into the body, which `--dump-dom` prints.

A fixture file is {"set", "chromium", "count", "trees": [tree]}; a tree is trees.py's, with
"f": [x, y, width, height] on every node in the root's coordinates (Chromium keeps 1/64 px, the
numbers are rounded to 1/1000), or null for a node inside `display: none`.

A tree agrees with Chromium when every frame is within 0.25 pt of Chromium's on each of
x, y, width and height.
"""

import html
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trees  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(ROOT, "Tests", "LayoutTests", "__Fixtures__", "flex-chromium")
SETS = ("core", "extended")
TOLERANCE = 0.25

CSS_NAMES = {
    "display": "display", "position": "position", "left": "left", "top": "top",
    "right": "right", "bottom": "bottom", "flexDirection": "flex-direction",
    "flexWrap": "flex-wrap", "justifyContent": "justify-content", "alignItems": "align-items",
    "alignSelf": "align-self", "alignContent": "align-content", "flexGrow": "flex-grow",
    "flexShrink": "flex-shrink", "flexBasis": "flex-basis", "width": "width",
    "height": "height", "minWidth": "min-width", "minHeight": "min-height",
    "maxWidth": "max-width", "maxHeight": "max-height", "aspectRatio": "aspect-ratio",
    "gap": "gap", "rowGap": "row-gap", "columnGap": "column-gap", "margin": "margin",
    "padding": "padding", "border": "border-width",
}
PLAIN_NUMBERS = ("flexGrow", "flexShrink", "aspectRatio")


def css_value(name, value):
    if isinstance(value, list):
        return " ".join(css_value(name, v) for v in value)
    if isinstance(value, (int, float)) and name not in PLAIN_NUMBERS:
        return "%gpx" % value
    if isinstance(value, (int, float)):
        return "%g" % value
    return value


def css(style, is_root):
    declarations = ["display:flex"]
    if is_root:
        declarations.append("position:absolute;left:0;top:0")
    for name, value in style.items():
        if name == "border":
            declarations.append("border-style:solid;border-color:transparent")
        declarations.append("%s:%s" % (CSS_NAMES[name], css_value(name, value)))
    return ";".join(declarations)


def write_page(tree_list, path):
    """One page holding every tree, and the script that records their frames."""
    parts = ["<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>",
             "html,body{margin:0;padding:0}div{box-sizing:border-box;position:relative}",
             "</style></head><body>"]

    def emit(node, is_root):
        attributes = ' class="t"' if is_root else ""
        parts.append('<div%s style="%s">' % (attributes, html.escape(css(node["s"], is_root))))
        for child in node["c"]:
            emit(child, False)
        parts.append("</div>")

    for tree in tree_list:
        emit(tree, True)
    parts.append("""<script>(function(){
var out=[],roots=document.querySelectorAll('body>div.t'),r=function(v){return Math.round(v*1000)/1000;};
for(var t=0;t<roots.length;t++){var nodes=[roots[t]].concat(Array.prototype.slice.call(roots[t].querySelectorAll('div')));
var o=roots[t].getBoundingClientRect(),f=[];
for(var i=0;i<nodes.length;i++){var b=nodes[i].getBoundingClientRect();f.push([r(b.left-o.left),r(b.top-o.top),r(b.width),r(b.height)]);}
out.push(f);}
document.body.textContent=JSON.stringify(out);})();</script></body></html>""")
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


def chromium_json(write_page_to):
    """Runs headless Chromium once on the page `write_page_to(path)` writes, whose script puts
    JSON into the body, and returns that JSON decoded."""
    directory = tempfile.mkdtemp(prefix="flex-conformance-")
    try:
        page = os.path.join(directory, "page.html")
        write_page_to(page)
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
    return json.loads(html.unescape(dom[start + len("<body>"):end]))


def chromium_frames(tree_list):
    """Lays every tree out in one headless Chromium run; one list of frames per tree."""
    frames = chromium_json(lambda page: write_page(tree_list, page))
    if len(frames) != len(tree_list):
        sys.exit("chromium recorded %d trees of %d" % (len(frames), len(tree_list)))
    return frames


def attach(tree, frames):
    """Stores the frames on the nodes in pre-order; null inside display: none."""
    index = 0

    def visit(node, hidden):
        nonlocal index
        hidden = hidden or node["s"].get("display") == "none"
        node["f"] = None if hidden else [_number(v) for v in frames[index]]
        index += 1
        for child in node["c"]:
            visit(child, hidden)

    visit(tree, False)


def _number(value):
    return int(value) if value == int(value) else value


def nodes(tree):
    """Every node in pre-order with its parent's origin filled in by the caller."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node["c"]))


def write_fixtures(set_name, tree_list, version, out):
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, set_name + ".json")
    with open(path, "w", encoding="utf-8") as file:
        file.write('{"set":"%s","chromium":%s,"count":%d,"tolerance":%g,"trees":[\n'
                   % (set_name, json.dumps(version), len(tree_list), TOLERANCE))
        file.write(",\n".join(json.dumps(tree, separators=(",", ":")) for tree in tree_list))
        file.write("\n]}\n")
    return path


def read_fixtures(out):
    result = {}
    for set_name in SETS:
        with open(os.path.join(out, set_name + ".json"), encoding="utf-8") as file:
            result[set_name] = json.load(file)["trees"]
    return result


# Peers ------------------------------------------------------------------------------------

def length_value(value):
    """A scene length as ("pt" | "%" | "auto", number)."""
    if isinstance(value, (int, float)):
        return ("pt", float(value))
    if value == "auto":
        return ("auto", 0.0)
    if value.endswith("%"):
        return ("%", float(value[:-1]))
    raise ValueError(value)


def edges(value):
    values = value if isinstance(value, list) else [value] * 4
    return [length_value(v) for v in values]


def taffy_peer():
    from stretchable import Node, taffylib
    from stretchable.node import taffy
    from stretchable.style import (AlignContent, AlignItems, AlignSelf, Display, FlexDirection,
                                   FlexWrap, JustifyContent, Position, Style)
    from stretchable.style.geometry.length import AUTO, MAX_CONTENT, PCT, PT
    from stretchable.style.geometry.size import SizeAvailableSpace

    def enum(kind, text):
        return kind[text.upper().replace("-", "_").replace("NOWRAP", "NO_WRAP")]

    def value(parsed):
        unit, number = parsed
        return number * PT if unit == "pt" else (number * PCT if unit == "%" else AUTO)

    def convert(style):
        arguments = {}
        for name, kind, argument in (("display", Display, "display"),
                                     ("position", Position, "position"),
                                     ("flexDirection", FlexDirection, "flex_direction"),
                                     ("flexWrap", FlexWrap, "flex_wrap"),
                                     ("justifyContent", JustifyContent, "justify_content"),
                                     ("alignItems", AlignItems, "align_items"),
                                     ("alignSelf", AlignSelf, "align_self"),
                                     ("alignContent", AlignContent, "align_content")):
            if name in style:
                arguments[argument] = enum(kind, style[name])
        for name, argument in (("flexGrow", "flex_grow"), ("flexShrink", "flex_shrink"),
                               ("aspectRatio", "aspect_ratio")):
            if name in style:
                arguments[argument] = style[name]
        if "flexBasis" in style:
            arguments["flex_basis"] = value(length_value(style["flexBasis"]))
        for prefix, argument in (("", "size"), ("min", "min_size"), ("max", "max_size")):
            w = style.get(prefix + "Width" if prefix else "width", "auto")
            h = style.get(prefix + "Height" if prefix else "height", "auto")
            arguments[argument] = (value(length_value(w)), value(length_value(h)))
        if any(side in style for side in ("top", "right", "bottom", "left")):
            arguments["inset"] = tuple(value(length_value(style.get(side, "auto")))
                                       for side in ("top", "right", "bottom", "left"))
        column = row = 0
        for name, raw in style.items():  # in order, as CSS applies the declarations
            if name in ("gap", "columnGap"):
                column = raw
            if name in ("gap", "rowGap"):
                row = raw
        arguments["gap"] = (value(length_value(column)), value(length_value(row)))
        for edge in ("margin", "padding", "border"):
            if edge in style:
                arguments[edge] = tuple(value(v) for v in edges(style[edge]))
        return Style(**arguments)

    def layout(tree):
        def build(node):
            made = Node(style=convert(node["s"]))
            for child in node["c"]:
                made.append(build(child))
            node["_peer"] = made
            return made

        root = build(tree)
        taffy.use_rounding = False
        height = tree["s"].get("height")
        space = SizeAvailableSpace(tree["s"]["width"] * PT,
                                   MAX_CONTENT if height is None else height * PT)
        taffylib.node_compute_layout_with_measure(taffy._ptr, root._node_id, space.to_dict(),
                                                  lambda *arguments: (0.0, 0.0))
        record = taffylib.PyLayout()

        def frame(node):
            taffylib.node_get_layout(taffy._ptr, node["_peer"]._node_id, record)
            return record.x, record.y, record.width, record.height

        return frame

    return layout


def yoga_peer():
    import pyyoga as yoga

    config = yoga.Config(use_web_defaults=True)
    config.point_scale_factor = 0.0  # no rounding: Chromium keeps fractions
    align = {"auto": yoga.Align.Auto, "flex-start": yoga.Align.FlexStart,
             "flex-end": yoga.Align.FlexEnd, "center": yoga.Align.Center,
             "stretch": yoga.Align.Stretch, "baseline": yoga.Align.Baseline,
             "space-between": yoga.Align.SpaceBetween, "space-around": yoga.Align.SpaceAround}
    justify = {"flex-start": yoga.Justify.FlexStart, "flex-end": yoga.Justify.FlexEnd,
               "center": yoga.Justify.Center, "space-between": yoga.Justify.SpaceBetween,
               "space-around": yoga.Justify.SpaceAround,
               "space-evenly": yoga.Justify.SpaceEvenly}
    direction = {"row": yoga.FlexDirection.Row, "row-reverse": yoga.FlexDirection.RowReverse,
                 "column": yoga.FlexDirection.Column,
                 "column-reverse": yoga.FlexDirection.ColumnReverse}
    wrap = {"nowrap": yoga.Wrap.NoWrap, "wrap": yoga.Wrap.Wrap,
            "wrap-reverse": yoga.Wrap.WrapReverse}
    sides = (yoga.Edge.Top, yoga.Edge.Right, yoga.Edge.Bottom, yoga.Edge.Left)

    def value(parsed):
        unit, number = parsed
        return number if unit == "pt" else ("%g%%" % number if unit == "%" else "auto")

    def configure(node, style):
        """Returns False when Yoga cannot express the style (it is then counted as a miss)."""
        ok = True
        for name, raw in style.items():
            if name == "display" and raw == "none":
                node.display = getattr(yoga.Display, "None")
            elif name == "position" and raw == "absolute":
                node.position_type = yoga.PositionType.Absolute
            elif name == "flexDirection":
                node.flex_direction = direction[raw]
            elif name == "flexWrap":
                node.flex_wrap = wrap[raw]
            elif name == "justifyContent":
                node.justify_content = justify[raw]
            elif name in ("alignItems", "alignSelf", "alignContent"):
                if raw not in align:
                    ok = False
                    continue
                setattr(node, {"alignItems": "align_items", "alignSelf": "align_self",
                               "alignContent": "align_content"}[name], align[raw])
            elif name == "flexGrow":
                node.flex_grow = raw
            elif name == "flexShrink":
                node.flex_shrink = raw
            elif name == "aspectRatio":
                node.aspect_ratio = raw
            elif name == "flexBasis":
                node.flex_basis = value(length_value(raw))
            elif name in ("width", "height"):
                setattr(node, name, value(length_value(raw)))
            elif name in ("minWidth", "minHeight", "maxWidth", "maxHeight"):
                setattr(node, name[:3] + "_" + name[3:].lower(), value(length_value(raw)))
            elif name in ("top", "right", "bottom", "left"):
                node.set_position(sides[("top", "right", "bottom", "left").index(name)],
                                  value(length_value(raw)))
            elif name in ("gap", "rowGap", "columnGap"):
                gutters = {"gap": [yoga.Gutter.Row, yoga.Gutter.Column],
                           "rowGap": [yoga.Gutter.Row], "columnGap": [yoga.Gutter.Column]}
                for gutter in gutters[name]:
                    node.set_gap(gutter, value(length_value(raw)))
            elif name in ("margin", "padding", "border"):
                for side, parsed in zip(sides, edges(raw)):
                    if name == "margin":
                        node.set_margin(side, value(parsed))
                    elif name == "padding":
                        node.set_padding(side, value(parsed))
                    else:
                        node.set_border(side, parsed[1])
        return ok

    def layout(tree):
        supported = [True]

        def build(node):
            made = yoga.Node(config)
            supported[0] = configure(made, node["s"]) and supported[0]
            for child in node["c"]:
                made.add_child(build(child))
            node["_peer"] = made
            return made

        root = build(tree)
        root.calculate_layout(tree["s"]["width"], tree["s"].get("height"), yoga.Direction.LTR)
        if not supported[0]:
            return None

        def frame(node):
            made = node["_peer"]
            return made.layout_left, made.layout_top, made.layout_width, made.layout_height

        return frame

    return layout


def agrees(tree, frame):
    """Whether a peer's frames (relative to the parent) agree with Chromium's."""
    def visit(node, x0, y0):
        x, y, w, h = frame(node)
        x += x0
        y += y0
        expected = node["f"]
        if expected is not None:
            for actual, wanted in zip((x, y, w, h), expected):
                if not (abs(actual - wanted) <= TOLERANCE):
                    return False
        return all(visit(child, x, y) for child in node["c"])

    return visit(tree, 0.0, 0.0)


def peer_agreement(tree_list, make_peer):
    peer = make_peer()
    agreed = 0
    for tree in tree_list:
        frame = peer(tree)
        if frame is not None and agrees(tree, frame):
            agreed += 1
        for node in nodes(tree):
            node.pop("_peer", None)
    return agreed


def print_peers(fixtures):
    print("%-10s %8s %18s %18s" % ("set", "trees", "Taffy", "Yoga"))
    for set_name in SETS:
        tree_list = fixtures[set_name]
        cells = []
        for make_peer in (taffy_peer, yoga_peer):
            try:
                agreed = peer_agreement(tree_list, make_peer)
                cells.append("%5d (%5.1f %%)" % (agreed, 100.0 * agreed / len(tree_list)))
            except ImportError as error:
                cells.append("n/a (%s)" % error.name)
        print("%-10s %8d %18s %18s" % (set_name, len(tree_list), cells[0], cells[1]))
    print("Trellis: swift test --filter ChromiumConformanceTests (prints its agreement)")


def main(arguments):
    command = arguments[0] if arguments else "generate"
    count = 2000
    out = DEFAULT_OUT
    options = arguments[1:]
    while options:
        option = options.pop(0)
        if option == "--count":
            count = int(options.pop(0))
        elif option == "--out":
            out = options.pop(0)
        else:
            sys.exit(__doc__)
    if command == "generate":
        chromium = chromium_path()
        version = chromium_version(chromium)
        fixtures = {}
        for set_name in SETS:
            tree_list = [trees.generate(set_name, seed) for seed in range(count)]
            for tree, frames in zip(tree_list, chromium_frames(tree_list)):
                attach(tree, frames)
            print("wrote", os.path.relpath(write_fixtures(set_name, tree_list, version, out)))
            fixtures[set_name] = tree_list
        print_peers(fixtures)
    elif command == "peers":
        print_peers(read_fixtures(out))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
