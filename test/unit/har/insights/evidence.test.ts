// The evidence bundle says why each page was slow: its critical path and ranked findings,
// from the redacted HAR (a session id in a URL does not reach the ticket).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AttachmentBudget } from '../../../../src/analysis/evidence/attachments';
import { pageSections } from '../../../../src/analysis/evidence/har-pages';
import { renderEvidenceMarkdown, sessionEvidence } from '../../../../src/analysis/evidence';
import { healthySession } from '../../session/fixtures';

const har = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', 'fixtures', 'har-real', 'firefox-before.har'), 'utf8'),
) as unknown;

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

test('the whole bundle, as Markdown, carries the ranked findings: each with its requests, its saving and what to do', () => {
  const doc = sessionEvidence({
    session: healthySession(),
    pages: [{ pageId: 'page_1', title: 'Front page', har }],
    agentName: 'agent-1',
    generatedAt: new Date('2026-11-20T11:00:00Z'),
  });
  const markdown = renderEvidenceMarkdown(doc).markdown;
  const at = markdown.indexOf('Why page 1');
  assert.ok(at > 0, 'the bundle has the "why was it slow" section');
  const lines = markdown.slice(at).split('\n');
  const header = lines.findIndex((l) => l.startsWith('| Finding |'));
  const end = lines.findIndex((l, i) => i > header && !l.startsWith('|'));
  const rows = lines.slice(header + 2, end);
  assert.ok(rows.length >= 2, markdown.slice(at, at + 600));
  const savings = rows
    .map((row) => row.split(' | ')[1]!)
    .map((cell) => (cell === '—' ? 0 : Number(/^\\~([\d.]+) ms$/.exec(cell)?.[1] ?? NaN)));
  assert.match(
    rows[0]!,
    /^\| Slow server response: .* \| \\~325 ms \| headlines\?PHPSESSID=\S+ \| Find what the server does before answering/,
  );
  assert.ok(
    savings.every((ms, i) => i === 0 || ms <= savings[i - 1]!),
    `ranked largest saving first: ${savings.join(', ')}`,
  );
  assert.ok(!markdown.includes('9f8e7d6c5b4a3210'), 'the session id in the URL is redacted');
});
