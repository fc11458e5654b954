/**
 * The whole built-in catalogue, one row per module, checked against
 * the product spec (its copy: test/unit/catalogue/fixtures/wiki-query-descriptors.md) section "Modules" line by line.
 *
 * Row: name, prefix, group, flags (G = generator, R = readrights, D = deprecated module), and
 * every parameter in index order written in the spec's shorthand (see catalogueFiles.ts):
 *   S / I / B / TS / NS / title   string, integer, boolean, timestamp, namespace, title
 *   USER                           user with subtypes {name,ip,temp,interwiki,id}; user{…} otherwise
 *   LIM                            limit with min 1, max 500, highmax 5000 (default written after =)
 *   {a,b}                          allowed values in order; REVPROP, CF, GROUPS, RIGHTS, RIGHTS_C, PROTO name
 *                                  the spec's value sets, cdxIcon<N names> the codexicons list
 *   M                              multi with lowlimit 50, highlimit 500, limit 50
 *   NSX                            extranamespaces [-2,-1]
 *   (note)                         the info entries; =value the default (numbers bare, strings quoted)
 */
import assert from 'node:assert/strict';
import { allParams, queryModules, shorthand } from './catalogueFiles';

type Row = [name: string, prefix: string, group: 'list' | 'prop' | 'meta', flags: string, params: string[]];

