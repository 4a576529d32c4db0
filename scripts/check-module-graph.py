#!/usr/bin/env python3
"""Checks Trellis' module graph against docs/ARCHITECTURE.md and the imports of every Swift file.

The targets, their folders and their dependencies come from `swift package dump-package` (or a
JSON file given with --package-json); the documented graph is the table between the markers
`<!-- module-graph:begin -->` and `<!-- module-graph:end -->` in docs/ARCHITECTURE.md, and the
diagram between `<!-- module-diagram:begin -->` and `<!-- module-diagram:end -->`.

It fails (exit status 1, one line per problem) when
  - a Swift file imports a target of this package that its own target does not declare as a
    dependency (system modules and modules from elsewhere are ignored), or imports a plugin
    target (a dynamic library, loaded with dlopen and never linked);
  - a target other than a test declares a dependency the table does not list, the table lists
    one that Package.swift does not declare, a target is missing from either, or its folder or
    kind differs;
  - a rule of the graph is broken (docs/ARCHITECTURE.md, "Rules of the graph");
  - the diagram has an arrow the table does not, or leaves out one that no path implies.
Test targets may depend on anything; each of their imports must be a declared dependency or one
that a declared dependency is built from.

Usage:
  scripts/check-module-graph.py                     check the package in this repository
  scripts/check-module-graph.py --package-json F    check the dump-package JSON in F instead
  scripts/check-module-graph.py --mermaid           print the diagram the table implies

Exit status: 0 when everything agrees, 1 when something does not, 2 when the check cannot run.
Needs Python 3.8 or later and nothing else (and the Swift toolchain unless --package-json).
"""

import argparse
import json
import os
import re
import subprocess
import sys

GRAPH_BEGIN = "<!-- module-graph:begin -->"
GRAPH_END = "<!-- module-graph:end -->"
DIAGRAM_BEGIN = "<!-- module-diagram:begin -->"
DIAGRAM_END = "<!-- module-diagram:end -->"

# Modules that are not targets of this package and are never checked, whatever imports them.
SYSTEM_MODULES = {
    "Glibc", "Musl", "Darwin", "Foundation", "FoundationEssentials", "FoundationXML",
    "FoundationNetworking", "Synchronization", "Dispatch", "Testing", "XCTest", "_Concurrency",
    "Swift", "PackageDescription",
}

# The kinds a documented target may have (docs/ARCHITECTURE.md, "The module graph").
KINDS = {
    "library", "testing", "example", "plugin-kit", "renderer", "plugin", "tool", "c",
    "test-support",
}

# What the backend side (plugin kit, renderers, plugins) must never reach, even through
# another target: the host.
HOST_ONLY = ["TrellisRender", "TrellisViews", "TrellisEvents", "TrellisLayout", "Trellis"]
BACKEND_KINDS = {"plugin-kit", "renderer", "plugin"}
# The one target that calls C through libffi.
FFI_MODULE = "CFFI"
FFI_USER = "TrellisRender"
# The module no other module may re-export: what a backend links is not the host's API.
KIT_MODULE = "TrellisPluginKit"
# The facade, which re-exports every library it depends on.
FACADE = "Trellis"
# The linker version script every plugin is linked with, so that it exports one symbol.
EXPORTS_MAP = "Plugins/plugin-exports.map"

IMPORT = re.compile(
    r"^(?P<prefix>(?:\s*(?:@[A-Za-z_][A-Za-z0-9_]*(?:\([^)]*\))?"
    r"|public|package|internal|fileprivate|private|open))*)"
    r"\s*import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func|actor)\s+)?"
    r"(?P<module>[A-Za-z_][A-Za-z0-9_]*)"
)


STRING_START = re.compile(r'(#*)("""|")')


class CheckError(Exception):
    """A reason the check cannot run at all (exit status 2)."""


# MARK: - Swift sources


