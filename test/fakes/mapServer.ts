/**
 * A fake Luanti mapserver answering `POST /api/mapobjects/` and `GET /api/config` the way the real Go server
 * does (minetest-mapserver/mapserver: web/mapobjects.go decodes the body with Go's encoding/json into a
 * SearchQuery, then mapobjectdb/sqlite runs one SQL query joining objects with their attributes; web/config.go
 * publishes the layers and map-object switches; web/serve.go routes with net/http's ServeMux).
 * Like the real server it indexes only objects in map blocks inside its layers (mapblockaccessor/mtime.go)
 * and of the types its `mapobjects` switches enable (mapobject/setup.go).
 * Loopback only, node `http` only. What it copies, and where it knowingly differs, is listed in
 * descriptors/mapserver/README.md ("The fake map server").
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseTree, ParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { listenLoopback } from '../support/loopbackServer';
import { seededRandom } from '../support/seededRandom';

export interface MapBlockPos {
  x: number;
  y: number;
  z: number;
}

/** A map object as the server returns it. */
export interface MapObject {
  mapblock: MapBlockPos;
  /** Node position. */
  x: number;
  y: number;
  z: number;
  type: string;
  /** Unix seconds. */
  mtime: number;
  attributes: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A layer as types/layer.go declares it: map blocks with from ≤ y ≤ to are rendered and indexed. */
export interface MapLayer {
  id: number;
  name: string;
  from: number;
  to: number;
}

/** app/config.go ParseConfig: the layers of a server without its own mapserver.json. */
export const DEFAULT_LAYERS: MapLayer[] = [
  { id: 0, name: 'Ground', from: -1, to: 10 },
  { id: 1, name: 'Sky', from: 11, to: 24 },
];

/** app/config.go ParseConfig: the map-object switches (MapObjectConfig, JSON names of app/types.go, in its order). */
export const DEFAULT_MAPOBJECTS: Record<string, boolean> = {
  areas: true,
  bones: true,
  protector: true,
  xpprotector: true,
  privprotector: true,
  technic_quarry: true,
  technic_switch: true,
  technic_anchor: true,
  technic_reactor: true,
  luacontroller: true,
  digiterms: true,
  digilines: true,
  travelnet: true,
  mapserver_player: true,
  mapserver_poi: true,
  mapserver_label: true,
  mapserver_trainline: true,
  mapserver_border: true,
  tileserverlegacy: true,
  mission: true,
  jumpdrive: true,
  smartshop: true,
  fancyvend: true,
  atm: true,
  train: true,
  trainsignal: true,
  minecart: false,
  locator: false,
  signs: true,
  mapserver_airutils: true,
  phonograph: true,
  um_area_forsale: true,
};

/** mapobject/setup.go: which switch registers the listener that creates objects of each type. */
export const TYPE_SWITCHES: Record<string, string[]> = {
  poi: ['mapserver_poi', 'tileserverlegacy'],
  train: ['mapserver_trainline', 'tileserverlegacy'],
  border: ['mapserver_border'],
  label: ['mapserver_label'],
  travelnet: ['travelnet'],
  protector: ['protector'],
  xpprotector: ['xpprotector'],
  privprotector: ['privprotector'],
  bones: ['bones'],
  technicquarry: ['technic_quarry'],
  nuclearreactor: ['technic_reactor'],
  technicanchor: ['technic_anchor'],
  technicswitch: ['technic_switch'],
  digilinelcd: ['digilines'],
  luacontroller: ['luacontroller'],
  digiterm: ['digiterms'],
  mission: ['mission'],
  jumpdrive: ['jumpdrive'],
  shop: ['smartshop', 'fancyvend'],
  atm: ['atm'],
  locator: ['locator'],
  sign: ['signs'],
  phonograph: ['phonograph'],
  um_area_forsale: ['um_area_forsale'],
};

export interface FakeMapServer {
  /** Base URL, e.g. http://127.0.0.1:40123 (the endpoint is `${url}/api/mapobjects/`). */
  url: string;
  /** The objects it indexed and serves, in the order the database returns them (by uid). */
  objects: MapObject[];
  /** Objects it was given but never indexed: outside every layer, or of a type whose switch is off. */
  notIndexed: MapObject[];
  layers: MapLayer[];
  mapobjects: Record<string, boolean>;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface FakeMapServerOptions {
  /** Objects to serve instead of the seeded ones (served in the given order). */
  objects?: MapObject[];
  /** Seed for the generated objects (default 1). */
  seed?: number;
  /** The server's layers (default: app/config.go's Ground -1…10 and Sky 11…24). */
  layers?: MapLayer[];
  /** Switches that differ from app/config.go's defaults, e.g. `{ locator: true, bones: false }`. */
  mapobjects?: Record<string, boolean>;
}

/** The request as Go decodes it (mapobjectdb.SearchQuery); pointers that stay nil are undefined. */
interface SearchQuery {
  pos1?: MapBlockPos;
  pos2?: MapBlockPos;
  type: string;
  attributelike?: { key: string; value: string };
  limit?: number;
}

const BLOCK = 16;
const DEFAULT_LIMIT = 1000;
/** web/mapobjects.go fills a missing pos1/pos2 with the whole map. */
const MAP_EXTENT = 2048;

// ---------------------------------------------------------------------------------------------
// Go's encoding/json, as far as the request decoding goes.

class GoDecodeError extends Error {}

/** Go's quoteChar for syntax errors: 'x', '"', '\''. */
function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return "'\"'";
  const q = JSON.stringify(c);
  return `'${q.slice(1, -1)}'`;
}

function syntaxMessage(body: string, error: ParseError, inObject: boolean): string {
  const at = error.offset;
  if (at >= body.trimEnd().length) return 'unexpected EOF';
  const c = body[at];
  // Go's scanner commits to a literal on its first letter and names the first wrong letter after it.
  for (const literal of ['true', 'false', 'null']) {
    if (c !== literal[0]) continue;
    let i = 1;
    while (i < literal.length && body[at + i] === literal[i]) i++;
    if (i < literal.length) {
      if (at + i >= body.length) return 'unexpected EOF';
      return `invalid character ${quoteChar(body[at + i])} in literal ${literal} (expecting ${quoteChar(literal[i])})`;
    }
  }
  switch (error.error) {
    case ParseErrorCode.PropertyNameExpected:
      return `invalid character ${quoteChar(c)} looking for beginning of object key string`;
    case ParseErrorCode.ColonExpected:
      return `invalid character ${quoteChar(c)} after object key`;
    case ParseErrorCode.CommaExpected:
      return `invalid character ${quoteChar(c)} after ${inObject ? 'object key:value pair' : 'array element'}`;
    case ParseErrorCode.CloseBraceExpected:
      return `invalid character ${quoteChar(c)} after object key:value pair`;
    case ParseErrorCode.CloseBracketExpected:
      return `invalid character ${quoteChar(c)} after array element`;
    default:
      return `invalid character ${quoteChar(c)} looking for beginning of value`;
  }
}

/** Go's name for a JSON value's kind in UnmarshalTypeError ("number 1.5" for a number that does not fit an int). */
function goKind(node: Node): string {
  switch (node.type) {
    case 'object':
      return 'object';
    case 'array':
      return 'array';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    default:
      return 'number';
  }
}

class GoDecoder {
  firstError: string | undefined;
  constructor(private readonly body: string) {}

