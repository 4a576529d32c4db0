"""Prints the installed kiwisolver version as {"version": "..."}."""
import json

import kiwisolver

print(json.dumps({"version": kiwisolver.__version__}))
