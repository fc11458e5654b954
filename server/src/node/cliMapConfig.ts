/**
 * The checker's `--map-config FILE_OR_URL`: a map server's config, from its base URL (`GET
 * {base}/api/config`, bounded in time and bytes, redirects not followed) or from a file (a saved
 * `/api/config` answer, or the server's own `mapserver.json`, which has the same `layers` and
 * `mapobjects`). Rejects with a message saying what is wrong.
 */
import { readBounded } from './nodeCatalogueFiles';
import { fetchMapServerConfig, MAP_CONFIG_MAX_BYTES, normaliseBase } from '../mapConfig/mapConfigStore';
import { nodeTimers } from './nodeRuntime';
import { lazyNodeTransport } from './lazyNodeTransport';
import type { MapConfigLimits } from '../runtime';
import { CLI_MAP_CONFIG_ADVICE, overCap } from '../mapConfig/mapConfigAdvice';

export interface LoadedMapConfig {
  json: unknown;
  /** The server's base URL, or the file's name: what messages call the map server. */
  server: string;
}

export async function loadMapConfig(spec: string, limits: MapConfigLimits = {}): Promise<LoadedMapConfig> {
  const maxBytes = limits.maxBytes ?? MAP_CONFIG_MAX_BYTES;
  if (/^https?:\/\//i.test(spec)) {
    const server = normaliseBase(spec);
    if (!server) throw new Error("give the map server's base address as http(s)://host[:port][/path], without user name or password");
    return {
      json: await fetchMapServerConfig(server, {
        timers: nodeTimers,
        transport: lazyNodeTransport,
        maxBytes,
        timeoutMs: limits.timeoutMs,
        advice: CLI_MAP_CONFIG_ADVICE,
      }),
      server,
    };
  }
  // Opened without blocking and checked on the handle: a FIFO or a device (`/dev/zero`) is refused, and
  // no more than the cap is read even from a file that grows meanwhile.
  let text: string;
  try {
    text = await readBounded(spec, maxBytes);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error('no such file', { cause: err });
    if (code === 'ENOTFILE') throw new Error('it is not a regular file (a FIFO, a device or a socket is not read)', { cause: err });
    // A real config is about 1 KB: the cap of the live answer applies to files too.
    if (code === 'EFBIG') throw new Error(overCap('the file is over', maxBytes, CLI_MAP_CONFIG_ADVICE), { cause: err });
    throw err;
  }
  try {
    return { json: JSON.parse(text), server: spec };
  } catch {
    throw new Error('the file is not JSON');
  }
}
