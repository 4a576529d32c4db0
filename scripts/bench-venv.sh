#!/usr/bin/env bash
# Creates .bench-venv with the peer engines the benchmarks compare against, once.
set -euo pipefail
venv=.bench-venv
requirements=Tools/trellis-bench/peers/requirements.txt
stamp="$venv/.installed"
if [ -f "$stamp" ] && cmp -s "$stamp" "$requirements"; then exit 0; fi
python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q -r "$requirements"
cp "$requirements" "$stamp"
