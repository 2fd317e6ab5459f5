/// Calendar arithmetic for generated dates, done by hand so that no time zone, locale or Foundation
/// formatter can change a fixture's bytes.
///
/// Days are counted from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's
/// `civil_from_days` and `days_from_civil`).
enum CivilTime {
    /// A calendar date.
    struct Date: Hashable {
        var year: Int
        var month: Int
        var day: Int
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// The days since 1970-01-01 of a date.
    static func days(from date: Date) -> Int {
        let year = date.month <= 2 ? date.year - 1 : date.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let shiftedMonth = date.month > 2 ? date.month - 3 : date.month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days after 1970-01-01.
    static func date(fromDays days: Int) -> Date {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return Date(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// A date as the Rick and Morty API writes an air date: `December 2, 2013`.
    static func airDate(days: Int) -> String {
        let date = date(fromDays: days)
        return "\(monthNames[date.month - 1]) \(date.day), \(date.year)"
    }

    /// An instant as an ISO 8601 UTC timestamp with milliseconds: `2017-11-04T18:48:46.250Z`.
    static func timestamp(milliseconds: Int) -> String {
        let seconds = milliseconds / 1000
        let date = date(fromDays: seconds / 86_400)
        let secondOfDay = seconds % 86_400
        return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T"
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
            + ".\(pad(milliseconds % 1000, 3))Z"
    }

    /// The milliseconds since the epoch of midnight UTC on a date.
    static func milliseconds(at date: Date) -> Int {
        days(from: date) * 86_400_000
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
