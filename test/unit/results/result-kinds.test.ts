// Which result lists a deployed test has: FTP, SIP and DNS server tests run the network layer
// (loss, latency, path traces to the server) beside their own results, as the vendor's test
// schemas say (networkMeasurements, pathTraceMode, probeMode, numPathTraces); a test whose
// networkMeasurements is off, however it is written, has only its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { measuresNetwork, resultKindsOf, resultKindsOfTest } from '../../../src/api/types';

test('FTP, SIP and DNS server tests have network and path-vis results after their own; voice keeps its RTP stream only', () => {
  assert.deepEqual(resultKindsOf('ftp-server'), ['ftp-server', 'network', 'path-vis']);
  assert.deepEqual(resultKindsOf('sip-server'), ['sip-server', 'network', 'path-vis']);
  assert.deepEqual(resultKindsOf('dns-server'), ['dns-server', 'network', 'path-vis']);
  assert.deepEqual(resultKindsOf('voice'), ['rtp-server']);
  assert.deepEqual(resultKindsOf('dns-trace'), ['dns-trace']);
  assert.deepEqual(resultKindsOf('http-server'), ['http-server', 'network', 'path-vis']);
});

test('networkMeasurements off, as v7, v6 or a hand-written body says it, leaves a test its own results only', () => {
  for (const off of [false, 0, 'false', ' OFF ']) {
    assert.equal(measuresNetwork({ networkMeasurements: off }), false, String(off));
    assert.deepEqual(resultKindsOfTest({ type: 'ftp-server', networkMeasurements: off }), ['ftp-server']);
  }
  assert.deepEqual(
    resultKindsOfTest({ type: 'sip-server', v7Fields: { networkMeasurements: false } }),
    ['sip-server'],
    'the emulator keeps v7-only fields apart',
  );
  assert.deepEqual(resultKindsOfTest({ type: 'http-server', networkMeasurements: 0 }), ['http-server']);
});

test('networkMeasurements on or absent (its default) keeps the network layer; a network test keeps its own whatever the flag says', () => {
  for (const on of [true, 1, 'true', undefined, null])
    assert.equal(measuresNetwork({ networkMeasurements: on }), true, String(on));
  assert.deepEqual(resultKindsOfTest({ type: 'dns-server' }), ['dns-server', 'network', 'path-vis']);
  assert.deepEqual(resultKindsOfTest({ type: 'agent-to-server', networkMeasurements: false }), ['network', 'path-vis']);
  assert.deepEqual(resultKindsOfTest({ type: 'unknown' }), []);
});
