// "Netmon: New Test Document…" (or a kind's own entry on the Deployed Tests view): pick a
// kind, pick the enterprise agents the connected account is known to have; the document is
// written straight into the workspace (the folder of `netmon.documents.newDocumentFolder`,
// a free name from the kind), opened, and its test name and target are tab stops — typing the
// name, Tab, the URL and saving is one edit. Only when that write fails is a save dialog
// asked, with the kind and agents already chosen kept. The endpoint kinds (v7) come from
// new-endpoint-document.ts.
import * as vscode from 'vscode';
import type { CatalogAgent, TemplateId, TemplateInfo } from '../../documents';
import type { ConnectionManager } from '../connection/connection-manager';
import { errorText, type ErrorWithAction } from '../errors';
import type { Prompts } from '../ui/prompts';
import type { CatalogCache } from './catalog';
import { writeNewFile } from '../files/save-files';
import { exists } from './checked';
import { documentsLibrary as lib } from './library';
import {
  endpointKindItems,
  isEndpointKindItem,
  newEndpointDocument,
  type EndpointKindItem,
} from './new-endpoint-document';

/** Agents offered in the multi-pick; an account with more is better served by completion. */
const MAX_AGENTS_OFFERED = 500;
/** Save dialogs asked when the names chosen are taken, before the command gives up. */
const MAX_SAVE_ATTEMPTS = 5;
/** `new-http-server-2…` names tried in the folder before asking where to save instead. */
const MAX_NUMBERED_NAMES = 99;

export const NEW_DOCUMENT_FOLDER_SETTING = 'netmon.documents.newDocumentFolder';
export const DEFAULT_NEW_DOCUMENT_FOLDER = 'netmon-tests';
const CHOOSE_LOCATION = 'Choose Where to Save…';

/** What is written: the kind's label and document kind (for messages and the save dialog), its file name. */
interface NewFile {
  label: string;
  kind: TemplateInfo['kind'];
  fileName: string;
}

export class NewDocumentCommand {
  constructor(
    private readonly connection: ConnectionManager,
    private readonly catalog: CatalogCache,
    private readonly prompts: Prompts,
  ) {}

  /**
   * Resolves with the new document's URI, or undefined when the user stopped. `argument`: a
   * type group of the Deployed Tests view (its label is the test type), which picks the kind.
   */
  async run(argument?: unknown): Promise<vscode.Uri | undefined> {
    const template = templateOfNode(argument) ?? (await this.pickTemplate());
    if (!template) return undefined;
    if (isEndpointKindItem(template)) return this.runEndpoint(template);
    const agents = template.usesEnterpriseAgents ? await this.pickAgents() : [];
    if (agents === undefined) return undefined;
    const text = lib().newDocumentText(template.id, {
      agents: agents.map((a) => ({ agentId: a.agentId, name: a.name })),
    });
    const file = { label: template.label, kind: template.kind, fileName: lib().templateFileName(template.id) };
    return this.writeAndOpen(file, text, agents.length);
  }

  private async runEndpoint(item: EndpointKindItem): Promise<vscode.Uri | undefined> {
    const made = await newEndpointDocument(item, this.connection, this.prompts);
    return (
      made && this.writeAndOpen({ label: item.label, kind: 'endpoint-test', fileName: made.fileName }, made.text, 0)
    );
  }

