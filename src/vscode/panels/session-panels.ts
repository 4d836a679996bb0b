// User-session troubleshooting: the session overview panel (browser, location, network,
// pings, hops, system metrics, verdict); the page waterfalls it opens are waterfall-panels.ts's.
import {
  isSessionPanelMessage,
  type SessionHostMessage,
  type SessionPanelMessage,
} from '../../../webview/session/protocol';
import { exportEvidence } from '../evidence/export-evidence';
import { sessionPanelEvidence } from '../evidence/panel-evidence';
import { shareSessionForTicket } from '../evidence/share-ticket';
import type { EndpointAgent, UserSessionDetail } from '../../api/types';
import type { RelatedTests, TestRound } from '../../../webview/session/protocol';
import { relatedTests, slowestPageSplit } from '../../analysis/session/related';
import { sessionTraceroutePath } from '../../analysis/session/traceroute-path';
import type { NetworkChange } from '../../analysis/session/network-changes';
import { sessionSide, type SessionSide } from '../../analysis/session/path-agreement';
import { sessionVerdict } from '../../analysis/session/verdict';
import { sharingLibrary } from '../sharing/library';
import type { MetricsPanels } from './metrics-panels';
import type { PanelHost } from './panel-host';
import type { TimelinePanels } from './timeline-panels';
import type { ComparePanels } from './compare-panels';
import { apiTimeMs } from '../../analysis/timeline/read';
import { sessionNeighbourContext } from '../../analysis/timeline/timeline';
import type { PathPanels } from './path-panels';
import { createPanelHost, type PanelServices } from './services';
import { withCancellableProgress } from '../progress';
import type { WaterfallPanels } from './waterfall-panels';

export class SessionPanels {
  /** The related-test links each panel offered: a message may only open one of those. */
  private readonly offered = new Map<string, RelatedTests['links']>();
  /** The session each panel shows (its traceroute is drawn from it). */
  private readonly shown = new Map<string, UserSessionDetail>();
  /** The changes of the agent's network around each shown session, for the path beside it. */
  private readonly networkChanges = new Map<string, readonly NetworkChange[]>();

  constructor(
    private readonly services: PanelServices,
    private readonly waterfalls: WaterfallPanels,
    private readonly paths: PathPanels,
    private readonly metrics: MetricsPanels,
    private readonly timelines: TimelinePanels,
    private readonly compares: ComparePanels,
  ) {}

  /** Opens (or reveals) the overview of a user session; resolves to the panel id. */
  async open(userSessionId: string): Promise<string> {
    const key = `session:${userSessionId}`;
    const existing = this.services.registry.byKey(key) as
      PanelHost<SessionHostMessage, SessionPanelMessage> | undefined;
    if (existing) {
      existing.panel.reveal();
      // the last load failed: try again
      if (existing.snapshot().error !== undefined) await this.load(existing, userSessionId);
      return existing.id;
    }
    const host = createPanelHost<SessionHostMessage, SessionPanelMessage>(
      this.services,
      {
        kind: 'session',
        key,
        title: `Session ${userSessionId}`,
        bundle: 'session',
        isPanelMessage: isSessionPanelMessage,
        renderedType: 'loaded',
      },
      (message) => ({ type: 'error', params: { message } }),
    );
    host.onDidDispose(() => {
      this.offered.delete(host.id);
      this.shown.delete(host.id);
      this.networkChanges.delete(host.id);
    });
    host.onMessage((message) => this.answer(host.id, message));
    await this.load(host, userSessionId);
    return host.id;
  }

  /**
   * Share Session for a Ticket… from the tree or the palette: the session as an open overview shows it (with the round
   * it links to), else read for the purpose.
   */
  async shareForTicket(userSessionId: string): Promise<string | undefined> {
    const open = [...this.shown].find(([, session]) => session.userSessionId === userSessionId);
    if (open) return shareSessionForTicket(this.services, open[1], this.relatedRound(open[0]));
    const client = this.services.connection.requireClient();
    const session = await withCancellableProgress(`Loading user session ${userSessionId}`, (signal) =>
      client.getUserSession(userSessionId, { signal }),
    );
    return shareSessionForTicket(this.services, session);
  }

  /** One handler per message the overview sends; the ones about its session share one guard (sessionOf). */
  private async answer(hostId: string, message: SessionPanelMessage): Promise<void> {
    switch (message.type) {
      case 'openPath':
      case 'openMetrics':
        return this.openTest(hostId, message.type, message.params);
      case 'openTraceroute':
        return this.openTraceroute(this.sessionOf(hostId, message));
      case 'openTimeline':
        return this.openTimeline(this.sessionOf(hostId, message));
      case 'exportEvidence':
        return this.exportEvidence(hostId, this.sessionOf(hostId, message));
      case 'shareForTicket':
        return void (await shareSessionForTicket(
          this.services,
          this.sessionOf(hostId, message),
          this.relatedRound(hostId),
        ));
      case 'compareWithBest':
        return void (await this.compares.compareWithBest(this.sessionOf(hostId, message)));
      case 'openPage':
        return this.openPage(hostId, message.params);
    }
  }

  /** The session the panel shows, when a message is about it; anything else is refused. */
  private sessionOf(hostId: string, message: { type: string; params: { userSessionId: string } }): UserSessionDetail {
    const session = this.shown.get(hostId);
    if (!session || session.userSessionId !== message.params.userSessionId)
      throw new Error(`${message.type} for a session this panel does not show`);
    return session;
  }

