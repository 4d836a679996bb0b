import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { completionsAt, hoverAt, validateDocuments, type LiveCatalog } from '../../../src/documents';
import { diagnose, expectOnly, lines } from './helpers';

const catalog: LiveCatalog = {
  connectionKey: 'demo',
  enterpriseAgents: [
    { agentId: '1001', name: 'dc1-probe', location: 'Frankfurt, Germany' },
    { agentId: '1002', name: 'dc2-probe' },
  ],
  endpointAgents: [{ agentId: 'ea-0001', name: 'LAPTOP-ANNA', location: 'Berlin, Germany' }],
  networks: [{ networkId: 'net-01', name: 'Home WiFi', detail: '192.168.1.0/24' }],
  accountGroups: [{ aid: '1234', name: 'Operations' }],
  locations: ['Berlin, Germany'],
  ssids: ['Corp-WiFi'],
};

const testText = lines(
  '{',
  '  "type": "agent-to-agent",',
  '  "testName": "Mesh",',
  '  "interval": 60,',
  '  "agents": [{ "agentId": 1001 }, { "agentId": 4242 }],',
  '  "targetAgentId": 1002,',
  '  "deployments": { "demo": { "9999": 77, "default": 76 } }',
  '}',
);

describe('live rules (cached catalog)', () => {
  test('unknown agent ids and account groups are warnings on the id', () => {
    const diagnostics = diagnose('test', testText, catalog);
    assert.deepEqual(
      diagnostics.map((d) => [
        d.code,
        d.severity,
        d.range.start.line,
        d.range.start.character,
        testText.slice(d.range.offset, d.range.offset + d.range.length),
      ]),
      [
        ['live/unknown-agent', 'warning', 4, 47, '4242'],
        ['live/unknown-account-group', 'warning', 6, 29, '"9999"'],
      ],
    );
  });

  test('without a catalog the same document is clean', () => {
    assert.deepEqual(diagnose('test', testText), []);
  });

  test('unknown endpoint agent, network, location and SSID filter values are warnings', () => {
    const text = lines(
      '{',
      '  "target": "web",',
      '  "aid": 1234,',
      '  "searchFilters": [',
      '    { "key": "networkId", "values": ["net-01", "net-99"] }',
      '  ]',
      '}',
    );
    expectOnly('filter', text, 'live/unknown-networkId', { start: [4, 47], end: [4, 55], text: '"net-99"' }, catalog);
    const ssid = text.replace('"networkId", "values": ["net-01", "net-99"]', '"ssid", "values": ["Guest"]');
    expectOnly('filter', ssid, 'live/unknown-ssid', { start: [4, 32], end: [4, 39], text: '"Guest"' }, catalog);
    const agent = text.replace(
      '"networkId", "values": ["net-01", "net-99"]',
      '"agentId", "values": ["ea-0001", "ea-0404"]',
    );
    expectOnly('filter', agent, 'live/unknown-agentId', { start: [4, 46], end: [4, 55], text: '"ea-0404"' }, catalog);
    const location = text.replace('"networkId", "values": ["net-01", "net-99"]', '"location", "values": ["Atlantis"]');
    expectOnly(
      'filter',
      location,
      'live/unknown-location',
      { start: [4, 36], end: [4, 46], text: '"Atlantis"' },
      catalog,
    );
    const aid = text.replace('1234', '77').replace('"net-99"', '"net-01"');
    expectOnly('filter', aid, 'live/unknown-account-group', { start: [2, 9], end: [2, 11], text: '77' }, catalog);
  });
});

describe('workspace rule: testName unique', () => {
  test('a testName used twice is an error on both testName values, naming the other file', () => {
    const a = lines(
      '{',
      '  "type": "dns-trace",',
      '  "testName": "DNS",',
      '  "interval": 60,',
      '  "agents": [{ "agentId": 1 }],',
      '  "domain": "a.example"',
      '}',
    );
    const b = a.replace('a.example', 'b.example');
    const results = validateDocuments([
      { uri: 'a.netmon-test.json', text: a },
      { uri: 'b.netmon-test.json', text: b },
      { uri: 'c.netmon-test.json', text: a.replace('"DNS"', '"Other"') },
    ]);
    const first = results.get('a.netmon-test.json') ?? [];
    assert.equal(first.length, 1);
    assert.equal(first[0]?.code, 'workspace/duplicate-test-name');
    assert.equal(first[0]?.message, 'testName "DNS" is also used by b.netmon-test.json');
    assert.deepEqual(
      [first[0]?.range.start, first[0]?.range.end],
      [
        { line: 2, character: 14 },
        { line: 2, character: 19 },
      ],
    );
    assert.equal(results.get('b.netmon-test.json')?.[0]?.message, 'testName "DNS" is also used by a.netmon-test.json');
    assert.deepEqual(results.get('c.netmon-test.json'), []);
  });
});

