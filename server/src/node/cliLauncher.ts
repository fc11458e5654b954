/**
 * `wikimap-query` (dist/cli.js): runs the checker's bundle (dist/cli.core.js, entry cliMain.ts) with
 * V8's code cache (compileCache.ts), written when the first run exits: a check in a pre-commit hook
 * or CI starts faster from the second run on.
 */
import * as path from 'node:path';
import { compileCacheDir, runWithCompileCache } from './compileCache';

const trace =
  process.env.WIKIMAP_QUERY_TRACE_START === '1' ? (line: string) => process.stderr.write(`wikimap-query: ${line}\n`) : undefined;
runWithCompileCache(path.join(__dirname, 'cli.core.js'), compileCacheDir(process.env), { writeWhen: 'exit', trace });
