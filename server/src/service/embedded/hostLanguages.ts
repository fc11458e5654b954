/**
 * The host languages whose source files can hold MediaWiki API requests: the one table the finder,
 * the CLI (file extensions), the editor (language ids) and the docs read.
 *
 * `grammar` names the prebuilt tree-sitter grammar (`tree-sitter-<grammar>.wasm`, npm package
 * tree-sitter-wasms); a language without one (Perl) is read by a small lexer that finds only URL literals.
 */

/** How the characters between a string's delimiters are decoded. */
export type EscapeStyle = 'c' | 'c-keep' | 'raw' | 'single' | 'verbatim';

export interface HostLanguage {
  /** The editor's language id (VS Code's, also used in the inventory). */
  id: string;
  /** Tree-sitter grammar file base name (`tree-sitter-NAME.wasm`), or undefined: lexer only. */
  grammar?: string;
  /**
   * The npm package file the grammar comes from, when not tree-sitter-wasms' `out/tree-sitter-NAME.wasm`
   * (the build copies it to dist/grammars under the base name).
   */
  grammarPackageFile?: string;
  /** File name endings (lower case, with the dot). */
  extensions: string[];
  /** String node types and how their content is decoded (`python` strings look at their prefix). */
  strings: Record<string, EscapeStyle>;
  /** Node types that concatenate strings, and the operators that do it. */
  concat: { types: string[]; operators: string[] };
  /** Line comment starts, for `wikimap-query-disable-next-line`. */
  comments: string[];
}

const C_LIKE_CONCAT = { types: ['binary_expression'], operators: ['+'] };

export const HOST_LANGUAGES: readonly HostLanguage[] = [
  {
    id: 'python',
    grammar: 'python',
    extensions: ['.py', '.pyw'],
    strings: { string: 'c-keep' },
    concat: { types: ['binary_operator', 'concatenated_string'], operators: ['+'] },
    comments: ['#'],
  },
  {
    id: 'javascript',
    grammar: 'javascript',
    extensions: ['.js', '.mjs', '.cjs', '.jsx'],
    strings: { string: 'c', template_string: 'c' },
    concat: C_LIKE_CONCAT,
    comments: ['//'],
  },
  {
    id: 'typescript',
    grammar: 'typescript',
    extensions: ['.ts', '.mts', '.cts'],
    strings: { string: 'c', template_string: 'c' },
    concat: C_LIKE_CONCAT,
    comments: ['//'],
  },
  {
    id: 'typescriptreact',
    grammar: 'tsx',
    extensions: ['.tsx'],
    strings: { string: 'c', template_string: 'c' },
    concat: C_LIKE_CONCAT,
    comments: ['//'],
  },
  {
    id: 'php',
    grammar: 'php',
    extensions: ['.php'],
    strings: { string: 'single', encapsed_string: 'c-keep' },
    concat: { types: ['binary_expression'], operators: ['.'] },
    comments: ['//', '#'],
  },
  {
    id: 'kotlin',
    grammar: 'kotlin',
    extensions: ['.kt', '.kts'],
    strings: { string_literal: 'c' },
    concat: { types: ['additive_expression'], operators: ['+'] },
    comments: ['//'],
  },
  {
    id: 'java',
    grammar: 'java',
    extensions: ['.java'],
    strings: { string_literal: 'c' },
    concat: C_LIKE_CONCAT,
    comments: ['//'],
  },
  {
    id: 'lua',
    grammar: 'lua',
    // tree-sitter-wasms' Lua grammar (an older grammar format) parses only the first Lua text of a
    // process correctly with web-tree-sitter 0.25; later parses lost their `=` tokens.
    grammarPackageFile: '@tree-sitter-grammars/tree-sitter-lua/tree-sitter-lua.wasm',
    extensions: ['.lua'],
    strings: { string: 'c-keep' },
    concat: { types: ['binary_expression'], operators: ['..'] },
    comments: ['--'],
  },
  {
    id: 'go',
    grammar: 'go',
    extensions: ['.go'],
    strings: { interpreted_string_literal: 'c', raw_string_literal: 'raw' },
    concat: C_LIKE_CONCAT,
    comments: ['//'],
  },
  {
    id: 'ruby',
    grammar: 'ruby',
    extensions: ['.rb'],
    strings: { string: 'c-keep' },
    concat: { types: ['binary'], operators: ['+'] },
    comments: ['#'],
  },
  {
    id: 'csharp',
    grammar: 'c_sharp',
    extensions: ['.cs'],
    strings: { string_literal: 'c', verbatim_string_literal: 'verbatim', interpolated_string_expression: 'c', raw_string_literal: 'raw' },
    concat: C_LIKE_CONCAT,
    comments: ['//'],
  },
  {
    id: 'shellscript',
    grammar: 'bash',
    extensions: ['.sh', '.bash', '.zsh'],
    strings: { string: 'c-keep', raw_string: 'raw', word: 'raw' },
    concat: { types: ['concatenation'], operators: [] },
    comments: ['#'],
  },
  {
    id: 'swift',
    grammar: 'swift',
    extensions: ['.swift'],
    // Raw strings (`#"…"#`) are not read: the grammar gives their text as one part with the delimiters.
    strings: { line_string_literal: 'c', multi_line_string_literal: 'c' },
    concat: { types: ['additive_expression'], operators: ['+'] },
    comments: ['//'],
  },
  {
    id: 'r',
    grammar: 'r',
    // npm's only prebuilt R grammar (r-lib's, MIT); tree-sitter-wasms has none.
    grammarPackageFile: '@eagleoutice/tree-sitter-r/tree-sitter-r.wasm',
    extensions: ['.r'],
    strings: { string: 'c' },
    // `paste0("…", x)` and `paste(…, sep = "")` join strings (hostStrings.ts): R has no operator for it.
    concat: { types: ['call'], operators: [] },
    comments: ['#'],
  },
  { id: 'perl', extensions: ['.pl', '.pm'], strings: {}, concat: { types: [], operators: [] }, comments: ['#'] },
];

const BY_ID = new Map(HOST_LANGUAGES.map((l) => [l.id, l]));

/** Other names editors give these languages (Neovim's filetypes, VS Code's `bat`-style ids). */
const ALIASES: Record<string, string> = {
  sh: 'shellscript',
  javascriptreact: 'javascript',
  js: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  py: 'python',
  bash: 'shellscript',
  zsh: 'shellscript',
  'c#': 'csharp',
  cs: 'csharp',
  tsx: 'typescriptreact',
};

/** The host language of a language id (or an alias), if it is one. */
export function hostLanguage(id: string): HostLanguage | undefined {
  return BY_ID.get(id) ?? BY_ID.get(ALIASES[id] ?? '');
}

/**
 * The host language of a document: its file name's, else its language id's (or an editor's alias).
 * The name decides first because a client may send one language id for every file of a server: eglot
 * 1.9, given `(python-mode js-mode)` for one server, opens a `.js` file as `python`.
 */
export function hostLanguageOf(languageId: string, uri: string): HostLanguage | undefined {
  const path = uri.replace(/[?#].*$/, '').toLowerCase();
  return HOST_LANGUAGES.find((l) => l.extensions.some((e) => path.endsWith(e))) ?? hostLanguage(languageId);
}

/** Where a language's grammar file is in node_modules. */
export function grammarPackageFile(lang: HostLanguage): string | undefined {
  if (!lang.grammar) return undefined;
  return lang.grammarPackageFile ?? `tree-sitter-wasms/out/tree-sitter-${lang.grammar}.wasm`;
}
