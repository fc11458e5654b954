/**
 * Runs the real `wikimap-query check` (the built `dist/cli.js`, as users run it) on a set of queries
 * and gives back its diagnostics per query.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckerDiagnostic } from './wikiVerdict';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureFreshBuild } = require('../../scripts/lib/buildFreshness.js') as { ensureFreshBuild: (root: string) => string | undefined };

const ROOT = path.join(__dirname, '..', '..');
export const CLI = path.join(ROOT, 'dist', 'cli.js');

/** Builds the bundles when they are missing or older than any file they are made of (scripts/lib/buildFreshness.js). */
export async function ensureBuilt(): Promise<void> {
  ensureFreshBuild(ROOT);
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 300000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${cmd} ${args.join(' ')} did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `node dist/cli.js check ARGS…` with its own cache folder (never the user's). */
export function runCheck(args: string[], cacheHome: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return run(process.execPath, [CLI, 'check', ...args], { ...env, XDG_CACHE_HOME: cacheHome });
}

export interface CheckedQueries {
  /** Diagnostics per query, in the order given. */
  perQuery: CheckerDiagnostic[][];
  result: CliResult;
}

/**
 * Writes the queries to a .wikiquery file (one per line, a blank line between them, so each is its
 * own query) and checks it with the given `--catalogue` arguments (and `flags`, e.g. `--logged-in`;
 * `env`, e.g. the bot password of `--bot-user`).
 */
export async function checkQueries(
  lines: string[],
  catalogueArgs: string[],
  cacheHome: string,
  flags: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<CheckedQueries> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-check-'));
  try {
    const file = path.join(dir, 'corpus.wikiquery');
    fs.writeFileSync(file, lines.join('\n\n') + '\n');
    const result = await runCheck(
      [...catalogueArgs.flatMap((c) => ['--catalogue', c]), ...flags, '--format', 'json', file],
      cacheHome,
      env,
    );
    if (result.code !== 0 && result.code !== 1) {
      throw new Error(`wikimap-query check failed (exit ${result.code}):\n${result.stderr}\n${result.stdout.slice(0, 2000)}`);
    }
    let diagnostics: CheckerDiagnostic[];
    try {
      diagnostics = JSON.parse(result.stdout);
    } catch {
      throw new Error(
        `wikimap-query check --format json printed something that is not JSON:\n${result.stdout.slice(0, 2000)}\n${result.stderr}`,
      );
    }
    const perQuery: CheckerDiagnostic[][] = lines.map(() => []);
    for (const d of diagnostics) {
      // Query i is on line 2i+1 (1-based).
      const i = (d.line - 1) / 2;
      if (!Number.isInteger(i) || !perQuery[i]) throw new Error(`a diagnostic on line ${d.line}, where no query is: ${JSON.stringify(d)}`);
      perQuery[i].push(d);
    }
    return { perQuery, result };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
