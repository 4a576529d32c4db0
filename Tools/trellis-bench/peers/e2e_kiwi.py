"""End-to-end kiwisolver peer of `trellis layout` for constraint scenes.

Usage: e2e_kiwi.py SCENE.json

Does the whole job of `trellis layout` in one process: reads the scene file, parses its JSON and
its constraint strings, builds the system in kiwisolver, solves it once, and prints the frame of
every view with an id (root coordinates, document order, numbers rounded to three decimals). See
e2e_common.py.

The system is split into its independent subsystems, one kiwisolver Solver each: a container
whose size is fixed (the root, a framed view, a view no constraint places) starts its own; a
container placed by its container's constraints shares that solver, so that its own
constraints can size it. One solver for the whole tree gives the same frames, but kiwisolver's
every added constraint visits every row of its tableau (Solver::substitute), which makes one
solver quadratic in the size of the tree; Trellis's engine partitions its system too.

Views may have `id`, `frame`, `children` and `constraints` (plus drawing keys, ignored). The
semantics are Trellis's (docs/SCENES.md):
- A child named by a constraint of its container, without a `frame`, is placed by constraints:
  it gets four variables (left, top, width, height) in its container's coordinates. A named
  child with a `frame` keeps it: its variables are pinned to it by required constraints.
- `super` is the container: its left and top are 0; its width and height are its frame's (the
  root's are the canvas `size` unless it has a frame; an unframed view not placed by
  constraints is 0 x 0), or its own variables when its container places it by constraints.
- Views are plain views without intrinsic size: no hugging or compression-resistance
  constraints. leading is left and trailing right (left to right only); firstBaseline and
  lastBaseline are the bottom edge, as for a view without text.
- Priority 1000 is required; lower priorities map onto kiwi strengths as in kiwi_common.py
  (kiwi weighs strengths where Trellis orders priorities strictly, so conflicting optional
  constraints of different priorities may be resolved differently).
- Constraints are added in Trellis's order: containers in the order their views finish
  decoding (children before their container), each container's constraints in order.
"""

import re

import kiwisolver

from e2e_common import SceneError, emit_frames, is_number, read_scene, run
from kiwi_common import strength

_SPACE = r"[ \t]*"
_NAME = r"([A-Za-z_][A-Za-z0-9_]*)"
_NUMBER = r"((?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)"
_OPERAND = _NAME + _SPACE + r"\." + _SPACE + _NAME
# item.attr REL (  [-] k [* item.attr]  |  item.attr [* k]  ) [+ c | - c] [@priority]
CONSTRAINT = re.compile(
    _SPACE + _OPERAND + _SPACE + "(==|>=|<=)" + _SPACE
    + "(?:(-?)" + _SPACE + _NUMBER + "(?:" + _SPACE + r"\*" + _SPACE + _OPERAND + ")?"
    + "|" + _OPERAND + "(?:" + _SPACE + r"\*" + _SPACE + _NUMBER + ")?)"
    + "(?:" + _SPACE + "([+-])" + _SPACE + _NUMBER + ")?"
    + "(?:" + _SPACE + "@" + _SPACE + _NUMBER + ")?" + _SPACE)

HORIZONTAL = {"left", "right", "leading", "trailing", "width", "centerX"}
VERTICAL = {"top", "bottom", "height", "centerY", "firstBaseline", "lastBaseline"}
DIMENSIONS = {"width", "height"}
DIRECTIONAL = {"leading", "trailing"}
PHYSICAL = {"left", "right"}
MAXIMUM_MAGNITUDE = 1e12
SUPER = "super"  # the container, as an operand of a parsed constraint


def number(text, where):
    value = float(text)
    if value > MAXIMUM_MAGNITUDE:
        raise SceneError(where, "'%s' is not a usable number (at most 1e12)" % text)
    return value


