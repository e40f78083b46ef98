#!/usr/bin/env bash
# Builds libxml2 from Debian's source package with libFuzzer's coverage instrumentation and
# AddressSanitizer, for `FUZZ_LIBXML2=instrumented Scripts/fuzz.sh`: the system's libxml2 is
# neither, so libFuzzer is blind inside it and ASan sees none of its out-of-bounds reads.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: Scripts/fuzz-libxml2.sh

Fetches the source of the installed libxml2 (apt-get source, needs deb-src entries), applies
Debian's patches, and builds a static, instrumented libxml2.a into .build/fuzz-libxml2/.
Does nothing when that library is already there. Prints the install prefix on its last line.
USAGE
}
case "${1:-}" in
    -h|--help) usage; exit 0 ;;
    "") ;;
    *) usage >&2; exit 2 ;;
esac

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build/fuzz-libxml2"
prefix="$work/install"
if [ -f "$prefix/lib/libxml2.a" ]; then
    echo "$prefix"
    exit 0
fi
mkdir -p "$work"
cd "$work"
rm -rf source
version="$(dpkg-query -W -f='${Version}' libxml2 2>/dev/null || true)"
echo "== fetching the Debian source of libxml2 ${version:-(any version)}" >&2
# The installed version first; a newer patch release of the same upstream version otherwise.
apt-get source --download-only "libxml2${version:+=$version}" >&2 || apt-get source --download-only libxml2 >&2
dsc="$(ls -t libxml2_*.dsc | head -1)"
dpkg-source -x "$dsc" source >&2

echo "== building an instrumented static libxml2 (from $dsc)" >&2
cd source
# Debian's patches are newer than the generated build files; without this make would want to
# run automake, which the build needs no more than the release tarball does.
touch aclocal.m4 && touch configure && find . -name Makefile.in -exec touch {} + && touch config.h.in
clang="$(dirname "$(command -v swiftc)")/clang"
CC="$clang" CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address" \
    ./configure --prefix="$prefix" --disable-shared --enable-static --without-python --without-icu \
    --without-lzma --without-zlib --without-http --without-ftp --without-debug >&2
make -j"$(nproc)" libxml2.la >&2
make install-libLTLIBRARIES install-data >&2 || make install >&2
echo "$prefix"
