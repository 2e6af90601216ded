import path from 'node:path';
import MagicString from 'magic-string';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/** The contract's sources, which the web app builds from as they are (no compiled package). */
const CONTRACT_SOURCE = path.resolve(import.meta.dirname, '../contract/src') + path.sep;

/**
 * An endpoint's schemas: the server and the OpenAPI document read them, the web client
 * (src/api/client.ts) does not (it calls an endpoint by its method, prefix and path), and a page
 * checks a form with the contract's schema by its name (forms/use-contract-form.ts).
 */
const SCHEMA_FIELDS = new Set(['body', 'query', 'params', 'headers', 'response']);

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

/** What TypeScript erases: a name used there alone is not used by the module's code. */
const TYPE_ONLY =
  /^TS(?!AsExpression|SatisfiesExpression|NonNullExpression|TypeAssertion|InstantiationExpression|EnumDeclaration|ModuleDeclaration|ExportAssignment)/;

const FUNCTIONS = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'FunctionDeclaration',
  'ClassExpression',
  'ClassBody',
]);

/**
 * The contract's module as the browser needs it. Each `endpoint({...})` loses its schemas, and the
 * calls that make a top-level constant are marked pure, so that a schema nothing in the browser
 * reads is dropped by the bundler instead of being built as the page starts: building zod schemas
 * was most of the evaluation of a page's contract chunks, long tasks after the page had painted
 * (Lighthouse's blocking time; decision 010).
 * A pure mark tells the bundler the call may go when its result is unused; it is put on the calls
 * of a constant's value only, not inside a function (which runs later, if at all).
 */
export function leanContractModule(code: string, fileName = 'module.ts'): MagicString | null {
  const program = parseAst(code, { lang: 'ts' }, fileName) as unknown as Node;
  const edits = new MagicString(code);
  let changed = false;
  const removed: Node[] = [];

  const stripSchemas = (node: Node) => {
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const [definition] = node.arguments as Node[];
      if (callee.type === 'Identifier' && callee.name === 'endpoint' && definition?.type === 'ObjectExpression') {
        for (const property of definition.properties as Node[]) {
          const key = property.key as Node | undefined;
          if (property.type !== 'Property' || key?.type !== 'Identifier' || !SCHEMA_FIELDS.has(key.name as string)) continue;
          // The comma after it goes too (an object's last property may have none).
          const end = code.slice(property.end).match(/^\s*,/)?.[0].length ?? 0;
          edits.remove(property.start, property.end + end);
          removed.push(property);
          changed = true;
        }
      }
    }
    children(node).forEach(stripSchemas);
  };
  stripSchemas(program);

  // A helper that makes endpoints from its arguments (`chart(path, summary, responseSchema)`): an
  // argument it puts only in a dropped field is not passed, so the schema given there is not built.
  const namesIn = (node: Node, into = new Set<string>()) => {
    if (removed.includes(node)) return into;
    if (node.type === 'Identifier') into.add(node.name as string);
    for (const child of children(node)) namesIn(child, into);
    return into;
  };
  const helpers = new Map<string, number[]>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations as Node[]) {
      const helper = declarator.init as Node | null;
      if (helper?.type !== 'ArrowFunctionExpression' || !removed.some((r) => r.start >= helper.start && r.end <= helper.end))
        continue;
      const used = namesIn(helper.body as Node);
      const unused = (helper.params as Node[]).flatMap((param, index) =>
        param.type === 'Identifier' && !used.has(param.name as string) ? [index] : [],
      );
      if (unused.length > 0) helpers.set((declarator.id as Node).name as string, unused);
    }
  }
  const passOnlyUsed = (node: Node) => {
    if (removed.includes(node)) return;
    const callee = node.callee as Node | undefined;
    const unused =
      node.type === 'CallExpression' && callee?.type === 'Identifier' ? helpers.get(callee.name as string) : undefined;
    for (const index of unused ?? []) {
      const argument = (node.arguments as Node[])[index];
      if (!argument || argument.type === 'SpreadElement') continue;
      edits.overwrite(argument.start, argument.end, 'undefined');
      removed.push(argument);
    }
    children(node).forEach(passOnlyUsed);
  };
  passOnlyUsed(program);

  // An import only the dropped schemas used goes too: the module it names is then not part of the
  // page's code for this one (the registration's form schemas, which its page imports when needed).
  if (removed.length > 0) {
    const used = new Set<string>();
    const collect = (node: Node) => {
      if (removed.includes(node) || node.type === 'ImportDeclaration' || TYPE_ONLY.test(node.type)) return;
      if (node.type === 'Identifier') used.add(node.name as string);
      children(node).forEach(collect);
    };
    collect(program);
    for (const statement of program.body as Node[]) {
      if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
      const specifiers = statement.specifiers as Node[];
      const kept = specifiers.filter((s) => s.importKind === 'type' || used.has((s.local as Node).name as string));
      if (kept.length === specifiers.length || specifiers.some((s) => s.type !== 'ImportSpecifier')) continue;
      const source = code.slice((statement.source as Node).start, (statement.source as Node).end);
      const names = kept.map((s) => code.slice(s.start, s.end));
      edits.overwrite(statement.start, statement.end, names.length ? `import { ${names.join(', ')} } from ${source};` : '');
    }
  }

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
