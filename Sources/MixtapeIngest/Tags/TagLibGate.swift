#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CTagLib

/// The one door to TagLib's C API: every call into it, anywhere in the process, goes through
/// `run`, one caller at a time.
///
/// The C binding is not thread-safe. Every string it hands out (`taglib_tag_title`, ...) goes
/// on one process-wide list, and `taglib_tag_free_strings()` frees the whole list, including
/// strings another thread is still copying; its settings (`taglib_set_strings_unicode`) are
/// globals too. So readers on several threads serialise here. Parsing tags is cheap next to the
/// folder walk and database writes around it, so a single lock costs the indexer little.
///
/// A `final class` because it owns a resource, the mutex; the shared gate lives as long as the
/// process, so the mutex is never destroyed.
final class TagLibGate: @unchecked Sendable {
    /// The gate for the whole process. Creating it also sets TagLib's global options, once,
    /// before anyone can call in (`static let` initialisation runs exactly once).
    static let shared = TagLibGate()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        // Strings in and out are UTF-8 (TagLib's default, stated so it never depends on it).
        taglib_set_strings_unicode(1)
    }

    /// Runs `body` while no other thread is inside TagLib. `body` must not call `run` again:
    /// the lock is not recursive.
    func run<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
