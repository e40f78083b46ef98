// swift-tools-version:6.2
// The benchmarks, a package of their own so that the library's manifest has no benchmark product:
//
//     swift run -c release --package-path Benchmarks xmlevents-benchmarks [--quick|--update-docs]
//
// The runner builds the root package's `xmlevents` command-line tool when it starts (it times it
// as a process); everything else it runs is built here.
import PackageDescription

/// A C library from the system, behind the module map in the target's folder.
func systemLibrary(_ name: String, pkgConfig: String, apt: String, brew: String? = nil) -> Target {
    .systemLibrary(
        name: name,
        path: name,
        pkgConfig: pkgConfig,
        providers: [.apt([apt])] + (brew.map { [.brew([$0])] } ?? [])
    )
}

let package = Package(
    name: "XMLEventsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "XMLEvents", path: "..")],
    targets: [
        // The root package's corpus generator and loopback server, which it does not export, built
        // from its own folders (the Benchmark* folders here link to them: one copy of each). Every
        // target of the root that one of its products reaches, the command-line tool's included,
        // is in this package graph too, where target names must be unique; so the targets here
        // have names of their own. The Swift modules take those names (the runner imports
        // BenchmarkCorpus and BenchmarkLoopbackHTTP); the encoders' module maps keep the names the
        // server's sources import. The server's lock module, ThreadSafety, comes with the
        // XMLEvents product.
        systemLibrary("BenchmarkCZlibEncoder", pkgConfig: "zlib", apt: "zlib1g-dev"),
        systemLibrary("BenchmarkCZstdEncoder", pkgConfig: "libzstd", apt: "libzstd-dev", brew: "zstd"),
        systemLibrary("BenchmarkCBrotliEncoder", pkgConfig: "libbrotlienc", apt: "libbrotli-dev", brew: "brotli"),
        .target(name: "BenchmarkCorpus", path: "BenchmarkCorpus"),
        .target(
            name: "BenchmarkLoopbackHTTP",
            dependencies: [
                "BenchmarkCZlibEncoder", "BenchmarkCZstdEncoder", "BenchmarkCBrotliEncoder",
                .product(name: "XMLEvents", package: "XMLEvents"),
            ],
            path: "BenchmarkLoopbackHTTP"
        ),

        // The floor: libxml2's SAX parser in C, as a library and as a process of its own. libxml2
        // comes under a module name of its own too: the XMLEvents product brings CLibXML2.
        systemLibrary("CFloorLibXML2", pkgConfig: "libxml-2.0", apt: "libxml2-dev"),
        .target(name: "CLibXML2Floor", dependencies: ["CFloorLibXML2"], path: "CLibXML2Floor"),
        .executableTarget(name: "clibxml2-floor", dependencies: ["CLibXML2Floor"], path: "CLibXML2FloorProcess"),

        // The runner. It depends on `clibxml2-floor` only so that it is built beside it: it runs
        // it as a child process.
        .executableTarget(
            name: "xmlevents-benchmarks",
            dependencies: [
                .product(name: "XMLEvents", package: "XMLEvents"),
                "BenchmarkCorpus",
                "BenchmarkLoopbackHTTP",
                "CLibXML2Floor",
                "clibxml2-floor",
            ],
            path: "XMLEventsBenchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
