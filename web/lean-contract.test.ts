import { runInNewContext } from 'node:vm';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leanContractModule } from './lean-contract.ts';

/** Runs a transformed module (plain JavaScript, its one export a constant) with the given globals. */
function evaluate(code: string, name: string, globals: Record<string, unknown>): unknown {
  const body = code.replace(/^import .*$/gm, '').replace(/^export /gm, '');
  return runInNewContext(`${body}\n${name};`, { ...globals }) as unknown;
}

const endpoint = <T>(definition: T) => definition;

describe('leanContractModule', () => {
  it("drops an endpoint's response, params and headers and keeps what the browser calls it with", () => {
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
    expect(Object.keys(calls.find!)).toEqual(['method', 'path', 'query']);
    expect(Object.keys(calls.save!)).toEqual(['method', 'path', 'body']);
    expect((calls.save!.body as z.ZodType).safeParse({ name: 'a' }).success).toBe(true);
    // Nothing of the dropped schemas is left behind, not even the marks put on their calls.
    expect(lean).not.toMatch(/response|params|headers|lang/);
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

  it('leaves a module with neither an endpoint nor a call in a constant as it is', () => {
    expect(leanContractModule(`export const LIMIT = 5;\nexport type Limit = typeof LIMIT;`)).toBeNull();
  });
});
