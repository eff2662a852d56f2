/**
 * /api/docs: the OpenAPI document as one HTML page rendered here, on the server. No script at
 * all and nothing from a CDN, so it works offline and under our CSP as it is (script-src 'self';
 * styles may be inline). A reader who wants a richer tool loads /api/openapi.json into their own.
 */
import type { OpenApiDocument } from './document';

type Json = Record<string, unknown>;

/** Text and double-quoted attribute values (the only kind this page writes) made safe. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/** `#/components/schemas/Client` → a link to that schema's section; `#/components/responses/X` → its name. */
function refLink(ref: string): string {
  const name = ref.split('/').pop()!;
  return ref.includes('/schemas/') ? `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>` : escapeHtml(name);
}

function schemaOf(content: unknown): string {
  const schema = (content as { 'application/json'?: { schema?: Json } } | undefined)?.['application/json']?.schema;
  if (!schema) return '';
  return typeof schema.$ref === 'string' ? refLink(schema.$ref) : `<code>${escapeHtml(JSON.stringify(schema))}</code>`;
}

function operationHtml(method: string, path: string, op: Json, responses: Record<string, Json>): string {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${p.in === 'path' ? 'chemin' : 'requête'}${
          p.required ? ', obligatoire' : ''
        }</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td><td>${escapeHtml(String(p.description ?? ''))}</td></tr>`,
    )
    .join('');
  const body = op.requestBody as { content?: unknown } | undefined;
  const answers = Object.entries(op.responses as Record<string, Json>)
    .map(([status, answer]) => {
      const resolved = typeof answer.$ref === 'string' ? responses[answer.$ref.split('/').pop()!]! : answer;
      return `<li><b>${escapeHtml(status)}</b> ${escapeHtml(String(resolved.description))} ${schemaOf(resolved.content)}</li>`;
    })
    .join('');
  return `<section class="op" id="${escapeHtml(String(op.operationId))}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(String(op.summary))}</p>${op.description ? `<p class="d">${escapeHtml(String(op.description))}</p>` : ''}
${paramRows ? `<table><thead><tr><th>Paramètre</th><th>Où</th><th>Schéma</th><th></th></tr></thead><tbody>${paramRows}</tbody></table>` : ''}
${body ? `<p>Corps JSON : ${schemaOf(body.content)}</p>` : ''}
<ul>${answers}</ul>
</section>`;
}

export function docsPage(doc: OpenApiDocument): string {
  const responses = doc.components.responses as Record<string, Json>;
  const byTag = doc.tags.map(({ name, description }) => {
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => (op.tags as string[])[0] === name)
        .map(([method, op]) => operationHtml(method, path, op, responses)),
    );
    return `<h2>${escapeHtml(name)}</h2><p class="d">${escapeHtml(description)}</p>${ops.join('\n')}`;
  });
  const schemas = Object.entries(doc.components.schemas).map(
    ([name, schema]) =>
      `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><p>${escapeHtml(String(schema.description ?? ''))}</p><pre>${escapeHtml(
        JSON.stringify({ ...schema, description: undefined }, null, 2),
      )}</pre></section>`,
  );
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:0 auto;padding:1rem 1.5rem;color:#1f2937}
h2{border-bottom:1px solid #d1d5db;margin-top:2.5rem}
.op{border:1px solid #e5e7eb;border-radius:6px;padding:.25rem 1rem;margin:1rem 0}
.op h3{font-size:1rem;margin:.5rem 0}
.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem}
.get{background:#2563eb}.post{background:#059669}.patch{background:#d97706}.put{background:#7c3aed}.delete{background:#dc2626}
.d{color:#4b5563}
table{border-collapse:collapse;font-size:.9rem}td,th{border:1px solid #e5e7eb;padding:.2rem .5rem;text-align:left;vertical-align:top}
pre{background:#f3f4f6;padding:.75rem;overflow:auto;font-size:.8rem}
code{font-size:.85rem}
</style>
</head>
<body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>OpenAPI ${escapeHtml(doc.openapi)} : <a href="/api/openapi.json">/api/openapi.json</a></p>
${byTag.join('\n')}
<h2>Schémas</h2>
${schemas.join('\n')}
</body>
</html>
`;
}
