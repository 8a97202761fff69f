#include <sqlite3.h>

/// `sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, 0)` (a C variadic, which Swift
/// cannot call): closing the connection then leaves the database and its write-ahead log as
/// they are, with no checkpoint.
static inline int shop_sqlite3_disable_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
