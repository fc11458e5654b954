/**
 * Records how a real MediaWiki 1.45 answers the cross-origin probes of test/fakes/corsProbes.ts into
 * fixtures/cors-1.45.json (read by corsRecorded.test.ts): `npm run record-cors -- http://HOST/api.php`.
 * The wiki needs default cross-origin settings ($wgCrossSiteAJAXdomains empty, $wgAllowedCorsHeaders as
 * shipped); anonymous reading may be on or off (JSON answers are not kept).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORS_PROBES, sendCorsProbe } from '../fakes/corsProbes';

async function main(): Promise<void> {
  const apiUrl = process.argv[2];
  if (!apiUrl) throw new Error('usage: npm run record-cors -- http://HOST/api.php');
  const siteinfo = (await (await fetch(`${apiUrl}?action=query&meta=siteinfo&format=json&formatversion=2`)).json()) as {
    query: { general: { generator: string } };
  };
  const answers: Record<string, unknown> = {};
  for (const probe of CORS_PROBES) answers[probe.name] = await sendCorsProbe(apiUrl, probe);
  const out = path.join(__dirname, 'fixtures', 'cors-1.45.json');
  fs.writeFileSync(out, `${JSON.stringify({ generator: siteinfo.query.general.generator, answers }, null, 2)}\n`);
  console.log(
    `${Object.keys(answers).length} answers of ${siteinfo.query.general.generator} written to ${path.relative(process.cwd(), out)}`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
