/**
 * Reads the built-in catalogue files for the data tests, and writes parameter descriptors in
 * the spec's own shorthand so a test row can be checked against
 * the product spec (its copy: test/unit/catalogue/fixtures/wiki-query-descriptors.md) by eye.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ParamDescriptor {
  index: number;
  name: string;
  type: string | string[];
  [key: string]: unknown;
}

export interface ModuleDescriptor {
  name: string;
  path: string;
  group?: string;
  prefix: string;
  parameters: ParamDescriptor[];
  templatedparameters: ParamDescriptor[];
  [key: string]: unknown;
}

export interface Catalogue {
  paraminfo: { helpformat: string; modules: ModuleDescriptor[] };
}

const wikiDir = join(__dirname, '..', '..', '..', 'descriptors', 'wiki');

export function readCatalogue(file: 'query-modules.json' | 'api-core.json'): Catalogue {
  return JSON.parse(readFileSync(join(wikiDir, file), 'utf8')) as Catalogue;
}

export const queryModules = readCatalogue('query-modules.json');
export const apiCore = readCatalogue('api-core.json');

export function findModule(catalogue: Catalogue, name: string): ModuleDescriptor {
  const module = catalogue.paraminfo.modules.find((m) => m.name === name);
  if (!module) throw new Error(`Module "${name}" is not in the catalogue.`);
  return module;
}

/** Parameters and templated parameters together, in index order. */
export function allParams(module: ModuleDescriptor): ParamDescriptor[] {
  return [...module.parameters, ...module.templatedparameters].sort((a, b) => a.index - b.index);
}

export function findParam(module: ModuleDescriptor, name: string): ParamDescriptor {
  const param = allParams(module).find((p) => p.name === name);
  if (!param) throw new Error(`Module "${module.name}" has no parameter "${name}".`);
  return param;
}

// ---------------------------------------------------------------------------------------------
// The spec's value sets, copied from its "Shared value sets" section.
// ---------------------------------------------------------------------------------------------

const words = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export const SPEC_SETS: Record<string, string[]> = {
  REVPROP: words(
    'comment, content, contentmodel, flags, ids, parsedcomment, roles, sha1, size, slotsha1, slotsize, tags, timestamp, user, userid, parsetree',
  ),
  CF: words(
    'application/json, application/octet-stream, application/unknown, application/vue+xml, application/x-binary, text/css, text/javascript, text/plain, text/unknown, text/x-wiki, unknown/unknown',
  ),
  GROUPS: words('bot, bureaucrat, interface-admin, suppress, sysop'),
  RIGHTS: words(`apihighlimits, applychangetags, autoconfirmed, autocreateaccount, autopatrol, badcaptcha, bigdelete,
    block, blockemail, bot, browsearchive, changeemail, changetags, confirmemail, createaccount, createpage, createtalk,
    createwithcontentmodel, delete, delete-redirect, deletechangetags, deletedhistory, deletedtext, deletelogentry,
    deleterevision, edit, editcontentmodel, editinterface, editmyoptions, editmyprivateinfo, editmyusercss,
    editmyuserjs, editmyuserjson, editmyuserjsredirect, editmywatchlist, editprotected, editsemiprotected,
    editsitecss, editsitejs, editsitejson, editusercss, edituserjs, edituserjson, hideuser, ignore-restricted-groups,
    import, importupload, interwiki, ipblock-exempt, linkpurge, logentryimport, mailpassword, managechangetags,
    markbotedits, mergehistory, minoredit, move, move-categorypages, move-rootuserpages, move-subpages, movefile,
    nominornewtalk, noratelimit, override-export-depth, pagelang, patrol, patrolmarks, protect, purge, read,
    renameuser, renameuser-global, renderfile, renderfile-nonstandard, reupload, reupload-own, reupload-shared,
    rollback, sendemail, siteadmin, skipcaptcha, stashbasehtml, stashedit, suppressionlog, suppressredirect,
    suppressrevision, unblockself, undelete, unwatchedpages, upload, upload_by_url, userrights,
    userrights-interwiki, viewmyprivateinfo, viewmywatchlist, viewsuppressed`),
  // RIGHTS without badcaptcha, changeemail, confirmemail, linkpurge, mailpassword, purge, renderfile,
  // renderfile-nonstandard, stashbasehtml, stashedit — written out.
  RIGHTS_C: words(`apihighlimits, applychangetags, autoconfirmed, autocreateaccount, autopatrol, bigdelete,
    block, blockemail, bot, browsearchive, changetags, createaccount, createpage, createtalk,
    createwithcontentmodel, delete, delete-redirect, deletechangetags, deletedhistory, deletedtext, deletelogentry,
    deleterevision, edit, editcontentmodel, editinterface, editmyoptions, editmyprivateinfo, editmyusercss,
    editmyuserjs, editmyuserjson, editmyuserjsredirect, editmywatchlist, editprotected, editsemiprotected,
    editsitecss, editsitejs, editsitejson, editusercss, edituserjs, edituserjson, hideuser, ignore-restricted-groups,
    import, importupload, interwiki, ipblock-exempt, logentryimport, managechangetags,
    markbotedits, mergehistory, minoredit, move, move-categorypages, move-rootuserpages, move-subpages, movefile,
    nominornewtalk, noratelimit, override-export-depth, pagelang, patrol, patrolmarks, protect, read,
    renameuser, renameuser-global, reupload, reupload-own, reupload-shared,
    rollback, sendemail, siteadmin, skipcaptcha, suppressionlog, suppressredirect,
    suppressrevision, unblockself, undelete, unwatchedpages, upload, upload_by_url, userrights,
    userrights-interwiki, viewmyprivateinfo, viewmywatchlist, viewsuppressed`),
  PROTO: [
    '',
    ...words(`bitcoin, ftp, ftps, geo, git, gopher, http, https, irc, ircs, magnet, mailto, matrix, mms,
    news, nntp, redis, sftp, sip, sips, sms, ssh, svn, tel, telnet, urn, wikipedia, worldwind, xmpp`),
  ],
};

