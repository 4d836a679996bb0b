// The bundle says how many values the HAR redaction removed with the numbers the redaction
// dialog showed (one definition: the preview's, where a cookie in the Cookie header and in the
// parsed cookies is one value), not the raw tallies that count such a cookie twice.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { redactForEvidence, redactionLines } from '../../../src/analysis/evidence';
import { AttachmentBudget } from '../../../src/analysis/evidence/attachments';
import { redactionPreview } from '../../../src/analysis/har/redact-preview';
import { harWithSecrets } from './fixtures';

/** The count of each `description (rule): count` line. */
const counts = (lines: readonly string[]): number[] => lines.map((l) => Number(/: (\d+)$/.exec(l)?.[1]));

describe('the redaction counts of a bundle', () => {
  test("are the redaction dialog's: the same total, rule by rule", () => {
    const redacted = redactForEvidence(harWithSecrets());
    const preview = redactionPreview(redacted.report, redacted.har);
    assert.ok(
      redacted.report.total > preview.total,
      `the raw tally (${redacted.report.total}) counts a cookie twice; the dialog (${preview.total}) once`,
    );
    const budget = new AttachmentBudget();
    budget.add('page-1.har', 'page 1', redacted);
    const lines = budget.attachments[0]?.redaction ?? [];
    assert.deepEqual(lines, redactionLines(redacted.report));
    assert.equal(
      counts(lines).reduce((a, b) => a + b, 0),
      preview.total,
    );
    assert.deepEqual(
      lines,
      preview.rules.map((r) => `${r.description} (${r.id}): ${r.count}`),
    );
  });

  test('a HAR with nothing to redact says so', () => {
    const empty = redactForEvidence({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [] } });
    assert.deepEqual(redactionLines(empty.report), ['nothing to redact in 0 entries']);
  });
});
