// The evidence bundle says why each page was slow: its critical path and ranked findings,
// from the redacted HAR (a session id in a URL does not reach the ticket).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AttachmentBudget } from '../../../src/analysis/evidence/attachments';
import { pageSections } from '../../../src/analysis/evidence/har-pages';

const har = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'har-real', 'firefox-before.har'), 'utf8')) as unknown;

test('a bundle page has a "why was it slow" table: findings largest saving first, the critical path in its note', () => {
  const { sections } = pageSections([{ pageId: 'page_1', har }], 'bundle', new AttachmentBudget());
  const table = sections.find((s) => s.heading === 'Why page 1 "Example News – Front page" was slow');
  assert.ok(table && table.kind === 'table');
  assert.deepEqual(table.columns, ['Finding', 'Saves', 'Requests', 'What to do']);
  assert.match(table.rows[0]![0]!, /^Slow server response: headlines\?PHPSESSID=\S+ waited 420 ms for the server/);
  assert.equal(table.rows[0]![1], '~325 ms');
  assert.match(table.note ?? '', /^critical path news\.example\.com 113 ms .* → document 210 ms/);
  const text = JSON.stringify(table);
  assert.ok(!text.includes('9f8e7d6c5b4a3210'), 'the session id in the URL is redacted');
});
