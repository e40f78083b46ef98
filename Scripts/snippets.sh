#!/usr/bin/env bash
# Compiles every ```swift block of README.md and of the DocC articles
# (Sources/XMLEvents/XMLEvents.docc, its Extensions too) against the library, in Swift 6 with
# complete concurrency checking, in three contexts each: the body of a nonisolated async function,
# the body of a @MainActor async function, and top-level code. A block that no longer compiles
# fails the script, with the compiler's message at the Markdown file and line.
#
# The blocks are compiled to SIL (`-emit-sil`), not only type-checked: the data-race checks of
# Swift 6 ("sending 'group' risks causing data races") run on SIL, after type checking. Warnings
# that a value is never used are not shown: examples often make a value only to show its type.
#
#   Scripts/snippets.sh [FILE.md...]
#
# Without arguments it checks the package's documentation; with them, the files given.
#
# Each block is compiled as written, with the declarations of Scripts/SnippetCheck/Prelude
# (feedURL, registryURL, Record, database, … : what the examples assume is the reader's own).
# Its imports are moved to the top of the generated files. To leave a block out, put the line
#
#   <!-- snippet: skip REASON -->
#
# right before its fence (for a fragment that is not Swift code on its own, such as a part of a
# Package.swift); the reason is listed with the run. Keep them rare. A whole Package.swift is
# marked `<!-- snippet: package-manifest -->` instead, and type-checked against the toolchain's
# PackageDescription.
#
# Environment:
#   SNIPPETS_BIN_PATH   a SwiftPM products directory whose Modules/ already hold XMLEvents
#                       (the tests use their own); without it, `swift build --target XMLEvents`
#   SNIPPETS_WORK       where the generated files go (default: .build/snippets); the extractor
#                       is built in .build/snippets whatever it is
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

work="${SNIPPETS_WORK:-.build/snippets}"
mkdir -p "$work"
work="$(cd "$work" && pwd)"

if [ -n "${SNIPPETS_BIN_PATH:-}" ]; then
    bin="$SNIPPETS_BIN_PATH"
else
    echo "== swift build --target XMLEvents"
    swift build --target XMLEvents
    bin="$(swift build --show-bin-path)"
fi
[ -f "$bin/Modules/XMLEvents.swiftmodule" ] || {
    echo "snippets.sh: no XMLEvents module in $bin/Modules; build the library first" >&2
    exit 1
}

# The extractor, rebuilt when its source changes. (swiftc leaves an executable's debugging
# module in the working directory: it is run from $work.)
tools="$root/.build/snippets"
mkdir -p "$tools"
extractor="$tools/snippet-check"
if [ ! -x "$extractor" ] || [ "$root/Scripts/SnippetCheck/main.swift" -nt "$extractor" ]; then
    echo "== building the extractor"
    (cd "$tools" && swiftc -swift-version 6 -module-name SnippetCheck \
        "$root/Scripts/SnippetCheck/main.swift" -o "$extractor.new" && mv "$extractor.new" "$extractor")
fi

shopt -s nullglob
if [ "$#" -gt 0 ]; then
    documents=("$@")
else
    documents=(README.md Sources/XMLEvents/XMLEvents.docc/*.md Sources/XMLEvents/XMLEvents.docc/Extensions/*.md)
fi
generated="$work/generated"
rm -rf "$generated"
"$extractor" "$generated" "${documents[@]}" >"$work/list.txt"
checked=$(grep -c '^checked ' "$work/list.txt" || true)
manifests=$(grep -c '^manifest ' "$work/list.txt" || true)
echo "== $checked blocks of Swift and $manifests package manifest(s) in ${#documents[@]} Markdown files"
grep '^skipped ' "$work/list.txt" || true

# The library imports the system libraries through the module maps in Sources/C* (every one,
# so that a library added to Package.swift is found here too); their headers are found as the
# build found them, through the pkg-config names Package.swift gives.
flags=(-emit-sil -o /dev/null -wmo -swift-version 6 -diagnostic-style llvm
    -I "$bin/Modules" -I "$bin" -module-cache-path "$work/module-cache")
for modulemap in Sources/C*/module.modulemap Sources/C*/include/module.modulemap; do flags+=(-I "$(dirname "$modulemap")"); done
for package in $(sed -n 's/.*pkgConfig: "\([^"]*\)".*/\1/p' Package.swift); do
    if pkg-config --exists "$package" 2>/dev/null; then
        for flag in $(pkg-config --cflags-only-I "$package"); do flags+=(-Xcc "$flag"); done
    fi
done
prelude="$root/Scripts/SnippetCheck/Prelude/Prelude.swift"

status=0
# Drops the never-used warnings, each with the source lines quoted after it.
without_unused_warnings() {
    awk '/^[^ ].*:[0-9]+:[0-9]+: (error|warning|note|remark):/ { skipping = ($0 ~ /\[#no-usage\]/) }
        !skipping { print }'
}
check() {
    local context="$1"
    shift
    echo "== in $context"
    # With pipefail, the pipeline fails when the compiler does.
    local result=0
    swiftc "${flags[@]}" "$@" 2>&1 | without_unused_warnings || result=$?
    if [ "$result" -ne 0 ]; then
        echo "snippets.sh: a block does not compile in $context (see above)" >&2
        status=1
    fi
}
check "a nonisolated async function" -parse-as-library -module-name SnippetsNonisolated \
    "$prelude" "$generated/nonisolated.swift"
check "a @MainActor async function" -parse-as-library -module-name SnippetsMainActor \
    "$prelude" "$generated/main-actor.swift"
check "top-level code (main.swift)" -module-name SnippetsTopLevel "$prelude" "$generated/main.swift"

toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"
while read -r _ place manifest; do
    echo "== the package manifest at $place"
    if ! swiftc -typecheck -swift-version 6 -I "$toolchain/lib/swift/pm/ManifestAPI" \
        -package-description-version 6.0.0 -module-cache-path "$work/module-cache" "$manifest"; then
        echo "snippets.sh: the package manifest at $place does not compile (see above)" >&2
        status=1
    fi
done < <(grep '^manifest ' "$work/list.txt" || true)

if [ "$status" -eq 0 ]; then
    echo "All $checked blocks compile in the three contexts, and the $manifests package manifest(s)."
fi
exit "$status"
