"""Shrinks a tree on which Trellis and Chromium disagree, keeping the disagreement.

Usage:
    reduce.py SET SEED [--fixtures DIRECTORY] [--package-path PATH] [--same-node] [--numbers]
    reduce.py --tree FILE [--package-path PATH] [--same-node] [--numbers]

Starts from the recorded tree SEED of SET (core or extended) in DIRECTORY (the committed
fixtures by default), or from the tree (trees.py's format, frames not needed) in FILE. Each
round makes every candidate one step smaller than the current tree (a child removed with its
subtree, a node's children removed, all of a node's style properties or one of them removed;
with `--numbers`, also a list of edges made one value, a number halved or rounded), lays all
of them out in one headless Chromium run
(conformance.py), and lays them out with Trellis in one run of
`ChromiumConformanceTests.customFixtureFile` (`swift test --skip-build`, with
FLEX_CONFORMANCE_FILE naming the candidates; build the tests first). The first candidate on
which they still disagree becomes the current tree; the reduction ends when none does. With
`--same-node`, a candidate must disagree at the same node path and on the same property
(x, y, width or height) as the starting tree, so that the reduction keeps one cause.

Prints the reduced tree as JSON, its HTML (the page conformance.py writes, without the script)
and both engines' frames node by node. PATH is the Swift package to test (the repository by
default).
"""

import argparse
import copy
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import conformance  # noqa: E402

RESULT = re.compile(r"^\s*FILE (\d+) (agrees|DIFF (\S+)\.(x|y|width|height) is .*)$")


def candidates(tree, numbers):
    """Every tree one step smaller than `tree`, the largest steps first; with `numbers`, also
    with one number or list of edges made simpler."""
    paths = []

    def walk(node, path):
        paths.append(path)
        for index, child in enumerate(node["c"]):
            walk(child, path + [index])

    walk(tree, [])

    def at(root, path):
        for index in path:
            root = root["c"][index]
        return root

    removals, clears, bare, styles = [], [], [], []
    for path in paths:
        node = at(tree, path)
        removable = [name for name in node["s"] if path or name != "width"]
        if len(removable) > 1:
            candidate = copy.deepcopy(tree)
            for name in removable:
                del at(candidate, path)["s"][name]
            bare.append(candidate)
        if path:
            candidate = copy.deepcopy(tree)
            del at(candidate, path[:-1])["c"][path[-1]]
            removals.append(candidate)
        if node["c"]:
            candidate = copy.deepcopy(tree)
            at(candidate, path)["c"] = []
            clears.append(candidate)
        for name, value in node["s"].items():
            if not path and name == "width":
                continue  # the harness needs the root's width
            candidate = copy.deepcopy(tree)
            del at(candidate, path)["s"][name]
            styles.append(candidate)
            for simpler in simpler_values(value) if numbers else []:
                candidate = copy.deepcopy(tree)
                at(candidate, path)["s"][name] = simpler
                styles.append(candidate)
    return clears + removals + bare + styles


def simpler_values(value):
    if isinstance(value, list):
        return [value[0]]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        result = []
        if value != int(value):
            result.append(int(value))
        elif abs(value) >= 2:
            result.append(int(value) // 2)
        return result
    return []


def strip(tree):
    tree = copy.deepcopy(tree)
    for node in conformance.nodes(tree):
        node.pop("f", None)
    return tree


def trellis(tree_list, package_path):
    """One Trellis run over the trees: per tree, None when it agrees, else (path, property)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump({"trees": tree_list}, file)
        name = file.name
    try:
        environment = dict(os.environ, FLEX_CONFORMANCE_FILE=name)
        command = ["swift", "test", "--skip-build", "--package-path", package_path,
                   "--filter", "ChromiumConformanceTests/customFixtureFile"]
        output = subprocess.run(command, env=environment, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT).stdout.decode("utf-8", "replace")
    finally:
        os.unlink(name)
    results = {}
    for line in output.splitlines():
        match = RESULT.match(line)
        if match:
            index = int(match.group(1))
            results[index] = None if match.group(2) == "agrees" else (match.group(3),
                                                                      match.group(4))
    if len(results) != len(tree_list):
        sys.exit("Trellis reported %d trees of %d:\n%s" % (len(results), len(tree_list), output))
    return [results[index] for index in range(len(tree_list))]


def lay_out(tree_list, package_path):
    frames = conformance.chromium_frames(tree_list)
    for tree, tree_frames in zip(tree_list, frames):
        conformance.attach(tree, tree_frames)
    return trellis(tree_list, package_path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("set", nargs="?")
    parser.add_argument("seed", nargs="?", type=int)
    parser.add_argument("--tree")
    parser.add_argument("--fixtures", default=conformance.DEFAULT_OUT)
    parser.add_argument("--package-path", default=conformance.ROOT)
    parser.add_argument("--same-node", action="store_true")
    parser.add_argument("--numbers", action="store_true")
    arguments = parser.parse_args()
    if arguments.tree:
        with open(arguments.tree, encoding="utf-8") as file:
            tree = json.load(file)
    elif arguments.set in conformance.SETS and arguments.seed is not None:
        tree = next((t for t in conformance.read_fixtures(arguments.fixtures)[arguments.set]
                     if t.get("seed") == arguments.seed), None)
        if tree is None:
            sys.exit("no tree with seed %d in %s" % (arguments.seed, arguments.set))
    else:
        parser.error("give SET and SEED, or --tree FILE")
    tree = strip(tree)
    tree.pop("seed", None)
    (target,) = lay_out([tree], arguments.package_path)
    if target is None:
        sys.exit("Trellis agrees with Chromium on this tree")
    print("disagrees at %s.%s" % target, file=sys.stderr)
    rounds = 0
    while True:
        trial = [strip(candidate) for candidate in candidates(tree, arguments.numbers)]
        if not trial:
            break
        results = lay_out(trial, arguments.package_path)
        chosen = next((candidate for candidate, result in zip(trial, results)
                       if result is not None
                       and (not arguments.same_node or result == target)), None)
        if chosen is None:
            break
        tree = chosen
        rounds += 1
        print("round %d: %d nodes" % (rounds, sum(1 for _ in conformance.nodes(tree))),
              file=sys.stderr)
    final = strip(tree)
    lay_out([tree], arguments.package_path)
    print(json.dumps(final))
    with tempfile.TemporaryDirectory() as directory:
        page = os.path.join(directory, "tree.html")
        conformance.write_page([final], page)
        with open(page, encoding="utf-8") as file:
            text = file.read()
        print(text[:text.find("<script>")] + "</body></html>")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump({"trees": [tree]}, file)
        name = file.name
    environment = dict(os.environ, FLEX_CONFORMANCE_FILE=name, FLEX_CONFORMANCE_SEED="0")
    output = subprocess.run(
        ["swift", "test", "--skip-build", "--package-path", arguments.package_path, "--filter",
         "ChromiumConformanceTests/customFixtureFile"], env=environment,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout.decode("utf-8", "replace")
    os.unlink(name)
    print("\n".join(line for line in output.splitlines()
                    if line.startswith("  file") or line.startswith("    ")
                    or "FILE" in line))


if __name__ == "__main__":
    main()
