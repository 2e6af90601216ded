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

/** Contract schemas validate every request part and every 200 body of an app. */
export function useContractSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
