// The evidence of a user session: what a reader of the ticket sees — the verdict and its
// numbers, the traceroute as mtr-style text, the pinned hops, the waterfall, the HAR
// attached redacted — in the HTML and the Markdown alike.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EVIDENCE_LIMITS,
  renderEvidenceHtml,
  renderEvidenceMarkdown,
  sessionEvidence,
} from '../../../src/analysis/evidence';
import { healthySession, withNetwork } from '../session/fixtures';
import {
  BEARER_SECRET,
  COOKIE_SECRET,
  embeddedHars,
  GENERATED_AT,
  harOfSize,
  harWithSecrets,
  SET_COOKIE_SECRET,
} from './fixtures';

function weakWifiSession(): ReturnType<typeof healthySession> {
  return withNetwork(healthySession(), (network) => {
    network.networkProfile.wirelessProfile = { ...network.networkProfile.wirelessProfile!, rssi: -84, quality: 30 };
    return network;
  });
}

const build = (extra: Partial<Parameters<typeof sessionEvidence>[0]> = {}): ReturnType<typeof sessionEvidence> =>
  sessionEvidence({
    session: weakWifiSession(),
    pages: [{ pageId: 'page_1', title: 'Portal — Home', har: harWithSecrets() }],
    agentName: 'maria-mbp',
    accountGroup: 'ACME Corp (1001)',
    range: { window: '24h' },
    generatedAt: GENERATED_AT,
    ...extra,
  });

