export * from './client.ts';
export * from './database.ts';
export * from './migrate.ts';
export { hashPassword, verifyPassword, hashQueue, HashQueueFullError, HASH_LANES, HASH_QUEUE_MAX, HASH_WAIT_MS } from './passwords.ts';
export { exportDatabase, importDatabase, type Backup } from './backup.ts';
export { startEmbedded, type EmbeddedServer } from './embedded.ts';
export { StartupError, DataDirInUseError, CLUSTER, LOCK_FILE } from './embedded-data-dir.ts';
export { carryOverPglite, PGLITE_DIR } from './carry-over.ts';
