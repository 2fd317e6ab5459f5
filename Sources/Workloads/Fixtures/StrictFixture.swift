import JSON

/// The generator of the strict fixture's responses: the first page of a Rick and Morty style
/// `characters` query, at any size.
///
/// Every operation in `spec/characters-page/` selects from this one response shape:
///
/// ```graphql
/// characters(page: $page) {
///   info { count pages next prev }
///   results {
///     id name status species type gender image created
///     origin { id name type dimension created }
///     location { id name type dimension created }
///     episode { id name air_date episode created characters { id name image } }
///   }
/// }
/// ```
///
/// It normalizes to `Size.recordCount` records: the root, the `characters` connection and its `info`
/// (which have no `id`), the characters, episodes and locations, and one record per place the API
/// does not know (a `Location` whose `id` is null, keyed by its path, as a real API answers it).
/// Other scales multiply each count and keep the shape. The same characters, episodes and locations
/// appear under several lists, and a few strings are long, as in real responses. Output depends
/// only on `(scale, seed)`, never on the machine or run; members are written in selection order, as a
/// server sends them.
public enum StrictFixture {
    /// The seed of the files committed under `spec/characters-page/responses/`.
    public static let defaultSeed: UInt64 = 0xC137

    /// The scales the bench runs the fixture at.
    public static let benchScales: [Double] = [0.25, 0.5, 1, 2, 4]

    /// The variables every operation of the fixture is recorded with.
    public static let variables: JSONValue = .object(["page": 1])

    /// How many of each record a scale makes.
    public struct Size: Hashable, Sendable {
        /// Rows of `characters.results`: 20 at scale 1.
        public var results: Int
        /// Distinct episodes: 51 at scale 1.
        public var episodes: Int
        /// Distinct characters, result rows included: 826 at scale 1.
        public var characters: Int
        /// Distinct locations among the result rows' origins and locations: 19 at scale 1.
        public var locations: Int
        /// Result rows' origins and locations that are the unknown place, whose `id` is null: 4 at
        /// scale 1, as many as the slots the locations leave free allow.
        public var unknownPlaces: Int

        /// The counts for a scale, each rounded to the nearest whole number and at least one.
        ///
        /// - Precondition: `scale` is finite and positive.
        public init(scale: Double) {
            precondition(scale.isFinite && scale > 0, "a fixture scale must be finite and positive, not \(scale)")
            func scaled(_ count: Double) -> Int { max(1, Int((count * scale).rounded())) }
            results = scaled(20)
            episodes = scaled(51)
            characters = max(results, scaled(826))
            // Every location must be some result row's origin or location: two slots a row.
            locations = min(results * 2, scaled(19))
            unknownPlaces = min(results * 2 - locations, scaled(4))
        }

        /// The records the response normalizes to: the root, the id-less connection and `info`, one
        /// record per character, episode and location, and one per unknown place (keyed by its path).
        public var recordCount: Int { 3 + characters + episodes + locations + unknownPlaces }

        /// The number of result rows a page of `characters` total spans, as `info.pages` reports.
        public var pages: Int { (characters + results - 1) / results }
    }

    /// One recorded response of the fixture. The raw value is the file's name under `responses/`,
    /// so the sorted order of the files puts the clean page first.
    public enum Variant: String, CaseIterable, Sendable {
        /// The page as a server answers it when nothing fails.
        case page = "0-page"
        /// Every result row's `image` null, with one field error each, at
        /// `["characters", "results", row, "image"]`.
        case imageErrors = "1-image-errors"
        /// `characters.info.count` null without an error: a `@required` chain of
        /// `characters`, `info` and `count` bubbles it to the root.
        case infoCountNull = "2-info-count-null"
        /// `characters.info.count` null with a field error at its path.
        case infoCountError = "3-info-count-error"
        /// The last result row's `name` null without an error; a `@required` on it nulls that row,
        /// and the list stops it there.
        case resultNameNull = "4-result-name-null"
        /// The last result row's `name` null with a field error at its path.
        case resultNameError = "5-result-name-error"

        /// The file name under `responses/`.
        public var fileName: String { rawValue + ".json" }
    }

    /// The fixture's response for a variant, as an ordered JSON value.
    ///
    /// A field that a variant nulls is null at every place its record appears in the response, not
    /// only at the path the error names, so the data stays consistent with the store it normalizes
    /// into: the error's path lands on the field of that record.
    ///
    /// - Parameters:
    ///   - variant: which recorded response; the clean page by default.
    ///   - scale: 1 for the committed size; the bench also uses `benchScales`.
    ///   - seed: the generator's seed; `defaultSeed` for the committed files.
    public static func response(_ variant: Variant = .page, scale: Double = 1, seed: UInt64 = defaultSeed) -> JSONValue {
        var universe = CharacterUniverse(size: Size(scale: scale), seed: seed)
        var errors: [JSONValue] = []
        var infoCount: JSONValue = .int(universe.size.characters)
        let lastRow = universe.size.results - 1
        switch variant {
        case .page:
            break
        case .imageErrors:
            for row in 0..<universe.size.results {
                universe.characters[row].image = nil
                errors.append(fieldError(
                    "Avatar for character \(universe.characters[row].id) is unavailable",
                    path: ["characters", "results", .int(row), "image"]))
            }
        case .infoCountNull:
            infoCount = .null
        case .infoCountError:
            infoCount = .null
            errors.append(fieldError("Character count timed out", path: ["characters", "info", "count"]))
        case .resultNameNull:
            universe.characters[lastRow].name = nil
        case .resultNameError:
            universe.characters[lastRow].name = nil
            errors.append(fieldError(
                "Name of character \(universe.characters[lastRow].id) could not be resolved",
                path: ["characters", "results", .int(lastRow), "name"]))
        }
        let data = JSONValue.object(["characters": ResponseBuilder(universe: universe).characters(infoCount: infoCount)])
        // graphql-js writes `errors` before `data` when there are errors, and leaves it out otherwise.
        return errors.isEmpty ? .object(["data": data]) : .object(["errors": .array(errors), "data": data])
    }

    /// The fixture's response with one field error on every result row's `image`.
    ///
    /// The same as `response(.imageErrors, scale:seed:)`.
    public static func responseWithImageErrors(scale: Double = 1, seed: UInt64 = defaultSeed) -> JSONValue {
        response(.imageErrors, scale: scale, seed: seed)
    }

    /// The bytes of a response as a server sends them: compact JSON.
    public static func responseData(_ variant: Variant = .page, scale: Double = 1, seed: UInt64 = defaultSeed) -> [UInt8] {
        response(variant, scale: scale, seed: seed).serialized(.compact)
    }

    private static func fieldError(_ message: String, path: [JSONValue]) -> JSONValue {
        .object(["message": .string(message), "path": .array(path)])
    }
}