def parse_constraint(text, where, items):
    """Parses one constraint string against the container's children by id: returns (first,
    attribute, relation, multiplier, second, attribute, constant, priority), items being views
    or SUPER (the container), second None for a constant alone. Rejects what Trellis rejects."""
    match = CONSTRAINT.fullmatch(text)
    if match is None:
        raise SceneError(where, "cannot parse \"%s\"; write a constraint like "
                         "'title.leading == image.trailing + 8 @750'" % text)
    (name1, attribute1, relation, negative, leading_number, name2a, attribute2a,
     name2b, attribute2b, trailing_number, sign, constant_text, priority_text) = match.groups()
    multiplier = 1.0
    constant = 0.0
    has_multiplier = False
    if leading_number is not None:
        value = number(leading_number, where) * (-1.0 if negative else 1.0)
        if name2a is not None:
            name2, attribute2, multiplier, has_multiplier = name2a, attribute2a, value, True
        else:
            name2 = attribute2 = None
            constant = value
            if sign is not None:
                raise SceneError(where, "unexpected text after the constraint in \"%s\"" % text)
    else:
        name2, attribute2 = name2b, attribute2b
        if trailing_number is not None:
            multiplier, has_multiplier = number(trailing_number, where), True
    if sign is not None:
        constant = number(constant_text, where) * (1.0 if sign == "+" else -1.0)
    priority = 1000.0
    if priority_text is not None:
        priority = float(priority_text)
        if not 1 <= priority <= 1000:
            raise SceneError(where, "priority %s is outside 1...1000" % priority_text)
    for attribute in (attribute1, attribute2):
        if attribute is not None and attribute not in HORIZONTAL and attribute not in VERTICAL:
            raise SceneError(where, "unknown attribute '%s' in \"%s\"" % (attribute, text))
    first = resolve(name1, items, where)
    if name2 is None:
        if attribute1 not in DIMENSIONS:
            raise SceneError(where, "a position (%s) cannot equal a constant" % attribute1)
        return first, attribute1, relation, 1.0, None, None, constant, priority
    second = resolve(name2, items, where)
    if (attribute1 in DIMENSIONS) != (attribute2 in DIMENSIONS):
        raise SceneError(where, "%s and %s mix a size and a position" % (attribute1, attribute2))
    if attribute1 not in DIMENSIONS and (attribute1 in HORIZONTAL) != (attribute2 in HORIZONTAL):
        raise SceneError(where, "%s is on a different axis from %s" % (attribute2, attribute1))
    if ({attribute1, attribute2} & DIRECTIONAL) and ({attribute1, attribute2} & PHYSICAL):
        raise SceneError(where, "leading and trailing cannot be related to left and right")
    if has_multiplier and attribute1 not in DIMENSIONS:
        raise SceneError(where, "a multiplier needs sizes (width, height), not positions")
    if has_multiplier and multiplier == 0:
        raise SceneError(where, "a multiplier of 0 removes the second item; use a constant")
    return first, attribute1, relation, multiplier, second, attribute2, constant, priority


def resolve(name, items, where):
    """SUPER (the container) or a child by id."""
    if name == "super":
        return SUPER
    child = items.get(name)
    if child is None:
        raise SceneError(where, "unknown item '%s'; known items are super and the container's "
                         "children by id" % name)
    return child


def check_view(raw, view, is_root):
    """Stores a view's `constraints` after checking that it is a list of strings."""
    constraints = raw.get("constraints")
    if constraints is None:
        return
    if not isinstance(constraints, list) or not all(isinstance(c, str) for c in constraints):
        raise SceneError(view.path + ".constraints", "expected a list of constraint strings")
    view.constraints = constraints


def parse_all(root):
    """Parses every container's constraints, children before their container (Trellis's
    order). Returns [(container, [(parsed, key path), ...])] and marks the children that
    constraints place: view.node becomes True for them until they get variables."""
    pending = []

    def visit(view):
        for child in view.children:
            visit(child)
        if view.constraints is None:
            return
        items = {child.id: child for child in view.children if child.id is not None}
        parsed = []
        base = view.path + ".constraints["
        for index, text in enumerate(view.constraints):
            where = "%s%d]" % (base, index)
            constraint = parse_constraint(text, where, items)
            parsed.append((constraint, where))
            for item in (constraint[0], constraint[4]):
                if item is not None and item is not SUPER and item.frame is None:
                    item.node = True
        pending.append((view, parsed))

    visit(root)
    return pending