  private typeError(value: string, struct: string, field: string, goType: string): void {
    this.firstError ??= `json: cannot unmarshal ${value} into Go struct field ${struct}.${field} of type ${goType}`;
  }

  /** An int field: Go parses the literal with ParseInt, so 1.0, 1e3 and overflow are errors. */
  int(node: Node, struct: string, field: string): number | undefined {
    if (node.type === 'null') return undefined;
    if (node.type !== 'number') {
      this.typeError(goKind(node), struct, field, 'int');
      return undefined;
    }
    const literal = this.body.slice(node.offset, node.offset + node.length);
    if (!/^-?\d+$/.test(literal) || !Number.isSafeInteger(Number(literal))) {
      this.typeError(`number ${literal}`, struct, field, 'int');
      return undefined;
    }
    return Number(literal);
  }

  string(node: Node, struct: string, field: string): string | undefined {
    if (node.type === 'null') return undefined;
    if (node.type !== 'string') {
      this.typeError(goKind(node), struct, field, 'string');
      return undefined;
    }
    return node.value as string;
  }

  /** Match JSON keys to Go fields: exact tag name, else case-insensitive (encoding/json's rule). Unknown keys are skipped. */
  fields(node: Node, names: string[], each: (name: string, value: Node) => void): void {
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (!key || !value) continue;
      const k = key.value as string;
      const name = names.find((n) => n === k) ?? names.find((n) => n.toLowerCase() === k.toLowerCase());
      if (name) each(name, value);
    }
  }

