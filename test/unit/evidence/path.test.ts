// The evidence of a test's network path: the localization as the verdict, the mtr-style
// report, the pinned hops (only those on the path), the permalinks and the diff against a
// baseline round.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pathEvidence, renderEvidenceHtml, renderEvidenceMarkdown } from '../../../src/analysis/evidence';
import type { PathTrace } from '../../../src/api/types';
import { forwardingLossAtExchange, healthy, IXP, ROUND_1, ROUND_2 } from '../path/localize-fixtures';
import { GENERATED_AT } from './fixtures';

const NAMES = { a01: 'London laptop 1', a02: 'London laptop 2' };

function withPermalinks(traces: PathTrace[]): PathTrace[] {
  return traces.map((t) => ({
    ...t,
    permalink: `https://app.netmon.example/endpoint/path/${String(t.agentId)}?round=${t.roundId}`,
  }));
}

describe('path evidence', () => {
  const doc = pathEvidence({
    test: { id: 100101, name: 'Outlook reachability' },
    traces: withPermalinks(forwardingLossAtExchange()),
    agentNames: NAMES,
    highlightHops: [IXP, '192.0.2.250', ' 80.58.0.1 '],
    accountGroup: 'ACME Corp (1001)',
    generatedAt: GENERATED_AT,
  });

  test('the verdict is the localization: where loss starts, with its numbers', () => {
    assert.equal(doc.verdict.grade, 'bad');
    assert.match(doc.title, /^Network path of Outlook reachability \(100101\): round 2023-11-14 22:13 UTC$/);
    assert.match(doc.verdict.lines[0]!, /154\.54\.43\.176/);
    assert.match(doc.verdict.lines[0]!, /AS174 Cogent/);
    const findings = doc.sections.find((s) => s.heading === 'Where the problem is');
    assert.ok(findings?.kind === 'table');
    assert.deepEqual(findings.rows[0]?.slice(0, 3), [
      'forwarding loss',
      '154.54.43.176 (AS174 Cogent, Madrid, ES)',
      '9 of 12',
    ]);
    assert.ok(doc.facts.some((f) => f.label === 'Traversals reaching the target' && f.value === '5 of 14'));
  });

  test('the path per agent is the mtr-style report with agent names', () => {
    const report = doc.sections.find((s) => s.kind === 'pre');
    assert.ok(report?.kind === 'pre');
    assert.match(report.text, /Path trace from London laptop 1 \(10\.0\.0\.3\) to 203\.0\.113\.10:443/);
    assert.match(report.text, /Hop\s+Host\s+ASN \/ network\s+Loss%/);
    assert.match(renderEvidenceHtml(doc), /<pre tabindex="0" aria-label="[^"]*">Where the problem is:\n/);
  });

  test('highlighted hops: those on the path, with what the localization says of them; others ignored', () => {
    assert.deepEqual(
      doc.highlightedHops.map((h) => h.id),
      [IXP, '80.58.0.1'],
    );
    assert.match(
      doc.highlightedHops[0]!.details,
      /AS174 Cogent, Madrid, ES · hop 3 · .*forwarding loss localized here/,
    );
  });

  test("the traces' permalinks are the links, one per agent", () => {
    assert.equal(doc.links.length, 14);
    assert.deepEqual(doc.links[0], {
      label: `Path trace of London laptop 1, round 2023-11-14 22:13 UTC`,
      url: `https://app.netmon.example/endpoint/path/a01?round=${ROUND_1}`,
    });
    assert.match(
      renderEvidenceMarkdown(doc).markdown,
      /- \[Path trace of London laptop 1, round 2023-11-14 22:13 UTC\]\(https:\/\/app\.netmon\.example\/endpoint\/path\/a01\?round=1700000000\)/,
    );
  });

  test('against a baseline round: what changed, in the verdict and as text', () => {
    const before = healthy().map((t) => ({ ...t, roundId: ROUND_1 }));
    const after = healthy().map((t) => ({
      ...t,
      roundId: ROUND_2,
      routes: t.routes.map((r) => ({ ...r, hops: r.hops.slice(0, 2) })),
    }));
    const diffed = pathEvidence({
      test: { id: 7 },
      traces: after,
      baseline: { traces: before },
      generatedAt: GENERATED_AT,
    });
    assert.match(diffed.verdict.lines.at(-1)!, /^Against the baseline \(round 2023-11-14 22:13 UTC\): /);
    const diffText = diffed.sections.find((s) => s.heading === 'What changed since the baseline round');
    assert.ok(diffText?.kind === 'pre');
    assert.match(diffText.text, /^test \(7\): round 2023-11-14 22:18 UTC against round 2023-11-14 22:13 UTC\n/);
  });

  test("a pseudonymised share's word instead of the test's id names the test", () => {
    const shared = pathEvidence({
      test: { id: 'pseudonymised', name: 'Outlook reachability' },
      traces: forwardingLossAtExchange(),
      agentNames: NAMES,
      generatedAt: GENERATED_AT,
    });
    assert.match(shared.title, /^Network path of Outlook reachability \(pseudonymised\): /);
    assert.ok(!JSON.stringify(shared).includes('100101'));
  });

  test('no traces: an honest "not enough data", no links, no hops', () => {
    const empty = pathEvidence({ test: { id: 1 }, traces: [], highlightHops: [IXP], generatedAt: GENERATED_AT });
    assert.equal(empty.verdict.grade, 'unknown');
    assert.deepEqual([empty.links, empty.highlightedHops], [[], []]);
    assert.match(renderEvidenceHtml(empty), /<p class="grade">Not enough data<\/p>/);
  });
});
