// A HAR diff load for the webview tests: Chrome's before/after exports of one shop page
// (test/fixtures/har-real), with a hostile request and page title added to the after side.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffHar } from '../../src/analysis/har/diff';
import type { HarDiffLoad } from '../../webview/hardiff/protocol';

export const HOSTILE_URL = `https://evil.example/<img src=x onerror="window.__pwned='url'">.js`;
export const HOSTILE_TITLE = `</title><script>window.__pwned='title'</script>`;

interface RawHar {
  log: { pages: { title: string }[]; entries: { request: { url: string } }[] };
}

const fixture = (name: string): RawHar =>
  JSON.parse(readFileSync(join(__dirname, '../fixtures/har-real', `${name}.har`), 'utf8')) as RawHar;

export function harDiffLoad(): HarDiffLoad {
  const before = fixture('chrome-before');
  const after = fixture('chrome-after');
  const first = after.log.entries[0];
  if (!first || !after.log.pages[0]) throw new Error('the fixture changed: it has no entries or pages');
  after.log.pages[0].title = HOSTILE_TITLE;
  after.log.entries.push({
    ...structuredClone(first),
    request: { ...structuredClone(first.request), url: HOSTILE_URL },
  });
  return {
    diff: diffHar(before, after),
    names: { before: 'chrome-before.har', after: `chrome-after.har · ${HOSTILE_TITLE}` },
  };
}
