#!/usr/bin/env node
// @ts-check
// Generates the built-in wiki descriptor catalogue:
//   descriptors/wiki/query-modules.json  — the 64 query modules of the product spec (its copy: test/unit/catalogue/fixtures/wiki-query-descriptors.md)
//   descriptors/wiki/api-core.json       — the `main` and `query` modules (MediaWiki's own behaviour)
//
// Both files use MediaWiki's `action=paraminfo` output, formatversion 1, helpformat none:
// true flags are "" and false flags are left out. Keys are written in the order MediaWiki's
// ApiParamInfo / ParamValidator write them, so a diff against a real wiki's output is small.
//
// The module table below is a transcription of the spec, module by module and parameter by
// parameter in the spec's order. The legend's shorthands (LIM, NS…, DIRA, DIRN, USER, REVOPTS,
// BL, PROPTRIPLE, GROUPS, RIGHTS, RIGHTS_C, PROTO, CF) are helpers defined first. Choices the
// spec leaves open are explained in descriptors/wiki/README.md.
//
// Usage: node scripts/gen-wiki-catalogue.js          (writes both files)
//        node scripts/gen-wiki-catalogue.js --check  (exit 1 if the files are out of date)
'use strict';

const fs = require('fs');
const path = require('path');

// ---------------------------------------------------------------------------------------------
// Parameter builders
// ---------------------------------------------------------------------------------------------

