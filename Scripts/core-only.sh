#!/usr/bin/env bash
# Proves that the core needs libxml2 alone: Scripts/CoreOnlyConsumer, a user's package that
# depends on XMLEvents with its traits off, is built and run where every file of the HTTP and
# Compression libraries' development packages (libcurl4-openssl-dev, zlib1g-dev, libzstd-dev,
# libbrotli-dev, libbz2-dev, liblzma-dev: headers, pkg-config files, static libraries) is hidden;
# its binary must not load libcurl, zstd, brotli, bz2, lzma or FoundationNetworking. As a control,
# the same package with the default traits (HTTP and Compression on) must fail to build there,
# which shows that the files really are out of reach.
#
# The files are hidden in a mount namespace of this script's own (unshare -m, as root), so nothing
# changes for the rest of the machine. Linux only.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
hidden_packages=(libcurl4-openssl-dev zlib1g-dev libzstd-dev libbrotli-dev libbz2-dev liblzma-dev)

if [ "${CORE_ONLY_INSIDE:-}" != 1 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: Scripts/core-only.sh hides files in a mount namespace and must run as root" >&2
        exit 1
    fi
    exec env CORE_ONLY_INSIDE=1 unshare --mount --propagation private bash "$0" "$@"
fi

hidden=0
for package in "${hidden_packages[@]}"; do
    while IFS= read -r path; do
        case "$path" in
        /usr/include/* | */pkgconfig/*.pc | *.a)
            # A folder only when no other package has files in it (curl/, brotli/), not /usr/include.
            if [ -d "$path" ] && [ ! -L "$path" ]; then
                owners="$(dpkg -S "$path" 2>/dev/null | sed -E 's/: .*//' | tr ',' '\n' | sed -E 's/^ +//' | sort -u)"
                [ "$owners" = "$package" ] || continue
                mount -t tmpfs tmpfs "$path"
                hidden=$((hidden + 1))
            elif [ -f "$path" ] && [ ! -L "$path" ]; then
                mount --bind /dev/null "$path"
                hidden=$((hidden + 1))
            fi
            ;;
        esac
    done < <(dpkg -L "$package" 2>/dev/null | sort)
done
if [ "$hidden" -eq 0 ]; then
    echo "error: none of ${hidden_packages[*]} is installed, so hiding them proves nothing" >&2
    exit 1
fi
echo "hidden: $hidden headers, header folders, pkg-config files and static libraries of ${hidden_packages[*]}"

work="$root/.build/core-only"
rm -rf "$work"
mkdir -p "$work"

# A fresh scratch path each time: objects left from a build with HTTP on would carry its link
# entries into this one.
echo "== the core alone: build and run Scripts/CoreOnlyConsumer (traits: [])"
swift build --package-path Scripts/CoreOnlyConsumer --scratch-path "$work/consumer" 2>&1 | tee "$work/consumer.log" | tail -n 3
binary="$work/consumer/debug/CoreOnlyConsumer"
"$binary"
needed="$(readelf -d "$binary" | grep NEEDED || true)"
if echo "$needed" | grep -Eiq "curl|zstd|brotli|bz2|lzma|FoundationNetworking"; then
    echo "error: the core-only binary loads an HTTP or compression library:" >&2
    echo "$needed" >&2
    exit 1
fi
echo "its binary loads: $(echo "$needed" | sed -E 's/.*\[(.*)\]/\1/' | tr '\n' ' ')"

echo "== the control: the same package with HTTP and Compression on must not build here"
control="$work/control-package"
mkdir -p "$control"
cp -R Scripts/CoreOnlyConsumer/Sources "$control/"
sed -e "s|path: \"../..\", traits: \[\]|path: \"$root\"|" Scripts/CoreOnlyConsumer/Package.swift >"$control/Package.swift"
if grep -q "traits: \[\]" "$control/Package.swift"; then
    echo "error: the control's manifest still turns the traits off" >&2
    exit 1
fi
if swift build --package-path "$control" --scratch-path "$work/control" >"$work/control.log" 2>&1; then
    echo "error: with the traits on, the package built although the libraries' files are hidden:" \
        "the check above proves nothing" >&2
    exit 1
fi
if ! grep -Eiq "error:.*(curl|zlib|zstd|brotli|bzlib|lzma)|(curl|zlib|zstd|brotli|bzlib|lzma).*error:" "$work/control.log"; then
    echo "error: with the traits on, the build failed for another reason than the hidden libraries:" >&2
    tail -n 20 "$work/control.log" >&2
    exit 1
fi
echo "with the traits on it fails as it must: $(grep -Ei -m1 "error:.*(curl|zlib|zstd|brotli|bzlib|lzma)|(curl|zlib|zstd|brotli|bzlib|lzma).*error:" "$work/control.log")"
echo "core-only: OK"
