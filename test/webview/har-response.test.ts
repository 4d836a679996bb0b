// The waterfall's Response tab in headless Chromium: bodies shown as text only — markup,
// a closing </textarea>, javascript: URLs and handlers stay characters, never elements or
// links; base64 decoded; JSON indented; binary described; "Open in Editor" names the entry.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium, type OpenPanel } from './helpers/panel';
import { openHarPanel } from './helpers/har-panel';
import { inspectInert } from './helpers/hostile';

const HTML_BODY = `</textarea></pre><script>window.__pwned='html'</script><a href="javascript:window.__pwned='link'">x</a><img src=x onerror="window.__pwned='img'">`;
const JSON_BODY = JSON.stringify({ html: `<script>window.__pwned='json'</script>`, link: 'javascript:alert(1)' });

function entry(url: string, content: Record<string, unknown>, at: number): unknown {
  return {
    startedDateTime: new Date(Date.UTC(2026, 10, 20, 12, 0, 0, at)).toISOString(),
    time: 20,
    pageref: 'p1',
    request: {
      method: 'GET',
      url,
      httpVersion: 'HTTP/2',
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/2',
      headers: [],
      cookies: [],
      content: { size: 100, ...content },
      redirectURL: '',
      headersSize: -1,
      bodySize: 100,
    },
    cache: {},
    timings: { blocked: 1, dns: -1, connect: -1, ssl: -1, send: 1, wait: 10, receive: 8 },
  };
}

const HAR = {
  log: {
    version: '1.2',
    creator: { name: 'test', version: '1' },
    pages: [{ id: 'p1', title: 'Bodies', startedDateTime: '2026-11-20T12:00:00.000Z', pageTimings: {} }],
    entries: [
      entry('https://example.com/page', { mimeType: 'text/html', text: HTML_BODY }, 0),
      entry(
        'https://example.com/api',
        { mimeType: 'application/json', encoding: 'base64', text: Buffer.from(JSON_BODY).toString('base64') },
        10,
      ),
      entry(
        'https://example.com/logo.png',
        { mimeType: 'image/png', encoding: 'base64', text: Buffer.from([0x89, 0x50, 0, 1]).toString('base64') },
        20,
      ),
      entry('https://example.com/nobody', { mimeType: 'text/css' }, 30),
    ],
  },
};

describe('HAR waterfall: Response tab', () => {
  let browser: Browser;
  let panel: OpenPanel;
  const responseOf = async (position: number): Promise<string> => {
    await panel.page.click(`#har-row-${position}`);
    await panel.page.click('vscode-tab-header:has-text("Response")');
    return panel.page.$eval('.har-detail vscode-tab-panel:not([hidden])', (e) => e.textContent ?? '');
  };
  before(async () => {
    browser = await launchChromium();
    panel = await openHarPanel(browser, { har: HAR });
  });
  after(async () => {
    await panel.close();
    await browser.close();
  });

  test('an HTML body with </textarea>, scripts, javascript: links and handlers is shown as text', async () => {
    const text = await responseOf(0);
    for (const part of [
      '</textarea>',
      '</pre>',
      `<script>window.__pwned='html'</script>`,
      `<a href="javascript:window.__pwned='link'">x</a>`,
      `<img src=x onerror="window.__pwned='img'">`,
    ]) {
      assert.ok(text.includes(part), `${part} is shown as characters`);
    }
    assert.equal(
      await panel.page.$$eval('.har-response-body *', (nodes) => nodes.length),
      0,
      'the body made no element',
    );
    const report = await inspectInert(panel.page);
    assert.equal(report.pwned, undefined);
    assert.deepEqual(report.handlers, []);
    assert.deepEqual(report.injectedTags, []);
    assert.deepEqual(report.badLinks, []);
  });

  test('a base64 JSON body is decoded and indented; Open in Editor names the entry', async () => {
    const text = await responseOf(1);
    assert.match(text, /JSON · decoded from base64 · indented for reading/);
    assert.ok(
      text.includes(`{\n  "html": "<script>window.__pwned='json'</script>",\n  "link": "javascript:alert(1)"\n}`),
      text,
    );
    await panel.page.click('.har-detail button:has-text("Open in Editor")');
    assert.deepEqual(panel.sent.at(-1), { type: 'openBody', params: { index: 1 } });
  });

  test('binary and missing bodies say what they are', async () => {
    assert.match(await responseOf(2), /Binary content \(image\/png, 4 B\): not shown\./);
    assert.match(await responseOf(3), /The HAR has no body for this response/);
    assert.deepEqual(panel.errors, []);
    assert.deepEqual(panel.dialogs, []);
  });
});
