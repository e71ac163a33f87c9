import { spawnSync } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A self-signed certificate for 127.0.0.1, and the hash Chromium is told to trust it by. */
export interface Certificate {
  key: Buffer;
  cert: Buffer;
  /** For `--ignore-certificate-errors-spki-list`: the browser treats the certificate as valid, so it caches what it serves. */
  spki: string;
}

/** Made by `openssl` (Debian's `openssl` package) in a temporary folder, removed at once. */
export function selfSignedCertificate(): Certificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cert-'));
  try {
    const out = ['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')];
    const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
    const r = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', ...subject, ...out], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`openssl could not make the benchmark's certificate (apt-get install -y openssl): ${r.stderr ?? r.error}`);
    const cert = readFileSync(path.join(dir, 'cert.pem'));
    const der = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
    return { key: readFileSync(path.join(dir, 'key.pem')), cert, spki: createHash('sha256').update(der).digest('base64') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/**
 * HTTPS and HTTP/2 in front of the app on 127.0.0.1:`appPort`, on 127.0.0.1:`port`, as the
 * deployment's Caddy or nginx serves it (docs/deploy.md): the client's host, X-Forwarded-For and
 * -Proto set, the answer passed on as it is (compressed by the app). Resolves once listening.
 */
export async function startHttpsFront(port: number, appPort: number, certificate: Certificate): Promise<http2.Http2SecureServer> {
  const server = http2.createSecureServer({ key: certificate.key, cert: certificate.cert, allowHTTP1: true }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (!k.startsWith(':') && !HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
    headers.host = req.headers[':authority'] ?? req.headers.host;
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
    headers['x-forwarded-proto'] = 'https';
    const upstream = http.request({ host: '127.0.0.1', port: appPort, method: req.method, path: req.url, headers }, (answer) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = v;
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
