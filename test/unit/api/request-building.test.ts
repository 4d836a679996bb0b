// Pure pieces of request building: dates, time ranges, auth headers and redaction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { authHeaders, redactPath, redactUrl, withAuthQuery, withoutAuthQuery } from '../../../src/api/auth';
import { applyQuery, formatApiDate, resolvePath } from '../../../src/api/query';
import { DEFAULT_USER_AGENT } from '../../../src/api/version';
import packageJson from '../../../package.json';

test('dates are sent as UTC YYYY-mm-ddTHH:MM:SS whatever the local zone', () => {
  assert.equal(formatApiDate(new Date('2026-03-01T01:02:03+05:30')), '2026-02-28T19:32:03');
  assert.equal(formatApiDate(new Date(Date.UTC(2026, 0, 5, 7, 8, 9, 999))), '2026-01-05T07:08:09');
  assert.throws(() => formatApiDate(new Date('not a date')), RangeError);
});

test('time ranges the server would reject are refused before sending', () => {
  const url = new URL('http://h/v6/x');
  assert.throws(() => applyQuery(url, { window: '2 hours' }), /window/);
  assert.throws(() => applyQuery(url, { window: '1h', from: new Date() }), /either window or from/);
  assert.throws(() => applyQuery(url, { to: new Date() }), /to needs from/);
  assert.throws(() => applyQuery(url, { from: new Date(2000), to: new Date(1000) }), /from is after to/);
  const query = applyQuery(url, { aid: 1002, format: 'xml', window: '15m' }).searchParams;
  assert.deepEqual(
    [...query],
    [
      ['aid', '1002'],
      ['format', 'xml'],
      ['window', '15m'],
    ],
  );
});

test('paths keep a base URL prefix (an API behind a gateway path)', () => {
  assert.equal(
    resolvePath('https://gw.example/netmon/', '/v6/endpoint-agents').toString(),
    'https://gw.example/netmon/v6/endpoint-agents',
  );
  assert.equal(resolvePath('https://gw.example/netmon', 'v7/tests').toString(), 'https://gw.example/netmon/v7/tests');
});

test('the three auth forms', () => {
  assert.deepEqual(authHeaders({ kind: 'bearer', token: 't' }), { authorization: 'Bearer t' });
  const basic = authHeaders({ kind: 'basic', email: 'a@b.c', token: 't' }).authorization ?? '';
  assert.equal(Buffer.from(basic.replace('Basic ', ''), 'base64').toString(), 'a@b.c:t');
  assert.deepEqual(authHeaders({ kind: 'query', token: 't' }), {});
  const url = withAuthQuery(new URL('http://h/v6/x?aid=1'), { kind: 'query', token: 'secret' });
  assert.equal(url.searchParams.get('authToken'), 'secret');
  assert.equal(withAuthQuery(new URL('http://h/x'), { kind: 'bearer', token: 'secret' }).search, '');
});

test('authToken is redacted in paths and URLs and stripped from next links', () => {
  const url = new URL('http://h/v6/x?aid=1&authToken=secret&page=2');
  assert.equal(redactPath(url), '/v6/x?aid=1&authToken=REDACTED&page=2');
  assert.ok(!redactUrl('http://user:pw@h/x?authToken=secret').includes('secret'));
  assert.ok(!redactUrl('http://user:pw@h/x').includes('pw'));
  assert.equal(redactUrl('not a url authToken=secret'), 'not a url authToken=REDACTED');
  assert.equal(withoutAuthQuery(url).toString(), 'http://h/v6/x?aid=1&page=2');
});

test('the user agent names this package and version', () => {
  assert.equal(DEFAULT_USER_AGENT, `netmon-workbench/${packageJson.version}`);
});
