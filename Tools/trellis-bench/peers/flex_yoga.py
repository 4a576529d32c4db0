"""Yoga (PyPI `pyyoga`) timings for the flexbox workloads; prints JSON.

Usage: flex_yoga.py WORKLOAD SIZE   (WORKLOAD: nested DEPTH | wrap ITEMS | text LEAVES)
Times only Node.calculate_layout on a tree built beforehand (a Python-timed call into
Yoga's C++ library). The nested and wrap runs are cold, as on the Trellis and Taffy sides:
before each timed call every node is marked dirty, untimed, which discards Yoga's cached
layouts and measurements. Yoga only lets leaves with a measure function be marked dirty
directly, so each node's display is set to none and back to flex (a real style change each
time, so Yoga dirties the node; the style ends as it was).
"""

import sys
import time

import pyyoga as yoga

from flex_common import NESTED_WIDTH, ahem_measure, best_time, build_nested, emit, text_words

DISPLAY_NONE = getattr(yoga.Display, "None")


def nested(depth):
    def container(level, is_row, grows):
        node = yoga.Node()
        if is_row:
            node.flex_direction = yoga.FlexDirection.Row
            node.set_gap(yoga.Gutter.Column, 2)
        else:
            node.flex_direction = yoga.FlexDirection.Column
        if grows:
            node.flex_grow = 1
        else:
            node.width = NESTED_WIDTH
        return node

    def leaf(height):
        node = yoga.Node()
        node.height = height
        node.flex_grow = 1
        return node

    return build_nested(depth, container, leaf, lambda parent, child: parent.add_child(child))


def wrap(items):
    root = yoga.Node()
    root.flex_direction = yoga.FlexDirection.Row
    root.flex_wrap = yoga.Wrap.Wrap
    root.align_content = yoga.Align.FlexStart
    root.width = 1000
    for i in range(items):
        leaf = yoga.Node()
        leaf.width = 10 + (i % 7) * 3
        leaf.height = 10 + (i % 5) * 2
        root.add_child(leaf)
    return root


def text(leaves, counter):
    root = yoga.Node()
    root.flex_direction = yoga.FlexDirection.Column
    root.width = 600
    for i in range(leaves):
        leaf = yoga.Node()
        words = text_words(i)

        def measure(width, width_mode, height, height_mode, words=words):
            counter[0] += 1
            exactly = width_mode == yoga.MeasureMode.Exactly
            at_most = width_mode == yoga.MeasureMode.AtMost
            w, h = ahem_measure(words, width if exactly else None, None, width if at_most else None)
            return (w, h)

        leaf.set_measure_func(measure)
        root.add_child(leaf)
    return root


def main():
    workload, size = sys.argv[1], int(sys.argv[2])
    if workload == "text":
        counter = [0]
        root = text(size, counter)

        def timed():
            start = time.perf_counter()
            root.calculate_layout(None, None)
            return time.perf_counter() - start

        first = timed()
        first_calls = counter[0]
        counter[0] = 0
        again = timed()
        emit({"engine": "yoga", "seconds": first, "relayout_seconds": again,
              "first_calls": first_calls, "relayout_calls": counter[0]})
        return
    root = {"nested": nested, "wrap": wrap}[workload](size)
    nodes = []

    def collect(node):
        nodes.append(node)
        for child in node.children:
            collect(child)

    collect(root)

    def run():
        for node in nodes:
            node.display = DISPLAY_NONE
            node.display = yoga.Display.Flex
        assert root.is_dirty
        start = time.perf_counter()
        root.calculate_layout(None, None)
        return time.perf_counter() - start

    seconds = best_time(run)
    emit({"engine": "yoga", "seconds": seconds, "nodes": len(nodes),
          "height": root.layout_height})


if __name__ == "__main__":
    main()
