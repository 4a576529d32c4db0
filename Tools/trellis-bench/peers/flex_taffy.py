"""Taffy (PyPI `stretchable`) timings for the flexbox workloads; prints JSON.

Usage: flex_taffy.py WORKLOAD SIZE   (WORKLOAD: nested | wrap | text)
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

from flex_common import ahem_measure, best_time, emit, text_words


def nested(groups):
    root = Node(style=Style(flex_direction=FlexDirection.COLUMN, size=(800 * PT, None)))
    for g in range(groups):
        group = Node(style=Style(flex_direction=FlexDirection.ROW, gap=2 * PT))
        for i in range(10):
            group.append(Node(style=Style(size=(20 * PT, (10 + (g + i) % 3) * PT), flex_grow=1)))
        root.append(group)
    return root, None


def wrap(items):
    root = Node(style=Style(flex_direction=FlexDirection.ROW, flex_wrap=FlexWrap.WRAP,
                            align_content=AlignContent.FLEX_START, size=(1000 * PT, None)))
    for i in range(items):
        root.append(Node(style=Style(size=((10 + (i % 7) * 3) * PT, (10 + (i % 5) * 2) * PT))))
    return root, None


def text(leaves):
    root = Node(style=Style(flex_direction=FlexDirection.COLUMN, size=(600 * PT, None)))
    words_by_node = {}
    for i in range(leaves):
        node = Node(measure=lambda node, known, available: None)
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
        emit({"engine": "taffy", "seconds": best_time(run)})
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
