"""Times kiwisolver solving a system read from standard input: the addConstraint calls and one
updateVariables, with the Variable and Constraint objects built beforehand. Prints
{"seconds": best} or {"timeout": true} when one run exceeds the "limit" in seconds."""
import time

import kiwisolver
from kiwi_common import TimeLimit, arm_time_limit, build, disarm_time_limit, emit, read_system


def main():
    system = read_system()
    runs = system.get("runs", 3)
    limit = system.get("limit", 30.0)
    budget = system.get("budget", 2.0)
    best = None
    total = 0.0
    for run in range(runs):
        variables, constraints = build(system)
        solver = kiwisolver.Solver()
        add = solver.addConstraint
        arm_time_limit(limit)
        try:
            start = time.perf_counter()
            for c in constraints:
                add(c)
            solver.updateVariables()
            elapsed = time.perf_counter() - start
        except TimeLimit:
            emit({"timeout": True, "limit": limit})
            return
        finally:
            disarm_time_limit()
        best = elapsed if best is None else min(best, elapsed)
        total += elapsed
        if total > budget:
            break
    emit({"seconds": best, "constraints": len(constraints), "variables": len(variables)})


main()
