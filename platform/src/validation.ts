import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { nulCharacterIssue, type RequestPart } from '@pp/contract';

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

/** The request part an error names when it is about the whole part (an unknown field): as the contract's calls name it. */
export const requestPartOf = (httpPart: string | undefined): RequestPart =>
  httpPart === 'querystring' ? 'query' : httpPart === 'params' ? 'params' : 'body';

/** How many distinct queries (or path parameters) of one route keep their validated value. */
const VALIDATED_KEPT_PER_ROUTE = 256;

/**
 * The bodies of reads sent as a POST (an endpoint's `readsOnly`: a page of orders, of RFQs): a
 * question, like a query string, asked again and again. Their schemas are functions of the text
 * alone too; other bodies may not be (a year checked against today's date), and are rarely sent
 * twice.
 */
const questionRoutes = new Set<string>();
/** Keeps the validated bodies of the route at `url` (with its prefix), as those of a query. */
export const keepValidatedBodiesOf = (method: string, url: string) => void questionRoutes.add(`${method} ${url}`);

/**
 * Validates each request part with its zod schema from contract/. `reportInput` lets the message
 * formatter tell a missing field ("required") from a wrong one.
 *
 * A query's or path's schema is a function of its text alone (no clock, no database), and the
 * same few are asked again and again (a list's first page, a search being paged): their valid
 * values are kept by route and handed out as copies. Parsing them with zod was a tenth of a cached
 * list's time. A query from `keptQuerystringParser` is known by its object (the same text gives
 * the same frozen object); anything else by its JSON. Bodies are validated every time, but for
 * those of reads (`keepValidatedBodiesOf`), kept as queries are: their validation was 8.2 % of an
 * orders page served from memory in a perf profile, 2.0 % kept.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart, method, url }) => {
  const validate = (data: unknown) => {
    const nul = nulCharacterIssue(data);
    if (nul) return { error: new RequestValidationError([nul], httpPart) };
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, httpPart) };
  };
  const kept =
    httpPart === 'querystring' || httpPart === 'params' || (httpPart === 'body' && questionRoutes.has(`${method} ${url}`));
  if (!kept) return validate;
  const keptByText = new Map<string, Record<string, unknown>>();
  const keptByQuery = new WeakMap<object, Record<string, unknown>>();
  /** Only flat values are kept: a copy of one shares nothing a handler could change. */
  const isFlat = (value: unknown): value is Record<string, unknown> =>
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((field) => field === null || typeof field !== 'object');
  return (data: unknown) => {
    // Only flat input is written out as a key: a body may nest deeper than JSON.stringify can go.
    if (!isFlat(data)) return validate(data);
    const shared = Object.isFrozen(data);
    const key = shared ? '' : JSON.stringify(data);
    const value = shared ? keptByQuery.get(data) : keptByText.get(key);
    if (value) return { value: { ...value } };
    const answer = validate(data);
    if ('value' in answer && isFlat(answer.value)) {
      if (shared) keptByQuery.set(data, answer.value);
      else {
        if (keptByText.size >= VALIDATED_KEPT_PER_ROUTE) keptByText.clear();
        keptByText.set(key, answer.value);
      }
      return { value: { ...answer.value } };
    }
    return answer;
  };
};

/** The bytes of answers written once: a kept answer is sent as the same Buffer on every serving. */
const writtenOnceBytes = new WeakSet<Buffer>();
/** Whether these bytes are an answer written once, which may be sent again as they are. */
export const isWrittenOnce = (bytes: Buffer) => writtenOnceBytes.has(bytes);

/**
 * An answer kept to be served again (a cached one): checked against its schema and written out on
 * its first serving, then kept as those bytes only — its object graph costs about three times the
 * text, which matters for caches of tens of thousands of answers. Bytes rather than text: a string
 * is encoded to UTF-8 again on every write to the socket (a 7.7 KB orders page served from memory:
 * 7 % of the server's time in a CPU profile), and Fastify sends a Buffer as it is.
 */
class WrittenOnce {
  private bytes: Buffer | undefined;
  constructor(
    private source: unknown,
    private text: string | undefined = undefined,
  ) {}
  write(serialize: (data: unknown) => string): Buffer {
    if (this.bytes === undefined) {
      const text = this.text ?? serialize(this.source);
      // A memory of its own, not a slice of Node's shared pool, which a kept slice would hold whole.
      this.bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
      this.bytes.write(text);
      writtenOnceBytes.add(this.bytes);
      this.source = undefined;
      this.text = undefined;
    }
    return this.bytes;
  }
}

const memoisedSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  // Fastify's type says text; its reply sends a Buffer from a serializer as it sends text.
  return (data: unknown) => (data instanceof WrittenOnce ? (data.write(serialize) as unknown as string) : serialize(data));
};

/** Contract schemas validate every request part and every 200 body of an app. */
export function useContractSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(memoisedSerializerCompiler);
}

/**
 * An answer the database already wrote as JSON (a prepared statement's json_build_object), sent as
 * it is: parsing it, checking it against the schema and writing it out again was a third of the
 * server's work on the orders page, for text whose every key the statement names. Such a route's
 * tests read its answers through the schema instead. Typed as the answer.
 */
export function writtenByDatabase<T>(json: string): T {
  return new WrittenOnce(undefined, json) as T;
}

/**
 * Makes an answer that may be kept and served again as it is: the route writes it out once and
 * keeps only the text (see WrittenOnce). Typed as the answer, which no code may read back. An
 * answer the database wrote (`writtenByDatabase`) is already one, and is returned as it is.
 */
export function writtenOnce<T>(value: T): T {
  return (value instanceof WrittenOnce ? value : new WrittenOnce(value)) as T;
}
