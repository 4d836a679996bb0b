// The timeline's attribution on hand-built lanes: bursty ISP loss is averaged like the
// gateway's and the tunnel's (not hidden by a median), and contradicting evidence is named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attribute, type TimelineLanes } from '../../../src/analysis/timeline';
import { sharedReads } from '../../../src/analysis/timeline/split';

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

test("a verdict's periods share their outside reads: each period's evidence is what it is read alone", () => {
  const lanes = empty();
  const wave = (i: number, base: number, spread: number): number => base + ((i * 37) % 11) * spread;
  for (let t = 0; t < 200; t++) {
    const poor = (t >= 40 && t < 60) || (t >= 140 && t < 150);
    lanes.system.push({ t, cpu: { mean: poor && t < 100 ? 0.97 : wave(t, 0.2, 0.02) }, memory: { mean: 0.5 } });
    lanes.samples.push({
      t,
      source: 'probe',
      id: `w${t}`,
      rssi: poor && t > 100 ? -82 : -55,
      gatewayRtt: wave(t, 3, 0.4),
    });
    lanes.pages.push({
      t,
      userSessionId: `s${t}`,
      pageId: `p${t}`,
      title: 'Home',
      url: 'https://site.example/',
      onLoad: poor ? 6000 : 1500,
      responseTime: wave(t, 100, 9),
      labelled: false,
    });
  }
  for (const target of ['192.0.2.80', '198.51.100.7'])
    lanes.network.push({
      target,
      points: Array.from({ length: 200 }, (_, t) => ({
        t,
        userSessionId: `s${t}`,
        latency: wave(t, 40, 3) + (t >= 140 && t < 150 ? 120 : 0),
        loss: t >= 40 && t < 60 ? 8 : 0,
        jitter: 2,
      })),
    });
  lanes.probes.push({
    type: 'gateway',
    target: '10.0.0.1',
    points: Array.from({ length: 200 }, (_, t) => ({ t, networkProbeId: `g${t}`, rtt: wave(t, 2, 0.3), loss: 0 })),
  });
  lanes.probes.push({
    type: 'vpn',
    target: '203.0.113.9',
    points: Array.from({ length: 200 }, (_, t) => ({ t, networkProbeId: `v${t}`, rtt: wave(t, 30, 2) })),
  });
  const near = (t: number): boolean => (t >= 35 && t < 65) || (t >= 135 && t < 155);
  const periods = [(t: number) => t >= 40 && t < 60, (t: number) => t >= 140 && t < 150];
  const shared = sharedReads();
  const together = periods.map((inside) => attribute(lanes, { inside, outside: (t) => !near(t), shared }));
  const alone = periods.map((inside) => attribute(lanes, { inside, outside: (t) => !near(t) }));
  assert.deepEqual(together, alone);
  assert.notDeepEqual(alone[0]?.evidence, alone[1]?.evidence, 'the two periods read differently');
  assert.ok(shared.outside.size > 0, 'the second period read the first one’s outside');
});
