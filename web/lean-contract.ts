import path from 'node:path';
import MagicString from 'magic-string';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/** The contract's sources, which the web app builds from as they are (no compiled package). */
const CONTRACT_SOURCE = path.resolve(import.meta.dirname, '../contract/src') + path.sep;

/**
 * What an endpoint's definition holds for the server and the OpenAPI document alone: the web client
 * (src/api/client.ts) reads an endpoint's method, prefix and path, and a page may check a form with
 * its body's or query's schema, but nothing in the browser reads these.
 */
const SERVER_ONLY_FIELDS = new Set(['response', 'params', 'headers']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'typeAnnotation' || key === 'typeArguments' || key === 'typeParameters') continue;
    if (Array.isArray(value)) found.push(...value.filter(isNode));
    else if (isNode(value)) found.push(value);
  }
  return found;
}

const FUNCTIONS = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'FunctionDeclaration',
  'ClassExpression',
  'ClassBody',
]);

/**
 * The contract's module as the browser needs it. Each `endpoint({...})` loses its response, params
 * and headers schemas, and the calls that make a top-level constant are marked pure, so that a
 * schema nothing in the browser reads any more is dropped by the bundler instead of being built as
 * the page starts: building zod schemas was most of the evaluation of /registration's contract
 * chunks, tasks of 50–190 ms on Lighthouse's phone after the page had painted (its blocking time).
 * A pure mark tells the bundler the call may go when its result is unused; it is put on the calls
 * of a constant's value only, not inside a function (which runs later, if at all).
 */
export function leanContractModule(code: string, fileName = 'module.ts'): MagicString | null {
  const program = parseAst(code, { lang: 'ts' }, fileName) as unknown as Node;
  const edits = new MagicString(code);
  let changed = false;
  const removed: Node[] = [];

  const stripServerFields = (node: Node) => {
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const [definition] = node.arguments as Node[];
      if (callee.type === 'Identifier' && callee.name === 'endpoint' && definition?.type === 'ObjectExpression') {
        for (const property of definition.properties as Node[]) {
          const key = property.key as Node | undefined;
          if (property.type !== 'Property' || key?.type !== 'Identifier' || !SERVER_ONLY_FIELDS.has(key.name as string)) continue;
          // The comma after it goes too (an object's last property may have none).
          const end = code.slice(property.end).match(/^\s*,/)?.[0].length ?? 0;
          edits.remove(property.start, property.end + end);
          removed.push(property);
          changed = true;
        }
      }
    }
    children(node).forEach(stripServerFields);
  };
  stripServerFields(program);

  const markPure = (node: Node) => {
    if (FUNCTIONS.has(node.type) || removed.includes(node)) return;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') {
      // Parenthesised, so that a mark on a chain's outer call is not read as the inner one's.
      edits.appendRight(node.start, '(/*#__PURE__*/ ');
      edits.prependLeft(node.end, ')');
      changed = true;
    }
    children(node).forEach(markPure);
  };
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) if (declarator.init) markPure(declarator.init as Node);
  }
  return changed ? edits : null;
}

/** The contract as the browser needs it (see leanContractModule), in the production build only. */
export function leanContract(): Plugin {
  return {
    name: 'lean-contract',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(CONTRACT_SOURCE) || !id.endsWith('.ts')) return null;
      const lean = leanContractModule(code, id);
      return lean && { code: lean.toString(), map: lean.generateMap({ hires: 'boundary', source: id, includeContent: true }) };
    },
  };
}
