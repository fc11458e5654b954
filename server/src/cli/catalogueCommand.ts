/**
 * `wikimap-query catalogue save|diff`: snapshots of a wiki's catalogue for offline CI, and what
 * changed between two catalogues.
 *
 *   wikimap-query catalogue save API_URL -o FILE [--max-catalogue-mb N] [--max-catalogue-follow-ups N] [--catalogue-timeout S]
 *   wikimap-query catalogue diff A B [--format text|json]
 *
 * All I/O goes through `CliIo`, so this runs in-process in tests as well as from cli.js.
 */
import { createLanguageServices } from '../languageModes';
import { errorMessage } from '../../../common/errorMessage';
import { withoutUserInfo } from '../catalogue/boundedFetch';
import { printable, type CatalogueSnapshot, type CliIo } from './checkCommand';
import { resolveSecret, SecretUsageError, SIGN_IN_USAGE, takeSignInOption, type SignInOptions } from './cliSecrets';
import { diffCatalogues, formatDifference, summariseDifferences } from './catalogueDiff';
import { CATALOGUE_LIMITS_USAGE, takeCatalogueLimit } from './limitOptions';
import type { CatalogueLimits } from '../runtime';

const CATALOGUE_USAGE = `Usage: wikimap-query catalogue save API_URL -o FILE [LIMITS]
       wikimap-query catalogue diff A B [--format text|json]

save  Fetches a wiki's whole catalogue — every module's action=paraminfo, its
      namespaces, name, version and extensions — and writes it to FILE, to
      commit and check against offline (check --catalogue FILE), within LIMITS
      (FILE itself is at most --max-catalogue-mb, the budget it is read with):
${CATALOGUE_LIMITS_USAGE}
diff  Lists the modules, parameters, values and namespaces added (+), removed
      (-) or changed (~) from catalogue A to catalogue B (saved files or api.php
      URLs), then a count. --format json: an array of {kind, change, module,
      parameter, value, field, from, to}.

${SIGN_IN_USAGE}

Exit status: save 0 written, 2 the wiki or the file failed; diff 0 no
difference, 1 differences, 2 a catalogue could not be loaded or bad usage.`;

class UsageError extends Error {}

interface CatalogueArgs {
  positional: string[];
  output?: string;
  format: 'text' | 'json';
  limits: CatalogueLimits;
  signIn: SignInOptions;
}

