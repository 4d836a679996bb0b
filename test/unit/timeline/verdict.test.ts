// The verdict over time on hand-built data: each episode kind is found as one period, within a
// round of its true bounds, blamed on its segment with the numbers that say so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AGENT, EPISODE, ROUND, T0, agentRecords, timelineOf, type Kind } from './fixtures';

const expected: Record<Exclude<Kind, 'none'>, { segment: string; evidence: RegExp }> = {
  wifi: {
    segment: 'wifi',
    evidence: /^RSSI -79 dBm median on SSID ACME-Branch \(BSSID d1:7b:00:00:00:99\) \(-51 dBm otherwise\)$/,
  },
  vpn: {
    segment: 'tunnel',
    evidence:
      /^the VPN concentrator 198\.51\.100\.10: round trip 280 ms median \(35 ms otherwise\), 10% loss \(7 of 70 packets\)$/,
  },
  isp: {
    segment: 'isp',
    evidence:
      /^session pings beyond the gateway: 7 of 70 lost \(10%\); network sessions: latency 140 ms, \+102 ms over normal, jitter 2 ms$/,
  },
  server: {
    segment: 'server',
    // 3800 ms less 4 round trips (TCP, TLS up to 2, the request) of the session's 38 ms ping = 3648 ms; 240 − 152 = 88 ms.
    evidence:
      /^server time about 3648 ms median, slowest from crm\.example\.com \(88 ms otherwise\): first byte after 3800 ms median less 4 round trips of 38 ms \(median\)/,
  },
  cpu: { segment: 'device', evidence: /^CPU 96% busy \(median of \d+\) \(22% otherwise\)/ },
};

for (const [kind, want] of Object.entries(expected)) {
  test(`a ${kind} episode is one period, within a round of its bounds, blamed on ${want.segment}`, () => {
    const { verdict } = timelineOf(agentRecords(kind as Kind));
    assert.equal(verdict.periods.length, 1, verdict.summary);
    const [period] = verdict.periods;
    assert.ok(Math.abs(period!.fromMs - EPISODE.fromMs) <= ROUND, `starts ${new Date(period!.fromMs).toISOString()}`);
    assert.ok(Math.abs(period!.toMs - EPISODE.toMs) <= ROUND, `ends ${new Date(period!.toMs).toISOString()}`);
    assert.equal(period!.segment, want.segment);
    assert.match(period!.evidence[0]!.text, want.evidence);
    assert.equal(period!.poor, period!.sessions, 'every session of the episode is poor');
    assert.ok(period!.poor >= 7);
  });
}

test('the Wi-Fi period says what the sessions blamed and how it ended: roaming, then recovered scores', () => {
  const { verdict, events } = timelineOf(agentRecords('wifi'));
  const [period] = verdict.periods;
  assert.deepEqual(period!.sessionVerdicts, { 'Wi-Fi': period!.poor });
  assert.equal(period!.recovery?.event?.kind, 'roam');
  assert.equal(period!.recovery?.event?.to, 'd1:7b:00:00:00:e2');
  assert.match(
    period!.line,
    /^08:06–08:36 — Wi-Fi: RSSI -79 dBm median on SSID ACME-Branch \(BSSID d1:7b:00:00:00:99\) \(-51 dBm otherwise\); 7 of 7 sessions in this period poor \(their own verdicts: Wi-Fi 7\); after roamed from BSSID d1:7b:00:00:00:99 to d1:7b:00:00:00:e2 on ACME-Branch \(RSSI -51 dBm\) at 08:41 scores were 0\.8\d good \(median of 6\)$/,
  );
  assert.deepEqual(
    events.filter((e) => e.kind === 'roam').map((e) => [e.from, e.to]),
    [
      ['d1:7b:00:00:00:01', 'd1:7b:00:00:00:99'],
      ['d1:7b:00:00:00:99', 'd1:7b:00:00:00:e2'],
    ],
  );
  assert.deepEqual(verdict.missing, []);
});

