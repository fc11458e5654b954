/**
 * Values of `expiry`-typed parameters, as MediaWiki's ParamValidator checks them
 * (includes/libs/ParamValidator/TypeDef/ExpiryDef.php, ExpiryDef::validate / normalizeExpiry):
 * - `infinite`, `indefinite`, `infinity` and `never` (compared exactly: `Infinite` is not one of them)
 *   mean no expiry;
 * - anything else must be read by PHP's strtotime(), else the error `badexpiry` ("Invalid value …
 *   for expiry parameter …"); MediaWiki 1.45 also wants it before 9999-12-31 (isInMwRange, which
 *   1.39 lacks: there such a time is only past the watchlist's maximum) — `yearLimit`;
 * - a time before now is the error `badexpiry-past`.
 * `ExpiryDef::PARAM_MAX` (the watchlist's longest expiry, badexpiry-duration-max) is not in
 * paraminfo, so it is not checked here.
 *
 * strtotime() reads a great deal ("1 week", "next monday", "tomorrow noon", time zone names, a lone
 * letter — a military time zone): this models a conservative subset and reports a value only where
 * strtotime() surely fails — the value is empty, or a single word that is neither one of
 * strtotime()'s words nor a time zone abbreviation, or contains a long word that no strtotime()
 * word begins. Everything else is left alone (no false alarm). The same table is checked against
 * a real PHP's strtotime() in the mediawiki suite.
 */

/** ExpiryDef::INFINITY_VALS. */
const INFINITY_VALUES: readonly string[] = ['infinite', 'indefinite', 'infinity', 'never'];

export const EXPIRY_HELP =
  "`infinite` (or `indefinite`, `infinity`, `never`), a timestamp (`2030-01-31T12:00:00Z`), or a time PHP's strtotime() reads relative to now (`1 week`, `3 months`, `next monday`)";

/** Words of PHP's date parser (timelib's parse_date.re: relative units, numbers, day and month names, specials). */
const WORDS = new Set(
  (
    'now today midnight noon tomorrow yesterday ago back front of at t ' +
    'first second third fourth fifth sixth seventh eight eighth ninth tenth eleventh twelfth next last previous this ' +
    'ms msec msecs millisecond milliseconds µs µsec µsecs usec usecs microsecond microseconds sec secs second seconds min mins minute minutes ' +
    'hour hours day days week weeks fortnight fortnights forthnight forthnights month months year years weekday weekdays ' +
    'monday mon tuesday tue wednesday wed thursday thu friday fri saturday sat sunday sun ' +
    'january jan february feb march mar april apr may june jun july jul august aug september sep sept october oct november nov december dec ' +
    'i ii iii iv v vi vii viii ix x xi xii am pm a.m. p.m. utc gmt z'
  ).split(' '),
);

/** Time zone abbreviations PHP knows (DateTimeZone::listAbbreviations(), PHP 8.2), single letters aside. */
const ZONES = new Set(
  (
    'acdt acst addt adt aedt aest ahdt ahst akdt akst amt apt ast awdt awst awt bdst bdt bmt bst cast cat cddt cdt cemt cest cet ' +
    'cmt cpt cst cwt chst dmt eat eddt edt eest eet emt ept est ewt ffmt fmt gdt gmt gst hdt hkst hkt hmt hpt hst hwt iddt idt imt ' +
    'ist jdt jmt jst kdt kmt kst lst mddt mdst mdt mest met mmt mpt msd msk mst mwt nddt ndt npt nst nwt nzdt nzmt nzst pddt pdt ' +
    'pkst pkt plmt pmt ppmt ppt pst pwt qmt rmt sast sdmt sjmt smt sst tbmt tmt uct utc wast wat wemt west wet wib wita wit wmt ' +
    'yddt ydt ypt yst ywt'
  ).split(' '),
);

/** The longest word the parser can read as a time zone abbreviation (timelib: [A-Za-z]{1,6}). */
const ZONE_WORD = 6;

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export type ExpiryVerdict = { code: 'badexpiry' | 'badexpiry-past'; why: string } | undefined;

/**
 * The verdict ExpiryDef gives `v`, where it is sure (see above). `now` is the current time in
 * milliseconds (a parameter, so that tests can fix it).
 */
export function expiryProblem(v: string, now: number, options: { yearLimit?: boolean } = {}): ExpiryVerdict {
  if (INFINITY_VALUES.includes(v)) return undefined;
  if (v === '') return { code: 'badexpiry', why: 'it is empty' };
  const lower = v.toLowerCase();
  if (INFINITY_VALUES.includes(lower.trim())) {
    return { code: 'badexpiry', why: `the words for no expiry are matched exactly: write "${lower.trim()}"` };
  }
  const iso = ISO.exec(v);
  if (iso) return isoVerdict(iso, now, options.yearLimit === true);
  const words = lower.trim().split(/\s+/);
  if (words.length === 1 && /^[a-z]+$/.test(words[0])) {
    const w = words[0];
    if (unknownWord(w)) return { code: 'badexpiry', why: `PHP's strtotime() does not read "${v}"` };
    return undefined;
  }
  for (const w of words) {
    if (/^[a-z]+$/.test(w) && w.length > ZONE_WORD && unknownWord(w)) {
      return { code: 'badexpiry', why: `PHP's strtotime() does not read the word "${w}"` };
    }
  }
  return undefined;
}

/**
 * A word PHP's parser surely cannot read: not a lone letter (military time zones), not one of its
 * words or zone abbreviations, and not begun by one of two letters or more (`tomorrowx` is read as
 * tomorrow in zone X).
 */
function unknownWord(w: string): boolean {
  if (w.length === 1 || WORDS.has(w) || ZONES.has(w)) return false;
  for (let n = 2; n < w.length; n++) {
    const head = w.slice(0, n);
    if (WORDS.has(head) || ZONES.has(head)) return false;
  }
  return true;
}

function isoVerdict(m: RegExpExecArray, now: number, yearLimit: boolean): ExpiryVerdict {
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = m;
  const month = Number(mo);
  const day = Number(d);
  // strtotime() rolls over days and times it can read (2030-02-30 is 2030-03-02): only months past 12 and days past 31 fail.
  if (month > 12 || day > 31 || Number(h) > 24 || Number(mi) > 59 || Number(s) > 60) return undefined;
  let t = Date.UTC(Number(y), month - 1, day, Number(h), Number(mi), Number(s));
  if (zone && zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    t -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  // isInMwRange: before 9999-12-31T00:00:00Z (with a day's margin for the server's time zone when none is given).
  const margin = zone ? 0 : 86_400_000;
  if (yearLimit && t >= Date.UTC(9999, 11, 31) + margin)
    return { code: 'badexpiry', why: 'it is past 9999-12-31, the last date MediaWiki stores' };
  if (Number(y) === 0 && month === 1 && day === 1) return undefined;
  // In the past: with no zone, a day's margin (the server reads it in its own time zone).
  if (t < now - margin) return { code: 'badexpiry-past', why: 'it is in the past' };
  return undefined;
}