def code_lines(text):
    """Yields (line number, code) for each line of Swift source, with comments and the contents
    of string literals blanked out, so that only real `import` statements match."""
    depth = 0  # block comment nesting
    multiline = None  # the closing delimiter of an open multi-line string, such as '"""#'
    for number, line in enumerate(text.split("\n"), start=1):
        out = []
        i = 0
        n = len(line)
        single = None  # the closing delimiter of an open single-line string
        while i < n:
            if depth:
                if line.startswith("/*", i):
                    depth += 1
                    i += 2
                elif line.startswith("*/", i):
                    depth -= 1
                    i += 2
                else:
                    i += 1
                continue
            if multiline:
                if line.startswith(multiline, i):
                    i += len(multiline)
                    multiline = None
                    out.append('""')
                elif line[i] == "\\" and not multiline.endswith("#"):
                    i += 2
                else:
                    i += 1
                continue
            if single:
                if line.startswith(single, i):
                    i += len(single)
                    single = None
                    out.append('""')
                elif line[i] == "\\" and not single.endswith("#"):
                    i += 2
                else:
                    i += 1
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                depth = 1
                i += 2
                continue
            m = STRING_START.match(line, i) if line[i] in '#"' else None
            if m:
                hashes, quote = m.group(1), m.group(2)
                i += len(m.group(0))
                if quote == '"""':
                    multiline = '"""' + hashes
                else:
                    single = '"' + hashes
                continue
            out.append(line[i])
            i += 1
        yield number, "".join(out)


def swift_imports(text):
    """Yields (line number, module, is re-exported) for each import statement."""
    for number, code in code_lines(text):
        for statement in code.split(";"):
            m = IMPORT.match(statement)
            if m:
                yield number, m.group("module"), "@_exported" in m.group("prefix")


# MARK: - The package


def load_package(args, root):
    if args.package_json:
        try:
            with open(args.package_json, encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError) as error:
            raise CheckError("cannot read %s: %s" % (args.package_json, error))
    command = [args.swift, "package", "--package-path", root, "dump-package"]
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as error:
        raise CheckError(
            "cannot run %s (%s); install the Swift toolchain or pass --package-json FILE"
            % (args.swift, error.strerror))
    if result.returncode != 0:
        raise CheckError(
            "%s failed:\n%s" % (" ".join(command), result.stderr.decode("utf-8", "replace")))
    try:
        return json.loads(result.stdout.decode("utf-8"))
    except ValueError as error:
        raise CheckError("swift package dump-package printed no JSON: %s" % error)


class Target:
    def __init__(self, name, type, path, dependencies, exclude, sources, settings):
        self.name = name
        self.type = type
        self.path = path
        self.dependencies = dependencies
        self.exclude = exclude
        self.sources = sources
        self.settings = settings
        self.is_plugin = False


def dependency_name(entry):
    """The target a dump-package dependency names, or None for a product of another package."""
    for key in ("target", "byName"):
        if key in entry and entry[key]:
            return entry[key][0]
    return None


def parse_package(package):
    targets = {}
    for raw in package.get("targets", []):
        kind = raw.get("type", "regular")
        path = raw.get("path")
        if not path:
            base = "Tests" if kind == "test" else ("Plugins" if kind == "plugin" else "Sources")
            path = "%s/%s" % (base, raw["name"])
        dependencies = []
        for entry in raw.get("dependencies", []):
            name = dependency_name(entry)
            if name and name not in dependencies:
                dependencies.append(name)
        targets[raw["name"]] = Target(
            raw["name"], kind, os.path.normpath(path), dependencies, raw.get("exclude") or [],
            raw.get("sources"), raw.get("settings") or [])
    for product in package.get("products", []):
        library = product.get("type", {}).get("library")
        if library and "dynamic" in library:
            for name in product.get("targets", []):
                if name in targets:
                    targets[name].is_plugin = True
    return targets


def package_kind(target):
    """What Package.swift alone says a target is: test, tool, plugin, c, or None."""
    if target.type == "test":
        return "test"
    if target.type == "executable":
        return "tool"
    if target.is_plugin:
        return "plugin"
    if target.type == "system":
        return "c"
    return None


def swift_files(root, target, all_targets):
    """The Swift files of a target, relative to the root, without its excluded paths and without
    folders that belong to another target."""
    base = os.path.join(root, target.path)
    other_roots = {
        os.path.normpath(os.path.join(root, t.path))
        for t in all_targets.values() if t.name != target.name
    }
    excluded = {os.path.normpath(os.path.join(base, e)) for e in target.exclude}
    if target.sources is not None:
        starts = [os.path.normpath(os.path.join(base, s)) for s in target.sources]
    else:
        starts = [base]
    files = []
    for start in starts:
        if os.path.isfile(start):
            if start.endswith(".swift") and start not in excluded:
                files.append(start)
            continue
        for directory, subdirectories, names in os.walk(start):
            subdirectories[:] = sorted(
                d for d in subdirectories
                if os.path.join(directory, d) not in excluded
                and os.path.join(directory, d) not in other_roots)
            for name in sorted(names):
                path = os.path.join(directory, name)
                if name.endswith(".swift") and path not in excluded:
                    files.append(path)
    return [os.path.relpath(f, root) for f in files]


