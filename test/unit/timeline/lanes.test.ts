// Lanes of a timeline: each record once however often a page is delivered again, records of
// other agents left out, lanes bounded, the slowest pages labelled, outside text neutralised.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_RECORDS_PER_LIST,
  TimelineLanesBuilder,
  poorPeriods,
  timelineEvents,
  type SessionMark,
} from '../../../src/analysis/timeline';
import { detailsWanted } from '../../../src/analysis/timeline/walk';
import { AGENT, agentRecords } from './fixtures';

test("a page delivered twice (a retried request) adds its records once; other agents' records are left out", () => {
  const records = agentRecords('none', { hours: 1 });
  const builder = new TimelineLanesBuilder(AGENT);
  builder.add('userSessions', records.sessions);
  builder.add('userSessions', records.sessions);
  builder.add('userSessions', [{ ...(records.sessions[0] as object), userSessionId: 'other', agentId: 'agent-2' }]);
  builder.add('networkProbes', records.probes);
  builder.add('networkProbes', records.probes.slice(0, 3));
  const lanes = builder.lanes();
  assert.equal(lanes.sessions.length, 12);
  assert.deepEqual(
    lanes.probes.map((l) => [l.type, l.points.length]),
    [
      ['gateway', 12],
      ['vpn', 12],
    ],
  );
});

test('a list is bounded: records past the bound are counted, not kept', () => {
  const builder = new TimelineLanesBuilder(AGENT);
  const many = Array.from({ length: MAX_RECORDS_PER_LIST + 5 }, (_, i) => ({
    networkProbeId: `p${i}`,
    agentId: AGENT,
    date: '2026-11-23 06:00:00',
    type: 'gateway',
    target: '10.0.0.1',
  }));
  builder.add('networkProbes', many);
  assert.equal(builder.lanes().probes[0]!.points.length, MAX_RECORDS_PER_LIST);
  assert.equal(builder.dropped.networkProbes, 5);
});

test('the five slowest pages are labelled; records without a readable date or id are skipped', () => {
  const builder = new TimelineLanesBuilder(AGENT);
  builder.add('webSessions', [
    ...Array.from({ length: 8 }, (_, i) => ({
      pageId: `p${i}`,
      userSessionId: 's',
      date: '2026-11-23 06:00:00',
      pageTitle: `P${i}`,
      pageTimings: { onLoad: i * 1000 },
    })),
    { pageId: 'no-date', userSessionId: 's', date: 'yesterday' },
    { userSessionId: 's', date: '2026-11-23 06:00:00' },
  ]);
  const pages = builder.lanes().pages;
  assert.equal(pages.length, 8);
  assert.deepEqual(
    pages
      .filter((p) => p.labelled)
      .map((p) => p.title)
      .sort(),
    ['P3', 'P4', 'P5', 'P6', 'P7'],
  );
});

test('event text from outside (SSIDs, BSSIDs) cannot act: link syntax and control characters are neutralised', () => {
  const builder = new TimelineLanesBuilder(AGENT);
  const detail = (id: string, t: string, ssid: string): object => ({
    userSessionId: id,
    agentId: AGENT,
    date: t,
    network: { networkProfile: { type: 'wireless', wirelessProfile: { ssid, bssid: id } } },
  });
  builder.addSessionDetail(detail('a', '2026-11-23 06:00:00', 'Home'));
  builder.addSessionDetail(
    detail('b', '2026-11-23 06:05:00', '[click](command:workbench.action.terminal.new)\u001b[31m'),
  );
  const [ssid] = timelineEvents(builder.lanes(), undefined, 0).filter((e) => e.kind === 'ssid');
  assert.ok(ssid);
  assert.ok(!ssid.text.includes('](') && !ssid.text.includes('\u001b'), ssid.text);
});

