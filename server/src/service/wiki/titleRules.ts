/**
 * How MediaWiki's title parser (MediaWikiTitleCodec::splitTitleString, TitleParser) reads a title
 * and a user name, where the checker needs it:
 * - a `#fragment` is cut off before the title is validated (`Alpha#History` is the title Alpha);
 * - a title that is `.`/`..`, starts with `./`/`../`, has `/./`/`/../` inside or ends in `/.`/`/..`
 *   is invalid ("title-invalid-relative");
 * - a user name (UserDef::processUser) is parsed as a title with User as the default namespace: a
 *   prefix naming another namespace (`Talk:Bob`) makes it baduser; `User:Bob` is Bob.
 */
import type { WikiCatalogue } from './wikiCatalogue';

/** The title before its first `#`, and the fragment after it (undefined when there is none). */
export function splitFragment(v: string): { title: string; fragment?: string } {
  const hash = v.indexOf('#');
  return hash < 0 ? { title: v } : { title: v.slice(0, hash), fragment: v.slice(hash + 1) };
}

/** MediaWikiTitleCodec's relative-path check: true when the title is a relative path. */
export function titlePathProblem(t: string): boolean {
  return t === '.' || t === '..' || t.startsWith('./') || t.startsWith('../') || t.includes('/./') || t.includes('/../') || t.endsWith('/.') || t.endsWith('/..');
}

/**
 * The namespace a user-name value names by its prefix, when it is one of the wiki's namespaces
 * other than User (2): `Talk:Bob` → `Talk`. Undefined for `Bob`, `User:Bob` and `Foo:Bob` (no
 * such namespace: the whole value is the name).
 */
export function userNameNamespace(v: string, catalogue: WikiCatalogue): string | undefined {
  const name = v.replace(/_/g, ' ').trim();
  const colon = name.indexOf(':');
  if (colon <= 0) return undefined;
  const prefix = name.slice(0, colon).trim();
  const ns = catalogue.findNamespaceByName(prefix);
  if (!ns || ns.id === 2 || ns.id === 0) return undefined;
  return prefix;
}
