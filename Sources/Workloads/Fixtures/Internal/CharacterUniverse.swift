import SeededRandom

/// The generated world behind the strict fixture: characters, the episodes they appear in, and the
/// locations the result rows come from and live in.
///
/// Built once per (size, seed) by a seeded generator, in a fixed order of draws, so equal inputs give
/// an equal universe. The appearance relation is kept consistent both ways: a character lists an
/// episode exactly when that episode lists the character, as a real server's data would.
///
/// What real responses hold and a tidy generator would not: places the API does not know (a
/// `Location` whose `id` is null), the same records under several lists (a result row in the casts of
/// its episodes, an episode under every row that appears in it, a location under several rows), and
/// some long strings (a character's `type`, an episode's `name`) beside the short ones.
struct CharacterUniverse {
    struct Character {
        var id: Int
        var name: String?
        var status: String
        var species: String
        var type: String
        var gender: String
        var image: String?
        var created: String
        /// Indexes into `locations`, nil for the unknown place; only the result rows select them.
        var origin: Int?
        var location: Int?
        /// Indexes into `episodes`, ascending.
        var episodes: [Int]
    }

    struct Episode {
        var id: Int
        var name: String
        var airDate: String
        var code: String
        var created: String
        /// Indexes into `characters`, ascending.
        var characters: [Int]
    }

    struct Location {
        var id: Int
        var name: String
        var type: String
        var dimension: String
        var created: String
    }

    let size: StrictFixture.Size
    var characters: [Character]
    var episodes: [Episode]
    var locations: [Location]

    init(size: StrictFixture.Size, seed: UInt64) {
        self.size = size
        var random = SplitMix64(seed: seed)
        locations = Self.makeLocations(count: size.locations, random: &random)
        episodes = Self.makeEpisodes(count: size.episodes, random: &random)
        characters = Self.makeCharacters(count: size.characters, random: &random)
        assignAppearances(random: &random)
        assignPlaces(random: &random)
        // At every size, at least one long string where a list body reads it: the last result row's
        // `type` and the last episode's `name`.
        characters[size.results - 1].type = UniverseVocabulary.longText(&random)
        if episodes.count > 1 { episodes[episodes.count - 1].name = UniverseVocabulary.longText(&random) }
    }

    // MARK: - Records

    private static func makeLocations(count: Int, random: inout SplitMix64) -> [Location] {
        var clock = CivilTime.milliseconds(at: .init(year: 2017, month: 11, day: 10)) + 45_724_162
        return (0..<count).map { index in
            clock += random.next(in: 2_000...90_000)
            let created = CivilTime.timestamp(milliseconds: clock)
            if index < UniverseVocabulary.homeLocations.count {
                let home = UniverseVocabulary.homeLocations[index]
                return Location(id: index + 1, name: home.name, type: home.type, dimension: home.dimension, created: created)
            }
            let name = UniverseVocabulary.alienWord(&random) + random.pick(UniverseVocabulary.locationSuffixes)
            let type = random.pick(UniverseVocabulary.locationTypes)
            let dimension = random.chance(0.8)
                ? random.pick(UniverseVocabulary.dimensions)
                : "Dimension \(UniverseVocabulary.alienWord(&random).prefix(1))-\(random.next(in: 10...999))"
            return Location(id: index + 1, name: name, type: type, dimension: dimension, created: created)
        }
    }

    /// Episodes in seasons of ten (the first of eleven), weekly with the odd skipped week, a season
    /// every year or two, from the premiere on 2 December 2013.
    private static func makeEpisodes(count: Int, random: inout SplitMix64) -> [Episode] {
        var airDay = CivilTime.days(from: .init(year: 2013, month: 12, day: 2))
        var clock = CivilTime.milliseconds(at: .init(year: 2017, month: 11, day: 10)) + 46_593_798
        var season = 1
        var number = 0
        return (0..<count).map { index in
            let seasonLength = season == 1 ? 11 : 10
            if number == seasonLength {
                season += 1
                number = 0
                airDay += random.next(in: 300...700)
            } else if index > 0 {
                airDay += random.chance(0.15) ? 14 : 7
            }
            number += 1
            clock += random.next(in: 1_000...60_000)
            let name = index == 0 ? "Pilot" : random.chance(0.06) ? UniverseVocabulary.longText(&random) : episodeName(&random)
            let code = "S\(twoDigits(season))E\(twoDigits(number))"
            return Episode(
                id: index + 1, name: name, airDate: CivilTime.airDate(days: airDay), code: code,
                created: CivilTime.timestamp(milliseconds: clock), characters: [])
        }
    }

