import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { demoGroup, NOW } from './helpers';

const DAY = 86400;
const { group } = demoGroup(8);

describe('time shapes', () => {
  test('afternoon rounds (UTC) are busier than night rounds', () => {
    const dayStart = NOW - (NOW % DAY) - DAY;
    const countHours = (fromHour: number, toHour: number) =>
      [...group.userSessions({ from: dayStart + fromHour * 3600, to: dayStart + toHour * 3600 })].length;
    assert.ok(countHours(12, 18) > countHours(0, 6) * 1.3, 'the daily rhythm shows in session counts');
  });

  test('some agents go through daily incidents: latency of their rounds jumps for about 90 minutes', () => {
    const t = group.endpointTests().find((x) => x.savedEvent === 0);
    assert.ok(t);
    const byAgent = new Map<string, number[]>();
    for (const { record: m } of group.netMetrics(t.testId, { from: NOW - DAY, to: NOW })) {
      if (m.errorDetails) continue;
      byAgent.set(m.agentId, [...(byAgent.get(m.agentId) ?? []), m.avgLatency]);
    }
    const spikes = [...byAgent.values()].filter((series) => {
      const sorted = [...series].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      return series.filter((v) => v > median * 1.5).length >= 10;
    });
    assert.ok(spikes.length >= 1, 'at least one agent shows an incident');
    assert.ok(spikes.length < byAgent.size, 'not every agent does');
  });
});
