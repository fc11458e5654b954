/**
 * Hover for wiki queries: a parameter (module, type, default, range, limits, allowed values,
 * deprecation, conditions, sensitivity), a module name in `list=`/`prop=`/`meta=`/`generator=`,
 * and a value (deprecated or not, what `max`/`now`/`*`/a namespace number mean).
 *
 * The markdown built here is also the `documentation` of completion items, so it is cached per
 * descriptor (the catalogue is immutable once indexed).
 */
import { developmentLine, isRightsList, type VersionPresence, type WikiVersionFacts } from './wikiVersions';
import { stringLimitText } from './wikiStringLimits';
import { EXPIRY_HELP } from './wikiExpiryValue';
import { MarkupKind, type Hover } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageSettings, OffsetRange } from '../languageTypes';
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiCursorContext, WikiModule, WikiParamDescriptor, WikiParamInfoNote, WikiParam, WikiWireParam } from './wikiTypes';
import { resolveWire } from './wikiWire';
import { toRange } from './wikiRanges';
import { authFieldOf, describeAuthField } from './wikiAuthFields';
import { markdownCode, markdownHttpLink, markdownText } from '../markdown';
import { detach } from '../../../../common/detach';

/** Allowed values shown in a hover before the list is shortened. */
const HOVER_MAX_VALUES = 24;

// Every name, value and text of the catalogue (a wiki's own, fetched) goes through these: shown, never
// interpreted as Markdown (markdown.ts).
const code = markdownCode;
const text = markdownText;

/** MediaWiki's three modes of the deprecated `list=deletedrevs` (ApiQueryDeletedrevs). */
const DELETEDREVS_MODES: Record<string, string> = {
  '1': 'mode 1: deleted revisions of the given pages (`titles`, `pageids` or a generator)',
  '2': 'mode 2: deleted contributions of one user (`druser`)',
  '3': 'mode 3: all deleted revisions in a namespace (neither pages nor user)',
};

/** A sentence for one `info` note of a parameter (the conditions the catalogue carries). */
function describeInfoNote(note: WikiParamInfoNote, module: WikiModule, wirePrefix: string): string {
  switch (note.name) {
    case 'useronly':
      return `Applies only when listing by user (with ${code(wirePrefix + 'user')}).`;
    case 'nonuseronly':
      return `Applies only when not listing by user (without ${code(wirePrefix + 'user')}).`;
    case 'modes': {
      const modes = (note.values ?? []).map(String);
      const said = modes.map((m) => (module.name === 'deletedrevs' && DELETEDREVS_MODES[m]) || `mode ${text(m)}`);
      return `Applies only in ${said.join('; ')}.`;
    }
    case 'singlepageonly':
      return 'Applies only when a single page is queried.';
    case 'preloadcontentonly':
      return `Applies only with ${code(wirePrefix + 'prop=preloadcontent')}.`;
    case 'editintroonly':
      return `Applies only with ${code(wirePrefix + 'prop=editintro')}.`;
    default:
      return `Note: ${text(note.name)}${note.values ? ` (${note.values.map(text).join(', ')})` : ''}.`;
  }
}

function listValues(values: readonly string[], max = HOVER_MAX_VALUES): string {
  const shown = values.slice(0, max).map(code).join(', ');
  return values.length > max ? `${shown}, … (${values.length - max} more)` : shown;
}

/** A range with nothing in it (a hostile catalogue's): said as it is, never "from 10 to 5". */
function noRange(min: number, max: number): string {
  return `the catalogue gives a minimum (${text(min)}) above the maximum (${text(max)}): no value is in range (the wiki uses the minimum for values under it, the maximum for others)`;
}

