// The built instant-results panel, opened once for the describe block that calls
// `instantPanelFixture()` (its before/after hooks): shared by the instant panel's tests.
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, openPanel, type OpenPanel } from './panel';

export interface InstantPanelFixture {
  /** The open panel (valid from `before` on). */
  panel: Omit<OpenPanel, 'close'>;
  /** Sends a view and waits for the panel's `loaded`; `panel.sent` then holds only what followed. */
  load(view: unknown): Promise<void>;
}

export function instantPanelFixture(): InstantPanelFixture {
  let browser: Browser | undefined;
  let opened: OpenPanel | undefined;
  const current = (): OpenPanel => {
    if (!opened) throw new Error('the instant panel opens in before()');
    return opened;
  };
  before(async () => {
    browser = await launchChromium();
    opened = await openPanel(browser, { panel: 'instant' });
    await opened.waitForSent('ready');
  });
  after(async () => {
    await opened?.close();
    await browser?.close();
  });
  const panel: InstantPanelFixture['panel'] = {
    get page() {
      return current().page;
    },
    get sent() {
      return current().sent;
    },
    get errors() {
      return current().errors;
    },
    get dialogs() {
      return current().dialogs;
    },
    post: (message) => current().post(message),
    waitForSent: (type, timeoutMs) => current().waitForSent(type, timeoutMs),
  };
  return {
    panel,
    load: async (view) => {
      panel.sent.length = 0;
      await panel.post({ type: 'load', params: { view } });
      await panel.waitForSent('loaded');
    },
  };
}
