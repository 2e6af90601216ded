import { z } from 'zod';

/** What zod hands an override: the schema, and its JSON rendering to complete in place. */
interface OverrideContext {
  zodSchema: z.core.$ZodType;
  jsonSchema: Record<string, unknown>;
}

const lowest = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? Math.min(a, b) : (a ?? b));
const highest = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? Math.max(a, b) : (a ?? b));

/**
 * A pipe's output schema's limits, added to its rendering. A request's parameter or field is
 * rendered as the pipe's input (what a client sends), and the contract's limits mostly sit on the
 * output: `wholeNumber().pipe(z.number().min(1).max(100))` took a decimal string, then bounded it;
 * `z.string().trim().pipe(ruleSchema('pan'))` trimmed, then checked the pattern. The server checks
 * both sides, so a value the document allows must meet both: the tighter bound of each, every
 * pattern, the output's enum and format. (Rendered as output, a pipe is its output already: merging
 * it again changes nothing.)
 */
function addOutputLimits(json: Record<string, unknown>, out: Record<string, unknown>) {
  if (out.type !== undefined && json.type === undefined && json.anyOf === undefined) json.type = out.type;
  for (const key of ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'] as const) {
    const value = highest(json[key], out[key]);
    if (value !== undefined) json[key] = value;
  }
  for (const key of ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'] as const) {
    const value = lowest(json[key], out[key]);
    if (value !== undefined) json[key] = value;
  }
  if (typeof out.pattern === 'string' && out.pattern !== json.pattern) {
    if (json.pattern === undefined) json.pattern = out.pattern;
    else json.allOf = [...((json.allOf as unknown[] | undefined) ?? []), { pattern: out.pattern }];
  }
  if (Array.isArray(out.enum)) {
    json.enum = Array.isArray(json.enum) ? json.enum.filter((v) => (out.enum as unknown[]).includes(v)) : out.enum;
  }
  if (out.const !== undefined && json.const === undefined) json.const = out.const;
  if (typeof out.format === 'string' && json.format === undefined) json.format = out.format;
}

/** The JSON Schema of a pipe's output side, alone (its own limits, no references). */
function outputOf(schema: z.core.$ZodType): Record<string, unknown> {
  try {
    return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  } catch {
    return {};
  }
}

/**
 * How the contract's zod schemas become the OpenAPI document's JSON Schemas: zod's rendering, with
 * (as fastify-type-provider-zod's own override does) no empty branch in a union, and every limit a
 * pipe checks on its output shown on the value the client sends.
 */
export function contractSchemaOverride(ctx: OverrideContext) {
  const def = ctx.zodSchema._zod.def as { type: string; out?: z.core.$ZodType };
  if (def.type === 'union' && Array.isArray(ctx.jsonSchema.anyOf)) {
    ctx.jsonSchema.anyOf = (ctx.jsonSchema.anyOf as Record<string, unknown>[]).filter((s) => Object.keys(s).length > 0);
  }
  if (def.type === 'pipe' && def.out) addOutputLimits(ctx.jsonSchema, outputOf(def.out));
  if (ctx.jsonSchema.type === 'integer') wholeBounds(ctx.jsonSchema);
}

/**
 * An integer's exclusive bounds as inclusive ones (`positive()` is "above 0": at least 1), so a
 * client reads one lower and one upper bound, not zod's safe-integer range beside them.
 */
function wholeBounds(json: Record<string, unknown>) {
  if (typeof json.exclusiveMinimum === 'number') {
    json.minimum = highest(json.minimum, Math.floor(json.exclusiveMinimum) + 1);
    delete json.exclusiveMinimum;
  }
  if (typeof json.exclusiveMaximum === 'number') {
    json.maximum = lowest(json.maximum, Math.ceil(json.exclusiveMaximum) - 1);
    delete json.exclusiveMaximum;
  }
}
