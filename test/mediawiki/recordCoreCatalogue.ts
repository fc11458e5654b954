/**
 * Records the core modules of a running MediaWiki into the built-in per-version catalogue,
 * descriptors/wiki/versions/core-modules.json (read by server/src/service/wiki/wikiVersions.ts), and
 * what its siteinfo answers as installed into descriptors/wiki/versions/core-siteinfo.json (read by
 * server/src/targets.ts): the namespaces, their aliases and the interwiki prefixes of that release's
 * default install, in English.
 *
 *   npm run record-core-catalogue -- http://127.0.0.1:PORT/api.php     a wiki that is already running
 *   npm run record-core-catalogue -- --debian                          starts Debian's MediaWiki (1.39) here
 *
 * It asks `action=paraminfo&modules=main|main+**` (every module, query submodules and formats
 * included), keeps the modules whose `source` is `MediaWiki` (extension modules come from a wiki's
 * own catalogue), drops what only the wiki's help pages use (class names, licence and help links),
 * and stores the version's modules beside those of the other versions already in the file: a module
 * that did not change between versions is stored once, with the list of versions it describes.
 * Recording a version again replaces that version. Read-only GETs, sent anonymously.
 *
 * Record a wiki as installed (install.php, English, no extension, no page or interwiki added): its
 * siteinfo is what a version target assumes. The project namespace is named after the wiki
 * (`ProbeWiki`, `WikimapTestWiki`): it is stored as its canonical name, `Project`. Namespaces numbered
 * 100 and up are a wiki's own (`$wgExtraNamespaces`; the test harness adds Recipe, 3000) and are left out
 * with their aliases: an install has none.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startMediaWiki } from './mediawikiServer';

const OUT = path.join(__dirname, '..', '..', 'descriptors', 'wiki', 'versions', 'core-modules.json');
const SITEINFO_OUT = path.join(path.dirname(OUT), 'core-siteinfo.json');
const USER_AGENT = 'wikimap-query-tests/0 (recording the core catalogue)';
const DROPPED_KEYS = new Set(['classname', 'source', 'sourcename', 'licensetag', 'licenselink', 'helpurls', 'examples']);

interface VersionEntry {
  name: string;
  version: string;
  generator: string;
}
interface CoreModulesFile {
  $comment: string;
  versions: VersionEntry[];
  modules: Record<string, { in: string[]; module: Record<string, unknown> }[]>;
}

async function getJson(apiUrl: string, query: string): Promise<any> {
  const res = await fetch(`${apiUrl}?${query}`, { headers: { 'user-agent': USER_AGENT }, signal: AbortSignal.timeout(60000) });
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`api.php answered HTTP ${res.status} with non-JSON for ${query}:\n${text.slice(0, 2000)}`);
  }
}

function trimModule(m: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(m)) if (!DROPPED_KEYS.has(k)) out[k] = v;
  return out;
}

/** One version's siteinfo as a target reads it (formatversion 2 field names, so the catalogue reads it as a wiki's). */
interface VersionSiteinfo {
  generator: string;
  namespaces: { id: number; name: string; canonical?: string }[];
  namespacealiases: { id: number; alias: string }[];
  interwikimap: { prefix: string; localinterwiki?: true }[];
}
interface CoreSiteinfoFile {
  $comment: string;
  versions: Record<string, VersionSiteinfo>;
}

/** The namespaces, aliases and interwiki prefixes of a siteinfo answer; the project namespaces under their canonical names. */
function trimSiteinfo(query: any, generator: string): VersionSiteinfo {
  const own = (id: number) => id >= 100;
  const namespaces = Object.values(query.namespaces as Record<string, any>)
    .filter((n) => !own(Number(n.id)))
    .map((n) => {
      const name = n.id === 4 || n.id === 5 ? String(n.canonical) : String(n.name);
      return n.canonical === undefined ? { id: Number(n.id), name } : { id: Number(n.id), name, canonical: String(n.canonical) };
    })
    .sort((a, b) => a.id - b.id);
  const namespacealiases = (query.namespacealiases as any[])
    .filter((a) => !own(Number(a.id)))
    .map((a) => ({ id: Number(a.id), alias: String(a.alias) }));
  const interwikimap = (query.interwikimap as any[])
    .map((e) => (e.localinterwiki ? { prefix: String(e.prefix), localinterwiki: true as const } : { prefix: String(e.prefix) }))
    .sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
  return { generator, namespaces, namespacealiases, interwikimap };
}

async function recordVersion(
  apiUrl: string,
): Promise<{ entry: VersionEntry; modules: Record<string, unknown>[]; siteinfo: VersionSiteinfo }> {
  const siteinfo = await getJson(
    apiUrl,
    'action=query&meta=siteinfo&siprop=general%7Cnamespaces%7Cnamespacealiases%7Cinterwikimap&format=json&formatversion=2',
  );
  const generator: unknown = siteinfo?.query?.general?.generator;
  if (typeof generator !== 'string' || !/^MediaWiki \d+\.\d+/.test(generator))
    throw new Error(`${apiUrl} is not a MediaWiki api.php (siteinfo without a generator)`);
  const paraminfo = await getJson(apiUrl, 'action=paraminfo&modules=main%7Cmain%2B**&helpformat=none&format=json&formatversion=2');
  if (paraminfo.error || paraminfo.warnings) throw new Error(`paraminfo answered ${JSON.stringify(paraminfo.error ?? paraminfo.warnings)}`);
  const all = paraminfo.paraminfo.modules as Record<string, unknown>[];
  const modules = all.filter((m) => m.source === 'MediaWiki').map(trimModule);
  const version = generator.replace(/^MediaWiki /, '');
  const short = version.split('.').slice(0, 2).join('.');
  process.stdout.write(`${generator}: ${modules.length} core modules (of ${all.length})\n`);
  return { entry: { name: `mediawiki-${short}`, version, generator }, modules, siteinfo: trimSiteinfo(siteinfo.query, generator) };
}

