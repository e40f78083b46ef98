#!/usr/bin/env bash
# Runs thousands of parse cycles (complete, malformed, cancelled, abandoned; from files and from
# a loopback HTTP server) under valgrind's memcheck and fails on any definite leak.
#
# The cycles are Tests/XMLEventsTests/Hardening/LeakCycles.swift, which `swift test` also runs a
# few of. Here they are compiled with swiftc into a small driver (Scripts/LeakDriver) together
# with the library and LoopbackHTTP, so nothing extra ships in Package.swift, and because
# valgrind 3.19 crashes when it starts the Swift Testing runner.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: Scripts/leaks.sh [CYCLES]

Builds .build/leaks/xmlevents-leak-driver and runs CYCLES parse cycles (default 10000) under
valgrind --leak-check=full. Prints one verdict line; exits non-zero on any definite leak, on a
memory error, or if a cycle misbehaved. The full valgrind log is kept in .build/leaks/.
USAGE
}

case "${1:-}" in
    -h|--help) usage; exit 0 ;;
esac
cycles="${1:-10000}"
[[ "$cycles" =~ ^[0-9]+$ ]] || { echo "CYCLES must be a whole number, not '$cycles'" >&2; usage >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
build="$root/.build/leaks"
binary="$build/xmlevents-leak-driver"
mkdir -p "$build"

echo "== building the leak driver ($binary)"
# As SwiftPM builds the package with its default traits: HTTP and Compression on, one package name
# for every module (so that `package` declarations are shared); DEBUG for the count of live
# parsers (LiveParserCount) that the driver checks.
flags=(-parse-as-library -swift-version 6 -O -g -wmo -D DEBUG -D HTTP -D Compression -package-name xmlevents -I "$build"
    -I "$root/Sources/CLibXML2" -I "$root/Sources/CCurl" -I "$root/Sources/CZlib" -I "$root/Sources/CZstd"
    -I "$root/Sources/CBrotli" -I "$root/Sources/CBzip2" -I "$root/Sources/CLZMA"
    -I "$root/TestSupport/CBrotliEncoder" -I "$root/Sources/CTapeRecorder/include")
for package in libxml-2.0 libcurl zlib libzstd libbrotlidec libbrotlienc liblzma; do
    for flag in $(pkg-config --cflags "$package"); do flags+=(-Xcc "$flag"); done
done
sources() { find "$root/$1" -name '*.swift' | sort; }
# swiftc leaves a debugging module of an executable in the working directory: keep it in $build.
cd "$build"

# The tape recorder's C callbacks (DWARF 4: valgrind 3.19 cannot read clang's default DWARF 5).
clang -O2 -gdwarf-4 -I "$root/Sources/CTapeRecorder/include" $(pkg-config --cflags libxml-2.0) \
    -c "$root/Sources/CTapeRecorder/TapeRecorder.c" -o "$build/CTapeRecorder.o"
swiftc "${flags[@]}" -module-name ThreadSafety -emit-module -emit-module-path "$build/ThreadSafety.swiftmodule" \
    -emit-object -o "$build/ThreadSafety.o" $(sources Sources/ThreadSafety)
swiftc "${flags[@]}" -enable-testing -module-name XMLEvents -emit-module -emit-module-path "$build/XMLEvents.swiftmodule" \
    -emit-object -o "$build/XMLEvents.o" $(sources Sources/XMLEvents)
swiftc "${flags[@]}" -module-name LoopbackHTTP -emit-module -emit-module-path "$build/LoopbackHTTP.swiftmodule" \
    -emit-object -o "$build/LoopbackHTTP.o" $(sources TestSupport/LoopbackHTTP)
# main.swift holds top-level code, so this module is not parsed as a library.
swiftc "${flags[@]/-parse-as-library/}" -module-name LeakDriver \
    "$root"/Scripts/LeakDriver/*.swift "$root/Tests/XMLEventsTests/Hardening/LeakCycles.swift" \
    "$root/Tests/XMLEventsTests/Hardening/LeakCycleKind.swift" \
    "$build/ThreadSafety.o" "$build/CTapeRecorder.o" "$build/XMLEvents.o" "$build/LoopbackHTTP.o" \
    $(pkg-config --libs libxml-2.0 libcurl zlib libzstd libbrotlidec libbrotlienc liblzma) -lbz2 -o "$binary"

log="$build/valgrind-$(date +%Y%m%d-%H%M%S).log"
echo "== running $cycles cycles under valgrind (log: $log)"
start=$SECONDS
status=0
valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
    --error-exitcode=99 --num-callers=40 --log-file="$log" "$binary" "$cycles" || status=$?
elapsed=$((SECONDS - start))

# memcheck prints no "definitely lost" line when nothing at all was lost.
definite=$( (grep -E 'definitely lost:' "$log" || true) | tail -1 | sed -E 's/.*definitely lost: ([0-9,]+) bytes in ([0-9,]+) blocks.*/\1 bytes in \2 blocks/')
if [ -z "$definite" ] && grep -q 'All heap blocks were freed' "$log"; then definite="0 bytes in 0 blocks"; fi
errors=$( (grep -E 'ERROR SUMMARY:' "$log" || true) | tail -1 | sed -E 's/.*ERROR SUMMARY: ([0-9,]+) errors.*/\1/')
libxml2_leaks=$(grep -cE 'xmlCreatePushParserCtxt|xmlNewParserCtxt' "$log" || true)
curl_leaks=$(grep -cE 'curl_easy_init|curl_multi_init' "$log" || true)
grep -E '^leak cycles:' "$log" || true

if [ "$status" -eq 0 ] && [ "${definite:-}" = "0 bytes in 0 blocks" ] && [ "${errors:-1}" = "0" ]; then
    echo "LEAKS PASSED: $cycles cycles in ${elapsed}s, definitely lost: 0 bytes; no libxml2 context or libcurl handle leaked"
    exit 0
fi
grep -B2 -A25 'definitely lost in' "$log" | head -80 || true
echo "LEAKS FAILED: exit $status, definitely lost: ${definite:-unknown}, memcheck errors: ${errors:-unknown}," \
    "leak stacks naming a libxml2 context: $libxml2_leaks, a libcurl handle: $curl_leaks (log: $log)"
exit 1
