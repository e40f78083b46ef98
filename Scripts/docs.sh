#!/usr/bin/env bash
# Builds the documentation of the XMLEvents library with DocC, as a static website, and fails on
# any DocC warning (a broken symbol link, a missing resource, a parameter documented that does not
# exist, ...).
#
#   Scripts/docs.sh
#
# Steps: `swift build` of the library, `swift-symbolgraph-extract` of its public symbols with the
# search paths of that build, then `docc convert` of Sources/XMLEvents/XMLEvents.docc with
# `--transform-for-static-hosting --warnings-as-errors`. The modules the library re-exports
# (XMLEventsInput, XMLEventsHTTP) are documented as part of it, as users see them: through one
# `import XMLEvents`.
#
# Environment:
#   DOCS_SCRATCH_PATH        SwiftPM scratch path to build in (default: .build)
#   DOCS_OUTPUT              where the website goes (default: .build/docs)
#   DOCS_HOSTING_BASE_PATH   the base path the site will be served under, if not the root
#                            (for example /XMLEvents on a project page)
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${DOCS_SCRATCH_PATH:-.build}"
output="${DOCS_OUTPUT:-.build/docs}"
catalog="Sources/XMLEvents/XMLEvents.docc"
module="XMLEvents"
# The modules whose public symbols XMLEvents re-exports (`@_exported import`).
reexported="XMLEventsInput,XMLEventsHTTP"

# The DocC and symbol-graph tools ship with the toolchain, next to the `swift` driver.
toolchain_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
tool() {
    if command -v "$1" >/dev/null 2>&1; then
        command -v "$1"
    elif [ -x "$toolchain_bin/$1" ]; then
        echo "$toolchain_bin/$1"
    elif command -v xcrun >/dev/null 2>&1 && xcrun --find "$1" >/dev/null 2>&1; then
        xcrun --find "$1"
    else
        echo "docs.sh: cannot find $1 in PATH or in $toolchain_bin" >&2
        exit 1
    fi
}
docc="$(tool docc)"
extract="$(tool swift-symbolgraph-extract)"

echo "== swift build --target $module"
swift build --scratch-path "$scratch" --target "$module"
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"

echo "== swift-symbolgraph-extract -module-name $module"
triple="$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)"
# The library imports the system libraries through the module maps in Sources/C*; their headers
# are found as the build found them, through pkg-config.
clang_flags=()
for package in libxml-2.0 libcurl zlib libzstd libbrotlidec liblzma; do
    if pkg-config --exists "$package" 2>/dev/null; then
        for flag in $(pkg-config --cflags-only-I "$package"); do clang_flags+=(-Xcc "$flag"); done
    fi
done
graphs="$scratch/docs-symbol-graphs"
rm -rf "$graphs"
mkdir -p "$graphs"
"$extract" \
    -module-name "$module" \
    -target "$triple" \
    -I "$bin/Modules" -I "$bin" \
    -I Sources/CLibXML2 -I Sources/CCurl -I Sources/CZlib -I Sources/CZstd -I Sources/CBrotli -I Sources/CBzip2 \
    -I Sources/CLZMA \
    -I Sources/CTapeRecorder/include \
    "${clang_flags[@]}" \
    -module-cache-path "$scratch/docs-module-cache" \
    -minimum-access-level public \
    -experimental-allowed-reexported-modules="$reexported" \
    -emit-extension-block-symbols \
    -output-dir "$graphs"

echo "== docc convert $catalog"
hosting=()
if [ -n "${DOCS_HOSTING_BASE_PATH:-}" ]; then hosting=(--hosting-base-path "$DOCS_HOSTING_BASE_PATH"); fi
rm -rf "$output"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
"$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$graphs" \
    --output-dir "$output" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier org.xmlevents.XMLEvents \
    --fallback-default-module-kind Package \
    --transform-for-static-hosting \
    --enable-inherited-docs \
    "${hosting[@]}" \
    --warnings-as-errors 2>&1 | tee "$log" || status=$?
# Belt and braces: a warning DocC printed without failing still fails the script.
if [ "$status" -ne 0 ] || grep -qi "warning:" "$log"; then
    echo "docs.sh: DocC reported problems (exit status $status); see above" >&2
    exit 1
fi

index="$output/documentation/$(echo "$module" | tr '[:upper:]' '[:lower:]')/index.html"
[ -f "$index" ] || { echo "docs.sh: $index was not written" >&2; exit 1; }
echo "Documentation written to $output (no warnings)."
echo "Serve it, for example: python3 -m http.server --directory $output 8000"
echo "then open http://localhost:8000/documentation/$(echo "$module" | tr '[:upper:]' '[:lower:]')/"