  coords(node: Node, path: string, into: MapBlockPos | undefined): MapBlockPos | undefined {
    if (node.type === 'null') return undefined; // a nil pointer again
    if (node.type !== 'object') {
      this.typeError(goKind(node), 'SearchQuery', path, 'types.MapBlockCoords');
      return into;
    }
    const pos = into ?? { x: 0, y: 0, z: 0 };
    this.fields(node, ['x', 'y', 'z'], (axis, value) => {
      const n = this.int(value, 'MapBlockCoords', `${path}.${axis}`);
      if (n !== undefined) pos[axis as 'x' | 'y' | 'z'] = n;
    });
    return pos;
  }

  searchQuery(root: Node): SearchQuery {
    const q: SearchQuery = { type: '' };
    if (root.type === 'null') return q;
    if (root.type !== 'object')
      throw new GoDecodeError(`json: cannot unmarshal ${goKind(root)} into Go value of type mapobjectdb.SearchQuery`);
    this.fields(root, ['pos1', 'pos2', 'type', 'attributelike', 'limit'], (name, value) => {
      switch (name) {
        case 'pos1':
          q.pos1 = this.coords(value, 'pos1', q.pos1);
          break;
        case 'pos2':
          q.pos2 = this.coords(value, 'pos2', q.pos2);
          break;
        case 'type': {
          const s = this.string(value, 'SearchQuery', 'type');
          if (s !== undefined) q.type = s;
          break;
        }
        case 'limit': {
          if (value.type === 'null') {
            q.limit = undefined;
            break;
          }
          const n = this.int(value, 'SearchQuery', 'limit');
          if (n !== undefined) q.limit = n;
          break;
        }
        case 'attributelike': {
          if (value.type === 'null') {
            q.attributelike = undefined;
            break;
          }
          if (value.type !== 'object') {
            this.typeError(goKind(value), 'SearchQuery', 'attributelike', 'mapobjectdb.SearchAttributeLike');
            break;
          }
          const al = q.attributelike ?? { key: '', value: '' };
          this.fields(value, ['key', 'value'], (n, v) => {
            const s = this.string(v, 'SearchAttributeLike', `attributelike.${n}`);
            if (s !== undefined) al[n as 'key' | 'value'] = s;
          });
          q.attributelike = al;
          break;
        }
      }
    });
    if (this.firstError) throw new GoDecodeError(this.firstError);
    return q;
  }
}

