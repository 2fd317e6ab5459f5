import JSON

/// Writes a universe as the `characters` field of a response, members in selection order.
struct ResponseBuilder {
    let universe: CharacterUniverse
    /// Each episode is written once and shared by every result row that lists it.
    let episodeValues: [JSONValue]

    init(universe: CharacterUniverse) {
        self.universe = universe
        episodeValues = universe.episodes.map { episode in
            .object([
                "id": .string(String(episode.id)),
                "name": .string(episode.name),
                "air_date": .string(episode.airDate),
                "episode": .string(episode.code),
                "created": .string(episode.created),
                "characters": .array(episode.characters.map { index in
                    let character = universe.characters[index]
                    return .object([
                        "id": .string(String(character.id)),
                        "name": Self.optional(character.name),
                        "image": Self.optional(character.image),
                    ])
                }),
            ])
        }
    }

    func characters(infoCount: JSONValue) -> JSONValue {
        let size = universe.size
        let info = JSONValue.object([
            "count": infoCount,
            "pages": .int(size.pages),
            "next": size.pages > 1 ? .int(2) : .null,
            "prev": .null,
        ])
        let results = (0..<size.results).map { row(universe.characters[$0]) }
        return .object(["info": info, "results": .array(results)])
    }

    private func row(_ character: CharacterUniverse.Character) -> JSONValue {
        .object([
            "id": .string(String(character.id)),
            "name": Self.optional(character.name),
            "status": .string(character.status),
            "species": .string(character.species),
            "type": .string(character.type),
            "gender": .string(character.gender),
            "image": Self.optional(character.image),
            "created": .string(character.created),
            "origin": place(character.origin.map { universe.locations[$0] }),
            "location": place(character.location.map { universe.locations[$0] }),
            "episode": .array(character.episodes.map { episodeValues[$0] }),
        ])
    }

    /// A location, or the unknown place as the API writes it: an object whose `id` and every field
    /// but `name` are null.
    private func place(_ location: CharacterUniverse.Location?) -> JSONValue {
        guard let location else {
            return .object(["id": .null, "name": "unknown", "type": .null, "dimension": .null, "created": .null])
        }
        return .object([
            "id": .string(String(location.id)),
            "name": .string(location.name),
            "type": .string(location.type),
            "dimension": .string(location.dimension),
            "created": .string(location.created),
        ])
    }

    private static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }
}