describe('completion and hover from the catalog', () => {
  test('inside an agentId value: enterprise agents listed by name and location, inserting the id over the number', () => {
    const offset = testText.indexOf('4242') + 2;
    const items = completionsAt('test', testText, offset, catalog);
    assert.deepEqual(
      items.map((i) => [i.label, i.detail, i.insertText]),
      [
        ['dc1-probe', 'agent 1001 · Frankfurt, Germany', '1001'],
        ['dc2-probe', 'agent 1002', '1002'],
      ],
    );
    assert.equal(
      testText.slice(items[0]?.range.offset, (items[0]?.range.offset ?? 0) + (items[0]?.range.length ?? 0)),
      '4242',
    );
  });

  test("inside an agentName value: the agents' names, quoted, replacing the text", () => {
    const text = lines('{', '  "type": "http-server",', '  "agents": [{ "agentName": "dc" }]', '}');
    const items = completionsAt('test', text, text.indexOf('"dc"') + 2, catalog);
    assert.deepEqual(
      items.map((i) => [i.label, i.insertText]),
      [
        ['dc1-probe', '"dc1-probe"'],
        ['dc2-probe', '"dc2-probe"'],
      ],
    );
    assert.equal(
      text.slice(items[0]?.range.offset, (items[0]?.range.offset ?? 0) + (items[0]?.range.length ?? 0)),
      '"dc"',
    );
  });

  test('in an empty filter values array: values for that key, quoted', () => {
    const text = lines(
      '{',
      '  "target": "web",',
      '  "searchFilters": [{ "key": "agentId", "values": [] }, { "key": "connection", "values": [] }]',
      '}',
    );
    const agentOffset = text.indexOf('[]') + 1;
    assert.deepEqual(
      completionsAt('filter', text, agentOffset, catalog).map((i) => [i.label, i.detail, i.insertText, i.range.length]),
      [['ea-0001', 'LAPTOP-ANNA (Berlin, Germany)', '"ea-0001"', 0]],
    );
    const connectionOffset = text.lastIndexOf('[]') + 1;
    assert.deepEqual(
      completionsAt('filter', text, connectionOffset, catalog).map((i) => i.insertText),
      ['"Ethernet"', '"Loopback"', '"Wireless"'],
    );
  });

  test('network, location and SSID values complete from the catalog; aid from account groups', () => {
    const text = lines(
      '{',
      '  "target": "web",',
      '  "aid": ,',
      '  "searchFilters": [{ "key": "networkId", "values": [""] }, { "key": "ssid", "values": [""] }, { "key": "location", "values": [""] }]',
      '}',
    );
    const at = (nth: number): number => {
      let i = -1;
      for (let n = 0; n <= nth; n++) i = text.indexOf('[""]', i + 1);
      return i + 2;
    };
    assert.deepEqual(
      completionsAt('filter', text, at(0), catalog).map((i) => [i.insertText, i.detail]),
      [['"net-01"', 'Home WiFi (192.168.1.0/24)']],
    );
    assert.deepEqual(
      completionsAt('filter', text, at(1), catalog).map((i) => i.insertText),
      ['"Corp-WiFi"'],
    );
    assert.deepEqual(
      completionsAt('filter', text, at(2), catalog).map((i) => i.insertText),
      ['"Berlin, Germany"'],
    );
    assert.deepEqual(
      completionsAt('filter', text, text.indexOf('"aid": ') + 7, catalog).map((i) => [i.insertText, i.detail]),
      [['1234', 'Operations']],
    );
  });

  test('no live completion on property keys or unrelated values', () => {
    assert.deepEqual(completionsAt('test', testText, testText.indexOf('"interval"') + 2, catalog), []);
    assert.deepEqual(completionsAt('test', testText, testText.indexOf('Mesh') + 1, catalog), []);
  });

  test('interval completes to the intervals the service accepts, in numeric order, each said in words', () => {
    const items = completionsAt('test', testText, testText.indexOf('60') + 1, {});
    assert.deepEqual(
      items.map((i) => [i.label, i.detail, i.order]),
      [
        ['60', 'every minute', 0],
        ['120', 'every 2 minutes', 1],
        ['300', 'every 5 minutes', 2],
        ['600', 'every 10 minutes', 3],
        ['900', 'every 15 minutes', 4],
        ['1800', 'every 30 minutes', 5],
        ['3600', 'every hour', 6],
      ],
    );
    assert.equal(
      testText.slice(items[0]!.range.offset, items[0]!.range.offset + items[0]!.range.length),
      '60',
      'replacing the number written',
    );
  });

  test('hover names the agent, the deployed test and the account group', () => {
    assert.equal(
      hoverAt('test', testText, testText.indexOf('1001') + 1, catalog)?.contents,
      'Enterprise agent 1001: dc1-probe (Frankfurt, Germany)',
    );
    assert.equal(
      hoverAt('test', testText, testText.indexOf('4242') + 1, catalog)?.contents,
      'Enterprise agent 4242 (not among those known from the cached data of this connection)',
    );
    assert.equal(
      hoverAt('test', testText, testText.indexOf('76') + 1, catalog)?.contents,
      'Deployed as test 76 on demo (default account group)',
    );
    assert.equal(
      hoverAt('test', testText, testText.indexOf('"9999"') + 1, catalog)?.contents,
      'Account group 9999 (not in the cached data of this connection)',
    );
    const filter = lines(
      '{ "target": "web", "aid": 1234, "searchFilters": [{ "key": "networkId", "values": ["net-01"] }] }',
    );
    assert.equal(
      hoverAt('filter', filter, filter.indexOf('net-01'), catalog)?.contents,
      'Network net-01: Home WiFi (192.168.1.0/24)',
    );
    assert.equal(
      hoverAt('filter', filter, filter.indexOf('1234'), catalog)?.contents,
      'Account group 1234: Operations',
    );
    assert.equal(hoverAt('filter', filter, filter.indexOf('"web"') + 1, catalog), undefined);
  });
});
