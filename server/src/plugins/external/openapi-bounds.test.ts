import { describe, expect, it } from 'vitest';
import { ERROR_CODES, INTERNAL_TOKEN_HEADER, INVALID_INPUT_KEY, api, type ErrorBody } from '@pp/contract';
import { DEV_INTERNAL_TOKEN } from '@pp/platform';
import { createPartnerUser, createStaffUser, freshIp, setupFeatureTest, signIn, withReferenceData } from '@pp/testing';
import { OPENAPI_PATH } from './openapi.ts';

/**
 * The document says what the server enforces: from the OpenAPI document alone, each bounded
 * parameter and top-level body field gets a value just inside its bounds and one just outside; the
 * one inside must not be refused by the contract's schemas for that field (a rule of the portal may
 * still refuse it: no such row, a company the partner does not work with), the one outside must be
 * refused (400) naming it. Bounds: an integer's minimum and maximum, a string's lengths (with no
 * pattern or format, whose inside value cannot be made from the length alone), an enum's values.
 * The other parts of the request are made from the document too: each other path parameter a value
 * its schema takes, and a body of the required fields when a parameter is tried.
 */
const { db, app } = await setupFeatureTest({ referenceData: false });
await withReferenceData(db);

interface Schema {
  type?: string | string[];
  required?: string[];
  const?: unknown;
  items?: Schema;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
}
interface Operation {
  operationId: string;
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** A value the schema takes at one edge of one bound, and one just past it; `inside` undefined when none can be made. */
interface Probe {
  bound: string;
  inside?: unknown;
  outside: unknown;
}

const SAFE = 2 ** 53 - 1;

function probesOf(schema: Schema): Probe[] {
  const s = schema.anyOf?.find((b) => b.type !== 'null') ?? schema;
  const probes: Probe[] = [];
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    const numeric = typeof s.enum[0] === 'number';
    const outside = numeric ? Math.max(...(s.enum as number[])) + 1 : 'NOT_ONE_OF_THEM';
    probes.push({ bound: 'enum', inside: s.enum[0], outside });
    return probes;
  }
  if (s.type === 'integer') {
    if (s.minimum !== undefined && s.minimum > -SAFE)
      probes.push({ bound: 'minimum', inside: s.minimum, outside: s.minimum - 1 });
    if (s.maximum !== undefined && s.maximum < SAFE) probes.push({ bound: 'maximum', inside: s.maximum, outside: s.maximum + 1 });
  }
  if (s.type === 'string') {
    const plain = s.pattern === undefined && s.format === undefined;
    if (s.maxLength !== undefined)
      probes.push({
        bound: 'maxLength',
        ...(plain ? { inside: 'a'.repeat(s.maxLength) } : {}),
        outside: 'a'.repeat(s.maxLength + 1),
      });
    if (s.minLength !== undefined && s.minLength > 1 && plain)
      probes.push({ bound: 'minLength', inside: 'a'.repeat(s.minLength), outside: 'a'.repeat(s.minLength - 1) });
  }
  return probes;
}

/** Everyday values a patterned string may take (a name, a designation, a code): the first its pattern takes is used. */
const PATTERN_CANDIDATES = ['Asha Rao', 'Director', 'SUP', 'abc', 'ABC', 'A1', '1', 'a@example.com'];

/** A value the schema takes, made from it alone; undefined when it cannot be made. */
function sampleOf(schema: Schema): unknown {
  const s = schema.anyOf?.find((b) => b.type !== 'null') ?? schema;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (s.format !== undefined) return undefined;
      if (s.pattern !== undefined) return PATTERN_CANDIDATES.find((c) => new RegExp(s.pattern!).test(c));
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    case 'array':
      return (s.minItems ?? 0) === 0 ? [] : undefined;
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of s.required ?? []) {
        const field = sampleOf(s.properties?.[name] ?? {});
        if (field === undefined) return undefined;
        value[name] = field;
      }
      return value;
    }
    default:
      return undefined;
  }
}

/** Whether a failure names the field: in its field errors, or as the failureMessage's subject. */
function names(body: ErrorBody | undefined, field: string): boolean {
  if (!body) return false;
  const about = (f: string) => f === field || f.startsWith(`${field}.`) || f.startsWith(`${field}[`);
  return (body.fieldErrors ?? []).some((e) => about(e.field)) || body.failureMessage.startsWith(`${field}:`);
}

