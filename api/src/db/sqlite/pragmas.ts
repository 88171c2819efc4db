/**
 * The settings of every connection to the database file (openSqliteDatabase, the sync writer's
 * thread); `journal_mode = WAL` is a property of the file, set once at open.
 */
export const CONNECTION_PRAGMAS: readonly string[] = [
  'synchronous = NORMAL',
  'foreign_keys = ON',
  'busy_timeout = 5000',
  // 64 MB of page cache (the default is 2 MB): a 100,000-product catalog with its indexes is
  // a few hundred MB, and searches and pages read rows all over it.
  'cache_size = -65536',
];
