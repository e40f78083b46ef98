// swift-tools-version:6.2
// A user's package that depends on XMLEvents with its traits off: the core, which needs libxml2
// alone. Scripts/core-only.sh builds and runs it where the HTTP libraries' files are hidden.
import PackageDescription

let package = Package(
    name: "CoreOnlyConsumer",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "XMLEvents", path: "../..", traits: [])],
    targets: [
        .executableTarget(
            name: "CoreOnlyConsumer",
            dependencies: [.product(name: "XMLEvents", package: "XMLEvents")]
        )
    ],
    swiftLanguageModes: [.v6]
)
