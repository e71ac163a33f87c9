import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The administrator every test app starts with. */
export const ADMIN = { username: 'adjutant', password: 'correct horse battery' } as const;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A cookie-keeping client over app.inject, like one browser. */
export class Agent {
  readonly app: FastifyInstance;
  cookies = new Map<string, string>();
  constructor(app: FastifyInstance) {
    this.app = app;
  }
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
  put(url: string, body: unknown, headers?: Record<string, string>) {
    return this.request('PUT', url, body, headers);
  }
  patch(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('PATCH', url, body, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request('DELETE', url, undefined, headers);
  }
  /** Signs in as the test administrator. */
  async loginAdmin(username: string = ADMIN.username, password: string = ADMIN.password) {
    const res = await this.post('/api/login', { username, password });
    if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
    return res;
  }
  /** Signs in as a member. */
  async loginMember(membershipNumber: string, password = 'member-pass-123') {
    const res = await this.post('/api/member/login', { membershipNumber, password });
    if (res.statusCode !== 200) throw new Error(`member login failed: ${res.statusCode} ${res.body}`);
    return res;
  }
}
