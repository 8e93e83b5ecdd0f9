#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `posix_spawn` attributes every program mixtape starts gets (a player, ffmpeg): no
/// signal blocked and every signal's action the default, so a child neither inherits a mask
/// of ours nor ignores what we ignore, plus `flags` (a new session for a detached player).
/// `body` runs with them; they are destroyed after.
func withSpawnAttributes<Result>(flags extra: Int32 = 0,
                                 _ body: (UnsafeMutablePointer<posix_spawnattr_t>) throws -> Result) rethrows -> Result {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | extra))
    return try body(&attributes)
}