/** The "Type:" line of a parameter. */
function describeType(d: WikiParamDescriptor, catalogue: WikiCatalogue, wireName: string): string {
  switch (d.type) {
    case 'limit': {
      const min = d.min ?? 1;
      if (d.max !== undefined && min > d.max) return `limit — ${noRange(min, d.max)}`;
      // IntegerDef::normalizeSettings raises a high maximum under the maximum to it.
      const high =
        d.highmax !== undefined && d.max !== undefined && d.highmax > d.max ? ` (${text(d.highmax)} with the \`apihighlimits\` right)` : '';
      return `limit — an integer from ${text(min)} to ${text(d.max ?? '?')}${high}, or \`max\` for the highest limit allowed`;
    }
    case 'integer': {
      if (d.min !== undefined && d.max !== undefined && d.min > d.max) return `integer — ${noRange(d.min, d.max)}`;
      if (d.min !== undefined && d.max !== undefined)
        return `integer from ${text(d.min)} to ${text(d.max)}${d.enforcerange ? '' : ' (values outside are clamped)'}`;
      if (d.min !== undefined) return `integer, at least ${text(d.min)}`;
      if (d.max !== undefined) return `integer, at most ${text(d.max)}`;
      return 'integer';
    }
    case 'boolean':
      return `boolean — presence means true, whatever the value (even ${code(wireName + '=false')} or \`=0\`); leave the parameter out for false`;
    case 'timestamp':
      return 'timestamp — ISO 8601 (`2024-01-31T12:00:00Z`), 14 digits (`20240131120000`), Unix seconds, or `now`';
    case 'namespace': {
      const extra = d.extranamespaces?.length
        ? `; also ${d.extranamespaces.map((id) => `${code(id)}${catalogue.getNamespace(id)?.name ? ` (${text(catalogue.getNamespace(id)!.name)})` : ''}`).join(', ')}`
        : '';
      return `namespace — a namespace number (\`0\` is the main namespace)${extra}`;
    }
    case 'user':
      return `user${d.subtypes?.length ? ` — ${d.subtypes.map(text).join(', ')}` : ''}`;
    case 'expiry':
      return `expiry — ${EXPIRY_HELP}`;
    case 'enum':
      return `one of ${d.values?.length ?? 0} value${d.values?.length === 1 ? '' : 's'}`;
    default:
      return text(d.type);
  }
}

/**
 * Markdown describing a parameter as written under `wire.wireName`.
 * @param highLimits the account has `apihighlimits` (`wikimapQuery.wiki.highLimits`)
 */
export function describeParam(wire: WikiWireParam, catalogue: WikiCatalogue, highLimits = false): string {
  const d = wire.descriptor;
  const key = `${wire.wireName}\u0000${highLimits ? 1 : 0}${wire.templateValues ? JSON.stringify(wire.templateValues) : ''}`;
  return catalogue.describedOnce(d, key, () => makeParamDoc(wire, catalogue, highLimits));
}

