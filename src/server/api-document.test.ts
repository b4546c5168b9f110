import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#server/lib/paths.ts';
import { openApiPath } from '#tests/setup/api-contract.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

/**
 * The API document is generated from the routes' declarations (docs/decisions/029). Every reply the other
 * API tests produce is checked against it as well (tests/setup/api-contract.ts); this file checks the
 * document itself: complete, well-formed, and only for signed-in admins.
 */

type Operation = {
  summary?: string;
  responses: Record<string, { description?: string; content?: Record<string, { schema: unknown }> }>;
};
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const t = setUpTestApp();
let cookie: string;
let document: OpenApiDocument;

beforeAll(async () => {
  ({ cookie } = t.headers);
  const res = await t.app.inject({ url: '/api/openapi.json', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  document = res.json();
});

/** Path parameters named alike, so `{id}` and `{creatorId}` or a wildcard compare as one shape. */
const shape = (apiPath: string) => apiPath.replace(/\{[^}]+\}/g, '{}');

function operationOf(method: string, apiPath: string): Operation | undefined {
  const entry = Object.entries(document.paths).find(([candidate]) => shape(candidate) === shape(apiPath));
  return entry?.[1][method.toLowerCase()];
}

describe('the API document', () => {
  it('is OpenAPI 3.1 and lists every API route the app serves', () => {
    expect(document.openapi).toBe('3.1.0');
    const missing = t.app.apiRoutes
      .filter((route) => !operationOf(route.method, openApiPath(route.url)))
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    expect(t.app.apiRoutes.length).toBeGreaterThan(40);
  });

  it("lists every call of the product's API contract (docs/product.md §7)", async () => {
    const product = await readFile(path.join(PROJECT_ROOT, 'docs', 'product.md'), 'utf8');
    const calls = new Set(
      [...product.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/api\/[^\s`|)?[\\]*)/g)].map(
        ([, method, apiPath]) => `${method} ${apiPath}`,
      ),
    );
    expect(calls.size).toBeGreaterThan(30);
    const missing = [...calls].filter((call) => {
      const [method = '', apiPath = ''] = call.split(' ');
      return !operationOf(method, apiPath);
    });
    expect(missing).toEqual([]);
  });

  it('gives each operation a summary, a success reply and its error replies, each described', () => {
    const problems: string[] = [];
    for (const [apiPath, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${apiPath}`;
        const statuses = Object.keys(operation.responses);
        if (!operation.summary) problems.push(`${where}: no summary`);
        if (!statuses.some((status) => /^[23]/.test(status))) problems.push(`${where}: no success reply`);
        for (const status of ['500', '503']) if (!statuses.includes(status)) problems.push(`${where}: no ${status}`);
        if (apiPath.startsWith('/api/admin') && !statuses.includes('401')) {
          const isPublic = ['/api/admin/login', '/api/admin/auth-status'].includes(apiPath);
          if (!isPublic) problems.push(`${where}: no 401`);
        }
        for (const [status, reply] of Object.entries(operation.responses)) {
          if (!reply.description || reply.description === 'Default Response') {
            problems.push(`${where} ${status}: no description`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('has schemas that compile, references included', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema(document, 'openapi');
    let compiled = 0;
    for (const [apiPath, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, reply] of Object.entries(operation.responses)) {
          if (!reply.content?.['application/json']) continue;
          const pointer = ['paths', apiPath, method, 'responses', status, 'content', 'application/json', 'schema']
            .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
            .join('/');
          expect(() => ajv.compile({ $ref: `openapi#/${pointer}` }), `${method} ${apiPath} ${status}`).not.toThrow();
          compiled++;
        }
      }
    }
    expect(compiled).toBeGreaterThan(100);
  });
});

describe('who may read it', () => {
  it('answers the document only to a signed-in admin', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('sends a browser that is not signed in from the reference page to the sign-in page', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/admin');
    }
    const script = await t.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(401);
  });

  it("shows a signed-in admin the reference page, which loads the viewer's scripts from this site only", async () => {
    const page = await t.app.inject({ url: '/api/docs/', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map(([, src]) => src ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(src).toMatch(/^\.\/static\//);
    const bundle = await t.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js', headers: { cookie } });
    expect(bundle.statusCode).toBe(200);
    const json = await t.app.inject({ url: '/api/docs/json', headers: { cookie } });
    expect(json.json().openapi).toBe('3.1.0');
  });

  it('sends the viewer’s scripts compressed and cached by the browser, byte for byte the same once unpacked', async () => {
    const url = '/api/docs/static/swagger-ui-bundle.js';
    const plain = await t.app.inject({ url, headers: { cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('private, max-age=86400');
    for (const [encoding, unpack] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // Twice: the second reply comes from what the first compressed.
      for (const round of [1, 2]) {
        const packed = await t.app.inject({ url, headers: { cookie, 'accept-encoding': `${encoding}, deflate` } });
        expect(packed.statusCode, `${encoding} ${round}`).toBe(200);
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers.vary).toContain('accept-encoding');
        expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(unpack(packed.rawPayload).equals(plain.rawPayload)).toBe(true);
      }
    }
  });
});
