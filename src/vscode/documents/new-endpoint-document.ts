// The endpoint kinds of "New Test Document…": an agent-to-server, http-server or dynamic
// endpoint test document (*.netmon-endpoint-test.json) from the endpoint templates, its agents
// chosen by one of the account's endpoint labels (or all agents). Endpoint tests as code need
// v7: on a v6 account the kind says so in one sentence and nothing is written.
import type * as vscode from 'vscode';
import { ENDPOINT_TESTS_AS_CODE_NEED_V7, type EndpointLabel, type ManagedEndpointTestType } from '../../api/types';
import type { ConnectionManager } from '../connection/connection-manager';
import type { Prompts } from '../ui/prompts';
import { documentsLibrary as lib } from './library';

export interface EndpointKindItem extends vscode.QuickPickItem {
  endpointType: ManagedEndpointTestType;
}

/** Labels offered in the pick; completion in the document lists them all. */
const MAX_LABELS_OFFERED = 200;
const ALL_AGENTS = 'All endpoint agents';

export function endpointKindItems(): EndpointKindItem[] {
  return lib().ENDPOINT_TEMPLATES.map((template) => ({
    label: template.label,
    description: template.description,
    endpointType: template.type,
  }));
}

export function isEndpointKindItem(item: unknown): item is EndpointKindItem {
  return (
    typeof item === 'object' && item !== null && typeof (item as { endpointType?: unknown }).endpointType === 'string'
  );
}

/** The new document's file name and text, or undefined when the user stopped or the account speaks v6 (said). */
export async function newEndpointDocument(
  item: EndpointKindItem,
  connection: ConnectionManager,
  prompts: Prompts,
): Promise<{ fileName: string; text: string } | undefined> {
  const client = connection.client;
  if (client && (await client.apiVersion()) === 'v6') {
    await prompts.fail(`New ${item.label.toLowerCase()}: ${ENDPOINT_TESTS_AS_CODE_NEED_V7}`);
    return undefined;
  }
  const labels: EndpointLabel[] = client ? await client.listEndpointLabels().catch(() => []) : [];
  let label: string | undefined;
  if (labels.length > 0) {
    const all = { label: ALL_AGENTS, description: 'up to 25 machines' };
    const items = [
      all,
      ...labels.slice(0, MAX_LABELS_OFFERED).map((l) => ({ label: l.name, description: 'endpoint label' })),
    ];
    const picked = await prompts.choose(items, {
      title: 'Endpoint agents that run the test',
      placeHolder: 'A label of the account, or all agents',
    });
    if (!picked) return undefined;
    label = picked === all ? undefined : picked.label;
  }
  return {
    fileName: lib().endpointTemplateFileName(item.endpointType),
    text: lib().newEndpointTestText(item.endpointType, label === undefined ? {} : { label }),
  };
}
