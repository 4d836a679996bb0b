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

export class NewDocumentCommand {
  constructor(private readonly connection: ConnectionManager, private readonly catalog: CatalogCache, private readonly prompts: Prompts) {}

  /** Resolves with the new document's URI, or undefined when the user stopped. */
  async run(): Promise<vscode.Uri | undefined> {
    const template = await this.pickTemplate();
    if (!template) return undefined;
    const agents = template.usesEnterpriseAgents ? await this.pickAgents() : [];
    if (agents === undefined) return undefined;
    const uri = await this.prompts.saveLocation({
      title: `Save the new ${template.label.toLowerCase()} as`,
      defaultUri: defaultLocation(lib().templateFileName(template.id)),
      filters: { 'Netmon documents': ['json'] },
    });
    if (!uri) return undefined;
    const kind = lib().documentKindOf(uri.path);
    if (kind !== template.kind) throw new Error(`${uri.path.split('/').pop()} must end with ${lib().DOCUMENT_SUFFIXES[template.kind]} to be a Netmon ${template.kind} document`);
    if (await exists(uri)) throw new Error(`${vscode.workspace.asRelativePath(uri)} already exists; choose another name`);
    const text = lib().newDocumentText(template.id, { agents: agents.map((a) => ({ agentId: a.agentId, name: a.name })) });
    await writeNewFile(uri, text);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    return uri;
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
