/**
 * Requests inside source code, per language and form: the diagnostics land on exactly the host
 * characters `⟦…⟧` marks; unknown values are never judged; look-alikes of other APIs get nothing.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkSource, diagnosticsOf, marked } from './helpers';
import { inventoryParams } from '../../../server/src/service/embedded/embeddedCheck';

const WIKI = 'https://en.wikipedia.org/w/api.php';

interface Case {
  name: string;
  language: string;
  source: string;
  /** The code of each marked range, in source order. */
  codes: string[];
}

const FOUND: Case[] = [
  {
    name: "Ruby (MediaWiki::Butt): a hash without action naming a query module, handed to the library's query: iwlinks read with another module's limit",
    language: 'ruby',
    source: `# ${WIKI}\ndef links(title, limit)\n  params = {\n    prop: 'iwlinks',\n    titles: title,\n    ⟦tllimit⟧: limit\n  }\n  query(params)\nend\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: "Ruby (the mediawiki_api gem): a hash in a variable handed to action(:login, params) is read with that action, the gem's token_type left out",
    language: 'ruby',
    source:
      `# ${WIKI}\ndef log_in(u, p, t)\n  params = { lgname: u, lgpassword: p, token_type: false }\n  params[:⟦lgtokn⟧] = t unless t.nil?\n` +
      `  action(:login, params).data\nend\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: "Ruby (a file using the mediawiki_api gem): the gem's edit(…) and query(…) wrappers send their keyword arguments with that action",
    language: 'ruby',
    source:
      `require 'mediawiki_api'\nclient = MediawikiApi::Client.new '${WIKI}'\nclient.edit(title: 'A', text: 'x', ⟦summry⟧: 'y')\n` +
      `client.query(list: 'allpages', ⟦aplimt⟧: 5, token_type: false)\n`,
    codes: ['unrecognizedparams', 'unrecognizedparams'],
  },
  {
    name: 'Ruby (a file using the mediawiki_api gem): its list(:x, …), prop(:x, …) and meta(:x, …) send the keyword arguments with action=query and that module',
    language: 'ruby',
    source:
      `require 'mediawiki_api'\nclient = MediawikiApi::Client.new '${WIKI}'\nclient.list(:categorymembers, cmtitle: 'Category:X', ⟦cmlimt⟧: 5)\n` +
      `client.prop(:info, titles: 'A', inprop: '⟦urll⟧')\nclient.meta(:siteinfo, siprop: 'general')\n`,
    codes: ['unrecognizedparams', 'unrecognizedvalues'],
  },
  {
    name: "C# (WikiClientLibrary): a list class's EnumListParameters() dictionary is sent with action=query&list= its ListName",
    language: 'csharp',
    source:
      `using WikiClientLibrary.Generators.Primitive;\npublic class CategoryMembersGenerator : WikiPageGenerator\n{\n` +
      `    public override string ListName => "categorymembers";\n` +
      `    public override IEnumerable<KeyValuePair<string, object?>> EnumListParameters()\n    {\n` +
      `        return new Dictionary<string, object?> { { "cmtitle", Title }, { "⟦cmlimt⟧", PaginationSize } };\n    }\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: "C# (WikiClientLibrary): a key set only under a test of the wiki's version (srredirects, before 1.23) is left out; the others are judged",
    language: 'csharp',
    source:
      `using WikiClientLibrary.Generators.Primitive;\npublic class SearchGenerator : WikiPageGenerator\n{\n` +
      `    public override string ListName { get { return "search"; } }\n` +
      `    public override IEnumerable<KeyValuePair<string, object?>> EnumListParameters()\n    {\n` +
      `        var dict = new Dictionary<string, object?> { { "srsearch", Keyword }, { "srlimit", PaginationSize } };\n` +
      `        if (Site.SiteInfo.Version < new MediaWikiVersion(1, 23))\n            dict["srredirects"] = true;\n` +
      `        dict["⟦srwaht⟧"] = "title";\n        return dict;\n    }\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: "Python: a key set only in the branch a version test takes for old wikis is left out; the other branch's are judged",
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\ndef search(site, q):\n    p = {'action': 'query', 'list': 'search', 'srsearch': q}\n` +
      `    if site.mw_version < '1.23':\n        p['srredirects'] = 1\n    else:\n        p['⟦srlimt⟧'] = 5\n` +
      `    if site.mw_version >= '1.25':\n        p['⟦srwaht⟧'] = 'text'\n    else:\n        p['srredirects'] = 1\n    return requests.get(API, params=p)\n`,
    codes: ['unrecognizedparams', 'unrecognizedparams'],
  },
  {
    name: "PHP: keys set under version_compare(…, '<') or in the else of version_compare(…, '>=') (older wikis) are left out; the others are judged",
    language: 'php',
    source:
      `<?php\n// ${WIKI}\nfunction search($wiki, $q) {\n  $p = ['action' => 'query', 'list' => 'search', 'srsearch' => $q];\n` +
      `  if (version_compare($wiki->get_mw_version(), '1.23', '<')) {\n    $p['srredirects'] = 1;\n  } else {\n    $p['⟦srlimt⟧'] = 5;\n  }\n` +
      `  if (version_compare($wiki->get_mw_version(), '1.25', '>=')) {\n    $p['⟦srwaht⟧'] = 'text';\n  } else {\n    $p['srredirects'] = 1;\n  }\n` +
      `  return $wiki->apiQuery($p);\n}\n`,
    codes: ['unrecognizedparams', 'unrecognizedparams'],
  },
  {
    name: 'Java: tests of the version by compareTo(…) < 0 and !isAtLeast(…) take their consequence for older wikis: the keys set there are left out',
    language: 'java',
    source:
      `// ${WIKI}\nclass S {\n  Object search(Site site, String q) {\n    Map<String, String> p = new HashMap<>();\n    p.put("action", "query");\n` +
      `    p.put("list", "search");\n    p.put("srsearch", q);\n    if (site.getVersion().compareTo(V1_23) < 0) p.put("srredirects", "1");\n` +
      `    else p.put("⟦srlimt⟧", "5");\n    if (!site.getVersion().isAtLeast(1, 25)) p.put("srredirects", "1");\n` +
      `    else p.put("⟦srwaht⟧", "text");\n    return client.get(p);\n  }\n}\n`,
    codes: ['unrecognizedparams', 'unrecognizedparams'],
  },
  {
    name: 'a map filled key by key whose declaration is a request by itself: keys set after it that no module knows are judged, not a sign it is no request',
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\np = {'action': 'query', 'list': 'allpages'}\np['⟦limit⟧'] = 5\np['⟦start⟧'] = 'B'\n` +
      `requests.get(API, params=p)\n`,
    codes: ['unrecognizedparams', 'unrecognizedparams'],
  },
  {
    name: "C# (WikiClientLibrary): a verbatim identifier's member is named without its @ (@namespace sends namespace)",
    language: 'csharp',
    source:
      `// ${WIKI}\nclass S {\n  async Task F() {\n    await site.InvokeMediaWikiApiAsync(new MediaWikiFormRequestMessage(new\n` +
      `    {\n      action = "query", list = "allpages", @⟦namespace⟧ = 0, aplimit = 5,\n    }));\n  }\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Python (the wikipedia library): a dict without action given to its _wiki_request, a deprecated parameter',
    language: 'python',
    source: `API_URL = 'http://en.wikipedia.org/w/api.php'\nquery_params = {\n  'prop': 'revisions',\n  'rvprop': 'ids',\n  '⟦rvparse⟧': '',\n  'titles': title\n}\nrequest = _wiki_request(query_params)\n`,
    codes: ['deprecation'],
  },
  {
    name: 'Python dict: a deprecated parameter whose value is a variable is still deprecated (the name is known)',
    language: 'python',
    source: `import requests\nAPI = '${WIKI}'\nrequests.get(API, params={"action": "query", "prop": "revisions", "titles": "A", "rvslots": "main", "⟦rvcontentformat⟧": fmt})\n`,
    codes: ['deprecation'],
  },
  {
    name: 'Lua: a table naming nothing but the removed action=tokens, in a file that sends MediaWiki requests',
    language: 'lua',
    source: `-- ${WIKI}\nlocal a = { action = 'query', meta = 'siteinfo' }\nlocal t = { action = '⟦tokens⟧' }\nperformRequest(t)\n`,
    codes: ['badvalue'],
  },
  {
    name: 'Python requests params= dict: a misspelled name',
    language: 'python',
    source: `import requests\nAPI = '${WIKI}'\nr = requests.get(API, params={"action": "query", "prop": "info", "inprop": "url", "⟦titlrs⟧": "Main Page"})\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Python dict: False sent by a plain HTTP client still means true',
    language: 'python',
    source: `import requests\nAPI = '${WIKI}'\nrequests.get(API, params={"action": "query", "titles": "A", "prop": "info", "redirects": ⟦False⟧})\n`,
    codes: ['booleanfalse'],
  },
  {
    name: 'Python dict: an f-string value is unknown, its misspelled name is not',
    language: 'python',
    source: `import requests\nAPI = '${WIKI}'\nrequests.get(API, params={"action": "query", "list": "allpages", "⟦apfrm⟧": f"{start}", "aplimit": n})\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Python mwclient kwargs: site.api hands False to requests, which sends "False" (still true)',
    language: 'python',
    source: `import mwclient\nsite.api('query', titles='A', prop='info', redirects=⟦False⟧)\n`,
    codes: ['booleanfalse'],
  },
  {
    name: 'Python mwclient kwargs: site.api(module, …)',
    language: 'python',
    source: `import mwclient\nsite.api('query', list='allpages', ⟦apfrm⟧='B', http_method='GET')\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Python pywikibot simple_request kwargs',
    language: 'python',
    source: `import pywikibot\nreq = site.simple_request(action='query', list='allpages', ⟦aplimt⟧=5)\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Python concatenation with a dynamic piece',
    language: 'python',
    source: `u = "${WIKI}?action=query&list=categorymembers&cmtitle=" + title + "&⟦cmlimt⟧=500"\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'JavaScript mw.Api object; false is left out by mw.Api',
    language: 'javascript',
    source: `new mw.Api().get({ action: 'query', list: 'allpages', ⟦aplimt⟧: 5, redirects: false });\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'JavaScript string escapes: the range after \\u0070 is exact',
    language: 'javascript',
    source: `const u = "api.php?action=query&list=all\\u0070ages&⟦aplimt⟧=5";\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'TypeScript fetch template literal: ${} holes are unknown values',
    language: 'typescript',
    source: `const API = '${WIKI}';\n` + 'fetch(`${API}?action=query&list=allpages&⟦apfrm⟧=${start}&aplimit=${n}`);\n',
    codes: ['unrecognizedparams'],
  },
  {
    name: 'PHP array with an action key',
    language: 'php',
    source: `<?php\n// ${WIKI}\n$p = ['action' => 'query', 'list' => 'allpages', '⟦aplimt⟧' => 10];\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'PHP addwiki: the module is the argument before the array (ActionRequest::simpleGet)',
    language: 'php',
    source:
      `<?php\nuse Addwiki\\Mediawiki\\Api\\Client\\Action\\Request\\ActionRequest;\n` +
      `$r = $api->request( ActionRequest::simpleGet( 'query', [ 'meta' => 'siteinfo', 'siprop' => 'namespaces|⟦namespacealiasez⟧' ] ) );\n`,
    codes: ['unrecognizedvalues'],
  },
  {
    name: 'PHP addwiki: the older new SimpleRequest(module, array)',
    language: 'php',
    source: `<?php\nuse Mediawiki\\Api\\SimpleRequest;\n$r = $api->getRequest( new SimpleRequest( 'query', [ 'list' => 'allpages', '⟦aplimt⟧' => 5 ] ) );\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Kotlin Retrofit @GET with @Query arguments',
    language: 'kotlin',
    source: `interface Api {\n  @GET("w/api.php?action=query&⟦titlrs⟧=x")\n  fun get(@Query("titles") titles: String, @QueryMap more: Map<String, String>): Call<R>\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java (Mediawiki-Japi): the module is the string argument before a fragment of pairs, getActionResult("login", "&lgname=" + …)',
    language: 'java',
    source:
      `class W {\n  String api = "https://en.wikipedia.org/w/api.php?";\n  Api login(String u, String p) throws Exception {\n` +
      `    return getActionResult("login", "&lgname=" + u + "&⟦lgpasword⟧=" + p, null, null);\n  }\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java (Mediawiki-Japi): a query fragment that starts with &titles= and names its module later',
    language: 'java',
    source:
      `class W {\n  String api = "https://en.wikipedia.org/w/api.php?";\n  Api pages(String t) throws Exception {\n` +
      `    return getQueryResult("&titles=" + t + "&prop=revisions&⟦rvprp⟧=content");\n  }\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: "TypeScript (OsmAPP): the module is the string argument before the object, POST('login', { lgname, … })",
    language: 'typescript',
    source:
      `const WIKI_URL = '${WIKI}';\nconst POST = async (action: string, params: Params) => fetch(WIKI_URL, { method: 'POST', body: new URLSearchParams({ action, ...params }) });\n` +
      `export const login = (lgname: string, lgpassword: string, lgtoken: string) => POST('login', { lgname, lgpassword, ⟦lgtokn⟧: lgtoken });\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'PHP (Wikimate): an array without action, filled key by key and handed alone to a method named after the module, $wikimate->delete($data)',
    language: 'php',
    source:
      `<?php\n// ${WIKI}\nfunction remove($w, $t, $reason) {\n  $data = array('title' => $t);\n  if ($reason) { $data['⟦reasn⟧'] = $reason; }\n` +
      `  return $w->delete($data);\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java (Mediawiki-Japi): a HashMap filled key by key, handed to a call whose first argument names the module',
    language: 'java',
    source:
      `class W {\n  String api = "${WIKI}";\n  Api delete(String t, String reason, TokenResult token) throws Exception {\n` +
      `    Map<String, String> lFormData = new HashMap<String, String>();\n    lFormData.put("title", t);\n    lFormData.put("⟦reasn⟧", reason);\n` +
      `    String params = "";\n    return this.getActionResult("delete", params, token, lFormData);\n  }\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java (Mediawiki-Japi): a Jersey FormDataMultiPart filled by field(…), handed to getActionResult("upload", …)',
    language: 'java',
    source:
      `class W {\n  String api = "${WIKI}";\n  void upload(InputStream in, String filename, String text) throws Exception {\n` +
      `    final FormDataMultiPart multiPart = new FormDataMultiPart();\n    multiPart.field("filename", filename);\n    multiPart.field("⟦ignorewarning⟧", "true");\n` +
      `    multiPart.field("text", text);\n    Api api = this.getActionResult("upload", "", token, multiPart);\n  }\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'mw.Api postWithToken sends a token: one the module does not read is unrecognized, as the server warns (action=query)',
    language: 'javascript',
    source: `var params = { action: 'query', meta: 'siteinfo', format: 'json' }⟦⟧, api = new mw.Api();\napi.postWithToken( 'csrf', params );\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: "PHP (Wikimate's uploadCommon): a parameter array set key by key and handed alone to the upload() wrapper",
    language: 'php',
    source:
      `<?php\n// ${WIKI}\nclass F {\n  private function uploadCommon(array $params, $comment, $text = null) {\n` +
      `    $params['filename'] = $this->filename;\n    $params['comment'] = $comment;\n    $params['⟦ignorewarning⟧'] = true;\n` +
      `    $r = $this->wikimate->upload($params);\n  }\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Python: the module taken from a constant of the file (ACTION = "query"), its value mapped to the constant',
    language: 'python',
    source: `import requests\nAPI = '${WIKI}'\nACTION = 'query'\nLIST = '⟦allpagez⟧'\nrequests.get(API, params={'action': ACTION, 'list': LIST})\n`,
    codes: ['unrecognizedvalues'],
  },
  {
    name: 'Java: a static final String constant in a concatenation ("action=" + ACTION + …)',
    language: 'java',
    source:
      `class W {\n  static final String API = "${WIKI}?";\n  private static final String ACTION = "query";\n` +
      `  String u = API + "action=" + ACTION + "&list=allpages&⟦aplimt⟧=5";\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Kotlin: const val in mapOf',
    language: 'kotlin',
    source: `const val ACTION_QUERY = "query"\nval api = "${WIKI}"\nfun f() = mapOf("action" to ACTION_QUERY, "list" to "allpages", "⟦aplimt⟧" to "5")\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java: &amp; written into a string is sent as part of a name',
    language: 'java',
    source: `class A {\n  @GET("w/api.php?action=query&⟦amp;prop⟧=info&titles=X")\n  Call<R> f();\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Lua table with an action key',
    language: 'lua',
    source: `-- ${WIKI}\nlocal r = http.get({ action = "query", list = "allpages", ⟦aplimt⟧ = 5 })\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Go url.Values',
    language: 'go',
    source: `package m\n// ${WIKI}\nvar v = url.Values{"action": {"query"}, "list": {"allpages"}, "⟦aplimt⟧": {"5"}}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Go go-mwclient params.Values (plain string values)',
    language: 'go',
    source: `package m\n// ${WIKI}\nvar p = params.Values{"action": "query", "prop": "revisions", "⟦rvprops⟧": "content"}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Go map[string]string literal handed to a requester (go-wiki, trietmn/go-wiki gowiki.go)',
    language: 'go',
    source: `package m\n// ${WIKI}\nfunc s(q string) {\n\targs := map[string]string{\n\t\t"action":   "query",\n\t\t"list":     "search",\n\t\t"⟦srlimt⟧":  "10",\n\t\t"srsearch": q,\n\t}\n\tutils.WikiRequester(args)\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Go map[string]interface{} literal',
    language: 'go',
    source: `package m\n// ${WIKI}\nvar p = map[string]interface{}{"action": "query", "prop": "revisions", "⟦rvprops⟧": "content"}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java: a query fragment handed to a wrapper that puts it after action=query (Mediawiki-Japi getQueryResult)',
    language: 'java',
    source: `class W {\n  String api = "https://en.wikipedia.org/w/api.php?";\n  void a() throws Exception {\n    Api r = getQueryResult("&list=allimages&aisort=timestamp&⟦ailimt⟧=5");\n  }\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java: a query fragment with a run-time title, a misspelled name after it',
    language: 'java',
    source: `class W {\n  String api = "https://en.wikipedia.org/w/api.php?";\n  Api b(String t) throws Exception {\n    return getQueryResult("&list=backlinks&bltitle=" + t + "&⟦bllimt⟧=50");\n  }\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Ruby hash',
    language: 'ruby',
    source: `# ${WIKI}\nparams = { action: 'query', list: 'allpages', ⟦aplimt⟧: 5 }\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'C# verbatim string',
    language: 'csharp',
    source: `class A { string u = @"${WIKI}?action=query&list=allpages&⟦aplimt⟧=5"; }\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Perl (lexer only): interpolated variables are unknown values',
    language: 'perl',
    source: `my $u = "${WIKI}?action=query&list=allpages&⟦aplimt⟧=$n&apfrom=$from";\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'shell curl URL',
    language: 'shellscript',
    source: `curl '${WIKI}?action=query&list=allpages&⟦aplimt⟧=5'\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'shell curl -d form data',
    language: 'shellscript',
    source: `curl -d "action=query&list=allpages&⟦aplimt⟧=5" ${WIKI}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'shell curl -G --data-urlencode beside -d',
    language: 'shellscript',
    source: `curl -G --data-urlencode "titles=Main Page" -d 'action=query&prop=info&⟦inprops⟧=url' ${WIKI}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Kotlin mapOf with to-pairs',
    language: 'kotlin',
    source: `// ${WIKI}\nval p = mapOf("action" to "query", "list" to "allpages", "⟦aplimt⟧" to "5")\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Kotlin mutableMapOf with a type argument and a variable value',
    language: 'kotlin',
    source: `// ${WIKI}\nval p = mutableMapOf<String, String>("action" to "query", "prop" to "info", "⟦inprops⟧" to "url", "titles" to t)\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java Map.of positional pairs',
    language: 'java',
    source: `// ${WIKI}\nclass A { Map<String, String> p = Map.of("action", "query", "list", "allpages", "⟦aplimt⟧", "5"); }\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java text block holding a URL (its indentation is not part of the value)',
    language: 'java',
    source: `class A {\n  String u = """\n      ${WIKI}?action=query&list=allpages&⟦aplimt⟧=5\n      """;\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java text block: a query string over two lines joined by \\ at the line end, an escaped quote',
    language: 'java',
    source: `// ${WIKI}\nclass A {\n  String q = """\n      action=query&list=allpages\\\n      &⟦aplimt⟧=5&apfrom=A\\"\n      """;\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java text block of 200,000 lines (their indentation found without one argument per line)',
    language: 'java',
    source: `// ${WIKI}\nclass A {\n  String q = """\n      action=query&list=allpages&⟦aplimt⟧=5\n${'      x\n'.repeat(200_000)}      """;\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java Map.ofEntries with entry(…)',
    language: 'java',
    source: `// ${WIKI}\nclass A { Map<String, String> p = Map.ofEntries(entry("action", "query"), Map.entry("list", "allpages"), entry("⟦aplimt⟧", "5")); }\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'C# anonymous object',
    language: 'csharp',
    source: `// ${WIKI}\nclass A { void F() { Send(new { action = "query", meta = "siteinfo", ⟦siprops⟧ = "statistics" }); } }\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'C# Dictionary collection initialiser',
    language: 'csharp',
    source: `// ${WIKI}\nclass A { object d = new Dictionary<string, string> { { "action", "query" }, { "list", "allpages" }, { "⟦aplimt⟧", "5" } }; }\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'C# Dictionary index initialiser',
    language: 'csharp',
    source: `// ${WIKI}\nclass A { object d = new Dictionary<string, string> { ["action"] = "query", ["list"] = "allpages", ["⟦aplimt⟧"] = "5" }; }\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'a closed Kotlin map lacking a required parameter',
    language: 'kotlin',
    source: `// ${WIKI}\nval p = mapOf("action" to "⟦delete⟧", "title" to "X")\n`,
    codes: ['missingparam'],
  },
  {
    name: 'Python dict filled key by key',
    language: 'python',
    source: `import requests\nAPI = '${WIKI}'\ndef f(t):\n    p = {"action": "query"}\n    p["list"] = "allpages"\n    p["⟦aplimt⟧"] = 5\n    requests.get(API, params=p)\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Python dict.update with a dict and with keywords',
    language: 'python',
    source: `import requests  # ${WIKI}\np = dict(action="query")\np.update({"prop": "info", "⟦inprops⟧": "url"})\np.update(titles=t, ⟦redirect⟧=1)\n`,
    codes: ['unrecognizedparams', 'unrecognizedparams'],
  },
  {
    name: 'JavaScript object filled by index and by property',
    language: 'javascript',
    source: `// ${WIKI}\nconst p = {};\np['action'] = 'query';\np.list = 'allpages';\np.⟦aplimt⟧ = 5;\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'JavaScript properties set before the map is declared are not part of it; those after are',
    language: 'javascript',
    source: `// ${WIKI}\np.action = 'query';\np.list = 'allpages';\np.aplimt = 5;\np = {};\np.action = 'query';\np.list = 'allpages';\np.⟦apfrm⟧ = 'B';\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'PHP array filled key by key',
    language: 'php',
    source: `<?php\n// ${WIKI}\n$p = [];\n$p['action'] = 'query';\n$p['list'] = 'allpages';\n$p['⟦aplimt⟧'] = 10;\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Ruby (the mediawiki_api gem): the module as a symbol before a hash or keyword arguments, action(:query, { … }), action(:delete, …)',
    language: 'ruby',
    source:
      `# ${WIKI}\ndef f(t)\n  action(:query, { meta: 'tokens', ⟦typ⟧: 'csrf', token_type: false })\n` +
      `  action(:delete, title: t, ⟦reasn⟧: 'x')\n  client.action(:watch, token_type: 'watch', titles: t, ⟦unwach⟧: true)\nend\n`,
    codes: ['unrecognizedparams', 'unrecognizedparams', 'unrecognizedparams'],
  },
  {
    name: 'Ruby hash filled key by key (string and symbol keys)',
    language: 'ruby',
    source: `# ${WIKI}\ndef f\n  form_data = { 'action' => 'query' }\n  form_data['list'] = 'allpages'\n  form_data[:⟦aplimt⟧] = 5\nend\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java HashMap puts',
    language: 'java',
    source: `// ${WIKI}\nclass A { void f() { Map<String, String> q = new HashMap<>(); q.put("action", "query"); q.put("list", "allpages"); q.put("⟦aplimt⟧", "5"); } }\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Kotlin HashMap by index and put',
    language: 'kotlin',
    source: `// ${WIKI}\nfun f() {\n  val p = HashMap<String, String>()\n  p["action"] = "query"\n  p.put("list", "allpages")\n  p["⟦aplimt⟧"] = "5"\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'C# Dictionary Add and index',
    language: 'csharp',
    source: `// ${WIKI}\nclass A { void F() { var d = new Dictionary<string, string>(); d.Add("action", "query"); d["list"] = "allpages"; d["⟦aplimt⟧"] = "5"; } }\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Go url.Values Set and index on a parameter',
    language: 'go',
    source: `package m\n// ${WIKI}\nfunc f(p url.Values) {\n\tp.Set("action", "query")\n\tp.Set("list", "allpages")\n\tp["⟦aplimt⟧"] = []string{"5"}\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'JavaScript URLSearchParams append',
    language: 'javascript',
    source: `// ${WIKI}\nconst q = new URLSearchParams();\nq.append('action', 'query');\nq.append('list', 'allpages');\nq.set('⟦aplimt⟧', '5');\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Ruby options.merge with a bare hash, then a key set on the result',
    language: 'ruby',
    source: `# ${WIKI}\ndef f(options = {})\n  form_data = options.merge('action' => 'query', 'prop' => 'images')\n  form_data['⟦imlimt⟧'] = 5\nend\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'mw.Api sends action=query by default',
    language: 'javascript',
    source: `new mw.Api().get({ list: 'allpages', ⟦aplimt⟧: 5 });\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'mwn sends formatversion=2 by default, which format=xml does not read (at the end of the object)',
    language: 'javascript',
    source: `const bot = new Mwn(); // mwn\nbot.request({ action: 'query', list: 'allpages', format: 'xml' }⟦⟧);\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: "mwn's bot.query(params) sends action=query with them (this.request({ action: 'query', ...params })): a request naming no module",
    language: 'typescript',
    source:
      `import { Mwn } from 'mwn';\nbot.request({ action: 'query', meta: 'siteinfo' });\n` +
      `bot.query({ titles: t, redirects: true, ⟦rvprop⟧: 'ids' });\nbot.query({ list: 'allpages', ⟦aplimt⟧: 5 }, { method: 'post' });\n`,
    codes: ['unrecognizedparams', 'unrecognizedparams'],
  },
  {
    name: 'shell curl: several -d pieces are one request',
    language: 'shellscript',
    source: `curl -d action=query -d list=allpages -d "⟦aplimt⟧=5" --data-raw 'apfrom=B' ${WIKI}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'shell curl: a -d piece with a variable is an unknown value, the URL query joins the pieces',
    language: 'shellscript',
    source: `curl "${WIKI}?action=query" --data "list=allpages&aplimit=$N" -d '⟦apfrm⟧=B'\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'shell curl: a closed request split over -d pieces lacks a required parameter',
    language: 'shellscript',
    source: `curl -d 'action=⟦delete⟧' -d 'reason=old' ${WIKI}\n`,
    codes: ['missingparam'],
  },
  {
    name: 'Java jwbf builder chain: action(…), formatXml() and param(…) calls',
    language: 'java',
    source: `// ${WIKI}\nclass A { HttpAction a = new ApiRequestBuilder().action("query").formatXml().param("list", "allpages").param("⟦aplimt⟧", 50).buildGet(); }\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Java jwbf matcher chain split over lines, a value from a call is unknown',
    language: 'java',
    source: `// ${WIKI}\nclass A {\n  RequestMatcher m = ApiMatcherBuilder.of() //\n      .param("action", "query") //\n      .param("list", "recentchanges") //\n      .param("rcnamespace", ns()) //\n      .param("⟦rcshows⟧", "bot") //\n      .build();\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: "a builder chain giving a pair again with the same value sends it once (jwbf's multimap, the Commons app's HashMap); another value is a second pair",
    language: 'java',
    source:
      `// ${WIKI}\nclass A {\n  String t = api.action("query").param("action", "query").param("meta", "tokens").param("type", "login").post();\n` +
      `  String u = api.action("query").param("⟦list", "allpages⟧").param("list", "search").param("srsearch", "x").get();\n}\n`,
    codes: ['repeatedparam'],
  },
  {
    name: 'Lua: a request table written in the call it is handed to lacks what it lacks (a field of an argument table, too)',
    language: 'lua',
    source:
      `-- ${WIKI}\nperformRequest({ action = "query", generator = "⟦search⟧", gsrlimit = 30 })\n` +
      `http.request({ url = API, body = { action = "query", generator = "⟦search⟧", gsrlimit = 30 } })\n`,
    codes: ['missingparam', 'missingparam'],
  },
  {
    name: 'a closed jwbf chain lacking a required parameter',
    language: 'java',
    source: `// ${WIKI}\nclass A { Object a = new ApiRequestBuilder().action("⟦delete⟧").param("reason", "x").buildPost(); }\n`,
    codes: ['missingparam'],
  },
  {
    name: 'a closed object lacking a required parameter',
    language: 'javascript',
    source: `new mw.Api().post({ action: '⟦delete⟧', title: 'X' });\n`,
    codes: ['missingparam'],
  },
  {
    name: 'Swift: a dictionary literal with an action (WikipediaKit) is a request; a typo in a name is reported on the key',
    language: 'swift',
    source:
      `let url = URL(string: "${WIKI}")\nlet parameters: [String: String] = [\n    "action": "query",\n    "list": "search",\n` +
      `    "srsearch": term,\n    "⟦srlimt⟧": "\\(maxCount)",\n]\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'R (WikipediR): a list() of named arguments is a request; a key set after it with $ (q$cmlimt <- 5) is read with it, and the key set later is not missing',
    language: 'r',
    source:
      `# ${WIKI}\nmembers <- function(url, t) {\n  q <- list(action = "query", list = "categorymembers")\n  q$cmtitle <- t\n` +
      `  q$⟦cmlimt⟧ <- 5\n  query(url, "members", query_param = q)\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'R: paste0() joins a URL literal with a value; paste() puts its separator between (an unknown space: the value is not empty)',
    language: 'r',
    source:
      `u <- paste0("${WIKI}?action=query&list=allpages&⟦aplimt⟧=", n)\n` +
      `v <- paste("${WIKI}?action=query&list=search&srsearch=", term)\n` +
      `w <- paste("${WIKI}?action=query", "list=allpages", "⟦aplimt⟧=5", sep = "&")\n`,
    codes: ['unrecognizedparams', 'unrecognizedparams'],
  },
  {
    name: "R: a list() given as a call's query is checked for what it writes (a value no module has)",
    language: 'r',
    source: `# ${WIKI}\nr <- httr::GET(url, query = list(action = "parse", page = t, prop = "⟦txt⟧", format = "json"))\n`,
    codes: ['unrecognizedvalues'],
  },
  {
    name: 'Swift: a dictionary filled key by key (`p["cmtitle"] = t`) is one request: the key set later is not missing, a misspelt one is reported',
    language: 'swift',
    source:
      `// ${WIKI}\nfunc members(t: String) {\n    var p = ["action": "query", "list": "categorymembers"]\n    p["cmtitle"] = t\n` +
      `    p["⟦cmlimt⟧"] = "5"\n    send(p)\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Swift: an array of Foundation query items (URLQueryItem(name:value:) and .init(name:value:)) is a request',
    language: 'swift',
    source:
      `let api = "${WIKI}"\nvar items: [URLQueryItem] = [\n    .init(name: "action", value: "query"),\n` +
      `    URLQueryItem(name: "list", value: "allpages"),\n    .init(name: "⟦aplimt⟧", value: "\\(n)"),\n]\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'Swift: a URL literal with an interpolated value, and one built with + across lines',
    language: 'swift',
    source:
      `let a = "${WIKI}?action=query&list=allpages&⟦aplimt⟧=\\(n)"\n` +
      `let b = "${WIKI}?action=query" +\n    "&prop=revisions&titles=\\(t)&⟦rvprp⟧=content"\n`,
    codes: ['unrecognizedparams', 'unrecognizedparams'],
  },
  {
    name: 'Swift: a \\u{…} escape is decoded (all\\u{70}ages is allpages, so its misspelt limit is reported)',
    language: 'swift',
    source: `let p = "${WIKI}?action=query&list=all\\u{70}ages&⟦aplimt⟧=5"\n`,
    codes: ['unrecognizedparams'],
  },
];

const SILENT: Array<Omit<Case, 'codes'>> = [
  {
    name: "Ruby (a file using the mediawiki_api gem): another object's list(:x, …) whose names no module has is not judged, nor a misspelt module with another's parameter",
    language: 'ruby',
    source: `require 'mediawiki_api'\nshelf.list(:books, sort: 'title')\nclient.list(:allpagez, aplimit: 5)\n`,
  },
  {
    name: "R (WikipediR): a list() given as httr's query, with the token in the POST body, lacks nothing",
    language: 'r',
    source:
      `# ${WIKI}\nr <- httr::modify_url(url, query = list(action = "edit", title = t, text = x, format = "json")) %>%\n` +
      `  httr::POST(body = list(token = token))\n`,
  },
  {
    name: 'R: lists of other things (no action, no query module) and paste(…, collapse = "|") are no requests',
    language: 'r',
    source: `# ${WIKI}\nopts <- list(a = 1, b = "x", list = "y")\nprops <- paste(c("ids", "title"), collapse = "|")\n`,
  },
  {
    name: 'Swift: an array of query items with an element of another kind is open (nothing missing); other arrays are no requests',
    language: 'swift',
    source:
      `let api = "${WIKI}"\nlet items = [URLQueryItem(name: "action", value: "query"), URLQueryItem(name: "list", value: "categorymembers"), extra]\n` +
      `let names = ["action", "list"]\n`,
  },
  {
    name: 'Swift: a dictionary of another API (no MediaWiki name, no api.php) and an empty dictionary are no requests',
    language: 'swift',
    source: `let body: [String: Any] = ["action": "subscribe", "channel": c]\nvar headers: [String: String] = [:]\n`,
  },
  {
    name: 'Swift: a valid WikipediaKit-style request with interpolated values lacks nothing',
    language: 'swift',
    source:
      `let base = "${WIKI}"\nlet parameters: [String: String] = ["action": "parse", "format": "json", "formatversion": "2",\n` +
      `    "page": title, "prop": "langlinks", "maxage": "\\(self.maxAgeInSeconds)", "uselang": language.variant ?? language.code]\n`,
  },
  {
    name: 'a name in capitals given two values in the file is no constant: its value is known only at run time',
    language: 'python',
    source: `import requests\nAPI = '${WIKI}'\nLIST = 'allpagez'\nif x:\n    LIST = 'allpages'\nrequests.get(API, params={'action': 'query', 'list': LIST})\n`,
  },
  {
    name: 'a constant holding pairs or an address is not read as a value (the Android app prefix stays unknown)',
    language: 'python',
    source: `import requests\nAPI = '${WIKI}'\nQ = 'query&list=allpagez'\nrequests.get(API, params={'action': Q})\n`,
  },
  {
    name: 'PHP: a parameter array given one key and handed to a method named like a module (a cache) is no request',
    language: 'php',
    source: `<?php\n// ${WIKI}\nfunction drop($keys) {\n  $keys['prefx'] = 'x';\n  return $this->cache->delete($keys);\n}\n`,
  },
  {
    name: 'mw.Api postWithToken adds the token: no missing token (inline object, a variable, postWithEditToken)',
    language: 'javascript',
    source:
      `var api = new mw.Api();\napi.postWithToken( 'csrf', { action: 'undelete', title: 'Sandbox', reason: 'x' } );\n` +
      `var params = { action: 'undelete', title: 'Sandbox', reason: 'x' };\napi.postWithToken( 'csrf', params );\n` +
      `api.postWithEditToken( { action: 'undelete', title: 'Sandbox', reason: 'x' } );\nvar p2 = { action: 'delete', title: 'Sandbox' };\napi.postWithEditToken( p2 );\n`,
  },
  {
    name: 'Ruby (the mediawiki_api gem): action(:delete, title: t) is open (the gem adds the token) and its own keys (token_type, http_method) are no parameters; a symbol naming no module is no request',
    language: 'ruby',
    source:
      `# ${WIKI}\ndef f(t)\n  action(:delete, title: t, reason: 'x')\n  action(:watch, token_type: 'watch', titles: t)\n` +
      `  action(:query, { list: 'allpages', http_method: :get, envelope: ['query'] })\n  cache.fetch(:pages, titel: t, reasn: 'x')\nend\n`,
  },
  {
    name: 'postWithToken on a receiver not named api (bot., this.wikiApi.): the token type is no module, and the method adds the token',
    language: 'javascript',
    source:
      `var bot = new mw.Api();\nbot.postWithToken( 'csrf', { action: 'edit', title: 'Sandbox', text: 'x', summary: 'y' } );\n` +
      `this.wikiApi.postWithEditToken( { action: 'undelete', title: 'Sandbox', reason: 'x' } );\n`,
  },
  {
    name: 'a map handed to a call whose first string names no module (a token type, a table) is not read with it',
    language: 'java',
    source:
      `class W {\n  String api = "${WIKI}";\n  void f(String t) throws Exception {\n    Map<String, String> m = new HashMap<String, String>();\n` +
      `    m.put("title", t);\n    m.put("reasn", "x");\n    store.save("pages", m);\n  }\n}\n`,
  },
  {
    name: 'PHP: an array handed alone to a method whose name is no module (a cache, a logger) is no request',
    language: 'php',
    source: `<?php\n// ${WIKI}\n$data = array('title' => $t, 'reasn' => $r);\n$cache->store($data);\n`,
  },
  {
    name: "Python: a string argument before a dict that is no module is not read as one (BeautifulSoup's find('table', {...}))",
    language: 'python',
    source: `API = '${WIKI}'\ninfo = soup.find("table", {"class": "infobox"})\nroot = soup.find("div", {"class": "mw-parser-output"})\n`,
  },
  {
    name: "TypeScript: a wrapper's generic builder, { action, ...params }, is no request of its own",
    language: 'typescript',
    source: `const WIKI_URL = '${WIKI}';\nconst GET = async (action: string, params: Params) => fetch(\`\${WIKI_URL}?\${new URLSearchParams({ action, ...params, format: 'json' })}\`);\n`,
  },
  {
    name: "PHP: a fragment of pairs after a word that is a module name, but whose names are not the module's, is not judged",
    language: 'php',
    source: `<?php\n// https://en.wikipedia.org/w/api.php\n$log->write("edit", "&user=" . $u . "&when=" . $t);\n`,
  },
  {
    name: 'Java: a fragment of pairs handed with a module to a wrapper is open: the wrapper may add the rest (a token)',
    language: 'java',
    source: `class W {\n  String api = "https://en.wikipedia.org/w/api.php?";\n  Api del(String t) throws Exception {\n    return getActionResult("delete", "&title=Foo", token, form);\n  }\n}\n`,
  },
  {
    name: 'Kotlin: the URL prefix constant the Retrofit annotations are written after is not a request without action (apps-android-wikipedia Service.kt)',
    language: 'kotlin',
    source: `interface Service {\n    @GET(MW_API_PREFIX + "action=query&meta=siteinfo")\n    suspend fun siteInfo(): MwQueryResponse\n    companion object {\n        const val MW_API_PREFIX = "w/api.php?format=json&formatversion=2&errorformat=html&errorsuselocal=1&"\n    }\n}\n`,
  },
  {
    name: 'Java: an action=parse fragment handed to another wrapper is not read as a query (prop=sections is no query module)',
    language: 'java',
    source: `class W {\n  String api = "https://en.wikipedia.org/w/api.php?";\n  Parse s(String p) throws Exception {\n    return getParse("&prop=sections&page=" + p);\n  }\n}\n`,
  },
  {
    name: 'Java: a query fragment naming only its module lacks nothing (the wrapper adds more)',
    language: 'java',
    source: `class W {\n  String api = "https://en.wikipedia.org/w/api.php?";\n  Api t() throws Exception {\n    return getActionResult("query", "&meta=tokens");\n  }\n}\n`,
  },
  {
    name: 'Go: a map[string]string of another API keyed by action',
    language: 'go',
    source: `package m\n// ${WIKI}\nvar ev = map[string]string{"action": "click", "target": "button"}\n`,
  },
  {
    name: 'JavaScript: an object without action whose other name is foreign to the query module it names (another API)',
    language: 'javascript',
    source: `// ${WIKI}\nconst f = { list: 'search', query: term, page: 2 };\nsearchService(f);\n`,
  },
  {
    name: 'Python: an open dict without action naming a query module (its titles given elsewhere): nothing is reported missing',
    language: 'python',
    source: `# ${WIKI}\nopts = {'prop': 'revisions', 'titles': t}\nhelper(opts)\n`,
  },
  {
    name: "PHP (addwiki): an open array without action lacks nothing, not even the rvslots that rvprop=content's legacy warning names",
    language: 'php',
    source: `<?php\n// ${WIKI}\n$base = ['prop' => 'revisions|info', 'rvprop' => 'ids|content', 'inprop' => 'protection'];\n$r = $api->request(ActionRequest::simpleGet('query', array_merge($base, $extra)));\n`,
  },
  {
    name: "PHP: another application's includes/api.php (WHMCS) with 'action' => arrays, a concatenated URL and http_build_query",
    language: 'php',
    source:
      "<?php\n$postfields = array('identifier' => $id, 'secret' => $secret, 'action' => 'GetClients', 'responsetype' => 'json');\n" +
      "curl_setopt($ch, CURLOPT_URL, $whmcsUrl . 'includes/api.php');\n" +
      "curl_setopt($ch, CURLOPT_POSTFIELDS, http_build_query(array('action' => 'GetClientsDetails', 'clientid' => 1, 'stats' => true)));\n" +
      "$r = file_get_contents($whmcsUrl . 'includes/api.php?action=GetInvoices&userid=1&status=Unpaid&limitnum=10');\n",
  },
  {
    name: 'TypeScript: the same API from URLSearchParams and axios',
    language: 'typescript',
    source:
      "const body = new URLSearchParams({ action: 'GetClients', responsetype: 'json', identifier: id, secret, limitnum: '25' });\n" +
      'await fetch(`${base}/includes/api.php`, { method: "POST", body });\n' +
      "await axios.post(WHMCS + '/includes/api.php?action=GetProducts&pid=1', { action: 'GetClientsDetails', clientid: 1, stats: true });\n",
  },
  {
    name: 'Perl: Mojolicious routes ->to(controller => …, action => …), in a file that mentions Wikipedia',
    language: 'perl',
    source:
      "# routes for the Wikipedia mirror\n$r->any('/test2')->to(namespace => 'MyApp', controller => 'Foo', action => 'test');\n" +
      "$r->any('/')->to(controller => 'blog', action => 'welcome', list => 'recent');\n$b->any->to(action => 'query');\n",
  },
  {
    name: "Lua (KOReader): a request table kept as a field of a module's table is a template its code adds to: nothing reported missing",
    language: 'lua',
    source:
      `local Wikipedia = {\n  wiki_path = "/w/api.php",\n  wiki_search_params = {\n    action = "query",\n    generator = "search",\n` +
      `    gsrnamespace = "0",\n    gsrlimit = 30,\n  },\n}\n`,
  },
  {
    name: 'Lua: a table naming nothing but action=tokens, in a file that sends no other MediaWiki request',
    language: 'lua',
    source: `-- ${WIKI}\nlocal t = { action = 'tokens' }\nperformRequest(t)\n`,
  },
  {
    name: 'JavaScript: an object naming nothing but a non-module action beside real requests (a Redux-like action)',
    language: 'javascript',
    source: `new mw.Api().get({ action: 'query', meta: 'siteinfo' });\ndispatch({ action: 'save' });\n`,
  },
  { name: 'a Redux action object', language: 'javascript', source: `dispatch({ action: 'delete', payload: 1, id: 3 });\n` },
  {
    name: 'an object with an action key of another API in a file about Wikipedia',
    language: 'javascript',
    source: `// wikipedia helper\nsend({ action: 'query', sql: 'select 1', db: 'main' });\n`,
  },
  {
    name: "PHP Peachy: the library's own `_code`/`_limit` keys are not parameters",
    language: 'php',
    source: `<?php\n// ${WIKI}\n$a = [ '_code' => 'uc', 'ucuser' => $name, 'action' => 'query', 'list' => 'usercontribs', '_limit' => $limit ];\n`,
  },
  {
    name: 'PHP: a static simpleGet of another library, no MediaWiki named',
    language: 'php',
    source: `<?php\n$r = ActionRequest::simpleGet( 'query', [ 'q' => $term, 'limt' => 5 ] );\n`,
  },
  { name: 'an api.php of another application', language: 'php', source: `<?php $u = "api.php?method=getUser&id=" . $id;\n` },
  { name: 'a ?list= URL of another service', language: 'python', source: `u = "https://example.com/api?list=all&action=foo"\n` },
  { name: 'only an action key', language: 'python', source: `# wikipedia\nx = {"action": "query"}\n` },
  {
    name: 'unknown values are never bad',
    language: 'python',
    source: `import requests\nrequests.get(API, params={"action": "query", "list": "allpages", "aplimit": n, "apnamespace": ns})\n`,
  },
  {
    name: 'a spread object lacks nothing',
    language: 'javascript',
    source: `new mw.Api().post({ action: 'delete', title: 'X', ...tokens });\n`,
  },
  {
    name: 'an unknown module selector leaves every name unjudged',
    language: 'python',
    source: `u = "${WIKI}?action=query&list=" + mod + "&xyzlimit=5"\n`,
  },
  {
    name: 'a Kotlin map with a spread of pairs lacks nothing',
    language: 'kotlin',
    source: `// ${WIKI}\nval p = mapOf("action" to "delete", "title" to "X", *more)\n`,
  },
  {
    name: 'a C# object initialiser of a class is not a map',
    language: 'csharp',
    source: `// wikipedia\nvar o = new Options { Action = "query", Lst = "x" };\n`,
  },
  {
    name: 'a Java Map.of of another API',
    language: 'java',
    source: `// wikipedia\nclass A { Map<String, String> p = Map.of("action", "login", "user", u, "pass", p); }\n`,
  },
  {
    name: 'a dict filled key by key lacks nothing (a helper may add more)',
    language: 'python',
    source: `import requests\np = {"action": "delete"}\np["reason"] = "x"\nadd_token(p)\n`,
  },
  {
    name: 'a key changed with += is unknown: list=backlinks|imageusage reads iutitle (Twinkle, JavaScript)',
    language: 'javascript',
    source: `// ${WIKI}\nconst q = { action: 'query', list: 'backlinks', bltitle: t, format: 'json' };\nif (file) {\n  q.list += '|imageusage';\n  q.iutitle = q.bltitle;\n}\n`,
  },
  {
    name: 'a key changed with += is unknown (Python)',
    language: 'python',
    source: `import requests  # ${WIKI}\ndef f(t):\n    p = {"action": "query", "list": "backlinks", "bltitle": t}\n    p["list"] += "|imageusage"\n    p["iutitle"] = t\n`,
  },
  {
    name: 'a key changed with .= is unknown (PHP)',
    language: 'php',
    source: `<?php\n// ${WIKI}\n$p = ['action' => 'query', 'list' => 'backlinks'];\n$p['list'] .= '|imageusage';\n$p['iutitle'] = $t;\n`,
  },
  {
    name: 'a URL literal handed to new URL() lacks nothing: its searchParams are set after (TypeScript)',
    language: 'typescript',
    source: `const u = new URL("${WIKI}?action=opensearch&limit=100&namespace=0&format=json&origin=*");\nu.searchParams.set("search", query);\n`,
  },
  {
    name: 'keys set on a map in another function are another map',
    language: 'python',
    source: `# wikipedia\ndef a():\n    p = {"action": "query", "list": "allpages"}\ndef b():\n    p = {}\n    p["aplimt"] = 5\n`,
  },
  {
    name: 'JavaScript properties set on a variable with no map declaration are not a request, even naming action',
    language: 'javascript',
    source: `// ${WIKI}\nfunction f(p) {\n  p.action = 'query';\n  p.list = 'allpages';\n  p.aplimt = 5;\n}\n`,
  },
  {
    name: 'keys set on an object of another API',
    language: 'javascript',
    source: `// wikipedia\nconst o = {};\no.action = 'login';\no.user = u;\no.pass = p;\n`,
  },
  {
    name: 'a request that looks like MediaWiki in a file naming no MediaWiki API or client (as in the editor, which does not serve it)',
    language: 'python',
    source: `import requests\nfrom config import API\nrequests.get(API, params={"action": "query", "list": "allpages", "aplimit": 5, "apfrm": "B"})\n`,
  },
  {
    name: 'a curl post to another service in a script about Wikipedia',
    language: 'shellscript',
    source: `# wikipedia backup\ncurl -d action=login -d user=x -d pass=y https://example.com/login\n`,
  },
  {
    name: 'a jwbf chain with a call that may add parameters lacks nothing',
    language: 'java',
    source: `// ${WIKI}\nclass A { Object a = new ApiRequestBuilder().action("delete").param("reason", "x").paramNewContinue(v).buildPost(); }\n`,
  },
  {
    name: 'a builder chain of another API',
    language: 'java',
    source: `// wikipedia\nclass A { Object r = Request.builder().param("action", "login").param("user", u).param("pass", p).build(); }\n`,
  },
  {
    name: "a query(params) call in a file that does not name mwn is not mwn's",
    language: 'javascript',
    source: `// ${WIKI}\nnew mw.Api().get({ action: 'query', meta: 'siteinfo' });\ndb.query({ titles: t, rvprop: 'ids' });\n`,
  },
  {
    name: "in a file naming mwn, a query(params) call whose names are all foreign to action=query is no request (a database's)",
    language: 'javascript',
    source: `const { Mwn } = require('mwn');\nbot.request({ action: 'query', meta: 'siteinfo' });\nconnection.query({ sql: 'SELECT 1', values: [] });\n`,
  },
  {
    name: 'pywikibot drops False',
    language: 'python',
    source: `import pywikibot\nsite.simple_request(action='query', titles='A', redirects=False)\n`,
  },
];

describe('requests inside source code: found, with exact ranges', function () {
  this.timeout(60000);
  for (const c of FOUND) {
    it(`${c.language}: ${c.name}`, async () => {
      const { text, ranges } = marked(c.source);
      const expected = ranges.map(([s, e], i) => `${c.codes[i]} ${s}-${e}`).sort();
      assert.deepEqual(await diagnosticsOf(c.language, text), expected);
    });
  }
});

describe('requests inside source code: the same text found the same way every time', function () {
  this.timeout(60000);
  // One case of each language, checked three times in a row: a grammar whose later parses go
  // wrong (Lua's older grammar lost its `=` tokens after the first text of a process) loses requests
  // in the second file of a folder and on every edit.
  const firsts = [...new Map(FOUND.map((c) => [c.language, c] as const)).values()];
  for (const c of firsts) {
    it(`${c.language}: ${c.name}, three times`, async () => {
      const { text } = marked(c.source);
      const runs = [await diagnosticsOf(c.language, text), await diagnosticsOf(c.language, text), await diagnosticsOf(c.language, text)];
      assert.equal(runs[0].length, c.codes.length);
      assert.deepEqual(runs[1], runs[0]);
      assert.deepEqual(runs[2], runs[0]);
    });
  }
  it('lua: a table assigned to a local and given to a call, after other Lua texts', async () => {
    const text = `-- ${WIKI}\nlocal p = { action = "query", list = "allpages", aplimt = 5 }\nlocal r = http.get(API, p)\n`;
    for (let i = 0; i < 3; i++)
      assert.deepEqual(await diagnosticsOf('lua', text), [`unrecognizedparams ${text.indexOf('aplimt')}-${text.indexOf('aplimt') + 6}`]);
  });
});

describe('requests inside source code: precision (no diagnostic)', function () {
  this.timeout(60000);
  for (const c of SILENT) {
    it(`${c.language}: ${c.name}`, async () => {
      assert.deepEqual(await diagnosticsOf(c.language, c.source), []);
    });
  }
});

describe('requests inside source code: what the client adds by default', function () {
  this.timeout(60000);
  it('says which client adds the parameter a verdict is about', async () => {
    const { checked } = await checkSource(
      'javascript',
      `const { Mwn } = require('mwn');\nbot.request({ action: 'query', list: 'allpages', format: 'xml' });\n`,
    );
    assert.deepEqual(
      checked.flatMap((c) => c.diagnostics.map((d) => d.message)),
      [
        'Unrecognized parameter: "formatversion". format=xml does not read it (only the json and php formats do): remove it. (mwn sends format=json, formatversion=2 by default)',
      ],
    );
  });
  it('the inventory lists only what the source writes', async () => {
    const { checked } = await checkSource('javascript', `new mw.Api().get({ list: 'allpages', aplimit: n });\n`);
    assert.equal(checked[0].confidence, 'high');
    assert.match(checked[0].virtual.getText(), /&action=query&format=json$/);
    assert.deepEqual(inventoryParams(checked[0]), { list: 'allpages', aplimit: null });
  });

  it("mwclient's site.api does not join a list: requests sends one pair per item, so the value is not known as written", async () => {
    const { checked } = await checkSource(
      'python',
      `import mwclient\nsite.api('query', titles='A', prop=['info', 'revisions'], rvprop='ids')\n`,
    );
    assert.equal(checked[0].confidence, 'high');
    assert.deepEqual(inventoryParams(checked[0]), { action: 'query', titles: 'A', prop: null, rvprop: 'ids' });
  });
});

describe('requests inside source code: a removed module named alone in a real file', function () {
  this.timeout(60000);
  it("LrMediaWiki: { action = 'tokens' } handed to its own request function is told action=tokens does not exist", async () => {
    const file = path.resolve(__dirname, '../../fixtures/embedded-corpus/mediawiki/LrMediaWiki/MediaWikiApi.lua');
    const { document, checked } = await checkSource('lua', fs.readFileSync(file, 'utf8'));
    const found = checked.flatMap((c) => c.diagnostics).map((d) => `${d.code} ${d.range.start.line + 1} ${document.getText(d.range)}`);
    assert.deepEqual(found, ['badvalue 172 tokens']);
  });
});

describe('requests inside source code: wrappers that are no request', function () {
  this.timeout(60000);
  it("mwclient's raw_index: a map with no declaration whose action is the caller's (`kwargs['action'] = action`) is not judged", async () => {
    const source =
      `import mwclient\nclass Site:\n    def raw_index(self, action, http_method='POST', *args, **kwargs):\n` +
      `        kwargs['action'] = action\n        kwargs['maxlag'] = self.max_lag\n        return self.raw_call('index', kwargs, http_method)\n` +
      `    def email(self, user, text):\n        kwargs = {'action': 'emailuser', 'target': user}\n        kwargs['text'] = text\n        return self.post(**kwargs)\n`;
    const { checked } = await checkSource('python', source);
    // the second method's map, declared with its action, is still one request
    assert.deepEqual(
      checked.filter((c) => c.confidence === 'high').map((c) => c.virtual.getText().split('&')[0]),
      ['action=emailuser'],
    );
  });
});
