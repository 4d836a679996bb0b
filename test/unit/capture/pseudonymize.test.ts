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
    assert.match(out, /198\.51\.100\.1\b/, 'the internal 10.1.2.3 became an internal-looking documentation address');
  });

  describe('free text: each value becomes one of its own kind, what is no address stays', () => {
    const MAC_SHAPE = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/;

    test('netmasks, 0.0.0.0 and 255.255.255.255 are kept', () => {
      const pz = new Pseudonymizer();
      for (const mask of ['255.255.255.0', '255.255.252.0', '255.0.0.0', '0.0.0.0', '255.255.255.255'])
        assert.equal(pz.text(mask), mask);
      assert.equal(pz.text('192.168.1.23 / 255.255.255.0'), '198.51.100.1 / 255.255.255.0');
      assert.notEqual(pz.text('255.0.255.0'), '255.0.255.0', 'ones that are not contiguous are no mask');
    });

    test('version strings are kept: after a slash, a letter or v, or inside a longer dotted number', () => {
      const pz = new Pseudonymizer();
      const agent =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
      for (const text of [agent, 'build v1.2.3.4', 'firmware 1.2.3.4.5', 'Edg/124.0.2478.80'])
        assert.equal(pz.text(text), text);
    });

    test('an address next to words, in a URL or before a port is still an address', () => {
      const pz = new Pseudonymizer();
      assert.equal(pz.text('from 10.1.2.3 to 8.8.8.8.'), 'from 198.51.100.1 to 203.0.113.1.');
      assert.equal(pz.text('http://10.1.2.3:8080/x'), 'http://198.51.100.1:8080/x');
    });

    test('internal addresses become 198.51.100.x, public ones 203.0.113.x; a prefix keeps its length', () => {
      const pz = new Pseudonymizer();
      assert.match(pz.text('10.0.0.0/24'), /^198\.51\.100\.\d{1,3}\/24$/);
      assert.match(pz.text('93.184.216.0/22'), /^203\.0\.113\.\d{1,3}\/22$/);
      assert.equal(pz.text('172.16.5.4'), '198.51.100.2');
      assert.equal(pz.text('8.8.4.4'), '203.0.113.2');
    });

    test('a MAC becomes a MAC (locally administered), the same one each time; never an IPv6', () => {
      const pz = new Pseudonymizer();
      const mac = pz.text('aa:bb:cc:dd:ee:ff');
      assert.match(mac, MAC_SHAPE);
      assert.notEqual(mac, 'aa:bb:cc:dd:ee:ff');
      assert.match(mac, /^02:/, 'locally administered');
      assert.equal(pz.text('BSSID AA:BB:CC:DD:EE:FF'), `BSSID ${mac}`);
      assert.deepEqual(pz.body({ bssid: 'aa:bb:cc:dd:ee:ff' }), { bssid: mac }, 'the same stand-in as in text');
    });

    test('an IPv6 becomes a 2001:db8::/32 address; times and scope names are left alone', () => {
      const pz = new Pseudonymizer();
      assert.match(pz.text('fe80::1:2:3:4'), /^2001:db8:[0-9a-f:]*$/);
      assert.match(pz.text('2a00:1450:4001:081c:0000:0000:0000:200e'), /^2001:db8:[0-9a-f:]*$/);
      assert.equal(pz.text('at 10:00:00 in std::vector'), 'at 10:00:00 in std::vector');
    });

    test('the session id and the SSID get stand-ins of their own kind', () => {
      const pz = new Pseudonymizer();
      assert.equal(pz.sessionId('us-4f2a9c'), 'session-1');
      assert.equal(pz.sessionId('us-4f2a9c'), 'session-1');
      assert.equal(pz.ssid('Office-5G'), 'ssid-1');
      assert.deepEqual(pz.body({ ssid: 'Office-5G' }), { ssid: 'ssid-1' }, 'the same stand-in as a body field');
    });

    test('no pattern backtracks for long on outside text', () => {
      const pz = new Pseudonymizer();
      const hostile = ['1:', '1.', 'a:', ':', 'a.', 'a', 'a@'].map((unit) => unit.repeat(20_000)).join(' ');
      const started = performance.now();
      pz.text(hostile);
      assert.ok(performance.now() - started < 1_000, `${Math.round(performance.now() - started)} ms`);
    });
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