function parseCatalogueArgs(args: string[]): CatalogueArgs {
  const out: CatalogueArgs = { positional: [], format: 'text', limits: {}, signIn: {} };
  for (let i = 0; i < args.length; i++) {
    const raw = args[i];
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const arg = eq > 0 ? raw.slice(0, eq) : raw;
    const value = (): string => {
      const v = eq > 0 ? raw.slice(eq + 1) : args[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value.`);
      return v;
    };
    if (arg === '-o' || arg === '--output') out.output = value();
    else if (arg === '--format') {
      const f = value();
      if (f !== 'text' && f !== 'json') throw new UsageError(`--format must be text or json, not "${f}".`);
      out.format = f;
    } else if (takeCatalogueLimit(arg, value, out.limits, (m) => new UsageError(m))) continue;
    else if (takeSignInOption(arg, value, out.signIn)) continue;
    else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${raw}.`);
    else out.positional.push(raw);
  }
  return out;
}

/** What the saved file leaves out or writes differently from the wiki's answers, said after the file's name. */
function savedNotes(snap: CatalogueSnapshot): string {
  const notes: string[] = [];
  if (snap.helpUrlsLeftOut) notes.push(`${snap.helpUrlsLeftOut} help URLs the catalogue does not read left out`);
  if (snap.compact) notes.push('on one line, as indented it was over the catalogue budget');
  return notes.length ? ` (${notes.join('; ')})` : '';
}

async function saveCatalogue(args: CatalogueArgs, io: CliIo): Promise<number> {
  if (args.positional.length !== 1 || !args.output) throw new UsageError('save needs one api.php URL and -o FILE.');
  const [apiUrl] = args.positional;
  if (!/^https?:\/\//i.test(apiUrl)) throw new UsageError(`${withoutUserInfo(apiUrl)} is not an http(s) api.php URL.`);
  if (!io.snapshotCatalogue || !io.writeFile) throw new UsageError('this build cannot fetch or write catalogues.');
  const secret = resolveSecret(args.signIn, io.env ?? {}, io.readSmallFile ?? io.readFile);
  const builtin = createLanguageServices({ files: io.files }, { log: () => undefined }).builtinCatalogue;
  let snap: Awaited<ReturnType<NonNullable<CliIo['snapshotCatalogue']>>>;
  try {
    snap = await io.snapshotCatalogue(apiUrl, builtin, args.limits, secret);
  } catch (err) {
    io.stderr(`wikimap-query catalogue save: ${errorMessage(err)}\n`);
    return 2;
  }
  try {
    io.writeFile(args.output, snap.text);
  } catch (err) {
    io.stderr(`wikimap-query catalogue save: cannot write ${args.output} (${errorMessage(err)})\n`);
    return 2;
  }
  // The wiki's own name and version, as a terminal may show them: no escape sequences, at most 200 characters each.
  const shown = (text: string) => (text.length > 200 ? `${printable(text.slice(0, 200))}…` : printable(text));
  io.stdout(
    `Saved the catalogue of ${snap.sitename ? `${shown(snap.sitename)} (${snap.apiUrl})` : snap.apiUrl}: ${shown(snap.generator)}, ` +
      `${snap.modules} modules, ${snap.namespaces} namespaces, ${snap.extensions} extensions, to ${args.output}${savedNotes(snap)}.\n`,
  );
  return 0;
}

async function diffCommand(args: CatalogueArgs, io: CliIo): Promise<number> {
  if (args.positional.length !== 2) throw new UsageError('diff needs two catalogues: diff A B.');
  const builtin = createLanguageServices({ files: io.files }, { log: () => undefined }).builtinCatalogue;
  const loaded = [];
  for (const spec of args.positional) {
    try {
      loaded.push(await io.loadCatalogue(spec, builtin, args.limits));
    } catch (err) {
      io.stderr(`wikimap-query catalogue diff: ${withoutUserInfo(spec)}: ${errorMessage(err)}\n`);
      return 2;
    }
  }
  const [a, b] = loaded;
  const diffs = diffCatalogues(a, b);
  if (args.format === 'json') io.stdout(`${JSON.stringify(diffs, undefined, 2)}\n`);
  else {
    const label = (spec: string, c: typeof a) =>
      `${withoutUserInfo(spec)} (${c.mediaWikiVersion ?? 'version unknown'}, ${c.modules.length} modules)`;
    // Names, values and versions are the wikis' own (a live api.php URL may be hostile): printed as a terminal may show them.
    io.stdout(`--- ${printable(label(args.positional[0], a))}\n+++ ${printable(label(args.positional[1], b))}\n`);
    for (const d of diffs) io.stdout(`${printable(formatDifference(d))}\n`);
    io.stdout(`${summariseDifferences(diffs)}\n`);
  }
  return diffs.length ? 1 : 0;
}

/** `wikimap-query catalogue …`; returns the exit status. */
export async function runCatalogueCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '-h' || sub === '--help' || rest.includes('-h') || rest.includes('--help')) {
    (sub === undefined ? io.stderr : io.stdout)(`${CATALOGUE_USAGE}\n`);
    return sub === undefined ? 2 : 0;
  }
  try {
    const args = parseCatalogueArgs(rest);
    if (sub === 'save') return await saveCatalogue(args, io);
    if (sub === 'diff') return await diffCommand(args, io);
    throw new UsageError(`unknown subcommand "${sub}" (save or diff).`);
  } catch (err) {
    if (!(err instanceof UsageError || err instanceof SecretUsageError)) throw err;
    io.stderr(`wikimap-query catalogue: ${err.message} See wikimap-query catalogue --help.\n`);
    return 2;
  }
}
