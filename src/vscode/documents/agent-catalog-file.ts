// A workspace's own list of enterprise agents, for services that do not list them:
// `.netmon/agents.json` in a workspace folder, as `{ "enterpriseAgents": [{ "agentId": 1000,
// "agentName": "Seattle", "location": "Seattle, WA" }] }` (or the bare array). Read
// tolerantly and bounded: it is workspace content like any other.
import * as vscode from 'vscode';
import type { CatalogAgent } from '../../documents';
import { documentsLibrary as lib } from './library';

const AGENT_CATALOG_FILE = '.netmon/agents.json';
const MAX_BYTES = 1024 * 1024;
const MAX_AGENTS = 20_000;

/** The agents listed in every workspace folder's catalog file; problems go to `warn`. */
export async function readAgentCatalogFiles(warn: (message: string) => void): Promise<CatalogAgent[]> {
  const agents: CatalogAgent[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, AGENT_CATALOG_FILE);
    let bytes: Uint8Array;
    try {
      if ((await vscode.workspace.fs.stat(uri)).size > MAX_BYTES) {
        warn(`${AGENT_CATALOG_FILE} in ${folder.name} is larger than 1 MB: not read`);
        continue;
      }
      bytes = await vscode.workspace.fs.readFile(uri);
    } catch {
      continue; // no catalog file in this folder
    }
    agents.push(
      ...lib().parseAgentCatalog(new TextDecoder().decode(bytes), (message) =>
        warn(`${AGENT_CATALOG_FILE} in ${folder.name}: ${message}`),
      ),
    );
  }
  return agents.slice(0, MAX_AGENTS);
}