# MARK: - The documented graph


def read_documented_graph(doc_path, doc_name):
    try:
        with open(doc_path, encoding="utf-8") as f:
            text = f.read()
    except OSError as error:
        raise CheckError("cannot read %s: %s" % (doc_name, error.strerror))
    block = between(text, GRAPH_BEGIN, GRAPH_END, doc_name)
    documented = {}
    order = []
    problems = []
    rows = [line.strip() for line in block.split("\n") if line.strip().startswith("|")]
    if len(rows) < 3:
        raise CheckError("%s: the module graph table has no rows" % doc_name)
    header = [cell.lower() for cell in split_row(rows[0])]
    expected = ["target", "kind", "folder", "depends on"]
    if header != expected:
        raise CheckError(
            "%s: the module graph table's columns are %s; the check reads %s"
            % (doc_name, " | ".join(header), " | ".join(expected)))
    for row in rows[2:]:
        cells = split_row(row)
        if len(cells) != 4:
            problems.append("%s: the module graph row '%s' has %d cells, not 4"
                            % (doc_name, row, len(cells)))
            continue
        name, kind, folder, depends = cells
        if kind not in KINDS:
            problems.append("%s: %s has the kind '%s'; the kinds are %s"
                            % (doc_name, name, kind, ", ".join(sorted(KINDS))))
        if name in documented:
            problems.append("%s: %s is listed twice in the module graph" % (doc_name, name))
            continue
        dependencies = []
        if depends not in ("", "-", "—", "–"):
            for dependency in re.split(r"[,\s]+", depends):
                if dependency and dependency not in dependencies:
                    dependencies.append(dependency)
        documented[name] = {
            "kind": kind, "path": os.path.normpath(folder), "dependencies": dependencies,
        }
        order.append(name)
    for name in order:
        for dependency in documented[name]["dependencies"]:
            if dependency not in documented:
                problems.append(
                    "%s: the module graph has %s → %s, but %s has no row of its own"
                    % (doc_name, name, dependency, dependency))
    diagram = between(text, DIAGRAM_BEGIN, DIAGRAM_END, doc_name)
    return documented, order, diagram, problems


def between(text, begin, end, doc_name):
    start = text.find(begin)
    stop = text.find(end, start + 1)
    if start < 0 or stop < 0:
        raise CheckError("%s has no block between %s and %s" % (doc_name, begin, end))
    return text[start + len(begin):stop]


def split_row(row):
    cells = row.strip().strip("|").split("|")
    return [cell.replace("`", "").strip() for cell in cells]


def diagram_edges(block, names):
    """The arrows of a mermaid flowchart, by target name (ids are names with every character
    other than letters, digits and underscores replaced by an underscore)."""
    by_id = {mermaid_id(name): name for name in names}
    edges = set()
    unknown = set()
    for line in block.split("\n"):
        line = line.split("%%")[0]
        parts = re.split(r"\s*(?:-->|-\.->)\s*", line.strip())
        if len(parts) < 2:
            continue
        ids = [re.match(r"[A-Za-z0-9_]*", part).group(0) for part in parts]
        for source, destination in zip(ids, ids[1:]):
            for node in (source, destination):
                if node not in by_id:
                    unknown.add(node)
            if source in by_id and destination in by_id:
                edges.add((by_id[source], by_id[destination]))
    return edges, unknown


def mermaid_id(name):
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


# MARK: - Graph helpers


def reachable(graph, start):
    seen = set()
    stack = list(graph.get(start, []))
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        stack.extend(graph.get(node, []))
    return seen


def find_cycle(graph):
    state = {}
    path = []

    def visit(node):
        state[node] = 1
        path.append(node)
        for next_node in graph.get(node, []):
            if state.get(next_node) == 1:
                return path[path.index(next_node):] + [next_node]
            if next_node not in state:
                found = visit(next_node)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def diagram_nodes(documented):
    return [n for n in documented if documented[n]["kind"] not in ("c", "test-support")]


