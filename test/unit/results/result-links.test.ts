// Reading a v7 test's `_links.testResults` hrefs into result kinds, and which wins: the links
// when they name a known list, the type table otherwise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  linkedResultKinds,
  measuresBgp,
  resultKindsOf,
  resultKindsOfTest,
  TEST_RESULT_KINDS,
} from '../../../src/api/types';
import { MAX_TEST_RESULT_LINKS, resultKindOfHref, resultLinksOf } from '../../../src/api/v7/from';

test('an href names the list after the test id, absolute or relative, with a query or trailing slash', () => {
  const cases: [unknown, string | undefined][] = [
    ['https://api.thousandeyes.com/v7/test-results/281474976710706/network', 'network'],
    ['https://api.thousandeyes.com/v7/test-results/281474976710706/path-vis', 'path-vis'],
    ['/v7/test-results/1234/bgp', 'bgp'],
    ['v7/test-results/1234/bgp/', 'bgp'],
    ['test-results/1234/http-server?aid=1001&window=1h', 'http-server'],
    ['https://example.test/base/v7/test-results/1234/dnssec//#top', 'dnssec'],
    ['https://api.thousandeyes.com/v7/test-results/1234/Page-Load', 'page-load'],
    ['https://api.thousandeyes.com/v7/test-results/1234/rtp-server', 'rtp-server'],
    // What names no list of the table: another segment, a sub-resource, another resource, no list at all.
    ['https://api.thousandeyes.com/v7/test-results/1234/waterfall', undefined],
    ['https://api.thousandeyes.com/v7/test-results/1234/path-vis/agent/1/round/2', undefined],
    ['https://api.thousandeyes.com/v7/tests/agent-to-server/1234', undefined],
    ['https://api.thousandeyes.com/v7/test-results/1234', undefined],
    ['https://api.thousandeyes.com/v7/my-test-results/1234/network', undefined],
    ['network', undefined],
    ['', undefined],
    [42, undefined],
    [null, undefined],
    [{ href: '/v7/test-results/1/network' }, undefined],
    [`/v7/test-results/1/${'x'.repeat(5000)}/network`, undefined],
  ];
  for (const [href, kind] of cases) assert.equal(resultKindOfHref(href), kind, JSON.stringify(href).slice(0, 80));
  for (const kind of TEST_RESULT_KINDS) assert.equal(resultKindOfHref(`/v7/test-results/9/${kind}`), kind);
});

test('_links.testResults reads as its known lists, once each, in order; anything else as none', () => {
  const link = (kind: string): { href: string } => ({ href: `https://api.thousandeyes.com/v7/test-results/7/${kind}` });
  assert.deepEqual(resultLinksOf({ testResults: [link('bgp'), link('network'), link('network'), link('nope')] }), [
    'bgp',
    'network',
  ]);
  for (const links of [
    undefined,
    null,
    'network',
    [link('network')],
    { testResults: link('network') },
    { testResults: 'network' },
    { testResults: [{ href: 7 }, 'network', null, [link('network')]] },
  ])
    assert.deepEqual(resultLinksOf(links), [], JSON.stringify(links));
  // The walk is bounded: a link past the bound is not read.
  const many = [...Array.from({ length: MAX_TEST_RESULT_LINKS }, () => link('nope')), link('network')];
  assert.deepEqual(resultLinksOf({ testResults: many }), []);
});

test('the links decide when they name a known list, in the type table’s order; the table otherwise', () => {
  assert.deepEqual(resultKindsOfTest({ type: 'agent-to-agent', resultLinks: ['bgp', 'path-vis', 'network'] }), [
    'network',
    'path-vis',
    'bgp',
  ]);
  assert.deepEqual(resultKindsOfTest({ type: 'http-server', resultLinks: ['network'] }), ['network']);
  assert.deepEqual(resultKindsOfTest({ type: 'page-load', resultLinks: ['bgp', 'network', 'page-load'] }), [
    'page-load',
    'network',
    'bgp',
  ]);
  for (const resultLinks of [[], ['nope'], 'network', [7, null], undefined])
    assert.deepEqual(resultKindsOfTest({ type: 'http-server', resultLinks }), resultKindsOf('http-server'));
  // Without links, networkMeasurements still trims the table, and bgpMeasurements adds nothing (v6 bodies have it too).
  assert.deepEqual(resultKindsOfTest({ type: 'http-server', networkMeasurements: false }), ['http-server']);
  assert.deepEqual(resultKindsOfTest({ type: 'agent-to-server', bgpMeasurements: 1 }), ['network', 'path-vis']);
});

test('what the service links: BGP beside the network layer of a test with bgpMeasurements', () => {
  assert.equal(measuresBgp({}), false);
  assert.equal(measuresBgp({ v7Fields: { bgpMeasurements: true } }), true);
  assert.equal(measuresBgp({ bgpMeasurements: 'false', v7Fields: { bgpMeasurements: true } }), false);
  assert.deepEqual(linkedResultKinds({ type: 'agent-to-agent', v7Fields: { bgpMeasurements: true } }), [
    'network',
    'path-vis',
    'bgp',
  ]);
  assert.deepEqual(linkedResultKinds({ type: 'agent-to-agent' }), ['network', 'path-vis']);
  assert.deepEqual(linkedResultKinds({ type: 'http-server', bgpMeasurements: 1, networkMeasurements: 0 }), [
    'http-server',
  ]);
  assert.deepEqual(linkedResultKinds({ type: 'api', bgpMeasurements: true }), ['api']);
  assert.deepEqual(linkedResultKinds({ type: 'bgp', bgpMeasurements: true }), ['bgp']);
});
