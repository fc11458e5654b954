// @ts-check
// ESLint rule `wikimap/no-import-cycle`: reports an import of a project module from which the importing
// file can be reached again by following imports. Type-only imports count too: a cycle of types is
// still two files that cannot be read (or moved) one without the other — move the shared types into
// a types file both import.
//
// Only relative specifiers are followed (packages cannot import the project back). Other files are
// parsed from disk once per process with typescript-eslint's parser (no type information): right for the
// command line (the lint suite); an editor's long-running ESLint server needs a restart after imports move.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@typescript-eslint/typescript-estree';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

/** @type {Map<string, string | null>} */
const resolved = new Map();

/** The file a relative specifier names, or null (package, missing file). */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const key = base;
  if (resolved.has(key)) return resolved.get(key);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, 'index' + e))];
  /** @type {string | null} */
  let found = null;
  for (const candidate of candidates) {
    try {
      if (fs.statSync(candidate).isFile()) {
        found = candidate;
        break;
      }
    } catch {
      // not this one
    }
  }
  resolved.set(key, found);
  return found;
}

/** Every module specifier a program names: static imports and re-exports, `import()`, `require()`, `import('…')` types. */
export function specifiersOf(program) {
  /** @type {Array<{ specifier: string, node: any }>} */
  const out = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ExportAllDeclaration':
      case 'ExportNamedDeclaration':
        if (node.source && typeof node.source.value === 'string') out.push({ specifier: node.source.value, node });
        break;
      case 'ImportExpression':
        if (node.source?.type === 'Literal' && typeof node.source.value === 'string') out.push({ specifier: node.source.value, node });
        break;
      case 'CallExpression':
        if (
          node.callee?.type === 'Identifier' &&
          node.callee.name === 'require' &&
          node.arguments[0]?.type === 'Literal' &&
          typeof node.arguments[0].value === 'string'
        ) {
          out.push({ specifier: node.arguments[0].value, node });
        }
        break;
      case 'TSImportType': {
        const arg = node.argument?.literal ?? node.argument;
        if (arg?.type === 'Literal' && typeof arg.value === 'string') out.push({ specifier: arg.value, node });
        break;
      }
    }
    for (const key of Object.keys(node)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child === 'object') visit(child);
    }
  };
  visit(program);
  return out;
}

/** @type {Map<string, string[]>} file → the project files it imports */
const graph = new Map();

function importsOf(file) {
  let deps = graph.get(file);
  if (deps) return deps;
  deps = [];
  graph.set(file, deps);
  if (/\.(ts|tsx|js|mjs|cjs)$/.test(file)) {
    try {
      const program = parse(fs.readFileSync(file, 'utf8'), { jsx: file.endsWith('.tsx'), loc: false, range: false, comment: false });
      for (const { specifier } of specifiersOf(program)) {
        const target = resolveSpecifier(file, specifier);
        if (target && !deps.includes(target)) deps.push(target);
      }
    } catch {
      // A file that does not parse is reported by ESLint itself when it is linted.
    }
  }
  return deps;
}

/** A path of files from `start` back to `goal`, or null. */
function pathTo(start, goal) {
  const seen = new Set([start]);
  /** @type {Map<string, string>} */
  const from = new Map();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const dep of importsOf(file)) {
      if (dep === goal) {
        const chain = [goal, file];
        let at = file;
        while (from.has(at)) {
          at = from.get(at);
          chain.push(at);
        }
        return chain.reverse();
      }
      if (!seen.has(dep)) {
        seen.add(dep);
        from.set(dep, file);
        queue.push(dep);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow imports that lead back to the importing file' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Move what both need into a module both import.' },
  },
  create(context) {
    const file = context.filename;
    const cwd = context.cwd;
    return {
      'Program:exit'(program) {
        const done = new Set();
        for (const { specifier, node } of specifiersOf(program)) {
          const target = resolveSpecifier(file, specifier);
          if (!target || done.has(target)) continue;
          done.add(target);
          const chain = target === file ? [file] : pathTo(target, file);
          if (chain) {
            const shown = [file, ...chain].map((f) => path.relative(cwd, f)).join(' → ');
            context.report({ node, messageId: 'cycle', data: { chain: shown } });
          }
        }
      },
    };
  },
};
