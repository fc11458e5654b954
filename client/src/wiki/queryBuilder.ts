/**
 * "Wiki Query: Build Query…": quick picks walk group → module → parameters → values, from the
 * catalogue the server uses (`wikimapQuery/catalogue`), then insert the query at the cursor, run it,
 * or copy it. Nobody has to remember a prefix: parameters are offered with theirs.
 *
 * For scripted use (and the end-to-end tests) the command also takes the answers as an argument:
 * `{ group, module, values: { aplimit: '5' }, then: 'insert' | 'run' | 'copy' | 'return' }`.
 */
import * as vscode from 'vscode';
import { WIKI_LANGUAGE_ID, type CatalogueResult, type ParaminfoModule, type ParaminfoParameter } from '../../../common/protocol';
import type { QueryLanguageClient } from '../languageClient';
import {
  builderParameters,
  checkTypedValue,
  composeQuery,
  describeParameter,
  flag,
  modulesOfGroup,
  pageSetParameters,
  wireName,
  type ModuleGroup,
} from '../../../run/wiki/queryComposer';
import { errorMessage } from '../../../common/errorMessage';

export interface BuilderAnswers {
  group?: ModuleGroup;
  module?: string;
  /** By wire name (with prefix) or plain name. */
  values?: Record<string, string>;
  then?: 'insert' | 'run' | 'copy' | 'return';
}

const GROUPS: Array<{ group: ModuleGroup; label: string; detail: string }> = [
  { group: 'list', label: 'list', detail: 'Lists: all pages, category members, recent changes, search, users, …' },
  { group: 'prop', label: 'prop', detail: 'Properties of given pages: revisions, categories, links, info, images, …' },
  { group: 'meta', label: 'meta', detail: 'Wiki meta data: site info, user info, messages, …' },
];

export class QueryBuilder {
  constructor(
    private readonly client: QueryLanguageClient,
    private readonly runText: (text: string) => Promise<unknown>,
  ) {}

  /** Returns the query text built (undefined when the user stopped). */
  async build(answers: BuilderAnswers = {}): Promise<string | undefined> {
    const editor = vscode.window.activeTextEditor;
    let catalogue: CatalogueResult;
    try {
      catalogue = await this.client.catalogue({ uri: editor?.document.uri.toString() });
    } catch (e) {
      void vscode.window.showErrorMessage(`Could not get the wiki catalogue from the language server: ${errorMessage(e)}`);
      return undefined;
    }

    const group = answers.group ?? (await this.pickGroup());
    if (!group) return undefined;
    const modules = modulesOfGroup(catalogue.modules, group);
    let module: ParaminfoModule | undefined;
    if (answers.module) {
      module = modules.find((m) => m.name === answers.module);
      if (!module) {
        void vscode.window.showErrorMessage(`The catalogue (${catalogue.source}) has no ${group} module "${answers.module}".`);
        return undefined;
      }
    } else module = await this.pickModule(group, modules, catalogue.source);
    if (!module) return undefined;

    const values = answers.values ? this.valuesFromAnswers(module, answers.values) : await this.askValues(group, module, catalogue);
    if (!values) return undefined;
    const text = composeQuery(group, module, values);

    const then = answers.then ?? (await this.pickThen(text));
    if (!then) return undefined;
    if (then === 'insert') await this.insert(text);
    else if (then === 'run') await this.runText(text);
    else if (then === 'copy') {
      await vscode.env.clipboard.writeText(text);
      void vscode.window.showInformationMessage(`Copied: ${text}`);
    }
    return text;
  }

  private async pickGroup(): Promise<ModuleGroup | undefined> {
    const pick = await vscode.window.showQuickPick(
      GROUPS.map((g) => ({ label: g.label, detail: g.detail, group: g.group })),
      { title: 'Build Query (1/4): what do you want to query?', placeHolder: 'list, prop or meta', ignoreFocusOut: true },
    );
    return pick?.group;
  }

  private async pickModule(group: ModuleGroup, modules: ParaminfoModule[], source: string): Promise<ParaminfoModule | undefined> {
    const pick = await vscode.window.showQuickPick(
      modules.map((m) => ({
        label: m.name,
        description: [
          m.prefix ? `prefix ${m.prefix}` : 'no prefix',
          flag(m, 'generator') ? 'generator' : '',
          flag(m, 'deprecated') ? 'deprecated' : '',
        ]
          .filter(Boolean)
          .join(' · '),
        detail: `${m.parameters.length} parameters`,
        module: m,
      })),
      {
        title: `Build Query (2/4): ${group} module`,
        placeHolder: `Type to filter the ${modules.length} ${group} modules (catalogue: ${source})`,
        matchOnDescription: true,
        ignoreFocusOut: true,
      },
    );
    return pick?.module;
  }

