/**
 * What a file's media handler makes of imageinfo's `urlparam` (the `mediaHandler` rules of constraints.json):
 * ApiQueryImageInfo::getScale and ::mergeThumbParams (1.39, 1.43, 1.45) hand the value to the handler of the
 * file's type (MediaHandler::parseParamString, ::validateParam, ::normaliseParams). The handler follows the
 * file's MIME type, which its name tells for the handlers named here (an upload whose contents do not match its
 * extension is refused by default, $wgVerifyMimeType). The module reads the value only for a file the wiki has,
 * so every verdict here assumes the file exists, and the messages say so. Pure.
 */

/** What a handler's parseParamString returns: the parameters, or `false` when it cannot parse the string. */
export type HandlerParams = { width: string; interlace?: boolean; quality?: string } | false;

/** BitmapHandler::parseParamString: an optional `interlaced-`, then ImageHandler's `NNNpx`. */
function bitmapParams(str: string): HandlerParams {
  const remainder = str.replace(/^interlaced-/, '');
  const m = /^(\d+)px$/.exec(remainder);
  return m ? { width: m[1], interlace: remainder !== str } : false;
}

/** JpegHandler::parseParamString: `q<quality>-` anywhere (only `low` is a quality it validates), then a bitmap's. */
function jpegParams(str: string): HandlerParams {
  const m = /q([^-]+)-(.*)$/.exec(str);
  if (!m) return bitmapParams(str);
  if (m[1] !== 'low') return false;
  const res = bitmapParams(m[2]);
  return res && { ...res, quality: m[1] };
}

/** The handlers the rules may name, by class. */
const PARSERS: Record<string, (str: string) => HandlerParams> = { BitmapHandler: bitmapParams, JpegHandler: jpegParams };

/** Whether a rule's handler name is one this module mirrors. */
export function isKnownHandler(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(PARSERS, name);
}

/** A verdict of mergeThumbParams: the server's code and what its message needs. */
export type UrlParamVerdict =
  | { code: 'badurlparam'; normal: boolean }
  | { code: 'urlparamwidth'; width: string; urlwidth: number }
  | { code: 'invalidurlparam'; name: string; value: string };

/**
 * ApiQueryImageInfo::mergeThumbParams for one file of handler `handler`, `urlparam` given: the warnings and the
 * error it gives, in order. `urlwidth`/`urlheight` are the integers given (-1, the default, when not).
 * - PHP reads `urlparam` as false when it is '' or '0' (getScale, and `if ( !$otherParams )`): nothing.
 * - A string the handler cannot parse: `badurlparam`; then without urlwidth or urlheight no width is left to
 *   normalise (ImageHandler::normaliseParams): `urlparamnormal` (`normal: true`).
 * - Parsed with a width other than urlwidth: `urlparamwidth` (with urlheight alone the width is the file's own,
 *   not known here: not judged).
 * - A width of 0 (ImageHandler::validateParam wants more than 0): `invalidurlparam`.
 * Undefined handler, or a value with a line break (PHP's `$` and `.` read those otherwise): nothing judged.
 */
export function urlParamVerdicts(handler: string, urlparam: string, urlwidth: number, urlheight: number): UrlParamVerdict[] {
  const parse = PARSERS[handler];
  if (!parse || urlparam === '' || urlparam === '0' || /[\r\n]/.test(urlparam)) return [];
  const params = parse(urlparam);
  if (!params) return [{ code: 'badurlparam', normal: urlwidth === -1 && urlheight === -1 }];
  const out: UrlParamVerdict[] = [];
  if (urlwidth !== -1 && Number(params.width) !== urlwidth) out.push({ code: 'urlparamwidth', width: params.width, urlwidth });
  if (!(Number(params.width) > 0)) out.push({ code: 'invalidurlparam', name: 'width', value: params.width });
  return out;
}
