/**
 * One recognised parameter against its descriptor: deprecation, secrets in URLs, booleans,
 * multi-values (the all-specifier, the number of values, repeats), then each value's type
 * (wikiValidationValues.ts).
 */
import { DiagnosticTag } from 'vscode-languageserver-types';
import type { QueryCheck } from './wikiCheckTypes';
import type { WikiModule, WikiParam, WikiParamDescriptor } from './wikiTypes';
import { splitValueItems, type ValueItemScratch } from './wikiQueryParser';
import { checkScalar } from './wikiValidationValues';
import { itemRemovalAt, pairRemoval } from './wikiValidationRemoval';

const US = '\u001f';

const FALSE_WORDS = new Set(['false', '0', 'no', 'off', 'n', 'f']);

export function multiLimit(ctx: QueryCheck, d: WikiParamDescriptor | undefined): number {
  const low = d?.lowlimit ?? 50;
  const high = Math.max(low, d?.highlimit ?? 500);
  return ctx.highLimits ? high : low;
}

/** Validate one recognised parameter's value against its descriptor. */
/** A multi-valued parameter: the all-specifier, the number of values, repeats, then each value. */
function checkMultiValues(ctx: QueryCheck, p: WikiParam, d: WikiParamDescriptor, wire: string): void {
  const { text } = ctx;
  // The items as parallel arrays (no object per item); item objects are made only for a removal range.
  const n = splitValueItems(text, p, ctx.scratch);
  const scratch = ctx.scratch;
  const texts = scratch.texts;
  // NamespaceDef forces PARAM_ALL ("*") on multi-valued namespace parameters.
  const all = d.allspecifier ?? (d.type === 'namespace' ? '*' : undefined);
  if (all !== undefined && n === 1 && texts[0] === all) return clearItemScratch(scratch, n);
  const limit = multiLimit(ctx, d);
  if (n > limit) {
    ctx.add(
      'toomanyvalues',
      p.valueRange.start,
      p.valueRange.end,
      `Too many values supplied for parameter "${wire}". The limit is ${limit}${ctx.highLimits ? '' : ` (${Math.max(limit, d.highlimit ?? 500)} for accounts with apihighlimits: set wikimapQuery.wiki.highLimits if the program sending this query logs in with one; Run Query sends it anonymously)`}. Split the values over several queries.`,
      { param: wire },
    );
    return clearItemScratch(scratch, n);
  }
  const dupCheck = ctx.full && !d.allowsduplicates && n > 1;
  const seen = dupCheck && n > 16 ? new Set<string>() : undefined;
  for (let i = 0; i < n; i++) {
    const v = texts[i];
    if (dupCheck) {
      let dup: boolean;
      if (seen) {
        dup = seen.has(v);
        if (!dup) seen.add(v);
      } else {
        dup = false;
        for (let j = 0; j < i; j++) {
          if (texts[j] === v) {
            dup = true;
            break;
          }
        }
      }
      if (dup) {
        ctx.add(
          'duplicatevalues',
          scratch.starts[i],
          scratch.ends[i],
          `"${v}" is listed twice in ${wire}; the wiki uses it once. Remove the repeat.`,
          { param: wire, value: v },
          { remove: itemRemovalAt(text, p, i), tags: [DiagnosticTag.Unnecessary] },
        );
        continue;
      }
    }
    checkScalar(ctx, p, d, wire, v, scratch.starts[i], scratch.ends[i], i);
  }
  return clearItemScratch(scratch, n);
}

/**
 * `sensitiveparam`, the one check of a secret written in the URL: a parameter paraminfo marks sensitive (a
 * token, or a `password`-typed one such as `lgpassword`), and a field an AuthManager module reads that its
 * `readsFields` rule lists as `sensitive` (`refusedBy`: that module, which requires the field in the POST body,
 * ApiBase::requirePostedParameters, and dies with mustpostparams when it is in the query string).
 */
export function checkSensitive(ctx: QueryCheck, p: WikiParam, wire: string, secret: 'token' | 'password', refusedBy?: string): void {
  if (!ctx.full || p.value === '') return;
  const refused = refusedBy ? ` action=${refusedBy} refuses it in the URL (mustpostparams), even in a POST request.` : '';
  ctx.add(
    'sensitiveparam',
    p.valueRange.start,
    p.valueRange.end,
    `"${wire}" is a secret (a ${secret}): anyone who sees this URL (logs, history, referrers) can use it.${refused} Send it in a POST body instead, and keep it out of shared files.`,
    { param: wire },
  );
}

export function checkParam(ctx: QueryCheck, p: WikiParam, d: WikiParamDescriptor, module: WikiModule, wire: string): void {
  const { text, query } = ctx;
  if (d.deprecated) {
    ctx.add(
      'deprecation',
      p.nameRange.start,
      p.nameRange.end,
      `The parameter "${wire}" has been deprecated. Remove it (see the ${module.name} module's help for its replacement).`,
      { param: wire, module: module.name },
      { remove: pairRemoval(text, query, p), tags: [DiagnosticTag.Deprecated] },
    );
  }
  if (d.sensitive) checkSensitive(ctx, p, wire, d.type === 'password' ? 'password' : 'token');
  const type = d.type;
  if (type === 'boolean') {
    // PresenceBooleanDef: presence means true, whatever the value.
    if (FALSE_WORDS.has(p.value.toLowerCase())) {
      ctx.add(
        'booleanfalse',
        p.valueRange.start,
        p.valueRange.end,
        `"${wire}=${p.value}" still means true: for a boolean parameter any value, even "${p.value}", turns it on. To turn it off, remove the parameter.`,
        { param: wire, value: p.value },
        { remove: pairRemoval(text, query, p) },
      );
    }
    return;
  }
  if (d.multi) return checkMultiValues(ctx, p, d, wire);
  if (p.value.startsWith(US)) {
    ctx.add(
      'badvalue',
      p.valueRange.start,
      p.valueRange.end,
      `Parameter "${wire}" accepts only a single value. U+001F multi-value separation may only be used for multi-valued parameters: give one value.`,
      { param: wire },
    );
    return;
  }
  checkScalar(ctx, p, d, wire, p.value, p.valueRange.start, p.valueRange.end, -1);
}

/** Empty the scratch's first `n` texts: it must not keep slices of a document's text alive. */
function clearItemScratch(scratch: ValueItemScratch, n: number): void {
  for (let i = 0; i < n; i++) scratch.texts[i] = '';
}
