"""End-to-end flexbox peers of `trellis layout`: Taffy (PyPI `stretchable`) or Yoga (PyPI
`pyyoga`).

Usage: e2e_flex.py ENGINE SCENE.json   (ENGINE: taffy | yoga)

Does the whole job of `trellis layout` in one process: reads the scene file, parses its JSON,
checks each view's `style`, builds the engine's node tree, lays it out once, and prints the frame
of every view with an id (root coordinates, document order, numbers rounded to three
decimals). See e2e_common.py.

Views may have `id`, `style`, `children` and, on the root only, `frame` (plus drawing keys,
ignored). As in Trellis: a view with a style is a flex container for its children and a flex
item in its parent; a view without one is a flex item with CSS's defaults and must have no
children; sizing is border-box; defaults are CSS's (row, nowrap, flex-shrink 1, align-items
and align-content stretch). The root fills the canvas `size` unless it has a frame: its style's
width and height are replaced by that size, which is also the available space. Edges are
rounded to whole points (scale 1), as Trellis rounds flex layout to the pixel grid.

Supported style properties (camelCase, lengths as numbers of points, "Npx", "N%" or "auto"):
display, position, left, top, right, bottom, flexDirection, flexWrap, justifyContent,
alignItems, alignSelf, alignContent, flexGrow, flexShrink, flexBasis, width, height, minWidth,
minHeight, maxWidth, maxHeight, aspectRatio, gap, rowGap, columnGap, margin, padding, border
(one value or [top, right, bottom, left]) and their marginTop... forms. Anything else is an
error.

Distinct styles are converted to the engine's form once and shared by the nodes that use
them (stretchable takes about a millisecond to build a Style, which would make a 100k-node
scene take minutes); every node is still its own node in the engine.
"""

import math

from e2e_common import SceneError, emit_frames, is_number, read_scene, run

KEYWORDS = {
    "display": ("flex", "none"),
    "position": ("relative", "absolute"),
    "flexDirection": ("row", "row-reverse", "column", "column-reverse"),
    "flexWrap": ("nowrap", "wrap", "wrap-reverse"),
    "justifyContent": ("flex-start", "flex-end", "center", "space-between", "space-around",
                       "space-evenly"),
    "alignItems": ("flex-start", "flex-end", "center", "stretch", "baseline"),
    "alignSelf": ("auto", "flex-start", "flex-end", "center", "stretch", "baseline"),
    "alignContent": ("flex-start", "flex-end", "center", "stretch", "space-between",
                     "space-around", "space-evenly"),
}
NUMBERS = ("flexGrow", "flexShrink")
# Lengths that may be "auto" (for a maximum: no maximum).
AUTO_LENGTHS = ("left", "top", "right", "bottom", "flexBasis", "width", "height", "minWidth",
                "minHeight", "maxWidth", "maxHeight")
EDGES = ("margin", "padding", "border")
SIDES = ("Top", "Right", "Bottom", "Left")
# marginTop, paddingLeft, ...: (edge property, index in [top, right, bottom, left])
SIDE_PROPERTIES = {edge + side: (edge, index) for edge in EDGES for index, side in enumerate(SIDES)}
GAPS = ("gap", "rowGap", "columnGap")
AUTO = ("auto", 0.0)


def length(value, where, allow_auto, allow_negative=False):
    """A CSS length as (unit, value), unit "pt", "%" or "auto"."""
    if is_number(value):
        parsed = ("pt", float(value))
    elif isinstance(value, str):
        text = value.strip()
        try:
            if text == "auto" or text == "none":
                parsed = AUTO
            elif text.endswith("%"):
                parsed = ("%", float(text[:-1]))
            else:
                parsed = ("pt", float(text[:-2] if text.endswith("px") else text))
        except ValueError:
            raise SceneError(where, "\"%s\" is not a length this peer supports (points, \"N%%\" "
                             "or \"auto\")" % value)
    else:
        raise SceneError(where, "expected a length, found a list or an object")
    if not math.isfinite(parsed[1]):
        raise SceneError(where, "is not a finite length")
    if parsed[0] == "auto" and not allow_auto:
        raise SceneError(where, "\"auto\" is not supported here")
    if parsed[1] < 0 and not allow_negative:
        raise SceneError(where, "is negative; use 0 or more")
    return parsed