def reduction(documented, order):
    """The arrows among the diagram's nodes that no longer path implies.

    For a host target, a path through the plugin kit implies nothing: the host uses the kit for
    its in-process backend alone, so the host's own arrows to the shared formats stay drawn."""
    nodes = set(diagram_nodes(documented))
    graph = {n: [d for d in documented[n]["dependencies"] if d in nodes] for n in nodes}
    host_view = {
        n: ([] if documented[n]["kind"] == "plugin-kit" else deps) for n, deps in graph.items()
    }
    edges = []
    for source in order:
        if source not in nodes:
            continue
        view = graph if documented[source]["kind"] in BACKEND_KINDS else host_view
        for destination in graph[source]:
            others = [d for d in graph[source] if d != destination]
            if not any(destination == o or destination in reachable(view, o) for o in others):
                edges.append((source, destination))
    return edges


GROUPS = [
    ("host", "Host: libraries linked into applications and tests", ["library", "testing"]),
    ("backend", "Backend side: linked into plugins", ["plugin-kit", "renderer"]),
    ("plugins", "Plugins: loaded with dlopen, never linked", ["plugin"]),
    ("programs", "Tools and examples", ["tool", "example"]),
]


def mermaid(documented, order):
    lines = ["```mermaid", "flowchart TB"]
    for group, title, kinds in GROUPS:
        members = [n for n in order if documented[n]["kind"] in kinds]
        if not members:
            continue
        lines.append('    subgraph %s["%s"]' % (group, title))
        for name in members:
            lines.append('        %s["%s"]' % (mermaid_id(name), name))
        lines.append("    end")
    for source, destination in reduction(documented, order):
        in_process = (documented[destination]["kind"] == "plugin-kit"
                      and documented[source]["kind"] not in BACKEND_KINDS)
        lines.append("    %s %s %s" % (
            mermaid_id(source), "-.->" if in_process else "-->", mermaid_id(destination)))
    lines.append("```")
    return "\n".join(lines)


# MARK: - The check


