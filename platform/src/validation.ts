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
 * An answer kept to be served again (a cached one): checked against its schema and written out on
 * its first serving, then kept as that text only — its object graph costs about three times the
 * text, which matters for caches of tens of thousands of answers.
 */
class WrittenOnce {
  private text: string | undefined;
  constructor(private source: unknown) {}
  write(serialize: (data: unknown) => string): string {
    if (this.text === undefined) {
      this.text = serialize(this.source);
      this.source = undefined;
    }
    return this.text;
  }
}

const memoisedSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  return (data: unknown) => (data instanceof WrittenOnce ? data.write(serialize) : serialize(data));
};

/** Contract schemas validate every request part and every 200 body of an app. */
export function useContractSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(memoisedSerializerCompiler);
}

/**
 * Makes an answer that may be kept and served again as it is: the route writes it out once and
 * keeps only the text (see WrittenOnce). Typed as the answer, which no code may read back.
 */
export function writtenOnce<T>(value: T): T {
  return new WrittenOnce(value) as T;
}
