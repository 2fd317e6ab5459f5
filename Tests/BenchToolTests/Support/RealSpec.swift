import Foundation

/// A spec directory as a new user would bring one: a slice of a public API's shape (SWAPI's films,
/// written by hand), one strict operation over a list of objects, a schema, and one error-free
/// recorded response, with what real responses have: a null `id`, the same record under several
/// lists, a long string.
///
/// Written into a fresh temporary directory by each test that needs it, and removed after.
struct RealSpec {
    /// The spec directory.
    let directory: URL

    /// The films the response lists, and per film the leaves of the operation's own selection the
    /// schema lets be null (`director` is non-null, `id` keys the record).
    static let films = ["A New Hope", "The Empire Strikes Back", "Return of the Jedi"]
    static let nullableLeavesPerFilm = ["title", "episodeID", "openingCrawl", "releaseDate", "producers"]

    static let operation = """
        query FilmsQuery @throwOnFieldError {
          allFilms {
            totalCount
            films {
              id
              title
              episodeID
              openingCrawl
              director
              releaseDate
              producers
              planetConnection { planets { id name climates } }
            }
          }
        }
        """

    static let schema = """
        schema { query: Root }
        type Root { allFilms: FilmsConnection }
        type FilmsConnection { totalCount: Int films: [Film] }
        type Film {
          id: ID
          title: String
          episodeID: Int
          openingCrawl: String
          director: String!
          releaseDate: String
          producers: [String]
          planetConnection: FilmPlanetsConnection
        }
        type FilmPlanetsConnection { planets: [Planet] }
        type Planet { id: ID name: String climates: [String] }
        """

    /// The recorded response: Tatooine under every film, a planet without an id, a long crawl.
    static var response: String {
        let crawl = String(repeating: "It is a period of civil war. Rebel spaceships, striking from a hidden base... ", count: 40)
        let films = Self.films.enumerated().map { index, title in
            """
            {"id": "ZmlsbXM6\(index + 1)", "title": "\(title)", "episodeID": \(index + 4), "openingCrawl": "\(crawl)",
             "director": "George Lucas", "releaseDate": "19\(77 + 3 * index)-05-25", "producers": ["Gary Kurtz", "Rick McCallum"],
             "planetConnection": {"planets": [
               {"id": "cGxhbmV0czox", "name": "Tatooine", "climates": ["arid"]},
               {"id": null, "name": "Unknown Region \(index)", "climates": []}
             ]}}
            """
        }
        return #"{"data": {"allFilms": {"totalCount": \#(Self.films.count), "films": [\#(films.joined(separator: ",\n"))]}}}"#
    }

    /// Writes the spec into a new temporary directory; `operation`, `schema` and `responses` replace
    /// the defaults (responses by file name, without `.json`).
    init(operation: String = Self.operation, schema: String? = Self.schema, responses: [String: String]? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("realspec-\(UUID().uuidString)", isDirectory: true)
        let fixture = directory.appendingPathComponent("films", isDirectory: true)
        let responsesDirectory = fixture.appendingPathComponent("responses", isDirectory: true)
        try FileManager.default.createDirectory(at: responsesDirectory, withIntermediateDirectories: true)
        try operation.write(to: fixture.appendingPathComponent("Films.graphql"), atomically: true, encoding: .utf8)
        if let schema { try schema.write(to: directory.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8) }
        for (name, text) in responses ?? ["0-films": Self.response] {
            try text.write(to: responsesDirectory.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        }
    }

    /// Removes the directory.
    func remove() { try? FileManager.default.removeItem(at: directory) }
}
