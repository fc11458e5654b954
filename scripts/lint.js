#!/usr/bin/env node
// @ts-check
// The `lint` suite of scripts/run-tests.js (also `npm run lint`): the checks that keep the code's shape.
//   - ESLint (eslint.config.mjs): recommended rules, no import cycles, the layer rules. One count per file.
//   - The JavaScript that is type-checked (tsconfig.scripts.json: `// @ts-check` scripts). One count.
//   - Formatting (Prettier, .prettierrc.json, 140 columns): every file Prettier reads must be as it
//     writes it (`npm run format` fixes them). One count.
//   - No value exported by the product code that only its own file uses (scripts/lint/unusedExports.js). One count.
// Closes with `lint: N passed, N failed`.
'use strict';
const { spawnSync } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');
/** Whether a file that differs from Prettier's output fails the suite (true since the tree was reformatted). */
const FORMAT_ENFORCED = true;

async function eslint() {
  const { ESLint } = require('eslint');
  const linter = new ESLint({ cwd: root });
  const results = await linter.lintFiles(['.']);
  const formatter = await linter.loadFormatter('stylish');
  const text = await formatter.format(results);
  if (text.trim()) console.log(text);
  const failed = results.filter((r) => r.errorCount > 0 || r.fatalErrorCount > 0).length;
  console.log(`eslint: ${results.length} files, ${failed} with errors`);
  return { passed: results.length - failed, failed };
}

/** @param {string} label @param {string[]} args */
function run(label, args) {
  const res = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  const out = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim();
  if (out) console.log(out);
  const ok = res.status === 0;
  console.log(`${label}: ${ok ? 'ok' : 'failed'}`);
  return ok;
}

function typecheckScripts() {
  const ok = run('typecheck JavaScript (tsconfig.scripts.json)', [
    path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    '--noEmit',
    '-p',
    'tsconfig.scripts.json',
  ]);
  return { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
}

function format() {
  const prettier = path.join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
  const res = spawnSync(process.execPath, [prettier, '--list-different', '.'], { cwd: root, encoding: 'utf8' });
  const files = (res.stdout ?? '').split('\n').filter(Boolean);
  if (res.status !== 0 && res.status !== 1) {
    console.log(res.stderr);
    return { passed: 0, failed: 1 };
  }
  if (!FORMAT_ENFORCED) {
    console.log(`format: ${files.length} files differ from Prettier's output (not enforced yet; npm run format)`);
    return { passed: 0, failed: 0 };
  }
  for (const f of files) console.log(`not formatted: ${f}`);
  console.log(`format: ${files.length} files differ (npm run format)`);
  return { passed: files.length ? 0 : 1, failed: files.length ? 1 : 0 };
}

function unusedExports() {
  const { unusedValueExports } = require('./lint/unusedExports.js');
  const fs = require('fs');
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  const files = (listed.stdout ?? '').split('\0').filter((f) => /\.(ts|js|mjs|cjs)$/.test(f) && fs.existsSync(path.join(root, f)));
  const texts = new Map(files.map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));
  const unused = unusedValueExports(texts, (f) => /^(server\/src|client\/src|run|common)\//.test(f));
  for (const u of unused) console.log(`exported but used only in its own file: ${u.file}: ${u.name} (drop the export)`);
  console.log(`unused exports: ${unused.length}`);
  return { passed: unused.length ? 0 : 1, failed: unused.length ? 1 : 0 };
}

async function main() {
  let passed = 0;
  let failed = 0;
  for (const check of [eslint, typecheckScripts, format, unusedExports]) {
    const r = await check();
    passed += r.passed;
    failed += r.failed;
  }
  console.log(`lint: ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : String(e));
  console.log('lint: 0 passed, 1 failed');
  process.exitCode = 1;
});
