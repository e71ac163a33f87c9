export * from './client.ts';
export * from './database.ts';
export * from './migrate.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { exportDatabase, importDatabase, type Backup } from './backup.ts';
