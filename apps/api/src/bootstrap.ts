import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createDb, migrateToLatest, type DbHandle } from '@post/db';
import { ensureSiteSettings, seedDemo } from '@post/db/seed/index';
import { seedDemoPhotos } from './features/images/demo-photos.ts';
import type { Env } from './env.ts';
import { upsertAdmin } from './features/admin-auth/admin-auth.service.ts';

/** Opens the configured database (PostgreSQL, or PGlite under DATA_DIR) and migrates it. */
export async function openDatabase(env: Env, log: (msg: string) => void): Promise<DbHandle> {
  if (!env.databaseUrl) mkdirSync(env.dataDir, { recursive: true });
  const handle = await createDb({
    databaseUrl: env.databaseUrl,
    dataDir: env.databaseUrl ? undefined : path.join(env.dataDir, 'pglite'),
    onPoolError: (err) => log(`database connection lost: ${err.message}`),
  });
  const applied = await migrateToLatest(handle.db);
  if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
  await ensureSiteSettings(handle.db);
  return handle;
}

/** A password people can read aloud and type: 4 groups of 4 letters and digits. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** Administrator bootstrap and demo content, as decisions §1 says; returns lines to print. */
export async function prepareContent(handle: DbHandle, env: Env): Promise<string[]> {
  const lines: string[] = [];
  const { db } = handle;
  if (env.adminUsername && env.adminPassword) {
    const what = await upsertAdmin(db, env.adminUsername, env.adminPassword);
    lines.push(
      `Administrator '${env.adminUsername}' ${what === 'created' ? 'created' : what === 'reset' ? 'password reset' : 'is set up'} from ADMIN_USERNAME / ADMIN_PASSWORD.`,
    );
  } else {
    const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (!anyUser) {
      const password = generatePassword();
      if ((await upsertAdmin(db, 'admin', password)) !== 'created') {
        lines.push('Another node created the first administrator; its password was printed there.');
      } else {
        lines.push('An administrator was created. Sign in at /login (Administration tab) with:');
        lines.push(`    username: admin`);
        lines.push(`    password: ${password}`);
        lines.push('This password is shown only once. Change it under Change Password, or reset it with `npx -y pnpm@10 run admin reset admin`.');
      }
    } else {
      lines.push('Sign in at /login with your administrator account (forgotten password: `npx -y pnpm@10 run admin reset <username>`).');
    }
  }
  if (env.seedDemo) {
    const memberPassword = generatePassword();
    const result = await seedDemo(db, { memberPassword });
    if (result.seeded) {
      await seedDemoPhotos(db);
      lines.push('Demo content loaded. Demo members with portal access (Member Portal tab), all with the password');
      lines.push(`    ${memberPassword}`);
      for (const m of result.portalMembers) lines.push(`    ${m.membershipNumber}  ${m.name}`);
    }
  }
  return lines;
}
