#!/usr/bin/python3
"""Reads a running Trellis application over AT-SPI, as a screen reader does.

Usage: atspi-probe.py APPLICATION-NAME [SECONDS]

Finds the application on the accessibility bus's desktop (waiting up to SECONDS, 10 by
default), prints its tree depth first, one object a line:

    <indent><role name> "<name>" [<states>]

then, in the same order, a line for each object with AT-SPI's Value interface,

    VALUE <role name> "<name>" min=<minimum> max=<maximum> step=<minimum increment> current=<value>

and one for each object with the Text interface, its character count, its text (GetText) and
the word at offset 0 (GetTextAtOffset, word-start boundary),

    TEXT <role name> "<name>" count=<characters> text="<text>" word="<word>"

then `LISTENING` and waits for the first `object:state-changed:focused` event with detail 1
from the application, which it prints as `FOCUS <role name> "<name>"` before it exits 0.
It exits 1 with a message on standard error when the application or the event does not come
in time. Run it with the system's Python (Debian's python3-pyatspi) inside the session whose
bus the application uses.
"""

import json
import sys
import time

import pyatspi
from gi.repository import GLib


def find_application(name, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            child = desktop.getChildAtIndex(index)
            if child is not None and child.name == name:
                return child
        time.sleep(0.1)
    return None


def states(accessible):
    return sorted(state.value_nick for state in accessible.getState().getStates())


def describe(accessible):
    return f"{accessible.getRoleName()} {json.dumps(accessible.name, ensure_ascii=False)}"


def number(value):
    return f"{value:g}"


def walk(accessible, depth, lines, extras):
    lines.append("  " * depth + describe(accessible) + " [" + ", ".join(states(accessible)) + "]")
    try:
        value = accessible.queryValue()
    except NotImplementedError:
        value = None
    if value is not None:
        extras.append(
            f"VALUE {describe(accessible)} min={number(value.minimumValue)} "
            f"max={number(value.maximumValue)} step={number(value.minimumIncrement)} "
            f"current={number(value.currentValue)}"
        )
    try:
        text = accessible.queryText()
    except NotImplementedError:
        text = None
    if text is not None:
        word = text.getTextAtOffset(0, pyatspi.TEXT_BOUNDARY_WORD_START)[0]
        extras.append(
            f"TEXT {describe(accessible)} count={text.characterCount} "
            f"text={json.dumps(text.getText(0, -1), ensure_ascii=False)} "
            f"word={json.dumps(word, ensure_ascii=False)}"
        )
    for index in range(accessible.childCount):
        walk(accessible.getChildAtIndex(index), depth + 1, lines, extras)


def main():
    name = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    application = find_application(name, seconds)
    if application is None:
        print(f"atspi-probe: no application named {name!r} on the desktop", file=sys.stderr)
        return 1
    lines = []
    extras = []
    walk(application, 0, lines, extras)
    print("\n".join(lines + extras), flush=True)

    found = []

    def on_focus(event):
        if event.detail1 != 1:
            return
        try:
            if event.source.getApplication().name != name:
                return
        except Exception:
            return
        found.append(describe(event.source))
        pyatspi.Registry.stop()

    def give_up():
        pyatspi.Registry.stop()
        return False

    pyatspi.Registry.registerEventListener(on_focus, "object:state-changed:focused")
    # The listener is registered with the registry once the main loop runs.
    GLib.timeout_add(200, lambda: print("LISTENING", flush=True) and False)
    GLib.timeout_add(int(seconds * 1000), give_up)
    pyatspi.Registry.start()
    if not found:
        print("atspi-probe: no focus event came", file=sys.stderr)
        return 1
    print("FOCUS " + found[0], flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
