import type { generateOpenApiDocument } from 'trpc-to-openapi';
import { escapeMarkup as esc } from './escape.ts';

type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The JSON schema of a request or response body (none for a reference). */
function jsonSchema(body: { content?: Record<string, { schema?: unknown }> } | { $ref: string } | undefined): unknown {
  return body && 'content' in body ? body.content?.['application/json']?.schema : undefined;
}

/** A readable, self-contained API reference page (no scripts, no third-party assets). */
export function renderApiReference(doc: OpenApiDocument): string {
  const sections: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const body = jsonSchema(op.requestBody);
      const params = (op.parameters ?? []).map((p) => ('name' in p ? `${esc(p.name)} (${esc(p.in)}${p.required ? ', required' : ''})` : '')).join(', ');
      const ok = jsonSchema(op.responses?.['200']);
      sections.push(`<section><h3><code>${esc(method.toUpperCase())} /api${esc(path)}</code></h3>
<p>${esc(op.summary)}${op.security?.length ? ' <strong>(session required)</strong>' : ''}</p>
${params ? `<p>Parameters: ${params}</p>` : ''}
${body ? `<details><summary>Request body</summary><pre>${esc(JSON.stringify(body, null, 2))}</pre></details>` : ''}
${ok ? `<details><summary>Response</summary><pre>${esc(JSON.stringify(ok, null, 2))}</pre></details>` : ''}
</section>`);
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>API reference</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1b2a4a}code,pre{font-family:ui-monospace,monospace}pre{background:#f4f5f8;padding:.75rem;overflow:auto}section{border-top:1px solid #d6dae3;padding:.5rem 0}</style>
</head><body><h1>${esc(doc.info?.title)} reference</h1><p>${esc(doc.info?.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${esc(doc.openapi)}).</p>
<h2>Errors</h2><p>Every error is JSON <code>{ "message": string, "issues"?: [{ "path": string[], "message": string }] }</code> with status 400, 401, 403, 404, 409, 413 or 429.</p>
<h2>Operations</h2>${sections.join('\n')}</body></html>`;
}
