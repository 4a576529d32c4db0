#!/usr/bin/env bash
# Checks `make install` and `make uninstall` as a user meets them:
#   1. with DESTDIR, as a packager stages files: exactly the expected files, nothing else;
#   2. into a temporary prefix, then with this checkout's build folder moved away, the installed
#      command renders every example scene with every backend from another directory;
#   3. with a release build, which carries the Swift runtime in itself, the installed command
#      renders every example with every backend with the toolchain's runtime libraries hidden
#      (in a private mount namespace, where the system allows one), and neither the command
#      nor a backend loads libstdc++, libgcc_s or a Swift runtime library;
#   4. `make uninstall` removes exactly what was installed.
# Uses the build of CONFIGURATION (debug by default, the one `make test` made).
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=${CONFIGURATION:-debug}
work=$(mktemp -d)
build=".build"
moved=""
restore() {
    if [ -n "$moved" ] && [ -d "$moved" ]; then mv "$moved" "$build"; fi
    rm -rf "$work"
}
trap restore EXIT

expected="bin/trellis
lib/trellis/installed-files
lib/trellis/plugins/libTrellisRasterBackend.so
lib/trellis/plugins/libTrellisTerminalBackend.so
lib/trellis/plugins/libTrellisTextBackend.so"

# 1. A staged install.
make --no-print-directory install CONFIGURATION="$configuration" PREFIX=/usr/local \
    DESTDIR="$work/stage" >/dev/null
staged=$(cd "$work/stage/usr/local" && find . -type f | sed 's|^\./||' | sort)
if [ "$staged" != "$expected" ]; then
    echo "check-install: DESTDIR install wrote:" >&2
    echo "$staged" >&2
    echo "check-install: expected:" >&2
    echo "$expected" >&2
    exit 1
fi
grep -qx /usr/local/bin/trellis "$work/stage/usr/local/lib/trellis/installed-files"

# Renders every scene in the working directory with every backend through the trellis of the
# prefix $1, and prints how many it rendered; exported, for the namespace of step 3.
render_examples() {
    local count=0 scene backend
    for scene in *.json; do
        for backend in text raster terminal; do
            "$1/bin/trellis" render "$scene" --backend "$backend" --out "out-$backend-$scene" >/dev/null
            [ -s "out-$backend-$scene" ] || {
                echo "check-install: $scene with $backend wrote nothing" >&2
                return 1
            }
            count=$((count + 1))
        done
    done
    echo "$count"
}
export -f render_examples

# 2. An install into a prefix, used with the build folder gone.
prefix="$work/prefix"
make --no-print-directory install CONFIGURATION="$configuration" PREFIX="$prefix" >/dev/null
cp Examples/*.json "$work/"
moved="$work/build-away"
mv "$build" "$moved"
(
    cd "$work"
    listing=$("$prefix/bin/trellis" plugins)
    for backend in text raster terminal; do
        echo "$listing" | grep -q "^$backend .*$prefix/lib/trellis/plugins/" || {
            echo "check-install: trellis plugins does not list the installed $backend backend:" >&2
            echo "$listing" >&2
            exit 1
        }
    done
    "$prefix/bin/trellis" --version | grep -q '^trellis [0-9]'
    count=$(render_examples "$prefix")
    echo "check-install: the installed command rendered $count scene × backend pairs"
)
mv "$moved" "$build"
moved=""

# 3. A release build needs no Swift toolchain.
if [ "$configuration" = release ]; then
    swift=$(command -v "${SWIFT:-swift}")
    runtime="$(dirname "$(dirname "$(readlink -f "$swift")")")/lib/swift"
    if [ -d "$runtime" ] && unshare --mount true 2>/dev/null; then
        mkdir -p "$work/empty" "$work/bare"
        cp Examples/*.json "$work/bare/"
        # shellcheck disable=SC2016
        unshare --mount bash -c '
            set -euo pipefail
            mount --bind "$1" "$2"
            if [ -n "$(ls -A "$2")" ]; then
                echo "check-install: could not hide $2" >&2
                exit 1
            fi
            cd "$4"
            count=$(render_examples "$3")
            echo "check-install: with $2 hidden, the installed command rendered $count pairs"
        ' check-install "$work/empty" "$runtime" "$prefix" "$work/bare"
    else
        echo "check-install: cannot hide the Swift runtime here (unshare --mount); skipped"
    fi
    # Nor does it load the C++ library or libgcc's unwinder, which the runtime needs: the
    # release command and backends carry their own copies.
    for object in "$prefix/bin/trellis" "$prefix"/lib/trellis/plugins/*.so; do
        needed=$(readelf -d "$object" | grep '(NEEDED)' || true)
        if echo "$needed" | grep -Eq 'libstdc\+\+|libgcc_s|libswift'; then
            echo "check-install: $object loads a runtime library:" >&2
            echo "$needed" >&2
            exit 1
        fi
    done
    echo "check-install: the release command and backends load no C++ or Swift runtime library"
fi

# 4. Uninstall leaves nothing behind.
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left=$(cd "$prefix" && find . -type f | sort)
if [ -n "$left" ]; then
    echo "check-install: make uninstall left:" >&2
    echo "$left" >&2
    exit 1
fi
make --no-print-directory uninstall PREFIX=/usr/local DESTDIR="$work/stage" >/dev/null
[ -z "$(cd "$work/stage" && find . -type f)" ]
echo "check-install: install, use without the build folder, and uninstall all passed"