def parse_style(style, where):
    """Checks a style and returns it normalised: {property: value} with keywords as CSS
    strings, lengths as (unit, value), numbers as floats, edges as four lengths and gaps as
    rowGap and columnGap."""
    if not isinstance(style, dict):
        raise SceneError(where, "expected an object of CSS flexbox properties")
    result = {}
    for name, value in style.items():
        at = where + "." + name
        if name in KEYWORDS:
            text = value.strip() if isinstance(value, str) else value
            if text not in KEYWORDS[name]:
                raise SceneError(at, "\"%s\" is not supported; expected one of %s"
                                 % (value, ", ".join(KEYWORDS[name])))
            result[name] = text
        elif name in NUMBERS:
            number = float(value) if is_number(value) else None
            if isinstance(value, str):
                try:
                    number = float(value)
                except ValueError:
                    pass
            if number is None or not math.isfinite(number) or number < 0:
                raise SceneError(at, "expected a number of 0 or more")
            result[name] = number
        elif name in AUTO_LENGTHS:
            result[name] = length(value, at, True, name in ("left", "top", "right", "bottom"))
        elif name in GAPS:
            gap = length(value, at, False)
            if name != "columnGap":
                result["rowGap"] = gap
            if name != "rowGap":
                result["columnGap"] = gap
        elif name in EDGES:
            is_margin = name == "margin"
            if isinstance(value, list):
                if len(value) != 4:
                    raise SceneError(at, "give one value or four: [top, right, bottom, left]")
                result[name] = [length(v, "%s[%d]" % (at, i), is_margin, is_margin)
                                for i, v in enumerate(value)]
            else:
                result[name] = [length(value, at, is_margin, is_margin)] * 4
        elif name in SIDE_PROPERTIES:
            edge, side = SIDE_PROPERTIES[name]
            edges = list(result.get(edge, [("pt", 0.0)] * 4))
            edges[side] = length(value, at, edge == "margin", edge == "margin")
            result[edge] = edges
        elif name == "aspectRatio":
            if not is_number(value) or value <= 0:
                raise SceneError(at, "expected a number above 0")
            result[name] = float(value)
        else:
            raise SceneError(at, "unknown or unsupported style property for this peer")
    return result


def style_key(style):
    """A hashable key of a raw style object, to convert each distinct style once."""
    return tuple((name, tuple(value) if isinstance(value, list) else value)
                 for name, value in style.items())


def read_flex_scene(path):
    """Reads a flex scene: every view's `style` is normalised (or None) in view.style."""
    cache = {}

    def check_view(raw, view, is_root):
        if view.frame is not None and not is_root:
            raise SceneError(view.path + ".frame", "only the root may have a frame in a flex scene")
        style = raw.get("style")
        if style is not None:
            try:
                key = style_key(style)
                parsed = cache.get(key)
            except (AttributeError, TypeError):  # not an object, or nested lists: parse reports it
                key = parsed = None
            if parsed is None:
                parsed = parse_style(style, view.path + ".style")
                if key is not None:
                    cache[key] = parsed
            view.style = parsed
        elif raw.get("children"):
            raise SceneError(view.path + ".children",
                             "a view without a style does not lay out its children by flexbox")

    scene = read_scene(path, ["style"], check_view)
    if scene.scale != 1:
        raise SceneError("scene.scale", "only scale 1 is supported by this peer")
    return scene


def root_style(scene):
    """The root's style with the root's size as its width and height, as Trellis lays out a
    container inside its bounds."""
    width, height = scene.root_size
    style = dict(scene.root.style or {})
    style["width"] = ("pt", width)
    style["height"] = ("pt", height)
    return style


# Taffy (stretchable) ------------------------------------------------------------------------

