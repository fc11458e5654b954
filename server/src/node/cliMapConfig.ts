/**
 * The checker's `--map-config FILE_OR_URL`: a map server's config, from its base URL (`GET
 * {base}/api/config`, bounded in time and bytes, redirects not followed) or from a file (a saved
 * `/api/config` answer, or the server's own `mapserver.json`, which has the same `layers` and
 * `mapobjects`). Rejects with a message saying what is wrong.
 */
import * as fs from 'fs';
import { fetchMapServerConfig, MAP_CONFIG_MAX_BYTES, normaliseBase } from '../mapConfig/mapConfigStore';
import { nodeTimers } from './nodeRuntime';
import { nodeTransport } from '../../../run/node/nodeTransport';

export interface LoadedMapConfig {
  json: unknown;
  /** The server's base URL, or the file's name: what messages call the map server. */
  server: string;
}

export async function loadMapConfig(spec: string, maxBytes = MAP_CONFIG_MAX_BYTES): Promise<LoadedMapConfig> {
  if (/^https?:\/\//i.test(spec)) {
    const server = normaliseBase(spec);
    if (!server) throw new Error("give the map server's base address as http(s)://host[:port][/path], without user name or password");
    return {
      json: await fetchMapServerConfig(server, { timers: nodeTimers, transport: nodeTransport, maxBytes, setting: '--map-config' }),
      server,
    };
  }
  let size: number;
  try {
    size = fs.statSync(spec).size;
  } catch {
    throw new Error('no such file');
  }
  // A real config is about 1 KB: the cap of the live answer applies to files too.
  if (size > maxBytes)
    throw new Error(
      `the file is ${size} bytes, over the ${maxBytes}-byte limit of a map server's config (raise it with --max-map-config-kb)`,
    );
  const text = fs.readFileSync(spec, 'utf8');
  try {
    return { json: JSON.parse(text), server: spec };
  } catch {
    throw new Error('the file is not JSON');
  }
}
