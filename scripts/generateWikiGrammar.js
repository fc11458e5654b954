// One-off generator for syntaxes/wikiquery.tmLanguage.json (kept outside the repo; the test checks the result
// against the catalogue). Usage: node genGrammar.js [catalogue.json ...]
const fs = require('fs');
const core = ['action','format','formatversion','errorformat','maxlag','smaxage','maxage','assert','assertuser','requestid','servedby','curtimestamp','responselanginfo','origin','uselang','variant','errorlang','errorsuselocal','crossorigin','prop','list','meta','indexpageids','export','exportnowrap','exportschema','iwurl','continue','rawcontinue','titles','pageids','revids','generator','redirects','converttitles'];
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let prefixRule;
const coreNames = new Set(core);
const files = process.argv.slice(2);
if (files.length) {
  const byPrefix = new Map(); const genByPrefix = new Map();
  for (const f of files) {
    const j = JSON.parse(fs.readFileSync(f, 'utf8'));
    for (const m of j.paraminfo.modules) {
      if (m.path === 'main' || m.path === 'query') { m.parameters.forEach((p) => coreNames.add(p.name)); continue; }
      if (!m.prefix || !String(m.path || '').startsWith('query+')) continue;
      const names = [...m.parameters.map((p) => p.name), ...(m.templatedparameters || []).map((p) => p.name.replace(/\{[^}]*\}/g, '\u0000'))];
      const add = (map) => { const s = map.get(m.prefix) || new Set(); names.forEach((n) => s.add(n)); map.set(m.prefix, s); };
      add(byPrefix); if (m.generator !== undefined && m.generator !== false) add(genByPrefix);
    }
  }
  const alt = (map) => [...map.keys()].sort((a, b) => b.length - a.length || a.localeCompare(b)).map((p) => {
    const names = [...map.get(p)].sort((a, b) => b.length - a.length || a.localeCompare(b)).map((n) => esc(n).replace(/\u0000/g, '[A-Za-z0-9_]+'));
    return `${esc(p)}(?=(?:${names.join('|')})(?:=|&|\\s|$))`;
  }).join('|');
  prefixRule = { gen: alt(genByPrefix), plain: alt(byPrefix) };
}
const keyChars = "[^\\s=&#?|]";
const keyRe = prefixRule
  ? `(?:(?!(?:${[...coreNames].sort((a, b) => b.length - a.length).map(esc).join('|')})(?:=|&|\\s|$))(?:(g)(${prefixRule.gen})|(${prefixRule.plain})))?${keyChars}+`
  : `(?:(g)()|())?${keyChars}+`;
const grammar = {
  $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
  name: 'Wiki Query',
  scopeName: 'source.wikiquery',
  fileTypes: ['wikiquery'],
  comment: 'MediaWiki API query URLs, one query per line or in multi-line form (continuation lines start with &). The prefix rule is generated from descriptors/wiki/*.json: a key is split into generator g, module prefix and name only when the rest is a parameter of a module with that prefix and the key is not a parameter of main or query (iwurl is both a query parameter and the deprecated url of iwlinks, so it stays whole).',
  patterns: [ { include: '#comment' }, { include: '#url' }, { include: '#separator' }, { include: '#moduleParameter' }, { include: '#parameter' } ],
  repository: {
    comment: { match: '^\\s*(#).*$', name: 'comment.line.number-sign.wikiquery', captures: { 1: { name: 'punctuation.definition.comment.wikiquery' } } },
    url: { match: '(?:\\b[A-Za-z][A-Za-z0-9+.-]*:)?(?://[^\\s?#/]+)?[^\\s?&=#|]*\\bapi\\.php(?=[?\\s]|$)|\\b[A-Za-z][A-Za-z0-9+.-]*://[^\\s?#]*(?=[?\\s]|$)', name: 'markup.underline.link.wikiquery' },
    separator: { match: '[?&]', name: 'punctuation.separator.parameter.wikiquery' },
    moduleParameter: {
      comment: 'list=, prop=, meta= and generator= take module names.',
      match: '(?<![^\\s?&])(list|prop|meta|generator)(=)([^&\\s]*)',
      captures: {
        1: { name: 'support.type.property-name.wikiquery' },
        2: { name: 'punctuation.separator.key-value.wikiquery' },
        3: { name: 'meta.value.wikiquery', patterns: [ { include: '#valueSyntax' }, { match: '[^|%+\\x1F]+', name: 'entity.name.type.module.wikiquery' } ] },
      },
    },
    parameter: {
      match: `(?<![^\\s?&])(${keyRe})(?:(=)([^&\\s]*))?`,
      captures: {
        1: { name: 'support.type.property-name.wikiquery' },
        2: { name: 'keyword.other.generator-prefix.wikiquery' },
        3: { name: 'entity.name.namespace.prefix.wikiquery' },
        4: { name: 'entity.name.namespace.prefix.wikiquery' },
        5: { name: 'punctuation.separator.key-value.wikiquery' },
        6: { name: 'string.unquoted.value.wikiquery', patterns: [ { include: '#valueSyntax' }, { include: '#valueConstant' } ] },
      },
    },
    valueSyntax: {
      patterns: [
        { match: '%7[Cc]|\\x1F|%1[Ff]', name: 'punctuation.separator.pipe.encoded.wikiquery constant.character.escape.wikiquery' },
        { match: '\\|', name: 'punctuation.separator.pipe.wikiquery' },
        { match: '%[0-9A-Fa-f]{2}', name: 'constant.character.escape.percent.wikiquery' },
        { match: '\\+', name: 'constant.character.escape.space.wikiquery' },
        { match: '%', name: 'invalid.illegal.percent.wikiquery' },
      ],
    },
    valueConstant: {
      patterns: [
        { match: '(?<=[=|])(?:max|now|\\*)(?=[|&\\s]|%7[Cc]|$)', name: 'constant.language.wikiquery' },
        { match: '(?<=[=|])[+-]?[0-9]+(?=[|&\\s]|%7[Cc]|$)', name: 'constant.numeric.wikiquery' },
      ],
    },
  },
};
process.stdout.write(JSON.stringify(grammar, null, 2) + '\n');
