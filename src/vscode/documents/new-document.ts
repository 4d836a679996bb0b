// "Netmon: New Test Document…": pick a kind (the eight enterprise test types, two instant
// tests, a search filter), pick the enterprise agents the connected account is known to
// have, choose where to save; the document is written (commented, valid as written) and opened.
import * as vscode from 'vscode';
import type { CatalogAgent, TemplateInfo } from '../../documents';
import type { ConnectionManager } from '../connection/connection-manager';
import type { Prompts } from '../ui/prompts';
import type { CatalogCache } from './catalog';
import { writeNewFile } from '../files/save-files';
import { exists } from './checked';
import { documentsLibrary as lib } from './library';

/** Agents offered in the multi-pick; an account with more is better served by completion. */
const MAX_AGENTS_OFFERED = 500;
/** Save dialogs asked when the names chosen are taken, before the command gives up. */
const MAX_SAVE_ATTEMPTS = 5;

export class NewDocumentCommand {
  constructor(private readonly connection: ConnectionManager, private readonly catalog: CatalogCache, private readonly prompts: Prompts) {}

  /** Resolves with the new document's URI, or undefined when the user stopped. */
  async run(): Promise<vscode.Uri | undefined> {
    const template = await this.pickTemplate();
    if (!template) return undefined;
    const agents = template.usesEnterpriseAgents ? await this.pickAgents() : [];
    if (agents === undefined) return undefined;
    const uri = await this.chooseLocation(template);
    if (!uri) return undefined;
    const text = lib().newDocumentText(template.id, { agents: agents.map((a) => ({ agentId: a.agentId, name: a.name })) });
    await writeNewFile(uri, text);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    return uri;
  }

  /**
   * The save dialog, filtered to the kind's suffix. A name typed without the suffix gets it (the
   * dialog keeps only what was typed); a name already taken asks again, so the kind and agents
   * chosen before are never lost to a late error.
   */
  private async chooseLocation(template: TemplateInfo): Promise<vscode.Uri | undefined> {
    const suffix = lib().DOCUMENT_SUFFIXES[template.kind];
    let title = `Save the new ${template.label.toLowerCase()} as`;
    let defaultUri = defaultLocation(lib().templateFileName(template.id));
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
      // Dialogs match one extension: a two-dot one makes them append it to a name already ending in
      // it (x.netmon-test.json.netmon-test.json). Filter on json; withSuffix adds the kind's part.
      const chosen = await this.prompts.saveLocation({ title, defaultUri, filters: { [`Netmon ${template.kind} document (*${suffix})`]: ['json'] } });
      if (!chosen) return undefined;
      const uri = withSuffix(chosen, suffix);
      if (!(await exists(uri))) return uri;
      title = `${vscode.workspace.asRelativePath(uri)} already exists: choose another name for the new ${template.label.toLowerCase()}`;
      defaultUri = uri;
    }
    throw new Error(`no free file name was chosen after ${MAX_SAVE_ATTEMPTS} tries`);
  }

  private async pickTemplate(): Promise<TemplateInfo | undefined> {
    const items = lib().TEMPLATES.map((template) => ({ label: template.label, description: template.description, template }));
    return (await this.prompts.choose(items, { title: 'New Netmon document', placeHolder: 'What should the document describe?' }))?.template;
  }

  /** The account's known enterprise agents, or none (a placeholder) when it knows none. */
  private async pickAgents(): Promise<CatalogAgent[] | undefined> {
    if (!this.connection.current) return [];
    const known = (await this.catalog.ready())?.validation.enterpriseAgents ?? [];
    if (known.length === 0) return [];
    const items = known.slice(0, MAX_AGENTS_OFFERED).map((agent, index) => ({
      label: agent.name, description: `agent ${agent.agentId}${agent.location ? ` · ${agent.location}` : ''}`, detail: agent.source, picked: index === 0, agent,
    }));
    const picked = await this.prompts.chooseMany(items, { title: 'Enterprise agents that run the test', placeHolder: 'Pick one or more (completion in the document lists them all)' });
    if (picked === undefined) return undefined;
    return picked.length > 0 ? picked.map((item) => item.agent) : [];
  }
}

function defaultLocation(fileName: string): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return folder && vscode.Uri.joinPath(folder, fileName);
}

/** `name`, `name.json` or `name.netmon-<other kind>.json` become `name<suffix>`. */
export function withSuffix(uri: vscode.Uri, suffix: string): vscode.Uri {
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  if (name.toLowerCase().endsWith(suffix)) return uri;
  const stem = name.replace(/\.json$/i, '').replace(/\.netmon-(test|instant|filter)$/i, '') || 'netmon';
  return vscode.Uri.joinPath(uri, '..', `${stem}${suffix}`);
}
