/** Entry point of the `wikimap-query` checker CLI (see cli/checkCommand.ts). */
import { readBoundedStream } from '../cli/boundedText';
import { runCli, type CliIo } from '../cli/checkCommand';
import { runRunCommand, type RunIo } from '../cli/runCommand';
import { runRequestsCommand } from '../cli/requestsCommand';
import { runCatalogueCommand } from '../cli/catalogueCommand';
import { createPackageFiles } from './nodeRuntime';
import { nodeFileIo } from './nodeFileIo';
import { packageVersion } from '../packageData';
import { createCliCatalogueLoader } from './cliCatalogues';
import { loadMapConfig } from './cliMapConfig';
import { lazyNodeTransport } from './lazyNodeTransport';
import { redactUserInfo } from '../../../run/redact';
import { isSourceScanWorker, runSourceScanWorker, startSourceScan } from './sourceScanPool';
import * as os from 'os';
import { useBaselineWasmOnly } from './wasmTiering';

/**
 * The last guard: whatever escapes (a rejection nobody awaited, an exception in a callback) ends the
 * command with exit status 2 and one clear line, never a stack trace or Node's own exit 1.
 */
function installLastGuard(): void {
  const fail = (what: string) => (err: unknown) => {
    const message = redactUserInfo(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
    process.stderr.write(`wikimap-query: internal error (${what}): ${message}. Nothing more was done; please report this.\n`);
    process.exit(2);
  };
  process.on('unhandledRejection', fail('a promise rejected with nobody waiting for it'));
  process.on('uncaughtException', fail('an exception escaped'));
}
// Backpressure: when the reader of a pipe is behind, the next piece of a large result waits for it. One
// wait is shared by every write made meanwhile (a listener per write overflowed the emitter's limit).
let drained: Promise<void> | undefined;
function writeStdout(text: string): Promise<void> | undefined {
  if (process.stdout.write(text)) return drained;
  drained ??= new Promise<void>((resolve) =>
    process.stdout.once('drain', () => {
      drained = undefined;
      resolve();
    }),
  );
  return drained;
}

/** The command: its I/O on this process, then the subcommand the arguments name. */
function main(): void {
  installLastGuard();
  useBaselineWasmOnly();

  const files = createPackageFiles();
  const catalogues = createCliCatalogueLoader(files, (message, kind) => {
    // Progress notes ("using the catalogue of …") are not CI output; warnings (e.g. a cached copy used because
    // the wiki is down) go to stderr. Failures to load reach the user as errors anyway.
    if (kind === 'warning') process.stderr.write(`${message}\n`);
  });

  const io: CliIo & RunIo = {
    stdout: writeStdout,
    stderr: (text) => process.stderr.write(text),
    readStdin: (maxChars) => readBoundedStream(process.stdin, maxChars),
    ...nodeFileIo,
    processors: os.availableParallelism?.() ?? os.cpus().length,
    // the worker threads run this bundle (__filename: dist/cli.core.js)
    scanSources: (sources, skipUpTo, workers) => startSourceScan(__filename, sources, skipUpTo, workers),
    files,
    version: packageVersion(files),
    loadCatalogue: (spec, builtin, limits, secret) => catalogues.load(spec, builtin, limits, secret),
    snapshotCatalogue: (apiUrl, builtin, limits, secret) => catalogues.snapshot(apiUrl, builtin, limits, secret),
    loadMapConfig,
    transport: lazyNodeTransport,
    env: process.env,
  };

  const argv = process.argv.slice(2);
  const SUBCOMMANDS: Record<string, (args: string[]) => Promise<number>> = {
    run: (args) => runRunCommand(args, io),
    requests: (args) => runRequestsCommand(args, io),
    catalogue: (args) => runCatalogueCommand(args, io),
  };
  const command = Object.prototype.hasOwnProperty.call(SUBCOMMANDS, argv[0]) ? SUBCOMMANDS[argv[0]](argv.slice(1)) : runCli(argv, io);
  command.then(
    (code) => {
      catalogues.dispose();
      // Exit once stdout has drained (large JSON through a pipe), even if a catalogue fetch left a socket open.
      process.stdout.write('', () => process.exit(code));
    },
    (err) => {
      process.stderr.write(`wikimap-query: unexpected error: ${redactUserInfo(err instanceof Error ? err.message : String(err))}\n`);
      process.stdout.write('', () => process.exit(2));
    },
  );
}

// A worker thread of `check DIR` (sourceScanPool.ts) runs this same bundle for its scan only.
if (isSourceScanWorker()) runSourceScanWorker();
else main();
