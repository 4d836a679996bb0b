import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose, expectOnly, lines } from './helpers';

function filterDoc(target: string, filters: string, ...range: string[]): string {
  return lines(
    '{',
    `  "target": "${target}",`,
    '  "searchFilters": [',
    `    ${filters}`,
    '  ]' + (range.length ? ',' : ''),
    ...range,
    '}',
  );
}

describe('filter documents: keys per target and their values', () => {
  test('domain on web is flagged on the key value', () => {
    const d = expectOnly(
      'filter',
      filterDoc('web', '{ "key": "domain", "values": ["example.com"] }'),
      'filter/key-not-for-target',
      { start: [3, 13], end: [3, 21], text: '"domain"' },
    );
    assert.equal(d.message, '"domain" filters apply to user-sessions only, not web');
  });

  test('type on user-sessions is flagged: it belongs to network-topology', () => {
    const d = expectOnly(
      'filter',
      filterDoc('user-sessions', '{ "key": "type", "values": ["vpn"] }'),
      'filter/key-not-for-target',
      { start: [3, 13], end: [3, 19], text: '"type"' },
    );
    assert.match(d.message, /network-topology only/);
  });

  const valueCases: [string, string, string][] = [
    ['connection', 'wireless', 'Wireless'],
    ['platform', 'Linux', ''],
    ['trigger', 'manual', ''],
    ['type', 'router', ''],
  ];
  for (const [key, bad, suggestion] of valueCases) {
    test(`${key} value ${bad} is flagged on the value`, () => {
      const filters = `{ "key": "${key}", "values": ["${bad}"] }`;
      const start = 4 + filters.indexOf(`"${bad}"`);
      const d = expectOnly('filter', filterDoc('network-topology', filters), 'filter/value-not-allowed', {
        start: [3, start],
        end: [3, start + bad.length + 2],
        text: `"${bad}"`,
      });
      if (suggestion) assert.match(d.message, new RegExp(`did you mean "${suggestion}"`));
    });
  }

  for (const key of ['gateway', 'proxyTarget', 'vpnTarget', 'destinationIp']) {
    test(`${key} values must be IP addresses`, () => {
      const filters = `{ "key": "${key}", "values": ["10.0.0.1", "10.0.0.999"] }`;
      const start = 4 + filters.indexOf('"10.0.0.999"');
      expectOnly('filter', filterDoc('user-sessions', filters), 'filter/ip-format', {
        start: [3, start],
        end: [3, start + 12],
        text: '"10.0.0.999"',
      });
    });
  }

  test('a repeated key is a warning on the second key', () => {
    const d = expectOnly(
      'filter',
      filterDoc('web', '{ "key": "ssid", "values": ["a"] }, { "key": "ssid", "values": ["b"] }'),
      'filter/duplicate-key',
      { start: [3, 49], end: [3, 55], text: '"ssid"' },
    );
    assert.equal(d.severity, 'warning');
  });
});

describe('filter documents: time range', () => {
  const filters = '{ "key": "platform", "values": ["Mac"] }';

  test('to without from is flagged on the to key', () => {
    expectOnly('filter', filterDoc('web', filters, '  "to": "2026-11-02T00:00:00"'), 'filter/to-without-from', {
      start: [5, 2],
      end: [5, 6],
      text: '"to"',
    });
  });

  test('window together with from is flagged on the window key', () => {
    expectOnly(
      'filter',
      filterDoc('web', filters, '  "window": "1d",', '  "from": "2026-11-01T00:00:00"'),
      'filter/window-and-range',
      { start: [5, 2], end: [5, 10], text: '"window"' },
    );
  });

  test('an impossible date is flagged on the value', () => {
    expectOnly('filter', filterDoc('web', filters, '  "from": "2026-02-30T00:00:00"'), 'filter/invalid-date', {
      start: [5, 10],
      end: [5, 31],
      text: '"2026-02-30T00:00:00"',
    });
  });

  test('to before from is flagged on the to value', () => {
    expectOnly(
      'filter',
      filterDoc('web', filters, '  "from": "2026-11-02T00:00:00",', '  "to": "2026-11-01T00:00:00"'),
      'filter/range-reversed',
      { start: [6, 8], end: [6, 29], text: '"2026-11-01T00:00:00"' },
    );
  });

  test('window alone, from alone and from/to are fine', () => {
    assert.deepEqual(diagnose('filter', filterDoc('web', filters, '  "window": "30m"')), []);
    assert.deepEqual(diagnose('filter', filterDoc('web', filters, '  "from": "2026-11-01T00:00:00"')), []);
    assert.deepEqual(
      diagnose(
        'filter',
        filterDoc('web', filters, '  "from": "2026-11-01T00:00:00",', '  "to": "2026-11-01T23:59:59"'),
      ),
      [],
    );
  });
});
