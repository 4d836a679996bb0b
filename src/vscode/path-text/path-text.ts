// "Netmon: Open Path Trace as Text": an mtr-style hop table (src/analysis/path) in a
// read-only `netmon-path:` document, highlighted by the netmon-path grammar, ready to be
// copied into a ticket. The text is computed once per request and served from memory.
import * as vscode from 'vscode';
import type { NetmonClient } from '../../api';
import type { PathTrace } from '../../api/types';
import { pathReportText, pathRounds } from '../../analysis/path';
import { agentNames, endpointTest, historyRange, roundTraces, type TimeOptions } from '../panels/data';

export const PATH_TEXT_SCHEME = 'netmon-path';
export const PATH_TEXT_LANGUAGE = 'netmon-path';

export interface PathTextRequest {
  testId: number;
  testName: string;
  /** One agent's report; all agents of the round when absent. */
  agentId?: string;
  roundId?: number;
  traces: readonly PathTrace[];
  names: Record<string, string>;
}

export class PathTextDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.texts.get(uri.toString()) ?? 'This path trace is no longer in memory: open it again from the Netmon view.\n'
    );
  }

  /** Opens the report as a read-only document; resolves to its URI. */
  async show(request: PathTextRequest): Promise<vscode.Uri> {
    const name = (id: string): string => request.names[id] ?? id;
    const text = pathReportText(request.traces, name, request.agentId);
    const uri = documentUri(request, request.agentId ? name(request.agentId) : 'all agents');
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== PATH_TEXT_LANGUAGE)
      document = await vscode.languages.setTextDocumentLanguage(document, PATH_TEXT_LANGUAGE);
    await vscode.window.showTextDocument(document, { preview: false });
    return uri;
  }

  /** Fetches what the report needs: one agent's trace, or every agent of the (newest) round. */
  async fetch(
    client: NetmonClient,
    timeOptions: TimeOptions,
    target: { testId: number; agentId?: string; roundId?: number },
    signal: AbortSignal,
  ): Promise<PathTextRequest> {
    const [test, names] = await Promise.all([endpointTest(client, target.testId, signal), agentNames(client, signal)]);
    let { agentId, roundId } = target;
    let agents = agentId ? [agentId] : [];
    if (roundId === undefined || agents.length === 0) {
      const summaries = await client
        .pathVis(target.testId, { ...historyRange(timeOptions).options, signal })
        .collect({ maxRecords: 10_000 });
      const mine = agentId
        ? summaries.records.filter((summary) => String(summary.agentId) === agentId)
        : summaries.records;
      const round = pathRounds(mine).find((candidate) => roundId === undefined || candidate.roundId === roundId);
      if (!round)
        throw new Error(
          `no path trace of test ${target.testId}${agentId ? ` from agent ${agentId}` : ''} in this time range`,
        );
      roundId = round.roundId;
      if (agents.length === 0) agents = round.agentIds;
    }
    const traces = await roundTraces(client, target.testId, agents, roundId, signal);
    if (agents.length === 1) agentId = agents[0];
    return { testId: target.testId, testName: test.testName, agentId, roundId, traces, names };
  }

  dispose(): void {
    this.changed.dispose();
    this.texts.clear();
  }
}

/** `netmon-path:/<test>/<agent> <round>.netmon-path`: the tab shows agent and round. */
function documentUri(request: PathTextRequest, agentLabel: string): vscode.Uri {
  const round =
    request.roundId === undefined
      ? 'all rounds'
      : new Date(request.roundId * 1000).toISOString().slice(0, 16).replace('T', ' ').replace(':', '') + 'Z';
  const safe = (text: string): string => text.replace(/[\\/:*?"<>|#%]+/g, '_').slice(0, 80);
  const agentParam = request.agentId ? `&agentId=${encodeURIComponent(request.agentId)}` : '';
  const roundParam = request.roundId !== undefined ? `&roundId=${request.roundId}` : '';
  return vscode.Uri.from({
    scheme: PATH_TEXT_SCHEME,
    path: `/${safe(request.testName)}/${safe(`${agentLabel} ${round}`)}.netmon-path`,
    query: `testId=${request.testId}${agentParam}${roundParam}`,
  });
}

export function registerPathTextDocuments(context: vscode.ExtensionContext): PathTextDocuments {
  const documents = new PathTextDocuments();
  context.subscriptions.push(
    documents,
    vscode.workspace.registerTextDocumentContentProvider(PATH_TEXT_SCHEME, documents),
  );
  return documents;
}
