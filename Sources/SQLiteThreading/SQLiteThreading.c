#include "SQLiteThreading.h"
#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call: this is the whole reason for the file.
int mixtape_sqlite_use_multithread_mode(void) {
    int result = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    if (result != SQLITE_OK) return result;
    // Memory statistics take a process-wide mutex on every allocation SQLite makes (a step
    // that copies a text column allocates), and nothing here reads them.
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
