#!/usr/bin/env bash
# Installs or uninstalls the trellis command and its backends.
#
#   scripts/install.sh install   BUILD_DIR PREFIX [DESTDIR]
#   scripts/install.sh uninstall PREFIX [DESTDIR]
#
# install copies BUILD_DIR/trellis to DESTDIR/PREFIX/bin/trellis and the backends
# (libTrellis{Text,Raster,Terminal}Backend.so) to DESTDIR/PREFIX/lib/trellis/plugins, where the
# command finds them from any directory, and writes the list of what it installed to
# DESTDIR/PREFIX/lib/trellis/installed-files. uninstall removes exactly the files on that list,
# then the list, then the directories it leaves empty under lib/trellis.
set -euo pipefail

backends=(Text Raster Terminal)

fail() {
    echo "install: $*" >&2
    exit 1
}

case "${1:-}" in
install)
    [ $# -ge 3 ] || fail "usage: install.sh install BUILD_DIR PREFIX [DESTDIR]"
    build=$2 prefix=$3 destdir=${4:-}
    case "$prefix" in /*) ;; *) fail "PREFIX must be an absolute path, not '$prefix'" ;; esac
    root="$destdir$prefix"
    [ -x "$build/trellis" ] || fail "$build/trellis is missing; build first"
    for backend in "${backends[@]}"; do
        [ -f "$build/libTrellis${backend}Backend.so" ] ||
            fail "$build/libTrellis${backend}Backend.so is missing; build first"
    done
    list="$root/lib/trellis/installed-files"
    install -d "$root/bin" "$root/lib/trellis/plugins"
    : >"$list.new"
    install -m 0755 "$build/trellis" "$root/bin/trellis"
    echo "$prefix/bin/trellis" >>"$list.new"
    for backend in "${backends[@]}"; do
        file="libTrellis${backend}Backend.so"
        install -m 0644 "$build/$file" "$root/lib/trellis/plugins/$file"
        echo "$prefix/lib/trellis/plugins/$file" >>"$list.new"
    done
    mv "$list.new" "$list"
    echo "installed into $root:"
    sed 's/^/  /' "$list"
    ;;
uninstall)
    [ $# -ge 2 ] || fail "usage: install.sh uninstall PREFIX [DESTDIR]"
    prefix=$2 destdir=${3:-}
    root="$destdir$prefix"
    list="$root/lib/trellis/installed-files"
    [ -f "$list" ] || fail "nothing to uninstall: $list does not exist"
    while IFS= read -r file; do
        case "$file" in
        "$prefix"/bin/trellis | "$prefix"/lib/trellis/plugins/libTrellis*Backend.so)
            rm -f "$destdir$file"
            echo "removed $destdir$file"
            ;;
        *) echo "install: skipping '$file', which trellis never installs" >&2 ;;
        esac
    done <"$list"
    rm -f "$list"
    rmdir "$root/lib/trellis/plugins" 2>/dev/null || true
    rmdir "$root/lib/trellis" 2>/dev/null || true
    ;;
*)
    fail "usage: install.sh install BUILD_DIR PREFIX [DESTDIR] | uninstall PREFIX [DESTDIR]"
    ;;
esac
