import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { serverMessages } from '@post/contracts/messages/server';
import type { Env } from '../env.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers, a strict CSP, and refusal of unsafe requests sent from other sites. */
export const securityPlugin = fp(async (app, opts: { env: Env }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner position popups with inline style attributes and sonner injects
        // one stylesheet; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.env.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.env.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  app.addHook('onRequest', async (req, reply) => {
    if (!UNSAFE.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    if (site) {
      if (site === 'same-origin' || site === 'none') return;
      return reply.code(403).send({ message: serverMessages.crossSite });
    }
    const origin = req.headers.origin;
    if (origin === undefined) return;
    const allowed = new Set([hostOf(`http://${req.headers.host ?? ''}`), opts.env.publicUrl ? hostOf(opts.env.publicUrl) : undefined]);
    const originHost = origin === 'null' ? undefined : hostOf(origin);
    if (!originHost || !allowed.has(originHost)) return reply.code(403).send({ message: serverMessages.crossSite });
  });
});

// The host part of a URL with default ports dropped, so http://x:80 and x match.
function hostOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.port === '' || u.port === (u.protocol === 'https:' ? '443' : '80') ? u.hostname : u.host;
  } catch {
    return undefined;
  }
}
