import { runInNewContext } from 'node:vm';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leanContractModule } from './lean-contract.ts';

/** Runs a transformed module (JavaScript and type aliases, its one export a constant) with the given globals. */
function evaluate(code: string, name: string, globals: Record<string, unknown>): unknown {
  const body = code
    .replace(/^import .*$/gm, '')
    .replace(/^export /gm, '')
    .replace(/^type .*$/gm, '');
  return runInNewContext(`${body}\n${name};`, { ...globals }) as unknown;
}

const endpoint = <T>(definition: T) => definition;

describe('leanContractModule', () => {
  it("drops an endpoint's schemas and keeps what the browser calls it with", () => {
    const source = `import { z } from 'zod';
export const calls = {
  find: endpoint({
    method: 'GET',
    path: '/api/thing/:id',
    params: z.object({ id: z.string() }),
    query: z.object({ q: z.string() }),
    headers: z.object({ lang: z.string() }),
    response: z.object({ response: z.array(z.string()) })
  }),
  save: endpoint({ method: 'POST', path: '/api/thing', body: z.object({ name: z.string() }), response: z.null() }),
};`;
    const lean = leanContractModule(source)!.toString();
    const calls = evaluate(lean, 'calls', { z, endpoint }) as Record<string, Record<string, unknown>>;
    expect(calls.find).toEqual({ method: 'GET', path: '/api/thing/:id' });
    expect(calls.save).toEqual({ method: 'POST', path: '/api/thing' });
    // Nothing of the dropped schemas is left behind, not even the marks put on their calls.
    expect(lean).not.toMatch(/z\.|response|params|query|headers|body|lang/);
  });

  it('marks the calls that make a top-level constant pure, and none inside a function', () => {
    const source = `const name = z.string().trim().min(1);
export const schema = z.object({ name }).refine((v) => check(v.name), { error: 'bad' });
export function later() { return register(schema); }
let counter = 0;`;
    const lean = leanContractModule(source)!.toString();
    // A pure mark before each of the constants' calls: string, trim, min, object and refine.
    expect(lean.match(/\/\*#__PURE__\*\//g)).toHaveLength(5);
    expect(lean).toContain('(v) => check(v.name)');
    expect(lean).toContain('{ return register(schema); }');
    expect(() => parseAst(lean, { lang: 'ts' })).not.toThrow();
    const schema = evaluate(lean, 'schema', { z, check: (v: string) => v !== 'x' }) as z.ZodType;
    expect(schema.safeParse({ name: ' a ' })).toEqual({ success: true, data: { name: 'a' } });
    expect(schema.safeParse({ name: 'x' }).success).toBe(false);
  });

  it('drops an import only the dropped schemas used, and keeps the others', () => {
    const source = `import { z } from 'zod';
import { bodySchema, type Body, pathOf } from './forms.ts';
import { envelope } from './envelope.ts';
export type Saved = Body;
export const save = endpoint({ method: 'POST', path: pathOf('save'), body: bodySchema, response: envelope(z.null()) });`;
    const lean = leanContractModule(source)!.toString();
    expect(lean).toContain(`import { type Body, pathOf } from './forms.ts';`);
    expect(lean).not.toMatch(/import .*(zod|envelope)/);
    const save = evaluate(lean, 'save', { endpoint, pathOf: (name: string) => `/api/${name}` });
    expect(save).toEqual({ method: 'POST', path: '/api/save' });
  });

  it("does not build what a helper's arguments give only to dropped schemas", () => {
    const source = `const shared = { tags: ['charts'] };
const chart = (path, summary, response, query) =>
  endpoint({ ...shared, method: 'GET', path, summary, query: query ?? rangeSchema, response: envelope(response) });
export const charts = { orders: chart('/api/orders', 'Orders', z.object({ n: z.number() }), z.object({ to: z.string() })) };`;
    const lean = leanContractModule(source)!.toString();
    expect(lean).toContain(`chart('/api/orders', 'Orders', undefined, undefined)`);
    const charts = evaluate(lean, 'charts', { endpoint }) as Record<string, unknown>;
    expect(charts.orders).toEqual({ tags: ['charts'], method: 'GET', path: '/api/orders', summary: 'Orders' });
  });

  it('leaves a module with neither an endpoint nor a call in a constant as it is', () => {
    expect(leanContractModule(`export const LIMIT = 5;\nexport type Limit = typeof LIMIT;`)).toBeNull();
  });
});
