import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageKey } from '#shared/messages/message.ts';
import { textCharacterProblem } from '#shared/schemas/fields.ts';
import { AppError } from '../lib/app-error.ts';

/** How deep a JSON body is walked; ours are flat, so anything deeper is refused by its schema anyway. */
const MAX_DEPTH = 8;

/** The first string anywhere in `value` that holds a control character, as [top-level name, message]. */
function findProblem(value: unknown, name: string, isMultiline: boolean, depth = 0): [string, MessageKey] | null {
  if (typeof value === 'string') {
    const problem = textCharacterProblem(value, { isMultiline }) ?? textCharacterProblem(name);
    return problem ? [name, problem] : null;
  }
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findProblem(item, depth === 0 && !Array.isArray(value) ? key : name, isMultiline, depth + 1);
    if (found) return found;
  }
  return null;
}

function refuse([name, message]: [string, MessageKey]): never {
  // A made-up name goes back printable and short.
  const field = name.replace(/[^\x20-\x7E]/g, '?').slice(0, 40);
  throw new AppError('VALIDATION_FAILED', message, { [field]: message });
}

/**
 * A control character in any path parameter, query parameter or JSON string is a 400 naming the field
 * (issue: a NUL reached PostgreSQL and answered 500). Schemas check each field with its own rules too (names
 * also refuse text-direction controls); this is the floor under every route, the ones added later included.
 * Multipart fields are checked as they are read (lib/multipart-body.ts).
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    try {
      const inAddress = findProblem(request.params ?? {}, '', false) ?? findProblem(request.query ?? {}, '', false);
      if (inAddress) refuse(inAddress);
      // Long answers may hold line breaks and tabs; single-line fields refuse them in their schemas.
      const inBody = typeof request.body === 'object' ? findProblem(request.body, '', true) : null;
      if (inBody) refuse(inBody);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
