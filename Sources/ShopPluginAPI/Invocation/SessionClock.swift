import ShopValues

/// The session's clock: the current time, fixed in tests and demos, and the local UTC offset.
public struct SessionClock: Sendable {
    private let reading: @Sendable () -> Double
    /// Seconds east of UTC used for dates shown to the user.
    public let utcOffset: Int

    /// A clock reading the time from `now` (seconds since 1970).
    public init(utcOffset: Int = 0, now: @escaping @Sendable () -> Double) {
        self.reading = now
        self.utcOffset = utcOffset
    }

    /// A clock stopped at `seconds` since 1970.
    public static func fixed(at seconds: Double, utcOffset: Int = 0) -> SessionClock {
        SessionClock(utcOffset: utcOffset) { seconds }
    }

    /// Seconds since 1970, now.
    public var now: Double { reading() }

    /// Today's date in the local zone.
    public var today: CalendarDate {
        CalendarDate(secondsSince1970: now + Double(utcOffset))
    }
}

#if canImport(Glibc)
    import Glibc

    extension SessionClock {
        /// The system's wall clock, with the local zone's current UTC offset (`TZ` honoured).
        public static var system: SessionClock {
            var now = time(nil)
            var local = tm()
            localtime_r(&now, &local)
            return SessionClock(utcOffset: local.tm_gmtoff) {
                var spec = timespec()
                clock_gettime(CLOCK_REALTIME, &spec)
                return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
            }
        }
    }
#endif
