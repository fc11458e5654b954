/**
 * The catalogue's `info` conditions (information diagnostics): a parameter used where it does not
 * apply — `singlepageonly`, `useronly`, `nonuseronly`, `modes`, `preloadcontentonly`, `editintroonly`.
 * Where the module itself dies on the same condition, an `invalidparammix` error comes with the note.
 */
import type { ModuleUse, QueryCheck } from './wikiCheckTypes';
import type { WikiParam, WikiParamDescriptor } from './wikiTypes';
import { getValueItems } from './wikiQueryParser';
import { pairRemoval } from './wikiValidationRemoval';

function pageSource(ctx: QueryCheck): { titles: number; pageids: number; revids: number; generator: boolean; generatorOne: boolean } {
  const count = (n: string) => {
    const p = ctx.byName.get(n);
    return p ? getValueItems(ctx.text, p).length : 0;
  };
  const gen = ctx.uses.find((u) => u.generator);
  return {
    titles: count('titles'),
    pageids: count('pageids'),
    revids: count('revids'),
    generator: gen !== undefined,
    generatorOne: gen ? yieldsOnePage(ctx, gen) : false,
  };
}

/** A generator whose limit is 1 gives the prop modules one page at most (generator=allpages&gaplimit=1). */
function yieldsOnePage(ctx: QueryCheck, gen: ModuleUse): boolean {
  const limit = gen.module.parameters.find((d) => d.type === 'limit');
  if (!limit) return false;
  const value = ctx.present.get(gen.wirePrefix + limit.name)?.value.trim() ?? (limit.default !== undefined ? String(limit.default) : 'max');
  return value === '1';
}

type PageSource = ReturnType<typeof pageSource>;

/** `singlepageonly`: a parameter given while several pages (or revids, or a generator's pages) are queried. */
function checkSinglePageOnly(ctx: QueryCheck, use: ModuleUse, d: WikiParamDescriptor, p: WikiParam, wire: string, pages: PageSource): void {
  const where = { param: wire, module: use.module.name };
  // The pages a module works on: for the generator itself, only titles/pageids/revids
  // (its own output is not its input); for a prop module, the generator's pages too.
  const fromGenerator = pages.generator && !use.generator;
  // The generator's pages replace titles/pageids as the prop module's input: with a limit of 1, one page.
  const single = pages.revids === 0 && (fromGenerator ? pages.generatorOne : pages.titles + pages.pageids <= 1);
  // Given with its default (rvdir=older) it does not switch the module to enumeration mode.
  if (single || (d.default !== undefined && p.value === String(d.default))) return;
  ctx.add(
    'singlepageonly',
    p.nameRange.start,
    p.nameRange.end,
    `"${wire}" applies only when a single page is queried (one title or page ID, no generator or revids); the wiki refuses it here. Query one page, or remove it.`,
    where,
    { remove: pairRemoval(ctx.text, ctx.query, p) },
  );
  // ApiQueryRevisions::run dies with invalidparammix in enumeration mode with revids
  // (apierror-revisions-norevids) or with several pages (apierror-revisions-singlepage), after
  // returning for a page set with no good title and no revision (or only deleted revisions): a
  // verdict on the wiki's content, which the message says.
  const source = pages.revids > 0 ? 'revids' : fromGenerator ? 'generator' : pages.titles > 1 ? 'titles' : 'pageids';
  const msg =
    pages.revids > 0
      ? `The revids parameter may not be used with the list options such as ${wire}. Give one page with titles= or pageids= instead, or remove ${wire}. (The wiki says this only when a revision named exists: for revisions it does not have, it answers without an error.)`
      : `${source === 'generator' ? 'A generator' : `${source}=`} supplies several pages, but ${wire} may only be used on a single page. Query one page, or remove ${wire}. (The wiki says this only when more than one of the pages exists.)`;
  ctx.add('invalidparammix', p.nameRange.start, p.nameRange.end, msg, {
    param: wire,
    module: use.module.name,
    params: [wire, source],
  });
}