/** Splits a spec-style list "a, b, c" or "a,b,c" into its values. */
function list(text) {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Marks an enumeration value as "(deprecated value)": it stays in the allowed list. */
function dep(value) {
  return { deprecatedValue: value };
}

/** The empty-string value written "(empty string)" in the spec. */
const EMPTY = '';

/**
 * One parameter. `type` is a type name or an array of allowed values (a value may be wrapped
 * in dep() to mark it deprecated). `opts`: default, multi, required, deprecated, sensitive,
 * allowsduplicates, allspecifier, min, max, highmax, subtypes, extranamespaces, info.
 */
function p(name, type, opts = {}) {
  /** @type {Record<string, any>} */
  const param = { name, ...opts };
  if (Array.isArray(type)) {
    param.type = type.map((v) => (typeof v === 'object' ? v.deprecatedValue : v));
    const deprecated = type.filter((v) => typeof v === 'object').map((v) => v.deprecatedValue);
    if (deprecated.length > 0) param.deprecatedvalues = deprecated;
  } else {
    param.type = type;
  }
  return param;
}

// Legend: `S` string, `I` integer, `B` boolean, `TS` timestamp.
const S = (name, opts) => p(name, 'string', opts);
const I = (name, opts) => p(name, 'integer', opts);
const B = (name, opts) => p(name, 'boolean', opts);
const TS = (name, opts) => p(name, 'timestamp', opts);

/** `M`: multi-valued (lowlimit/highlimit/limit are added when the descriptor is written). */
const M = { multi: true };
const DEP = { deprecated: true };
const REQ = { required: true };
const ALL = { allspecifier: '*' };

/** `LIM`: type limit, min 1, max 500, highmax 5000, default 10. */
const LIM = (opts) => p('limit', 'limit', { default: 10, min: 1, max: 500, highmax: 5000, ...opts });
/** `LIM(nodef)`: as LIM without a default. */
const LIM_NODEF = (opts) => p('limit', 'limit', { min: 1, max: 500, highmax: 5000, ...opts });
/** `LIM(1)`: as LIM with default 1. */
const LIM1 = (opts) => LIM({ default: 1, ...opts });

/** `NS`: type namespace. */
const NS = (name = 'namespace', opts) => p(name, 'namespace', opts);
/** `NS*M`: multi-valued namespace with allspecifier `*`. */
const NS_STAR_M = (opts) => NS('namespace', { multi: true, allspecifier: '*', ...opts });
/** `NS0`: namespace with default 0. */
const NS0 = (opts) => NS('namespace', { default: 0, ...opts });
/** `NSX`: extranamespaces -2 and -1. */
const NSX = { extranamespaces: [-2, -1] };

/** `DIRA`: dir in {ascending,descending}, default ascending. */
const DIRA = (opts) => p('dir', ['ascending', 'descending'], { default: 'ascending', ...opts });
/** `DIRN`: dir in {newer,older}, default older. */
const DIRN = (opts) => p('dir', ['newer', 'older'], { default: 'older', ...opts });

/** `USER`: type user with subtypes {name,ip,temp,interwiki,id}. */
const USER = (name, opts) => p(name, 'user', { subtypes: ['name', 'ip', 'temp', 'interwiki', 'id'], ...opts });

/** Notes of a parameter (`info`). `modes` carries integer values. */
const info = (...names) => ({ info: names.map((name) => ({ name })) });
const modes = (...values) => ({ info: [{ name: 'modes', values }] });
const USERONLY = info('useronly');
const NONUSERONLY = info('nonuseronly');
const SINGLEPAGEONLY = info('singlepageonly');
const PRELOADCONTENTONLY = info('preloadcontentonly');
const EDITINTROONLY = info('editintroonly');

// ---------------------------------------------------------------------------------------------
// Shared value sets
// ---------------------------------------------------------------------------------------------

/** REVPROP: the revision properties (parsetree is a deprecated value). */
const REVPROP_VALUES = [
  ...list(
    'comment, content, contentmodel, flags, ids, parsedcomment, roles, sha1, size, slotsha1, slotsize, tags, timestamp, user, userid',
  ),
  dep('parsetree'),
];
const REVPROP = () => p('prop', REVPROP_VALUES, { default: 'ids|timestamp|flags|comment|user', multi: true });

/** CF: content formats. */
const CF = list(
  'application/json, application/octet-stream, application/unknown, application/vue+xml, application/x-binary, text/css, text/javascript, text/plain, text/unknown, text/x-wiki, unknown/unknown',
);

/** The templated parameter `contentformat-{slot}` (templatevars {slot: slots}), type CF. */
const CONTENTFORMAT_SLOT = () => ({ templated: true, name: 'contentformat-{slot}', templatevars: { slot: 'slots' }, type: CF.slice() });

/**
 * REVOPTS: prop, slots, limit, expandtemplates … contentformat, and the templated
 * `contentformat-{slot}`. MediaWiki (ApiQueryRevisionsBase) declares the templated parameter
 * right after `slots`, so it holds index 3 and `limit` is 4.
 */
/** @param {{ limitInfo?: object }} [options] */
function REVOPTS({ limitInfo } = {}) {
  return [
    REVPROP(),
    p('slots', ['main'], { multi: true, allspecifier: '*' }),
    CONTENTFORMAT_SLOT(),
    LIM_NODEF(limitInfo),
    B('expandtemplates', DEP),
    B('generatexml', DEP),
    B('parse', DEP),
    S('section'),
    S('diffto', DEP),
    S('difftotext', DEP),
    B('difftotextpst', DEP),
    p('contentformat', CF.slice(), DEP),
  ];
}

/** GROUPS: user groups. */
const GROUPS = list('bot, bureaucrat, interface-admin, suppress, sysop');

/** RIGHTS: user rights. */
const RIGHTS = list(`apihighlimits, applychangetags, autoconfirmed, autocreateaccount, autopatrol, badcaptcha,
  bigdelete, block, blockemail, bot, browsearchive, changeemail, changetags, confirmemail, createaccount,
  createpage, createtalk, createwithcontentmodel, delete, delete-redirect, deletechangetags, deletedhistory,
  deletedtext, deletelogentry, deleterevision, edit, editcontentmodel, editinterface, editmyoptions,
  editmyprivateinfo, editmyusercss, editmyuserjs, editmyuserjson, editmyuserjsredirect, editmywatchlist,
  editprotected, editsemiprotected, editsitecss, editsitejs, editsitejson, editusercss, edituserjs,
  edituserjson, hideuser, ignore-restricted-groups, import, importupload, interwiki, ipblock-exempt,
  linkpurge, logentryimport, mailpassword, managechangetags, markbotedits, mergehistory, minoredit, move,
  move-categorypages, move-rootuserpages, move-subpages, movefile, nominornewtalk, noratelimit,
  override-export-depth, pagelang, patrol, patrolmarks, protect, purge, read, renameuser, renameuser-global,
  renderfile, renderfile-nonstandard, reupload, reupload-own, reupload-shared, rollback, sendemail,
  siteadmin, skipcaptcha, stashbasehtml, stashedit, suppressionlog, suppressredirect, suppressrevision,
  unblockself, undelete, unwatchedpages, upload, upload_by_url, userrights, userrights-interwiki,
  viewmyprivateinfo, viewmywatchlist, viewsuppressed`);

/** RIGHTS_C: RIGHTS without the rights listed. */
const RIGHTS_C_REMOVED = list(
  'badcaptcha, changeemail, confirmemail, linkpurge, mailpassword, purge, renderfile, renderfile-nonstandard, stashbasehtml, stashedit',
);
const RIGHTS_C = RIGHTS.filter((r) => !RIGHTS_C_REMOVED.includes(r));

/** PROTO: URL protocols, the first value is the empty string; default the empty string. */
const PROTO = () =>
  p(
    'protocol',
    [
      EMPTY,
      ...list(`bitcoin, ftp, ftps, geo, git, gopher, http, https, irc,
  ircs, magnet, mailto, matrix, mms, news, nntp, redis, sftp, sip, sips, sms, ssh, svn, tel, telnet, urn,
  wikipedia, worldwind, xmpp`),
    ],
    { default: EMPTY },
  );

/** BL: backlink options. */
function BL() {
  return [
    S('title'),
    I('pageid'),
    S('continue'),
    NS_STAR_M(),
    DIRA(),
    p('filterredir', ['all', 'nonredirects', 'redirects'], { default: 'all' }),
    LIM(),
  ];
}

/** PROPTRIPLE: prop / namespace / show / limit / continue of the "pages linking here" modules. */
function PROPTRIPLE() {
  return [
    p('prop', ['pageid', 'redirect', 'title'], { default: 'pageid|title|redirect', multi: true }),
    NS_STAR_M(),
    p('show', ['!redirect', 'redirect'], { multi: true }),
    LIM(),
    S('continue'),
  ];
}

/** codexicons: the icon identifiers `cdxIcon<Name>`. */
const CODEX_ICON_NAMES = list(`Add, Alert, AlignCenter, AlignLeft, AlignRight, Appearance, ArrowDown,
  ArrowNext, ArrowPrevious, ArrowUp, Article, ArticleAdd, ArticleCheck, ArticleDisambiguation,
  ArticleNotFound, ArticleRedirect, ArticleSearch, Articles, ArticlesSearch, Attachment, Bell, BellOutline,
  Bigger, Block, Bold, Book, Bookmark, BookmarkList, BookmarkOutline, Bright, Browser, Calendar, Camera,
  Cancel, Chart, Check, CheckAll, Clear, Clock, Close, Code, Collapse, Configure, Copy, Cut, Database, Die,
  DoubleChevronEnd, DoubleChevronStart, DownTriangle, Download, Draggable, Edit, EditLock, EditUndo,
  Ellipsis, Error, ExitFullscreen, Expand, Eye, EyeClosed, Feedback, Flag, FolderPlaceholder, Fullscreen,
  Function, FunctionArgument, Funnel, Globe, HalfBright, HalfStar, Hand, Heart, Help, HelpNotice,
  Hieroglyph, Highlight, History, Home, Image, ImageAdd, ImageBroken, ImageGallery, ImageLayoutBasic,
  ImageLayoutFrame, ImageLayoutFrameless, ImageLayoutThumbnail, ImageLock, Indent, Info, InfoFilled,
  Instance, Italic, Journal, Key, Keyboard, LabFlask, Language, LargerText, Layout, Lightbulb, Link,
  LinkExternal, LinkSecure, ListBullet, ListNumbered, Literal, Lock, LogIn, LogOut, Map, MapPin,
  MapPinAdd, MapTrail, Markup, Mathematics, MathematicsDisplayBlock, MathematicsDisplayDefault,
  MathematicsDisplayInline, Menu, Merge, Message, Moon, Move, MoveFirst, MoveLast, MusicalScore, Network,
  NetworkOff, NewWindow, Newline, Newspaper, Next, NoWikitext, NotBright, Notice, OngoingConversation,
  Outdent, Outline, PageSettings, Palette, Paste, Pause, Play, Power, Previous, Printer, PushPin, Puzzle,
  QrCode, Quotes, RecentChanges, Redo, Reference, ReferenceExisting, References, Reload, Restore, Robot,
  Sandbox, Search, SearchCaseSensitive, SearchDiacritics, SearchRegularExpression, Settings, Share,
  Signature, Smaller, SmallerText, SortVertical, SpecialCharacter, SpecialPages, SpeechBubble,
  SpeechBubbleAdd, SpeechBubbles, Star, Stop, Strikethrough, Subscript, Subtract, Success, Superscript,
  Table, TableAddColumnAfter, TableAddColumnBefore, TableAddRowAfter, TableAddRowBefore, TableCaption,
  TableMergeCells, TableMoveColumnAfter, TableMoveColumnBefore, TableMoveRowAfter, TableMoveRowBefore, Tag,
  TemplateAdd, TextDirLTR, TextDirRTL, TextFlow, TextStyle, TextSummary, Trash, Tray, UnBlock, UnFlag,
  UnLink, UnLock, UnStar, Underline, Undo, UpTriangle, Update, Upload, UserActive, UserAdd, UserAnonymous,
  UserAvatar, UserAvatarOutline, UserBlocked, UserContributions, UserGroup, UserRights, UserTalk,
  UserTemporary, UserTemporaryLocation, ViewCompact, ViewDetails, VisionSimulator, VolumeDown, VolumeOff,
  VolumeUp, Watchlist, Wikitext, Window, ZoomIn, ZoomOut`);

// ---------------------------------------------------------------------------------------------
// The 64 modules, in the spec's order
// ---------------------------------------------------------------------------------------------

/**
 * One module. `flags`: generator (G), noread (no readrights flag), deprecated, and
 * `helpurl: null` for a module without a help URL (see helpUrls()).
 */
function mod(name, prefix, group, flags, parameters) {
  return { name, prefix, group, flags, parameters: parameters.flat() };
}
const G = { generator: true };
const NOGEN = {};

const MODULES = [
  // 1
  mod('allcategories', 'ac', 'list', G, [
    S('from'),
    S('continue'),
    S('to'),
    S('prefix'),
    DIRA(),
    I('min'),
    I('max'),
    LIM(),
    p('prop', ['hidden', 'size'], { default: EMPTY, ...M }),
  ]),
  // 2
  mod('alldeletedrevisions', 'adr', 'list', G, [
    REVOPTS(),
    USER('user'),
    NS_STAR_M(),
    TS('start', USERONLY),
    TS('end', USERONLY),
    DIRN(),
    S('from', NONUSERONLY),
    S('to', NONUSERONLY),
    S('prefix', NONUSERONLY),
    USER('excludeuser', NONUSERONLY),
    S('tag'),
    S('continue'),
    B('generatetitles'),
  ]),
  // 3
  mod('allfileusages', 'af', 'list', G, [
    S('continue'),
    S('from'),
    S('to'),
    S('prefix'),
    B('unique'),
    p('prop', ['ids', 'title'], { default: 'title', ...M }),
    LIM(),
    DIRA(),
  ]),
  // 4
  mod('allimages', 'ai', 'list', G, [
    p('sort', ['name', 'timestamp'], { default: 'name' }),
    p('dir', ['ascending', 'descending', 'newer', 'older'], { default: 'ascending' }),
    S('from'),
    S('to'),
    S('continue'),
    TS('start'),
    TS('end'),
    p(
      'prop',
      list(
        'badfile, bitdepth, canonicaltitle, comment, commonmetadata, dimensions, extmetadata, mediatype, metadata, mime, parsedcomment, sha1, size, timestamp, url, user, userid',
      ),
      { default: 'timestamp|url', ...M },
    ),
    S('prefix'),
    I('minsize'),
    I('maxsize'),
    S('sha1'),
    S('sha1base36'),
    USER('user'),
    p('filterbots', ['all', 'bots', 'nobots'], { default: 'all' }),
    S('mime', M),
    LIM(),
  ]),
  // 5
  mod('alllinks', 'al', 'list', G, [
    S('continue'),
    S('from'),
    S('to'),
    S('prefix'),
    B('unique'),
    p('prop', ['ids', 'title'], { default: 'title', ...M }),
    NS0(NSX),
    LIM(),
    DIRA(),
  ]),
  // 6
  mod('allmessages', 'am', 'meta', NOGEN, [
    S('messages', { default: '*', ...M }),
    p('prop', ['default'], M),
    B('enableparser'),
    B('nocontent'),
    B('includelocal'),
    S('args', { ...M, allowsduplicates: true }),
    S('filter'),
    p('customised', ['all', 'modified', 'unmodified'], { default: 'all' }),
    S('lang'),
    S('from'),
    S('to'),
    S('title'),
    S('prefix'),
  ]),
  // 7
  mod('allpages', 'ap', 'list', G, [
    S('from'),
    S('continue'),
    S('to'),
    S('prefix'),
    NS0(),
    p('filterredir', ['all', 'nonredirects', 'redirects'], { default: 'all' }),
    p('filterlanglinks', ['all', 'withlanglinks', 'withoutlanglinks'], { default: 'all' }),
    I('minsize'),
    I('maxsize'),
    p('prtype', ['edit', 'move', 'upload'], M),
    p('prlevel', [EMPTY, 'autoconfirmed', 'sysop'], M),
    p('prfiltercascade', ['all', 'cascading', 'noncascading'], { default: 'all' }),
    p('prexpiry', ['all', 'definite', 'indefinite'], { default: 'all' }),
    LIM(),
    DIRA(),
  ]),
  // 8
  mod('allredirects', 'ar', 'list', G, [
    S('continue'),
    S('from'),
    S('to'),
    S('prefix'),
    B('unique'),
    p('prop', ['fragment', 'ids', 'interwiki', 'title'], { default: 'title', ...M }),
    NS0(NSX),
    LIM(),
    DIRA(),
  ]),
  // 9
  mod('allrevisions', 'arv', 'list', G, [
    REVOPTS(),
    USER('user'),
    NS_STAR_M(),
    TS('start'),
    TS('end'),
    DIRN(),
    USER('excludeuser'),
    S('continue'),
    B('generatetitles'),
  ]),
  // 10: "as alllinks, but namespace default 10 (NSX)"
  mod('alltransclusions', 'at', 'list', G, [
    S('continue'),
    S('from'),
    S('to'),
    S('prefix'),
    B('unique'),
    p('prop', ['ids', 'title'], { default: 'title', ...M }),
    NS('namespace', { default: 10, ...NSX }),
    LIM(),
    DIRA(),
  ]),
  // 11
  mod('allusers', 'au', 'list', NOGEN, [
    S('from'),
    S('to'),
    S('prefix'),
    DIRA(),
    p('group', GROUPS.slice(), M),
    p('excludegroup', GROUPS.slice(), M),
    p('rights', RIGHTS.slice(), M),
    p('prop', list('blockinfo, centralids, editcount, groups, implicitgroups, registration, rights, tempexpired'), M),
    LIM(),
    B('witheditsonly'),
    B('activeusers'),
    S('attachedwiki'),
    B('excludenamed'),
    B('excludetemp'),
  ]),
  // 12
  mod('authmanagerinfo', 'ami', 'meta', { noread: true }, [
    S('securitysensitiveoperation'),
    p('requestsfor', list('change, create, create-continue, link, link-continue, login, login-continue, remove, unlink')),
    B('mergerequestfields'),
    p('messageformat', ['html', 'none', 'raw', 'wikitext'], { default: 'wikitext' }),
  ]),
  // 13
  mod('backlinks', 'bl', 'list', G, [BL(), B('redirect')]),
  // 14
  mod('blocks', 'bk', 'list', NOGEN, [
    TS('start'),
    TS('end'),
    DIRN(),
    I('ids', M),
    p('users', 'user', { ...M, subtypes: ['name', 'ip', 'temp', 'cidr'] }),
    S('ip'),
    LIM(),
    p('prop', list('by, byid, expiry, flags, id, parsedreason, range, reason, restrictions, timestamp, user, userid'), {
      default: 'id|user|by|timestamp|expiry|reason|flags',
      ...M,
    }),
    p('show', list('!account, !ip, !range, !temp, account, ip, range, temp'), M),
    S('continue'),
  ]),
  // 15
  mod('categories', 'cl', 'prop', G, [
    p('prop', ['hidden', 'sortkey', 'timestamp'], M),
    p('show', ['!hidden', 'hidden'], M),
    LIM(),
    S('continue'),
    S('categories', M),
    DIRA(),
  ]),
  // 16
  mod('categoryinfo', 'ci', 'prop', NOGEN, [S('continue')]),
  // 17
  mod('categorymembers', 'cm', 'list', G, [
    S('title'),
    I('pageid'),
    p('prop', list('ids, sortkey, sortkeyprefix, timestamp, title, type'), { default: 'ids|title', ...M }),
    NS_STAR_M(),
    p('type', ['file', 'page', 'subcat'], { default: 'page|subcat|file', ...M }),
    S('continue'),
    LIM(),
    p('sort', ['sortkey', 'timestamp'], { default: 'sortkey' }),
    p('dir', list('asc, ascending, desc, descending, newer, older'), { default: 'ascending' }),
    TS('start'),
    TS('end'),
    S('starthexsortkey'),
    S('endhexsortkey'),
    S('startsortkeyprefix'),
    S('endsortkeyprefix'),
    S('startsortkey', DEP),
    S('endsortkey', DEP),
  ]),
  // 18
  mod('codexicons', '', 'list', NOGEN, [
    p(
      'names',
      CODEX_ICON_NAMES.map((n) => `cdxIcon${n}`),
      { ...REQ, ...M, ...ALL },
    ),
  ]),
  // 19
  mod('contributors', 'pc', 'prop', NOGEN, [
    p('group', GROUPS.slice(), M),
    p('excludegroup', GROUPS.slice(), M),
    p('rights', RIGHTS_C.slice(), M),
    p('excluderights', RIGHTS_C.slice(), M),
    LIM(),
    S('continue'),
  ]),
  // 20
  mod('deletedrevisions', 'drv', 'prop', G, [
    REVOPTS(),
    TS('start'),
    TS('end'),
    DIRN(),
    S('tag'),
    USER('user'),
    USER('excludeuser'),
    S('continue'),
  ]),
  // 21 (deprecated module)
  mod('deletedrevs', 'dr', 'list', { deprecated: true }, [
    TS('start', modes(1, 2)),
    TS('end', modes(1, 2)),
    DIRN(modes(1, 3)),
    S('from', modes(3)),
    S('to', modes(3)),
    S('prefix', modes(3)),
    B('unique', modes(3)),
    NS0(modes(3)),
    S('tag'),
    USER('user'),
    USER('excludeuser'),
    p('prop', [...list('comment, content, len, minor, parentid, parsedcomment, revid, sha1, tags, user, userid'), dep('token')], {
      default: 'user|comment',
      ...M,
    }),
    LIM(),
    S('continue'),
  ]),
  // 22
  mod('duplicatefiles', 'df', 'prop', G, [LIM(), S('continue'), DIRA(), B('localonly')]),
  // 23: BL without `redirect`
  mod('embeddedin', 'ei', 'list', G, [BL()]),
  // 24
  mod('extlinks', 'el', 'prop', NOGEN, [LIM(), S('continue'), PROTO(), S('query'), B('expandurl', DEP)]),
  // 25
  mod('exturlusage', 'eu', 'list', G, [
    p('prop', ['ids', 'title', 'url'], { default: 'ids|title|url', ...M }),
    S('continue'),
    PROTO(),
    S('query'),
    NS_STAR_M(),
    LIM(),
    B('expandurl', DEP),
  ]),
  // 26
  mod('filearchive', 'fa', 'list', NOGEN, [
    S('from'),
    S('to'),
    S('prefix'),
    DIRA(),
    S('sha1'),
    S('sha1base36'),
    p(
      'prop',
      list('archivename, bitdepth, description, dimensions, mediatype, metadata, mime, parseddescription, sha1, size, timestamp, user'),
      { default: 'timestamp', ...M },
    ),
    LIM(),
    S('continue'),
  ]),
  // 27: default all values, in that order, joined by the pipe
  (() => {
    const values = list('canUpload, displayname, favicon, initialCapital, local, name, rootUrl, scriptDirUrl, thumbUrl, url');
    return mod('filerepoinfo', 'fri', 'meta', NOGEN, [p('prop', values, { default: values.join('|'), ...M })]);
  })(),
  // 28
  mod('fileusage', 'fu', 'prop', G, [PROPTRIPLE()]),
  // 29
  mod('imageinfo', 'ii', 'prop', NOGEN, [
    p(
      'prop',
      list(
        'archivename, badfile, bitdepth, canonicaltitle, comment, commonmetadata, dimensions, extmetadata, mediatype, metadata, mime, parsedcomment, sha1, size, thumbmime, timestamp, uploadwarning, url, user, userid',
      ),
      { default: 'timestamp|user', ...M },
    ),
    LIM1(),
    TS('start'),
    TS('end'),
    I('urlwidth', { default: -1 }),
    I('urlheight', { default: -1 }),
    S('metadataversion', { default: '1' }),
    S('extmetadatalanguage', { default: 'ru' }),
    B('extmetadatamultilang'),
    S('extmetadatafilter', M),
    S('urlparam', { default: EMPTY }),
    S('badfilecontexttitle'),
    S('continue'),
    B('localonly'),
  ]),
  // 30
  mod('images', 'im', 'prop', G, [LIM(), S('continue'), S('images', M), DIRA()]),
  // 31
  mod('imageusage', 'iu', 'list', G, [BL(), B('redirect')]),
  // 32
  mod('info', 'in', 'prop', NOGEN, [
    p(
      'prop',
      [
        ...list(
          'associatedpage, displaytitle, editintro, linkclasses, notificationtimestamp, preloadcontent, protection, subjectid, talkid, url, varianttitles, visitingwatchers, watched, watchers, watchlistlabels',
        ),
        dep('preload'),
        dep('readable'),
      ],
      M,
    ),
    // Spec: "default the title of the wiki's main page"; MediaWiki writes the main page's
    // title, which is "Main Page" on an English-language wiki.
    p('linkcontext', 'title', { default: 'Main Page' }),
    B('defaultlinkcaption'),
    S('testactions', M),
    p('testactionsdetail', ['boolean', 'full', 'quick'], { default: 'boolean' }),
    B('testactionsautocreate'),
    S('preloadcustom', PRELOADCONTENTONLY),
    S('preloadparams', { ...M, ...PRELOADCONTENTONLY }),
    B('preloadnewsection', PRELOADCONTENTONLY),
    p('editintrostyle', ['lessframes', 'moreframes'], { default: 'moreframes', ...EDITINTROONLY }),
    S('editintroskip', { ...M, ...EDITINTROONLY }),
    S('editintrocustom', EDITINTROONLY),
    S('continue'),
  ]),
  // 33
  mod('iwbacklinks', 'iwbl', 'list', G, [
    S('prefix'),
    S('title'),
    S('continue'),
    LIM(),
    p('prop', ['iwprefix', 'iwtitle'], { default: EMPTY, ...M }),
    DIRA(),
  ]),
  // 34
  mod('iwlinks', 'iw', 'prop', NOGEN, [p('prop', ['url'], M), S('prefix'), S('title'), DIRA(), LIM(), S('continue'), B('url', DEP)]),
  // 35
  mod('langbacklinks', 'lbl', 'list', G, [
    S('lang'),
    S('title'),
    S('continue'),
    LIM(),
    p('prop', ['lllang', 'lltitle'], { default: EMPTY, ...M }),
    DIRA(),
  ]),
  // 36
  mod('langlinks', 'll', 'prop', NOGEN, [
    p('prop', ['autonym', 'langname', 'url'], M),
    S('lang'),
    S('title'),
    DIRA(),
    S('inlanguagecode', { default: 'ru' }),
    LIM(),
    S('continue'),
    B('url', DEP),
  ]),
  // 37 (no help URL)
  mod('languageinfo', 'li', 'meta', { helpurl: null }, [
    p('prop', list('autonym, bcp47, code, dir, fallbacks, name, variantnames, variants'), { default: 'code', ...M }),
    S('code', { default: '*', ...M }),
    S('continue'),
  ]),
  // 38
  mod('links', 'pl', 'prop', G, [NS_STAR_M(NSX), LIM(), S('continue'), S('titles', M), DIRA()]),
  // 39
  mod('linkshere', 'lh', 'prop', G, [PROPTRIPLE()]),
  // 40
  mod('logevents', 'le', 'list', NOGEN, [
    p('prop', list('comment, details, ids, parsedcomment, tags, timestamp, title, type, user, userid'), {
      default: 'ids|title|type|user|timestamp|comment|details',
      ...M,
    }),
    p('type', [
      EMPTY,
      ...list(`block, contentmodel, create, delete, import, interwiki, managetags, merge, move,
      newusers, patrol, protect, renameuser, rights, suppress, tag, upload`),
    ]),
    p(
      'action',
      list(`block/block, block/reblock, block/unblock, contentmodel/change, contentmodel/new,
      create/create, delete/delete, delete/delete_redir, delete/delete_redir2, delete/event, delete/restore,
      delete/revision, import/interwiki, import/upload, interwiki/iw_add, interwiki/iw_delete,
      interwiki/iw_edit, managetags/activate, managetags/create, managetags/deactivate, managetags/delete,
      merge/merge, merge/merge-into, move/move, move/move_redir, newusers/autocreate, newusers/byemail,
      newusers/create, newusers/create2, newusers/newusers, patrol/autopatrol, patrol/patrol,
      protect/modify, protect/move_prot, protect/protect, protect/unprotect, renameuser/renameuser,
      rights/autopromote, rights/rights, suppress/block, suppress/delete, suppress/event, suppress/reblock,
      suppress/revision, tag/update, upload/overwrite, upload/revert, upload/upload`),
    ),
    TS('start'),
    TS('end'),
    DIRN(),
    I('ids', M),
    USER('user'),
    S('title'),
    NS('namespace', NSX),
    S('prefix'),
    S('tag'),
    LIM(),
    S('continue'),
  ]),
  // 41
  mod('mystashedfiles', 'msf', 'list', NOGEN, [p('prop', ['size', 'type'], { default: EMPTY, ...M }), LIM(), S('continue')]),
  // 42
  mod('pagepropnames', 'ppn', 'list', NOGEN, [S('continue'), LIM()]),
  // 43
  mod('pageprops', 'pp', 'prop', NOGEN, [S('continue'), S('prop', M)]),
  // 44
  mod('pageswithprop', 'pwp', 'list', G, [
    S('propname', REQ),
    p('prop', ['ids', 'title', 'value'], { default: 'ids|title', ...M }),
    S('continue'),
    LIM(),
    DIRA(),
  ]),
  // 45
  mod('prefixsearch', 'ps', 'list', G, [S('search', REQ), NS0({ ...M, ...ALL }), LIM(), I('offset', { default: 0, min: 0 })]),
  // 46
  mod('protectedtitles', 'pt', 'list', G, [
    NS_STAR_M(),
    p('level', ['autoconfirmed', 'sysop'], M),
    LIM(),
    DIRN(),
    TS('start'),
    TS('end'),
    p('prop', list('comment, expiry, level, parsedcomment, timestamp, user, userid'), { default: 'timestamp|level', ...M }),
    S('continue'),
  ]),
  // 47
  mod('querypage', 'qp', 'list', G, [
    p(
      'page',
      list(`Ancientpages, BrokenRedirects, Deadendpages, DoubleRedirects, Fewestrevisions,
      ListDuplicatedFiles, Listredirects, Lonelypages, Longpages, MediaStatistics, Mostcategories, Mostimages,
      Mostinterwikis, Mostlinked, Mostlinkedcategories, Mostlinkedtemplates, Mostrevisions, Shortpages,
      Uncategorizedcategories, Uncategorizedimages, Uncategorizedpages, Uncategorizedtemplates,
      Unusedcategories, Unusedimages, Unusedtemplates, Unwatchedpages, Wantedcategories, Wantedfiles,
      Wantedpages, Wantedtemplates, Withoutinterwiki`),
      REQ,
    ),
    I('offset', { default: 0 }),
    LIM(),
  ]),
  // 48
  mod('random', 'rn', 'list', G, [
    NS_STAR_M(),
    p('filterredir', ['all', 'nonredirects', 'redirects'], { default: 'nonredirects' }),
    I('minsize'),
    I('maxsize'),
    p('contentmodel', list('css, javascript, json, text, unknown, vue, wikitext')),
    B('redirect', DEP),
    LIM1(),
    S('continue'),
  ]),
  // 49
  mod('recentchanges', 'rc', 'list', G, [
    TS('start'),
    TS('end'),
    DIRN(),
    NS_STAR_M(NSX),
    USER('user'),
    USER('excludeuser'),
    S('tag'),
    p('prop', list('comment, flags, ids, loginfo, parsedcomment, patrolled, redirect, sha1, sizes, tags, timestamp, title, user, userid'), {
      default: 'title|timestamp|ids',
      ...M,
    }),
    p(
      'show',
      list('!anon, !autopatrolled, !bot, !minor, !patrolled, !redirect, anon, autopatrolled, bot, minor, patrolled, redirect, unpatrolled'),
      M,
    ),
    LIM(),
    p('type', list('categorize, edit, external, log, new'), { default: 'edit|new|log|categorize', ...M }),
    B('toponly'),
    S('title'),
    S('continue'),
    B('generaterevisions'),
    p('slot', ['main']),
  ]),
  // 50
  mod('redirects', 'rd', 'prop', G, [
    p('prop', ['fragment', 'pageid', 'title'], { default: 'pageid|title', ...M }),
    NS_STAR_M(),
    p('show', ['!fragment', 'fragment'], M),
    LIM(),
    S('continue'),
  ]),
  // 51: REVOPTS with `limit` singlepageonly, then the single-page parameters
  mod('revisions', 'rv', 'prop', G, [
    REVOPTS({ limitInfo: SINGLEPAGEONLY }),
    I('startid', SINGLEPAGEONLY),
    I('endid', SINGLEPAGEONLY),
    TS('start', SINGLEPAGEONLY),
    TS('end', SINGLEPAGEONLY),
    DIRN(SINGLEPAGEONLY),
    USER('user', SINGLEPAGEONLY),
    USER('excludeuser', SINGLEPAGEONLY),
    S('tag'),
    S('continue'),
  ]),
  // 52
  mod('search', 'sr', 'list', G, [
    S('search', REQ),
    NS0({ ...M, ...ALL }),
    LIM(),
    I('offset', { default: 0, min: 0 }),
    p('what', ['nearmatch', 'text', 'title']),
    p('info', ['rewrittenquery', 'suggestion', 'totalhits'], { default: 'totalhits|suggestion|rewrittenquery', ...M }),
    p(
      'prop',
      [
        ...list(
          'categorysnippet, extensiondata, isfilematch, redirectsnippet, redirecttitle, sectionsnippet, sectiontitle, size, snippet, timestamp, titlesnippet, wordcount',
        ),
        dep('hasrelated'),
        dep('score'),
      ],
      { default: 'size|wordcount|timestamp|snippet', ...M },
    ),
    B('interwiki'),
    B('enablerewrites'),
    p('sort', ['relevance'], { default: 'relevance' }),
  ]),
  // 53
  mod('siteinfo', 'si', 'meta', NOGEN, [
    p(
      'prop',
      list(`autocreatetempuser, autopromote, autopromoteonce, clientlibraries, copyuploaddomains,
      dbrepllag, defaultoptions, doubleunderscores, extensions, extensiontags, fileextensions, functionhooks,
      general, interwikimap, languages, languagevariants, libraries, magicwords, namespacealiases, namespaces,
      protocols, restrictions, rightsinfo, sbom, showhooks, skins, specialpagealiases, statistics,
      uploaddialog, usergroups, variables`),
      { default: 'general', ...M },
    ),
    p('filteriw', ['!local', 'local']),
    B('showalldb'),
    B('numberingroup'),
    S('inlanguagecode'),
  ]),
  // 54
  mod('stashimageinfo', 'sii', 'prop', NOGEN, [
    S('filekey', M),
    S('sessionkey', { ...M, ...DEP }),
    p(
      'prop',
      list(
        'badfile, bitdepth, canonicaltitle, commonmetadata, dimensions, extmetadata, metadata, mime, sha1, size, thumbmime, timestamp, url',
      ),
      { default: 'timestamp|url', ...M },
    ),
    I('urlwidth', { default: -1 }),
    I('urlheight', { default: -1 }),
    S('urlparam', { default: EMPTY }),
  ]),
  // 55
  mod('tags', 'tg', 'list', NOGEN, [
    S('continue'),
    LIM(),
    p('prop', list('active, defined, description, displayname, hitcount, source'), { default: EMPTY, ...M }),
  ]),
  // 56
  mod('templates', 'tl', 'prop', G, [NS_STAR_M(NSX), LIM(), S('continue'), S('templates', M), DIRA()]),
  // 57
  mod('tokens', '', 'meta', { noread: true }, [
    p('type', list('createaccount, csrf, login, patrol, rollback, userrights, watch'), { default: 'csrf', ...M, ...ALL }),
  ]),
  // 58
  mod('trackingcategories', 'tc', 'list', G, [
    S('continue'),
    S('trackingcatname', M),
    I('min'),
    I('max'),
    LIM(),
    p('prop', ['hidden', 'size'], { default: EMPTY, ...M }),
  ]),
  // 59
  mod('transcludedin', 'ti', 'prop', G, [PROPTRIPLE()]),
  // 60
  mod('usercontribs', 'uc', 'list', NOGEN, [
    LIM(),
    TS('start'),
    TS('end'),
    S('continue'),
    p('user', 'user', { ...M, subtypes: ['name', 'ip', 'temp', 'interwiki'] }),
    I('userids', M),
    S('userprefix'),
    S('iprange'),
    DIRN(),
    NS_STAR_M(),
    p('prop', list('comment, flags, ids, parsedcomment, patrolled, size, sizediff, tags, timestamp, title'), {
      default: 'ids|title|timestamp|comment|size|flags',
      ...M,
    }),
    p('show', list('!autopatrolled, !minor, !new, !patrolled, !top, autopatrolled, minor, new, patrolled, top'), M),
    S('tag'),
    B('toponly', DEP),
  ]),
  // 61
  mod('userinfo', 'ui', 'meta', NOGEN, [
    p(
      'prop',
      list(`acceptlang, blockinfo, cancreateaccount, centralids, changeablegroups, editcount, email,
      groupmemberships, groups, hasmsg, implicitgroups, latestcontrib, options, ratelimits, realname,
      registrationdate, rights, theoreticalratelimits, unreadcount, watchlistlabels`),
      { ...M, ...ALL },
    ),
    S('attachedwiki'),
  ]),
  // 62
  mod('users', 'us', 'list', NOGEN, [
    p(
      'prop',
      list(
        'blockinfo, cancreate, centralids, editcount, emailable, gender, groupmemberships, groups, implicitgroups, registration, rights, tempexpired',
      ),
      M,
    ),
    S('attachedwiki'),
    S('users', M),
    I('userids', M),
  ]),
  // 63
  mod('watchlist', 'wl', 'list', G, [
    B('allrev'),
    TS('start'),
    TS('end'),
    NS_STAR_M(),
    USER('user'),
    USER('excludeuser'),
    DIRN(),
    LIM(),
    p(
      'prop',
      list(
        'comment, expiry, flags, ids, labels, loginfo, notificationtimestamp, parsedcomment, patrol, sizes, tags, timestamp, title, user, userid',
      ),
      { default: 'ids|title|flags', ...M },
    ),
    p('show', list('!anon, !autopatrolled, !bot, !minor, !patrolled, !unread, anon, autopatrolled, bot, minor, patrolled, unread'), M),
    p('type', list('categorize, edit, external, log, new'), { default: 'edit|new|log|categorize', ...M }),
    I('labels', M),
    p('owner', 'user', { subtypes: ['name'] }),
    S('token', { sensitive: true }),
    S('continue'),
  ]),
  // 64
  mod('watchlistraw', 'wr', 'list', G, [
    S('continue'),
    NS_STAR_M(),
    LIM(),
    p('prop', ['changed'], M),
    p('show', ['!changed', 'changed'], M),
    p('owner', 'user', { subtypes: ['name'] }),
    S('token', { sensitive: true }),
    DIRA(),
    S('fromtitle'),
    S('totitle'),
  ]),
];

// ---------------------------------------------------------------------------------------------
// Help URLs (not given by the spec except that `languageinfo` has none)
// ---------------------------------------------------------------------------------------------

// MediaWiki's query modules link to https://www.mediawiki.org/wiki/Special:MyLanguage/API:<Page>,
// where <Page> is the module name with its first letter upper-cased, except these two.
const HELP_PAGE_EXCEPTIONS = { codexicons: 'CodexIcons', recentchanges: 'RecentChanges' };
const HELP_URL_BASE = 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:';

function helpUrls(module) {
  if (module.flags.helpurl === null) return [];
  const page = HELP_PAGE_EXCEPTIONS[module.name] ?? module.name[0].toUpperCase() + module.name.slice(1);
  return [HELP_URL_BASE + page];
}

// ---------------------------------------------------------------------------------------------
// Writing paraminfo (formatversion 1)
// ---------------------------------------------------------------------------------------------

const SOURCE = 'MediaWiki';
const LICENSE_TAG = 'GPL-2.0-or-later';
// A real wiki links to its own Special:Version/License/MediaWiki; this catalogue is not one
// wiki's, so it links to mediawiki.org's.
const LICENSE_LINK = 'https://www.mediawiki.org/wiki/Special:Version/License/MediaWiki';
const MULTI_LIMITS = { lowlimit: 50, highlimit: 500, limit: 50 };

/** Key order of a parameter descriptor, as MediaWiki writes it. */
const PARAM_KEY_ORDER = [
  'index',
  'name',
  'templatevars',
  'type',
  'required',
  'deprecated',
  'sensitive',
  'default',
  'multi',
  'lowlimit',
  'highlimit',
  'limit',
  'allowsduplicates',
  'allspecifier',
  'min',
  'max',
  'highmax',
  'submodules',
  'submoduleparamprefix',
  'subtypes',
  'extranamespaces',
  'deprecatedvalues',
  'internalvalues',
  'info',
];
const FLAG_KEYS = new Set(['required', 'deprecated', 'sensitive', 'multi', 'allowsduplicates']);

/** Writes one parameter: true flags become "", multi gets its limits, keys in MediaWiki's order. */
function writeParam(param, index) {
  const src = { ...param, index };
  delete src.templated;
  if (src.multi) Object.assign(src, MULTI_LIMITS);
  const known = new Set(PARAM_KEY_ORDER);
  for (const key of Object.keys(src)) {
    if (!known.has(key)) throw new Error(`Parameter "${param.name}": unknown key "${key}" in the generator table.`);
  }
  const out = {};
  for (const key of PARAM_KEY_ORDER) {
    if (!(key in src) || src[key] === undefined) continue;
    if (FLAG_KEYS.has(key)) {
      if (src[key] === true) out[key] = '';
      else if (src[key] !== false) throw new Error(`Parameter "${param.name}": flag "${key}" must be true or false.`);
    } else {
      out[key] = src[key];
    }
  }
  return out;
}

/** Writes one module: indices count templated parameters too (they live in templatedparameters). */
/** @param {any} module @param {{ path?: string, group?: string | null, extra?: Record<string, any> }} [options] */
function writeModule(module, { path: modulePath, group, extra } = {}) {
  const out = {
    name: module.name,
    path: modulePath ?? `query+${module.name}`,
  };
  if (group !== null) out.group = group ?? module.group;
  out.prefix = module.prefix;
  out.source = SOURCE;
  out.sourcename = SOURCE;
  out.licensetag = LICENSE_TAG;
  out.licenselink = LICENSE_LINK;
  if (module.flags.deprecated) out.deprecated = '';
  if (!module.flags.noread) out.readrights = '';
  if (module.flags.generator) out.generator = '';
  Object.assign(out, extra);
  out.helpurls = module.helpurls ?? helpUrls(module);
  out.parameters = [];
  out.templatedparameters = [];
  module.parameters.forEach((param, i) => {
    const written = writeParam(param, i + 1);
    (param.templated ? out.templatedparameters : out.parameters).push(written);
  });
  return out;
}

function catalogue(modules) {
  return { paraminfo: { helpformat: 'none', modules } };
}

/**
 * JSON with 2-space indent, except that each parameter descriptor (an object with an `index`)
 * is written on a single line, so a diff shows exactly which parameter changed.
 */
function stringify(doc) {
  const write = (value, indent) => {
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    if (!Array.isArray(value) && 'index' in value) return JSON.stringify(value);
    const inner = indent + '  ';
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      return '[\n' + value.map((v) => inner + write(v, inner)).join(',\n') + '\n' + indent + ']';
    }
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return '{\n' + entries.map(([k, v]) => inner + JSON.stringify(k) + ': ' + write(v, inner)).join(',\n') + '\n' + indent + '}';
  };
  return write(doc, '') + '\n';
}