  private async writeAndOpen(template: NewFile, text: string, agentCount: number): Promise<vscode.Uri | undefined> {
    const uri =
      (await this.writeInWorkspace(template, text, agentCount)) ?? (await this.writeWhereChosen(template, text));
    if (!uri) return undefined;
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    // The same text, its name and target as tab stops: what the user types first is selected.
    const document = editor.document;
    await editor.insertSnippet(
      new vscode.SnippetString(lib().templateSnippet(document.getText())),
      new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)),
    );
    // The snippet rewrote the text as it was: saved again, the editor is not left with unsaved changes.
    await document.save();
    return uri;
  }

  /**
   * The kind's free name in the new-document folder, written; undefined when there is no
   * workspace folder, or (after saying why and what to do) when the write failed.
   */
  private async writeInWorkspace(template: NewFile, text: string, agentCount: number): Promise<vscode.Uri | undefined> {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    if (!root) return undefined;
    let folder: vscode.Uri | undefined;
    try {
      const segments = newDocumentFolder();
      folder = vscode.Uri.joinPath(root, ...segments);
      await refuseLinkedFolders(root, segments);
      await vscode.workspace.fs.createDirectory(folder);
      // Again once made: what createDirectory made is ours, what was there may have changed.
      await refuseLinkedFolders(root, segments);
      const uri = await freeName(folder, template.fileName);
      await writeNewFile(uri, text);
      return uri;
    } catch (error) {
      const agentsChosen = agentCount > 0 ? ` and the ${agentCount} agent${agentCount === 1 ? '' : 's'} chosen` : '';
      const kept = `the kind (${template.label.toLowerCase()})${agentsChosen}`;
      const where = folder ? vscode.workspace.asRelativePath(folder) : `the folder of "${NEW_DOCUMENT_FOLDER_SETTING}"`;
      const message =
        `${errorText(`Writing the new document in ${where}`, error)} ${CHOOSE_LOCATION.replace('…', '')} keeps ` +
        `${kept}; or change the setting "${NEW_DOCUMENT_FOLDER_SETTING}".`;
      if ((await this.prompts.fail(message, CHOOSE_LOCATION)) !== CHOOSE_LOCATION) throw new StoppedAfterFailure();
      return undefined;
    }
  }

  /** The save dialog: with no workspace folder, or after the write in it failed. */
  private async writeWhereChosen(template: NewFile, text: string): Promise<vscode.Uri | undefined> {
    const uri = await this.chooseLocation(template);
    if (!uri) return undefined;
    await writeNewFile(uri, text);
    return uri;
  }

  /**
   * The save dialog, filtered to the kind's suffix. A name typed without the suffix gets it (the
   * dialog keeps only what was typed); a name already taken asks again, so the kind and agents
   * chosen before are never lost to a late error.
   */
  private async chooseLocation(template: NewFile): Promise<vscode.Uri | undefined> {
    const suffix = lib().DOCUMENT_SUFFIXES[template.kind];
    let title = `Save the new ${template.label.toLowerCase()} as`;
    let defaultUri = defaultLocation(template.fileName);
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
      // Dialogs match one extension: a two-dot one makes them append it to a name already ending in
      // it (x.netmon-test.json.netmon-test.json). Filter on json; withSuffix adds the kind's part.
      const chosen = await this.prompts.saveLocation({
        title,
        defaultUri,
        filters: { [`Netmon ${template.kind} document (*${suffix})`]: ['json'] },
      });
      if (!chosen) return undefined;
      const uri = withSuffix(chosen, suffix);
      if (!(await exists(uri))) return uri;
      title =
        `${vscode.workspace.asRelativePath(uri)} already exists: choose another name for the new ` +
        `${template.label.toLowerCase()}`;
      defaultUri = uri;
    }
    throw new Error(`no free file name was chosen after ${MAX_SAVE_ATTEMPTS} tries`);
  }

  private async pickTemplate(): Promise<TemplateInfo | EndpointKindItem | undefined> {
    const items = lib().TEMPLATES.map((template) => ({
      label: template.label,
      description: template.description,
      template,
    }));
    const endpoint = endpointKindItems().map((item) => ({ ...item, template: item }));
    return (
      await this.prompts.choose([...items, ...endpoint], {
        title: 'New Netmon document',
        placeHolder: 'What should the document describe?',
      })
    )?.template;
  }

  /** The account's known enterprise agents, or none (a placeholder) when it knows none. */
  private async pickAgents(): Promise<CatalogAgent[] | undefined> {
    if (!this.connection.current) return [];
    const known = (await this.catalog.ready())?.validation.enterpriseAgents ?? [];
    if (known.length === 0) return [];
    const items = known.slice(0, MAX_AGENTS_OFFERED).map((agent, index) => ({
      label: agent.name,
      description: `agent ${agent.agentId}${agent.location ? ` · ${agent.location}` : ''}`,
      detail: agent.source,
      picked: index === 0,
      agent,
    }));
    const picked = await this.prompts.chooseMany(items, {
      title: 'Enterprise agents that run the test',
      placeHolder: 'Pick one or more (completion in the document lists them all)',
    });
    if (picked === undefined) return undefined;
    return picked.length > 0 ? picked.map((item) => item.agent) : [];
  }
}

