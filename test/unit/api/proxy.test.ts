// Which proxy carries the traffic for a base URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { proxyFor } from '../../../src/api/proxy';

const api = new URL('https://api.netmon.example/');
const plain = new URL('http://onprem.netmon.example:8080/');

test('an explicit proxy wins, false disables', () => {
  assert.equal(proxyFor(api, 'http://proxy:3128', { HTTPS_PROXY: 'http://env:1' }), 'http://proxy:3128');
  assert.equal(proxyFor(api, false, { HTTPS_PROXY: 'http://env:1' }), undefined);
});

test('HTTPS_PROXY first for https, HTTP_PROXY first for http, each falling back to the other', () => {
  const env = { HTTPS_PROXY: 'http://secure:1', HTTP_PROXY: 'http://plain:2' };
  assert.equal(proxyFor(api, undefined, env), 'http://secure:1');
  assert.equal(proxyFor(plain, undefined, env), 'http://plain:2');
  assert.equal(proxyFor(plain, undefined, { https_proxy: 'http://secure:1' }), 'http://secure:1');
  assert.equal(proxyFor(api, undefined, {}), undefined);
});

test('loopback (the embedded emulator) and NO_PROXY hosts go direct', () => {
  const env = { HTTPS_PROXY: 'http://secure:1', HTTP_PROXY: 'http://plain:2' };
  for (const local of ['http://127.0.0.1:4000/', 'http://localhost:4000/', 'http://[::1]:4000/']) {
    assert.equal(proxyFor(new URL(local), undefined, env), undefined, local);
  }
  assert.equal(proxyFor(api, undefined, { ...env, NO_PROXY: 'other.example, .netmon.example' }), undefined);
  assert.equal(proxyFor(api, undefined, { ...env, no_proxy: '*.netmon.example' }), undefined);
  assert.equal(
    proxyFor(api, undefined, { ...env, NO_PROXY: 'api.netmon.example:8443' }),
    'http://secure:1',
    'port must match',
  );
  assert.equal(proxyFor(plain, undefined, { ...env, NO_PROXY: 'onprem.netmon.example:8080' }), undefined);
  assert.equal(proxyFor(api, undefined, { ...env, NO_PROXY: '*' }), undefined);
  assert.equal(proxyFor(api, undefined, { ...env, NO_PROXY: 'netmon.example.org' }), 'http://secure:1');
});
