"""Peer for the markup benchmark: Python's html.parser turning HTML into styled text runs.

Reads the markup on standard input, parses it with html.parser (character references
converted), keeps a stack of open elements and collects (text, open element names) runs, and
prints the best time of a few parses as JSON. Only the parse is timed.
"""
import json
import sys
import time
from html.parser import HTMLParser

VOID = {"br", "hr", "img", "input", "meta", "link", "wbr"}


class Collector(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.runs = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data):
        self.runs.append((data, tuple(name for name, _ in self.stack)))


def main():
    markup = sys.stdin.read()
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    best = float("inf")
    runs = 0
    for _ in range(repeats):
        start = time.perf_counter()
        collector = Collector()
        collector.feed(markup)
        collector.close()
        best = min(best, time.perf_counter() - start)
        runs = len(collector.runs)
    print(json.dumps({"seconds": best, "runs": runs}))


if __name__ == "__main__":
    main()
