/**
 * The OpenAPI document stays true (docs/product.md#documented-api): the committed
 * docs/openapi.json is what the code builds, every route the app registers is described (and
 * nothing else), and /api/docs renders it from our origin under our CSP.
 */
import fs from 'node:fs';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp } from '@/server/test/test-accounts';
import { buildOpenApiDocument, openApiText, type OpenApiDocument } from './document';

const COMMITTED = 'docs/openapi.json';

/**
 * The registered /api routes that the document does not describe, and the described ones no route
 * serves. A wildcard route (`/api/auth/*`, better-auth's) is covered by the operations under it.
 */
function coverage(routes: readonly { method: string; path: string }[], doc: OpenApiDocument) {
  const described = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  // Middleware (`use`) and catch-alls are registered as ALL: they are not routes of the API.
  const registered = [
    ...new Set(
      routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`),
    ),
  ];
  const covers = (route: string, op: string) =>
    route.endsWith('/*') ? op.split(' ')[0] === route.split(' ')[0] && op.startsWith(route.slice(0, -1)) : op === route;
  return {
    missing: registered.filter((route) => !described.some((op) => covers(route, op))),
    stale: described.filter((op) => !registered.some((route) => covers(route, op))),
  };
}

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  // better-auth checks its tables on first use: let it finish before the database closes.
  expect((await t.call('GET', '/api/session')).status).toBe(200);
});
afterAll(() => t.db.close());

describe('the OpenAPI document', () => {
  it(`is the one committed in ${COMMITTED} (after a change: npm run openapi)`, () => {
    expect(fs.readFileSync(COMMITTED, 'utf8'), `${COMMITTED} is stale: run « npm run openapi »`).toBe(openApiText());
  });

  it('describes every route the app registers (accounts mode: every route exists), and no other', () => {
    expect(coverage(t.app.routes, buildOpenApiDocument())).toEqual({ missing: [], stale: [] });
  });

  it('notices a route added without a description, and a description without its route', () => {
    const app = new Hono()
      .get('/api/health', (c) => c.text('ok'))
      .post('/api/nouveau', (c) => c.text('ok'))
      .on(['GET', 'POST'], '/api/auth/*', (c) => c.text('ok'));
    const { missing, stale } = coverage(app.routes, buildOpenApiDocument());
    expect(missing).toEqual(['POST /api/nouveau']);
    expect(stale).toContain('GET /api/clients');
    expect(stale).not.toContain('POST /api/auth/sign-in/email');
  });

  it('names every schema it refers to, and answers every operation with its errors', () => {
    const doc = buildOpenApiDocument();
    const text = JSON.stringify(doc);
    for (const [, kind, name] of text.matchAll(/"#\/components\/(schemas|responses)\/([^"]+)"/g)) {
      expect(doc.components[kind as 'schemas' | 'responses'], `${kind}/${name}`).toHaveProperty([name!]);
    }
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const statuses = Object.keys(op.responses as object);
        expect(statuses, `${method} ${path}`).toContain('500');
        if (op.requestBody) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '413']));
        expect(op.summary, `${method} ${path}`).toMatch(/^[A-ZÀ-Ý]/);
      }
    }
  });

  it('gives the body of a route the schema it validates with, named', () => {
    const doc = buildOpenApiDocument();
    const patchCells = doc.paths['/api/cells']!.patch!;
    expect(patchCells.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/CellUpdates' } } },
    });
    expect(doc.components.schemas.CellUpdates).toMatchObject({ type: 'array', minItems: 1, maxItems: 5000 });
    expect(doc.components.schemas.CellUpdate).toMatchObject({
      properties: {
        field: { enum: ['previsionnel', 'achat_previsionnel', 'reel', 'achat'] },
        month: { minimum: 0, maximum: 11 },
      },
      additionalProperties: false,
    });
  });
});

describe('GET /api/openapi.json and /api/docs', () => {
  let cookie = '';

  it('serves the document to a signed-in user (accounts mode), like the data it describes', async () => {
    expect((await t.call('GET', '/api/openapi.json')).status).toBe(401);
    expect((await t.call('GET', '/api/docs')).status).toBe(401);
    await t.addUser('doc@agence.fr');
    cookie = await t.signIn('doc@agence.fr');
    const res = await t.call('GET', '/api/openapi.json', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.text).toBe(openApiText());
  });

  it('renders the document as a page of our own origin: no script, nothing from elsewhere, under the CSP', async () => {
    const res = await t.app.request('/api/docs', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const text = await res.text();
    expect(text).not.toMatch(/<script|<link|src=/i);
    expect(text).not.toMatch(/https?:\/\//);
    const doc = buildOpenApiDocument();
    for (const methods of Object.values(doc.paths)) {
      for (const op of Object.values(methods)) expect(text).toContain(op.summary as string);
    }
    expect(text).toContain('id="schema-CellUpdates"');
  });
});
