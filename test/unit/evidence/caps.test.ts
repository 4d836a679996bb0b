// Outside data decides nothing about resource use: long strings, many rows, many links and
// large HARs are cut to the bundle's bounds, and the bundle says what was left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EVIDENCE_LIMITS,
  redactForEvidence,
  renderEvidenceHtml,
  sessionEvidence,
} from '../../../src/analysis/evidence';
import { AttachmentBudget } from '../../../src/analysis/evidence/attachments';
import { healthySession } from '../session/fixtures';
import { GENERATED_AT, harOfSize } from './fixtures';

test('a session of 300 pages with a 50,000-character title: rows and lines are capped, and said to be', () => {
  const session = healthySession();
  const page = session.pages[0]!;
  session.pages = Array.from({ length: 300 }, (_, i) => ({ ...page, id: `p${i}`, title: `${'x'.repeat(50_000)}${i}` }));
  const doc = sessionEvidence({
    session,
    generatedAt: GENERATED_AT,
    links: Array.from({ length: 150 }, (_, i) => ({ label: `record ${i}`, url: `https://app.example/r/${i}` })),
  });
  const pages = doc.sections.find((s) => s.heading === 'Pages');
  assert.ok(pages?.kind === 'table');
  assert.equal(pages.rows.length, EVIDENCE_LIMITS.maxTableRows);
  assert.ok(pages.rows.every((row) => row[0]!.length <= 300));
  assert.ok(doc.omissions.includes(`Pages: 100 of 300 rows left out.`));
  assert.equal(doc.links.length, EVIDENCE_LIMITS.maxLinks);
  assert.ok(doc.omissions.includes('51 more links left out (at most 100).'), doc.omissions.join('\n'));
  assert.ok(renderEvidenceHtml(doc).length < 1_000_000);
});

test('attachments stop at the byte budget; the HAR left out is named with its size', () => {
  const budget = new AttachmentBudget(40_000);
  budget.add('a.har', 'page 1', redactForEvidence(harOfSize(50)));
  budget.add('b.har', 'page 2', redactForEvidence(harOfSize(50)));
  assert.deepEqual(
    budget.attachments.map((a) => a.name),
    ['a.har'],
  );
  assert.match(
    budget.omissions[0]!,
    /^The redacted HAR of page 2 \(\d+\.\d kB\) is not attached: attachments are limited to 39\.1 kB per bundle\.$/,
  );
});