def expression(slot, attribute):
    """An attribute of a slot (left, top, width, height: variables or numbers)."""
    left, top, width, height = slot
    if attribute == "left" or attribute == "leading":
        return left
    if attribute == "right" or attribute == "trailing":
        return left + width
    if attribute == "top":
        return top
    if attribute == "bottom" or attribute == "firstBaseline" or attribute == "lastBaseline":
        return top + height
    if attribute == "width":
        return width
    if attribute == "height":
        return height
    if attribute == "centerX":
        return left + 0.5 * width
    return top + 0.5 * height


def solver_owners(root):
    """For every view, the view whose solver holds its constraints: its own for a container
    whose size is fixed (the root, a framed view, a view no constraint places), its
    container's for a view placed by constraints (so that its constraints can size it)."""
    owners = {}
    stack = [(root, root)]
    while stack:
        view, parent_owner = stack.pop()
        owner = parent_owner if view.node is True else view
        owners[view] = owner
        for child in view.children:
            stack.append((child, owner))
    return owners


def solve(scene, pending):
    """Adds every constraint in order to its subsystem's solver, and solves them all."""
    owners = solver_owners(scene.root)
    solvers = {}
    required = kiwisolver.strength.required
    Variable = kiwisolver.Variable
    root_width, root_height = scene.root_size

    def slot(view, add):
        """The view's variables, made (and pinned when it has a frame) on first use."""
        node = view.node
        if node is None or node is True:
            node = (Variable(), Variable(), Variable(), Variable())
            if view.frame is not None:
                for variable, value in zip(node, view.frame):
                    add((variable == value) | required)
            view.node = node
        return node

    def super_slot(container, add):
        if container.frame is None and container.node is not None:  # placed by constraints
            _, _, width, height = slot(container, add)
            return (0.0, 0.0, width, height)
        if container is scene.root:
            return (0.0, 0.0, root_width, root_height)
        frame = container.frame
        return (0.0, 0.0, frame[2], frame[3]) if frame is not None else (0.0, 0.0, 0.0, 0.0)

    for container, parsed in pending:
        owner = owners[container]
        solver = solvers.get(owner)
        if solver is None:
            solver = solvers[owner] = kiwisolver.Solver()
        add = solver.addConstraint
        container_slot = super_slot(container, add)
        for (first, attribute1, relation, multiplier, second, attribute2, constant, priority), where in parsed:
            lhs = expression(container_slot if first is SUPER else slot(first, add), attribute1)
            if second is None:
                difference = lhs - constant
            else:
                rhs = expression(container_slot if second is SUPER else slot(second, add), attribute2)
                difference = lhs - (rhs * multiplier + constant)
            if is_number(difference):
                holds = {"==": difference == 0, ">=": difference >= 0, "<=": difference <= 0}[relation]
                if not holds and priority >= 1000:
                    raise SceneError(where, "unsatisfiable: it contradicts fixed frames")
                continue
            if relation == "==":
                constraint = difference == 0
            elif relation == ">=":
                constraint = difference >= 0
            else:
                constraint = difference <= 0
            try:
                add(constraint | strength(priority))
            except kiwisolver.UnsatisfiableConstraint:
                raise SceneError(where, "unsatisfiable: it conflicts with required constraints before it")
    for solver in solvers.values():
        solver.updateVariables()


def frames(scene):
    """Every identified view's frame in root coordinates, in document order."""
    root_width, root_height = scene.root_size
    result = []
    stack = [(scene.root, 0.0, 0.0, True)]
    while stack:
        view, origin_x, origin_y, is_root = stack.pop()
        node = view.node
        if is_root:
            x, y, width, height = 0.0, 0.0, root_width, root_height
        elif node is not None and view.frame is None:
            left, top, w, h = node
            x, y, width, height = origin_x + left.value(), origin_y + top.value(), w.value(), h.value()
        elif view.frame is not None:
            fx, fy, width, height = view.frame
            x, y = origin_x + fx, origin_y + fy
        else:
            x, y, width, height = origin_x, origin_y, 0.0, 0.0
        if view.id is not None:
            result.append((view.id, x, y, width, height))
        for child in reversed(view.children):
            stack.append((child, x, y, False))
    return result


def main(arguments):
    if len(arguments) != 1:
        raise SceneError("usage", "e2e_kiwi.py SCENE.json")
    scene = read_scene(arguments[0], ["constraints"], check_view)
    pending = parse_all(scene.root)
    solve(scene, pending)
    emit_frames(frames(scene))


if __name__ == "__main__":
    run(main)
