// What identifying data an evidence bundle still holds, said before it is sent, and the
// one-click pseudonymised copy: every address, BSSID, id and name replaced, the same value by
// the same stand-in across the bundle (verdict, tables, traceroute, attached HAR), and nothing
// of the originals left.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderEvidenceHtml, sessionEvidence } from '../../../src/analysis/evidence';
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
      /^\d+ public IP address(es)?, \d+ internal IP address(es)?, 1 BSSID or MAC address, 1 agent or record id, 1 agent \(computer\) name$/,
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

  test('internal addresses: RFC 1918, loopback, link-local, CGNAT', () => {
    assert.deepEqual(
      ['10.1.2.3', '172.16.0.1', '172.32.0.1', '192.168.1.1', '100.64.0.1', '8.8.8.8'].map(isInternalIpv4),
      [true, true, false, true, true, false],
    );
  });
});
