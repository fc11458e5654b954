/**
 * The command line's flags for the budgets users may raise, one per setting of the settings table
 * (common/settings.ts), checked against that setting's range: `check` and `catalogue save` share them.
 */
import { settingSpec } from '../../../common/settings';
import type { CatalogueLimits } from '../runtime';

/** Flag → the setting it stands for and how its value becomes the limit. */
const CATALOGUE_FLAGS: Record<string, { key: string; field: keyof CatalogueLimits; scale: number; integer?: boolean }> = {
  '--max-catalogue-mb': { key: 'wiki.maxCatalogueMB', field: 'maxBytes', scale: 1024 * 1024 },
  '--max-catalogue-follow-ups': { key: 'wiki.maxCatalogueFollowUps', field: 'maxFollowUps', scale: 1, integer: true },
  '--catalogue-timeout': { key: 'wiki.catalogueTimeoutSeconds', field: 'timeoutMs', scale: 1000 },
};

/** The usage lines of the catalogue-limit flags (their defaults from the settings table). */
export const CATALOGUE_LIMITS_USAGE = `  --max-catalogue-mb N         Bytes read of a wiki's catalogue given by URL, all
                               answers together, in MB (default ${settingSpec('wiki.maxCatalogueMB').default}).
  --max-catalogue-follow-ups N Follow-up paraminfo requests (50 modules each) of
                               one catalogue load (default ${settingSpec('wiki.maxCatalogueFollowUps').default}).
  --catalogue-timeout S        Time limit of each catalogue request, in seconds
                               (default ${settingSpec('wiki.catalogueTimeoutSeconds').default}). No redirect is ever followed.`;

/** The value of a flag that stands for setting `key`, checked against its range; `usage` makes the error. */
function settingNumber(flag: string, key: string, raw: string, usage: (message: string) => Error, integer = false): number {
  const spec = settingSpec(key);
  const n = Number(raw);
  const min = spec.minimum ?? 0;
  const max = spec.maximum ?? Number.MAX_SAFE_INTEGER;
  if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw usage(`${flag} takes ${integer ? 'a whole number' : 'a number'} from ${min} to ${max} (got "${raw}").`);
  }
  return n;
}

/**
 * Reads a catalogue-limit flag into `limits`: true when `flag` is one (its value taken with `value`),
 * false otherwise. A bad value throws `usage(message)`.
 */
export function takeCatalogueLimit(flag: string, value: () => string, limits: CatalogueLimits, usage: (message: string) => Error): boolean {
  const known = CATALOGUE_FLAGS[flag];
  if (!known) return false;
  limits[known.field] = Math.round(settingNumber(flag, known.key, value(), usage, known.integer) * known.scale);
  return true;
}

/** `--max-map-config-kb N` (`wikimapQuery.mapserver.maxConfigKB`), in bytes. */
export function mapConfigLimit(raw: string, usage: (message: string) => Error): number {
  return Math.round(settingNumber('--max-map-config-kb', 'mapserver.maxConfigKB', raw, usage) * 1024);
}

/** `--map-config-timeout S` (`wikimapQuery.mapserver.configTimeoutSeconds`), in ms. */
export function mapConfigTimeout(raw: string, usage: (message: string) => Error): number {
  return Math.round(settingNumber('--map-config-timeout', 'mapserver.configTimeoutSeconds', raw, usage) * 1000);
}
