// The timeline's attribution on hand-built lanes: bursty ISP loss is averaged like the
// gateway's and the tunnel's (not hidden by a median), and contradicting evidence is named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attribute, type TimelineLanes } from '../../../src/analysis/timeline';

const empty = (): TimelineLanes => ({ sessions: [], pages: [], network: [], probes: [], system: [], samples: [] });
const split = { inside: (t: number) => t < 100, outside: (t: number) => t >= 100 };

test('bursty loss in network sessions (0,0,0,12,15,0,20 %) is a mean of 6.7 %, bad, not a median of 0 %', () => {
  const lanes = empty();
  lanes.network.push({
    target: '192.0.2.80',
    points: [0, 0, 0, 12, 15, 0, 20].map((loss, i) => ({ t: i, userSessionId: `s${i}`, loss, latency: 30 })),
  });
  const { blamed } = attribute(lanes, split);
  assert.equal(blamed?.segment, 'isp');
  assert.equal(blamed?.grade, 'bad');
  assert.match(blamed?.text ?? '', /6\.7% loss mean \(most to 192\.0\.2\.80\)/);
});

test('a busy CPU with loss past a clean gateway blames the device, and says the ISP path too', () => {
  const lanes = empty();
  lanes.system.push({ t: 1, cpu: { mean: 0.95 } });
  lanes.probes.push({
    type: 'gateway',
    target: '10.0.0.1',
    points: [{ t: 1, networkProbeId: 'g', rtt: 2, loss: 0, sent: 20, lost: 0 }],
  });
  lanes.network.push({ target: '192.0.2.80', points: [{ t: 1, userSessionId: 's', loss: 30, latency: 30 }] });
  const { blamed, also } = attribute(lanes, split);
  assert.equal(blamed?.segment, 'device');
  assert.deepEqual(also, ['isp']);
});

test("jitter toward the target is graded with the session verdict's limit: 60 ms median is bad, said with its source", () => {
  const lanes = empty();
  lanes.network.push({
    target: '192.0.2.80',
    points: [55, 60, 70].map((jitter, i) => ({ t: i, userSessionId: `s${i}`, loss: 0, latency: 30, jitter })),
  });
  const { blamed } = attribute(lanes, split);
  assert.equal(blamed?.segment, 'isp');
  assert.equal(blamed?.grade, 'bad');
  assert.ok(
    blamed?.findings.some((f) =>
      /^jitter 60 ms toward the target \(network sessions, median\) \(limit 50 ms\)$/.test(f.message),
    ),
    JSON.stringify(blamed?.findings),
  );
});