const MODULE_TABLE: Row[] = [
  // allcategories
  [
    'allcategories',
    'ac',
    'list',
    'GR',
    [
      'from:S',
      'continue:S',
      'to:S',
      'prefix:S',
      'dir:{ascending,descending}="ascending"',
      'min:I',
      'max:I',
      'limit:LIM=10',
      'prop:{hidden,size} M=""',
    ],
  ],
  // alldeletedrevisions
  [
    'alldeletedrevisions',
    'adr',
    'list',
    'GR',
    [
      'prop:REVPROP M="ids|timestamp|flags|comment|user"',
      'slots:{main} M allspecifier "*"',
      'contentformat-{slot}:CF templated {"slot":"slots"}',
      'limit:LIM',
      'expandtemplates:B dep',
      'generatexml:B dep',
      'parse:B dep',
      'section:S',
      'diffto:S dep',
      'difftotext:S dep',
      'difftotextpst:B dep',
      'contentformat:CF dep',
      'user:USER',
      'namespace:NS M allspecifier "*"',
      'start:TS (useronly)',
      'end:TS (useronly)',
      'dir:{newer,older}="older"',
      'from:S (nonuseronly)',
      'to:S (nonuseronly)',
      'prefix:S (nonuseronly)',
      'excludeuser:USER (nonuseronly)',
      'tag:S',
      'continue:S',
      'generatetitles:B',
    ],
  ],
  // allfileusages
  [
    'allfileusages',
    'af',
    'list',
    'GR',
    [
      'continue:S',
      'from:S',
      'to:S',
      'prefix:S',
      'unique:B',
      'prop:{ids,title} M="title"',
      'limit:LIM=10',
      'dir:{ascending,descending}="ascending"',
    ],
  ],
  // allimages
  [
    'allimages',
    'ai',
    'list',
    'GR',
    [
      'sort:{name,timestamp}="name"',
      'dir:{ascending,descending,newer,older}="ascending"',
      'from:S',
      'to:S',
      'continue:S',
      'start:TS',
      'end:TS',
      'prop:{badfile,bitdepth,canonicaltitle,comment,commonmetadata,dimensions,extmetadata,mediatype,metadata,mime,parsedcomment,sha1,size,timestamp,url,user,userid} M="timestamp|url"',
      'prefix:S',
      'minsize:I',
      'maxsize:I',
      'sha1:S',
      'sha1base36:S',
      'user:USER',
      'filterbots:{all,bots,nobots}="all"',
      'mime:S M',
      'limit:LIM=10',
    ],
  ],
  // alllinks
  [
    'alllinks',
    'al',
    'list',
    'GR',
    [
      'continue:S',
      'from:S',
      'to:S',
      'prefix:S',
      'unique:B',
      'prop:{ids,title} M="title"',
      'namespace:NS NSX=0',
      'limit:LIM=10',
      'dir:{ascending,descending}="ascending"',
    ],
  ],
  // allmessages
  [
    'allmessages',
    'am',
    'meta',
    'R',
    [
      'messages:S M="*"',
      'prop:{default} M',
      'enableparser:B',
      'nocontent:B',
      'includelocal:B',
      'args:S M allowsduplicates',
      'filter:S',
      'customised:{all,modified,unmodified}="all"',
      'lang:S',
      'from:S',
      'to:S',
      'title:S',
      'prefix:S',
    ],
  ],
  // allpages
  [
    'allpages',
    'ap',
    'list',
    'GR',
    [
      'from:S',
      'continue:S',
      'to:S',
      'prefix:S',
      'namespace:NS=0',
      'filterredir:{all,nonredirects,redirects}="all"',
      'filterlanglinks:{all,withlanglinks,withoutlanglinks}="all"',
      'minsize:I',
      'maxsize:I',
      'prtype:{edit,move,upload} M',
      'prlevel:{(empty string),autoconfirmed,sysop} M',
      'prfiltercascade:{all,cascading,noncascading}="all"',
      'prexpiry:{all,definite,indefinite}="all"',
      'limit:LIM=10',
      'dir:{ascending,descending}="ascending"',
    ],
  ],
  // allredirects
  [
    'allredirects',
    'ar',
    'list',
    'GR',
    [
      'continue:S',
      'from:S',
      'to:S',
      'prefix:S',
      'unique:B',
      'prop:{fragment,ids,interwiki,title} M="title"',
      'namespace:NS NSX=0',
      'limit:LIM=10',
      'dir:{ascending,descending}="ascending"',
    ],
  ],
  // allrevisions
  [
    'allrevisions',
    'arv',
    'list',
    'GR',
    [
      'prop:REVPROP M="ids|timestamp|flags|comment|user"',
      'slots:{main} M allspecifier "*"',
      'contentformat-{slot}:CF templated {"slot":"slots"}',
      'limit:LIM',
      'expandtemplates:B dep',
      'generatexml:B dep',
      'parse:B dep',
      'section:S',
      'diffto:S dep',
      'difftotext:S dep',
      'difftotextpst:B dep',
      'contentformat:CF dep',
      'user:USER',
      'namespace:NS M allspecifier "*"',
      'start:TS',
      'end:TS',
      'dir:{newer,older}="older"',
      'excludeuser:USER',
      'continue:S',
      'generatetitles:B',
    ],
  ],
  // alltransclusions
  [
    'alltransclusions',
    'at',
    'list',
    'GR',
    [
      'continue:S',
      'from:S',
      'to:S',
      'prefix:S',
      'unique:B',
      'prop:{ids,title} M="title"',
      'namespace:NS NSX=10',
      'limit:LIM=10',
      'dir:{ascending,descending}="ascending"',
    ],
  ],
  // allusers
  [
    'allusers',
    'au',
    'list',
    'R',
    [
      'from:S',
      'to:S',
      'prefix:S',
      'dir:{ascending,descending}="ascending"',
      'group:GROUPS M',
      'excludegroup:GROUPS M',
      'rights:RIGHTS M',
      'prop:{blockinfo,centralids,editcount,groups,implicitgroups,registration,rights,tempexpired} M',
      'limit:LIM=10',
      'witheditsonly:B',
      'activeusers:B',
      'attachedwiki:S',
      'excludenamed:B',
      'excludetemp:B',
    ],
  ],
  // authmanagerinfo
  [
    'authmanagerinfo',
    'ami',
    'meta',
    '',
    [
      'securitysensitiveoperation:S',
      'requestsfor:{change,create,create-continue,link,link-continue,login,login-continue,remove,unlink}',
      'mergerequestfields:B',
      'messageformat:{html,none,raw,wikitext}="wikitext"',
    ],
  ],
  // backlinks
  [
    'backlinks',
    'bl',
    'list',
    'GR',
    [
      'title:S',
      'pageid:I',
      'continue:S',
      'namespace:NS M allspecifier "*"',
      'dir:{ascending,descending}="ascending"',
      'filterredir:{all,nonredirects,redirects}="all"',
      'limit:LIM=10',
      'redirect:B',
    ],
  ],
  // blocks
  [
    'blocks',
    'bk',
    'list',
    'R',
    [
      'start:TS',
      'end:TS',
      'dir:{newer,older}="older"',
      'ids:I M',
      'users:user{name,ip,temp,cidr} M',
      'ip:S',
      'limit:LIM=10',
      'prop:{by,byid,expiry,flags,id,parsedreason,range,reason,restrictions,timestamp,user,userid} M="id|user|by|timestamp|expiry|reason|flags"',
      'show:{!account,!ip,!range,!temp,account,ip,range,temp} M',
      'continue:S',
    ],
  ],
  // categories
  [
    'categories',
    'cl',
    'prop',
    'GR',
    [
      'prop:{hidden,sortkey,timestamp} M',
      'show:{!hidden,hidden} M',
      'limit:LIM=10',
      'continue:S',
      'categories:S M',
      'dir:{ascending,descending}="ascending"',
    ],
  ],
  // categoryinfo
  ['categoryinfo', 'ci', 'prop', 'R', ['continue:S']],
  // categorymembers
  [
    'categorymembers',
    'cm',
    'list',
    'GR',
    [
      'title:S',
      'pageid:I',
      'prop:{ids,sortkey,sortkeyprefix,timestamp,title,type} M="ids|title"',
      'namespace:NS M allspecifier "*"',
      'type:{file,page,subcat} M="page|subcat|file"',
      'continue:S',
      'limit:LIM=10',
      'sort:{sortkey,timestamp}="sortkey"',
      'dir:{asc,ascending,desc,descending,newer,older}="ascending"',
      'start:TS',
      'end:TS',
      'starthexsortkey:S',
      'endhexsortkey:S',
      'startsortkeyprefix:S',
      'endsortkeyprefix:S',
      'startsortkey:S dep',
      'endsortkey:S dep',
    ],
  ],
  // codexicons
  ['codexicons', '', 'list', 'R', ['names:cdxIcon<235 names> M allspecifier "*" req']],
  // contributors
  [
    'contributors',
    'pc',
    'prop',
    'R',
    ['group:GROUPS M', 'excludegroup:GROUPS M', 'rights:RIGHTS_C M', 'excluderights:RIGHTS_C M', 'limit:LIM=10', 'continue:S'],
  ],
  // deletedrevisions
  [
    'deletedrevisions',
    'drv',
    'prop',
    'GR',
    [
      'prop:REVPROP M="ids|timestamp|flags|comment|user"',
      'slots:{main} M allspecifier "*"',
      'contentformat-{slot}:CF templated {"slot":"slots"}',
      'limit:LIM',
      'expandtemplates:B dep',
      'generatexml:B dep',
      'parse:B dep',
      'section:S',
      'diffto:S dep',
      'difftotext:S dep',
      'difftotextpst:B dep',
      'contentformat:CF dep',
      'start:TS',
      'end:TS',
      'dir:{newer,older}="older"',
      'tag:S',
      'user:USER',
      'excludeuser:USER',
      'continue:S',
    ],
  ],
  // deletedrevs
  [
    'deletedrevs',
    'dr',
    'list',
    'RD',
    [
      'start:TS (modes [1,2])',
      'end:TS (modes [1,2])',
      'dir:{newer,older} (modes [1,3])="older"',
      'from:S (modes [3])',
      'to:S (modes [3])',
      'prefix:S (modes [3])',
      'unique:B (modes [3])',
      'namespace:NS (modes [3])=0',
      'tag:S',
      'user:USER',
      'excludeuser:USER',
      'prop:{comment,content,len,minor,parentid,parsedcomment,revid,sha1,tags,user,userid,token (deprecated value)} M="user|comment"',
      'limit:LIM=10',
      'continue:S',
    ],
  ],
  // duplicatefiles
  ['duplicatefiles', 'df', 'prop', 'GR', ['limit:LIM=10', 'continue:S', 'dir:{ascending,descending}="ascending"', 'localonly:B']],
  // embeddedin
  [
    'embeddedin',
    'ei',
    'list',
    'GR',
    [
      'title:S',
      'pageid:I',
      'continue:S',
      'namespace:NS M allspecifier "*"',
      'dir:{ascending,descending}="ascending"',
      'filterredir:{all,nonredirects,redirects}="all"',
      'limit:LIM=10',
    ],
  ],
  // extlinks
  ['extlinks', 'el', 'prop', 'R', ['limit:LIM=10', 'continue:S', 'protocol:PROTO=""', 'query:S', 'expandurl:B dep']],
  // exturlusage
  [
    'exturlusage',
    'eu',
    'list',
    'GR',
    [
      'prop:{ids,title,url} M="ids|title|url"',
      'continue:S',
      'protocol:PROTO=""',
      'query:S',
      'namespace:NS M allspecifier "*"',
      'limit:LIM=10',
      'expandurl:B dep',
    ],
  ],
  // filearchive
  [
    'filearchive',
    'fa',
    'list',
    'R',
    [
      'from:S',
      'to:S',
      'prefix:S',
      'dir:{ascending,descending}="ascending"',
      'sha1:S',
      'sha1base36:S',
      'prop:{archivename,bitdepth,description,dimensions,mediatype,metadata,mime,parseddescription,sha1,size,timestamp,user} M="timestamp"',
      'limit:LIM=10',
      'continue:S',
    ],
  ],
  // filerepoinfo
  [
    'filerepoinfo',
    'fri',
    'meta',
    'R',
    [
      'prop:{canUpload,displayname,favicon,initialCapital,local,name,rootUrl,scriptDirUrl,thumbUrl,url} M="canUpload|displayname|favicon|initialCapital|local|name|rootUrl|scriptDirUrl|thumbUrl|url"',
    ],
  ],
  // fileusage
  [
    'fileusage',
    'fu',
    'prop',
    'GR',
    [
      'prop:{pageid,redirect,title} M="pageid|title|redirect"',
      'namespace:NS M allspecifier "*"',
      'show:{!redirect,redirect} M',
      'limit:LIM=10',
      'continue:S',
    ],
  ],
  // imageinfo
  [
    'imageinfo',
    'ii',
    'prop',
    'R',
    [
      'prop:{archivename,badfile,bitdepth,canonicaltitle,comment,commonmetadata,dimensions,extmetadata,mediatype,metadata,mime,parsedcomment,sha1,size,thumbmime,timestamp,uploadwarning,url,user,userid} M="timestamp|user"',
      'limit:LIM=1',
      'start:TS',
      'end:TS',
      'urlwidth:I=-1',
      'urlheight:I=-1',
      'metadataversion:S="1"',
      'extmetadatalanguage:S="ru"',
      'extmetadatamultilang:B',
      'extmetadatafilter:S M',
      'urlparam:S=""',
      'badfilecontexttitle:S',
      'continue:S',
      'localonly:B',
    ],
  ],
  // images
  ['images', 'im', 'prop', 'GR', ['limit:LIM=10', 'continue:S', 'images:S M', 'dir:{ascending,descending}="ascending"']],
  // imageusage
  [
    'imageusage',
    'iu',
    'list',
    'GR',
    [
      'title:S',
      'pageid:I',
      'continue:S',
      'namespace:NS M allspecifier "*"',
      'dir:{ascending,descending}="ascending"',
      'filterredir:{all,nonredirects,redirects}="all"',
      'limit:LIM=10',
      'redirect:B',
    ],
  ],
  // info
  [
    'info',
    'in',
    'prop',
    'R',
    [
      'prop:{associatedpage,displaytitle,editintro,linkclasses,notificationtimestamp,preloadcontent,protection,subjectid,talkid,url,varianttitles,visitingwatchers,watched,watchers,watchlistlabels,preload (deprecated value),readable (deprecated value)} M',
      'linkcontext:title="Main Page"',
      'defaultlinkcaption:B',
      'testactions:S M',
      'testactionsdetail:{boolean,full,quick}="boolean"',
      'testactionsautocreate:B',
      'preloadcustom:S (preloadcontentonly)',
      'preloadparams:S M (preloadcontentonly)',
      'preloadnewsection:B (preloadcontentonly)',
      'editintrostyle:{lessframes,moreframes} (editintroonly)="moreframes"',
      'editintroskip:S M (editintroonly)',
      'editintrocustom:S (editintroonly)',
      'continue:S',
    ],
  ],
  // iwbacklinks
  [
    'iwbacklinks',
    'iwbl',
    'list',
    'GR',
    ['prefix:S', 'title:S', 'continue:S', 'limit:LIM=10', 'prop:{iwprefix,iwtitle} M=""', 'dir:{ascending,descending}="ascending"'],
  ],
  // iwlinks
  [
    'iwlinks',
    'iw',
    'prop',
    'R',
    ['prop:{url} M', 'prefix:S', 'title:S', 'dir:{ascending,descending}="ascending"', 'limit:LIM=10', 'continue:S', 'url:B dep'],
  ],
  // langbacklinks
  [
    'langbacklinks',
    'lbl',
    'list',
    'GR',
    ['lang:S', 'title:S', 'continue:S', 'limit:LIM=10', 'prop:{lllang,lltitle} M=""', 'dir:{ascending,descending}="ascending"'],
  ],
  // langlinks
  [
    'langlinks',
    'll',
    'prop',
    'R',
    [
      'prop:{autonym,langname,url} M',
      'lang:S',
      'title:S',
      'dir:{ascending,descending}="ascending"',
      'inlanguagecode:S="ru"',
      'limit:LIM=10',
      'continue:S',
      'url:B dep',
    ],
  ],
  // languageinfo
  [
    'languageinfo',
    'li',
    'meta',
    'R',
    ['prop:{autonym,bcp47,code,dir,fallbacks,name,variantnames,variants} M="code"', 'code:S M="*"', 'continue:S'],
  ],
  // links
  [
    'links',
    'pl',
    'prop',
    'GR',
    ['namespace:NS M allspecifier "*" NSX', 'limit:LIM=10', 'continue:S', 'titles:S M', 'dir:{ascending,descending}="ascending"'],
  ],
  // linkshere
  [
    'linkshere',
    'lh',
    'prop',
    'GR',
    [
      'prop:{pageid,redirect,title} M="pageid|title|redirect"',
      'namespace:NS M allspecifier "*"',
      'show:{!redirect,redirect} M',
      'limit:LIM=10',
      'continue:S',
    ],
  ],
  // logevents
  [
    'logevents',
    'le',
    'list',
    'R',
    [
      'prop:{comment,details,ids,parsedcomment,tags,timestamp,title,type,user,userid} M="ids|title|type|user|timestamp|comment|details"',
      'type:{(empty string),block,contentmodel,create,delete,import,interwiki,managetags,merge,move,newusers,patrol,protect,renameuser,rights,suppress,tag,upload}',
      'action:{block/block,block/reblock,block/unblock,contentmodel/change,contentmodel/new,create/create,delete/delete,delete/delete_redir,delete/delete_redir2,delete/event,delete/restore,delete/revision,import/interwiki,import/upload,interwiki/iw_add,interwiki/iw_delete,interwiki/iw_edit,managetags/activate,managetags/create,managetags/deactivate,managetags/delete,merge/merge,merge/merge-into,move/move,move/move_redir,newusers/autocreate,newusers/byemail,newusers/create,newusers/create2,newusers/newusers,patrol/autopatrol,patrol/patrol,protect/modify,protect/move_prot,protect/protect,protect/unprotect,renameuser/renameuser,rights/autopromote,rights/rights,suppress/block,suppress/delete,suppress/event,suppress/reblock,suppress/revision,tag/update,upload/overwrite,upload/revert,upload/upload}',
      'start:TS',
      'end:TS',
      'dir:{newer,older}="older"',
      'ids:I M',
      'user:USER',
      'title:S',
      'namespace:NS NSX',
      'prefix:S',
      'tag:S',
      'limit:LIM=10',
      'continue:S',
    ],
  ],
  // mystashedfiles
  ['mystashedfiles', 'msf', 'list', 'R', ['prop:{size,type} M=""', 'limit:LIM=10', 'continue:S']],
  // pagepropnames
  ['pagepropnames', 'ppn', 'list', 'R', ['continue:S', 'limit:LIM=10']],
  // pageprops
  ['pageprops', 'pp', 'prop', 'R', ['continue:S', 'prop:S M']],
  // pageswithprop
  [
    'pageswithprop',
    'pwp',
    'list',
    'GR',
    ['propname:S req', 'prop:{ids,title,value} M="ids|title"', 'continue:S', 'limit:LIM=10', 'dir:{ascending,descending}="ascending"'],
  ],
  // prefixsearch
  ['prefixsearch', 'ps', 'list', 'GR', ['search:S req', 'namespace:NS M allspecifier "*"=0', 'limit:LIM=10', 'offset:I min 0=0']],
  // protectedtitles
  [
    'protectedtitles',
    'pt',
    'list',
    'GR',
    [
      'namespace:NS M allspecifier "*"',
      'level:{autoconfirmed,sysop} M',
      'limit:LIM=10',
      'dir:{newer,older}="older"',
      'start:TS',
      'end:TS',
      'prop:{comment,expiry,level,parsedcomment,timestamp,user,userid} M="timestamp|level"',
      'continue:S',
    ],
  ],
  // querypage
  [
    'querypage',
    'qp',
    'list',
    'GR',
    [
      'page:{Ancientpages,BrokenRedirects,Deadendpages,DoubleRedirects,Fewestrevisions,ListDuplicatedFiles,Listredirects,Lonelypages,Longpages,MediaStatistics,Mostcategories,Mostimages,Mostinterwikis,Mostlinked,Mostlinkedcategories,Mostlinkedtemplates,Mostrevisions,Shortpages,Uncategorizedcategories,Uncategorizedimages,Uncategorizedpages,Uncategorizedtemplates,Unusedcategories,Unusedimages,Unusedtemplates,Unwatchedpages,Wantedcategories,Wantedfiles,Wantedpages,Wantedtemplates,Withoutinterwiki} req',
      'offset:I=0',
      'limit:LIM=10',
    ],
  ],
  // random
  [
    'random',
    'rn',
    'list',
    'GR',
    [
      'namespace:NS M allspecifier "*"',
      'filterredir:{all,nonredirects,redirects}="nonredirects"',
      'minsize:I',
      'maxsize:I',
      'contentmodel:{css,javascript,json,text,unknown,vue,wikitext}',
      'redirect:B dep',
      'limit:LIM=1',
      'continue:S',
    ],
  ],
  // recentchanges
  [
    'recentchanges',
    'rc',
    'list',
    'GR',
    [
      'start:TS',
      'end:TS',
      'dir:{newer,older}="older"',
      'namespace:NS M allspecifier "*" NSX',
      'user:USER',
      'excludeuser:USER',
      'tag:S',
      'prop:{comment,flags,ids,loginfo,parsedcomment,patrolled,redirect,sha1,sizes,tags,timestamp,title,user,userid} M="title|timestamp|ids"',
      'show:{!anon,!autopatrolled,!bot,!minor,!patrolled,!redirect,anon,autopatrolled,bot,minor,patrolled,redirect,unpatrolled} M',
      'limit:LIM=10',
      'type:{categorize,edit,external,log,new} M="edit|new|log|categorize"',
      'toponly:B',
      'title:S',
      'continue:S',
      'generaterevisions:B',
      'slot:{main}',
    ],
  ],
  // redirects
  [
    'redirects',
    'rd',
    'prop',
    'GR',
    [
      'prop:{fragment,pageid,title} M="pageid|title"',
      'namespace:NS M allspecifier "*"',
      'show:{!fragment,fragment} M',
      'limit:LIM=10',
      'continue:S',
    ],
  ],
  // revisions
  [
    'revisions',
    'rv',
    'prop',
    'GR',
    [
      'prop:REVPROP M="ids|timestamp|flags|comment|user"',
      'slots:{main} M allspecifier "*"',
      'contentformat-{slot}:CF templated {"slot":"slots"}',
      'limit:LIM (singlepageonly)',
      'expandtemplates:B dep',
      'generatexml:B dep',
      'parse:B dep',
      'section:S',
      'diffto:S dep',
      'difftotext:S dep',
      'difftotextpst:B dep',
      'contentformat:CF dep',
      'startid:I (singlepageonly)',
      'endid:I (singlepageonly)',
      'start:TS (singlepageonly)',
      'end:TS (singlepageonly)',
      'dir:{newer,older} (singlepageonly)="older"',
      'user:USER (singlepageonly)',
      'excludeuser:USER (singlepageonly)',
      'tag:S',
      'continue:S',
    ],
  ],
  // search
  [
    'search',
    'sr',
    'list',
    'GR',
    [
      'search:S req',
      'namespace:NS M allspecifier "*"=0',
      'limit:LIM=10',
      'offset:I min 0=0',
      'what:{nearmatch,text,title}',
      'info:{rewrittenquery,suggestion,totalhits} M="totalhits|suggestion|rewrittenquery"',
      'prop:{categorysnippet,extensiondata,isfilematch,redirectsnippet,redirecttitle,sectionsnippet,sectiontitle,size,snippet,timestamp,titlesnippet,wordcount,hasrelated (deprecated value),score (deprecated value)} M="size|wordcount|timestamp|snippet"',
      'interwiki:B',
      'enablerewrites:B',
      'sort:{relevance}="relevance"',
    ],
  ],
  // siteinfo
  [
    'siteinfo',
    'si',
    'meta',
    'R',
    [
      'prop:{autocreatetempuser,autopromote,autopromoteonce,clientlibraries,copyuploaddomains,dbrepllag,defaultoptions,doubleunderscores,extensions,extensiontags,fileextensions,functionhooks,general,interwikimap,languages,languagevariants,libraries,magicwords,namespacealiases,namespaces,protocols,restrictions,rightsinfo,sbom,showhooks,skins,specialpagealiases,statistics,uploaddialog,usergroups,variables} M="general"',
      'filteriw:{!local,local}',
      'showalldb:B',
      'numberingroup:B',
      'inlanguagecode:S',
    ],
  ],
  // stashimageinfo
  [
    'stashimageinfo',
    'sii',
    'prop',
    'R',
    [
      'filekey:S M',
      'sessionkey:S M dep',
      'prop:{badfile,bitdepth,canonicaltitle,commonmetadata,dimensions,extmetadata,metadata,mime,sha1,size,thumbmime,timestamp,url} M="timestamp|url"',
      'urlwidth:I=-1',
      'urlheight:I=-1',
      'urlparam:S=""',
    ],
  ],
  // tags
  ['tags', 'tg', 'list', 'R', ['continue:S', 'limit:LIM=10', 'prop:{active,defined,description,displayname,hitcount,source} M=""']],
  // templates
  [
    'templates',
    'tl',
    'prop',
    'GR',
    ['namespace:NS M allspecifier "*" NSX', 'limit:LIM=10', 'continue:S', 'templates:S M', 'dir:{ascending,descending}="ascending"'],
  ],
  // tokens
  ['tokens', '', 'meta', '', ['type:{createaccount,csrf,login,patrol,rollback,userrights,watch} M allspecifier "*"="csrf"']],
  // trackingcategories
  [
    'trackingcategories',
    'tc',
    'list',
    'GR',
    ['continue:S', 'trackingcatname:S M', 'min:I', 'max:I', 'limit:LIM=10', 'prop:{hidden,size} M=""'],
  ],
  // transcludedin
  [
    'transcludedin',
    'ti',
    'prop',
    'GR',
    [
      'prop:{pageid,redirect,title} M="pageid|title|redirect"',
      'namespace:NS M allspecifier "*"',
      'show:{!redirect,redirect} M',
      'limit:LIM=10',
      'continue:S',
    ],
  ],
  // usercontribs
  [
    'usercontribs',
    'uc',
    'list',
    'R',
    [
      'limit:LIM=10',
      'start:TS',
      'end:TS',
      'continue:S',
      'user:user{name,ip,temp,interwiki} M',
      'userids:I M',
      'userprefix:S',
      'iprange:S',
      'dir:{newer,older}="older"',
      'namespace:NS M allspecifier "*"',
      'prop:{comment,flags,ids,parsedcomment,patrolled,size,sizediff,tags,timestamp,title} M="ids|title|timestamp|comment|size|flags"',
      'show:{!autopatrolled,!minor,!new,!patrolled,!top,autopatrolled,minor,new,patrolled,top} M',
      'tag:S',
      'toponly:B dep',
    ],
  ],
  // userinfo
  [
    'userinfo',
    'ui',
    'meta',
    'R',
    [
      'prop:{acceptlang,blockinfo,cancreateaccount,centralids,changeablegroups,editcount,email,groupmemberships,groups,hasmsg,implicitgroups,latestcontrib,options,ratelimits,realname,registrationdate,rights,theoreticalratelimits,unreadcount,watchlistlabels} M allspecifier "*"',
      'attachedwiki:S',
    ],
  ],
  // users
  [
    'users',
    'us',
    'list',
    'R',
    [
      'prop:{blockinfo,cancreate,centralids,editcount,emailable,gender,groupmemberships,groups,implicitgroups,registration,rights,tempexpired} M',
      'attachedwiki:S',
      'users:S M',
      'userids:I M',
    ],
  ],
  // watchlist
  [
    'watchlist',
    'wl',
    'list',
    'GR',
    [
      'allrev:B',
      'start:TS',
      'end:TS',
      'namespace:NS M allspecifier "*"',
      'user:USER',
      'excludeuser:USER',
      'dir:{newer,older}="older"',
      'limit:LIM=10',
      'prop:{comment,expiry,flags,ids,labels,loginfo,notificationtimestamp,parsedcomment,patrol,sizes,tags,timestamp,title,user,userid} M="ids|title|flags"',
      'show:{!anon,!autopatrolled,!bot,!minor,!patrolled,!unread,anon,autopatrolled,bot,minor,patrolled,unread} M',
      'type:{categorize,edit,external,log,new} M="edit|new|log|categorize"',
      'labels:I M',
      'owner:user{name}',
      'token:S sensitive',
      'continue:S',
    ],
  ],
  // watchlistraw
  [
    'watchlistraw',
    'wr',
    'list',
    'GR',
    [
      'continue:S',
      'namespace:NS M allspecifier "*"',
      'limit:LIM=10',
      'prop:{changed} M',
      'show:{!changed,changed} M',
      'owner:user{name}',
      'token:S sensitive',
      'dir:{ascending,descending}="ascending"',
      'fromtitle:S',
      'totitle:S',
    ],
  ],
];

describe('built-in catalogue: every module and parameter as the spec says', () => {
  it("has exactly the 64 modules of the spec, in the spec's order", () => {
    assert.deepEqual(
      queryModules.paraminfo.modules.map((m) => m.name),
      MODULE_TABLE.map((r) => r[0]),
    );
    assert.equal(MODULE_TABLE.length, 64);
  });

  for (const [name, prefix, group, flags, params] of MODULE_TABLE) {
    it(`${name} (${prefix || 'empty prefix'}, ${group}${flags.includes('G') ? ', G' : ''})`, () => {
      const module = queryModules.paraminfo.modules.find((m) => m.name === name);
      assert.ok(module, `module ${name} is missing`);
      assert.equal(module.path, `query+${name}`);
      assert.equal(module.prefix, prefix);
      assert.equal(module.group, group);
      assert.equal(module.generator, flags.includes('G') ? '' : undefined, 'generator flag');
      assert.equal(module.readrights, flags.includes('R') ? '' : undefined, 'readrights flag');
      assert.equal(module.deprecated, flags.includes('D') ? '' : undefined, 'deprecated flag');
      assert.deepEqual(allParams(module).map(shorthand), params);
    });
  }
});
