// The session overview's slowest-page lines: the critical path, and the costliest finding —
// what the network cost the critical requests when the session's verdict blames the network,
// the slow server response when it blames the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWaterfall, readHar } from '../../../../src/analysis/har';
import { slowestPageInsight } from '../../../../src/analysis/har/insights-line';

const doc = readHar(
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'fixtures', 'har-real', 'firefox-before.har'), 'utf8')),
);
const waterfall = buildWaterfall(doc, 'page_1');

test('blamed on the server: the critical path and the slow server response', () => {
  const line = slowestPageInsight(waterfall, 'server');
  assert.match(
    line.critical ?? '',
    /^critical path news\.example\.com 113 ms .* → headlines\?PHPSESSID=\S+ 422 ms \(server wait 420 ms\) → 169 ms main thread; 2 of 3 links inferred from timing/,
  );
  assert.match(
    line.finding ?? '',
    /^Slow server response — saves ~325 ms: headlines\?\S+ waited 420 ms for the server/,
  );
});

test('blamed on Wi-Fi, the ISP or the VPN: what the network cost the critical requests comes first', () => {
  for (const segment of ['wifi', 'isp', 'tunnel'] as const) {
    assert.match(
      slowestPageInsight(waterfall, segment).finding ?? '',
      /^Network cost on the critical path — saves ~640 ms: The network cost 4 critical requests/,
    );
  }
  assert.doesNotMatch(slowestPageInsight(waterfall).finding ?? '', /Network cost/);
});
