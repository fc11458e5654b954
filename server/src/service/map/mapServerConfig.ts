/**
 * What one map server indexes: its layers and its enabled map-object types. A real server publishes both at
 * `GET {base}/api/config` (web/config.go: `{"layers": [...], "mapobjects": {...}, ...}`); without a server
 * (or before its answer arrives) the defaults of app/config.go, kept in the descriptor, are used.
 *
 * The mapserver renders and indexes only map blocks whose y lies in a layer (mapblockaccessor/mtime.go and
 * db/sqlite/initialblocks.go skip the others with `FindLayerByY(...) == nil`), and registers a type's listener only
 * when its `mapobjects` switch is on (mapobject/setup.go). So objects outside every layer, or of a switched-off
 * type, are never in its database. Pure: the caller fetches the JSON and hands it in.
 */
import { FIXED_LIMITS } from '../../../../common/settings';
import { cutText } from '../../../../common/cutText';
import { MapDescriptorError, readLayers, type MapDescriptor, type MapLayer } from './mapDescriptor';

export interface MapServerConfig {
  /** The server's base URL, or undefined for the defaults (no server configured, or its config not loaded). */
  server?: string;
  layers: MapLayer[];
  /** The server's `mapobjects` switches (the defaults fill any the server did not publish). */
  mapobjects: Record<string, boolean>;
  /** Names of the types the server indexes. */
  enabledTypes: ReadonlySet<string>;
}

function enabledTypesOf(descriptor: MapDescriptor, switches: Record<string, boolean>): Set<string> {
  return new Set(descriptor.types.filter((t) => t.configKeys.some((k) => switches[k] === true)).map((t) => t.name));
}

/**
 * A server with the default config (app/config.go): layers Ground (y −1…10) and Sky (11…24), `locator` off.
 * A new object each call: the language service keeps the one it uses.
 */
export function defaultMapServerConfig(descriptor: MapDescriptor): MapServerConfig {
  return { layers: descriptor.layers, mapobjects: descriptor.mapobjects, enabledTypes: enabledTypesOf(descriptor, descriptor.mapobjects) };
}

/**
 * Reads a server's `GET /api/config` answer. Throws an Error saying what is wrong when it is not a map
 * server's config (no layers, wrong shapes).
 */
export function parseMapServerConfig(json: unknown, descriptor: MapDescriptor, server: string): MapServerConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('the answer is not a JSON object');
  const raw = json as Record<string, unknown>;
  if (Array.isArray(raw.layers) && raw.layers.length > FIXED_LIMITS.mapConfigMaxLayers) {
    throw new Error(`it lists ${raw.layers.length} layers (a map server has a few; at most ${FIXED_LIMITS.mapConfigMaxLayers} are read)`);
  }
  let layers: MapLayer[];
  try {
    layers = readLayers(raw.layers, 'layers');
  } catch (err) {
    throw new Error(
      err instanceof MapDescriptorError ? 'its "layers" are missing or not a list of {"id", "name", "from", "to"}' : String(err),
      { cause: err },
    );
  }
  const mapobjects: Record<string, boolean> = { ...descriptor.mapobjects };
  if (raw.mapobjects !== undefined && raw.mapobjects !== null) {
    if (typeof raw.mapobjects !== 'object' || Array.isArray(raw.mapobjects))
      throw new Error('its "mapobjects" is not an object of switches');
    for (const [key, value] of Object.entries(raw.mapobjects as Record<string, unknown>))
      if (typeof value === 'boolean') mapobjects[key] = value;
  }
  return { server, layers, mapobjects, enabledTypes: enabledTypesOf(descriptor, mapobjects) };
}

/** "this server" or "map servers by default", for messages. */
export function serverLabel(config: MapServerConfig): string {
  return config.server ? `the map server ${config.server}` : 'a map server with the default config';
}

/** The layer holding map-block y, if any (types.FindLayerByY). */
export function findLayerByY(layers: readonly MapLayer[], y: number): MapLayer | undefined {
  return layers.find((l) => y >= l.from && y <= l.to);
}

/**
 * A config's layers sorted by their lowest y, with the highest y reached by each and those before it:
 * whether a range touches a layer is then a binary search, not a scan of every layer (a config may list
 * up to 1,000, and a document up to 200,000 queries).
 */
interface LayerIndex {
  from: Float64Array;
  reach: Float64Array;
}

/** One index per layers array (a config's layers are not changed once read). */
const layerIndexes = new WeakMap<readonly MapLayer[], LayerIndex>();

function layerIndex(layers: readonly MapLayer[]): LayerIndex {
  let index = layerIndexes.get(layers);
  if (index) return index;
  const sorted = [...layers].sort((a, b) => a.from - b.from);
  const from = new Float64Array(sorted.length);
  const reach = new Float64Array(sorted.length);
  let highest = -Infinity;
  sorted.forEach((l, i) => {
    from[i] = l.from;
    highest = Math.max(highest, l.to);
    reach[i] = highest;
  });
  index = { from, reach };
  layerIndexes.set(layers, index);
  return index;
}

/** Whether any map-block y in lo…hi lies in a layer (some layer has from ≤ hi and to ≥ lo). */
export function rangeTouchesLayers(layers: readonly MapLayer[], lo: number, hi: number): boolean {
  const { from, reach } = layerIndex(layers);
  // The last layer (in `from` order) that starts at or below hi: those up to it are the ones with from ≤ hi.
  let low = 0;
  let high = from.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (from[mid] <= hi) low = mid + 1;
    else high = mid;
  }
  return low > 0 && reach[low - 1] >= lo;
}

/** Most characters of a layer's name shown (names come from the map server). */
const MAX_LAYER_NAME = 80;

/**
 * "Ground: map blocks y −1…10 (nodes −16…175); Sky: 11…24 (nodes 176…399)": the first 10 layers by name,
 * the rest counted (a server's config may list up to 1,000, each message and hover would carry them all).
 */
export function describeLayers(layers: readonly MapLayer[], blockSize: number): string {
  // Made once per layers array: every box outside the layers repeats it in its message.
  const known = layerTexts.get(layers);
  if (known?.blockSize === blockSize) return known.text;
  const text = layerText(layers, blockSize);
  layerTexts.set(layers, { blockSize, text });
  return text;
}

const layerTexts = new WeakMap<readonly MapLayer[], { blockSize: number; text: string }>();

function layerText(layers: readonly MapLayer[], blockSize: number): string {
  const named = FIXED_LIMITS.mapLayersNamed;
  const text = layers
    .slice(0, named)
    .map((l) => {
      const name = cutText(l.name, MAX_LAYER_NAME);
      return `${name ? `${name} ` : ''}(layer ${l.id}): map blocks y ${l.from}…${l.to} (nodes y ${l.from * blockSize}…${l.to * blockSize + blockSize - 1})`;
    })
    .join('; ');
  return layers.length > named ? `${text}; and ${layers.length - named} more layers` : text;
}

/** The switches that would enable a type, for messages: `"locator": true`. */
export function describeSwitches(keys: readonly string[]): string {
  return keys.map((k) => `"${k}": true`).join(' or ');
}
