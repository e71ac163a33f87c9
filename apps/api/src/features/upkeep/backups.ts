import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { exportDatabase, type DB } from '@post/db';
import { DEFAULT_BACKUP_SETTINGS, type BackupSettings } from '@post/contracts/backup-settings';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import { getSettings } from '../site-settings/site-settings.service.ts';

// The nightly backup runs inside the server (issue 57 #3, decision 0082): no cron line to write,
// a file per night in DATA_DIR/backups, the newest `keep` kept, and the last run's outcome in a
// small status file beside them that the dashboard reads.

const gzipAsync = promisify(gzip);
const DAY_MS = 24 * 60 * 60 * 1000;
/** A backup older than this is warned about on the dashboard. */
export const BACKUP_STALE_MS = 2 * DAY_MS;
/** How often the scheduler looks whether a backup is due. */
export const BACKUP_TICK_MS = 60_000;
const STATUS_FILE = 'status.json';
/** post-2026-11-28T03-00-00Z.json.gz: the UTC moment, so names sort by time. */
export const BACKUP_FILE = /^post-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.json\.gz$/;

/** The last run of the nightly backup, as the status file keeps it. */
export interface BackupRun {
  /** When the last attempt started (ISO). */
  attemptedAt: string;
  /** The attempt's error, or null when it wrote its file. */
  error: string | null;
}

/** One backup file on disk. */
export interface BackupFile {
  name: string;
  size: number;
  at: Date;
}

/** What the dashboard shows of the backups. */
export interface BackupStatus {
  last: BackupFile | null;
  lastRun: BackupRun | null;
  files: BackupFile[];
  /** 'failed': the last attempt failed; 'stale': no backup, or the newest is older than two days. */
  warning: 'failed' | 'stale' | null;
  settings: BackupSettings;
}

/** The folder of the nightly backups. */
export function backupDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** The most recent moment at or before `now` when the post's clock read `time` (HH:MM). */
export function lastSlot(now: Date, time: string, timeZone: string): Date {
  const today = utcToZoned(now, timeZone).date;
  const slot = zonedToUtc(today, time, timeZone);
  if (slot.getTime() <= now.getTime()) return slot;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  return zonedToUtc(yesterday, time, timeZone);
}

/**
 * Whether a backup is due now. At start: when none was attempted for a day (a server that was
 * off at the nightly time catches up once). Later: when the last attempt was before the latest
 * nightly time, so a failure is tried again the next night, not every minute.
 */
export function backupDue(opts: { now: Date; time: string; timeZone: string; lastAttempt: Date | null; atStart: boolean }): boolean {
  const { now, lastAttempt } = opts;
  if (!lastAttempt) return true;
  if (opts.atStart) return now.getTime() - lastAttempt.getTime() >= DAY_MS;
  return lastAttempt.getTime() < lastSlot(now, opts.time, opts.timeZone).getTime();
}

/** The dashboard's warning: the last attempt failed, or the newest backup is missing or older than two days. */
export function backupWarning(last: BackupFile | null, lastRun: BackupRun | null, now: Date): BackupStatus['warning'] {
  if (lastRun?.error) return 'failed';
  if (!last || now.getTime() - last.at.getTime() > BACKUP_STALE_MS) return 'stale';
  return null;
}

function fileName(at: Date): string {
  return `post-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.json.gz`;
}

function timeOfName(name: string): Date {
  const stamp = name.slice(5, 25);
  return new Date(`${stamp.slice(0, 10)}T${stamp.slice(11, 19).replace(/-/g, ':')}Z`);
}

/** The backup files, newest first. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files: BackupFile[] = [];
  for (const name of names.filter((n) => BACKUP_FILE.test(n))) {
    const s = await stat(path.join(dir, name)).catch(() => null);
    if (s?.isFile()) files.push({ name, size: s.size, at: timeOfName(name) });
  }
  return files.sort((a, b) => b.name.localeCompare(a.name));
}

async function readRun(dir: string): Promise<BackupRun | null> {
  try {
    const run = JSON.parse(await readFile(path.join(dir, STATUS_FILE), 'utf8')) as BackupRun;
    return typeof run.attemptedAt === 'string' ? run : null;
  } catch {
    return null;
  }
}

/** The backups' state for the dashboard. */
export async function backupStatus(db: DB, dataDir: string, now: Date = new Date()): Promise<BackupStatus> {
  const dir = backupDir(dataDir);
  const [files, lastRun, settings] = await Promise.all([listBackups(dir), readRun(dir), getSettings(db)]);
  const last = files[0] ?? null;
  return { last, lastRun, files, warning: backupWarning(last, lastRun, now), settings: settings.backups ?? DEFAULT_BACKUP_SETTINGS };
}

/**
 * Writes one backup file (to a temporary name, renamed when whole), keeps the newest `keep`, and
 * records the outcome. Returns the file's name; a failure is recorded and thrown.
 */
export async function takeBackup(db: DB, dataDir: string, keep: number, now: Date = new Date()): Promise<string> {
  const dir = backupDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = fileName(now);
  try {
    const backup = await exportDatabase(db);
    const tmp = path.join(dir, `.${name}.part`);
    await writeFile(tmp, await gzipAsync(JSON.stringify(backup)), { mode: 0o600 });
    await rename(tmp, path.join(dir, name));
    for (const old of (await listBackups(dir)).slice(keep)) await unlink(path.join(dir, old.name)).catch(() => undefined);
    await writeRun(dir, { attemptedAt: now.toISOString(), error: null });
    return name;
  } catch (err) {
    await writeRun(dir, { attemptedAt: now.toISOString(), error: err instanceof Error ? err.message : String(err) }).catch(() => undefined);
    throw err;
  }
}

async function writeRun(dir: string, run: BackupRun): Promise<void> {
  await writeFile(path.join(dir, STATUS_FILE), JSON.stringify(run), { mode: 0o600 });
}

/** Options of the in-process backup schedule. */
export interface BackupScheduleOptions {
  db: DB;
  dataDir: string;
  log: (msg: string) => void;
  /** The clock (tests fix it). */
  now?: () => Date;
}

/** The nightly backup: `check(true)` once at start, then `check()` every minute. */
export class BackupSchedule {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly opts: BackupScheduleOptions;
  constructor(opts: BackupScheduleOptions) {
    this.opts = opts;
  }

  /** Takes a backup when one is due; resolves to the file written, or null. */
  async check(atStart = false): Promise<string | null> {
    if (this.running) return null;
    this.running = true;
    const now = (this.opts.now ?? (() => new Date()))();
    try {
      const settings = await getSettings(this.opts.db);
      const { time, keep } = settings.backups ?? DEFAULT_BACKUP_SETTINGS;
      const run = await readRun(backupDir(this.opts.dataDir));
      const lastAttempt = run ? new Date(run.attemptedAt) : null;
      if (!backupDue({ now, time, timeZone: settings.timeZone, lastAttempt, atStart })) return null;
      const name = await takeBackup(this.opts.db, this.opts.dataDir, keep, now);
      // The catch-up at start says nothing when it works, so the sign-in block stays the last lines.
      if (!atStart) this.opts.log(`backup written: ${path.join(backupDir(this.opts.dataDir), name)}`);
      return name;
    } catch (err) {
      this.opts.log(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    } finally {
      this.running = false;
    }
  }

  start(): void {
    void this.check(true);
    this.timer = setInterval(() => void this.check(), BACKUP_TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
