import SeededRandom

/// The words generated fixtures are made of: enough variety to look like the Rick and Morty API's
/// data, all of it composed here from generic parts and drawn by a seeded generator, never copied
/// from the API's records.
enum UniverseVocabulary {
    /// The household every episode revolves around; the first result rows, as on the API's first page.
    static let household = ["Rick Sanchez", "Morty Smith", "Summer Smith", "Beth Smith", "Jerry Smith"]

    static let givenNames = [
        "Abe", "Alan", "Annie", "Arthur", "Barry", "Benjamin", "Bill", "Brad", "Carl", "Cynthia",
        "Dale", "Diane", "Donna", "Ethan", "Frank", "Gene", "Glenn", "Hannah", "Harold", "Jacob",
        "Jessica", "Joyce", "Karen", "Kevin", "Larry", "Linda", "Lucy", "Mitch", "Nancy", "Pam",
        "Paul", "Ruben", "Sally", "Stacy", "Steve", "Tammy", "Terry", "Tom", "Vance", "Wendy",
    ]

    static let familyNames = [
        "Adams", "Baker", "Chen", "Davis", "Fisher", "Gordon", "Gupta", "Harris", "Jackson", "Keller",
        "Lopez", "Miller", "Novak", "Ortiz", "Parker", "Quinn", "Reyes", "Schmidt", "Turner", "Walsh",
    ]

    /// Syllables alien names and place names are built from.
    static let syllables = [
        "zor", "bli", "flo", "gar", "pox", "squa", "ne", "bu", "krom", "vex", "ul", "tri", "glo",
        "pa", "shm", "ix", "dor", "ka", "zee", "mu", "plo", "rab", "yo", "tan",
    ]

    /// Prefixes that make an alternate-dimension version of a household member.
    static let alternatePrefixes = [
        "Evil", "Cop", "Doofus", "Cyborg", "Fat", "Toxic", "Pickle", "Teacher", "Wasp", "Mega",
        "Hologram", "Tiny", "Cowboy", "Scary", "Aqua",
    ]

    static let titles = ["Mr.", "Mrs.", "Dr.", "Principal", "Agent", "King", "Queen", "General"]

    static let alienSpecies: [(String, Int)] = [
        ("Alien", 12), ("Humanoid", 4), ("Robot", 2), ("Mythological Creature", 1), ("Cronenberg", 1),
        ("Animal", 1), ("Poopybutthole", 1), ("Disease", 1), ("unknown", 1),
    ]

    static let characterTypes = [
        "Parasite", "Fish-Person", "Genetic experiment", "Superhuman", "Clone", "Robot-Crocodile hybrid",
        "Cromulon", "Gazorpian", "Hologram", "Parallel Dimension",
    ]

    static let statuses: [(String, Int)] = [("Alive", 55), ("Dead", 30), ("unknown", 15)]

    static let genders: [(String, Int)] = [("Male", 60), ("Female", 27), ("unknown", 9), ("Genderless", 4)]

    /// The first locations, so the household has somewhere to come from.
    static let homeLocations: [(name: String, type: String, dimension: String)] = [
        ("Earth (C-137)", "Planet", "Dimension C-137"),
        ("Earth (Replacement Dimension)", "Planet", "Replacement Dimension"),
        ("Citadel of Ricks", "Space station", "unknown"),
    ]

    static let locationTypes = [
        "Planet", "Space station", "Microverse", "TV", "Resort", "Dream", "Fantasy town", "Cluster",
        "Menagerie", "Spa", "Dimension", "Asteroid",
    ]

    static let locationSuffixes = ["", " Prime", " 9", " IV", " Minor", " Cluster", " Station", "'s Dream"]

    static let dimensions = [
        "Dimension C-137", "Replacement Dimension", "unknown", "Cronenberg Dimension", "Dimension 5-126",
        "Fantasy Dimension", "Post-Apocalyptic Dimension", "Chair Dimension", "Cromulon Dimension",
    ]

    static let episodeFirstWords = [
        "Lawnmower", "Anatomy", "Interdimensional", "Pickle", "Squanchy", "Galactic", "Microverse",
        "Portal", "Plumbus", "Schwifty", "Citadel", "Vindicator", "Council", "Mortal", "Total", "Close",
        "Rickless", "Auto", "Morty's", "Wedding",
    ]

    static let episodeSecondWords = [
        "Dog", "Park", "Cable", "Battery", "Run", "Mixup", "Daze", "Affair", "Heist", "Dream",
        "Problem", "Expedition", "Adventure", "Protocol", "Returns", "Gambit", "Loop", "Encounters",
        "Rickstaurant", "Squanchers",
    ]

    /// Words long descriptions are made of, some of them not ASCII, as free text in a real API is.
    static let descriptionWords = [
        "a", "the", "of", "with", "who", "once", "and", "from", "after", "in", "its", "ever",
        "interdimensional", "parasite", "clone", "memory", "portal", "gun", "council", "citadel",
        "microverse", "battery", "butter-passing", "robot", "Señor", "naïve", "Über", "café",
        "déjà-vu", "Gazorpazorp", "“Wubba", "lubba", "dub-dub”", "—", "season's", "finale",
        "sentient", "planet-sized", "memory-erasing", "alternate", "timeline", "anomaly",
    ]

    /// A sentence of 30 to 70 words: the long strings a real response holds beside short ones.
    static func longText(_ random: inout SplitMix64) -> String {
        let words = (0..<random.next(in: 30...70)).map { _ in random.pick(descriptionWords) }.joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst() + "."
    }

    /// A capitalised word of two or three syllables.
    static func alienWord(_ random: inout SplitMix64) -> String {
        let count = random.next(in: 2...3)
        let word = (0..<count).map { _ in random.pick(syllables) }.joined()
        return word.prefix(1).uppercased() + word.dropFirst()
    }
}
