import MixtapeCore
import Testing

@Suite("Timestamp")
struct TimestampTests {
    @Test("parses iTunes dates and prints them back as RFC 3339 UTC", arguments: [
        ("2019-02-12T18:42:02Z", 1_549_996_922 as Int64, "2019-02-12T18:42:02Z"),
        ("1970-01-01T00:00:00Z", 0, "1970-01-01T00:00:00Z"),
        ("1904-01-01T00:00:00Z", -2_082_844_800, "1904-01-01T00:00:00Z"),
        ("2000-02-29T23:59:59Z", 951_868_799, "2000-02-29T23:59:59Z"),
        ("2019-02-12T20:42:02+02:00", 1_549_996_922, "2019-02-12T18:42:02Z"),
        ("2019-02-12T18:42:02.750Z", 1_549_996_922, "2019-02-12T18:42:02Z"),
    ])
    func roundTrip(text: String, seconds: Int64, printed: String) throws {
        let time = try #require(Timestamp(iso8601: text))
        #expect(time.rawValue == seconds)
        #expect(time.rfc3339 == printed)
    }

    @Test("rejects what is not a date", arguments: [
        "", "2019-02-12", "2019-13-01T00:00:00Z", "2019-02-12T18:42:02", "2019-02-12 18:42:02Z",
        "eleven", "2019-02-12T18:42:02Zjunk", "２０１９-02-12T18:42:02Z",
    ])
    func rejects(text: String) {
        #expect(Timestamp(iso8601: text) == nil)
    }

    @Test("civil date conversion is the inverse of itself across eras")
    func civilRoundTrip() {
        for days in stride(from: -800_000 as Int64, through: 800_000, by: 997) {
            let (y, m, d) = Timestamp.civilFromDays(days)
            #expect(Timestamp.daysFromCivil(year: y, month: m, day: d) == days)
        }
    }
}