def check(root, package, documented, order, diagram, doc_name):
    problems = []
    targets = parse_package(package)
    manifest = "Package.swift"

    def kind_of(name):
        target = targets.get(name)
        if target is not None:
            kind = package_kind(target)
            if kind:
                return kind
        if name in documented:
            return documented[name]["kind"]
        return "library"

    # Targets and folders.
    for name, target in sorted(targets.items()):
        if target.type == "test":
            continue
        if name not in documented:
            problems.append(
                "%s: target %s (%s) is not in the module graph of %s"
                % (manifest, name, target.path, doc_name))
            continue
        entry = documented[name]
        if entry["path"] != target.path:
            problems.append(
                "%s: %s is in %s; the module graph of %s says %s"
                % (manifest, name, target.path, doc_name, entry["path"]))
        declared_kind = package_kind(target)
        if entry["kind"] in ("plugin", "tool") and declared_kind != entry["kind"]:
            problems.append(
                "%s: %s is documented as a %s, but Package.swift makes it %s"
                % (manifest, name, entry["kind"], describe_kind(declared_kind)))
        elif declared_kind in ("plugin", "tool") and entry["kind"] != declared_kind:
            problems.append(
                "%s: %s is %s in Package.swift, but documented as a %s"
                % (manifest, name, describe_kind(declared_kind), entry["kind"]))
    for name in order:
        if name not in targets:
            problems.append(
                "%s: the module graph lists %s (%s), which is not a target of Package.swift"
                % (doc_name, name, documented[name]["path"]))
        elif targets[name].type == "test":
            problems.append(
                "%s: the module graph lists %s, a test target; test targets are not documented"
                % (doc_name, name))

    # Arrows, both ways, for targets that are on both sides.
    declared_arrows = 0
    for name, target in sorted(targets.items()):
        if target.type == "test":
            continue
        declared_arrows += len(target.dependencies)
        if name not in documented:
            continue
        for dependency in target.dependencies:
            if dependency not in documented[name]["dependencies"]:
                problems.append(
                    "%s: %s depends on %s; the module graph of %s has no such arrow"
                    % (manifest, name, dependency, doc_name))
    for name in order:
        target = targets.get(name)
        if target is None or target.type == "test":
            continue
        for dependency in documented[name]["dependencies"]:
            if dependency not in target.dependencies:
                problems.append(
                    "%s: the module graph has %s → %s, which Package.swift does not declare"
                    % (doc_name, name, dependency))

    # Rules, on the declared arrows and on the documented ones.
    declared_graph = {n: list(t.dependencies) for n, t in targets.items()}
    documented_graph = {n: list(e["dependencies"]) for n, e in documented.items()}
    rule_problems = {}
    for origin, graph in ((manifest, declared_graph), (doc_name, documented_graph)):
        cycle = find_cycle(graph)
        if cycle:
            rule_problems.setdefault(
                "the graph has a cycle: %s" % " → ".join(cycle), []).append(origin)
        for message in rule_violations(graph, kind_of):
            rule_problems.setdefault(message, []).append(origin)
    for message, origins in sorted(rule_problems.items()):
        where = " and ".join(origins) if len(origins) > 1 else origins[0]
        problems.append("%s: %s" % (where, message))

    # Plugins are linked with the version script that exports their one symbol.
    for name, target in sorted(targets.items()):
        if target.is_plugin and not links_exports_map(target):
            problems.append(
                "%s: plugin %s is not linked with --version-script=…/%s, so it may export "
                "more than trellis_plugin_manifest" % (manifest, name, EXPORTS_MAP))

    # Imports, reported in file order.
    import_problems = []
    files_checked = 0
    for name, target in sorted(targets.items()):
        if target.type in ("system", "binary", "plugin", "macro"):
            continue
        declared = set(target.dependencies)
        if target.type == "test":
            # A test target may import what the modules it declares are built from.
            pending = list(declared)
            while pending:
                dependency = pending.pop()
                for further in getattr(targets.get(dependency), "dependencies", []):
                    if further not in declared:
                        declared.add(further)
                        pending.append(further)
        exported = set()
        undeclared = {}  # module -> [(path, line)], reported once per module
        for path in swift_files(root, target, targets):
            files_checked += 1
            try:
                with open(os.path.join(root, path), encoding="utf-8") as f:
                    text = f.read()
            except (OSError, UnicodeDecodeError) as error:
                import_problems.append("%s: cannot read it: %s" % (path, error))
                continue
            for line, module, is_exported in swift_imports(text):
                if is_exported:
                    exported.add(module)
                if module in SYSTEM_MODULES or module not in targets or module == name:
                    continue
                if targets[module].is_plugin:
                    import_problems.append(
                        "%s:%d: %s imports %s, a plugin target; plugins are loaded with dlopen "
                        "at run time, never imported or linked" % (path, line, name, module))
                elif module not in declared:
                    undeclared.setdefault(module, []).append((path, line))
                if module == FFI_MODULE and name != FFI_USER:
                    import_problems.append(
                        "%s:%d: %s imports %s; only %s calls C through libffi"
                        % (path, line, name, module, FFI_USER))
                if module == KIT_MODULE and is_exported:
                    import_problems.append(
                        "%s:%d: %s re-exports %s (@_exported); what a backend links is not "
                        "part of the host's API" % (path, line, name, module))
        for module, places in sorted(undeclared.items()):
            path, line = places[0]
            others = len({p for p, _ in places}) - 1
            more = "" if others == 0 else " (and %d more file%s)" % (
                others, "" if others == 1 else "s")
            import_problems.append(
                "%s:%d: %s imports %s, which it does not declare as a dependency in "
                "Package.swift%s" % (path, line, name, module, more))
        if name == FACADE:
            for dependency in target.dependencies:
                if kind_of(dependency) == "library" and dependency not in exported:
                    import_problems.append(
                        "%s: %s depends on %s but does not re-export it "
                        "(@_exported public import %s)"
                        % (target.path, name, dependency, dependency))

    problems += sorted(import_problems, key=import_sort_key)

    # The diagram.
    names = diagram_nodes(documented)
    edges, unknown = diagram_edges(diagram, documented)
    for node in sorted(unknown):
        problems.append("%s: the diagram has a node %s that is not in the module graph table"
                        % (doc_name, node))
    node_set = set(names)
    drawn = {}
    for source, destination in edges:
        drawn.setdefault(source, []).append(destination)
        if source not in node_set or destination not in node_set:
            problems.append("%s: the diagram draws %s → %s, but it leaves out C modules and "
                            "test support" % (doc_name, source, destination))
        elif destination not in documented[source]["dependencies"]:
            problems.append("%s: the diagram draws %s → %s, which the table does not list"
                            % (doc_name, source, destination))
    for source in names:
        for destination in documented[source]["dependencies"]:
            if destination in node_set and destination not in reachable(drawn, source):
                problems.append(
                    "%s: the diagram has no path %s → %s (an arrow of the table); print it "
                    "again with scripts/check-module-graph.py --mermaid"
                    % (doc_name, source, destination))

    non_test = [n for n, t in targets.items() if t.type != "test"]
    return problems, len(non_test), declared_arrows, files_checked


