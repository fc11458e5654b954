/**
 * The settings of one server, layered key by key from the routes they arrive by (lowest first):
 *
 *   defaults (common/settings.ts) < repository file (.wikimapquery.json, trusted workspaces only)
 *   < initializationOptions < latest pushed workspace/didChangeConfiguration < latest pulled workspace/configuration
 *
 * Each route's newest value replaces that route's older one entirely, so a setting removed in the
 * editor falls back to the layer below it (finally its default). Whatever the wrapping (`{ wikimapQuery: … }`
 * or not), a route's settings are read by `readSettings` of the table.
 */
import { readSettings, layerSettings, SETTINGS, SETTINGS_SECTION, type SettingValues } from '../../common/settings';
import { effectiveSettings, HOST_OPTIONS, type EffectiveSettings } from './languageModes';

export type SettingsRoute = 'file' | 'initializationOptions' | 'pushed' | 'pulled';

const ORDER: readonly SettingsRoute[] = ['file', 'initializationOptions', 'pushed', 'pulled'];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether a top-level name of a settings object is one of ours (a setting, a prefix of one, or prefixed). */
function isOurName(name: string): boolean {
  if (name === SETTINGS_SECTION || name.startsWith(`${SETTINGS_SECTION}.`)) return true;
  return SETTINGS.some((s) => s.key === name || s.key.startsWith(`${name}.`));
}

/**
 * The settings a `workspace/didChangeConfiguration` carries for us: its `wikimapQuery` section (an
 * empty object when that is not an object), or its own names of ours when they are unwrapped.
 * Undefined when it carries nothing (`null`, VS Code's way of saying "pull"); only other servers'
 * sections are empty settings for us.
 */
export function pushedSettings(pushed: unknown): { settings: Record<string, unknown> } | undefined {
  if (!isObject(pushed)) return undefined;
  if (SETTINGS_SECTION in pushed) {
    const section = pushed[SETTINGS_SECTION];
    return { settings: isObject(section) ? section : {} };
  }
  return { settings: Object.fromEntries(Object.entries(pushed).filter(([name]) => isOurName(name))) };
}

export class SettingsLayers {
  private readonly layers = new Map<SettingsRoute, SettingValues>();
  private readonly told = new Set<string>();

  /** @param log where a refused value or an unknown name is said (once per message). */
  constructor(
    private readonly log: (message: string) => void,
    private readonly defaultDelay?: number,
  ) {}

  /** A route's newest settings, as the client sent them, replace that route's older ones. */
  set(route: SettingsRoute, raw: unknown): void {
    const read = readSettings(raw, route === 'initializationOptions' ? HOST_OPTIONS : []);
    for (const problem of read.problems) this.say(`Settings from ${route}: ${problem}`);
    this.layers.set(route, read.values);
  }

  /** A route's settings already checked against the table (the repository file), or none. */
  setValues(route: SettingsRoute, values: SettingValues | undefined): void {
    if (values) this.layers.set(route, values);
    else this.layers.delete(route);
  }

  /** The effective settings: every setting from the highest layer that gives it, else its default. */
  effective(): EffectiveSettings {
    return effectiveSettings(layerSettings(ORDER.map((r) => this.layers.get(r))), this.defaultDelay);
  }

  /** The effective settings with another repository file in place of this one's (a document's nearer file). */
  effectiveWith(fileValues: SettingValues): EffectiveSettings {
    return effectiveSettings(layerSettings(ORDER.map((r) => (r === 'file' ? fileValues : this.layers.get(r)))), this.defaultDelay);
  }

  private say(message: string): void {
    if (this.told.has(message)) return;
    this.told.add(message);
    this.log(message);
  }
}
