"""Shared pieces of the end-to-end peers (e2e_kiwi.py, e2e_flex.py, e2e_chromium.py).

Each end-to-end peer does in its own process the whole job that `trellis layout SCENE.json`
does: read the scene file, parse its JSON, build its engine's model, lay out, and print the
frame of every view with an id as `{"id": [x, y, w, h], ...}` (root coordinates, numbers
rounded to three decimals, document order), so that whole processes can be timed against each
other. This module reads and checks the scene (docs/SCENES.md) and prints the frames.

A scene that uses something a peer does not support is an error, never a silent default: one
line on standard error naming the key path, and exit status 1. Keys that only change how a
view is drawn (colours, borders drawn by the view, alpha, ...) do not change layout in Trellis
and are accepted and ignored.
"""

import json
import math
import os
import re
import sys

# Keys that change only how a view is drawn, never its frame or its children's.
DRAWING_KEYS = frozenset([
    "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "alpha", "hidden",
    "clipsToBounds", "gradient", "accessibilityLabel", "accessibilityHint", "accessibilityValue",
    "accessibilityTraits", "isAccessibilityElement", "accessibilityElementsHidden",
    "shouldGroupAccessibilityChildren", "accessibilityViewIsModal", "tag",
])
BASE_VIEW_KEYS = frozenset(["id", "type", "frame", "children"]) | DRAWING_KEYS
DOCUMENT_KEYS = frozenset(["size", "scale", "direction", "root"])
# Trellis limits a canvas side to 100000 points.
MAXIMUM_SIDE = 100_000


class SceneError(Exception):
    """A problem with the scene, at a key path such as root.children[3].frame."""

    def __init__(self, path, message):
        super().__init__("%s: %s" % (path, message))


class View:
    """One view of the scene: what the peers need of it, and its place in the tree."""

    __slots__ = ("id", "path", "frame", "style", "constraints", "children", "node")

    def __init__(self, path):
        self.id = None
        self.path = path
        self.frame = None
        self.style = None
        self.constraints = None
        self.children = []
        self.node = None  # the peer's own object for the view


class Scene:
    """The canvas size, the root view and the views with an id in document order."""

    def __init__(self, width, height, scale, root, identified):
        self.width = width
        self.height = height
        self.scale = scale
        self.root = root
        self.identified = identified

    @property
    def root_size(self):
        """The root's size: its frame's, or the canvas when it has none."""
        if self.root.frame is not None:
            return self.root.frame[2], self.root.frame[3]
        return self.width, self.height


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def kind(value):
    """How a JSON value is described in messages."""
    if isinstance(value, bool):
        return "a boolean"
    if value is None:
        return "null"
    return {dict: "an object", list: "a list", str: "a string"}.get(type(value), "a number")


