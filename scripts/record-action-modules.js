#!/usr/bin/env node
// Re-records descriptors/wiki/action-modules.json — MediaWiki's top-level API modules (every
// action and every format, except `main` and `query`, which api-core.json describes) — from a
// real wiki's own `action=paraminfo&modules=*` answer.
//
//   node scripts/record-action-modules.js http://127.0.0.1:8080/api.php          # writes the file
//   node scripts/record-action-modules.js http://127.0.0.1:8080/api.php --check  # exits 1 when it differs
//
// The wiki's extensions must add no top-level module (the built-in catalogue describes core's).
// Older wikis (before 1.26) have no `*` wildcard: then the actions and formats `main` lists are
// asked for by name, 50 at a time.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const OUT = path.join(__dirname, '..', 'descriptors', 'wiki', 'action-modules.json');

async function getJson(apiUrl, query) {
  const res = await fetch(`${apiUrl}?${query}`, {
    headers: { 'User-Agent': 'wikimap-query record-action-modules' },
    signal: AbortSignal.timeout(60000),
  });
  if (!res.ok) throw new Error(`${apiUrl} answered HTTP ${res.status}`);
  const json = await res.json();
  if (json.error) throw new Error(`${apiUrl}: ${json.error.code}: ${json.error.info}`);
  return json;
}

/** Module descriptors of every top-level module but main and query, in the wiki's order. */
async function fetchModules(apiUrl) {
  const first = await getJson(apiUrl, 'action=paraminfo&modules=*%7Cmain&helpformat=none&format=json');
  let modules = first.paraminfo.modules;
  const main = modules.find((m) => m.path === 'main');
  const wanted = [];
  for (const p of main.parameters) {
    if ((p.name === 'action' || p.name === 'format') && p.submodules) wanted.push(...Object.values(p.submodules));
  }
  const have = new Set(modules.map((m) => m.path));
  const missing = wanted.filter((w) => !have.has(w));
  for (let i = 0; i < missing.length; i += 50) {
    const batch = missing.slice(i, i + 50);
    const answer = await getJson(apiUrl, `action=paraminfo&modules=${encodeURIComponent(batch.join('|'))}&helpformat=none&format=json`);
    modules = modules.concat(answer.paraminfo.modules);
  }
  return modules
    .filter((m) => m.path !== 'main' && m.path !== 'query')
    .sort((a, b) => (a.group === b.group ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.group === 'action' ? -1 : 1))
    .map((m) => {
      const { classname, ...rest } = m; // the PHP class is an implementation detail (as in query-modules.json)
      void classname;
      // A wiki links to its own Special:Version; the catalogue belongs to no one wiki (as query-modules.json).
      if (typeof rest.licenselink === 'string')
        rest.licenselink = rest.licenselink.replace(/^.*\/Special:Version\//, 'https://www.mediawiki.org/wiki/Special:Version/');
      return rest;
    });
}

/** One parameter descriptor per line, as the other catalogue files are written. */
function serialise(doc) {
  const lines = ['{'];
  lines.push(`  "mediawiki": ${JSON.stringify(doc.mediawiki)},`);
  lines.push(`  "recordedwith": ${JSON.stringify(doc.recordedwith)},`);
  lines.push('  "paraminfo": {');
  lines.push('    "helpformat": "none",');
  lines.push('    "modules": [');
  doc.modules.forEach((m, mi) => {
    lines.push('      {');
    const keys = Object.keys(m);
    keys.forEach((k, ki) => {
      const comma = ki < keys.length - 1 ? ',' : '';
      if ((k === 'parameters' || k === 'templatedparameters') && Array.isArray(m[k]) && m[k].length) {
        lines.push(`        ${JSON.stringify(k)}: [`);
        m[k].forEach((p, pi) => lines.push(`          ${JSON.stringify(p)}${pi < m[k].length - 1 ? ',' : ''}`));
        lines.push(`        ]${comma}`);
      } else {
        lines.push(`        ${JSON.stringify(k)}: ${JSON.stringify(m[k])}${comma}`);
      }
    });
    lines.push(`      }${mi < doc.modules.length - 1 ? ',' : ''}`);
  });
  lines.push('    ]');
  lines.push('  }');
  lines.push('}');
  return lines.join('\n') + '\n';
}

async function main() {
  const args = process.argv.slice(2);
  const apiUrl = args.find((a) => !a.startsWith('--'));
  if (!apiUrl) {
    console.error('usage: node scripts/record-action-modules.js <api.php URL of a plain MediaWiki> [--check]');
    process.exit(2);
  }
  const site = await getJson(apiUrl, 'action=query&meta=siteinfo&siprop=general&format=json&formatversion=2');
  const generator = site.query.general.generator; // "MediaWiki 1.45.0"
  const modules = await fetchModules(apiUrl);
  const text = serialise({
    mediawiki: generator.replace(/^MediaWiki /, ''),
    recordedwith: 'node scripts/record-action-modules.js <api.php URL> (action=paraminfo&modules=*&helpformat=none, formatversion 1)',
    modules,
  });
  if (args.includes('--check')) {
    const old = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
    if (old !== text) {
      console.error(`${path.relative(process.cwd(), OUT)} differs from ${generator} at ${apiUrl}`);
      process.exit(1);
    }
    console.log(`${path.relative(process.cwd(), OUT)} matches ${generator}`);
    return;
  }
  fs.writeFileSync(OUT, text);
  console.log(`wrote ${modules.length} modules of ${generator} to ${path.relative(process.cwd(), OUT)}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
