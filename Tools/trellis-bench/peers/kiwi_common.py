"""Shared helpers for the kiwisolver peers: read a system from standard input as JSON and
build it in kiwisolver, mapping UIKit priorities onto Kiwi strengths."""
import json
import signal
import sys

import kiwisolver


class TimeLimit(Exception):
    pass


def arm_time_limit(seconds):
    """Raise TimeLimit after `seconds` (checked between Python calls)."""
    def handler(signum, frame):
        raise TimeLimit()
    signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)


def disarm_time_limit():
    signal.setitimer(signal.ITIMER_REAL, 0)


def strength(priority):
    """Required stays required; an optional UIKit priority maps onto Kiwi's scale so that
    750 is strong, 500 medium and 250 weak, scaled in between."""
    if priority >= 1000:
        return kiwisolver.strength.required
    if priority >= 750:
        return kiwisolver.strength.strong * priority / 750
    if priority >= 500:
        return kiwisolver.strength.medium * priority / 500
    return kiwisolver.strength.weak * priority / 250


def read_system():
    return json.load(sys.stdin)


def build(system):
    """Returns (variables, constraints) for every copy of the system, not yet added."""
    count = system["variables"]
    copies = system.get("copies", 1)
    variables = [kiwisolver.Variable("v%d" % i) for i in range(count * copies)]
    constraints = []
    for copy in range(copies):
        offset = copy * count
        for terms, constant, relation, priority in system["constraints"]:
            expression = constant
            for index, coefficient in terms:
                expression = expression + coefficient * variables[offset + index]
            if relation == "==":
                c = expression == 0
            elif relation == "<=":
                c = expression <= 0
            else:
                c = expression >= 0
            constraints.append(c | strength(priority))
    return variables, constraints


def emit(result):
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
