/**
 * The package's folder in the user's cache folder, as each platform has it: `$XDG_CACHE_HOME` (when
 * absolute, as the XDG rules say) or `~/.cache` on Linux and the BSDs, `~/Library/Caches` on macOS,
 * `%LOCALAPPDATA%\wikimap-query\Cache` on Windows. Live catalogues are cached there when the editor
 * gives no folder of its own, and the commands' code cache in its `compile-cache` folder. Imports
 * only Node's own modules (the command launchers use it before anything else is loaded).
 */
import * as os from 'node:os';
import * as path from 'node:path';

/** `wikimap-query` in the user's cache folder; undefined without a home folder to put it in. */
export function userCacheDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home = os.homedir(),
): string | undefined {
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA && path.isAbsolute(env.LOCALAPPDATA) ? env.LOCALAPPDATA : home && path.join(home, 'AppData', 'Local');
    return local ? path.join(local, 'wikimap-query', 'Cache') : undefined;
  }
  if (platform === 'darwin') return home ? path.join(home, 'Library', 'Caches', 'wikimap-query') : undefined;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'wikimap-query');
  return home ? path.join(home, '.cache', 'wikimap-query') : undefined;
}