describe('session evidence', () => {
  test('the verdict names the segment and its numbers, with the header a ticket needs', () => {
    const doc = build();
    assert.equal(doc.verdict.grade, 'bad');
    assert.match(doc.verdict.lines[0]!, /^Worst segment: Wi-Fi — RSSI -84 dBm \(limit -\d+ dBm\)/);
    assert.ok(doc.facts.some((f) => f.label === 'Agent' && f.value === 'maria-mbp (ea-0193)'));
    const html = renderEvidenceHtml(doc);
    assert.match(html, /<h1>User session us-4f2a9c: portal\.example\.com<\/h1>/);
    assert.match(html, /<dt>Account group<\/dt><dd>ACME Corp \(1001\)<\/dd>/);
    // The session's own time, not the view's range at export (a stranger's walk: "2026-11-27 12:00 – 18:00" for a session of the 28th).
    assert.match(
      html,
      /<dt>Time range<\/dt><dd>the session at 2026-11-20 10:00 UTC, with the agent&#39;s records 3 h before and 1 h after it \(2026-11-20 07:00 UTC – 2026-11-20 11:00 UTC\)<\/dd>/,
    );
    assert.match(html, /<dt>Generated<\/dt><dd>2026-11-20T11:00:00\.000Z<\/dd>/);
    assert.ok(html.includes('Worst segment: Wi-Fi — RSSI -84 dBm'));
    assert.match(html, /redacted with the default rules of netmon har redact/);
    assert.match(
      html,
      /<a href="https:\/\/app\.example\/sessions\/us-4f2a9c" rel="noopener noreferrer">User session<\/a>/,
    );
  });

  test('the traceroute is the mtr-style path text', () => {
    const section = build().sections.find((s) => s.kind === 'pre');
    assert.ok(section?.kind === 'pre');
    assert.match(section.text, /Path trace from maria-mbp \(192\.168\.1\.23\) to portal\.example\.com/);
    assert.match(section.text, /\n\s*2\.\s+bras1\.ams\.example-telecom\.net \(203\.0\.113\.1\)/);
  });

  test('pinned hops on the traceroute are shown, unknown ones are ignored', () => {
    const doc = build({ highlightHops: ['203.0.113.1', '10.99.99.99', '<b>x</b>'] });
    assert.deepEqual(
      doc.highlightedHops.map((h) => h.id),
      ['203.0.113.1'],
    );
    assert.match(doc.highlightedHops[0]!.label, /^hop 2: 203\.0\.113\.1 \(bras1\.ams\.example-telecom\.net\)$/);
    assert.match(doc.highlightedHops[0]!.details, /AS64500/);
    assert.match(renderEvidenceHtml(doc), /<h2>Highlighted hops<\/h2>/);
    assert.doesNotMatch(renderEvidenceHtml(build()), /Highlighted hops/);
  });

  test('the HAR is attached redacted: no secret anywhere, the download decodes to the same entries', () => {
    const doc = build();
    const html = renderEvidenceHtml(doc);
    const { markdown, files } = renderEvidenceMarkdown(doc, { filePrefix: 'ticket' });
    const everything = [
      html,
      markdown,
      ...files.map((f) => (typeof f.content === 'string' ? f.content : Buffer.from(f.content).toString('latin1'))),
    ].join('\n');
    for (const secret of [COOKIE_SECRET, BEARER_SECRET, SET_COOKIE_SECRET])
      assert.ok(!everything.includes(secret), `${secret} leaked`);
    const [embedded] = embeddedHars(html);
    assert.equal(embedded?.name, 'session-us-4f2a9c-page-1.har');
    assert.equal(embedded.har.log.entries.length, harWithSecrets().log.entries.length);
    // The session cookie (in the Cookie header and the parsed cookies: one value) and the Set-Cookie: as the dialog counts.
    assert.match(html, /cookie values \(cookie\): 2/);
    assert.match(html, /credentials of Authorization headers \(authorization\): 1/);
    const harFile = files.find((f) => f.name === 'ticket-session-us-4f2a9c-page-1.har');
    assert.equal((JSON.parse(harFile!.content as string) as { log: { entries: unknown[] } }).log.entries.length, 13);
  });

  test('the waterfall is drawn from the redacted HAR, and shown inline and as an image file', () => {
    const doc = build();
    assert.equal(doc.images.length, 1);
    assert.match(doc.images[0]!.svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(doc.images[0]!.svg, />200 GET api\.shop\.example\.com\/products\?sid=REDACTED-query&#38;pa…</);
    assert.ok(renderEvidenceHtml(doc).includes(doc.images[0]!.svg));
    const { markdown, files } = renderEvidenceMarkdown(doc, { filePrefix: 'ticket' });
    assert.match(
      markdown,
      /!\[Waterfall of page 1 "Portal — Home": 13 requests \\\(URLs from the redacted HAR\\\)\]\(ticket-waterfall-1\.png\)/,
    );
    assert.equal(files.find((f) => f.name === 'ticket-waterfall-1.svg')?.content, doc.images[0]!.svg);
  });

  test('bounds: waterfall rows and pages per bundle are capped, and the bundle says so', () => {
    const many = Array.from({ length: EVIDENCE_LIMITS.maxHars + 2 }, (_, i) => ({
      pageId: 'page_1',
      har: i === 0 ? harOfSize(400) : harOfSize(3),
    }));
    const doc = build({ pages: many });
    assert.equal(doc.images.length, EVIDENCE_LIMITS.maxHars);
    assert.equal(doc.attachments.length, EVIDENCE_LIMITS.maxHars);
    assert.equal(
      (doc.images[0]!.svg.match(/>200 GET static\.example\.com/g) ?? []).length,
      EVIDENCE_LIMITS.maxWaterfallRows,
    );
    assert.match(doc.images[0]!.svg, /… 250 more requests not drawn \(limit 150\)/);
    assert.ok(
      doc.omissions.includes(
        `2 of ${EVIDENCE_LIMITS.maxHars + 2} pages left out (at most ${EVIDENCE_LIMITS.maxHars} HARs per bundle).`,
      ),
    );
    assert.ok(doc.omissions.some((o) => /250 of 400 requests not drawn/.test(o)));
    assert.match(renderEvidenceHtml(doc), /<h2>Left out of this bundle<\/h2>/);
  });

  test('a session without a traceroute or pages still makes a readable bundle', () => {
    const session = withNetwork(healthySession(), (network) => ({ ...network, traceroute: 'traceroute timed out' }));
    const doc = sessionEvidence({ session, generatedAt: GENERATED_AT });
    assert.equal(doc.verdict.grade, 'ok');
    assert.ok(
      doc.sections.some((s) => s.kind === 'text' && s.paragraphs[0] === 'The traceroute failed: traceroute timed out'),
    );
    assert.equal(doc.attachments.length, 0);
    assert.match(
      renderEvidenceHtml(doc),
      /No HAR is attached; links and free text from the recorded data were redacted with the default rules/,
    );
  });
});