// ---------------------------------------------------------------------------------------------
// api-core.json: the `main` and `query` modules (MediaWiki's real behaviour, not in the spec)
// ---------------------------------------------------------------------------------------------

/** Action modules of MediaWiki core (ApiMain::MODULES), sorted as paraminfo sorts them. */
const ACTION_MODULES = list(`acquiretempusername, block, changeauthenticationdata, changecontentmodel, checktoken,
  clearhasmsg, clientlogin, compare, createaccount, delete, edit, emailuser, expandtemplates,
  feedcontributions, feedrecentchanges, feedwatchlist, filerevert, help, imagerotate, import, linkaccount,
  login, logout, managetags, mergehistory, move, opensearch, options, paraminfo, parse, patrol, protect,
  purge, query, removeauthenticationdata, resetpassword, revisiondelete, rollback, rsd,
  setnotificationtimestamp, setpagelanguage, stashedit, tag, unblock, undelete, unlinkaccount, upload,
  userrights, validatepassword, watch`);
/** Internal action modules are sorted last and listed in `internalvalues`. */
const INTERNAL_ACTION_MODULES = ['cspreport'];
/** Output formats of MediaWiki core (ApiMain::FORMATS), sorted. */
const FORMAT_MODULES = list('json, jsonfm, none, php, phpfm, rawfm, xml, xmlfm');

