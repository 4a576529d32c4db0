"""Taffy (PyPI `stretchable`) timings for the flexbox workloads; prints JSON.

Usage: flex_taffy.py WORKLOAD SIZE   (WORKLOAD: nested DEPTH | wrap ITEMS | text LEAVES)
Times only taffylib.node_compute_layout_with_measure (one call into Taffy's Rust library from
Python) on a tree built beforehand; every node is marked dirty, untimed, before each run.
"""

import sys
import time

from stretchable import Node, Style, taffylib
from stretchable.node import taffy
from stretchable.style import AlignContent, FlexDirection, FlexWrap
from stretchable.style.geometry.length import PT
from stretchable.style.geometry.size import SizeAvailableSpace

from flex_common import NESTED_WIDTH, ahem_measure, best_time, build_nested, emit, text_words


def cached(make):
    """Builds each distinct Style once: stretchable takes about a millisecond per Style, which
    would make building a 100k-node tree take minutes. Nodes share the Style objects."""
    styles = {}

    def style(*key):
        if key not in styles:
            styles[key] = make(*key)
        return styles[key]

    return style


def nested(depth):
    container_style = cached(lambda is_row, grows: Style(
        flex_direction=FlexDirection.ROW if is_row else FlexDirection.COLUMN,
        gap=(2 * PT, 0 * PT) if is_row else 0 * PT,
        flex_grow=1 if grows else 0,
        size=(None, None) if grows else (NESTED_WIDTH * PT, None)))
    leaf_style = cached(lambda height: Style(size=(None, height * PT), flex_grow=1))
    return build_nested(
        depth,
        lambda level, is_row, grows: Node(style=container_style(is_row, grows)),
        lambda height: Node(style=leaf_style(height)),
        lambda parent, child: parent.append(child)), None


def wrap(items):
    root = Node(style=Style(flex_direction=FlexDirection.ROW, flex_wrap=FlexWrap.WRAP,
                            align_content=AlignContent.FLEX_START, size=(1000 * PT, None)))
    leaf_style = cached(lambda width, height: Style(size=(width * PT, height * PT)))
    for i in range(items):
        root.append(Node(style=leaf_style(10 + (i % 7) * 3, 10 + (i % 5) * 2)))
    return root, None


def text(leaves):
    root = Node(style=Style(flex_direction=FlexDirection.COLUMN, size=(600 * PT, None)))
    words_by_node = {}
    leaf_style = Style()  # shared: see cached()
    for i in range(leaves):
        node = Node(style=leaf_style, measure=lambda node, known, available: None)
        words_by_node[node._node_id] = text_words(i)
        root.append(node)
    return root, words_by_node


POINTS = 0  # stretchable's Scale.POINTS: definite available space


def compute(root, space, words_by_node=None, counter=None):
    if words_by_node is None:
        callback = lambda kw, kh, aw, ah, ctx: (0.0, 0.0)
    else:
        def callback(kw, kh, aw, ah, ctx):
            counter[0] += 1
            available = aw["value"] if aw["dim"] == POINTS else None
            return ahem_measure(words_by_node[ctx], None if kw != kw else kw, None if kh != kh else kh, available)
    start = time.perf_counter()
    ok = taffylib.node_compute_layout_with_measure(taffy._ptr, root._node_id, space.to_dict(), callback)
    elapsed = time.perf_counter() - start
    assert ok
    return elapsed


def main():
    workload, size = sys.argv[1], int(sys.argv[2])
    root, words = {"nested": nested, "wrap": wrap, "text": text}[workload](size)
    space = SizeAvailableSpace(None, None)
    if words is None:
        ids = []

        def collect(node):
            ids.append(node._node_id)
            for child in node:
                collect(child)

        collect(root)

        def run():
            for node_id in ids:
                taffylib.node_mark_dirty(taffy._ptr, node_id)
            return compute(root, space)
        seconds = best_time(run)
        taffylib.node_get_layout(taffy._ptr, root._node_id, root._taffy_layout)
        emit({"engine": "taffy", "seconds": seconds, "nodes": len(ids),
              "height": root._taffy_layout.height})
        return
    counter = [0]
    first = compute(root, space, words, counter)
    first_calls = counter[0]
    counter[0] = 0
    again = compute(root, space, words, counter)
    emit({"engine": "taffy", "seconds": first, "relayout_seconds": again,
          "first_calls": first_calls, "relayout_calls": counter[0]})


if __name__ == "__main__":
    main()
