/**
 * Perl, read by the Perl lexer (no grammar on npm): hashes that name `action` — MediaWiki::API's
 * `->api({ … })`, MediaWiki::Bot's `my $hash = { … }`, `%params = ( … )`, LWP's `post($url, [ … ])` —
 * with the diagnostics on exactly the characters `⟦…⟧` marks; what would fool a lexer (POD, comments,
 * here-documents, patterns, `q{}`) holds no request; an open hash lacks nothing.
 */
import assert from 'node:assert/strict';
import { checkSource, diagnosticsOf, marked } from './helpers';
import { inventoryParams } from '../../../server/src/service/embedded/embeddedCheck';
import { findUrlLiterals } from '../../../server/src/service/embedded/lexerFinder';
import { fillTemplate } from '../../../server/src/service/embedded/paramAdder';

const HEAD = "use MediaWiki::API;\nmy $mw = MediaWiki::API->new({ api_url => 'https://en.wikipedia.org/w/api.php' });\n";

interface Case {
  name: string;
  source: string;
  codes: string[];
}

const CASES: Case[] = [
  {
    name: "a hash built key by key from nothing (MediaWiki::API's upload): one request, open (the caller's edit adds the token)",
    source:
      `${HEAD}sub upload {\n  my ($self, $params) = @_;\n  my $query;\n  $query->{action} = 'upload';\n  $query->{filename} = $params->{title};\n` +
      `  $query->{⟦commnt⟧} = $params->{summary};\n  $query->{ignorewarnings} = 1;\n  return $self->edit($query);\n}\n` +
      `sub other {\n  my %opts;\n  $opts{action} = 'x';\n  $self->{action} = 'edit';\n  $self->{title} = 'y';\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'an anonymous hash given to ->api: a misspelled bareword key',
    source: `${HEAD}my $r = $mw->api({ action => 'query', list => 'users', ususers => $name, ⟦usprops⟧ => 'editcount' });\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'quoted keys, a double-quoted value with an interpolated variable, a removed parameter',
    source: `${HEAD}$mw->api({ 'action' => 'query', "list" => "users", 'ususers' => "User:$user", ⟦ustoken⟧ => 'userrights' });\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'a hash assigned to %params with parentheses, a bad value',
    source: `${HEAD}my %params = (\n    action  => 'query',\n    list    => 'logevents',\n    letype  => '⟦blok⟧',\n);\n$mw->api(\\%params);\n`,
    codes: ['badvalue'],
  },
  {
    name: 'a closed hash lacking a required parameter: reported at the action (missingparam)',
    source: `${HEAD}$mw->api({ action => 'query', list => '⟦search⟧' });\n`,
    codes: ['missingparam'],
  },
  {
    name: 'a hash whose keys are set later ($hash->{srsearch} = …) lacks nothing',
    source: `${HEAD}my $hash = { action => 'query', list => 'search' };\n$hash->{srsearch} = $term;\n$mw->api($hash);\n`,
    codes: [],
  },
  {
    name: 'a spread (%$defaults) and a conditional pair leave the hash open; a known misspelling still stands',
    source: `${HEAD}$mw->api({ %$defaults, action => 'query', list => 'search', ( $ns ? (srnamespace => $ns) : () ), ⟦srlimt⟧ => 5 });\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'numbers as values: 0 given to a boolean is sent, and MediaWiki reads it as true',
    source: `${HEAD}$mw->api({ action => 'query', titles => 'A', redirects => ⟦0⟧ });\n`,
    codes: ['booleanfalse'],
  },
  {
    name: 'an LWP post with an array of pairs',
    source: `use LWP::UserAgent;\nmy $ua = LWP::UserAgent->new;\n$ua->post('https://en.wikipedia.org/w/api.php', [ action => 'query', prop => 'info', ⟦inprops⟧ => 'url', titles => 'A' ]);\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'POD, comments, a here-document and patterns before the hash do not shift it',
    source:
      `${HEAD}=head1 EXAMPLE\n\n  $mw->api({ action => 'query', list => 'nonsense' });\n\n=cut\n\n` +
      `# $mw->api({ action => 'query', list => 'nonsense' });\nmy $doc = <<"END";\n{ action => 'query', list => 'nonsense' }\nEND\n` +
      `my $n = $x / 2; my @w = split /,/, $s; $s =~ s{a}{b}g; my $q = q{ { action => 'x' } };\n` +
      `$mw->api({ action => 'query', prop => 'revisions', titles => 'A', ⟦rvprops⟧ => 'content' });\n`,
    codes: ['unrecognizedparams'],
  },
];

describe('requests inside source code: Perl hashes (lexer)', function () {
  this.timeout(60000);
  for (const c of CASES) {
    it(c.name, async () => {
      const { text, ranges } = marked(c.source);
      const expected = ranges.map(([s, e], i) => `${c.codes[i]} ${s}-${e}`).sort();
      assert.deepEqual(await diagnosticsOf('perl', text), expected);
    });
  }

  it('the inventory lists a hash with its form and its values (a variable as null)', async () => {
    const text = `${HEAD}$mw->api({ action => 'query', list => 'users', ususers => $name, usprop => 'editcount' });\n`;
    const { checked } = await checkSource('perl', text);
    assert.equal(checked.length, 1);
    assert.equal(checked[0].request.form, 'hash');
    assert.equal(checked[0].service === 'wiki' && checked[0].confidence, 'high');
    assert.deepEqual(inventoryParams(checked[0]), { action: 'query', list: 'users', ususers: null, usprop: 'editcount' });
  });

  it("a hash with an action key in a file that names no MediaWiki API gets nothing (another API's action)", async () => {
    const text = `use LWP::UserAgent;\n$ua->post('https://shop.example/cgi-bin/api.cgi', { action => 'query', list => 'orders', limt => 5 });\n`;
    assert.deepEqual(await diagnosticsOf('perl', text), []);
    const { checked } = await checkSource('perl', text);
    assert.ok(checked.every((c) => c.service === 'wiki' && c.confidence === 'low'));
  });

  it('code blocks and lists are no hashes', () => {
    const text =
      "sub f { my ($self, %args) = @_; return { map { $_ => 1 } @list }; }\nmy @a = ('action', 'query');\nif ($x) { action(); }\n";
    assert.deepEqual(findUrlLiterals(text, 'perl'), []);
  });

  it('the quick fix that adds a parameter writes one more pair in Perl', async () => {
    const text = `${HEAD}$mw->api({ action => 'query', list => 'search' });\n`;
    const { checked } = await checkSource('perl', text);
    const t = checked[0].request.entryTemplate;
    assert.ok(t);
    const entry = fillTemplate(t, 'perl', 'srsearch', 'cats');
    assert.equal(entry, ", srsearch => 'cats'");
    const fixed = text.slice(0, t.at) + entry + text.slice(t.at);
    assert.match(fixed, /\{ action => 'query', list => 'search', srsearch => 'cats' \}\);/);
    assert.deepEqual(await diagnosticsOf('perl', fixed), []);
  });
});
