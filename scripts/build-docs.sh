#!/usr/bin/env bash
# Builds the DocC documentation of each module given as NAME:DIRECTORY (the catalog is
# DIRECTORY/NAME.docc) into docs-out/NAME, from the symbol graphs SwiftPM emits.
# Warnings are errors.
set -euo pipefail

# The dump also tries the test bundles, which have no module to load; the library graphs are
# written all the same, and each one is checked for below.
swift package dump-symbol-graph --minimum-access-level public >/dev/null 2>&1 || true
graphs="$(swift build --show-bin-path)/../symbolgraph"
[ -d "$graphs" ] || graphs=$(dirname "$(find .build -name '*.symbols.json' -path '*symbolgraph*' | head -n 1)")

mkdir -p docs-out
for spec in "$@"; do
    module=${spec%%:*}
    dir=${spec#*:}
    catalog="$dir/$module.docc"
    staging=$(mktemp -d)
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        echo "error: no symbol graph for $module in $graphs" >&2
        exit 1
    fi
    cp "$graphs/$module.symbols.json" "$staging/"
    cp "$graphs/$module"@*.symbols.json "$staging/" 2>/dev/null || true
    echo "docc: $module"
    docc convert "$catalog" \
        --additional-symbol-graph-dir "$staging" \
        --output-path "docs-out/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.trellis.$module" \
        --warnings-as-errors
    rm -rf "$staging"
done
