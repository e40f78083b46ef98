#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/) with AddressSanitizer and runs it for SECONDS.
#
# The target is compiled with swiftc rather than SwiftPM so that no fuzzing product ships with
# the package: ThreadSafety becomes its own module (the library imports it by name), and the
# byte sources (XMLEventsInput) are a module as in the package, and the core's sources, with the
# traits off (the target never touches the network or compressed input), are compiled into one
# module together with Fuzz/*.swift and the corpus generator's SplitMix64.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: Scripts/fuzz.sh SECONDS [extra libFuzzer flags...]
       Scripts/fuzz.sh --build-only
       Scripts/fuzz.sh --run-input FILE...

Builds .build/fuzz/xmlevents-fuzz (swiftc -sanitize=fuzzer,address, libxml2 via pkg-config) and
fuzzes for SECONDS with the dictionary Fuzz/xml.dict, reading the seeds in Fuzz/Corpus and
keeping what it learns in .build/fuzz-corpus. Crashes, invariance failures and sanitizer
reports are written to fuzz-artifacts/ and make the script exit non-zero.

--run-input replays inputs (a crash file, say) once each and reports what they do.

Environment: FUZZ_JOBS (parallel workers, default 1), FUZZ_MAX_LEN (default 16384 bytes),
FUZZ_LIBXML2=instrumented (link a libxml2 built with coverage and ASan by Scripts/fuzz-libxml2.sh
instead of the system's, so libFuzzer is guided inside libxml2 too; needs deb-src entries),
XMLEVENTS_FUZZ_PATH=context (parse through the internal synchronous parse driver, not the public API).
USAGE
}

[ $# -ge 1 ] || { usage >&2; exit 2; }
case "$1" in
    -h|--help) usage; exit 0 ;;
    --build-only|--run-input) ;;
    *) [[ "$1" =~ ^[0-9]+$ ]] || { echo "SECONDS must be a whole number, not '$1'" >&2; usage >&2; exit 2; } ;;
esac

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
build="$root/.build/fuzz"
binary="$build/xmlevents-fuzz"
if [ "${FUZZ_LIBXML2:-system}" = "instrumented" ]; then
    binary="$build/xmlevents-fuzz-instrumented"
fi
corpus="$root/.build/fuzz-corpus"
artifacts="$root/fuzz-artifacts"
mkdir -p "$build" "$corpus" "$artifacts"