const SITEINFO_COMMENT =
  'What the siteinfo of each built-in MediaWiki version answers as installed (English, no extension): namespaces (the project namespace under its canonical name), their aliases and the interwiki prefixes. A version target (--target 1.39) judges titles by them. Recorded by test/mediawiki/recordCoreCatalogue.ts; do not edit by hand.';

/** One version per key, one namespace or interwiki prefix list per line: a re-recording's diff shows what changed. */
function serialiseSiteinfo(file: CoreSiteinfoFile): string {
  const shorts = Object.keys(file.versions).sort((a, b) => compareVersions(a, b));
  const lines = ['{', `  "$comment": ${JSON.stringify(file.$comment)},`, '  "versions": {'];
  shorts.forEach((s, i) => {
    const v = file.versions[s];
    lines.push(
      `    ${JSON.stringify(s)}: {`,
      `      "generator": ${JSON.stringify(v.generator)},`,
      `      "namespaces": ${JSON.stringify(v.namespaces)},`,
      `      "namespacealiases": ${JSON.stringify(v.namespacealiases)},`,
      `      "interwikimap": ${JSON.stringify(v.interwikimap)}`,
      `    }${i < shorts.length - 1 ? ',' : ''}`,
    );
  });
  lines.push('  }', '}');
  return lines.join('\n') + '\n';
}

function writeSiteinfo(short: string, siteinfo: VersionSiteinfo): void {
  const file: CoreSiteinfoFile = fs.existsSync(SITEINFO_OUT)
    ? (JSON.parse(fs.readFileSync(SITEINFO_OUT, 'utf8')) as CoreSiteinfoFile)
    : { $comment: SITEINFO_COMMENT, versions: {} };
  file.$comment = SITEINFO_COMMENT;
  file.versions[short] = siteinfo;
  fs.writeFileSync(SITEINFO_OUT, serialiseSiteinfo(file));
}

function readFile(): CoreModulesFile {
  if (fs.existsSync(OUT)) return JSON.parse(fs.readFileSync(OUT, 'utf8')) as CoreModulesFile;
  return { $comment: '', versions: [], modules: {} };
}

/** Puts one version's modules into the file: an identical description already stored gains the version. */
function merge(file: CoreModulesFile, entry: VersionEntry, modules: Record<string, unknown>[]): CoreModulesFile {
  const short = entry.name.replace(/^mediawiki-/, '');
  const versions = [...file.versions.filter((v) => v.name !== entry.name), entry].sort((a, b) => compareVersions(a.version, b.version));
  const out: CoreModulesFile['modules'] = {};
  for (const [p, variants] of Object.entries(file.modules)) {
    const kept = variants.map((v) => ({ in: v.in.filter((x) => x !== short), module: v.module })).filter((v) => v.in.length > 0);
    if (kept.length) out[p] = kept;
  }
  for (const m of modules) {
    const p = String(m.path);
    const json = JSON.stringify(m);
    const variants = (out[p] ??= []);
    const same = variants.find((v) => JSON.stringify(v.module) === json);
    if (same) same.in.push(short);
    else variants.push({ in: [short], module: m });
  }
  const order = versions.map((v) => v.name.replace(/^mediawiki-/, ''));
  for (const variants of Object.values(out)) {
    for (const v of variants) v.in.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    // Oldest first, whatever order the versions were recorded in: recording again changes no line.
    variants.sort((a, b) => order.indexOf(a.in[0]) - order.indexOf(b.in[0]));
  }
  const sorted = Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((k) => [k, out[k]]),
  );
  return { $comment: file.$comment || COMMENT, versions, modules: sorted };
}

const COMMENT =
  'Core modules (paraminfo source MediaWiki) of real MediaWiki releases, recorded by test/mediawiki/recordCoreCatalogue.ts; do not edit by hand.';

function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((x) => parseInt(x, 10) || 0);
  const pb = b.split(/[.-]/).map((x) => parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

/** One module variant per line, so a re-recording's diff shows which modules changed. */
function serialise(file: CoreModulesFile): string {
  const lines = [
    '{',
    `  "$comment": ${JSON.stringify(file.$comment)},`,
    `  "versions": ${JSON.stringify(file.versions)},`,
    '  "modules": {',
  ];
  const paths = Object.keys(file.modules);
  paths.forEach((p, i) => {
    const variants = file.modules[p].map((v) => `    ${JSON.stringify(v)}`);
    lines.push(`   ${JSON.stringify(p)}: [`, variants.join(',\n'), `   ]${i < paths.length - 1 ? ',' : ''}`);
  });
  lines.push('  }', '}');
  return lines.join('\n') + '\n';
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  let stop: (() => Promise<void> | void) | undefined;
  let apiUrl = arg;
  if (arg === '--debian') {
    const wiki = await startMediaWiki();
    apiUrl = wiki.apiUrl;
    stop = () => wiki.stop();
  } else if (!arg || !/^https?:\/\/[^/]+\/.*api\.php$/.test(arg)) {
    throw new Error('usage: npm run record-core-catalogue -- http://HOST:PORT/api.php | --debian');
  }
  try {
    const { entry, modules, siteinfo } = await recordVersion(apiUrl);
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, serialise(merge(readFile(), entry, modules)));
    writeSiteinfo(entry.name.replace(/^mediawiki-/, ''), siteinfo);
    process.stdout.write(`recorded ${entry.generator} into ${path.relative(process.cwd(), OUT)}\n`);
  } finally {
    await stop?.();
  }
}

main().catch((err) => {
  process.stderr.write(`recordCoreCatalogue: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
