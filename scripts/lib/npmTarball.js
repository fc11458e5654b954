#!/usr/bin/env node
// Downloads one package tarball from the npm registry and unpacks it, showing what it fetches, from
// where, how big, and its progress; the tarball's sha512 integrity from the registry is checked.
//   node scripts/lib/npmTarball.js <name@version> <destination folder>
// The registry is npm's configured one (`npm config get registry`). Needs no npm packages (Node >= 18).
'use strict';
const { createHash } = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync, spawnSync } = require('child_process');

const TIMEOUT_MS = 10 * 60 * 1000;

function registry() {
  try {
    const r = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (/^https?:\/\//.test(r)) return r.endsWith('/') ? r : `${r}/`;
  } catch {
    // npm missing or broken: the public registry
  }
  return 'https://registry.npmjs.org/';
}

const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;

async function main() {
  const [spec, dest] = process.argv.slice(2);
  const m = /^(@?[^@]+)@(.+)$/.exec(spec || '');
  if (!m || !dest) {
    console.error('usage: node scripts/lib/npmTarball.js <name@version> <destination folder>');
    process.exit(2);
  }
  const [, name, version] = m;
  const base = registry();
  const metaUrl = `${base}${name.replace('/', '%2f')}/${version}`;
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const metaRes = await fetch(metaUrl, { signal, headers: { accept: 'application/json' } }).catch((err) => {
    throw new Error(`cannot reach the npm registry at ${base} (${err.cause?.message || err.message})`);
  });
  if (!metaRes.ok) throw new Error(`${metaUrl} answered HTTP ${metaRes.status}`);
  const meta = await metaRes.json();
  const { tarball, integrity } = meta.dist || {};
  if (!tarball || !/^sha512-/.test(integrity || '')) throw new Error(`${metaUrl} gives no tarball with a sha512 integrity`);

  const res = await fetch(tarball, { signal }).catch((err) => {
    throw new Error(`cannot download ${tarball} (${err.cause?.message || err.message})`);
  });
  if (!res.ok || !res.body) throw new Error(`${tarball} answered HTTP ${res.status}`);
  const total = Number(res.headers.get('content-length')) || 0;
  console.log(`  downloading ${tarball}${total ? ` (${mb(total)})` : ''}`);
  console.log(`  into ${dest}`);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-tarball-'));
  const file = path.join(tmp, 'package.tgz');
  const out = fs.createWriteStream(file);
  const hash = createHash('sha512');
  let got = 0;
  let shown = -1;
  const tty = process.stdout.isTTY;
  for await (const chunk of res.body) {
    hash.update(chunk);
    got += chunk.length;
    if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
    const pct = total ? Math.floor((got / total) * 100) : -1;
    // a line every 10% (every 1% on a terminal, rewritten in place)
    const step = tty ? pct : pct - (pct % 10);
    if (total && step !== shown) {
      shown = step;
      const line = `  ${mb(got)} of ${mb(total)} (${pct}%)`;
      if (tty) process.stdout.write(`\r${line}`);
      else console.log(line);
    }
  }
  await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
  if (tty && total) process.stdout.write('\n');
  const actual = `sha512-${hash.digest('base64')}`;
  if (actual !== integrity) throw new Error(`${tarball}: the download does not match the registry's integrity (got ${got} bytes)`);

  fs.mkdirSync(dest, { recursive: true });
  const tar = spawnSync('tar', ['-xzf', file, '-C', dest, '--strip-components=1'], { stdio: 'inherit' });
  fs.rmSync(tmp, { recursive: true, force: true });
  if (tar.status !== 0) throw new Error(`unpacking ${tarball} with tar failed`);
}

main().catch((err) => {
  console.error(`npmTarball: ${err.cause?.message ? `${err.message}: ${err.cause.message}` : err.message}`);
  process.exit(1);
});
