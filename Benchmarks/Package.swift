// swift-tools-version:6.2
// The benchmarks, a package of their own so that the library's manifest has no benchmark product:
//
//     swift run -c release --package-path Benchmarks xmlevents-benchmarks [--quick|--update-docs]
//
// The runner builds the root package's `xmlevents` command-line tool when it starts (it times it
// as a process); everything else it runs is built here.
import PackageDescription

let package = Package(
    name: "XMLEventsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "XMLEvents", path: "..")],
    targets: [
        // The root package's corpus generator and loopback server, which it does not export, built
        // from its own folders (the Benchmark* folders under Sources/ link to them: one copy of
        // each). Every target of the root that one of its products reaches, the command-line
        // tool's included, is in this package graph too, where target names must be unique; so
        // the targets here have names of their own. The Swift modules take those names (the
        // runner imports BenchmarkCorpus and BenchmarkLoopbackHTTP); the encoders' module maps keep
        // the names the server's sources import. The server's lock module, ThreadSafety, comes
        // with the XMLEvents product.
        .systemLibrary(
            name: "BenchmarkCZlibEncoder",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "BenchmarkCZstdEncoder",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        .systemLibrary(
            name: "BenchmarkCBrotliEncoder",
            pkgConfig: "libbrotlienc",
            providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]
        ),
        .target(name: "BenchmarkCorpus"),
        .target(
            name: "BenchmarkLoopbackHTTP",
            dependencies: [
                "BenchmarkCZlibEncoder", "BenchmarkCZstdEncoder", "BenchmarkCBrotliEncoder",
                .product(name: "XMLEvents", package: "XMLEvents"),
            ]
        ),

        // The floor: libxml2's SAX parser in C, as a library and as a process of its own.
        .systemLibrary(
            name: "CFloorLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "CLibXML2Floor", dependencies: ["CFloorLibXML2"]),
        .executableTarget(
            name: "clibxml2-floor",
            dependencies: ["CLibXML2Floor"],
            path: "Sources/CLibXML2FloorProcess"
        ),

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
            path: "Sources/XMLEventsBenchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