/** Decode a request body as `json.NewDecoder(body).Decode(&q)` does: the first JSON value counts, trailing data is not read. */
export function decodeSearchQuery(body: string): SearchQuery {
  if (body.trim() === '') throw new GoDecodeError('EOF');
  const errors: ParseError[] = [];
  const root = parseTree(body, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const end = root ? root.offset + root.length : 0;
  const first = errors[0];
  if (first && (!root || first.offset < end || !isComplete(body, root))) {
    throw new GoDecodeError(syntaxMessage(body, first, enclosingIsObject(body, first.offset)));
  }
  return new GoDecoder(body).searchQuery(root!);
}

/** A complete root value ends with its closing bracket (or is a scalar). */
function isComplete(body: string, root: Node): boolean {
  const last = body[root.offset + root.length - 1];
  if (root.type === 'object') return last === '}';
  if (root.type === 'array') return last === ']';
  return true;
}

function enclosingIsObject(body: string, offset: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = offset - 1; i >= 0; i--) {
    const c = body[i];
    if (c === '"' && body[i - 1] !== '\\') inString = !inString;
    if (inString) continue;
    if (c === '}' || c === ']') depth++;
    else if (c === '{' || c === '[') {
      if (depth === 0) return c === '{';
      depth--;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The database: objects ⋈ attributes, as in mapobjectdb/sqlite.

interface StoredObject extends MapObject {
  uid: string;
}

/** SQLite's LIKE without ESCAPE: % any run, _ one character, ASCII letters case-insensitive. */
export function sqliteLike(value: string, pattern: string): boolean {
  const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const v = [...fold(value)];
  const p = [...fold(pattern)];
  const memo = new Map<number, boolean>();
  const match = (i: number, j: number): boolean => {
    const key = i * (v.length + 1) + j;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    let result: boolean;
    if (i === p.length) result = j === v.length;
    else if (p[i] === '%') result = match(i + 1, j) || (j < v.length && match(i, j + 1));
    else if (j < v.length && (p[i] === '_' || p[i] === v[j])) result = match(i + 1, j + 1);
    else result = false;
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}

class QueryError extends Error {}

function runQuery(objects: StoredObject[], q: SearchQuery): MapObject[] {
  const p1 = q.pos1 ?? { x: -MAP_EXTENT, y: -MAP_EXTENT, z: -MAP_EXTENT };
  const p2 = q.pos2 ?? { x: MAP_EXTENT, y: MAP_EXTENT, z: MAP_EXTENT };
  // where o.type = ? and o.posx >= pos1.x … and o.posx <= pos2.x … (no swapping of corners)
  const matching = objects.filter(
    (o) =>
      o.type === q.type &&
      o.mapblock.x >= p1.x &&
      o.mapblock.y >= p1.y &&
      o.mapblock.z >= p1.z &&
      o.mapblock.x <= p2.x &&
      o.mapblock.y <= p2.y &&
      o.mapblock.z <= p2.z &&
      (!q.attributelike ||
        Object.entries(o.attributes).some(([k, v]) => k === q.attributelike!.key && sqliteLike(v, q.attributelike!.value))),
  );
  // order by o.uid, one row per attribute (left join), limit ? — a negative LIMIT is no limit in SQLite.
  const limit = q.limit ?? DEFAULT_LIMIT;
  let rows = limit < 0 ? Infinity : limit;
  const result: MapObject[] = [];
  for (const o of [...matching].sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0))) {
    if (rows <= 0) break;
    const entries = Object.entries(o.attributes);
    if (entries.length === 0) {
      // The left join yields NULL key/value, which the Go code scans into a string.
      throw new QueryError('sql: Scan error on column index 9, name "key": converting NULL to string is unsupported');
    }
    const out: MapObject = { mapblock: { ...o.mapblock }, x: o.x, y: o.y, z: o.z, type: o.type, mtime: o.mtime, attributes: {} };
    for (const [k, v] of entries) {
      if (rows <= 0) break;
      out.attributes[k] = v;
      rows--;
    }
    result.push(out);
  }
  return result;
}

/** Go's json.Encoder output: sorted map keys, HTML-safe escapes, a trailing newline. */
function goJson(value: unknown): string {
  const text = JSON.stringify(value, (key, v) => {
    if (key === 'attributes' && v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, (v as Record<string, string>)[k]]),
      );
    }
    return v;
  });
  return text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}

// ---------------------------------------------------------------------------------------------
// Seeded, realistic objects.

