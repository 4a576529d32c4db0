#!/usr/bin/env bash
# Builds and checks an example app package as a user meets it: copied to a folder outside this
# repository, its Trellis dependency pointed at this checkout, built and run in a clean
# environment (no TRELLIS_* variables), so the backends must come from the package itself.
#
#   scripts/check-example.sh snapshot       Examples/SnapshotExample: plain `swift test`, then
#                                           the review workflow of its README: the view
#                                           changed, `swift test` fails and leaves pending
#                                           snapshots, `swift run trellis snapshots accept
#                                           --all` accepts them, `swift test` passes
#   scripts/check-example.sh terminal-app   Examples/TerminalAppExample: `swift build`, then the
#                                           app run live in tmux: a click, then q
#
# The copy lives in ${TRELLIS_EXAMPLES_DIR:-${TMPDIR:-/tmp}/trellis-examples}/<name>; its build
# folder is kept between runs, so a second run only builds what changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
swift_path=$(dirname "$(command -v "$swift")")
case "${1:-}" in
snapshot) name=SnapshotExample ;;
terminal-app) name=TerminalAppExample ;;
*)
    echo "usage: check-example.sh snapshot|terminal-app" >&2
    exit 2
    ;;
esac
base=${TRELLIS_EXAMPLES_DIR:-${TMPDIR:-/tmp}/trellis-examples}
app="$base/$name"
case "$app/" in "$root"/*)
    echo "check-example: $app is inside the repository; the copy must be outside it" >&2
    exit 1
    ;;
esac
mkdir -p "$app"
# A fresh copy of the sources; the build folder stays.
find "$app" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
(cd "$root/Examples/$name" && tar --exclude=./.build -cf - .) | (cd "$app" && tar -xf -)
sed -i "s|path: \"../..\"|path: \"$root\"|" "$app/Package.swift"
grep -q "path: \"$root\"" "$app/Package.swift" || {
    echo "check-example: $app/Package.swift does not depend on Trellis by path \"../..\"" >&2
    exit 1
}
clean_env=(env -i "PATH=$swift_path:/usr/local/bin:/usr/bin:/bin" "HOME=${HOME:-/root}" LANG=C.UTF-8)

if [ "$name" = SnapshotExample ]; then
    cd "$app"
    "${clean_env[@]}" "$swift" test
    # The review workflow: change the view, see the tests fail with pending snapshots, accept
    # them with the trellis command from the package's own dependency, and pass again.
    sed -i 's/title: "Save"/title: "Save all"/' Sources/SaveButton/SaveButton.swift
    if "${clean_env[@]}" TRELLIS_RECORD=never "$swift" test >"$app/failing-run.log" 2>&1; then
        echo "check-example: swift test passed after the button's title changed" >&2
        exit 1
    fi
    "${clean_env[@]}" "$swift" build --product trellis >/dev/null
    trellis="$("${clean_env[@]}" "$swift" build --show-bin-path)/trellis"
    pending=$("${clean_env[@]}" "$trellis" snapshots list . | wc -l)
    [ "$pending" = 8 ] || {
        echo "check-example: expected 8 pending snapshots, found $pending:" >&2
        "${clean_env[@]}" "$trellis" snapshots list . >&2
        exit 1
    }
    "${clean_env[@]}" "$trellis" snapshots report . --out "$app/report.html" >/dev/null
    "${clean_env[@]}" "$trellis" snapshots accept --all --dir . | tail -1
    "${clean_env[@]}" TRELLIS_RECORD=never "$swift" test
    [ -z "$("${clean_env[@]}" "$trellis" snapshots list .)" ] || {
        echo "check-example: snapshots are still pending after accepting them all" >&2
        exit 1
    }
    echo "check-example: a changed view failed, its 8 snapshots were accepted, and the tests pass"
    exit 0
fi

cd "$app"
"${clean_env[@]}" "$swift" build
binary="$("${clean_env[@]}" "$swift" build --show-bin-path)/Settings"
socket="trellis-example-$$"
status="$app/exit-status"
rm -f "$status"
tmux_() { tmux -L "$socket" "$@"; }
# tmux leaves its socket file behind when the server ends: the cleanup removes it.
cleanup() {
    tmux_ kill-server 2>/dev/null || true
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$socket"
}
trap cleanup EXIT
tmux_ new-session -d -s app -x 100 -y 30 \
    "${clean_env[*]} TERM=xterm-256color '$binary'; echo \$? > '$status'; sleep 30"
screen() { tmux_ capture-pane -p -t app; }
wait_for() {
    for _ in $(seq 1 100); do
        if screen | grep -q "$1"; then return 0; fi
        sleep 0.1
    done
    echo "check-example: the screen never showed \"$1\":" >&2
    screen >&2
    exit 1
}
wait_for "Settings"
wait_for "Volume 50 %"
# A click on Reset (x 16…112, y 256…288 points; cells of 8 × 16): column 5, row 17.
tmux_ send-keys -t app -l $'\e[<0;5;17M'
tmux_ send-keys -t app -l $'\e[<0;5;17m'
wait_for "Everything is back to its default"
tmux_ send-keys -t app q
for _ in $(seq 1 100); do
    [ -s "$status" ] && break
    sleep 0.1
done
[ "$(cat "$status" 2>/dev/null)" = 0 ] || {
    echo "check-example: the app did not quit with status 0 on q" >&2
    screen >&2
    exit 1
}
echo "check-example: the terminal app drew its screen, took a click and quit on q"
