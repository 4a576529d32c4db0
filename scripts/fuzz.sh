#!/usr/bin/env bash
# Builds and runs a libFuzzer target for a bounded time.
#
#   scripts/fuzz.sh displaylist [SECONDS]
#   scripts/fuzz.sh markup [SECONDS]
#   scripts/fuzz.sh raster [SECONDS]
#   scripts/fuzz.sh scene [SECONDS]
#   scripts/fuzz.sh png [SECONDS]
#
# Each target compiles the modules it needs with -sanitize=fuzzer,address into fuzz-out/<target>
# and runs with the corpus in fuzz-out/<target>/corpus, seeded from Fuzz/<Target>/seeds.
set -euo pipefail

target=${1:?usage: scripts/fuzz.sh TARGET [SECONDS]}
seconds=${2:-300}
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/fuzz-out/$target"
mkdir -p "$out/modules" "$out/corpus" "$out/abi"
flags=(-parse-as-library -sanitize=fuzzer,address -O -g -swift-version 6 -package-name Trellis
       -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InternalImportsByDefault
       -I "$out/modules" -L "$out/modules")

# module NAME DIRECTORY [EXTRA SWIFTC ARGUMENTS...]: a static library and its module, from every
# Swift file under DIRECTORY.
module() {
    local name=$1 dir=$2
    shift 2
    swiftc "${flags[@]}" -emit-library -static -emit-module -module-name "$name" \
        -emit-module-path "$out/modules/$name.swiftmodule" -o "$out/modules/lib$name.a" \
        "$@" $(find "$root/$dir" -name '*.swift' | sort)
}

# The plugin ABI header as a Clang module.
cp "$root/Modules/CTrellisPluginABI/include/trellis_plugin.h" "$out/abi/"
printf 'module CTrellisPluginABI {\n    header "trellis_plugin.h"\n    export *\n}\n' \
    > "$out/abi/module.modulemap"

# A libFuzzer dictionary, for targets that have one.
dictionary=

# TrellisPNG's C libraries, zlib and libpng: their module maps and pkg-config's compiler flags
# (a static library does not carry the module maps' link lines: link with `pkg-config --libs`).
png_system=(-I "$root/Modules/CPNG" -I "$root/Modules/CZlib")
for package in libpng zlib; do
    for flag in $(pkg-config --cflags "$package"); do png_system+=(-Xcc "$flag"); done
done

case "$target" in
displaylist)
    module TrellisGeometry Modules/Geometry
    module TrellisCore Modules/Core
    module TrellisPluginKit Plugins/PluginKit -Xcc -I"$out/abi" -I "$out/abi"
    module TrellisText Modules/Text
    module TrellisTextRenderer Plugins/TextBackend/Renderer -I "$out/abi"
    module TrellisTerminalRenderer Plugins/TerminalBackend/Renderer -I "$out/abi"
    swiftc "${flags[@]}" -I "$out/abi" "$root/Fuzz/DisplayList/main.swift" \
        -lTrellisTerminalRenderer -lTrellisTextRenderer -lTrellisText -lTrellisPluginKit -lTrellisCore -lTrellisGeometry \
        -o "$out/fuzz"
    seeds="$root/Fuzz/DisplayList/seeds"
    ;;
markup)
    module TrellisGeometry Modules/Geometry
    module TrellisText Modules/Text
    module TrellisRichText Modules/RichText
    swiftc "${flags[@]}" "$root/Fuzz/Markup/main.swift" \
        -lTrellisRichText -lTrellisText -lTrellisGeometry -o "$out/fuzz"
    seeds="$root/Fuzz/Markup/seeds"
    ;;
raster)
    module TrellisGeometry Modules/Geometry
    module TrellisCore Modules/Core
    module TrellisPluginKit Plugins/PluginKit -Xcc -I"$out/abi" -I "$out/abi"
    module TrellisPNG Modules/PNG "${png_system[@]}"
    # The system libraries: their module maps and pkg-config's compiler flags.
    system=("${png_system[@]}")
    for name in CCairo CHarfBuzz CFreeType CFontconfig; do
        system+=(-I "$root/Modules/$name")
    done
    for package in cairo harfbuzz freetype2 fontconfig; do
        for flag in $(pkg-config --cflags "$package"); do system+=(-Xcc "$flag"); done
    done
    mapfile -t sources < <(find "$root/Plugins/RasterBackend/Renderer" -name '*.swift' | sort)
    swiftc "${flags[@]}" -enable-upcoming-feature InternalImportsByDefault \
        -emit-library -static \
        -emit-module -module-name TrellisRasterRenderer \
        -emit-module-path "$out/modules/TrellisRasterRenderer.swiftmodule" \
        -o "$out/modules/libTrellisRasterRenderer.a" -I "$out/abi" "${system[@]}" "${sources[@]}"
    swiftc "${flags[@]}" -I "$out/abi" "${system[@]}" "$root/Fuzz/Raster/main.swift" \
        -lTrellisRasterRenderer -lTrellisPNG -lTrellisPluginKit -lTrellisCore -lTrellisGeometry \
        -lFoundation -lFoundationEssentials -lswiftSynchronization -lcairo -lharfbuzz -lfreetype \
        -lfontconfig $(pkg-config --libs libpng zlib) -o "$out/fuzz"
    seeds="$root/Fuzz/Raster/seeds"
    ;;