test('periods: a quiet stretch splits them, two good sessions end one', () => {
  const mark = (minute: number, grade: SessionMark['grade']): SessionMark => ({
    t: minute * 60_000,
    userSessionId: String(minute),
    pages: 1,
    site: '',
    ...(grade ? { grade } : {}),
  });
  const { periods, isolatedPoor } = poorPeriods([
    mark(0, 'bad'),
    mark(5, 'bad'),
    mark(10, 'ok'),
    mark(15, 'bad'),
    mark(20, 'ok'),
    mark(25, 'ok'),
    mark(30, 'bad'),
    mark(60, 'bad'),
    mark(62, 'bad'),
    mark(64, undefined),
  ]);
  assert.deepEqual(
    periods.map((p) => [p.fromMs / 60_000, p.toMs / 60_000, p.poor, p.sessions]),
    [
      [0, 15, 3, 4],
      [60, 62, 2, 2],
    ],
  );
  assert.equal(isolatedPoor, 1);
});

test('details are read for poor sessions first, then their neighbours, then one per half hour', () => {
  const marks: SessionMark[] = Array.from({ length: 48 }, (_, i) => ({
    t: i * 300_000,
    userSessionId: `s${i}`,
    pages: 1,
    site: '',
    grade: i === 20 || i === 21 ? 'bad' : 'ok',
  }));
  const byNeed = [...marks].sort((a, b) => (a.grade === 'bad' ? 0 : 1) - (b.grade === 'bad' ? 0 : 1) || b.t - a.t);
  const wanted = detailsWanted(byNeed, marks);
  assert.deepEqual(wanted.slice(0, 2), ['s21', 's20']);
  assert.ok(
    ['s16', 's17', 's24', 's25'].every((id) => wanted.includes(id)),
    'neighbours within 20 minutes',
  );
  assert.ok(wanted.includes('s0') && wanted.includes('s6') && wanted.includes('s42'), 'one per half hour');
  assert.ok(!wanted.includes('s1'));
  assert.equal(detailsWanted(byNeed, marks, 3).length, 3);
});

test('VPN off/on is said only when a VPN probed every round falls silent while the gateway keeps reporting', () => {
  const probe = (id: string, type: string, minute: number): object => ({
    networkProbeId: id,
    agentId: AGENT,
    date: new Date(Date.UTC(2026, 10, 23, 6, minute)).toISOString(),
    type,
    target: type === 'vpn' ? '198.51.100.10' : '10.0.0.1',
  });
  const steady = new TimelineLanesBuilder(AGENT);
  // Every 5 minutes for 3 hours, the VPN silent from 60 to 120.
  steady.add(
    'networkProbes',
    Array.from({ length: 36 }, (_, i) => [
      probe(`g${i}`, 'gateway', i * 5),
      ...(i * 5 > 60 && i * 5 < 120 ? [] : [probe(`v${i}`, 'vpn', i * 5)]),
    ]).flat(),
  );
  assert.deepEqual(
    timelineEvents(steady.lanes(), undefined, 0).map((e) => [e.to, new Date(e.t).toISOString().slice(11, 16)]),
    [
      ['off', '07:00'],
      ['on', '08:00'],
    ],
  );
  const sparse = new TimelineLanesBuilder(AGENT);
  // A VPN probed now and then (every 40 minutes or so) is not switching off in between.
  sparse.add(
    'networkProbes',
    Array.from({ length: 36 }, (_, i) => probe(`p${i}`, i % 8 === 0 ? 'vpn' : 'gateway', i * 5)),
  );
  assert.deepEqual(timelineEvents(sparse.lanes(), undefined, 0), []);
});

test('a proxy named with its port in details and by address in probes is one proxy; a real change is one event', () => {
  const builder = new TimelineLanesBuilder(AGENT);
  for (let i = 0; i < 6; i++) {
    const date = new Date(Date.UTC(2026, 10, 23, 6, i * 5)).toISOString();
    const host = i < 4 ? '10.2.0.10' : '10.2.0.11';
    builder.addSessionDetail({
      userSessionId: `s${i}`,
      agentId: AGENT,
      date,
      network: {
        networkProfile: { proxyProfile: { method: 'PAC', proxies: [{ proxy: `${host}:8080`, bypass: '' }] } },
      },
    });
    builder.add('networkProbes', [{ networkProbeId: `p${i}`, agentId: AGENT, date, type: 'proxy', target: host }]);
  }
  const proxy = timelineEvents(builder.lanes(), undefined, 0).filter((e) => e.kind === 'proxy');
  assert.deepEqual(
    proxy.map((e) => e.text),
    ['Proxy changed from 10.2.0.10 to 10.2.0.11'],
  );
});