const PLAYERS = [
  'singleplayer',
  'Sokomine',
  'BuckarooBanzai',
  'AliasAlreadyTaken',
  'Bastrabun',
  'Emoji',
  'flux',
  'Huhhila',
  'SX',
  'rstcxk',
  'Minetestforfun',
  'Niklp',
];
const ITEMS = [
  'default:diamond',
  'default:mese_crystal',
  'default:steel_ingot',
  'default:gold_ingot',
  'farming:bread',
  'default:wood',
  'technic:uranium_ingot',
  'moreores:mithril_ingot',
];
const STATIONS = ['Spawn', 'Harbour', 'Mese Mine', 'Desert Town', 'Snow Peak', 'Jungle Temple', 'Central', 'Riverside'];
const CATEGORIES = ['town', 'shop', 'landmark', 'farm', 'mine', 'spawn'];
const COLORS = ['red', 'blue', 'green', '#ff8800', 'purple', 'yellow'];

function generateObjects(seed: number): MapObject[] {
  const rnd = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)];
  const objects: MapObject[] = [];
  const place = (type: string, attributes: Record<string, string>, spread = 1500, yLo = -40, yHi = 120) => {
    // Most objects cluster around spawn, some far out (as on real servers).
    const near = rnd() < 0.6;
    const x = near ? int(-300, 300) : int(-spread, spread);
    const z = near ? int(-300, 300) : int(-spread, spread);
    const y = int(yLo, yHi);
    objects.push({
      mapblock: { x: Math.floor(x / BLOCK), y: Math.floor(y / BLOCK), z: Math.floor(z / BLOCK) },
      x,
      y,
      z,
      type,
      mtime: 1_700_000_000 + int(0, 40_000_000),
      attributes,
    });
  };
  for (let i = 0; i < 360; i++) {
    // One in five died deep in a mine, below the default layers: the world has them, the index never will.
    const deep = rnd() < 0.2;
    place(
      'bones',
      {
        owner: pick(PLAYERS),
        time: String(int(0, 3600)),
        info: `${pick(PLAYERS)} died at ${pick(STATIONS)}`,
        item_count: String(int(0, 32 * 99)),
      },
      2500,
      deep ? -300 : -16,
      deep ? -17 : 120,
    );
  }
  for (let i = 0; i < 50; i++) {
    place('poi', {
      name: `${pick(STATIONS)} ${i}`,
      category: pick(CATEGORIES),
      addr: `${int(1, 99)} Main Street`,
      url: '',
      image: '',
      owner: pick(PLAYERS),
      icon: pick(['home', 'star', 'shopping-cart', 'flag']),
      color: pick(COLORS),
    });
  }
  for (let i = 0; i < 60; i++) {
    const smart = rnd() < 0.6;
    place('shop', {
      owner: pick(PLAYERS),
      type: smart ? 'smartshop' : 'fancyvend',
      in_item: pick(ITEMS),
      in_count: String(int(1, 99)),
      out_item: pick(ITEMS),
      out_count: String(int(1, 99)),
      stock: String(int(0, 500)),
    });
  }
  for (let i = 0; i < 40; i++) {
    place('travelnet', {
      owner: pick(PLAYERS),
      station_name: `${pick(STATIONS)} ${i}`,
      station_network: pick(['main', 'north', 'private']),
      nodename: 'travelnet:travelnet',
    });
  }
  STATIONS.forEach((station, i) => {
    place('train', {
      station,
      line: pick(['1', '2', 'S3']),
      index: String(i),
      owner: pick(PLAYERS),
      color: pick(COLORS),
      rail_pos: '',
      linepath_from_prv: '',
    });
  });
  for (let i = 0; i < 20; i++)
    place('label', {
      text: pick(STATIONS),
      size: String(int(14, 40)),
      direction: String(int(0, 3) * 90),
      owner: pick(PLAYERS),
      color: pick(COLORS),
    });
  for (let i = 0; i < 30; i++) place('protector', { owner: pick(PLAYERS), members: `${pick(PLAYERS)} ${pick(PLAYERS)}` });
  for (let i = 0; i < 10; i++) place('border', { name: 'Spawn Town', index: String(i), owner: 'BuckarooBanzai', color: 'red' });
  for (let i = 0; i < 20; i++) place('sign', { display_text: `Welcome to ${pick(STATIONS)}`, material: pick(['wood', 'steel']) });
  return objects;
}

