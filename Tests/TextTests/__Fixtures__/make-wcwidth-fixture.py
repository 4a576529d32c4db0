#!/usr/bin/env python3
"""Writes wcwidth-ranges.txt: the width that PyPI's wcwidth gives each code point assigned in
Unicode 15.0, as runs of equal width, for TerminalWidthTests to compare against.

A fixture generator only: the tests read the file, never wcwidth. Run it from this directory
in a virtual environment with wcwidth installed (pip install wcwidth), with the Debian package
unicode-data installed for the list of assigned code points:

    python3 make-wcwidth-fixture.py /usr/share/unicode > wcwidth-ranges.txt
"""
import sys

import wcwidth


def assigned_code_points(ucd):
    """Code points whose general category in Unicode 15.0 is not Cn or Cs."""
    path = ucd + "/extracted/DerivedGeneralCategory.txt"
    for line in open(path, encoding="utf-8"):
        data = line.split("#")[0].strip()
        if not data:
            continue
        span, category = [field.strip() for field in data.split(";")]
        if category in ("Cn", "Cs"):
            continue
        bounds = span.split("..")
        for cp in range(int(bounds[0], 16), int(bounds[-1], 16) + 1):
            yield cp


def main():
    ucd = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
    print(f"# wcwidth {wcwidth.__version__} (Unicode {wcwidth.list_versions()[-1]}), "
          "wcwidth(chr(cp)) of every code point assigned in Unicode 15.0")
    print("# Format: first..last;width  (runs of consecutive assigned code points)")
    run = None
    for cp in sorted(assigned_code_points(ucd)):
        width = wcwidth.wcwidth(chr(cp))
        if run and cp == run[1] + 1 and width == run[2]:
            run[1] = cp
            continue
        if run:
            print(f"{run[0]:04X}..{run[1]:04X};{run[2]}")
        run = [cp, cp, width]
    if run:
        print(f"{run[0]:04X}..{run[1]:04X};{run[2]}")


if __name__ == "__main__":
    main()
