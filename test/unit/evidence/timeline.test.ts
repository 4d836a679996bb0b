// The evidence of an agent over time: the poor periods with the segment to blame, what
// changed in its network, and the timeline's text — the same words as `netmon agent timeline`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderEvidenceHtml, timelineEvidence } from '../../../src/analysis/evidence';
import { timelineText } from '../../../src/analysis/timeline';
import { agentRecords, timelineOf } from '../timeline/fixtures';
import { GENERATED_AT } from './fixtures';

test('a Wi-Fi episode: the period and its segment are the verdict, the events and the text follow', () => {
  const timeline = timelineOf(agentRecords('wifi'));
  const doc = timelineEvidence({ timeline, accountGroup: 'ACME Corp (1001)', generatedAt: GENERATED_AT });
  assert.equal(doc.verdict.grade, 'bad');
  assert.equal(doc.verdict.lines[0], timeline.verdict.summary);
  assert.equal(doc.verdict.lines[1], timeline.verdict.periods[0]!.line);
  assert.equal(doc.range, '2026-11-23 06:00 UTC – 2026-11-23 12:00 UTC');
  const periods = doc.sections.find((s) => s.heading === 'Periods of poor experience');
  assert.ok(periods?.kind === 'table');
  assert.deepEqual(periods.rows[0]?.slice(0, 3), ['2026-11-23 08:06 UTC', '2026-11-23 08:36 UTC', 'Wi-Fi']);
  const changes = doc.sections.find((s) => s.heading === "What changed in the agent's network");
  assert.ok(changes?.kind === 'table' && changes.rows.some(([, text]) => /^Roamed/.test(text!)));
  const text = doc.sections.find((s) => s.kind === 'pre');
  assert.ok(text?.kind === 'pre');
  assert.equal(text.text, timelineText(timeline));
  assert.match(
    renderEvidenceHtml(doc),
    /<h1>Endpoint agent maria-mbp \(agent-1\): 2026-11-23 06:00 UTC – 2026-11-23 12:00 UTC<\/h1>/,
  );
});

test('a healthy agent: no period, the tables say so', () => {
  const doc = timelineEvidence({ timeline: timelineOf(agentRecords('none')), generatedAt: GENERATED_AT });
  assert.equal(doc.verdict.grade, 'ok');
  const periods = doc.sections.find((s) => s.heading === 'Periods of poor experience');
  assert.ok(periods?.kind === 'table');
  assert.deepEqual([periods.rows, periods.note], [[], 'No period of poor experience in the range.']);
});
