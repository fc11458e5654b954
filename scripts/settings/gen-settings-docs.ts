/**
 * Writes what package.json, README.md and docs/security.md (its budget table) say about the settings from the one table (common/settings.ts):
 *   npm run gen:settings-docs
 * Run it after changing the table; test/unit/settings fails until it was run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as prettier from 'prettier';
import {
  activationEvents,
  packageConfiguration,
  REPO_CONFIG_SCHEMA,
  repoConfigSchema,
  restrictedConfigurations,
  withBudgetTable,
  withReadmeTable,
} from './settingsDocs';
import { REPO_CONFIG_FILE } from '../../common/settings';

async function main(): Promise<void> {
  const root = path.join(__dirname, '..', '..');
  const pkgPath = path.join(root, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  pkg.contributes.configuration = packageConfiguration();
  pkg.activationEvents = activationEvents(pkg.activationEvents ?? []);
  pkg.capabilities.untrustedWorkspaces.restrictedConfigurations = restrictedConfigurations();
  pkg.contributes.jsonValidation = [{ fileMatch: REPO_CONFIG_FILE, url: `./${REPO_CONFIG_SCHEMA}` }];
  const options = (await prettier.resolveConfig(pkgPath)) ?? {};
  fs.writeFileSync(pkgPath, await prettier.format(JSON.stringify(pkg, null, 2), { ...options, filepath: pkgPath }));
  const schemaPath = path.join(root, REPO_CONFIG_SCHEMA);
  fs.mkdirSync(path.dirname(schemaPath), { recursive: true });
  fs.writeFileSync(schemaPath, await prettier.format(JSON.stringify(repoConfigSchema(), null, 2), { ...options, filepath: schemaPath }));
  const readmePath = path.join(root, 'README.md');
  fs.writeFileSync(readmePath, withReadmeTable(fs.readFileSync(readmePath, 'utf8')));
  const securityPath = path.join(root, 'docs', 'security.md');
  fs.writeFileSync(securityPath, withBudgetTable(fs.readFileSync(securityPath, 'utf8')));
  process.stdout.write(
    `package.json (contributes.configuration, restrictedConfigurations, jsonValidation, activationEvents), ${REPO_CONFIG_SCHEMA} README.md (settings table) and docs/security.md (budget table) written.\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`gen:settings-docs failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