/** The user declined the way out offered after a failed write: nothing more to say. */
export class StoppedAfterFailure extends Error {
  constructor() {
    super('the new document was not written');
    this.name = 'AbortError';
  }
}

/** A Deployed Tests type group (the node, or its JSON form from a command argument): its test type's template. */
function templateOfNode(argument: unknown): TemplateInfo | undefined {
  if (typeof argument !== 'object' || argument === null) return undefined;
  const { kind, label } = argument as { kind?: unknown; label?: unknown; spec?: { kind?: unknown; label?: unknown } };
  const spec = (argument as { spec?: { kind?: unknown; label?: unknown } }).spec;
  const nodeKind = spec?.kind ?? kind;
  const type = spec?.label ?? label;
  if (nodeKind !== 'deployedTestType' || typeof type !== 'string') return undefined;
  const id = (type === 'dnssec' ? 'dns-dnssec' : type) as TemplateId;
  return lib().TEMPLATES.find((template) => template.id === id && template.kind === 'test');
}

/**
 * The setting's folder as path segments under the workspace folder; `..`, absolute paths and empty names are refused.
 */
function newDocumentFolder(): string[] {
  const setting = vscode.workspace.getConfiguration().get<unknown>(NEW_DOCUMENT_FOLDER_SETTING);
  const folder = typeof setting === 'string' ? setting : DEFAULT_NEW_DOCUMENT_FOLDER;
  const segments = folder.split(/[\\/]/).filter((segment) => segment !== '' && segment !== '.');
  if (/^([a-z]:|[\\/])/i.test(folder) || segments.includes('..')) {
    throw new Error(
      `the setting "${NEW_DOCUMENT_FOLDER_SETTING}" must be a folder inside the workspace, like ` +
        `"${DEFAULT_NEW_DOCUMENT_FOLDER}"`,
    );
  }
  return segments;
}

/**
 * Every folder from the workspace folder down to the new-document folder must be a real one: a
 * repository can commit `netmon-tests` as a link to a folder elsewhere on the disk, and
 * createDirectory and the write would follow it there, with no dialog. Read through
 * workspace.fs.stat's SymbolicLink bit (not node's lstat), so remote and virtual workspaces
 * are checked by their own file system and keep working. A folder not made yet ends the check.
 */
async function refuseLinkedFolders(root: vscode.Uri, segments: readonly string[]): Promise<void> {
  for (let depth = 1; depth <= segments.length; depth++) {
    let type: vscode.FileType;
    try {
      type = (await vscode.workspace.fs.stat(vscode.Uri.joinPath(root, ...segments.slice(0, depth)))).type;
    } catch (error) {
      if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return;
      throw error;
    }
    if ((type & vscode.FileType.SymbolicLink) !== 0) throw new LinkedFolderError(segments.slice(0, depth).join('/'));
  }
}

/** Retrying would meet the same link: the user decides where the document goes instead. */
class LinkedFolderError extends Error implements ErrorWithAction {
  readonly action = 'Nothing was written there.';
  constructor(name: string) {
    super(
      `${name} is a symbolic link, and a new document is never written through one (it can point anywhere on the disk)`,
    );
  }
}

/** `name`, else `name-2`, `name-3`… before the suffix: the first that does not exist. */
async function freeName(folder: vscode.Uri, fileName: string): Promise<vscode.Uri> {
  const dot = fileName.indexOf('.');
  const [stem, suffix] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  for (let n = 1; n <= MAX_NUMBERED_NAMES; n++) {
    const uri = vscode.Uri.joinPath(folder, n === 1 ? fileName : `${stem}-${n}${suffix}`);
    if (!(await exists(uri))) return uri;
  }
  throw new Error(`${MAX_NUMBERED_NAMES} new documents named ${stem}… already exist there`);
}

function defaultLocation(fileName: string): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return folder && vscode.Uri.joinPath(folder, fileName);
}

/** `name`, `name.json` or `name.netmon-<other kind>.json` become `name<suffix>`. */
export function withSuffix(uri: vscode.Uri, suffix: string): vscode.Uri {
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  if (name.toLowerCase().endsWith(suffix)) return uri;
  const stem = name.replace(/\.json$/i, '').replace(/\.netmon-(test|instant|filter|endpoint-test)$/i, '') || 'netmon';
  return vscode.Uri.joinPath(uri, '..', `${stem}${suffix}`);
}