  private valuesFromAnswers(module: ParaminfoModule, given: Record<string, string>): Array<[string, string]> {
    return Object.entries(given).map(([k, v]) => {
      const p = module.parameters.find((q) => q.name === k);
      return [p ? wireName(module, p) : k, v];
    });
  }

  private async askValues(
    group: ModuleGroup,
    module: ParaminfoModule,
    catalogue: CatalogueResult,
  ): Promise<Array<[string, string]> | undefined> {
    const params = builderParameters(module);
    // A prop module works on pages: offer the query module's page-set parameters first (titles ticked).
    const pageSet = group === 'prop' ? pageSetParameters(catalogue.modules) : [];
    const picks = await vscode.window.showQuickPick(
      [
        ...pageSet.map((p) => ({
          label: p.name,
          description: `${describeParameter(p)} · pages to look at`,
          picked: p.name === 'titles',
          param: p,
        })),
        ...params.map((p) => ({ label: wireName(module, p), description: describeParameter(p), picked: flag(p, 'required'), param: p })),
      ],
      {
        title: `Build Query (3/4): parameters of ${module.name}`,
        placeHolder: 'Tick the parameters to set (required ones are ticked); Enter to go on',
        canPickMany: true,
        matchOnDescription: true,
        ignoreFocusOut: true,
      },
    );
    if (!picks) return undefined;
    const values: Array<[string, string]> = [];
    for (const { param, label } of picks) {
      const v = await this.askValue(module, param, label, catalogue);
      if (v === undefined) return undefined;
      values.push([label, v]);
    }
    return values;
  }

  private async askValue(
    module: ParaminfoModule,
    p: ParaminfoParameter,
    wire: string,
    catalogue: CatalogueResult,
  ): Promise<string | undefined> {
    const multi = flag(p, 'multi');
    const title = `Build Query (4/4): ${wire} — ${describeParameter(p)}`;
    if (p.type === 'string' && wire === 'titles') {
      return vscode.window.showInputBox({
        title,
        prompt: 'Page titles separated by |, e.g. Main Page|Help:Contents',
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : 'Name at least one page.'),
      });
    }
    const deprecated = new Set(Array.isArray(p.deprecatedvalues) ? (p.deprecatedvalues as string[]) : []);
    if (Array.isArray(p.type) || p.type === 'namespace') {
      const items = Array.isArray(p.type)
        ? p.type.map((v) => ({ label: v === '' ? '(empty)' : v, value: v, description: deprecated.has(v) ? 'deprecated' : undefined }))
        : catalogue.namespaces.map((ns) => ({ label: String(ns.id), value: String(ns.id), description: ns.name || '(main)' }));
      const defaults = new Set(String(p.default ?? '').split('|'));
      if (multi) {
        const chosen = await vscode.window.showQuickPick(
          items.map((i) => ({ ...i, picked: defaults.has(i.value) })),
          { title, canPickMany: true, ignoreFocusOut: true },
        );
        return chosen ? chosen.map((c) => c.value).join('|') : undefined;
      }
      const chosen = await vscode.window.showQuickPick(items, {
        title,
        ignoreFocusOut: true,
        placeHolder: p.default !== undefined ? `default: ${String(p.default)}` : undefined,
      });
      return chosen?.value;
    }
    if (p.type === 'boolean') return '1'; // presence means true; `false`/`0` would also mean true
    return vscode.window.showInputBox({
      title,
      prompt:
        p.type === 'limit'
          ? 'A number or "max"'
          : p.type === 'timestamp'
            ? 'ISO 8601 timestamp or "now"'
            : multi
              ? 'Several values separated by |'
              : undefined,
      value: p.default !== undefined ? String(p.default) : p.type === 'limit' ? '10' : '',
      ignoreFocusOut: true,
      validateInput: (v) => checkTypedValue(p, v),
    });
  }

  private async pickThen(text: string): Promise<BuilderAnswers['then'] | undefined> {
    const pick = await vscode.window.showQuickPick(
      [
        { label: '$(insert) Insert at cursor', then: 'insert' as const },
        { label: '$(play) Run', then: 'run' as const },
        { label: '$(copy) Copy', then: 'copy' as const },
      ],
      { title: 'Build Query: done', placeHolder: text, ignoreFocusOut: true },
    );
    return pick?.then;
  }

  /** On its own line at the cursor of a wikiquery editor; else in a new wikiquery document. */
  private async insert(text: string): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (editor && (editor.document.languageId === WIKI_LANGUAGE_ID || editor.document.languageId === 'markdown')) {
      const pos = editor.selection.active;
      const line = editor.document.lineAt(pos.line);
      const before = line.isEmptyOrWhitespace ? '' : '\n';
      const at = line.isEmptyOrWhitespace ? line.range.start : line.range.end;
      await editor.edit((b) => b.insert(at, `${before}${text}`));
      return;
    }
    const doc = await vscode.workspace.openTextDocument({ language: WIKI_LANGUAGE_ID, content: `${text}\n` });
    await vscode.window.showTextDocument(doc);
  }
}
