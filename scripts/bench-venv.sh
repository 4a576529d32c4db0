#!/usr/bin/env bash
# Creates .bench-venv with the peer engines the benchmarks compare against, once, and builds
# the native Kiwi peer (.bench-venv/bin/kiwi-native) from the headers of the pinned kiwisolver
# source distribution, and the launcher that runs the benchmark's child processes
# (.bench-venv/bin/run-measured: each child's own peak memory, see its source).
set -euo pipefail
venv=.bench-venv
requirements=Tools/trellis-bench/peers/requirements.txt
native_source=Tools/trellis-bench/peers/kiwi_native.cpp
stamp="$venv/.installed"
if ! { [ -f "$stamp" ] && cmp -s "$stamp" "$requirements"; }; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --upgrade pip
    "$venv/bin/pip" install -q -r "$requirements"
    cp "$requirements" "$stamp"
fi

# The kiwisolver version pinned in the requirements; its sdist ships Kiwi's C++ headers.
kiwi_version=$(sed -n 's/^kiwisolver==\([^ ]*\).*/\1/p' "$requirements")
if [ -z "$kiwi_version" ]; then
    echo "error: $requirements must pin kiwisolver==<version>" >&2
    exit 1
fi
headers="$venv/kiwi-src/kiwisolver-$kiwi_version"
if [ ! -f "$headers/kiwi/kiwi.h" ]; then
    mkdir -p "$venv/kiwi-src"
    "$venv/bin/pip" download -q --no-binary :all: --no-deps "kiwisolver==$kiwi_version" \
        -d "$venv/kiwi-src"
    tar -xzf "$venv/kiwi-src/kiwisolver-$kiwi_version.tar.gz" -C "$venv/kiwi-src" \
        "kiwisolver-$kiwi_version/kiwi" "kiwisolver-$kiwi_version/LICENSE"
fi
binary="$venv/bin/kiwi-native"
if [ ! -x "$binary" ] || [ "$native_source" -nt "$binary" ] || [ "$headers/kiwi/kiwi.h" -nt "$binary" ]; then
    g++ -std=c++17 -O2 -DNDEBUG -I "$headers" -o "$binary" "$native_source"
fi

launcher="$venv/bin/run-measured"
launcher_source=Tools/trellis-bench/launcher/run_measured.c
if [ ! -x "$launcher" ] || [ "$launcher_source" -nt "$launcher" ]; then
    gcc -std=c11 -O2 -Wall -Wextra -Werror -o "$launcher" "$launcher_source"
fi
