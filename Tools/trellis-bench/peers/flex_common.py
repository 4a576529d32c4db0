"""Shared workload definitions for the flexbox peers (Taffy via stretchable, Yoga via pyyoga).

Every workload is built identically to Tools/trellis-bench/FlexBenchmarks.swift; only the
peer's own layout call is timed (time.perf_counter around it), best of several runs.
"""

import json
import sys
import time


NESTED_FAN_OUT = 10
NESTED_WIDTH = 800


def nested_node_count(depth):
    """1 + 10 + ... + 10**depth: 1,111 nodes at depth 3, 11,111 at 4, 111,111 at 5."""
    return sum(NESTED_FAN_OUT ** level for level in range(depth + 1))


def build_nested(depth, make_container, make_leaf, append):
    """Builds the nested workload's tree, as FlexBenchmarks.swift does, with a peer's node calls.

    Every container has ten children, down to `depth` levels below the root. A container at an
    even level is a column, at an odd level a row with a column gap of 2; every node but the root
    grows (flex-grow 1). The root is 800 wide. Leaves have no width and a height of
    10 + (leaf number % 3), leaves numbered depth first.
    make_container(level, is_row, grows), make_leaf(height) and append(parent, child) are the
    peer's own calls.
    """
    leaves = [0]

    def build(level):
        if level == depth:
            height = 10 + leaves[0] % 3
            leaves[0] += 1
            return make_leaf(height)
        node = make_container(level, level % 2 == 1, level > 0)
        for _ in range(NESTED_FAN_OUT):
            append(node, build(level + 1))
        return node

    return build(0)


def best_time(run, minimum_runs=3, maximum_runs=20, budget=1.0):
    best = float("inf")
    total = 0.0
    runs = 0
    while runs < minimum_runs or (runs < maximum_runs and total < budget):
        elapsed = run()
        best = min(best, elapsed)
        total += elapsed
        runs += 1
    return best


def ahem_measure(words, known_width, known_height, available_width):
    """The conformance suite's text rule: 10x10 glyphs, breaks only between words."""
    glyph = 10.0
    longest = max(words) * glyph
    total = sum(words) * glyph
    if known_width is not None:
        inline = max(known_width, longest)
    elif available_width is None:
        inline = total
    else:
        inline = max(min(available_width, total), longest)
    if known_height is not None:
        return inline, known_height
    per_line = int(inline // glyph)
    lines, current = 1, 0
    for word in words:
        if current + word > per_line:
            if current > 0:
                lines += 1
            current = word
        else:
            current += word
    return inline, lines * glyph


def text_words(index):
    """The words of text leaf `index` (glyph counts)."""
    return [3 + (index + k) % 5 for k in range(4 + index % 6)]


def emit(result):
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
