// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "XMLEvents",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "XMLEvents", targets: ["XMLEvents"]),
        .executable(name: "xmlevents", targets: ["xmlevents"]),
        // The loopback HTTP server and the generated documents that the command-line tool's demo,
        // the tests and the benchmarks (Benchmarks/, a package of its own) share: support for this
        // package's own checks, with no promise of a stable API. A product, not a package of its
        // own beside this one, because SwiftPM refuses a package that is fetched by URL when it
        // depends on another by path.
        .library(name: "XMLEventsTestSupport", targets: ["XMLCorpus", "LoopbackHTTP"]),
    ],
    traits: [
        .trait(
            name: "HTTP",
            description: "XMLEvents(url:) and XMLEvents(request:) over http and https: libcurl with gzip, zstd "
                + "and brotli decoding on Linux, URLSession on Apple platforms. Off, the library needs libxml2 alone."
        ),
        .trait(
            name: "Compression",
            description: "Compressed documents (gzip, bzip2, xz, zstd) recognised by their first bytes and "
                + "decompressed on a thread of their own: zlib, libbz2, liblzma and libzstd on Linux. Off, "
                + "the library needs libxml2 alone and reports a compressed document as such."
        ),
        .default(enabledTraits: ["HTTP", "Compression"]),
    ],
    targets: [
        // C libraries from the system, behind thin module maps.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        // libbz2 ships no pkg-config file on Debian: the module map names the library itself.
        .systemLibrary(name: "CBzip2", providers: [.apt(["libbz2-dev"]), .brew(["bzip2"])]),
        .systemLibrary(
            name: "CLZMA",
            pkgConfig: "liblzma",
            providers: [.apt(["liblzma-dev"]), .brew(["xz"])]
        ),
        .systemLibrary(
            name: "CBrotli",
            pkgConfig: "libbrotlidec",
            providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]
        ),
        // The loopback test server's brotli encoder (the library decodes only, with libbrotlidec).
        .systemLibrary(
            name: "CBrotliEncoder",
            path: "TestSupport/CBrotliEncoder",
            pkgConfig: "libbrotlienc",
            providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]
        ),

        // A pthread-backed lock that ThreadSanitizer understands, shared by the package's modules.
        .target(name: "ThreadSafety"),

        // The tape recorder's hot libxml2 callbacks, in C.
        .target(name: "CTapeRecorder", dependencies: ["CLibXML2"]),

        // The library, one module per concern along the data path. The input: byte sources,
        // their streams and progress, the platform's system calls; libxml2 and the traits play no
        // part in it.
        .target(name: "XMLEventsInput", dependencies: ["ThreadSafety"]),
        // The zlib and zstd stream decoders that both optional parts use: HTTP's content codings
        // and compressed documents. A module of its own so that HTTP alone needs neither libbz2
        // nor liblzma.
        .target(
            name: "XMLEventsStreamDecoders",
            dependencies: [
                "XMLEventsInput",
                .target(name: "CZlib", condition: .when(platforms: [.linux])),
                .target(name: "CZstd", condition: .when(platforms: [.linux])),
            ]
        ),
        // Compressed documents: the decoders of the dump formats. Built only with its trait.
        .target(
            name: "XMLEventsCompression",
            dependencies: [
                "XMLEventsInput",
                "XMLEventsStreamDecoders",
                .target(name: "CBzip2", condition: .when(platforms: [.linux])),
                .target(name: "CLZMA", condition: .when(platforms: [.linux])),
            ]
        ),
        // HTTP and HTTPS sources: libcurl and its content decoders on Linux (URLSession decodes on
        // its own). Built only with its trait.
        .target(
            name: "XMLEventsHTTP",
            dependencies: [
                "XMLEventsInput",
                "XMLEventsStreamDecoders",
                "ThreadSafety",
                .target(name: "CCurl", condition: .when(platforms: [.linux])),
                .target(name: "CBrotli", condition: .when(platforms: [.linux])),
            ]
        ),
        // The core: events, parser (driver, recorder, tape, feed), reading tiers, writing; it
        // re-exports the modules above, so that users write one `import XMLEvents`. Each optional
        // part is one dependency behind its trait, and one file of the core imports it.
        .target(
            name: "XMLEvents",
            dependencies: [
                "CLibXML2",
                "CTapeRecorder",
                "ThreadSafety",
                "XMLEventsInput",
                .target(name: "XMLEventsHTTP", condition: .when(traits: ["HTTP"])),
                .target(name: "XMLEventsCompression", condition: .when(traits: ["Compression"])),
            ]
        ),

        // Test support, shared by the CLI's offline demo, the tests and the benchmarks.
        .target(name: "XMLCorpus", path: "TestSupport/XMLCorpus"),
        .target(
            name: "LoopbackHTTP",
            dependencies: ["CZlib", "CZstd", "CBrotliEncoder", "ThreadSafety"],
            path: "TestSupport/LoopbackHTTP"
        ),

        // The command-line tool.
        .executableTarget(
            name: "xmlevents",
            dependencies: ["XMLEvents", "XMLCorpus", "LoopbackHTTP"]
        ),

        // Tests.
        .testTarget(
            name: "XMLEventsTests",
            dependencies: ["XMLEvents", "XMLCorpus", "LoopbackHTTP", "ThreadSafety"]
        ),
        .testTarget(
            name: "PublicAPITests",
            dependencies: ["XMLEvents", "LoopbackHTTP"]
        ),
        .testTarget(
            name: "XMLEventsCLITests",
            dependencies: ["xmlevents", "XMLCorpus", "LoopbackHTTP"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
