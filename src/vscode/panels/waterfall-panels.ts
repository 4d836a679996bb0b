// The page waterfall panel: a session page's HAR, or any HAR the service answers (a deployed
// test's round), one panel per key, its bodies and exports answered from the HAR it shows.
import { isHarPanelMessage, type HarHostMessage, type HarPanelMessage } from '../../../webview/har/protocol';
import { openHttpUrl } from '../external-links';
import { answerHarMessage } from '../har-editor/har-messages';
import type { PanelHost } from './panel-host';
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

  /**
   * Opens (or reveals) the waterfall of any HAR the service answers (a deployed page-load test's round); resolves to
   * the panel id.
   */
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