def taffy_engine():
    from stretchable import Node, taffylib
    from stretchable.node import taffy
    from stretchable.style import (AlignContent, AlignItems, AlignSelf, Display, FlexDirection,
                                   FlexWrap, JustifyContent, Position, Style)
    from stretchable.style.geometry.length import AUTO as TAFFY_AUTO, PCT, PT
    from stretchable.style.geometry.size import SizeAvailableSpace

    def enum(kind, text):
        return kind[text.upper().replace("-", "_").replace("NOWRAP", "NO_WRAP")]

    def value(parsed):
        unit, number = parsed
        if unit == "pt":
            return number * PT
        if unit == "%":
            return number * PCT
        return TAFFY_AUTO

    def convert(style):
        s = style.get
        arguments = {}
        for name, kind, argument in (("display", Display, "display"),
                                     ("position", Position, "position"),
                                     ("flexDirection", FlexDirection, "flex_direction"),
                                     ("flexWrap", FlexWrap, "flex_wrap"),
                                     ("justifyContent", JustifyContent, "justify_content"),
                                     ("alignItems", AlignItems, "align_items"),
                                     ("alignContent", AlignContent, "align_content")):
            if name in style:
                arguments[argument] = enum(kind, style[name])
        if s("alignSelf", "auto") != "auto":
            arguments["align_self"] = enum(AlignSelf, style["alignSelf"])
        if "flexGrow" in style:
            arguments["flex_grow"] = style["flexGrow"]
        if "flexShrink" in style:
            arguments["flex_shrink"] = style["flexShrink"]
        if "flexBasis" in style:
            arguments["flex_basis"] = value(style["flexBasis"])
        if "aspectRatio" in style:
            arguments["aspect_ratio"] = style["aspectRatio"]
        for prefix, argument in (("", "size"), ("min", "min_size"), ("max", "max_size")):
            w = style.get(prefix + "Width" if prefix else "width", AUTO)
            h = style.get(prefix + "Height" if prefix else "height", AUTO)
            if w is not AUTO or h is not AUTO:
                arguments[argument] = (value(w), value(h))
        if any(side in style for side in ("top", "right", "bottom", "left")):
            arguments["inset"] = tuple(value(s(side, AUTO)) for side in ("top", "right", "bottom", "left"))
        if "rowGap" in style or "columnGap" in style:
            arguments["gap"] = (value(s("columnGap", ("pt", 0.0))), value(s("rowGap", ("pt", 0.0))))
        for edge in EDGES:
            if edge in style:
                arguments[edge] = tuple(value(v) for v in style[edge])
        return Style(**arguments)

    styles = {}

    def make_node(view, style):
        key = id(style) if style is not None else None
        converted = styles.get(key)
        if converted is None:
            converted = convert(style or {})
            if style is not None and view is not None:
                styles[key] = converted
        return Node(style=converted)

    def layout(root_node, width, height):
        taffy.use_rounding = True
        space = SizeAvailableSpace(width, height).to_dict()
        ok = taffylib.node_compute_layout_with_measure(
            taffy._ptr, root_node._node_id, space, lambda *arguments: (0.0, 0.0))
        if not ok:
            raise SceneError("root", "Taffy could not lay the scene out")

    layout_record = taffylib.PyLayout()
    get_layout = taffylib.node_get_layout
    pointer = taffy._ptr

    def frame(node):
        get_layout(pointer, node._node_id, layout_record)
        return layout_record.x, layout_record.y, layout_record.width, layout_record.height

    return make_node, lambda parent, child: parent.append(child), layout, frame


# Yoga (pyyoga) --------------------------------------------------------------------------------

