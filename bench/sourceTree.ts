// A generated source tree for the `check DIR` vs ripgrep rows (bench/treeBench.ts): thousands of
// source files in the host languages, from a fixed seed, about 10 KB each; 1% hold a MediaWiki
// request in their language's form, a few more use the word "action" in code that is no request
// (Redux reducers, form handlers), as real repositories do. Written outside the repository.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { seededRandom } from '../test/support/seededRandom';

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const WORDS = ['user', 'item', 'order', 'node', 'value', 'count', 'layer', 'buffer', 'chunk', 'entry', 'index', 'token', 'state', 'shape'];
const ident = (r: Rand) => `${pick(r, WORDS)}${pick(r, ['', 'List', 'Map', 'Id', 'Count', 'Name'])}${int(r, 0, 99)}`;

interface Lang {
  ext: string;
  /** A few lines of ordinary code. */
  chunk(r: Rand): string;
  /** A MediaWiki request in this language. */
  request(r: Rand): string;
  /** Code using the word "action" that is not a request. */
  action(r: Rand): string;
}

const MODULES = ['list=search&srsearch=luanti&srlimit=10', 'prop=revisions&titles=Main_Page&rvprop=content', 'list=allpages&aplimt=50'];

const LANGS: Lang[] = [
  {
    ext: '.py',
    chunk: (r) =>
      `def ${ident(r)}(a, b=${int(r, 0, 9)}):\n    x = [i * ${int(r, 1, 9)} for i in range(a)]\n    if b > len(x):\n        return {"${ident(r)}": x}\n    return sum(x) + b  # ${ident(r)}\n\n`,
    request: (r) =>
      `import requests\n\nAPI = "https://en.wikipedia.org/w/api.php"\nparams = {"action": "query", "list": "search", "srsearch": "${ident(r)}", "srlimt": 10, "format": "json"}\nr = requests.get(API, params=params)\n\n`,
    action: (r) => `def handle(action, ${ident(r)}):\n    if action.kind == "open":\n        return action.payload\n\n`,
  },
  {
    ext: '.js',
    chunk: (r) =>
      `function ${ident(r)}(a, b) {\n  const x = a.map((i) => i * ${int(r, 1, 9)});\n  if (b > x.length) return { ${ident(r)}: x };\n  return x.reduce((s, v) => s + v, b); // ${ident(r)}\n}\n\n`,
    request: (r) =>
      `const url = 'https://www.mediawiki.org/w/api.php?action=query&${pick(r, MODULES)}&format=json';\nfetch(url).then((res) => res.json());\n\n`,
    action: (r) =>
      `export function reducer(state = {}, action) {\n  switch (action.type) {\n    case '${ident(r)}': return { ...state, value: action.payload };\n    default: return state;\n  }\n}\n\n`,
  },
  {
    ext: '.ts',
    chunk: (r) =>
      `export function ${ident(r)}(a: number[], b: number): number {\n  const x = a.filter((i) => i % ${int(r, 2, 9)} === 0);\n  return x.length > b ? x[0] : b; // ${ident(r)}\n}\n\n`,
    request: (r) => `const api = new mw.Api();\napi.get({ action: 'query', list: 'search', srsearch: '${ident(r)}', srlimt: 5 });\n\n`,
    action: (r) => `type Action = { type: string };\nconst onAction = (action: Action): string => action.type + '${ident(r)}';\n\n`,
  },
  {
    ext: '.php',
    chunk: (r) =>
      `function ${ident(r)}($a, $b) {\n    $x = array_map(fn($i) => $i * ${int(r, 1, 9)}, $a);\n    return count($x) > $b ? $x[0] : $b; // ${ident(r)}\n}\n\n`,
    request: (r) =>
      `$params = ['action' => 'query', 'list' => 'allpages', 'aplimt' => ${int(r, 1, 50)}, 'format' => 'json'];\n$url = 'https://wiki.example.org/api.php?' . http_build_query($params);\n\n`,
    action: () => `echo '<form action="/submit.php" method="post"></form>';\n\n`,
  },
  {
    ext: '.java',
    chunk: (r) =>
      `  static int ${ident(r)}(int[] a, int b) {\n    int s = 0;\n    for (int i : a) s += i * ${int(r, 1, 9)};\n    return s > b ? s : b; // ${ident(r)}\n  }\n\n`,
    request: (r) => `  @GET("w/api.php?action=query&${pick(r, MODULES)}&format=json")\n  Call<Object> ${ident(r)}();\n\n`,
    action: () => `  void perform(Runnable action) {\n    action.run();\n  }\n\n`,
  },
  {
    ext: '.go',
    chunk: (r) =>
      `func ${ident(r)}(a []int, b int) int {\n\ts := 0\n\tfor _, v := range a {\n\t\ts += v * ${int(r, 1, 9)}\n\t}\n\treturn s + b // ${ident(r)}\n}\n\n`,
    request: (r) => `var u = "https://wiki.example.org/w/api.php?action=query&${pick(r, MODULES)}"\n\n`,
    action: () => `func apply(action func()) {\n\taction()\n}\n\n`,
  },
  {
    ext: '.rb',
    chunk: (r) => `def ${ident(r)}(a, b = ${int(r, 0, 9)})\n  x = a.map { |i| i * ${int(r, 1, 9)} }\n  x.sum + b # ${ident(r)}\nend\n\n`,
    request: (r) => `URL = 'https://wiki.example.org/w/api.php?action=query&${pick(r, MODULES)}'\n\n`,
    action: () => `def perform(action)\n  action.call\nend\n\n`,
  },
  {
    ext: '.lua',
    chunk: (r) =>
      `local function ${ident(r)}(a, b)\n  local s = 0\n  for _, v in ipairs(a) do s = s + v * ${int(r, 1, 9)} end\n  return s + b -- ${ident(r)}\nend\n\n`,
    request: (r) => `local url = "https://wiki.example.org/api.php?action=query&${pick(r, MODULES)}"\n\n`,
    action: () => `local function run(action)\n  return action()\nend\n\n`,
  },
  {
    ext: '.sh',
    chunk: (r) => `${ident(r)}() {\n  local n=$(( $1 * ${int(r, 1, 9)} ))\n  echo "$n" # ${ident(r)}\n}\n\n`,
    request: (r) => `curl -s "https://wiki.example.org/w/api.php?action=query&${pick(r, MODULES)}"\n\n`,
    action: () => `case "$action" in\n  start) echo go ;;\nesac\n\n`,
  },
];

