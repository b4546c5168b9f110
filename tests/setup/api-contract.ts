import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Every reply an API test produces is checked against the OpenAPI document (docs/decisions/029): its route
 * and status must be documented, and a JSON body must validate against the documented schema. A mismatch is
 * recorded here and fails the test that caused it (tests/setup/api-contract-hooks.ts).
 */

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
};

const violations: string[] = [];

/** What the replies so far broke, emptied by reading. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/** `/api/admin/creators/:creatorId` as OpenAPI writes it: `/api/admin/creators/{creatorId}`. */
export function openApiPath(url: string): string {
  return url.replace(/(.)\/$/, '$1').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const routeKey = (method: string, url: string) => `${method} ${url}`;

/** One validator per document and reply: the document is the same for every app of a test file. */
const validatorsByDocument = new Map<string, ReturnType<typeof compileValidators>>();

function validatorsFor(document: OpenApiDocument) {
  const key = JSON.stringify(document);
  let validators = validatorsByDocument.get(key);
  if (!validators) {
    validators = compileValidators(document);
    validatorsByDocument.set(key, validators);
  }
  return validators;
}

function compileValidators(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi');
  const cache = new Map<string, ValidateFunction>();
  return (path: string, method: string, status: string): ValidateFunction => {
    const pointer = ['paths', path, method, 'responses', status, 'content', 'application/json', 'schema']
      .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    let validate = cache.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#/${pointer}` });
      cache.set(pointer, validate);
    }
    return validate;
  };
}

/**
 * Adds the check to an app whose routes are all registered; routes added after this (tests' own routes) are
 * not the API's and are left alone.
 */
export function checkRepliesAgainstDocument(app: FastifyInstance): void {
  const apiRoutes = new Set(app.apiRoutes.map((route) => routeKey(route.method, route.url)));
  let validator: ReturnType<typeof validatorsFor> | undefined;
  let document: OpenApiDocument | undefined;

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const { url, method } = request.routeOptions;
    if (!url || !apiRoutes.has(routeKey(method as string, url.replace(/(.)\/$/, '$1')))) return payload;
    document ??= app.swagger() as unknown as OpenApiDocument;
    validator ??= validatorsFor(document);
    const path = openApiPath(url);
    const operation = document.paths[path]?.[request.method.toLowerCase()];
    const where = `${request.method} ${url} → ${reply.statusCode}`;
    if (!operation) {
      violations.push(`${where}: the route is not in the document`);
      return payload;
    }
    const documented = operation.responses?.[String(reply.statusCode)];
    if (!documented) {
      violations.push(`${where}: the status is not documented`);
      return payload;
    }
    // Fastify sends no body with a 204 or a 304, whatever the handler passed.
    if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (typeof payload !== 'string' || !contentType.startsWith('application/json') || payload === '') return payload;
    if (!documented.content?.['application/json']) {
      violations.push(`${where}: a JSON reply where the document declares none`);
      return payload;
    }
    const validate = validator(path, request.method.toLowerCase(), String(reply.statusCode));
    if (!validate(JSON.parse(payload))) {
      violations.push(`${where}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    }
    return payload;
  });
}
