import MagicString from 'magic-string';
import { parseAst, type Plugin } from 'vite';

/**
 * Keeps zod out of the browser's first load (docs/decisions/022-one-contract-per-endpoint.md).
 *
 * Every endpoint contract names its schemas, so any page that calls the API would import every
 * schema of the features it calls, and zod with them. In the browser's production build only the
 * endpoints' method and path are needed: the server validates, and the client checks answers
 * against the schemas only while developing and under test. So, in src/shared/contracts (and the
 * shared error and event modules), this transform:
 * - keeps of each endpoint only what `call()` reads, its method and path: the schemas it names,
 *   and the words and error codes written for the OpenAPI document, stay on the server;
 * - makes every top-level constant built by a call lazy and pure, `/* @__PURE__ *\/ (() => (...))()`,
 *   so the bundler drops each schema no page uses (a form's schema stays, with zod, in its page's chunk).
 * - marks the module free of side effects, so an import whose bindings no page reads is dropped.
 * The module's meaning is unchanged: each constant is still built once, when the module loads.
 */
const CONTRACT_MODULE = /\/src\/shared\/(?:contracts\/[^/]+|errors|events)\.ts$/;
/** What the browser reads of an endpoint: `call()` needs its method and path, nothing else. */
const BROWSER_FIELDS = new Set(['method', 'path']);

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

function* children(node: AstNode): Generator<AstNode> {
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) yield item;
    if (isNode(value)) yield value;
  }
}

/** The declarators of a top-level `const x = ...` or `export const x = ...`. */
function topLevelDeclarators(statement: AstNode): AstNode[] {
  const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
  return declaration?.type === 'VariableDeclaration' ? (declaration.declarations as AstNode[]) : [];
}

/**
 * `defineEndpoints(tag, { name: { method, path, ... } })` becomes the plain object
 * `{ name: { method, path } }`: what `call()` reads, without defineEndpoints itself.
 */
function reduceEndpoints(node: AstNode, code: MagicString): void {
  const callee = node.callee as (AstNode & { name?: string }) | undefined;
  if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineEndpoints') {
    const definitions = (node.arguments as AstNode[])[1];
    if (definitions?.type !== 'ObjectExpression') throw new Error('defineEndpoints takes an object literal of endpoints');
    const endpoints = (definitions.properties as AstNode[]).map((endpoint) => {
      const fields = endpoint.value as AstNode;
      if (fields.type !== 'ObjectExpression') throw new Error('each endpoint of defineEndpoints is an object literal');
      const kept = (fields.properties as AstNode[]).filter((field) => {
        const key = field.key as AstNode & { name?: string };
        return field.type === 'Property' && key.type === 'Identifier' && BROWSER_FIELDS.has(key.name!);
      });
      const name = code.original.slice((endpoint.key as AstNode).start, (endpoint.key as AstNode).end);
      return `${name}: { ${kept.map((field) => code.original.slice(field.start, field.end)).join(', ')} }`;
    });
    code.overwrite(node.start, node.end, `{ ${endpoints.join(', ')} }`);
    return;
  }
  for (const child of children(node)) reduceEndpoints(child, code);
}

export function contractSchemasOutOfTheBrowser(): Plugin {
  return {
    name: 'finishline:contract-schemas',
    apply: 'build',
    transform(source, id) {
      if (!CONTRACT_MODULE.test(id)) return null;
      const program = parseAst(source) as unknown as AstNode;
      const code = new MagicString(source);
      for (const statement of program.body as AstNode[]) {
        for (const declarator of topLevelDeclarators(statement)) {
          const init = declarator.init as AstNode | null;
          if (init?.type !== 'CallExpression') continue;
          reduceEndpoints(init, code);
          code.prependLeft(init.start, '/* @__PURE__ */ (() => (');
          code.appendRight(init.end, '))()');
        }
      }
      // Contract modules only define values, so a module whose exports no page uses is dropped whole
      // (an endpoint module otherwise keeps its .schemas import, and zod, for its side effects).
      if (!code.hasChanged()) return { code: source, map: null, moduleSideEffects: false };
      return { code: code.toString(), map: code.generateMap({ hires: 'boundary', source: id }), moduleSideEffects: false };
    },
  };
}
