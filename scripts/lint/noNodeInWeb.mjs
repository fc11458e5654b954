// @ts-check
// ESLint rule `wikimap/no-node-in-web`: the web extension's code (everything its entry points reach by
// imports that stay in the bundle) imports no Node built-in, since a browser has none. Type-only imports
// are erased and do not count. The entries are the rule's option (eslint.config.mjs); a report names the
// chain from the entry, so the fix (an injected runtime, a pure helper in common/) is easy to place.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@typescript-eslint/typescript-estree';
import { resolveSpecifier, specifiersOf } from './noImportCycle.mjs';
import nodeBuiltins from './nodeBuiltins.js';

const { isNodeBuiltin } = nodeBuiltins;

/** True when the import is erased from the bundle (`import type`, `export type`, every name `type`, a type query). */
function typeOnly(node) {
  if (node.type === 'TSImportType') return true;
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const names = node.specifiers ?? [];
  return node.type === 'ImportDeclaration' && names.length > 0 && names.every((s) => s.importKind === 'type');
}

/** The value imports of a program: specifier and node. */
function valueImports(program) {
  return specifiersOf(program).filter(({ node }) => !typeOnly(node));
}

/** @type {Map<string, string[]>} */
const valueGraph = new Map();

function valueDeps(file) {
  let deps = valueGraph.get(file);
  if (deps) return deps;
  deps = [];
  valueGraph.set(file, deps);
  try {
    const program = parse(fs.readFileSync(file, 'utf8'), { loc: false, range: false, comment: false });
    for (const { specifier } of valueImports(program)) {
      const target = resolveSpecifier(file, specifier);
      if (target && !deps.includes(target)) deps.push(target);
    }
  } catch {
    // reported by ESLint when that file is linted
  }
  return deps;
}

/** @type {Map<string, Map<string, string>>} entries key → (file → the file that first imported it) */
const reachedBy = new Map();

function webGraph(entries) {
  const key = entries.join('\n');
  let from = reachedBy.get(key);
  if (from) return from;
  from = new Map(entries.map((e) => [e, '']));
  const queue = [...entries];
  while (queue.length) {
    const file = /** @type {string} */ (queue.shift());
    for (const dep of valueDeps(file)) {
      if (!from.has(dep)) {
        from.set(dep, file);
        queue.push(dep);
      }
    }
  }
  reachedBy.set(key, from);
  return from;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noNodeInWeb = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow Node built-ins in the code the web extension bundles' },
    schema: [{ type: 'object', properties: { entries: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      node: "'{{specifier}}' is a Node built-in, and this file is in the web extension ({{chain}}): browsers have none. Inject it through the runtime (server/src/runtime.ts) or the language client host, or move the pure part to common/.",
    },
  },
  create(context) {
    const cwd = context.cwd;
    const entries = (context.options[0]?.entries ?? []).map((e) => path.resolve(cwd, e));
    const file = path.resolve(context.filename);
    return {
      'Program:exit'(program) {
        const from = webGraph(entries);
        if (!from.has(file)) return;
        const chain = [file];
        while (from.get(chain[chain.length - 1])) chain.push(/** @type {string} */ (from.get(chain[chain.length - 1])));
        const shown = chain
          .reverse()
          .map((f) => path.relative(cwd, f))
          .join(' → ');
        for (const { specifier, node } of valueImports(program)) {
          if (isNodeBuiltin(specifier)) context.report({ node, messageId: 'node', data: { specifier, chain: shown } });
        }
      },
    };
  },
};
