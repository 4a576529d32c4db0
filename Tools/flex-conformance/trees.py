"""Random flex trees for the Chromium conformance fixtures.

A tree is a dict: {"seed": N, "s": style, "c": [children]} where every node is
{"s": style, "c": [children]} and a style holds scene-format properties (docs/SCENES.md, the
`style` key of a view): camelCase names, lengths as numbers of points or strings such as "50%"
and "auto", edges as one value or [top, right, bottom, left]. The root always has a width;
its height is a number or absent (the tree is then as tall as its content).

Two sets:

- "core": the properties Taffy's Chrome-derived fixtures cover most: flexDirection, flexWrap,
  justifyContent, alignItems, alignSelf, alignContent, flexGrow, flexShrink, flexBasis,
  width, height, min/max sizes (points and percentages), margins (with `auto`), padding.
- "extended": all of the above plus aspectRatio, border, left/top/right/bottom insets (points
  and percentages), rowGap/columnGap/gap (points and percentages), percentage margins and
  padding, display: none, position: absolute and baseline alignment.

Trees are depth 3 at most (the root at depth 0) and nodes have up to 6 children. Leaves are
empty boxes, sized or not. Every tree is a function of its set and seed alone (Python's
`random.Random` seeded with "SET-SEED"), so the fixtures can be regenerated exactly.
"""

import random

MAX_DEPTH = 3
MAX_CHILDREN = 6

DIRECTIONS = ["row", "row-reverse", "column", "column-reverse"]
WRAPS = ["nowrap", "wrap", "wrap-reverse"]
JUSTIFY = ["flex-start", "flex-end", "center", "space-between", "space-around", "space-evenly"]
ALIGN_ITEMS = ["flex-start", "flex-end", "center", "stretch"]
ALIGN_CONTENT = ["flex-start", "flex-end", "center", "stretch", "space-between", "space-around",
                 "space-evenly"]
GROW = [0, 0.5, 1, 1, 2, 3, 0.25]
SHRINK = [0, 0.5, 1, 2, 3]
RATIOS = [0.5, 1, 1.5, 2, 3]


class Generator:
    """Draws the properties of one tree from its own random stream."""

    def __init__(self, set_name, seed):
        self.extended = set_name == "extended"
        self.random = random.Random("%s-%d" % (set_name, seed))

    def chance(self, probability):
        return self.random.random() < probability

    def pick(self, values):
        return self.random.choice(values)

    def points(self, low, high):
        return self.random.randint(low, high)

    def size(self, high, percent_chance=0.15):
        """A width, height or basis: points, sometimes a percentage."""
        if self.chance(percent_chance):
            return "%d%%" % self.pick([10, 25, 33, 50, 75, 100])
        return self.points(0, high)

    def edges(self, high, allow_auto, percent_chance):
        def one():
            if allow_auto and self.chance(0.08):
                return "auto"
            if self.chance(percent_chance):
                return "%d%%" % self.pick([5, 10, 20])
            return self.points(0, high)
        if self.chance(0.4):
            return one()
        return [one(), one(), one(), one()]

    def container_style(self, style):
        """How the node lays out its children."""
        if self.chance(0.6):
            style["flexDirection"] = self.pick(DIRECTIONS)
        if self.chance(0.4):
            style["flexWrap"] = self.pick(WRAPS)
        if self.chance(0.4):
            style["justifyContent"] = self.pick(JUSTIFY)
        if self.chance(0.4):
            items = ALIGN_ITEMS + (["baseline"] if self.extended else [])
            style["alignItems"] = self.pick(items)
        if self.chance(0.3):
            style["alignContent"] = self.pick(ALIGN_CONTENT)
        if self.extended and self.chance(0.3):
            name = self.pick(["gap", "rowGap", "columnGap"])
            style[name] = "%d%%" % self.pick([5, 10]) if self.chance(0.2) else self.points(0, 20)

    def item_style(self, style, is_leaf):
        """How the node is sized and placed in its parent."""
        percent = 0.2 if self.extended else 0
        if self.extended and self.chance(0.05):
            style["display"] = "none"
        if self.extended and self.chance(0.1):
            style["position"] = "absolute"
        if self.chance(0.25):
            items = ALIGN_ITEMS + (["baseline"] if self.extended else [])
            style["alignSelf"] = self.pick(items)
        if self.chance(0.45):
            style["flexGrow"] = self.pick(GROW)
        if self.chance(0.3):
            style["flexShrink"] = self.pick(SHRINK)
        if self.chance(0.3):
            style["flexBasis"] = "auto" if self.chance(0.15) else self.size(150)
        fixed = is_leaf and self.chance(0.4)
        if fixed or self.chance(0.35):
            style["width"] = self.size(160)
        if fixed or self.chance(0.35):
            style["height"] = self.size(160)
        for name in ("minWidth", "minHeight"):
            if self.chance(0.15):
                style[name] = self.size(120, 0.1)
        for name in ("maxWidth", "maxHeight"):
            if self.chance(0.12):
                style[name] = self.size(200, 0.1)
        if self.extended and self.chance(0.15):
            style["aspectRatio"] = self.pick(RATIOS)
        if self.chance(0.3):
            style["margin"] = self.edges(20, True, percent)
        if self.chance(0.3):
            style["padding"] = self.edges(15, False, percent)
        if self.extended and self.chance(0.25):
            style["border"] = self.edges(8, False, 0)
        if self.extended and self.chance(0.25):
            for name in ("left", "top", "right", "bottom"):
                if self.chance(0.5):
                    style[name] = ("%d%%" % self.pick([-10, 5, 10, 25]) if self.chance(0.3)
                                   else self.points(-20, 40))

    def node(self, depth):
        style = {}
        children = 0
        if depth < MAX_DEPTH and self.chance([0.95, 0.5, 0.3][depth]):
            # Up to MAX_CHILDREN, mostly fewer: the smaller of two draws.
            children = min(self.points(1, MAX_CHILDREN), self.points(1, MAX_CHILDREN))
        is_leaf = children == 0
        if not is_leaf:
            self.container_style(style)
        self.item_style(style, is_leaf)
        return {"s": style, "c": [self.node(depth + 1) for _ in range(children)]}

    def tree(self, seed):
        style = {"width": self.points(80, 480)}
        if self.chance(0.7):
            style["height"] = self.points(60, 420)
        self.container_style(style)
        if self.chance(0.4):
            style["padding"] = self.edges(15, False, 0)
        if self.extended and self.chance(0.25):
            style["border"] = self.edges(8, False, 0)
        count = self.points(1, MAX_CHILDREN)
        return {"seed": seed, "s": style, "c": [self.node(1) for _ in range(count)]}


def generate(set_name, seed):
    """The tree of one set and seed."""
    return Generator(set_name, seed).tree(seed)