    private static func makeCharacters(count: Int, random: inout SplitMix64) -> [Character] {
        var clock = CivilTime.milliseconds(at: .init(year: 2017, month: 11, day: 4)) + 67_726_250
        return (0..<count).map { index in
            clock += random.next(in: 5_000...400_000)
            let id = index + 1
            let (name, isHuman) = characterName(index: index, random: &random)
            let species = isHuman
                ? (random.chance(0.95) ? "Human" : "Humanoid")
                : random.pick(weighted: UniverseVocabulary.alienSpecies)
            return Character(
                id: id,
                name: name,
                status: index < 5 ? "Alive" : random.pick(weighted: UniverseVocabulary.statuses),
                species: species,
                type: characterType(&random),
                gender: index < 5
                    ? (index == 2 || index == 3 ? "Female" : "Male")
                    : random.pick(weighted: UniverseVocabulary.genders),
                image: "https://rickandmortyapi.com/api/character/avatar/\(id).jpeg",
                created: CivilTime.timestamp(milliseconds: clock),
                origin: 0, location: 0, episodes: [])
        }
    }

    private static func characterName(index: Int, random: inout SplitMix64) -> (String, isHuman: Bool) {
        if index < UniverseVocabulary.household.count { return (UniverseVocabulary.household[index], true) }
        switch random.next(below: 20) {
        case 0..<10:
            return ("\(random.pick(UniverseVocabulary.givenNames)) \(random.pick(UniverseVocabulary.familyNames))", true)
        case 10..<16:
            return ("\(UniverseVocabulary.alienWord(&random)) \(UniverseVocabulary.alienWord(&random))", false)
        case 16..<18:
            let household = random.pick(UniverseVocabulary.household).split(separator: " ")[0]
            return ("\(random.pick(UniverseVocabulary.alternatePrefixes)) \(household)", true)
        default:
            return ("\(random.pick(UniverseVocabulary.titles)) \(UniverseVocabulary.alienWord(&random))", false)
        }
    }

    /// Mostly empty, as in the API; sometimes a short kind, rarely a long description.
    private static func characterType(_ random: inout SplitMix64) -> String {
        if random.chance(0.03) { return UniverseVocabulary.longText(&random) }
        return random.chance(0.25) ? random.pick(UniverseVocabulary.characterTypes) : ""
    }

    private static func episodeName(_ random: inout SplitMix64) -> String {
        let first = random.pick(UniverseVocabulary.episodeFirstWords)
        let second = random.pick(UniverseVocabulary.episodeSecondWords)
        switch random.next(below: 4) {
        case 0: return "The \(first) \(second)"
        case 1: return "\(first)-\(second)"
        default: return "\(first) \(second)"
        }
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }

    // MARK: - Relations

    /// Who appears where. Rick and Morty are in every episode, which also makes every episode
    /// reachable from the first result row; the rest of the household is in most; other result rows
    /// in a few; everyone else in one, sometimes two or three.
    private mutating func assignAppearances(random: inout SplitMix64) {
        let episodeCount = episodes.count
        var appearances = [[Int]](repeating: [], count: characters.count)
        for index in characters.indices {
            if index < 2 {
                appearances[index] = Array(0..<episodeCount)
            } else if index < UniverseVocabulary.household.count {
                appearances[index] = (0..<episodeCount).filter { _ in random.chance(0.65) }
            } else if index < size.results {
                appearances[index] = random.distinct(min(episodeCount, random.next(in: 1...4)), below: episodeCount)
            } else {
                let count = random.pick(weighted: [(1, 70), (2, 25), (3, 5)])
                appearances[index] = random.distinct(min(episodeCount, count), below: episodeCount)
            }
            if appearances[index].isEmpty { appearances[index] = [random.next(below: episodeCount)] }
        }
        for (index, episodeIndexes) in appearances.enumerated() {
            characters[index].episodes = episodeIndexes
            for episode in episodeIndexes { episodes[episode].characters.append(index) }
        }
    }

    /// Origins and current locations of the result rows: every location is somebody's, so the
    /// number of location records is exactly `size.locations`; `size.unknownPlaces` of the other slots
    /// are the unknown place, and the rest reuse the locations.
    private mutating func assignPlaces(random: inout SplitMix64) {
        let slotCount = size.results * 2
        var slots: [Int?] = (0..<slotCount).map { _ in random.next(below: locations.count) }
        let covering = random.distinct(locations.count, below: slotCount)
        for (location, slot) in covering.enumerated() { slots[slot] = location }
        let coveringSlots = Set(covering)
        let free = (0..<slotCount).filter { !coveringSlots.contains($0) }
        for pick in random.distinct(size.unknownPlaces, below: free.count) { slots[free[pick]] = nil }
        for row in 0..<size.results {
            characters[row].origin = slots[row * 2]
            characters[row].location = slots[row * 2 + 1]
        }
    }
}
