/**
 * What a wiki needs in its LocalSettings.php for corpus-limits.txt: $wgWatchlistExpiry (so that
 * action=watch has `expiry` and the write modules have `watchlistexpiry`, typed `expiry`) and
 * action=limitsprobe, a small API module with StringDef limits. Used by limitsAgreement.test.ts
 * (MediaWiki 1.39, started by the suite) and record-limits-1.45.ts (printed with --settings for a
 * wiki built by hand).
 */
/**
 * An API module declared in LocalSettings.php, as an extension declares one: its parameters carry
 * StringDef::PARAM_MAX_BYTES / PARAM_MAX_CHARS, so the wiki's own StringDef judges their lengths
 * and its paraminfo gives maxbytes / maxchars.
 */
const LIMITS_PROBE = `
class ApiLimitsProbe extends ApiBase {
  public function execute() {
    $this->getResult()->addValue( null, 'limitsprobe', $this->extractRequestParams() );
  }
  public function getAllowedParams() {
    return [
      'text' => [
        Wikimedia\\ParamValidator\\ParamValidator::PARAM_TYPE => 'string',
        Wikimedia\\ParamValidator\\TypeDef\\StringDef::PARAM_MAX_BYTES => 12,
        Wikimedia\\ParamValidator\\TypeDef\\StringDef::PARAM_MAX_CHARS => 5,
      ],
      'items' => [
        Wikimedia\\ParamValidator\\ParamValidator::PARAM_TYPE => 'string',
        Wikimedia\\ParamValidator\\ParamValidator::PARAM_ISMULTI => true,
        Wikimedia\\ParamValidator\\TypeDef\\StringDef::PARAM_MAX_CHARS => 3,
      ],
    ];
  }
}
$wgAPIModules['limitsprobe'] = 'ApiLimitsProbe';
`;

export const LIMITS_SETTINGS = `$wgWatchlistExpiry = true;\n${LIMITS_PROBE}`;
