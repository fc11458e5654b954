/**
 * Verdicts of a real wiki on requests to any top-level module (parse, compare, opensearch, the
 * feeds, the write modules as GET, …), read like the query corpus's (wikiVerdict.ts), for the
 * agreement suite on corpus-actions.txt and the 1.45 recording.
 *
 * Every request is sent anonymously as a GET with `format=json&formatversion=2&errorformat=plaintext`
 * added. Not every module answers JSON: opensearch answers a JSON array, the feeds RSS/Atom, help
 * (without wrap) an HTML page, rsd its own XML — where those carry no messages the verdict is `ok`;
 * rsd's XML warnings are read from the XML. Errors always come as JSON.
 */
import * as path from 'node:path';
import { ANSWER_FORMAT_PARAMS } from './agreementRunner';
import { wikiVerdict, type VerdictItem } from './wikiVerdict';

export const ACTIONS_CORPUS_FILE = path.join(__dirname, 'corpus-actions.txt');

/** What the suite adds to each request to read the wiki's verdict. */
export const ANSWER_SUFFIX = 'format=json&formatversion=2&errorformat=plaintext';

/**
 * Codes whose message does not quote the parameter it is about ("The module "main" does not have a
 * submodule "x"", "The "purge" module requires a POST request", "Property "modules" was set but not
 * "jsconfigvars"…", "Check that symbols such as "+" in the token…").
 */
const PARAM_OF_CODE: Record<string, string> = {
  badmodule: 'modules',
  mustbeposted: 'action',
  moduleswithoutvars: 'prop',
  'checktoken-percentencoding': 'token',
};

/**
 * Codes of module checks whose message names no parameter ("IP parameter is not valid.", "The
 * category name you entered is not valid."): the parameter they are about, by its unprefixed name
 * (`title` is cmtitle under list=categorymembers, gcmtitle under generator=).
 */
const PARAM_SUFFIX_OF_CODE: Record<string, string> = {
  param_ip: 'ip',
  invalidiprange: 'iprange',
  invalidcategory: 'title',
  bad_image_title: 'title',
  badcontinue: 'continue',
  pagecannotexist: 'page',
  'badformat-generic': 'contentformat',
  includeAllDenied: 'showalldb',
  'specialpage-cantexecute': 'page',
};

function messageOf(body: string, code: string): string | undefined {
  try {
    const a = JSON.parse(body) as { errors?: Array<{ code: string; text?: string }> };
    return a.errors?.find((e) => e.code === code)?.text;
  } catch {
    return undefined;
  }
}

/**
 * The messages of an XML answer (rsd, `format=xml`): `<warning code="…" module="…">text</warning>`, or with the
 * text in a `<text>` child beside a `<data>` one (a deprecation's feature), and `<error …>` the same way.
 */
function xmlAnswerVerdict(body: string, query: string, prefixOf: (modulePath: string) => string): VerdictItem[] {
  const items: VerdictItem[] = [];
  for (const m of body.matchAll(/<(warning|error)\s+code="([^"]+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
    const inner = m[4] ?? '';
    const raw = /<text[^>]*>([\s\S]*?)<\/text>/.exec(inner)?.[1] ?? inner.replace(/<[^>]+>/g, '');
    const text = raw
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    const module = /\smodule="([^"]*)"/.exec(m[3])?.[1];
    const error = m[1] === 'error';
    const message = { code: m[2], text, module };
    const [item] = wikiVerdict(error ? { errors: [message] } : { warnings: [message] }, query, prefixOf);
    if (item) items.push(item); // not the ones that are never about the query (deprecation-help)
  }
  return items;
}

/** The wiki's verdict from one answer's body (any content type). */
export function actionAnswerVerdict(
  body: string,
  query: string,
  prefixOf: (modulePath: string) => string,
  options: { keepFormatParams?: boolean } = {},
): VerdictItem[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  let items: VerdictItem[];
  if (json !== undefined && typeof json === 'object' && json !== null && !Array.isArray(json)) {
    items = wikiVerdict(json, query, prefixOf);
  } else if (json === undefined && /^\s*<\?xml/.test(body)) {
    items = xmlAnswerVerdict(body, query, prefixOf);
  } else {
    items = []; // an opensearch array, a feed, an HTML help page: no messages
  }
  // Messages that name no parameter of the query in quotes: the parameter they are about.
  items = items.map((i) => {
    const about = PARAM_OF_CODE[i.code];
    if (about) return { ...i, params: [about] };
    const suffix = PARAM_SUFFIX_OF_CODE[i.code];
    if (suffix && i.params.length === 0) {
      const names = [...new URLSearchParams(query).keys()].filter((n) => n === suffix || new RegExp(`^g?[a-z]{1,3}${suffix}$`).test(n));
      if (names.length > 0) return { ...i, params: names.sort() };
    }
    if (i.code === 'mustpostparams' && i.params.length === 0) {
      const m = /: ([^:]+)\.\s*$/.exec(messageOf(body, i.code) ?? '');
      if (m) return { ...i, params: m[1].split(', ').sort() };
    }
    return i;
  });
  // The parameters the suite adds are not the query's: a module that does not read them (rsd)
  // reports them as unrecognized. (A request sent as written keeps its own.)
  if (options.keepFormatParams)
    return items
      .map((i) => (i.code === 'unrecognizedparams' ? { ...i, params: i.params.filter((p) => p !== 'errorformat') } : i))
      .filter((i) => i.code !== 'unrecognizedparams' || i.params.length > 0);
  return items
    .map((i) => (i.code === 'unrecognizedparams' ? { ...i, params: i.params.filter((p) => !ANSWER_FORMAT_PARAMS.includes(p)) } : i))
    .filter((i) => i.code !== 'unrecognizedparams' || i.params.length > 0);
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/** The wiki's verdict on each query (anonymous GETs, four at a time). */
export async function judgeActionsByWiki(
  queries: string[],
  apiUrl: string,
  prefixOf: (modulePath: string) => string,
): Promise<VerdictItem[][]> {
  return mapLimit(queries, 4, async (query) => {
    const res = await fetch(`${apiUrl}?${query}&${ANSWER_SUFFIX}`, {
      headers: { 'user-agent': 'wikimap-query-tests/0 (action agreement suite)' },
      signal: AbortSignal.timeout(30000),
      redirect: 'manual',
    });
    return actionAnswerVerdict(await res.text(), query, prefixOf);
  });
}
