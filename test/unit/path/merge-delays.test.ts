// Link delays of the merged path (issue 28): read as localization reads them, so a hop slow to
// answer ICMP (rate limiting) colours no link, and the links add up to the round trip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergePathTraces } from '../../../src/analysis/path';
import { hop, trace, TARGET_IP } from './traces';

test('a hop that answers ICMP 126 ms late on a 10 ms path adds no link delay; the links sum to 10 ms', () => {
  const graph = mergePathTraces([
    trace('a', [
      [
        hop(1, '10.0.0.1', 1),
        hop(2, '198.51.100.1', 4),
        hop(3, '198.51.100.2', 130),
        hop(4, '198.51.100.3', 6),
        hop(5, TARGET_IP, 10),
      ],
    ]),
  ]);
  const mean = (id: string): number => {
    const link = graph.links.find((l) => l.id === id);
    assert.ok(link, id);
    return link.delaySamples ? link.sumDelayMs / link.delaySamples : 0;
  };
  assert.ok(mean('198.51.100.1->198.51.100.2') < 5, `into the slow hop: ${mean('198.51.100.1->198.51.100.2')} ms`);
  const total = graph.links.reduce((sum, l) => sum + (l.delaySamples ? l.sumDelayMs / l.delaySamples : 0), 0);
  assert.equal(Math.round(total), 10);
});
