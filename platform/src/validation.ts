import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { nulCharacterIssue } from '@pp/contract';

/** A request part (body, query, params) that failed its contract schema. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    readonly part: string | undefined,
  ) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * Validates each request part with its zod schema from contract/. `reportInput` lets the message
 * formatter tell a missing field ("required") from a wrong one.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    const nul = nulCharacterIssue(data);
    if (nul) return { error: new RequestValidationError([nul], httpPart) };
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, httpPart) };
  };

/**
 * A frozen answer (a cached one: the same object on every request) is checked against its schema
 * and written out once per route, not on every request; everything else, every time.
 */
const memoisedSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let text = written.get(data);
    if (text === undefined) written.set(data, (text = serialize(data)));
    return text;
  };
};

/** Contract schemas validate every request part and every 200 body of an app. */
export function useContractSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(memoisedSerializerCompiler);
}

/** Freezes an answer deeply, so that it may be kept and served again as it is (see above). */
export function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}
