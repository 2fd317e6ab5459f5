/// What one build is asked to count under other hash seeds, and what it answers: the file `bench
/// count-seeds` reads, and the JSON it writes back with each measurement's `otherSeeds` filled in.
///
/// A request passes between two builds (a comparison's bench asks a kept build of another commit), so
/// its format is versioned and kept small: which measurements, each with the fixed-seed count its file
/// recorded (the spread is measured against it) and the other seeds it has already.
struct SeedRequest: Sendable, Equatable, Codable {
    /// One measurement to count.
    struct Measurement: Sendable, Equatable, Codable {
        /// The measurement's name.
        var name: String
        /// The shape it was measured in.
        var strategy: FigureStrategy
        /// Its count under the fixed hash seed, as its file recorded it.
        var fixedSeed: Double
        /// Its counts under other seeds so far: the file's, or the kept ones.
        var otherSeeds: [Double]

        init(key: MeasurementKey, fixedSeed: Double, otherSeeds: [Double]) {
            name = key.name
            strategy = key.strategy
            self.fixedSeed = fixedSeed
            self.otherSeeds = otherSeeds
        }

        /// The measurement's key.
        var key: MeasurementKey { MeasurementKey(name: name, strategy: strategy) }
    }

    /// The version of this format; a bench refuses a request of another.
    var version: Int
    /// The measurements, in the order their run counts them.
    var measurements: [Measurement]

    /// The version this build reads and writes.
    static let currentVersion = 1

    init(measurements: [Measurement]) {
        version = Self.currentVersion
        self.measurements = measurements
    }
}
