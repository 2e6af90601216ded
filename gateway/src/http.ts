import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CHAT_LANGUAGE_HEADER, chatLanguageSchema, formatIssues, nulCharacterIssue, type ChatLanguage } from '@pp/contract';

export class BadRequest extends Error {}

/** The envelope's failure body, as the API server answers it. */
export function sendError(reply: FastifyReply, status: number, failureMessage: string) {
  return reply.code(status).send({ response: null, failureMessage, errorCode: status });
}

/** Parses a body with its contract schema, or throws a 400 that names the field. */
export function parseBody<T extends z.ZodType>(schema: T, request: FastifyRequest): z.output<T> {
  const nul = nulCharacterIssue(request.body);
  if (nul) throw new BadRequest(formatIssues([nul]).failureMessage);
  const result = schema.safeParse(request.body, { reportInput: true });
  if (!result.success) throw new BadRequest(formatIssues(result.error.issues).failureMessage);
  return result.data;
}

/** The `lang` header (en-IN when absent); any other value is a 400. */
export function languageOf(request: FastifyRequest): ChatLanguage {
  const raw = request.headers[CHAT_LANGUAGE_HEADER];
  if (raw === undefined) return 'en-IN';
  const parsed = chatLanguageSchema.safeParse(raw);
  if (!parsed.success) throw new BadRequest(`lang: must be one of ${chatLanguageSchema.options.join(', ')}`);
  return parsed.data;
}