build_target() {
    echo "== building the fuzz target ($binary)"
    # One package name for every module, as SwiftPM gives them: `package` declarations are shared.
    # Assertions stay on, so that the library's own checks (the tape's bytes are UTF-8) are fuzzed.
    local flags=(-parse-as-library -swift-version 6 -O -assert-config Debug -g -sanitize=fuzzer,address -use-ld=lld
        -package-name xmlevents)
    local xml_cflags xml_libs
    if [ "${FUZZ_LIBXML2:-system}" = "instrumented" ]; then
        local prefix
        prefix="$("$root/Scripts/fuzz-libxml2.sh" | tail -1)"
        xml_cflags=("-I$prefix/include/libxml2")
        # The module map would also link the system's libxml2; only the instrumented one may be there.
        xml_libs=(-Xfrontend -disable-autolink-library -Xfrontend xml2 "$prefix/lib/libxml2.a" -lm -ldl -lpthread)
    else
        read -r -a xml_cflags <<<"$(pkg-config --cflags libxml-2.0)"
        read -r -a xml_libs <<<"$(pkg-config --libs libxml-2.0)"
    fi
    local cflags=()
    for flag in "${xml_cflags[@]}"; do cflags+=(-Xcc "$flag"); done

    # swiftc leaves a debugging module of an executable in the working directory: keep it in $build.
    (
        cd "$build"
        swiftc "${flags[@]}" -wmo -module-name ThreadSafety \
            -emit-module -emit-module-path "$build/ThreadSafety.swiftmodule" \
            -emit-object -o "$build/ThreadSafety.o" \
            "$root"/Sources/ThreadSafety/*.swift

        # The tape recorder's C callbacks, instrumented like the Swift code.
        clang -O1 -g -fsanitize=fuzzer-no-link,address -I "$root/Sources/CTapeRecorder/include" \
            "${xml_cflags[@]}" -c "$root/Sources/CTapeRecorder/TapeRecorder.c" -o "$build/CTapeRecorder.o"

        # The byte sources, a module of their own as in the package: the core imports it by name.
        local input=()
        while IFS= read -r file; do input+=("$file"); done \
            < <(find "$root/Sources/XMLEventsInput" -name '*.swift' | sort)
        swiftc "${flags[@]}" -wmo -module-name XMLEventsInput -I "$build" \
            -emit-module -emit-module-path "$build/XMLEventsInput.swiftmodule" \
            -emit-object -o "$build/XMLEventsInput.o" "${input[@]}"

        # The core with its traits off (no HTTP, no compression: the target never touches either).
        local library=()
        while IFS= read -r file; do library+=("$file"); done \
            < <(find "$root/Sources/XMLEvents" -name '*.swift' | sort)
        swiftc "${flags[@]}" -wmo -module-name XMLEventsFuzz \
            -I "$build" -I "$root/Sources/CLibXML2" -I "$root/Sources/CTapeRecorder/include" "${cflags[@]}" \
            "${library[@]}" "$root/TestSupport/XMLCorpus/SplitMix64.swift" "$root"/Fuzz/*.swift \
            "$build/ThreadSafety.o" "$build/XMLEventsInput.o" "$build/CTapeRecorder.o" \
            "${xml_libs[@]}" -o "$binary"
    )
}

build_target

if [ "$1" = "--build-only" ]; then
    echo "== built $binary"
    exit 0
fi

common=(-dict=Fuzz/xml.dict -timeout=10 -rss_limit_mb=2048 "-max_len=${FUZZ_MAX_LEN:-16384}"
    "-artifact_prefix=$artifacts/" -print_final_stats=1)

if [ "$1" = "--run-input" ]; then
    shift
    [ $# -ge 1 ] || { usage >&2; exit 2; }
    exec "$binary" "${common[@]}" -runs=1 "$@"
fi

seconds="$1"
shift

jobs="${FUZZ_JOBS:-1}"
log="$build/fuzz-$(date +%Y%m%d-%H%M%S).log"
echo "== fuzzing for ${seconds}s with $jobs worker(s); log: $log"
before=$(find "$artifacts" -type f | wc -l)
status=0
if [ "$jobs" -gt 1 ]; then
    # Workers write their own logs (fuzz-N.log in the working directory); keep them in the build folder.
    (cd "$build" && "$binary" "${common[@]}" -max_total_time="$seconds" -jobs="$jobs" -workers="$jobs" \
        "$corpus" "$root/Fuzz/Corpus" "$@") >"$log" 2>&1 || status=$?
    cat "$build"/fuzz-*.log >>"$log" 2>/dev/null || true
else
    "$binary" "${common[@]}" -max_total_time="$seconds" "$corpus" "$root/Fuzz/Corpus" "$@" >"$log" 2>&1 || status=$?
fi
after=$(find "$artifacts" -type f | wc -l)

grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)' "$log" | tail -2 || true
grep -E '^stat::' "$log" || true
if [ "$status" -ne 0 ] || [ "$after" -ne "$before" ]; then
    grep -E 'ERROR: |XMLEvents fuzz target:|SUMMARY' "$log" | head -20 || true
    echo "FUZZ FAILED: libFuzzer exited $status; $((after - before)) new artifact(s) in fuzz-artifacts/ (log: $log)"
    exit 1
fi
echo "FUZZ PASSED: ${seconds}s, no crash, no sanitizer report, no invariance failure"