/** The usual user subtypes of the legend's `USER`. */
const USER_SUBTYPES = 'name,ip,temp,interwiki,id';

// ---------------------------------------------------------------------------------------------
// Shorthand writer
// ---------------------------------------------------------------------------------------------

const KNOWN_KEYS = new Set([
  'index',
  'name',
  'type',
  'default',
  'multi',
  'lowlimit',
  'highlimit',
  'limit',
  'min',
  'max',
  'highmax',
  'allspecifier',
  'required',
  'deprecated',
  'deprecatedvalues',
  'info',
  'subtypes',
  'extranamespaces',
  'sensitive',
  'allowsduplicates',
  'templatevars',
]);

function writeEnum(values: string[], deprecated: string[]): string {
  for (const [setName, set] of Object.entries(SPEC_SETS)) {
    if (values.length === set.length && values.every((v, i) => v === set[i])) return setName;
  }
  if (values.length > 20 && values.every((v) => v.startsWith('cdxIcon'))) return `cdxIcon<${values.length} names>`;
  const shown = values.map((v) => (v === '' ? '(empty string)' : v) + (deprecated.includes(v) ? ' (deprecated value)' : ''));
  return `{${shown.join(',')}}`;
}

/**
 * Writes a parameter descriptor in the spec's shorthand, e.g.
 * `prop:{hidden,size} M=""`, `limit:LIM=10`, `namespace:NS M * NSX`, `start:TS (useronly)`.
 * Every field of the descriptor shows up, so two descriptors with the same text are equal.
 */
export function shorthand(p: ParamDescriptor): string {
  for (const key of Object.keys(p)) {
    if (!KNOWN_KEYS.has(key)) return `${p.name}: unexpected field "${key}"`;
  }
  const type = p.type;
  let text = `${p.name}:`;
  if (Array.isArray(type)) {
    text += writeEnum(type, (p.deprecatedvalues as string[] | undefined) ?? []);
  } else if (type === 'limit') {
    text += p.min === 1 && p.max === 500 && p.highmax === 5000 ? 'LIM' : `limit(min ${p.min}, max ${p.max}, highmax ${p.highmax})`;
  } else if (type === 'user') {
    const subtypes = ((p.subtypes as string[] | undefined) ?? []).join(',');
    text += subtypes === USER_SUBTYPES ? 'USER' : `user{${subtypes}}`;
  } else {
    text +=
      ({ string: 'S', integer: 'I', boolean: 'B', timestamp: 'TS', namespace: 'NS', title: 'title' } as Record<string, string>)[type] ??
      type;
  }
  if (p.deprecatedvalues !== undefined && !Array.isArray(type)) text += ' deprecatedvalues-without-enum';
  if (p.subtypes !== undefined && type !== 'user') text += ` subtypes ${JSON.stringify(p.subtypes)}`;
  if (p.templatevars !== undefined) text += ` templated ${JSON.stringify(p.templatevars)}`;
  if (p.multi !== undefined) {
    text += p.multi === '' && p.lowlimit === 50 && p.highlimit === 500 && p.limit === 50 ? ' M' : ' M(bad limits)';
  } else if (p.lowlimit !== undefined || p.highlimit !== undefined || p.limit !== undefined) {
    text += ' limits-without-M';
  }
  if (p.allspecifier !== undefined) text += ` allspecifier ${JSON.stringify(p.allspecifier)}`;
  if (p.extranamespaces !== undefined)
    text += JSON.stringify(p.extranamespaces) === '[-2,-1]' ? ' NSX' : ` extranamespaces ${JSON.stringify(p.extranamespaces)}`;
  if (type !== 'limit') {
    if (p.min !== undefined) text += ` min ${p.min}`;
    if (p.max !== undefined) text += ` max ${p.max}`;
    if (p.highmax !== undefined) text += ` highmax ${p.highmax}`;
  }
  for (const flag of ['required', 'deprecated', 'sensitive', 'allowsduplicates'] as const) {
    const label = { required: 'req', deprecated: 'dep', sensitive: 'sensitive', allowsduplicates: 'allowsduplicates' }[flag];
    if (p[flag] === '') text += ` ${label}`;
    else if (p[flag] !== undefined) text += ` ${label}=${JSON.stringify(p[flag])}`;
  }
  if (p.info !== undefined) {
    const notes = (p.info as Array<{ name: string; values?: unknown[] }>).map((i) =>
      i.values === undefined ? i.name : `${i.name} ${JSON.stringify(i.values)}`,
    );
    text += ` (${notes.join('; ')})`;
  }
  if (p.default !== undefined) {
    // Numbers bare, strings quoted: `=10` is not `="10"`.
    text += `=${JSON.stringify(p.default)}`;
  }
  return text;
}
