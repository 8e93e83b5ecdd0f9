#ifndef MIXTAPE_SQLITE_THREADING_H
#define MIXTAPE_SQLITE_THREADING_H

/// Puts SQLite in multi-thread mode for the whole process, without memory statistics: a
/// connection may be used by one thread at a time, and no call takes the connection's mutex.
/// GRDB already gives each connection to one thread at a time; in the default (serialized)
/// mode every `sqlite3_column_*` call locked and unlocked a mutex, and every allocation took
/// the statistics' mutex. Must run before SQLite is first used; returns 0 on success
/// (SQLITE_OK), else SQLite's error code (SQLITE_MISUSE once SQLite is in use).
int mixtape_sqlite_use_multithread_mode(void);

#endif