def import_sort_key(problem):
    """Sorts `path:line: message` by path, then line."""
    m = re.match(r"([^:]*):(\d+):", problem)
    return (m.group(1), int(m.group(2)), problem) if m else (problem, 0, problem)


def describe_kind(kind):
    return {
        "plugin": "a plugin (the target of a dynamic library product)",
        "tool": "an executable",
        "test": "a test target",
        "c": "a system library",
        None: "a regular target",
    }[kind]


def rule_violations(graph, kind_of):
    """The arrows of a graph that break a rule of docs/ARCHITECTURE.md, as messages."""
    messages = []
    for source in sorted(graph):
        source_kind = kind_of(source)
        if source_kind == "test":
            continue
        for destination in graph[source]:
            destination_kind = kind_of(destination)
            if source_kind == "library" and destination_kind in ("renderer", "plugin"):
                messages.append(
                    "%s → %s: a library module never depends on a %s"
                    % (source, destination, destination_kind))
            elif destination_kind == "plugin" and source_kind != "tool":
                messages.append(
                    "%s → %s: only tests and tools depend on a plugin target"
                    % (source, destination))
            if destination == FFI_MODULE and source != FFI_USER:
                messages.append(
                    "%s → %s: only %s calls C through libffi" % (source, destination, FFI_USER))
        if source_kind in BACKEND_KINDS:
            # Each arrow that leads into the host is reported once, where it leaves the backend
            # side: an arrow to another backend target is that target's problem.
            for destination in graph[source]:
                if destination in HOST_ONLY:
                    reached = [destination]
                elif kind_of(destination) in BACKEND_KINDS:
                    continue
                else:
                    reach = reachable(graph, destination)
                    reached = [h for h in HOST_ONLY if h in reach]
                if reached:
                    via = "" if reached == [destination] else ", which reaches %s" % (
                        ", ".join(reached))
                    messages.append(
                        "%s → %s%s: the plugin kit, renderers and plugins never reach the host"
                        % (source, destination, via))
    return messages


def links_exports_map(target):
    for setting in target.settings:
        if setting.get("tool") != "linker":
            continue
        flags = setting.get("kind", {}).get("unsafeFlags", {}).get("_0", [])
        for flag in flags:
            if flag.startswith("--version-script=") and flag.endswith(EXPORTS_MAP):
                return True
    return False


def main():
    parser = argparse.ArgumentParser(
        description="Check the module graph against docs/ARCHITECTURE.md and every import.")
    parser.add_argument("--package-json", metavar="FILE",
                        help="read this `swift package dump-package` output instead of running it")
    parser.add_argument("--root", metavar="DIR",
                        help="the package's directory (default: this script's repository)")
    parser.add_argument("--doc", metavar="FILE", default="docs/ARCHITECTURE.md",
                        help="the document holding the graph, relative to the root")
    parser.add_argument("--swift", metavar="PATH", default="swift",
                        help="the swift command (default: swift)")
    parser.add_argument("--mermaid", action="store_true",
                        help="print the diagram the documented table implies, and exit")
    args = parser.parse_args()
    root = os.path.abspath(
        args.root or os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
    doc_name = args.doc
    try:
        documented, order, diagram, problems = read_documented_graph(
            os.path.join(root, args.doc), doc_name)
        if args.mermaid:
            print(mermaid(documented, order))
            return 0
        package = load_package(args, root)
        found, targets, arrows, _ = check(root, package, documented, order, diagram, doc_name)
        problems += found
    except CheckError as error:
        print("check-module-graph: %s" % error, file=sys.stderr)
        return 2
    if problems:
        for problem in problems:
            print(problem)
        print("module graph: %d problem%s" % (len(problems), "" if len(problems) == 1 else "s"),
              file=sys.stderr)
        return 1
    print("module graph: %d targets, %d arrows, all documented" % (targets, arrows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
