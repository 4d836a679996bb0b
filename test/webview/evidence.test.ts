// Evidence bundles full of hostile strings, opened from disk in headless Chromium with the
// network off: nothing from the data runs or becomes an element, the CSP reports nothing,
// the page reads (headings, verdict, the hostile text as text), the redacted HAR downloads
// from its data: link, and the page follows the reader's dark mode and prints on white.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { renderEvidenceHtml, type EvidenceDocument } from '../../src/analysis/evidence';
import { hostileDocuments, PWN_IMG } from '../fixtures/evidence/hostile';
import { launchChromium } from './helpers/panel';

interface Opened {
  page: Page;
  errors: string[];
  dialogs: string[];
  requests: string[];
}

interface Inspection {
  pwned: string | null;
  windowPwned: unknown;
  scripts: number;
  svgs: number;
  ourSvgs: number;
  dataTags: string[];
  handlers: string[];
  links: { href: string; download: string | null }[];
  title: string;
  h1: string;
  h2: string[];
}

// The page's DOM, typed structurally: this file compiles without the DOM lib.
interface ElementLike {
  localName: string;
  outerHTML: string;
  textContent: string | null;
  attributes: ArrayLike<{ name: string }>;
  getAttribute(name: string): string | null;
  classList: { contains(name: string): boolean };
}
interface DocumentLike {
  title: string;
  body: ElementLike;
  querySelectorAll(selector: string): ArrayLike<ElementLike>;
  querySelector(selector: string): ElementLike | null;
}

function inspect(page: Page): Promise<Inspection> {
  return page.evaluate(() => {
    const document = (globalThis as unknown as { document: DocumentLike }).document;
    const all = Array.from(document.querySelectorAll('*'));
    const svgs = Array.from(document.querySelectorAll('svg'));
    return {
      pwned: document.body.getAttribute('data-pwned'),
      windowPwned: (globalThis as { __pwned?: unknown }).__pwned,
      scripts: document.querySelectorAll('script').length,
      svgs: svgs.length,
      ourSvgs: svgs.filter((s) => s.classList.contains('evidence-figure')).length,
      dataTags: all
        .filter((e) =>
          ['img', 'iframe', 'object', 'embed', 'marquee', 'b', 'base', 'form', 'frame'].includes(e.localName),
        )
        .map((e) => e.outerHTML.slice(0, 120)),
      handlers: all
        .filter((e) => Array.from(e.attributes).some((a) => /^on/i.test(a.name)))
        .map((e) => e.outerHTML.slice(0, 120)),
      links: Array.from(document.querySelectorAll('a[href]')).map((a) => ({
        href: a.getAttribute('href') ?? '',
        download: a.getAttribute('download'),
      })),
      title: document.title,
      h1: document.querySelector('h1')?.textContent ?? '',
      h2: Array.from(document.querySelectorAll('h2')).map((h) => h.textContent ?? ''),
    };
  });
}

describe('evidence bundles of hostile data in a browser', () => {
  let browser: Browser;
  let dir: string;
  const documents = hostileDocuments();
  const files: string[] = [];

  before(async () => {
    browser = await launchChromium();
    dir = mkdtempSync(join(tmpdir(), 'netmon-evidence-'));
    documents.forEach((doc, i) => {
      const file = join(dir, `bundle-${i}.html`);
      writeFileSync(file, renderEvidenceHtml(doc));
      files.push(file);
    });
  });
  after(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(file: string, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Opened> {
    const context = await browser.newContext({ offline: true, colorScheme: options.colorScheme ?? 'light' });
    const page = await context.newPage();
    const opened: Opened = { page, errors: [], dialogs: [], requests: [] };
    page.on('pageerror', (e) => opened.errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') opened.errors.push(m.text());
    });
    page.on('dialog', (d) => {
      opened.dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) opened.requests.push(r.url());
    });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    await page.waitForTimeout(100); // an injected handler (onerror of a broken image) would have fired by now
    return opened;
  }

  test("the payload is live: written as markup without the bundle's escaping, it sets data-pwned", async () => {
    const control = join(dir, 'control.html');
    writeFileSync(control, `<!doctype html><html><body>${PWN_IMG}</body></html>`);
    const { page } = await open(control);
    await page.waitForFunction(
      () => (globalThis as unknown as { document: DocumentLike }).document.body.getAttribute('data-pwned') === '1',
    );
    await page.context().close();
  });

  for (const [i, kind] of ['session', 'path', 'har-diff'].entries()) {
    describe(`the ${kind} bundle`, () => {
      let opened: Opened;
      let report: Inspection;
      let doc: EvidenceDocument;
      before(async () => {
        doc = documents[i]!;
        opened = await open(files[i]!);
        report = await inspect(opened.page);
      });
      after(async () => {
        await opened.page.context().close();
      });

      test('no script runs: data-pwned stays unset, no dialog, no script element', () => {
        assert.equal(report.pwned, null);
        assert.equal(report.windowPwned, undefined);
        assert.deepEqual(opened.dialogs, []);
        assert.equal(report.scripts, 0);
      });

      test("no element or handler from data; the only SVGs are the bundle's own images", () => {
        assert.deepEqual(report.dataTags, []);
        assert.deepEqual(report.handlers, []);
        assert.equal(report.svgs, doc.images.length);
        assert.equal(report.ourSvgs, doc.images.length);
      });

      test('no CSP error or other console error, nothing fetched', () => {
        assert.deepEqual(opened.errors, []);
        assert.deepEqual(opened.requests, []);
      });

      test('links are http(s), or the HAR downloads (data:application/json with a .har name)', () => {
        for (const link of report.links) {
          if (link.download !== null)
            assert.match(`${link.download} ${link.href.slice(0, 40)}`, /^[\w.-]+\.har data:application\/json;base64,/);
          else assert.match(link.href, /^https?:\/\//);
        }
        assert.equal(report.links.filter((l) => l.download !== null).length, doc.attachments.length);
      });

      test('the page reads: the title (hostile text as text), the verdict and every section', () => {
        assert.equal(report.title, doc.title);
        assert.equal(report.h1, doc.title);
        assert.equal(report.h2[0], 'Verdict');
        for (const section of doc.sections)
          assert.ok(report.h2.includes(section.heading), `missing heading ${section.heading}`);
      });
    });
  }

  test('the embedded HAR downloads as the redacted HAR, with every entry', async () => {
    const { page } = await open(files[0]!);
    const href = await page.getAttribute('a[download]', 'href');
    const har = JSON.parse(
      Buffer.from(href!.replace(/^data:application\/json;base64,/, ''), 'base64').toString('utf8'),
    ) as { log: { entries: unknown[] } };
    assert.equal(har.log.entries.length, 2);
    assert.equal(JSON.stringify(har), documents[0]!.attachments[0]!.json);
    await page.context().close();
  });

  test("dark mode follows the reader's system; print is black on white", async () => {
    const background = (page: Page): Promise<string> =>
      page.evaluate(
        () =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(
            (globalThis as unknown as { document: DocumentLike }).document.body,
          ).backgroundColor,
      );
    const light = await open(files[0]!, { colorScheme: 'light' });
    const dark = await open(files[0]!, { colorScheme: 'dark' });
    assert.equal(await background(light.page), 'rgb(255, 255, 255)');
    assert.equal(await background(dark.page), 'rgb(13, 17, 23)');
    await dark.page.emulateMedia({ media: 'print' });
    assert.equal(await background(dark.page), 'rgb(255, 255, 255)');
    await light.page.context().close();
    await dark.page.context().close();
  });
});