function uidFor(rnd: () => number): string {
  const hex = () =>
    Math.floor(rnd() * 0x10000)
      .toString(16)
      .padStart(4, '0');
  return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-${hex()}-${hex()}${hex()}${hex()}`;
}

// ---------------------------------------------------------------------------------------------
// HTTP.

/** What this fake reports as the server version in /api/config (app/version.go sets it at build time). */
const FAKE_VERSION = 'fake';

function send(res: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

const NOT_FOUND = '404 page not found\n';
const TEXT = 'text/plain; charset=utf-8';

/** Start the fake on 127.0.0.1 with an OS-chosen port. */
export async function startFakeMapServer(options: FakeMapServerOptions = {}): Promise<FakeMapServer> {
  const given = options.objects;
  const all: StoredObject[] = given
    ? given.map((o, i) => ({ ...o, attributes: { ...o.attributes }, uid: String(i).padStart(8, '0') }))
    : (() => {
        const rnd = seededRandom((options.seed ?? 1) ^ 0x5eed);
        return generateObjects(options.seed ?? 1).map((o) => ({ ...o, uid: uidFor(rnd) }));
      })();
  const layers = (options.layers ?? DEFAULT_LAYERS).map((l) => ({ ...l }));
  const mapobjects = { ...DEFAULT_MAPOBJECTS, ...options.mapobjects };
  // The listener sees only rendered blocks (inside a layer: types.FindLayerByY) and only registered types.
  const indexed = (o: MapObject) =>
    layers.some((l) => o.mapblock.y >= l.from && o.mapblock.y <= l.to) && (TYPE_SWITCHES[o.type] ?? []).some((k) => mapobjects[k]);
  const stored = all.filter(indexed);
  const notIndexed = all.filter((o) => !indexed(o)).map(({ uid: _uid, ...o }) => o as MapObject);
  const requests: RecordedRequest[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const target = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = target.pathname;
      // web/serve.go: net/http's ServeMux routes by path only, so any method reaches a handler.
      if (path === '/api/mapobjects') {
        // ServeMux: a subtree pattern "/api/mapobjects/" redirects the path without its slash (301, http.Redirect).
        const location = `/api/mapobjects/${target.search}`;
        if (req.method === 'GET') {
          send(res, 301, 'text/html; charset=utf-8', `<a href="${location.replace(/&/g, '&amp;')}">Moved Permanently</a>.\n\n`, {
            Location: location,
          });
        } else {
          res.writeHead(301, { Location: location, 'Content-Length': 0 });
          res.end();
        }
        return;
      }
      if (path === '/api/config') {
        // web/config.go GetConfig: PublicConfig, fields in declaration order, json.Encoder's newline.
        send(
          res,
          200,
          'application/json',
          goJson({
            version: FAKE_VERSION,
            layers,
            mapobjects,
            defaultoverlays: ['mapserver_poi', 'mapserver_label', 'mapserver_player'],
            pagename: 'Minetest Mapserver',
            enablesearch: true,
          }),
        );
        return;
      }
      if (path.startsWith('/api/mapobjects/')) {
        let q: SearchQuery;
        try {
          q = decodeSearchQuery(body);
        } catch (e) {
          send(res, 500, TEXT, (e as Error).message);
          return;
        }
        try {
          send(res, 200, 'application/json', goJson(runQuery(stored, q)));
        } catch (e) {
          send(res, 500, TEXT, (e as Error).message);
        }
        return;
      }
      // Other API routes are not part of this fake; the static file server answers the rest.
      if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
        send(res, 200, 'text/html; charset=utf-8', '<!doctype html><title>Mapserver</title><div id="app"></div>\n');
        return;
      }
      send(res, 404, TEXT, NOT_FOUND);
    });
  });
  const { origin, close } = await listenLoopback(server);
  const objects = [...stored].sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0)).map(({ uid: _uid, ...o }) => o as MapObject);
  return {
    url: origin,
    objects,
    notIndexed,
    layers,
    mapobjects,
    requests,
    close,
  };
}