function submoduleMap(names, pathPrefix) {
  return Object.fromEntries(names.map((n) => [n, pathPrefix + n]));
}

/** ApiMain: the `main` module, whose `action` and `format` name the other top-level modules. */
function mainModule() {
  const actions = [...ACTION_MODULES, ...INTERNAL_ACTION_MODULES];
  return {
    name: 'main',
    prefix: '',
    // ApiMain is not a read module (isReadMode() is false): no readrights flag.
    flags: { noread: true },
    helpurls: [
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Main_page',
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:FAQ',
      'https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/',
      'https://phabricator.wikimedia.org/maniphest/query/GebfyV4uCaLd/#R',
    ],
    parameters: [
      p('action', actions, { default: 'help', submodules: submoduleMap(actions, ''), internalvalues: INTERNAL_ACTION_MODULES.slice() }),
      p('format', FORMAT_MODULES, { default: 'jsonfm', submodules: submoduleMap(FORMAT_MODULES, '') }),
      // Really a parameter of the json/php format modules; kept here so `formatversion=2` is known.
      p('formatversion', ['1', '2', 'latest'], { default: '1' }),
      I('maxlag'),
      I('smaxage', { default: 0, min: 0 }),
      I('maxage', { default: 0, min: 0 }),
      p('assert', ['anon', 'user', 'bot']),
      p('assertuser', 'user', { subtypes: ['name', 'temp'] }),
      S('requestid'),
      B('servedby'),
      B('curtimestamp'),
      B('responselanginfo'),
      S('origin'),
      B('crossorigin'),
      S('uselang', { default: 'user' }),
      S('variant'),
      p('errorformat', ['plaintext', 'wikitext', 'html', 'raw', 'none', 'bc'], { default: 'bc' }),
      S('errorlang', { default: 'uselang' }),
      B('errorsuselocal'),
    ],
  };
}