describe('the OpenAPI document says what the server enforces', () => {
  it('refuses each bounded parameter and body field just past its bound, naming it, and takes it at the bound', async () => {
    const doc = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json<Document>();
    const partner = await createPartnerUser(db, { onboardStatus: 'Approved' });
    const admin = await createStaffUser(db, 'ADMIN');
    const tokens = { partner: '', staff: '' };
    const signInAll = async () => {
      tokens.partner = (await signIn(app, partner.username)).token;
      tokens.staff = (await signIn(app, admin.username)).token;
    };
    await signInAll();
    const headersFor = (op: Operation): Record<string, string> => {
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      if (schemes.includes('partnerSession')) return { authorization: `Bearer ${tokens.partner}` };
      if (schemes.includes('staffSession')) return { authorization: `Bearer ${tokens.staff}` };
      if (schemes.includes('internalToken')) return { [INTERNAL_TOKEN_HEADER]: DEV_INTERNAL_TOKEN };
      return {};
    };

    const checked: string[] = [];
    const wrong: string[] = [];
    const unbounded: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      // The gateway's calls go to the gateway, which these tests do not run.
      if (path.startsWith('/chatbot/')) continue;
      for (const [method, op] of Object.entries(operations)) {
        const parameters = op.parameters ?? [];
        const body = op.requestBody?.content['application/json']?.schema;
        const fields: { name: string; in: 'path' | 'query' | 'body'; schema: Schema }[] = [
          ...parameters
            .filter((p) => p.in !== 'header')
            .map((p) => ({ name: p.name, in: p.in as 'path' | 'query', schema: p.schema })),
          ...Object.entries(body?.properties ?? {}).map(([name, schema]) => ({ name, in: 'body' as const, schema })),
        ];
        const pathSample = (name: string) => {
          const schema = parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
          const sample = sampleOf(schema);
          return typeof sample === 'string' || typeof sample === 'number' ? String(sample) : 'a';
        };
        // The developer controls and the mailbox answer a client on this machine only: no proxy header.
        const from = path.includes('/dev/') ? {} : freshIp();
        for (const field of fields) {
          const s = field.schema.anyOf?.find((b) => b.type !== 'null') ?? field.schema;
          // An integer the server takes is bounded (its column, a page size): the document says how.
          if (s.type === 'integer' && !s.enum && !((s.minimum ?? -SAFE) > -SAFE && (s.maximum ?? SAFE) < SAFE))
            unbounded.push(`${op.operationId} ${field.in} ${field.name}`);
          for (const probe of probesOf(field.schema)) {
            const send = async (value: unknown) => {
              let url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
                name === field.name ? String(value) : pathSample(name),
              );
              if (field.in === 'query') url += `?${new URLSearchParams({ [field.name]: String(value) }).toString()}`;
              const request = () =>
                app.inject({
                  method: method.toUpperCase() as 'GET',
                  url,
                  headers: { ...headersFor(op), ...from },
                  ...(field.in === 'body' ? { payload: { [field.name]: value } } : body ? { payload: sampleOf(body) ?? {} } : {}),
                });
              let res = await request();
              // A call before this one ended a session (a logout, a password change): sign in again.
              if (res.statusCode === 401 || res.statusCode === 440) {
                await signInAll();
                res = await request();
              }
              // The developer controls' calls may move the clock or add a rule: put them back.
              if (op.operationId.startsWith('devtools')) {
                await app.inject({ method: 'DELETE', url: '/partner-api/dev/clock' });
                await app.inject({ method: 'DELETE', url: '/partner-api/dev/faults' });
              }
              const json = res.headers['content-type']?.includes('json') ? res.json<ErrorBody>() : undefined;
              return { status: res.statusCode, body: json };
            };
            const where = `${op.operationId} ${field.in} ${field.name} ${probe.bound}`;
            checked.push(where);
            const outside = await send(probe.outside);
            if (outside.status !== 400 || !names(outside.body, field.name))
              wrong.push(
                `${where}: ${JSON.stringify(probe.outside).slice(0, 40)} answered ${outside.status} ${outside.body?.failureMessage ?? ''}`,
              );
            if (probe.inside === undefined) continue;
            const inside = await send(probe.inside);
            const refusedByItsSchema =
              inside.status === 400 && inside.body?.errorKey === INVALID_INPUT_KEY && names(inside.body, field.name);
            if (inside.status >= 500 || refusedByItsSchema)
              wrong.push(
                `${where}: ${JSON.stringify(probe.inside).slice(0, 40)} answered ${inside.status} ${inside.body?.failureMessage ?? ''}`,
              );
          }
        }
      }
    }
    expect(unbounded).toEqual([]);
    expect(wrong).toEqual([]);
    // Every bound the document states was tried: the integer parameters of every list at least.
    expect(checked.length).toBeGreaterThan(300);
    expect(checked).toContain(`${api.notification.list.operationId} query pageSize maximum`);
  }, 300_000);

  it('limits errorCode to the statuses the portal answers with', async () => {
    const doc = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
      components: { schemas: Record<string, Schema> };
    }>();
    expect(doc.components.schemas.ErrorBody!.properties!.errorCode!.enum).toEqual([...ERROR_CODES]);
  });
});
