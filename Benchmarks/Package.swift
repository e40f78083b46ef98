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
        // The corpus generator and loopback server come from the root package's test-support
        // product (XMLCorpus, LoopbackHTTP), as the root's tests use them.

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
                .product(name: "XMLEventsTestSupport", package: "XMLEvents"),
                "CLibXML2Floor",
                "clibxml2-floor",
            ],
            path: "XMLEventsBenchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