function makeParamDoc(wire: WikiWireParam, catalogue: WikiCatalogue, highLimits: boolean): string {
  const d = wire.descriptor;
  const m = wire.module;
  const wirePrefix = (wire.generator ? 'g' : '') + m.prefix;
  const lines: string[] = [];
  lines.push(`${code(wire.wireName)} — ${ownerPhrase(wire)}`);
  lines.push('');
  const facts: string[] = [];
  if (d.deprecated) facts.push('**Deprecated**: remove it; the wiki warns (`deprecation`) and may drop it.');
  if (d.required) facts.push('**Required**: the wiki answers `missingparam` without it.');
  facts.push(`Type: ${describeType(d, catalogue, wire.wireName)}`);
  if (d.default !== undefined) facts.push(`Default: ${d.default === '' ? '(empty)' : code(String(d.default))}`);
  if (d.multi) {
    const low = d.lowlimit ?? 50;
    const high = d.highlimit ?? 500;
    facts.push(
      `Multi-valued: separate values with \`|\`; at most ${text(highLimits ? high : low)} values${high !== low ? (highLimits ? ` (${text(low)} without \`apihighlimits\`)` : ` (${text(high)} with \`apihighlimits\`)`) : ''}${d.allowsduplicates ? '; repeated values allowed' : ''}`,
    );
  }
  const limits = stringLimitText(d);
  if (limits) facts.push(`Length: ${limits} per value — longer values are an error (\`maxbytes\`/\`maxchars\`)`);
  if (d.allspecifier) facts.push(`${code(d.allspecifier)} stands for all values`);
  if (d.values && d.values.length) facts.push(`Allowed values: ${listValues(d.values)}`);
  if (d.deprecatedvalues?.length) facts.push(`Deprecated values: ${d.deprecatedvalues.map(code).join(', ')}`);
  if (d.templatevars) {
    for (const [v, target] of Object.entries(d.templatevars)) {
      facts.push(
        `Templated: \`{${v}}\` is one of the values of ${code(wirePrefix + target)}${wire.templateValues?.[v] ? ` (here ${code(wire.templateValues[v])})` : ''}`,
      );
    }
  }
  for (const note of d.info ?? []) facts.push(describeInfoNote(note, m, wirePrefix));
  if (d.tokentype)
    facts.push(
      `**Token** of type ${code(d.tokentype)}: get one with ${code(`action=query&meta=tokens&type=${d.tokentype}`)}; the wiki takes it only in a POST body (\`mustpostparams\` when it is in the URL)`,
    );
  if (d.sensitive)
    facts.push('**Sensitive**: the value is a secret (such as a token); do not write it into URLs or files others can read.');
  const versions = catalogue.builtinVersions();
  const inVersions = versions && versionLine(versions, versions.paramPresence(m.path, d.name), catalogue, m.path);
  if (inVersions) facts.push(inVersions);
  for (const f of facts) lines.push(`- ${f}`);
  return lines.join('\n');
}

/**
 * The version line of a name: the built-in releases that have it, or, for a name of the built-in catalogue's
 * development line that none has, that no release has it yet (wikiVersions.ts, `developmentLine`).
 */
function versionLine(
  versions: WikiVersionFacts,
  presence: VersionPresence,
  catalogue: WikiCatalogue,
  modulePath: string,
  rightsValue = false,
): string | undefined {
  const released = versions.describe(presence);
  if (released || presence.present.length) return released;
  const line = developmentLine(catalogue, modulePath);
  return line ? versions.describeUnreleased(line, rightsValue) : undefined;
}

/** "parameter `limit` of list module `categorymembers` (prefix `cm`)". */
function ownerPhrase(wire: WikiWireParam): string {
  const m = wire.module;
  if (m.path === 'main') return `parameter of the API itself (\`main\` module)`;
  if (m.path === 'query') return `parameter of \`action=query\``;
  if (m.group === 'format') return `parameter of ${code(`format=${m.name}`)}`;
  const where = wire.generator
    ? `the generator ${code(`generator=${m.name}`)}`
    : `the ${text(m.group)} module ${code(`${m.group}=${m.name}`)}`;
  const prefix = m.prefix ? ` (prefix ${code((wire.generator ? 'g' : '') + m.prefix)})` : '';
  return `parameter ${code(wire.descriptor.name)} of ${where}${prefix}`;
}

/** Markdown describing a module of `catalogue`. */
export function describeModule(m: WikiModule, catalogue: WikiCatalogue): string {
  return catalogue.describedOnce(m, '', () => makeModuleDoc(m, catalogue));
}

function makeModuleDoc(m: WikiModule, catalogue: WikiCatalogue): string {
  const lines: string[] = [
    m.path.startsWith('query+') || m.path === 'query'
      ? `${code(m.name)} — ${text(m.group)} module (${code(m.path)})`
      : m.group === 'format'
        ? `${code(m.name)} — format module (${code(`format=${m.name}`)})`
        : `${code(m.name)} — action module (${code(`action=${m.name}`)})`,
    '',
  ];
  const facts: string[] = [];
  if (m.deprecated) facts.push('**Deprecated**: the wiki warns (`deprecation`); use its replacement.');
  const example = m.parameters[0]?.name;
  facts.push(
    m.prefix
      ? `Prefix: ${code(m.prefix)}${example ? ` (parameters are written with it, e.g. ${code(m.prefix + example)})` : ''}`
      : 'Prefix: none (parameters are written without one)',
  );
  if (m.path.startsWith('query+')) {
    if (m.generator)
      facts.push(
        `Generator: yes — ${code(`generator=${m.name}`)} feeds its pages to the \`prop\` modules; its parameters then take ${code('g' + m.prefix)}`,
      );
    else facts.push('Generator: no');
  } else {
    // Top-level modules (actions, formats): what the server requires of a request.
    if (m.mustbeposted) facts.push('**Must be POSTed**: the wiki refuses a GET (`mustbeposted`); never run from here');
    const token = m.parameters.find((d) => d.tokentype !== undefined);
    if (token)
      facts.push(
        `**Needs a token** of type ${code(token.tokentype!)} in ${code(m.prefix + token.name)} (from ${code(`action=query&meta=tokens&type=${token.tokentype}`)}), in the POST body`,
      );
    if (m.writerights) facts.push('**Write rights**: changes the wiki; needs an account allowed to write');
  }
  facts.push(m.readrights ? 'Needs the `read` right (read rights)' : 'Works without the `read` right');
  if (m.source) facts.push(`Source: ${text(m.source)}`);
  const versions = catalogue.builtinVersions();
  const inVersions = versions && versionLine(versions, versions.modulePresence(m.path), catalogue, m.path);
  if (inVersions) facts.push(inVersions);
  for (const f of facts) lines.push(`- ${f}`);
  // Links only to http(s) help pages: a `command:` or `javascript:` URL, or an image, is left out.
  const help = m.helpurls.flatMap((u) => markdownHttpLink('Help', u) ?? []);
  if (help.length) lines.push('', help.map((link, i) => (help.length > 1 ? link.replace('[Help]', `[Help ${i + 1}]`) : link)).join(' · '));
  return lines.join('\n');
}

/** One line about a value of a parameter, or undefined when there is nothing to say beyond the parameter. */
function describeValue(value: string, wire: WikiWireParam, catalogue: WikiCatalogue, highLimits = false): string | undefined {
  const d = wire.descriptor;
  if (d.deprecatedvalues?.includes(value)) return `${code(value)} — **deprecated value** of ${code(wire.wireName)}: remove it.`;
  if (d.allspecifier && value === d.allspecifier) return `${code(value)} — all values of ${code(wire.wireName)}.`;
  if (d.values) {
    if (d.values.includes(value)) {
      return `${code(value)} — allowed value of ${code(wire.wireName)}${isDefault(value, d) ? ' (default)' : ''}.`;
    }
    return `${code(value)} is not an allowed value of ${code(wire.wireName)}.`;
  }
  switch (d.type) {
    case 'limit':
      if (value === 'max') {
        const limit = highLimits && d.highmax !== undefined ? d.highmax : d.max;
        return `\`max\` — the highest limit: ${text(limit ?? '?')}${d.highmax !== undefined && d.highmax !== d.max ? ` (${text(highLimits ? d.max : d.highmax)} ${highLimits ? 'without' : 'with'} \`apihighlimits\`)` : ''}.`;
      }
      return undefined;
    case 'timestamp':
      return value === 'now' ? '`now` — the current time when the wiki runs the query.' : undefined;
    case 'namespace': {
      if (!/^[+-]?\d+$/.test(value)) return undefined;
      const ns = catalogue.getNamespace(Number(value));
      if (!ns) return `${code(value)} is not a namespace of this wiki.`;
      return `Namespace ${code(ns.id)}: ${ns.name === '' ? '(Main)' : text(ns.name)}${ns.canonical && ns.canonical !== ns.name ? ` (canonical name ${text(ns.canonical)})` : ''}.`;
    }
    case 'boolean':
      return `Any value, even ${code(value || '(empty)')}, means true: presence is what counts.`;
    default:
      return undefined;
  }
}

/** Version lines kept per descriptor, for this many values each (a hover over any text may ask). */
const VERSION_LINES_PER_PARAM = 64;
/**
 * The version lines of one descriptor's values hovered (`undefined`: none), made with the built-in facts
 * `versions`; `lines` is null for a parameter no built-in version enumerates (titles, limits, …): no
 * value of it has a line. One lookup by descriptor per hover.
 */
const VERSION_LINES = new WeakMap<WikiParamDescriptor, { versions: object; lines: Map<string, string | undefined> | null }>();

/** In which built-in MediaWiki versions `value` of `wire` is allowed, as a hover line (kept once made). */
function valueVersionLine(value: string, wire: WikiWireParam, catalogue: WikiCatalogue): string | undefined {
  const versions = catalogue.builtinVersions();
  if (!versions) return undefined;
  let kept = VERSION_LINES.get(wire.descriptor);
  if (kept === undefined || kept.versions !== versions) VERSION_LINES.set(wire.descriptor, (kept = { versions, lines: new Map() }));
  const lines = kept.lines;
  if (lines === null) return undefined;
  const got = lines.get(value);
  if (got !== undefined || lines.has(value)) return got;
  const presence = versions.valuePresence(wire.module.path, wire.descriptor.name, value);
  // (Undefined whatever the value: no built-in version enumerates the parameter's values.)
  if (presence === undefined) {
    kept.lines = null;
    return undefined;
  }
  // (A value the catalogue does not list either is no line's: `inprop=typo` is not new in the development line.)
  const values = wire.descriptor.values;
  const line = values?.includes(value)
    ? versionLine(versions, presence, catalogue, wire.module.path, isRightsList(values))
    : versions.describe(presence);
  // The value is a slice of the document text: a detached copy keeps no old text alive.
  if (lines.size < VERSION_LINES_PER_PARAM) lines.set(detach(value), line);
  return line;
}

/** describeValue, and in which built-in MediaWiki versions the value is allowed. */
function describeValueWithVersions(value: string, wire: WikiWireParam, catalogue: WikiCatalogue, highLimits: boolean): string | undefined {
  const about = describeValue(value, wire, catalogue, highLimits);
  const line = valueVersionLine(value, wire, catalogue);
  if (!line) return about;
  return `${about ?? code(value)}\n\n${line} (value ${code(value)})`;
}

function isDefault(value: string, d: WikiParamDescriptor): boolean {
  if (d.default === undefined) return false;
  const def = String(d.default);
  return d.multi ? def.split('|').includes(value) : def === value;
}

function overriddenNote(param: WikiParam): string {
  return param.overridden
    ? `\n\n*Ignored: a later ${code(param.name + '=')} in this query overrides it (the wiki keeps only the last).*`
    : '';
}

/** Hover for the cursor context. */
export function doWikiHover(
  document: TextDocument,
  context: WikiCursorContext,
  catalogue: WikiCatalogue,
  settings?: LanguageSettings,
): Hover | null {
  const highLimits = settings?.highLimits === true;
  const markdown = (value: string, range: OffsetRange): Hover => ({
    contents: { kind: MarkupKind.Markdown, value },
    range: toRange(document, range),
  });
  switch (context.kind) {
    case 'paramName': {
      if (!context.param) return null;
      const wire = resolveWire(catalogue, context.param.name, context.query);
      if (!wire) {
        // A field of AuthManager's requests the action module reads without its prefix (readsFields).
        const am = catalogue.getActionModule(context.query.byName.get('action')?.value ?? '');
        const field = am && authFieldOf(catalogue, am, context.param.name);
        return am && field ? markdown(describeAuthField(am, field), context.param.nameRange) : null;
      }
      return markdown(describeParam(wire, catalogue, highLimits) + overriddenNote(context.param), context.param.nameRange);
    }
    case 'moduleList': {
      const name = context.item.text;
      const module = catalogue.getQueryModule(name);
      if (!module) {
        const wire = resolveWire(catalogue, context.param.name);
        return wire && name === '' ? markdown(describeParam(wire, catalogue, highLimits), context.param.nameRange) : null;
      }
      let doc = describeModule(module, catalogue);
      if (context.group === 'generator' && !module.generator)
        doc = `**Not a generator**: ${code(module.name)} cannot be used with \`generator=\`.\n\n${doc}`;
      else if (context.group !== 'generator' && module.group !== context.group)
        doc = `**Wrong group**: ${code(module.name)} is a ${text(module.group)} module; write it in ${code(module.group + '=')}.\n\n${doc}`;
      return markdown(doc, context.item.range);
    }
    case 'paramValue': {
      const wire = resolveWire(catalogue, context.param.name, context.query);
      if (!wire) return null;
      // action=parse, format=json: the module the value names, with its flags.
      const named =
        wire.module === catalogue.main
          ? context.param.name === 'action'
            ? catalogue.getActionModule(context.item.text)
            : context.param.name === 'format'
              ? catalogue.getFormatModule(context.item.text)
              : undefined
          : undefined;
      if (named && context.item.range.end > context.item.range.start) return markdown(describeModule(named, catalogue), context.item.range);
      // paraminfo/help `modules=parse|query+allpages`: the module each path names.
      const pathParam = catalogue
        .actionRulesOf(wire.module.name)
        .some((r) => r.kind === 'modulePaths' && wire.module.prefix + r.params[0] === context.param.name);
      const byPath = pathParam ? (catalogue.getActionModule(context.item.text) ?? catalogue.getModule(context.item.text)) : undefined;
      if (byPath && context.item.range.end > context.item.range.start)
        return markdown(describeModule(byPath, catalogue), context.item.range);
      const about = context.item.text === '' ? undefined : describeValueWithVersions(context.item.text, wire, catalogue, highLimits);
      const range = context.item.range.end > context.item.range.start ? context.item.range : context.param.valueRange;
      const paramDoc = describeParam(wire, catalogue, highLimits);
      return markdown(about ? `${about}\n\n---\n\n${paramDoc}` : paramDoc, range.end > range.start ? range : context.param.nameRange);
    }
    case 'url': {
      const modules = [...catalogue.getQueryModules()].length;
      const url = context.query.apiUrl;
      const who = url ? `${code(url)} — the wiki this query is sent to.` : 'The API endpoint of this query.';
      const actions = [...catalogue.getActionModules()].length;
      const recorded = catalogue.actionModulesVersion
        ? `; actions and formats as MediaWiki ${catalogue.actionModulesVersion} describes them`
        : '';
      return markdown(
        `${who}\n\nChecked against the catalogue from **${text(catalogue.source)}** (${modules} query modules, ${actions} other actions${recorded}, ${catalogue.namespaces.length} namespaces).`,
        context.range,
      );
    }
    default:
      return null;
  }
}
