// User-session troubleshooting: the session overview panel (browser, location, network,
// pings, hops, system metrics, verdict) and the page waterfall panel it opens.
import { isHarPanelMessage, type HarHostMessage, type HarPanelMessage } from '../../../webview/har/protocol';
import {
  isSessionPanelMessage,
  type SessionHostMessage,
  type SessionPanelMessage,
} from '../../../webview/session/protocol';
import { openHttpUrl } from '../external-links';
import { answerHarMessage } from '../har-editor/har-messages';
import { exportSessionEvidence } from '../evidence/export-evidence';
import type { EndpointAgent, UserSessionDetail } from '../../api/types';
import type { RelatedTests } from '../../../webview/session/protocol';
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

/** `agentId`: the session's agent, named in the waterfall's header when known. */
export interface PageRef {
  userSessionId: string;
  pageId: string;
  title?: string;
  agentId?: string;
}

export class WaterfallPanels {
  /** The HAR each panel shows (its bodies and exports are read from it), and its name. */
  private readonly hars = new Map<string, { har: unknown; name: string }>();

  constructor(private readonly services: PanelServices) {}

  /** Opens (or reveals) the waterfall of one page of a session; resolves to the panel id. */
  open(page: PageRef): Promise<string> {
    const name = page.title || page.pageId;
    const client = this.services.connection.requireClient();
    return this.openHar({
      key: `waterfall:${page.userSessionId}:${page.pageId}`,
      name,
      pageId: page.pageId,
      read: async (signal) => {
        const har = await client.getPageDetails(page.userSessionId, page.pageId, { signal });
        const agent = page.agentId ? ` · ${(await client.agentDirectory().ready()).label(page.agentId)}` : '';
        return { har, title: `${name}${agent} · session ${page.userSessionId}` };
      },
    });
  }

  /** Opens (or reveals) the waterfall of any HAR the service answers (a deployed page-load test's round); resolves to the panel id. */
  async openHar(source: WaterfallSource): Promise<string> {
    const existing = this.services.registry.byKey(source.key) as PanelHost<HarHostMessage, HarPanelMessage> | undefined;
    if (existing) {
      existing.panel.reveal();
      if (existing.snapshot().error !== undefined) await this.load(existing, source); // the last load failed: try again
      return existing.id;
    }
    const host = createPanelHost<HarHostMessage, HarPanelMessage>(
      this.services,
      {
        kind: 'waterfall',
        key: source.key,
        title: `Waterfall: ${source.name}`,
        bundle: 'har',
        isPanelMessage: isHarPanelMessage,
        renderedType: 'loaded',
      },
      undefined,
    );
    host.onDidDispose(() => this.hars.delete(host.id));
    host.onMessage(async (message) => {
      if (message.type === 'openExternal') void openHttpUrl(message.params.url, 'the link of the waterfall');
      const shown = this.hars.get(host.id);
      if (shown) await answerHarMessage(host, message, shown.har, shown.name, this.services.prompts);
    });
    await this.load(host, source);
    return host.id;
  }

  private async load(host: PanelHost<HarHostMessage, HarPanelMessage>, source: WaterfallSource): Promise<void> {
    const loaded = await host.run(
      `Loading the HAR of page "${source.name}"`,
      `Loading the waterfall of ${source.name}`,
      (signal) => source.read(signal),
    );
    if (!loaded) return;
    this.hars.set(host.id, { har: loaded.har, name: source.name });
    const pageId = loaded.pageId ?? source.pageId;
    host.show({ type: 'load', params: { har: loaded.har, ...(pageId ? { pageId } : {}), title: loaded.title } });
  }
}

/** A HAR for the waterfall: its panel key, its name, and how to read it with the panel's title. */
export interface WaterfallSource {
  key: string;
  name: string;
  pageId?: string;
  /** The HAR, the title, and the page to open on when only the read knows it (else `pageId`). */
  read(signal: AbortSignal): Promise<{ har: unknown; title: string; pageId?: string }>;
}

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
      if (existing.snapshot().error !== undefined) await this.load(existing, userSessionId); // the last load failed: try again
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
    host.onMessage(async (message) => {
      if (message.type === 'openPath' || message.type === 'openMetrics') {
        const { testId, agentId, roundId } = message.params;
        const offered = (this.offered.get(host.id) ?? []).some(
          (l) => l.testId === testId && l.agentId === agentId && l.roundId === roundId,
        );
        if (!offered) throw new Error(`${message.type} for test ${testId} was not offered by this session`);
        if (message.type === 'openPath')
          await this.paths.open({ testId, agentId, roundId, ...(await this.sideOf(host.id)) });
        else await this.metrics.open(testId, agentId);
        return;
      }
      if (message.type === 'openTraceroute') {
        const session = this.shown.get(host.id);
        if (!session || session.userSessionId !== message.params.userSessionId)
          throw new Error('openTraceroute for a session this panel does not show');
        const trace = sessionTraceroutePath(session);
        if (!trace) throw new Error(`session ${session.userSessionId} has no traceroute hops to draw`);
        const client = this.services.connection.requireClient();
        this.paths.openSessionTrace(session.userSessionId, trace, (await client.agentDirectory().ready()).names());
        return;
      }
      if (message.type === 'openTimeline') {
        const session = this.shown.get(host.id);
        if (!session || session.userSessionId !== message.params.userSessionId)
          throw new Error('openTimeline for a session this panel does not show');
        const at = apiTimeMs(session.date);
        await (at === undefined
          ? this.timelines.open(session.agentId)
          : this.timelines.open(session.agentId, 'around', at));
        return;
      }
      if (message.type === 'exportEvidence') {
        const session = this.shown.get(host.id);
        if (!session || session.userSessionId !== message.params.userSessionId)
          throw new Error('exportEvidence for a session this panel does not show');
        const [link] = this.offered.get(host.id) ?? [];
        await exportSessionEvidence(this.services, session, link && { testId: link.testId, roundId: link.roundId });
        return;
      }
      if (message.type === 'compareWithBest') {
        const session = this.shown.get(host.id);
        if (!session || session.userSessionId !== message.params.userSessionId)
          throw new Error('compareWithBest for a session this panel does not show');
        await this.compares.compareWithBest(session);
        return;
      }
      if (message.type !== 'openPage') return;
      const { userSessionId, pageId, title } = message.params;
      // The webview's guard checks types; an empty id would become a request for every page.
      if (userSessionId.trim() === '' || pageId.trim() === '')
        throw new Error('openPage without a session id or page id');
      await this.waterfalls.open({ userSessionId, pageId, title, agentId: this.shown.get(host.id)?.agentId });
    });
    await this.load(host, userSessionId);
    return host.id;
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
