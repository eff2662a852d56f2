/** GET /api/openapi.json (OpenAPI 3.1) and GET /api/docs (the same, as a page): built once, on first request. */
import { Hono } from 'hono';
import { buildOpenApiDocument, openApiText } from './document';
import { docsPage } from './docs-page';

export function openApiRoutes() {
  let json: string | undefined;
  let html: string | undefined;
  return new Hono()
    .get('/openapi.json', (c) => {
      json ??= openApiText();
      return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8' });
    })
    .get('/docs', (c) => c.html((html ??= docsPage(buildOpenApiDocument()))));
}
