/// The strict fixture's generated files under `spec/`, so the committed copies can be checked
/// against the generator and rewritten from it.
extension StrictFixture {
    /// The fixture's directory under `spec/`.
    public static let directoryName = "characters-page"

    /// One generated file: its path relative to `spec/`, and its bytes.
    package struct SpecFile: Sendable {
        package var path: String
        package var bytes: [UInt8]
    }

    /// The files the generator owns in `spec/characters-page/`: `variables.json` and every response
    /// variant at scale 1, in the readable layout. The `.graphql` operations beside them are written
    /// by hand and are not among these.
    package static func specFiles(seed: UInt64 = defaultSeed) -> [SpecFile] {
        var files = [SpecFile(path: "\(directoryName)/variables.json", bytes: variables.serialized(.readable))]
        for variant in Variant.allCases {
            files.append(SpecFile(
                path: "\(directoryName)/responses/\(variant.fileName)",
                bytes: response(variant, scale: 1, seed: seed).serialized(.readable)))
        }
        return files
    }
}