/** ApiQuery: the `query` module, whose prop/list/meta/generator name the query modules given. */
function queryModule(queryModules) {
  const byGroup = (group) =>
    queryModules
      .filter((m) => m.group === group)
      .map((m) => m.name)
      .sort();
  const generators = queryModules
    .filter((m) => m.flags.generator)
    .map((m) => m.name)
    .sort();
  const deprecatedIn = (names) => {
    const dep = names.filter((n) => queryModules.find((m) => m.name === n).flags.deprecated);
    return dep.length ? { deprecatedvalues: dep } : {};
  };
  // paraminfo sorts submodule values by (deprecated, name): deprecated modules come last.
  const sortDeprecatedLast = (names) => [
    ...names.filter((n) => !deprecatedIn([n]).deprecatedvalues),
    ...names.filter((n) => deprecatedIn([n]).deprecatedvalues),
  ];
  const submoduleParam = (name, names, opts = {}) => {
    const sorted = sortDeprecatedLast(names);
    return p(name, sorted, { ...opts, submodules: submoduleMap(sorted, 'query+'), ...deprecatedIn(sorted) });
  };

  return {
    name: 'query',
    prefix: '',
    // ApiQuery is a read module for everything but a few meta modules: readrights.
    flags: {},
    helpurls: [
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Query',
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Meta',
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Properties',
      'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Lists',
    ],
    parameters: [
      submoduleParam('prop', byGroup('prop'), M),
      submoduleParam('list', byGroup('list'), M),
      submoduleParam('meta', byGroup('meta'), M),
      B('indexpageids'),
      B('export'),
      B('exportnowrap'),
      p('exportschema', ['0.10', '0.11'], { default: '0.11' }),
      B('iwurl'),
      S('continue'),
      B('rawcontinue'),
      // ApiPageSet's parameters follow.
      S('titles', M),
      I('pageids', M),
      I('revids', M),
      submoduleParam('generator', generators, { submoduleparamprefix: 'g' }),
      B('redirects'),
      B('converttitles'),
    ],
  };
}

