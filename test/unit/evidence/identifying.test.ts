// What identifying data an evidence bundle still holds, said before it is sent, and the
// one-click pseudonymised copy: every address, BSSID, id and name replaced, the same value by
// the same stand-in across the bundle (verdict, tables, traceroute, attached HAR), and nothing
// of the originals left.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  renderEvidenceHtml,
  renderEvidenceMarkdown,
  sessionEvidence,
  type EvidenceDocument,
} from '../../../src/analysis/evidence';
import {
  identifyingData,
  identifyingWords,
  isInternalIpv4,
  pseudonymiseEvidence,
} from '../../../src/analysis/evidence/identifying';
import { healthySession } from '../session/fixtures';
import { GENERATED_AT, harWithSecrets } from './fixtures';

const doc = sessionEvidence({
  session: healthySession(),
  pages: [{ pageId: 'page_1', title: 'Portal — Home', har: harWithSecrets() }],
  agentName: 'maria-mbp',
  generatedAt: GENERATED_AT,
});

describe('identifying data in an evidence bundle', () => {
  test("lists what remains, by kind: public and internal addresses, the BSSID, the agent's id and name", () => {
    const found = identifyingData(doc);
    const kinds = found.map((f) => f.kind);
    for (const kind of ['public-ip', 'internal-ip', 'mac', 'id', 'agent'] as const)
      assert.ok(kinds.includes(kind), `${kind} in ${identifyingWords(found)}`);
    assert.match(
      identifyingWords(found),
      new RegExp(
        '^\\d+ public IP address(es)?, \\d+ internal IP address(es)?, 1 BSSID or MAC address, ' +
          '1 Wi-Fi network name \\(SSID\\), 1 agent or record id, 1 agent \\(computer\\) name$',
      ),
    );
  });

  test('the pseudonymised copy replaces each value by the same stand-in everywhere, and none of the originals is left', () => {
    const html = renderEvidenceHtml(doc);
    const copy = pseudonymiseEvidence(doc);
    const out = renderEvidenceHtml(copy);
    assert.ok(html.includes('maria-mbp'));
    assert.equal(out.includes('maria-mbp'), false, 'the agent name is gone');
    const gateway = healthySession().network.networkProfile.gateway;
    assert.ok(html.includes(gateway));
    assert.equal(out.includes(gateway), false, `the gateway ${gateway} is gone`);
    const bssid = healthySession().network.networkProfile.wirelessProfile?.bssid ?? '';
    assert.ok(bssid && !out.toLowerCase().includes(bssid.toLowerCase()), 'the BSSID is gone');
    assert.deepEqual(
      identifyingData(copy),
      [],
      `nothing identifying remains: ${identifyingWords(identifyingData(copy))}`,
    );
    // Consistent: the gateway's stand-in in the facts is the one in the traceroute text.
    const factGateway = copy.sections
      .flatMap((s) => (s.kind === 'table' && s.heading.startsWith('Network') ? s.rows : []))
      .find((r) => r[0] === 'Gateway')?.[1];
    assert.ok(factGateway, 'the gateway row is still there, pseudonymised');
    const trace = copy.sections.find((s) => s.kind === 'pre');
    assert.ok(
      trace?.kind === 'pre' && trace.text.includes(factGateway.split(' ')[0] ?? '?'),
      `the traceroute names the same stand-in ${factGateway}`,
    );
    assert.ok(
      copy.omissions.some((o) => o.startsWith('Pseudonymised:')),
      'the bundle says it was pseudonymised',
    );
  });

  test('the attached HAR stays a HAR: it parses, its header names are kept, its values are pseudonymised', () => {
    const [attachment] = pseudonymiseEvidence(doc).attachments;
    const har = JSON.parse(attachment?.json ?? '{}') as {
      log: { entries: { request: { headers: { name: string }[] } }[] };
    };
    const names = har.log.entries.flatMap((e) => e.request.headers.map((h) => h.name.toLowerCase()));
    assert.ok(
      names.includes('user-agent') || names.includes(':authority') || names.includes('accept'),
      names.slice(0, 5).join(', '),
    );
    assert.equal(attachment?.bytes, new TextEncoder().encode(attachment?.json ?? '').length);
  });

  test('the session id and the SSID are named as what remains, and replaced everywhere, file names included', () => {
    const session = healthySession();
    const id = String(session.userSessionId);
    const ssid = session.network.networkProfile.wirelessProfile?.ssid ?? '';
    const known = { sessionIds: [id], ssids: [ssid] };
    const found = identifyingData(doc, known);
    assert.deepEqual(
      found.filter((f) => f.kind === 'session' || f.kind === 'ssid').map((f) => `${f.count} ${f.label}`),
      ['1 Wi-Fi network name (SSID)', '1 session id'],
    );
    assert.ok(JSON.stringify(doc).includes(id) && JSON.stringify(doc).includes(ssid), 'the bundle holds both');
    const copy = pseudonymiseEvidence(doc, known);
    const markdown = renderEvidenceMarkdown(copy, { filePrefix: 'evidence' });
    for (const text of [
      JSON.stringify(copy),
      renderEvidenceHtml(copy),
      markdown.markdown,
      ...markdown.files.map((f) => f.name),
    ]) {
      assert.equal(text.includes(id), false, `the session id is gone from ${text.slice(0, 80)}`);
      assert.equal(text.includes(ssid), false, `the SSID is gone from ${text.slice(0, 80)}`);
    }
    assert.match(copy.title, /^User session session-1: /);
    assert.ok(copy.attachments[0]?.name.includes('session-1'), copy.attachments[0]?.name);
    assert.deepEqual(identifyingData(copy, known), []);
  });

  test('a session id that is a UUID is counted once, as the session id', () => {
    const uuid = '3f6c1a52-9d1e-4b7a-8c2f-5e0d9b7a1c44';
    const found = identifyingData(textDoc(`Session ${uuid}`, `https://app.example/sessions/${uuid}`), {
      sessionIds: [uuid],
    });
    assert.deepEqual(found, [{ kind: 'session', label: 'session id', count: 1 }]);
  });

  test('an SSID that is also a word is replaced where it stands alone, not inside longer words', () => {
    const copy = pseudonymiseEvidence(textDoc('Connected to Home', 'Homepage of the portal'), { ssids: ['Home'] });
    assert.deepEqual(copy.verdict.lines, ['Connected to ssid-1', 'Homepage of the portal']);
  });

  test('a BSSID is counted once, as a MAC, and becomes a MAC', () => {
    const bundle = textDoc('BSSID aa:bb:cc:dd:ee:ff');
    assert.deepEqual(identifyingData(bundle), [{ kind: 'mac', label: 'BSSID or MAC address', count: 1 }]);
    const mac = /BSSID (\S+)$/.exec(pseudonymiseEvidence(bundle).verdict.lines[0] ?? '')?.[1] ?? '';
    assert.match(mac, /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
    assert.notEqual(mac, 'aa:bb:cc:dd:ee:ff');
  });

  test('netmasks and version strings are neither counted nor changed', () => {
    const agent = 'Mozilla/5.0 (Macintosh) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
    const bundle = textDoc('Subnet mask 255.255.255.0, default route 0.0.0.0', agent);
    assert.deepEqual(identifyingData(bundle), []);
    assert.deepEqual(pseudonymiseEvidence(bundle).verdict.lines, bundle.verdict.lines);
  });

  test("the browser's version and the HAR's user agent are kept", () => {
    const session = healthySession();
    const withVersion = sessionEvidence({
      session: { ...session, browser: { name: 'Chrome', version: '124.0.0.0' } },
      pages: [{ pageId: 'page_1', title: 'Portal — Home', har: harWithSecrets() }],
      generatedAt: GENERATED_AT,
    });
    const copy = pseudonymiseEvidence(withVersion);
    assert.equal(copy.facts.find((f) => f.label === 'Browser')?.value, 'Chrome 124.0.0.0');
    assert.match(copy.attachments[0]?.json ?? '', /Chrome\/120\.0\.0\.0/);
  });

  test('a CIDR prefix keeps its length; internal and public addresses stay apart', () => {
    const copy = pseudonymiseEvidence(textDoc('prefix 10.0.0.0/24 via 8.8.8.8'));
    assert.match(copy.verdict.lines[0] ?? '', /^prefix 198\.51\.100\.\d+\/24 via 203\.0\.113\.\d+$/);
  });

  test("the pseudonymised mtr-style table keeps its columns: each starts where the header's does", () => {
    const copy = pseudonymiseEvidence(doc);
    const trace = copy.sections.find((s) => s.kind === 'pre');
    assert.ok(trace?.kind === 'pre');
    const lines = trace.text.split('\n');
    const top = lines.findIndex((l) => l.startsWith('Hop  '));
    const rows = lines.slice(top + 1, lines.indexOf('', top));
    assert.ok(rows.length >= 3, trace.text);
    assert.equal(/192\.168\./.test(rows.join('\n')), false, 'the table was pseudonymised');
    const header = lines[top] ?? '';
    const left = ['Host', 'ASN / network'].map((h) => header.indexOf(h));
    const right = ['Hop', 'Loss%', 'Trav', 'Avg', 'Best', 'Worst'].map((h) => header.indexOf(h) + h.length);
    for (const row of rows) {
      for (const at of left) assert.ok(row[at] !== ' ' && row[at - 1] === ' ', `starts at ${at}: ${row}`);
      for (const at of right) assert.ok(row[at - 1] !== ' ' && (row[at] ?? ' ') === ' ', `ends at ${at}: ${row}`);
    }
  });

  test('internal addresses: RFC 1918, loopback, link-local, CGNAT', () => {
    assert.deepEqual(
      ['10.1.2.3', '172.16.0.1', '172.32.0.1', '192.168.1.1', '100.64.0.1', '8.8.8.8'].map(isInternalIpv4),
      [true, true, false, true, true, false],
    );
  });
});

/** A bundle whose verdict says `lines` and nothing else. */
function textDoc(...lines: string[]): EvidenceDocument {
  return {
    kind: 'session',
    title: 'Evidence',
    generatedAt: GENERATED_AT.toISOString(),
    verdict: { grade: 'ok', lines },
    facts: [],
    sections: [],
    images: [],
    attachments: [],
    highlightedHops: [],
    links: [],
    omissions: [],
  };
}