export interface SourceTree {
  dir: string;
  files: number;
  bytes: number;
  withRequests: number;
}

/** Writes the tree under `parent` (a new folder) and says what it holds. */
export function writeSourceTree(parent: string, files = 20_000, seed = 26): SourceTree {
  const r = seededRandom(seed);
  const dir = fs.mkdtempSync(path.join(parent, 'wikimap-tree-'));
  // A repository (ripgrep and check both honour its .gitignore); build/ is ignored.
  fs.mkdirSync(path.join(dir, '.git'));
  fs.writeFileSync(path.join(dir, '.gitignore'), 'build/\n*.min.js\n');
  let bytes = 0;
  let withRequests = 0;
  const made = new Set<string>();
  for (let i = 0; i < files; i++) {
    const lang = LANGS[i % LANGS.length];
    const folder = path.join(dir, `pkg${i % 40}`, `mod${Math.floor(i / 40) % 25}`);
    if (!made.has(folder)) fs.mkdirSync(folder, { recursive: true });
    made.add(folder);
    const target = int(r, 4000, 16000);
    const hasRequest = i % 100 === 37;
    const hasAction = i % 20 === 3;
    let text = '';
    while (text.length < target) {
      text += lang.chunk(r);
      if (hasRequest && text.length > target / 2 && !text.includes('api')) text += lang.request(r);
      if (hasAction && text.length > target / 3 && !text.includes('action')) text += lang.action(r);
    }
    if (hasRequest) withRequests++;
    fs.writeFileSync(path.join(folder, `f${i}${lang.ext}`), text);
    bytes += text.length;
  }
  return { dir, files, bytes, withRequests };
}
