// Completion of endpoint label names ("agentLabels") and endpoint agent names ("agents") in
// endpoint test documents, from the connected v7 account; its lists are kept a minute.
import * as vscode from 'vscode';
import type { NetmonClient } from '../../api';
import type { EndpointAgent, EndpointLabel } from '../../api/types';
import type { ConnectionManager } from '../connection/connection-manager';
import { documentsLibrary as lib } from './library';
import { toVsItem } from './language';

const MAX_AGENTS = 5_000;
const KEEP_MS = 60_000;

interface Directory {
  client: NetmonClient;
  at: number;
  lists: Promise<{ labels: EndpointLabel[]; agents: EndpointAgent[] }>;
}

export function registerEndpointCompletion(connection: ConnectionManager): vscode.Disposable {
  let cached: Directory | undefined;
  const directory = (client: NetmonClient): Directory['lists'] => {
    if (cached?.client === client && Date.now() - cached.at < KEEP_MS) return cached.lists;
    const lists = (async () => {
      if ((await client.apiVersion()) !== 'v7') return { labels: [], agents: [] };
      const [labels, agents] = await Promise.all([
        client.listEndpointLabels(),
        client.endpointAgents().collect({ maxRecords: MAX_AGENTS }),
      ]);
      return { labels, agents: agents.records };
    })();
    // A failed read is not kept: the next completion asks again.
    lists.catch(() => {
      if (cached?.lists === lists) cached = undefined;
    });
    cached = { client, at: Date.now(), lists };
    return lists;
  };
  return vscode.languages.registerCompletionItemProvider(
    { pattern: '**/*.netmon-endpoint-test.json' },
    {
      async provideCompletionItems(document, position) {
        const client = connection.current ? connection.requireClient() : undefined;
        if (!client) return [];
        const text = document.getText();
        const offset = document.offsetAt(position);
        // Only inside the two arrays: no read for a completion anywhere else.
        if (!lib().endpointCompletionField(text, offset)) return [];
        return lib()
          .endpointCompletionsAt(text, offset, await directory(client))
          .map(toVsItem);
      },
    },
    '"',
    '[',
    ',',
  );
}
