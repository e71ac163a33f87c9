import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = (name: string) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''], {
      error: `${name} must be true or false (1/0, yes/no, on/off)`,
    })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(v)));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'PORT must be a port number (1-65535)' }).int().min(0).max(65535, 'PORT must be a port number (1-65535)').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL must start with postgres:// or postgresql://'),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, 'SESSION_SECRET must be at least 32 characters'),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
    .refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), 'PUBLIC_URL must be an http:// or https:// URL'),
  ADMIN_USERNAME: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  SEED_DEMO: bool('SEED_DEMO'),
  npm_lifecycle_event: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = trustProxyValue(v);
      if (typeof value === 'object') {
        ctx.addIssue({ code: 'custom', message: value.error });
        return z.NEVER;
      }
      return value;
    }),
  WEB_DIST: z.string().optional(),
  // 'warn' by default: a line per request (info) floods a small server's log.
  DRAIN_MS: z.coerce.number({ error: 'DRAIN_MS must be a number of milliseconds' }).int().min(0).max(8000, 'DRAIN_MS must be at most 8000').default(1500),
  IMAGES_KEEP_ORIGINAL: bool('IMAGES_KEEP_ORIGINAL'),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^smtps?:\/\/[^/]+/.test(v), 'SMTP_URL must start with smtp:// or smtps://'),
  MAIL_FROM: z
    .string()
    .optional()
    .transform((v) => (v ? v.trim() : undefined))
    .refine(
      (v) => v === undefined || /^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(v),
      'MAIL_FROM must be an e-mail address, e.g. "Post 123 <post@example.org>"',
    ),
  MAIL_RATE: z.coerce
    .number({ error: 'MAIL_RATE must be a number of messages per second' })
    .positive('MAIL_RATE must be more than 0')
    .max(1000, 'MAIL_RATE must be at most 1000')
    .default(5),
  REMINDER_HOURS: z.coerce
    .number({ error: 'REMINDER_HOURS must be a number of hours' })
    .int('REMINDER_HOURS must be a whole number of hours')
    .min(0)
    .max(24 * 14, 'REMINDER_HOURS must be at most 336')
    .default(24),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

/** The validated configuration of a running server. */
export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  publicUrl: string | undefined;
  /**
   * The site's address in every absolute link (mail, canonical, OpenGraph, feeds): PUBLIC_URL,
   * else this server's own address on localhost; never a request header (decision 0059).
   */
  siteUrl: string;
  /** Cookies are Secure (and `__Host-` prefixed) when the public URL is https. */
  secureCookies: boolean;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /** The administrator CLI as this server was started: through the package manager, or plain node (an image, a service). */
  adminCommand: string;
  /** What Fastify trusts in X-Forwarded-*: nothing, a hop count, or the proxies' addresses (decision 0059). */
  trustProxy: false | number | string;
  webDist: string;
  logLevel: string;
  /** How long a stopping node keeps serving after /readyz turns 503. */
  drainMs: number;
  /** Keep each uploaded photo's original file beside the processed ones (off: originals carry GPS positions and take space). */
  imagesKeepOriginal: boolean;
  /** E-mail delivery: without smtpUrl messages stay in the outbox, unsent. */
  mail: MailEnv;
}

/** E-mail settings (issue 19). */
export interface MailEnv {
  smtpUrl: string | undefined;
  /** The From header; defaults to a no-reply address on the public host. */
  from: string;
  /** Messages per second this node sends at most. */
  rate: number;
  /** How long before an event its volunteers are reminded. */
  reminderHours: number;
  /** The key volunteers' cancel links are signed with (SESSION_SECRET; decision 0046). */
  linkSecret: string;
}

// The bundle keeps admin.js beside this code (decision 0060): an image or a service has no
// package manager, so the start-up message names the file itself.
function adminCommand(startedBy: string | undefined): string {
  const bundled = path.join(import.meta.dirname, 'admin.js');
  if (startedBy || !import.meta.filename.endsWith('.js')) return 'npx -y pnpm@10 run admin';
  return `node ${path.relative(process.cwd(), bundled) || bundled}`;
}

/** Reads and checks process.env (the only reader of it); throws one message listing every bad value. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_USERNAME && !e.ADMIN_PASSWORD) || (!e.ADMIN_USERNAME && e.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration:\n  - ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  if (e.ADMIN_USERNAME && e.ADMIN_USERNAME.length < 3) {
    throw new Error('Invalid configuration:\n  - ADMIN_USERNAME: Username must be at least 3 characters');
  }
  if (e.ADMIN_PASSWORD && e.ADMIN_PASSWORD.length < 8) {
    throw new Error('Invalid configuration:\n  - ADMIN_PASSWORD must be at least 8 characters');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration:\n  - PUBLIC_URL is required when NODE_ENV=production: the address people use, e.g. PUBLIC_URL=https://post.example.org',
    );
  }
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.SESSION_SECRET) {
    throw new Error('Invalid configuration:\n  - SESSION_SECRET is required when NODE_ENV=production with DATABASE_URL (at least 32 characters)');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const sessionSecret = e.SESSION_SECRET ?? embeddedSecret(dataDir);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sessionSecret,
    publicUrl: e.PUBLIC_URL,
    siteUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    // A production start never loads the demo unless asked (issue 57, decision 0082); `up` asks.
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV !== 'production' && !e.DATABASE_URL),
    adminCommand: adminCommand(e.npm_lifecycle_event),
    // Only when configured: trusting X-Forwarded-For without a proxy that overwrites it lets
    // any client choose its own address and slip every per-address limit.
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    logLevel: e.LOG_LEVEL,
    drainMs: e.DRAIN_MS,
    imagesKeepOriginal: e.IMAGES_KEEP_ORIGINAL ?? false,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `no-reply@${hostOf(e.PUBLIC_URL)}`,
      rate: e.MAIL_RATE,
      reminderHours: e.REMINDER_HOURS,
      linkSecret: sessionSecret,
    },
  };
}

// The embedded default keeps a generated secret beside its data, so sessions survive restarts
// without anyone having to invent one.
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const TRUST_PROXY_HELP = 'write how many proxies stand in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)';

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: a hop count or a list of addresses and CIDRs.
 * "true" is refused: it trusts every hop, so a client picks its own address (decision 0059).
 */
function trustProxyValue(raw: string | undefined): false | number | string | { error: string } {
  const v = (raw ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) {
    return { error: `TRUST_PROXY=${raw} would trust every hop, so any client could choose its own address: ${TRUST_PROXY_HELP}` };
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? hops : { error: `TRUST_PROXY must be at most 10 hops: ${TRUST_PROXY_HELP}` };
  }
  const parts = v.split(',').map((p) => p.trim());
  const valid = (p: string) => {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(p)) return true;
    const [address, bits, extra] = p.split('/');
    if (extra !== undefined || !address || !isIP(address)) return false;
    const max = isIP(address) === 4 ? 32 : 128;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
  };
  const bad = parts.find((p) => !valid(p));
  return bad === undefined ? parts.join(',') : { error: `TRUST_PROXY: "${bad}" is not an address or CIDR: ${TRUST_PROXY_HELP}` };
}

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname : 'localhost';
  } catch {
    return 'localhost';
  }
}