scene)
    # Package.swift's module graph, in dependency order. Render reaches libffi through CFFI and
    # PNG libpng and zlib: their module maps, pkg-config's compiler flags, and the libraries at
    # link time (a static library does not carry the module maps' link lines).
    system=(-I "$out/abi" -Xcc -I"$out/abi" -I "$root/Modules/CFFI" "${png_system[@]}")
    for flag in $(pkg-config --cflags libffi); do system+=(-Xcc "$flag"); done
    module TrellisGeometry Modules/Geometry
    module TrellisCore Modules/Core
    module TrellisEvents Modules/Events
    module TrellisLayout Modules/Layout
    module TrellisText Modules/Text
    module TrellisRichText Modules/RichText
    module TrellisPNG Modules/PNG "${system[@]}"
    module TrellisPluginKit Plugins/PluginKit "${system[@]}"
    module TrellisTextRenderer Plugins/TextBackend/Renderer "${system[@]}"
    module TrellisRender Modules/Render "${system[@]}"
    module TrellisViews Modules/Views "${system[@]}"
    module TrellisGrid Modules/Grid "${system[@]}"
    module TrellisAccessibilityBus Modules/AccessibilityBus "${system[@]}"
    module TrellisTerminal Modules/Terminal "${system[@]}"
    module Trellis Modules/Trellis "${system[@]}"
    swiftc "${flags[@]}" "${system[@]}" "$root/Fuzz/Scene/main.swift" \
        -lTrellis -lTrellisTerminal -lTrellisAccessibilityBus -lTrellisGrid -lTrellisViews \
        -lTrellisRender \
        -lTrellisTextRenderer -lTrellisPluginKit -lTrellisCore -lTrellisPNG -lTrellisRichText \
        -lTrellisText -lTrellisLayout -lTrellisEvents -lTrellisGeometry -lFoundation \
        -lFoundationEssentials -lswiftSynchronization $(pkg-config --libs libffi libpng zlib) \
        -o "$out/fuzz"
    seeds="$root/Fuzz/Scene/seeds"
    dictionary="$root/Fuzz/Scene/scene.dict"
    ;;
png)
    module TrellisPNG Modules/PNG "${png_system[@]}"
    swiftc "${flags[@]}" "${png_system[@]}" "$root/Fuzz/PNG/main.swift" \
        -lTrellisPNG $(pkg-config --libs libpng zlib) -o "$out/fuzz"
    seeds="$root/Fuzz/PNG/seeds"
    ;;
*)
    echo "unknown fuzz target '$target' (known: displaylist, markup, raster, scene, png)" >&2
    exit 2
    ;;
esac

[ -d "$seeds" ] && cp -n "$seeds"/* "$out/corpus/" 2>/dev/null || true
extra=()
[ -n "$dictionary" ] && extra+=(-dict="$dictionary")
echo "fuzzing $target for $seconds s"
# The log keeps everything; the terminal gets the statistics and any error. Neither the filter
# finding nothing nor the fuzzer failing may stop the script before it reports.
set +e
SWIFT_BACKTRACE=enable=no "$out/fuzz" -max_total_time="$seconds" -print_final_stats=1 -timeout=20 \
    -max_len=65536 -artifact_prefix="$out/" ${extra[@]+"${extra[@]}"} "$out/corpus" 2>&1 | tee "$out/last-run.log" \
    | grep -E 'stat::|ERROR|SUMMARY|Done'
statuses=("${PIPESTATUS[@]}")
set -e
if grep -q -E 'ERROR: (libFuzzer|AddressSanitizer)|==ERROR' "$out/last-run.log"; then
    echo "fuzz-$target found a failure; see $out/last-run.log and the crash-* file" >&2
    exit 1
fi
if [ "${statuses[0]}" -ne 0 ]; then
    echo "fuzz-$target: the fuzzer exited with status ${statuses[0]}; see $out/last-run.log" >&2
    exit 1
fi
# libFuzzer ends a clean run with "Done N runs in S second(s)"; without it, it did not run.
done_line=$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$out/last-run.log" | tail -n 1 || true)
if [ -z "$done_line" ]; then
    echo "fuzz-$target: libFuzzer did not report a finished run; see $out/last-run.log" >&2
    exit 1
fi
runs=$(echo "$done_line" | sed -E 's/^Done ([0-9]+) runs in ([0-9]+) second.*/\1/')
elapsed=$(echo "$done_line" | sed -E 's/^Done ([0-9]+) runs in ([0-9]+) second.*/\2/')
echo "fuzz-$target: clean, $runs executions in $elapsed s"
