/**
 * `wikimap-query-server` (dist/server.js): runs the server's bundle (dist/server.core.js, entry
 * serverMain.ts) with V8's code cache, so that every start after the first skips most of compiling
 * it (compileCache.ts). Imports nothing but Node's own modules: this file is what a start pays for
 * before the cache helps.
 */
import * as path from 'node:path';
import { compileCacheDir, runWithCompileCache } from './compileCache';

const trace =
  process.env.WIKIMAP_QUERY_TRACE_START === '1' ? (line: string) => process.stderr.write(`wikimap-query-server: ${line}\n`) : undefined;
runWithCompileCache(path.join(__dirname, 'server.core.js'), compileCacheDir(process.env), { writeWhen: 'soon', trace });
