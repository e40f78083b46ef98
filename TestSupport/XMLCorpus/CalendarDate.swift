/// A day written as `YYYY-MM-DD`, drawn without Foundation's calendars so that drawing is cheap
/// and identical everywhere.
struct CalendarDate {
    var year: Int
    var month: Int
    var day: Int

    /// A day in `years`; days stop at 28 so that every month has them.
    static func random(in years: ClosedRange<Int>, using random: inout SplitMix64) -> CalendarDate {
        CalendarDate(year: random.within(years), month: random.within(1...12), day: random.within(1...28))
    }
}