def yoga_engine():
    import pyyoga as yoga

    config = yoga.Config(use_web_defaults=True)  # CSS's row, flex-shrink 1, align-content stretch
    config.point_scale_factor = 1.0
    ALIGN = {"auto": yoga.Align.Auto, "flex-start": yoga.Align.FlexStart,
             "flex-end": yoga.Align.FlexEnd, "center": yoga.Align.Center,
             "stretch": yoga.Align.Stretch, "baseline": yoga.Align.Baseline,
             "space-between": yoga.Align.SpaceBetween, "space-around": yoga.Align.SpaceAround}
    JUSTIFY = {"flex-start": yoga.Justify.FlexStart, "flex-end": yoga.Justify.FlexEnd,
               "center": yoga.Justify.Center, "space-between": yoga.Justify.SpaceBetween,
               "space-around": yoga.Justify.SpaceAround, "space-evenly": yoga.Justify.SpaceEvenly}
    DIRECTION = {"row": yoga.FlexDirection.Row, "row-reverse": yoga.FlexDirection.RowReverse,
                 "column": yoga.FlexDirection.Column,
                 "column-reverse": yoga.FlexDirection.ColumnReverse}
    WRAP = {"nowrap": yoga.Wrap.NoWrap, "wrap": yoga.Wrap.Wrap,
            "wrap-reverse": yoga.Wrap.WrapReverse}
    SIDE_EDGES = (yoga.Edge.Top, yoga.Edge.Right, yoga.Edge.Bottom, yoga.Edge.Left)

    def value(parsed):
        unit, number = parsed
        return number if unit == "pt" else (repr(number) + "%" if unit == "%" else "auto")

    def configure(node, style, where):
        """Sets a style on a template node, once per distinct style."""
        if style.get("display") == "none":
            node.display = getattr(yoga.Display, "None")
        if style.get("position") == "absolute":
            node.position_type = yoga.PositionType.Absolute
        if "flexDirection" in style:
            node.flex_direction = DIRECTION[style["flexDirection"]]
        if "flexWrap" in style:
            node.flex_wrap = WRAP[style["flexWrap"]]
        if "justifyContent" in style:
            node.justify_content = JUSTIFY[style["justifyContent"]]
        if "alignItems" in style:
            node.align_items = ALIGN[style["alignItems"]]
        if "alignSelf" in style:
            node.align_self = ALIGN[style["alignSelf"]]
        if "alignContent" in style:
            if style["alignContent"] not in ALIGN:
                raise SceneError(where + ".alignContent", "\"%s\" is not supported by pyyoga"
                                 % style["alignContent"])
            node.align_content = ALIGN[style["alignContent"]]
        if "flexGrow" in style:
            node.flex_grow = style["flexGrow"]
        if "flexShrink" in style:
            node.flex_shrink = style["flexShrink"]
        if "flexBasis" in style:
            node.flex_basis = value(style["flexBasis"])
        if "aspectRatio" in style:
            node.aspect_ratio = style["aspectRatio"]
        for name in ("width", "height"):
            if name in style:
                setattr(node, name, value(style[name]))
        for name in ("minWidth", "minHeight", "maxWidth", "maxHeight"):
            if name in style and style[name] is not AUTO:  # auto: no limit, Yoga's default
                setattr(node, name[:3] + "_" + name[3:].lower(), value(style[name]))
        for edge, name in zip(SIDE_EDGES, ("top", "right", "bottom", "left")):
            if name in style and style[name] is not AUTO:
                node.set_position(edge, value(style[name]))
        if "rowGap" in style:
            node.set_gap(yoga.Gutter.Row, value(style["rowGap"]))
        if "columnGap" in style:
            node.set_gap(yoga.Gutter.Column, value(style["columnGap"]))
        for name in EDGES:
            for edge, parsed in zip(SIDE_EDGES, style.get(name, ())):
                if name == "margin":
                    node.set_margin(edge, value(parsed))
                elif name == "padding":
                    node.set_padding(edge, value(parsed))
                elif parsed[0] != "pt":
                    raise SceneError(where + ".border", "Yoga takes borders in points only")
                else:
                    node.set_border(edge, parsed[1])

    templates = {}

    def make_node(view, style):
        node = yoga.Node(config)
        if style is None:
            return node
        template = templates.get(id(style))
        if template is None:
            template = yoga.Node(config)
            configure(template, style, view.path + ".style" if view is not None else "root.style")
            if view is not None:
                templates[id(style)] = template
        node.copy_style(template)
        return node

    def layout(root_node, width, height):
        root_node.calculate_layout(width, height, yoga.Direction.LTR)

    def frame(node):
        return node.layout_left, node.layout_top, node.layout_width, node.layout_height

    return make_node, lambda parent, child: parent.add_child(child), layout, frame


ENGINES = {"taffy": taffy_engine, "yoga": yoga_engine}


def build(scene, make_node, append):
    """Makes a node for every view and links them, parents before children."""
    root = scene.root
    root.node = make_node(None, root_style(scene))
    stack = [root]
    while stack:
        view = stack.pop()
        for child in view.children:
            child.node = make_node(child, child.style)
            append(view.node, child.node)
            stack.append(child)


def frames(scene, frame):
    """Every identified view's frame in root coordinates, in document order; the root is at
    the origin with its own size, as Trellis reports it."""
    width, height = scene.root_size
    result = []
    if scene.root.id is not None:
        result.append((scene.root.id, 0.0, 0.0, width, height))
    stack = [(child, 0.0, 0.0) for child in reversed(scene.root.children)]
    while stack:
        view, origin_x, origin_y = stack.pop()
        x, y, w, h = frame(view.node)
        x += origin_x
        y += origin_y
        if view.id is not None:
            result.append((view.id, x, y, w, h))
        for child in reversed(view.children):
            stack.append((child, x, y))
    return result


def main(arguments):
    if len(arguments) != 2 or arguments[0] not in ENGINES:
        raise SceneError("usage", "e2e_flex.py taffy|yoga SCENE.json")
    scene = read_flex_scene(arguments[1])
    make_node, append, layout, frame = ENGINES[arguments[0]]()
    build(scene, make_node, append)
    layout(scene.root.node, *scene.root_size)
    emit_frames(frames(scene, frame))


if __name__ == "__main__":
    run(main)
