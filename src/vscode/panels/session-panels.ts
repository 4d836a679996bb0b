// User-session troubleshooting: the session overview panel (browser, location, network,
// pings, hops, system metrics, verdict) and the page waterfall panel it opens.
import { isHarPanelMessage, type HarHostMessage, type HarPanelMessage } from '../../../webview/har/protocol';
import { isSessionPanelMessage, type SessionHostMessage, type SessionPanelMessage } from '../../../webview/session/protocol';
import { openHttpUrl } from '../external-links';
import type { PanelHost } from './panel-host';
import { createPanelHost, type PanelServices } from './services';

export interface PageRef { userSessionId: string; pageId: string; title?: string }

export class WaterfallPanels {
  constructor(private readonly services: PanelServices) {}

  /** Opens (or reveals) the waterfall of one page of a session; resolves to the panel id. */
  async open(page: PageRef): Promise<string> {
    const key = `waterfall:${page.userSessionId}:${page.pageId}`;
    const name = page.title || page.pageId;
    const existing = this.services.registry.byKey(key) as PanelHost<HarHostMessage, HarPanelMessage> | undefined;
    if (existing) {
      existing.panel.reveal();
      if (existing.snapshot().error !== undefined) await this.load(existing, page, name); // the last load failed: try again
      return existing.id;
    }
    const host = createPanelHost<HarHostMessage, HarPanelMessage>(this.services, {
      kind: 'waterfall', key, title: `Waterfall: ${name}`, bundle: 'har', isPanelMessage: isHarPanelMessage, renderedType: 'loaded',
    }, undefined);
    host.onMessage((message) => {
      if (message.type === 'openExternal') void openHttpUrl(message.params.url, 'the link of the waterfall');
    });
    await this.load(host, page, name);
    return host.id;
  }

  private async load(host: PanelHost<HarHostMessage, HarPanelMessage>, page: PageRef, name: string): Promise<void> {
    const client = this.services.connection.requireClient();
    const details = await host.run(`Loading the HAR of page "${name}"`, `Loading the waterfall of ${name}`,
      (signal) => client.getPageDetails(page.userSessionId, page.pageId, { signal }));
    if (!details) return;
    host.show({ type: 'load', params: { har: details.har, pageId: page.pageId, title: `${name} · session ${page.userSessionId}` } });
  }
}

export class SessionPanels {
  constructor(private readonly services: PanelServices, private readonly waterfalls: WaterfallPanels) {}

  /** Opens (or reveals) the overview of a user session; resolves to the panel id. */
  async open(userSessionId: string): Promise<string> {
    const key = `session:${userSessionId}`;
    const existing = this.services.registry.byKey(key) as PanelHost<SessionHostMessage, SessionPanelMessage> | undefined;
    if (existing) {
      existing.panel.reveal();
      if (existing.snapshot().error !== undefined) await this.load(existing, userSessionId); // the last load failed: try again
      return existing.id;
    }
    const host = createPanelHost<SessionHostMessage, SessionPanelMessage>(this.services, {
      kind: 'session', key, title: `Session ${userSessionId}`, bundle: 'session', isPanelMessage: isSessionPanelMessage, renderedType: 'loaded',
    }, (message) => ({ type: 'error', params: { message } }));
    host.onMessage(async (message) => {
      if (message.type !== 'openPage') return;
      const { userSessionId, pageId, title } = message.params;
      // The webview's guard checks types; an empty id would become a request for every page.
      if (userSessionId.trim() === '' || pageId.trim() === '') throw new Error('openPage without a session id or page id');
      await this.waterfalls.open({ userSessionId, pageId, title });
    });
    await this.load(host, userSessionId);
    return host.id;
  }

  private async load(host: PanelHost<SessionHostMessage, SessionPanelMessage>, userSessionId: string): Promise<void> {
    const client = this.services.connection.requireClient();
    const session = await host.run(`Loading user session ${userSessionId}`, `Loading session ${userSessionId}`, async (signal) => {
      const { userSessions } = await client.getUserSession(userSessionId, { signal });
      const found = userSessions[0];
      if (!found) throw new Error(`the API returned no session with id ${userSessionId}`);
      return found;
    });
    if (!session) return;
    host.panel.title = `Session: ${session.visitedSite}`;
    host.show({ type: 'load', params: { session } });
  }
}