def read_scene(path, view_keys, check_view=None):
    """Reads and checks a scene file.

    view_keys are the keys a view may have besides the base ones (id, type, frame, children and
    the drawing keys); check_view(raw, view, is_root) checks and stores them. Views are listed
    in document order (a view before its children), as `trellis layout` prints them.
    """
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as error:
        raise SceneError("scene", "cannot read %s (%s)" % (path, error.strerror))
    try:
        document = json.loads(data)
    except (ValueError, RecursionError) as error:
        raise SceneError("scene", "not valid JSON: %s" % error)
    if not isinstance(document, dict):
        raise SceneError("scene", "expected an object, found %s" % kind(document))
    unknown = document.keys() - DOCUMENT_KEYS
    if unknown:
        raise SceneError("scene." + sorted(unknown)[0], "unknown key")
    size = document.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(is_number(v) for v in size)):
        raise SceneError("scene.size", "missing or malformed; give the canvas as [width, height]")
    if not all(0 < v <= MAXIMUM_SIDE for v in size):
        raise SceneError("scene.size", "each side must be above 0 and at most 100000")
    scale = document.get("scale", 1)
    if not is_number(scale) or not 0 < scale <= 8:
        raise SceneError("scene.scale", "must be a number above 0 and at most 8")
    direction = document.get("direction", "ltr")
    if direction != "ltr":
        raise SceneError("scene.direction", "only \"ltr\" is supported by this peer")
    if "root" not in document:
        raise SceneError("scene.root", "missing; give the root view")
    allowed = BASE_VIEW_KEYS | frozenset(view_keys)
    identified = []
    seen = set()

    def decode(raw, path, is_root):
        if not isinstance(raw, dict):
            raise SceneError(path, "expected a view object, found %s" % kind(raw))
        unknown = raw.keys() - allowed
        if unknown:
            raise SceneError(path + "." + sorted(unknown)[0], "unknown or unsupported key for this peer")
        view = View(path)
        if raw.get("type", "view") != "view":
            raise SceneError(path + ".type", "only plain views (\"view\") are supported by this peer")
        if "id" in raw:
            identifier = raw["id"]
            if not isinstance(identifier, str) or not identifier:
                raise SceneError(path + ".id", "an id must be a non-empty string")
            if identifier == "super":
                raise SceneError(path + ".id", "\"super\" is reserved for the container in constraints")
            if identifier in seen:
                raise SceneError(path + ".id", "duplicate id \"%s\"; ids must be unique in a scene" % identifier)
            seen.add(identifier)
            view.id = identifier
            identified.append(view)
        if "frame" in raw:
            frame = raw["frame"]
            if not (isinstance(frame, list) and len(frame) == 4 and all(is_number(v) for v in frame)):
                raise SceneError(path + ".frame", "expected [x, y, width, height]")
            if frame[2] < 0 or frame[3] < 0:
                raise SceneError(path + ".frame", "the width and height cannot be negative")
            view.frame = frame
        if check_view is not None:
            check_view(raw, view, is_root)
        children = raw.get("children")
        if children is not None:
            if not isinstance(children, list):
                raise SceneError(path + ".children", "expected a list of views")
            base = path + ".children["
            view.children = [decode(child, "%s%d]" % (base, index), False)
                             for index, child in enumerate(children)]
        return view

    root = decode(document["root"], "root", True)
    return Scene(float(size[0]), float(size[1]), scale, root, identified)


def format_number(value):
    """A number as `trellis layout` prints it: rounded to three decimals (halves away from
    zero), without trailing zeros, `0` for values that are not finite."""
    if not math.isfinite(value):
        return "0"
    whole = int(value)
    if whole == value and -1e15 < value < 1e15:  # the common case, fast
        return str(whole)
    if abs(value) >= 1e15:
        return repr(value)
    scaled = math.floor(abs(value) * 1000 + 0.5)
    if scaled == 0:
        return "0"
    whole, fraction = divmod(scaled, 1000)
    sign = "-" if value < 0 else ""
    if fraction == 0:
        return "%s%d" % (sign, whole)
    return ("%s%d.%03d" % (sign, whole, fraction)).rstrip("0")


_PLAIN = re.compile(r"[A-Za-z0-9_\-.:/ ]*")
_ESCAPES = {"\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def json_string(text):
    """A JSON string literal escaped as Trellis escapes it (RFC 8259, plus U+007F, U+2028 and
    U+2029 as \\u escapes)."""
    if _PLAIN.fullmatch(text):
        return "\"" + text + "\""
    parts = []
    for character in text:
        code = ord(character)
        if character in _ESCAPES:
            parts.append(_ESCAPES[character])
        elif code < 0x20 or code == 0x7F or code in (0x2028, 0x2029):
            parts.append("\\u%04x" % code)
        else:
            parts.append(character)
    return "\"" + "".join(parts) + "\""


def emit_frames(frames):
    """Prints [(id, x, y, width, height), ...] as `trellis layout` does, ending with a newline."""
    number = format_number
    members = ["%s: [%s, %s, %s, %s]" % (json_string(identifier), number(x), number(y), number(w), number(h))
               for identifier, x, y, w, h in frames]
    sys.stdout.write("{" + ", ".join(members) + "}\n")
    sys.stdout.flush()


def run(main):
    """Runs a peer's main(arguments): a SceneError or usage error is one line on standard error
    and exit status 1."""
    sys.setrecursionlimit(10_000)
    program = os.path.basename(sys.argv[0])
    try:
        main(sys.argv[1:])
    except SceneError as error:
        sys.stderr.write("%s: %s\n" % (program, error))
        sys.exit(1)
