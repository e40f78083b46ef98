#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (with LeakSanitizer) and under
# ThreadSanitizer, each in a scratch path of its own so that neither clobbers the normal build.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: Scripts/sanitize.sh [address|thread]...

Runs `swift test --sanitize=KIND` for each KIND given (default: address, then thread), with
--scratch-path $SANITIZE_SCRATCH_ROOT/sanitize-KIND (default root: .build). Fails on the first
failing test or sanitizer report. Logs are kept next to the scratch paths.

Suppressions for toolchain components (each explained) live in Scripts/sanitizers/KIND.supp and
are passed to the sanitizer when the file exists. Every test runs; the ones that bound resident
memory or CPU time check everything but those budgets under a sanitizer, whose allocator and
slowdown, not the package, decide them.
USAGE
}

kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)
for kind in "${kinds[@]}"; do
    case "$kind" in
        address|thread) ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown sanitizer '$kind'" >&2; usage >&2; exit 2 ;;
    esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scratch_root="${SANITIZE_SCRATCH_ROOT:-$root/.build}"
mkdir -p "$scratch_root"

for kind in "${kinds[@]}"; do
    scratch="$scratch_root/sanitize-$kind"
    log="$scratch_root/sanitize-$kind.log"
    suppressions="$root/Scripts/sanitizers/$kind.supp"
    # halt_on_error: the first report fails the run; detect_leaks: LeakSanitizer at exit (ASan).
    export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:abort_on_error=0"
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
    if [ -f "$suppressions" ]; then
        if [ "$kind" = address ]; then
            export LSAN_OPTIONS="suppressions=$suppressions"
        else
            export TSAN_OPTIONS="$TSAN_OPTIONS:suppressions=$suppressions"
        fi
    fi
    echo "== swift test --sanitize=$kind (scratch: $scratch; log: $log)"
    start=$SECONDS
    status=0
    swift test --sanitize="$kind" --scratch-path "$scratch" >"$log" 2>&1 || status=$?
    elapsed=$((SECONDS - start))
    reports=$(grep -cE '^(==[0-9]+==ERROR: |WARNING: ThreadSanitizer|SUMMARY: (Address|Thread|Leak)Sanitizer)' "$log" || true)
    grep -E 'Test run with [0-9]+ tests|Executed [0-9]+ tests' "$log" | tail -2 || true
    if [ "$status" -ne 0 ] || [ "$reports" -ne 0 ]; then
        grep -E -A12 '^(==[0-9]+==ERROR: |WARNING: ThreadSanitizer)' "$log" | head -60 || true
        grep -E '✘' "$log" | head -20 || true
        echo "SANITIZE FAILED ($kind): swift test exited $status with $reports sanitizer report(s) after ${elapsed}s (log: $log)"
        exit 1
    fi
    echo "SANITIZE PASSED ($kind): all tests passed, no sanitizer report, ${elapsed}s"
done
