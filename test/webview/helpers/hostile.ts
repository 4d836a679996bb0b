// Checks that hostile strings stayed text: no injected script ran (the fixtures' payloads
// set window.__pwned or open a dialog), no element or handler attribute was created
// from data, and no link points anywhere but http(s).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export interface InertReport {
  pwned: unknown;
  handlers: string[];
  injectedTags: string[];
  scripts: number;
  badLinks: string[];
}

// The page's DOM, typed structurally: this file compiles without the DOM lib.
interface NodeLike {
  localName: string;
  outerHTML: string;
  shadowRoot: RootLike | null;
  attributes: ArrayLike<{ name: string }>;
  closest(selector: string): unknown;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
}
interface RootLike {
  querySelectorAll(selector: string): ArrayLike<NodeLike>;
}

export function inspectInert(page: Page): Promise<InertReport> {
  return page.evaluate(() => {
    const document = (globalThis as unknown as { document: RootLike & { scripts: ArrayLike<unknown> } }).document;
    const all: NodeLike[] = [];
    // Walk open shadow roots too: the Lit controls render there. (A loop, not a named
    // helper: tsx would wrap a named function in __name, which the page lacks.)
    const roots: RootLike[] = [document];
    for (let root = roots.pop(); root; root = roots.pop()) {
      for (const element of Array.from(root.querySelectorAll('*'))) {
        all.push(element);
        if (element.shadowRoot) roots.push(element.shadowRoot);
      }
    }
    return {
      pwned: (globalThis as { __pwned?: unknown }).__pwned,
      handlers: all
        .filter((e) => Array.from(e.attributes).some((a) => /^on/i.test(a.name)))
        .map((e) => e.outerHTML.slice(0, 120)),
      injectedTags: all
        .filter(
          (e) =>
            ['img', 'iframe', 'svg', 'marquee', 'object', 'embed', 'frame'].includes(e.localName) &&
            !e.closest('vscode-icon'),
        )
        .map((e) => e.outerHTML.slice(0, 120)),
      scripts: document.scripts.length,
      badLinks: all
        .filter((e) => e.localName === 'a' && e.hasAttribute('href'))
        .map((e) => e.getAttribute('href') ?? '')
        .filter((href) => !/^https?:\/\//i.test(href)),
    };
  });
}

export async function assertInert(page: Page, dialogs: readonly string[], expectedScripts: number): Promise<void> {
  const report = await inspectInert(page);
  assert.equal(report.pwned, undefined, 'an injected script ran');
  assert.deepEqual(dialogs, [], 'a dialog fired');
  assert.deepEqual(report.handlers, [], 'an event-handler attribute came from data');
  assert.deepEqual(report.injectedTags, [], 'an element came from data');
  assert.equal(report.scripts, expectedScripts, 'a script element came from data');
  assert.deepEqual(report.badLinks, [], 'a non-http(s) link was made');
}