/** `modes` (ApiQueryDeletedrevs): a parameter given in a mode it does not apply to. */
function checkModes(
  ctx: QueryCheck,
  use: ModuleUse,
  values: readonly (string | number)[],
  p: WikiParam,
  wire: string,
  pages: PageSource,
): void {
  const where = { param: wire, module: use.module.name };
  // ApiQueryDeletedrevs: mode 1 = pages given (titles/pageids/revids/generator), 2 = by user, 3 = all in a namespace.
  const mode = pages.generator || pages.titles + pages.pageids + pages.revids > 0 ? 1 : ctx.present.has(use.wirePrefix + 'user') ? 2 : 3;
  const modes = values.map(Number);
  if (modes.length && !modes.includes(mode)) {
    const names: Record<number, string> = {
      1: 'pages given (titles, pageids, revids)',
      2: `by user (${use.wirePrefix}user)`,
      3: 'all deleted revisions in a namespace',
    };
    ctx.add(
      'modes',
      p.nameRange.start,
      p.nameRange.end,
      `"${wire}" applies only in mode ${modes.join(' or ')} (${modes.map((m) => names[m] ?? m).join('; ')}); this query is in mode ${mode} (${names[mode]}). Remove it or change the query.`,
      where,
      { remove: pairRemoval(ctx.text, ctx.query, p) },
    );
  }
}

export function checkConditions(ctx: QueryCheck): void {
  let pages: ReturnType<typeof pageSource> | undefined;
  for (const use of ctx.uses) {
    for (const d of ctx.catalogue.paramGroupsOf(use.module).withInfo) {
      const wire = use.wirePrefix + d.name;
      const p = ctx.present.get(wire);
      if (!p) continue;
      for (const note of d.info!) {
        switch (note.name) {
          case 'singlepageonly':
            checkSinglePageOnly(ctx, use, d, p, wire, (pages ??= pageSource(ctx)));
            break;
          case 'useronly':
          case 'nonuseronly':
            checkByUser(ctx, use, note.name, p, wire);
            break;
          case 'modes':
            checkModes(ctx, use, note.values ?? [], p, wire, (pages ??= pageSource(ctx)));
            break;
          case 'preloadcontentonly':
          case 'editintroonly':
            checkPropOnly(ctx, use, note.name, p, wire);
            break;
          default:
            break;
        }
      }
    }
  }
}

/** `useronly` / `nonuseronly`: a parameter that applies only when listing by user, or only when not. */
function checkByUser(ctx: QueryCheck, use: ModuleUse, name: 'useronly' | 'nonuseronly', p: WikiParam, wire: string): void {
  const where = { param: wire, module: use.module.name };
  const userWire = use.wirePrefix + 'user';
  const byUser = ctx.present.has(userWire);
  if (name === 'useronly' && !byUser)
    ctx.add(
      'useronly',
      p.nameRange.start,
      p.nameRange.end,
      `"${wire}" applies only when listing by user: add ${userWire}=…, or remove it.`,
      { ...where, params: [userWire] },
      { remove: pairRemoval(ctx.text, ctx.query, p) },
    );
  if (name === 'nonuseronly' && byUser)
    ctx.add(
      'nonuseronly',
      p.nameRange.start,
      p.nameRange.end,
      `"${wire}" applies only when not listing by user: remove it or ${userWire}.`,
      { ...where, params: [userWire] },
      { remove: pairRemoval(ctx.text, ctx.query, p) },
    );
}

/** `preloadcontentonly` / `editintroonly`: a parameter that applies only with one value of the module's prop. */
function checkPropOnly(ctx: QueryCheck, use: ModuleUse, name: 'preloadcontentonly' | 'editintroonly', p: WikiParam, wire: string): void {
  const wanted = name === 'preloadcontentonly' ? 'preloadcontent' : 'editintro';
  const propWire = use.wirePrefix + 'prop';
  const pp = ctx.byName.get(propWire);
  const has = pp ? getValueItems(ctx.text, pp).some((i) => i.text === wanted) : false;
  if (!has)
    ctx.add(
      name,
      p.nameRange.start,
      p.nameRange.end,
      `"${wire}" applies only with ${propWire}=${wanted}: add ${wanted} to ${propWire}, or remove it.`,
      { param: wire, module: use.module.name, params: [propWire] },
      { remove: pairRemoval(ctx.text, ctx.query, p) },
    );
}
