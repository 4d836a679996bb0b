import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Pseudonymizer } from '../../../src/analysis/capture/pseudonymize';

describe('Pseudonymizer', () => {
  test('the same value always gets the same stand-in, in bodies and in paths', () => {
    const pz = new Pseudonymizer();
    const body = pz.body({
      endpointAgents: [
        { agentId: '1a5495c4-57d3-4d5e-b772-c6988a9c8a0f', computerName: 'MARIA-LAPTOP', testId: 7 },
        { agentId: '1a5495c4-57d3-4d5e-b772-c6988a9c8a0f', computerName: 'MARIA-LAPTOP' },
      ],
    }) as { endpointAgents: Record<string, unknown>[] };
    const [a, b] = body.endpointAgents;
    assert.equal(a?.['agentId'], b?.['agentId']);
    assert.notEqual(a?.['agentId'], '1a5495c4-57d3-4d5e-b772-c6988a9c8a0f');
    assert.equal(a?.['computerName'], b?.['computerName']);
    assert.equal(typeof a?.['testId'], 'number');
    assert.equal(
      pz.path('/v6/endpoint-agents/1a5495c4-57d3-4d5e-b772-c6988a9c8a0f'),
      `/v6/endpoint-agents/${String(a?.['agentId'])}`,
    );
  });

  test('an id the client sent encoded (one segment) is replaced by its stand-in; a query value too', () => {
    const pz = new Pseudonymizer();
    const body = pz.body({ agentId: 'MARIA/LAPTOP?x', aid: 1234 }) as Record<string, unknown>;
    assert.equal(
      pz.path(`/v7/endpoint/agents/${encodeURIComponent('MARIA/LAPTOP?x')}`),
      `/v7/endpoint/agents/${encodeURIComponent(String(body['agentId']))}`,
    );
    assert.equal(pz.knownId('1234'), String(body['aid']));
    assert.equal(pz.knownId('1h'), undefined);
    assert.equal(
      pz.path('/v7/endpoint/agents/%E0%A4%A'),
      '/v7/endpoint/agents/%E0%A4%A',
      'a malformed escape stays as it was',
    );
  });

  test('secrets go, e-mails, addresses and hosts are replaced wherever they appear; timings stay', () => {
    const pz = new Pseudonymizer();
    const out = JSON.stringify(
      pz.body({
        token: 'sk_live_123',
        headers: [{ name: 'Authorization', value: 'Bearer abc' }],
        errorMessage: 'user maria@acme.example (10.1.2.3, fe80::1:2:3:4) denied',
        url: 'https://intranet.acme.example/a/b?authToken=xyz&q=1',
        timings: { wait: 120.5 },
        content: { text: '<html>secret</html>' },
        ssid: 'ACME-Branch',
        bssid: 'd1:7b:aa:bb:cc:dd',
      }),
    );
    for (const secret of [
      'sk_live_123',
      'maria@acme.example',
      '10.1.2.3',
      'fe80::1:2:3:4',
      'intranet.acme.example',
      'authToken',
      'xyz',
      '<html>',
      'ACME-Branch',
      'd1:7b',
    ]) {
      assert.ok(!out.includes(secret), `${secret} in ${out}`);
    }
    assert.match(out, /"wait":120.5/);
    assert.match(out, /user-1@example\.com/);
    assert.match(out, /192\.0\.2\.1/);
  });

  test('outside data cannot make the walk unbounded', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    assert.doesNotThrow(() => new Pseudonymizer().body(deep));
    assert.equal(
      new Pseudonymizer({ maxDepth: 64, maxNodes: 10, maxString: 100 }).body({ a: 'x'.repeat(200) }) !== undefined,
      true,
    );
  });
});
