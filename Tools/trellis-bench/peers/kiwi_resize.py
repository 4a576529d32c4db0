"""Times kiwisolver resizing a window: two suggestValue calls and one updateVariables per
resize, over the sizes given. The system is built and solved first, untimed. Prints
{"seconds_per_resize": best}."""
import time

import kiwisolver
from kiwi_common import build, emit, read_system, strength


def main():
    system = read_system()
    variables, constraints = build(system)
    solver = kiwisolver.Solver()
    width = variables[system["width"]]
    height = variables[system["height"]]
    solver.addEditVariable(width, strength(system["edit_priority"]))
    solver.addEditVariable(height, strength(system["edit_priority"]))
    for c in constraints:
        solver.addConstraint(c)
    solver.updateVariables()
    sizes = system["sizes"]
    loops = system.get("loops", 1000)
    suggest = solver.suggestValue
    update = solver.updateVariables
    best = None
    for run in range(system.get("runs", 5)):
        start = time.perf_counter()
        for _ in range(loops):
            for w, h in sizes:
                suggest(width, w)
                suggest(height, h)
                update()
        elapsed = (time.perf_counter() - start) / (loops * len(sizes))
        best = elapsed if best is None else min(best, elapsed)
    emit({"seconds_per_resize": best, "constraints": len(constraints) + 2})


main()