function apiCore(queryModules) {
  return catalogue([
    writeModule(mainModule(), { path: 'main', group: null, extra: {} }),
    writeModule(queryModule(queryModules), { path: 'query', group: 'action', extra: {} }),
  ]);
}

// ---------------------------------------------------------------------------------------------

function main() {
  const root = path.join(__dirname, '..');
  const outDir = path.join(root, 'descriptors', 'wiki');
  const queryModules = MODULES.map((m) => ({ ...m, flags: { ...m.flags } }));
  if (queryModules.length !== 64) throw new Error(`Expected 64 modules, the table has ${queryModules.length}.`);
  const files = {
    'query-modules.json': stringify(catalogue(queryModules.map((m) => writeModule(m)))),
    'api-core.json': stringify(apiCore(queryModules)),
  };
  const check = process.argv.includes('--check');
  let stale = false;
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(outDir, name);
    if (check) {
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (current !== text) {
        console.error(`${path.relative(root, file)} is out of date: run node scripts/gen-wiki-catalogue.js`);
        stale = true;
      }
    } else {
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(file, text);
      console.log(`wrote ${path.relative(root, file)}`);
    }
  }
  if (stale) process.exitCode = 1;
}

// Run as a script; required (by the catalogue's shape test) it only gives its tables.
if (require.main === module) main();
module.exports = { PARAM_KEY_ORDER, FLAG_KEYS };
