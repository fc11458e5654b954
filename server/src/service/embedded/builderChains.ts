/**
 * Requests written as a chain of builder calls in Java, as jwbf writes them:
 * `new ApiRequestBuilder().action("query").formatXml().param("list", "allpages").param("aplimit", 50)`
 * (and its test matchers, `ApiMatcherBuilder.of().param("action", "query")…`). `param`/`postParam`
 * give a name and a value, `action(…)` the module, `formatXml()`/`formatJson()` the format; another
 * call with arguments (`paramNewContinue(version)`) may add parameters, so the request is then open.
 */
import type { Node } from 'web-tree-sitter';
import type { HostLanguage } from './hostLanguages';
import { isStringNode } from './hostStrings';
import { keyName, readValue, type Entries } from './objectEntries';
import { MappedText } from './virtualText';

/** Calls that only build or send (no parameter). */
const NEUTRAL = /^(?:of|build|buildGet|buildPost|get|post|create|newBuilder)$/;
/** Longest chain read (a generated file could chain thousands of calls). */
const MAX_CALLS = 500;

/** A name the source does not write (`action` of `.action("query")`), placed at `node`'s start. */
function impliedName(name: string, node: Node): MappedText {
  const m = new MappedText();
  m.push(name, node.startIndex, node.startIndex);
  return m;
}

/** Reads one call of the chain into `out`. */
function readCall(call: Node, lang: HostLanguage, host: string, out: Entries): void {
  const name = call.childForFieldName('name')?.text ?? '';
  const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter((c): c is Node => !!c && c.type !== 'comment');
  if ((name === 'param' || name === 'postParam') && args.length === 2 && isStringNode(args[0], lang)) {
    const key = keyName(args[0], lang, host);
    if (key) out.entries.push({ name: key, value: readValue(args[1], lang, host) });
    else out.closed = false;
  } else if (name === 'action' && args.length === 1) {
    out.entries.push({ name: impliedName('action', args[0]), value: readValue(args[0], lang, host) });
  } else if ((name === 'formatXml' || name === 'formatJson') && !args.length) {
    const value = new MappedText();
    value.push(name === 'formatXml' ? 'xml' : 'json', call.endIndex, call.endIndex);
    out.entries.push({ name: impliedName('format', call), value: { kind: 'text', text: value, node: call } });
  } else if (!NEUTRAL.test(name) && args.length) out.closed = false;
}

/** The entries of the builder chain ending at `top` (a Java `method_invocation`), in source order, or undefined. */
export function builderChain(top: Node, lang: HostLanguage, host: string): Entries | undefined {
  if (lang.id !== 'java' || top.type !== 'method_invocation') return undefined;
  const calls: Node[] = [];
  for (let n: Node | null = top; n?.type === 'method_invocation' && calls.length < MAX_CALLS; n = n.childForFieldName('object'))
    calls.push(n);
  if (!calls.some((c) => /^(?:param|postParam|action)$/.test(c.childForFieldName('name')?.text ?? ''))) return undefined;
  const out: Entries = { entries: [], closed: true };
  for (const call of calls.reverse()) readCall(call, lang, host, out);
  // A pair given again with the same literal value is sent once: jwbf's RequestBuilder adds a key and value its
  // multimap already holds only once (`containsEntry`), and the Commons app's CustomMwApi keeps its pairs in a HashMap
  // (`.action("query").param("action", "query")` sends one action).
  const seen = new Set<string>();
  out.entries = out.entries.filter((e) => {
    if (e.value.kind !== 'text' || e.value.text.hasHole() || e.name.hasHole()) return true;
    const key = `${e.name.text}=${e.value.text.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return out.entries.some((e) => e.name.text === 'action') ? out : undefined;
}