test('the ISP period comes with the public IP and ISP changes at its edges', () => {
  const { events, verdict } = timelineOf(agentRecords('isp'));
  assert.deepEqual(
    events.filter((e) => e.kind === 'publicIp').map((e) => e.to),
    ['198.18.7.20', '203.0.113.14'],
  );
  assert.deepEqual(
    events.filter((e) => e.kind === 'isp').map((e) => e.text),
    ['ISP changed from Fiber Co to Backup LTE', 'ISP changed from Backup LTE to Fiber Co'],
  );
  assert.equal(verdict.periods[0]!.recovery?.event?.kind, 'publicIp');
});

test('a healthy agent has no period; lone poor sessions are counted, not made periods', () => {
  const records = agentRecords('none');
  (records.sessions[10] as { experienceScore: number }).experienceScore = 0.1;
  const { verdict } = timelineOf(records);
  assert.deepEqual(verdict.periods, []);
  assert.equal(verdict.isolatedPoor, 1);
  assert.equal(verdict.summary, 'No period of poor experience in 72 scored sessions; 1 isolated poor session.');
});

test('an agent with no data: no verdict, and the view says what is missing', () => {
  const timeline = timelineOf({ sessions: [], pages: [], network: [], probes: [], details: [] });
  assert.equal(timeline.verdict.summary, 'No scored sessions in range: no verdict.');
  assert.deepEqual(timeline.verdict.missing, [
    'no user sessions in range',
    'no page loads in range',
    'no network sessions in range',
    'no topology probes in range',
    'no system metrics in range',
  ]);
});

test('a deleted agent is marked at its last data; a disabled one with no data at the range end', () => {
  const deleted = timelineOf(agentRecords('none', { hours: 2 }), { agentId: AGENT, deleted: true, status: 'enabled' });
  const marker = deleted.events.find((e) => e.kind === 'agentState');
  assert.equal(marker?.text, 'Agent deleted: its last data in range');
  assert.equal(marker?.t, deleted.lanes.probes[1]!.points.at(-1)!.t);
  const disabled = timelineOf(
    { sessions: [], pages: [], network: [], probes: [], details: [] },
    { agentId: AGENT, status: 'disabled' },
  );
  assert.deepEqual(
    disabled.events.map((e) => [e.kind, e.t, e.text]),
    [['agentState', T0 + 6 * 3600_000, 'Agent disabled: no data in range']],
  );
});

test('a gap in the data (no records for an hour inside the episode) still finds the episode, and no verdict claims the hour', () => {
  const hole = { from: EPISODE.fromMs + 10 * 60_000, to: EPISODE.fromMs + 25 * 60_000 };
  const { verdict } = timelineOf(agentRecords('wifi', { skip: (t) => t >= hole.from && t < hole.to }));
  assert.equal(verdict.periods.length, 1);
  assert.equal(verdict.periods[0]!.segment, 'wifi');
  assert.ok(verdict.periods[0]!.sessions < 8);
});

test('without session details the Wi-Fi is unknown: the verdict blames what it can see and says details are missing', () => {
  const { verdict } = timelineOf(agentRecords('wifi'), undefined, false);
  assert.equal(verdict.periods[0]!.segment, 'gateway', 'the gateway probes still show the weak link');
  assert.deepEqual(verdict.missing, ['no session details read (Wi-Fi and gateway unknown)']);
});

test('ids as integers and ISO dates with a zone read the same as strings and API dates', () => {
  const records = agentRecords('cpu', { idsAsNumbers: true });
  for (const s of records.sessions as { date: string }[]) s.date = `${s.date.replace(' ', 'T')}Z`;
  const { verdict, lanes } = timelineOf(records);
  assert.equal(lanes.sessions.length, 72);
  assert.equal(lanes.sessions[0]!.userSessionId, '5000');
  assert.equal(verdict.periods[0]!.segment, 'device');
});

test('the text form gives each network-session target its latency and jitter p50/p95: an ISP episode shows in p95, not p50', async () => {
  const { timelineText } = await import('../../../src/analysis/timeline');
  const text = timelineText(timelineOf(agentRecords('isp')));
  assert.match(
    text,
    /\nNetwork sessions to 192\.0\.2\.80: latency p50 38 ms, p95 140 ms; jitter p50 2 ms, p95 2 ms \(72 sessions\)\n/,
  );
});