  /** A related test's path or metrics: only a link this panel offered opens. */
  private async openTest(hostId: string, type: 'openPath' | 'openMetrics', round: TestRound): Promise<void> {
    const { testId, agentId, roundId } = round;
    const offered = (this.offered.get(hostId) ?? []).some(
      (l) => l.testId === testId && l.agentId === agentId && l.roundId === roundId,
    );
    if (!offered) throw new Error(`${type} for test ${testId} was not offered by this session`);
    if (type === 'openPath') await this.paths.open({ testId, agentId, roundId, ...(await this.sideOf(hostId)) });
    else await this.metrics.open(testId, agentId);
  }

  private async openTraceroute(session: UserSessionDetail): Promise<void> {
    const trace = sessionTraceroutePath(session);
    if (!trace) throw new Error(`session ${session.userSessionId} has no traceroute hops to draw`);
    const client = this.services.connection.requireClient();
    this.paths.openSessionTrace(session.userSessionId, trace, (await client.agentDirectory().ready()).names());
  }

  private async openTimeline(session: UserSessionDetail): Promise<void> {
    const at = apiTimeMs(session.date);
    await (at === undefined
      ? this.timelines.open(session.agentId)
      : this.timelines.open(session.agentId, 'around', at));
  }

  private async exportEvidence(hostId: string, session: UserSessionDetail): Promise<void> {
    await exportEvidence(this.services, sessionPanelEvidence(this.services, session, this.relatedRound(hostId)));
  }

  /** The round of the first related test the overview links to: the bundles show the session beside it. */
  private relatedRound(hostId: string): { testId: number; roundId: number } | undefined {
    const [link] = this.offered.get(hostId) ?? [];
    return link && { testId: link.testId, roundId: link.roundId };
  }

  private async openPage(
    hostId: string,
    page: { userSessionId: string; pageId: string; title: string },
  ): Promise<void> {
    const { userSessionId, pageId, title } = page;
    // The webview's guard checks types; an empty id would become a request for every page.
    if (userSessionId.trim() === '' || pageId.trim() === '')
      throw new Error('openPage without a session id or page id');
    await this.waterfalls.open({ userSessionId, pageId, title, agentId: this.shown.get(hostId)?.agentId });
  }

  /** The shown session's own measurements, for the path panel to show beside its round. */
  private async sideOf(hostId: string): Promise<{ session?: SessionSide }> {
    const session = this.shown.get(hostId);
    if (!session) return {};
    const names = (await this.services.connection.requireClient().agentDirectory().ready()).names();
    return { session: sessionSide(session, names[String(session.agentId)], this.networkChanges.get(hostId)) };
  }

  private async load(host: PanelHost<SessionHostMessage, SessionPanelMessage>, userSessionId: string): Promise<void> {
    const client = this.services.connection.requireClient();
    const session = await host.run(
      `Loading user session ${userSessionId}`,
      `Loading session ${userSessionId}`,
      async (signal) => {
        return client.getUserSession(userSessionId, { signal });
      },
    );
    if (!session) return;
    this.shown.set(host.id, session);
    host.panel.title = `Session: ${session.visitedSite}`;
    const directory = client.agentDirectory();
    const named = (): { agentName?: string; agent?: EndpointAgent } => {
      const agentName = directory.nameOf(session.agentId);
      const agent = directory.agent(session.agentId);
      return { ...(agentName ? { agentName } : {}), ...(agent ? { agent } : {}) };
    };
    host.show({ type: 'load', params: { session, ...named() } });
    // Then the scheduled tests toward the same site from the same agent, around the session.
    // A failure here says so in the overview; it never replaces it.
    const more = await host.run(
      `Finding tests related to session ${userSessionId}`,
      'Finding the network path around the session',
      (signal) =>
        Promise.all([
          relatedTests(client, session, signal).catch((error: unknown): RelatedTests => {
            if (signal.aborted) throw error;
            return {
              links: [],
              why: `the scheduled tests could not be read (${error instanceof Error ? error.message : String(error)})`,
            };
          }),
          slowestPageSplit(client, session, signal).catch((error: unknown) => {
            if (signal.aborted) throw error;
            return undefined;
          }),
          directory.ready(signal),
          // The agent's records around the session: its normal toward the site, the tunnel, the first byte.
          sessionNeighbourContext(client, session, signal),
        ]),
    );
    if (!more) return;
    const [related, slowest, , context] = more;
    // The findings tie to the network when the verdict the overview shows (with its context) blames it.
    // The insights engine ships once for the host, in the sharing library (the evidence bundles use it too).
    const split = slowest
      ? {
          ...slowest.split,
          ...sharingLibrary().slowestPageInsight(slowest.waterfall, sessionVerdict(session, context ?? {}).worst),
        }
      : undefined;
    this.offered.set(host.id, related.links);
    if (context?.networkChanges) this.networkChanges.set(host.id, context.networkChanges);
    // The directory has been read meanwhile: the agent is named now if it was not before.
    host.show({
      type: 'load',
      params: { session, related, ...(split ? { split } : {}), ...(context ? { context } : {}), ...named() },
    });
  }
}
