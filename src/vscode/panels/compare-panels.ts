// Two user sessions side by side: from two sessions picked in the tree, or from the session
// overview's "Compare with a Good Session" (the best-scored session of the same site in the
// view's range, and the panel says so). Links open only the two sessions it shows.
import * as vscode from 'vscode';
import type { NetmonClient } from '../../api';
import type { UserSessionDetail } from '../../api/types';
import { compareSessions } from '../../analysis/session/compare';
import { exportEvidence } from '../evidence/export-evidence';
import { comparePanelEvidence, type CompareEvidenceState } from '../evidence/panel-evidence';
import { shareForTicket } from '../evidence/share-ticket';
import { experienceText } from '../../analysis/grades';
import { shortTime } from '../../analysis/records/summaries';
import {
  isComparePanelMessage,
  type CompareHostMessage,
  type ComparePanelMessage,
} from '../../../webview/compare/protocol';
import { historyRange } from './data';
import { withCancellableProgress } from '../progress';
import type { PanelHost } from './panel-host';
import { createPanelHost, type PanelServices } from './services';
import { COMMAND } from '../command-ids.generated';

type Host = PanelHost<CompareHostMessage, ComparePanelMessage>;

/** Sessions of the site read to find the best one, at most. */
const MAX_CANDIDATES = 2_000;

export class ComparePanels {
  /** What each panel shows, for its Export Evidence and Share for a Ticket. */
  private readonly shown = new Map<string, CompareEvidenceState>();

  constructor(private readonly services: PanelServices) {}

  /** Opens (or reveals) the comparison of two sessions; resolves to the panel id. */
  async open(first: string, second: string, matchedOn?: string): Promise<string> {
    if (first === second) throw new Error('Pick two different sessions to compare');
    const key = `compare:${first}:${second}`;
    const existing = this.services.registry.byKey(key) as Host | undefined;
    if (existing) {
      existing.panel.reveal();
      if (existing.snapshot().error !== undefined) await this.load(existing, first, second, matchedOn);
      return existing.id;
    }
    const host = createPanelHost<CompareHostMessage, ComparePanelMessage>(
      this.services,
      {
        kind: 'compare',
        key,
        title: 'Compare sessions',
        bundle: 'compare',
        isPanelMessage: isComparePanelMessage,
        renderedType: 'loaded',
      },
      (message) => ({ type: 'error', params: { message } }),
    );
    host.onDidDispose(() => this.shown.delete(host.id));
    host.onMessage(async (message) => {
      if (message.type === 'exportEvidence' || message.type === 'shareForTicket') {
        const shown = this.shown.get(host.id);
        if (!shown) return;
        // A share writes the sessions' pages' redacted HARs beside the HTML; the export is the one file.
        if (message.type === 'exportEvidence')
          await exportEvidence(this.services, comparePanelEvidence(this.services, shown));
        else await shareForTicket(this.services, comparePanelEvidence(this.services, shown, true));
        return;
      }
      if (message.type !== 'openSession') return;
      // A message can only open one of the two sessions shown.
      if (message.params.userSessionId !== first && message.params.userSessionId !== second)
        throw new Error('openSession for a session this comparison does not show');
      await vscode.commands.executeCommand(COMMAND.openSessionOverview, message.params.userSessionId);
    });
    await this.load(host, first, second, matchedOn);
    return host.id;
  }

  /** The best-scored other session of the same site in the view's range, compared with this one. */
  async compareWithBest(session: UserSessionDetail): Promise<string | undefined> {
    const client = this.services.connection.requireClient();
    const range = historyRange(this.services.timeOptions());
    const site = String(session.visitedSite ?? '');
    if (!site) throw new Error('this session names no visited site to find another session of');
    const best = await withCancellableProgress(`Finding the best session of ${site}`, (signal) =>
      bestSessionOf(client, site, String(session.userSessionId), range.options, signal),
    );
    if (!best)
      throw new Error(
        `no other scored session of ${site} in the ${range.label} to compare with (widen the view's time range)`,
      );
    const matchedOn =
      `the best-scored session of ${site} in the ${range.label}: ` +
      `${experienceText(best.experienceScore) ?? 'not scored'}, ${shortTime(best.date)}`;
    return this.open(String(session.userSessionId), best.userSessionId, matchedOn);
  }

  private async load(host: Host, first: string, second: string, matchedOn: string | undefined): Promise<void> {
    const client = this.services.connection.requireClient();
    const loaded = await host.run(
      `Loading sessions ${first} and ${second}`,
      'Loading the two sessions',
      async (signal) => {
        const [a, b, directory] = await Promise.all([
          client.getUserSession(first, { signal }),
          client.getUserSession(second, { signal }),
          client.agentDirectory().ready(signal),
        ]);
        const link = (s: UserSessionDetail): string | undefined =>
          typeof s.permalink === 'string' ? s.permalink : undefined;
        const names = directory.names();
        return {
          comparison: compareSessions(a, b, names),
          permalinks: { a: link(a), b: link(b) },
          sessions: [a, b] as const,
          names,
        };
      },
    );
    if (!loaded) return;
    this.shown.set(host.id, { ...loaded, ...(matchedOn ? { matchedOn } : {}) });
    host.panel.title = `Compare: ${loaded.comparison.a.title} · ${loaded.comparison.b.title}`;
    host.show({ type: 'load', params: { comparison: loaded.comparison, ...(matchedOn ? { matchedOn } : {}) } });
  }
}

async function bestSessionOf(
  client: NetmonClient,
  site: string,
  except: string,
  range: ReturnType<typeof historyRange>['options'],
  signal: AbortSignal,
): Promise<{ userSessionId: string; experienceScore?: number; date: string } | undefined> {
  const { records } = await client
    .userSessions({ ...range, filters: [{ key: 'visitedSite', values: [site] }], signal })
    .collect({ maxRecords: MAX_CANDIDATES });
  let best: (typeof records)[number] | undefined;
  for (const record of records) {
    const score = Number(record.experienceScore);
    if (String(record.userSessionId) === except || !Number.isFinite(score)) continue;
    if (!best || score > Number(best.experienceScore)) best = record;
  }
  return (
    best && {
      userSessionId: String(best.userSessionId),
      experienceScore: Number(best.experienceScore),
      date: String(best.date),
    }
  );
}
