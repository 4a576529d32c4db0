"""Yoga (PyPI `pyyoga`) timings for the flexbox workloads; prints JSON.

Usage: flex_yoga.py WORKLOAD SIZE   (WORKLOAD: nested | wrap | text)
Times only Node.calculate_layout on a tree built beforehand (a Python-timed call into
Yoga's C++ library). Before each timed call the root's width is changed and changed back with
an untimed layout in between, so that the timed call lays the tree out again; Yoga may still
answer nodes whose constraints did not change from its own caches.
"""

import sys
import time

import pyyoga as yoga

from flex_common import ahem_measure, best_time, emit, text_words


def nested(groups):
    root = yoga.Node()
    root.flex_direction = yoga.FlexDirection.Column
    root.width = 800
    for g in range(groups):
        group = yoga.Node()
        group.flex_direction = yoga.FlexDirection.Row
        group.set_gap(yoga.Gutter.Column, 2)
        for i in range(10):
            leaf = yoga.Node()
            leaf.width = 20
            leaf.height = 10 + (g + i) % 3
            leaf.flex_grow = 1
            group.add_child(leaf)
        root.add_child(group)
    return root, None


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
    return root, None


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
    root, _ = {"nested": nested, "wrap": wrap}[workload](size)

    def run():
        root.width = 801
        root.calculate_layout(None, None)
        root.width = 800 if workload == "nested" else 1000
        start = time.perf_counter()
        root.calculate_layout(None, None)
        return time.perf_counter() - start

    emit({"engine": "yoga", "seconds": best_time(run)})


if __name__ == "__main__":
    main()
